"""The talon: every discard for every contract, checked against single solves and by hand."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
import reference
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prefdd.cli.main import main
from prefdd.rules import (
    POLSKT_PASS,
    PREFERANS,
    PRIFFE,
    VIENNA,
    Deal,
    Game,
    InvalidInputError,
    get_contract,
    parse_cards,
)
from prefdd.rules.talon import lay_away, parse_talon_deal, talon_contracts, talon_deal
from prefdd.solver import solve_contract, solve_talon

# One question per column family: the other levels of a suit ask the same of the cards.
PREFERANS_FAMILIES = ("6S", "6C", "6D", "6H", "6NT", "misere")
VIENNA_FAMILIES = ("1", "2", "3", "4", "bettel", "mord")


def random_talon_deal(game: Game, rng: random.Random, declarer: int, seats: int = 3) -> Deal:
    """A random deal whose declarer holds the talon (12 cards), the other two 10 each."""
    deck = sorted(game.deck(seats))
    rng.shuffle(deck)
    hands = [frozenset()] * seats
    active = [(declarer + step) % seats for step in range(3)]
    for i, seat in enumerate(active):
        hands[seat] = frozenset(deck[10 * i:10 * i + 10])
    hands[declarer] |= frozenset(deck[30:32])
    return Deal(tuple(hands))


def check_grid(game: Game, deal: Deal, dealer: int, declarer: int, families: tuple[str, ...]) -> None:
    """Every cell of the grid equals an independent solve of that discard and contract."""
    result = solve_talon(deal, dealer, declarer, grid=True, game=game)
    assert result.grid is not None and result.discards is not None
    assert len(result.discards) == 66
    names = [c.contract.name for c in result.choices]
    for name in families:
        j = names.index(name)
        contract = get_contract(game, name)
        for i, discard in enumerate(result.discards):
            single = solve_contract(lay_away(deal, declarer, discard), contract, dealer, declarer)
            assert result.grid[i, j] == single.tricks, (name, sorted(discard))
    # The choices are the grid's best rows, and the quick search finds the same ones.
    quick = solve_talon(deal, dealer, declarer, game=game)
    for j, (choice, fast) in enumerate(zip(result.choices, quick.choices, strict=True)):
        column = result.grid[:, j]
        want = column.min() if choice.contract.aim.name == "AVOID" else column.max()
        best = {result.discards[i] for i in np.flatnonzero(column == want)}
        assert choice.tricks == fast.tricks == want
        assert set(choice.discards) == set(fast.discards) == best
        assert choice.made == choice.contract.made(int(want), 10)
        assert {d for group in choice.groups for d in group} == best
    made = [c for c in result.choices if c.made]
    assert result.best == (made[-1] if made else None)


def test_grid_agrees_with_single_solves_on_a_preferans_deal() -> None:
    deal = random_talon_deal(PREFERANS, random.Random(11), declarer=1)
    check_grid(PREFERANS, deal, dealer=0, declarer=1, families=PREFERANS_FAMILIES)


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), vienna=st.booleans(), dealer=st.integers(0, 2))
def test_grid_agrees_with_single_solves(seed: int, vienna: bool, dealer: int) -> None:
    game = VIENNA if vienna else PREFERANS
    rng = random.Random(seed)
    declarer = rng.randrange(3)
    deal = random_talon_deal(game, rng, declarer)
    check_grid(game, deal, dealer, declarer, VIENNA_FAMILIES if vienna else PREFERANS_FAMILIES)


def test_threads_give_the_same_answer() -> None:
    deal = random_talon_deal(VIENNA, random.Random(12), declarer=2)
    one = solve_talon(deal, 0, 2, grid=True, game=VIENNA)
    two = solve_talon(deal, 0, 2, grid=True, game=VIENNA, workers=2)
    assert one.grid is not None and two.grid is not None
    assert (one.grid == two.grid).all() and one.choices == two.choices


def test_misere_best_discard_is_not_the_two_highest_cards() -> None:
    # Preferans misère. The declarer (seat 0) holds ♠987 ♥987 ♦8 ♣987 and picks up ♦A ♣T.
    # Seat 1 (eldest hand, on lead) holds ♦KQJT97 ♠JT ♥JT; seat 2 ♠AKQ ♥AKQ ♣AKQJ, no diamond.
    # The obvious discard is the two highest cards, ♦A and ♣T. But the lone ♦8 is then a
    # sure trick: seat 1 leads ♦7, seat 2 has no diamond to overtake with, and the ♦8 wins.
    # The only clean discard is both diamonds: void, the declarer throws a card on every
    # diamond, and in spades, hearts and clubs he holds the lowest cards, under the
    # defenders' higher ones every time. Keeping both diamonds also costs a trick: the ♦A
    # must win the first diamond (the ♦8 can then duck the next).
    deal = parse_talon_deal("987.987.8.987 JT.JT.KQJT97. AKQ.AKQ..AKQJ | ..A.T", PREFERANS, 0)
    result = solve_talon(deal, dealer=0, declarer=0, contracts=[get_contract(PREFERANS, "misere")],
                         grid=True)
    choice = result.choice("misère")
    assert (choice.tricks, choice.made) == (0, True)
    assert choice.discards == (frozenset(parse_cards("DA D8")),)
    assert result.discards is not None and result.grid is not None
    obvious = result.discards.index(frozenset(parse_cards("DA CT")))
    assert result.grid[obvious, 0] == 1
    keeps_both = result.discards.index(frozenset(parse_cards("S9 H9")))
    assert result.grid[keeps_both, 0] == 1


def test_touching_cards_are_one_group() -> None:
    # Seat 1 picks up ♦87 to ♦KQJT9: seven touching diamonds (the ♦A is seat 0's).
    # Laying away any two of them leaves the same play, so the 21 pairs are one group.
    deal = parse_talon_deal("QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87 | ..87.", PREFERANS, 1)
    result = solve_talon(deal, dealer=0, declarer=1, contracts=[get_contract(PREFERANS, "6S")])
    two_diamonds = [g for g in result.choice("6S").groups if all(
        all(c.suit.name == "DIAMONDS" for c in d) for d in g)]
    assert [len(g) for g in two_diamonds] == [21]


def test_contracts_the_declarer_may_name() -> None:
    names = [c.name for c in talon_contracts(PREFERANS)]
    assert names[:5] == ["6S", "6C", "6D", "6H", "6NT"]
    assert names.index("misere") == names.index("8NT") + 1 == names.index("9S") - 1
    after_7h = [c.name for c in talon_contracts(PREFERANS, get_contract(PREFERANS, "7H"))]
    assert after_7h[0] == "7H" and "misere" not in after_7h and "7D" not in after_7h
    assert [c.name for c in talon_contracts(VIENNA, get_contract(VIENNA, "3"))] == ["3", "4"]
    assert [c.name for c in talon_contracts(VIENNA, get_contract(VIENNA, "mord"))] == [
        "mord", "plauderer", "mord-open"]
    assert [c.name for c in talon_contracts(VIENNA)] == list(VIENNA_FAMILIES)
    with pytest.raises(InvalidInputError, match="without the talon"):
        talon_contracts(VIENNA, get_contract(VIENNA, "spiel1"))
    with pytest.raises(InvalidInputError, match="no talon"):
        talon_contracts(PRIFFE)


def test_a_bid_limits_the_choices() -> None:
    deal = random_talon_deal(VIENNA, random.Random(3), declarer=0)
    result = solve_talon(deal, dealer=2, declarer=0, bid=get_contract(VIENNA, "3"))
    assert [c.contract.name for c in result.choices] == ["3", "4"]
    asked = solve_talon(deal, 2, 0, contracts=[get_contract(VIENNA, "mord-open"),
                                               get_contract(VIENNA, "plauderer")])
    assert [c.contract.name for c in asked.choices] == ["plauderer", "mord-open"]
    with pytest.raises(InvalidInputError, match="may not name 1"):
        solve_talon(deal, 2, 0, bid=get_contract(VIENNA, "3"), contracts=[get_contract(VIENNA, "1")])


@pytest.mark.parametrize("change, message", [
    (lambda h: (h[0] - {min(h[0])}, h[1], h[2]), "holds 11 cards"),
    (lambda h: (h[0], h[1] | {min(h[0])}, h[2]), "appears twice"),
    (lambda h: (h[0], h[1], frozenset()), "two defenders"),
])
def test_bad_talon_deals(change, message) -> None:
    deal = random_talon_deal(PREFERANS, random.Random(5), declarer=0)
    with pytest.raises(InvalidInputError, match=message):
        solve_talon(Deal(change(deal.hands)), 0, 0, game=PREFERANS)
    with pytest.raises(InvalidInputError, match="name the game"):
        solve_talon(deal, 0, 0)


def test_talon_deal_from_hand_talon_and_defenders() -> None:
    hand, talon = frozenset(parse_cards("SA SK SQ SJ ST S9 S8 S7 HA HK")), frozenset(parse_cards("DA CA"))
    rest = sorted(PREFERANS.deck(3) - hand - talon)
    deal = talon_deal(PREFERANS, 1, hand, talon, [frozenset(rest[:10]), frozenset(rest[10:])])
    assert [len(h) for h in deal.hands] == [10, 12, 10]
    assert deal.hands[2] == frozenset(rest[:10])
    result = solve_talon(deal, dealer=0, declarer=1, game=PREFERANS)
    assert result.best is not None and result.best.contract.name == "10NT"  # he leads: eight spades, two aces
    with pytest.raises(InvalidInputError, match="talon has 1 card,"):
        talon_deal(PREFERANS, 1, hand, frozenset(parse_cards("DA")), [])


def _reference_hands(deal: Deal) -> list[list[str]]:
    return [[str(c) for c in sorted(hand)] for hand in deal.hands]


@pytest.mark.parametrize("seats, seed", [(3, 1), pytest.param(3, 2, marks=pytest.mark.slow),
                                         pytest.param(4, 3, marks=pytest.mark.slow),
                                         pytest.param(4, 4, marks=pytest.mark.slow)])
def test_polskt_pass_discard_against_the_reference(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    deck = sorted(POLSKT_PASS.deck(seats))
    rng.shuffle(deck)
    dealer = rng.randrange(seats)
    hands = [frozenset(deck[5 * s:5 * s + 5]) for s in range(seats)]
    hands[dealer] |= {deck[5 * seats]}
    deal = Deal(tuple(hands))
    result = solve_talon(deal, dealer, dealer, grid=True, game=POLSKT_PASS)
    assert result.grid is not None and result.wins is not None and result.discards is not None
    leader = (dealer + 1) % seats
    for j, choice in enumerate(result.choices):
        trump = choice.contract.name
        for i, discard in enumerate(result.discards):
            hands = _reference_hands(lay_away(deal, dealer, discard))
            args = ("polskt-pass", hands, trump, leader, [], {"follow"}, dealer)
            assert result.wins[i, j] == reference.solve(*args, "win", {dealer})
            assert result.grid[i, j] == reference.solve(*args, "max", {dealer})
        best = max(zip(result.wins[:, j], result.grid[:, j], strict=True))
        assert (choice.made, choice.tricks) == (bool(best[0]), best[1])
        assert set(choice.discards) == {d for d, w, t in zip(result.discards, result.wins[:, j],
                                                              result.grid[:, j], strict=True)
                                        if (w, t) == best}


def test_polskt_pass_six_card_hand() -> None:
    # Seat 0 deals himself six: the four jacks, ♥A and ♠9; hearts are trumps. Laying away
    # ♠9 leaves the five top trumps: all five tricks. Laying away a trump instead still
    # wins, but the ♠9 then loses a trick: four.
    deal = parse_talon_deal("J9.AJ.J.J AKQT.K.. .QT9.AK.", POLSKT_PASS, 0)
    result = solve_talon(deal, dealer=0, declarer=0, contracts=[get_contract(POLSKT_PASS, "H")],
                         grid=True)
    choice = result.choice("h")
    assert (choice.made, choice.tricks) == (True, 5)
    assert choice.discards == (frozenset(parse_cards("S9")),)
    assert result.grid is not None and result.wins is not None
    assert sorted(result.grid[:, 0].tolist()) == [4, 4, 4, 4, 4, 5]
    assert result.wins.all()


# The command line: a table for people, JSON for programs, one-line errors.

DECLARER_1 = ["--hand", "KJ.7.KQJT9.A9", "--talon", "..87.", "--defenders",
              "A98.AT98..T87 QT7.KQJ.A.KQJ", "--dealer", "0"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_cli_table_for_people() -> None:
    result = run("talon", "preferans", *DECLARER_1)
    assert result.exit_code == 0, result.output
    assert "declarer   ♠KJ ♥7 ♦KQJT987 ♣A9" in result.output
    row = next(line for line in result.output.splitlines() if line.strip().startswith("6♦-10♦"))
    assert row.split()[1:3] == ["7", "7♦"] and "♠KJ" in row
    assert "Highest contract that makes: 7♦, 7 tricks, laying away ♠KJ." in result.output


def test_cli_json_and_grid_match_the_api() -> None:
    result = run("talon", "preferans", *DECLARER_1, "--json", "--grid", "--contract", "6D",
                 "--contract", "misere")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    deal = parse_talon_deal("QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87 | ..87.", PREFERANS, 1)
    api = solve_talon(deal, 0, 1, contracts=[get_contract(PREFERANS, "6D"),
                                             get_contract(PREFERANS, "misere")], grid=True)
    assert [c["contract"] for c in data["choices"]] == ["6D", "misere"]
    assert [c["tricks"] for c in data["choices"]] == [c.tricks for c in api.choices]
    assert data["best"] == "6D"
    assert {frozenset(d) for d in data["choices"][0]["discards"]} == {
        frozenset(map(str, d)) for d in api.choices[0].discards}
    assert api.grid is not None
    assert data["grid"]["tricks"] == api.grid.tolist()
    assert len(data["grid"]["discards"]) == 66


def test_cli_whole_deal_form_finds_the_declarer() -> None:
    # The 12-card hand (seat 1) declares; the same answer as the --hand form.
    whole = run("talon", "preferans", "QT7.KQJ.A.KQJ KJ.7.KQJT987.A9 A98.AT98..T87", "--dealer", "0",
                "--json")
    split = run("talon", "preferans", *DECLARER_1, "--json")
    assert whole.exit_code == 0, whole.output
    assert json.loads(whole.output)["choices"] == json.loads(split.output)["choices"]
    cards = run("talon", "preferans", *DECLARER_1[:2], "--talon", "D8 D7", *DECLARER_1[4:], "--json")
    assert json.loads(cards.output)["choices"] == json.loads(split.output)["choices"]
    talon = run("talon", "preferans", "QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87 | ..87.",
                "--dealer", "0", "--declarer", "1", "--json")
    assert json.loads(talon.output)["choices"] == json.loads(split.output)["choices"]


def test_cli_polskt_pass() -> None:
    result = run("talon", "polskt-pass", "--hand", "J9.AJ.J.J", "--defenders", "AKQT.K.. .QT9.AK.",
                 "--dealer", "0", "--contract", "H")
    assert result.exit_code == 0, result.output
    assert "♥ trumps        5   wins   ♠9" in result.output
    assert "Seat 0 wins the deal with ♥ trumps." in result.output


@pytest.mark.parametrize("args, message", [
    (["--hand", "KJ.7.KQJT9.A", "--talon", "..87.", "--defenders", "A98.AT98..T87 QT7.KQJ.A.KQJ"],
     "the declarer's hand has 9 cards, not 10"),
    (["--hand", "KJ.7.KQJT9.A9", "--talon", "..8.", "--defenders", "A98.AT98..T87 QT7.KQJ.A.KQJ"],
     "the talon has 1 card, not 2"),
    (["--hand", "KJ.7.KQJT9.A9", "--talon", "..A8.", "--defenders", "A98.AT98..T87 QT7.KQJ.A.KQJ"],
     "card DA appears twice"),
    (["--hand", "KJ.7.KQJT9.A9", "--talon", "..9.8", "--defenders", "A98.AT98..T87 QT7.KQJ.A.KQJ"],
     "card D9 appears twice: in the hand and the talon"),
    (["--hand", "KJ.7.KQJT9.A9", "--talon", "..87.", "--defenders", "A98.AT98..T87"],
     "give the two defenders' hands"),
    (["--hand", "KJ.7.KQJT9.A9", "--talon", "..87.", "--defenders", "A98.AT98..T87 QT7.KQJ.A.KQJ",
      "--bid", "misere", "--contract", "6S"], "may not name 6S after the bid misere"),
    (["QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87"], "the talon has 0 cards, not 2"),
    (["QT7.KQJ.A.KQJ KJ.7.KQJT987.A9 A98.AT98..T87", "--declarer", "0"],
     "hand 1 holds 12 cards: only the declarer (seat 0)"),
])
def test_cli_errors_are_one_line(args: list[str], message: str) -> None:
    result = run("talon", "preferans", *args, "--dealer", "0")
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("prefdd: error: ")
    assert message in lines[0]
