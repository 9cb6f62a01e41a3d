"""Contracts: each game's own rules decide who leads, who plays, which constraints hold."""

from __future__ import annotations

import random

import pytest
import reference
from hypothesis import given, settings
from hypothesis import strategies as st

from prefdd.rules import (
    CONTRACTS,
    POLSKT_PASS,
    PREFERANS,
    PRIFFE,
    VIENNA,
    Constraint,
    Deal,
    InvalidInputError,
    Suit,
    format_hand,
    get_contract,
    parse_cards,
    parse_deal,
)
from prefdd.solver import FAMILIES, score, solve, solve_contract, table

DEAL1 = "QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87"
PBN = "N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765"


def test_the_issue_names_every_contract() -> None:
    names = {game: set(table) for game, table in CONTRACTS.items()}
    assert {f"{n}{t}".lower() for n in range(6, 11) for t in ("S", "C", "D", "H", "NT")} | {
        "misere", "allpass"} == names["preferans"]
    assert {"1", "2", "3", "4", "spiel1", "spiel2", "spiel3", "hearts", "bettel", "bettel-ohne",
            "mord", "mord-ohne", "plauderer", "plauderer-ohne", "mord-open", "mord-open-ohne",
            "allpass"} == names["vienna"]
    assert names["polskt-pass"] == {"s", "h", "d", "c"}
    assert names["priffe"] == {"ruter", "hjarter", "nolla", "priffe", "passnolla"}


def test_first_leader_by_game() -> None:
    # Dealer 2 in a three-hand deal: eldest hand is seat 0.
    preferans = get_contract(PREFERANS, "6S").setup(parse_deal(DEAL1, PREFERANS), 2, 1)
    assert preferans.position.leader == 0  # Preferans: eldest hand leads, whoever declares
    vienna = get_contract(VIENNA, "1").setup(parse_deal(DEAL1, VIENNA), 2, 1)
    assert vienna.position.leader == 1  # Vienna: the declarer leads
    deal = parse_deal(PBN, PRIFFE)
    assert get_contract(PRIFFE, "ruter").setup(deal, 3, 0).position.leader == 0  # eldest (N)
    assert get_contract(PRIFFE, "priffe").setup(deal, 3, 0).position.leader == 3  # N's RHO: W
    assert get_contract(PRIFFE, "priffe").setup(deal, 3, 2).position.leader == 1  # S's RHO: E
    # All-pass: Vienna's dealer leads at a three-player table, eldest hand at four.
    allpass = get_contract(VIENNA, "allpass")
    assert allpass.setup(parse_deal(DEAL1, VIENNA), 2).position.leader == 2
    four = parse_deal("- " + DEAL1, VIENNA)
    assert allpass.setup(four, 0).position.leader == 1
    assert get_contract(PREFERANS, "allpass").setup(parse_deal(DEAL1, PREFERANS), 2).position.leader == 0


def test_the_leader_decides_the_answer() -> None:
    # The same deal and spade trumps: led by seat 1 the defenders take all ten tricks
    # (a classic problem); led by the declarer himself (as in Vienna), he takes tricks.
    deal = parse_deal(DEAL1, PREFERANS)
    assert solve_contract(deal, get_contract(PREFERANS, "6S"), dealer=0, declarer=0).tricks == 0
    vienna = solve_contract(parse_deal(DEAL1, VIENNA), get_contract(VIENNA, "2"), dealer=2, declarer=0)
    assert vienna.play.position.leader == 0 and vienna.tricks > 0


def test_lowest_winner_applies_only_with_both_defenders_in_suit_contracts() -> None:
    # Clubs are trumps in contract 1, but nobody holds a club. Seat 0 declares and leads.
    # Seat 1 holds ♦A ♦T over the declarer's ♦9: with the duty (both defenders play) it
    # must win with ♦T, seat 2 must overtake with ♦J and then lead hearts into ♥K: one
    # trick. Staying home, seat 2's hand is out of play and the duty lapses; in bettel
    # there is no duty at all.
    deal = parse_deal(".K9.9. Q..AT. .AJ.J.", VIENNA)
    both = solve_contract(deal, get_contract(VIENNA, "1"), dealer=2, declarer=0)
    assert Constraint.LOWEST_WINNER in both.play.position.constraints
    assert both.tricks == 1
    plain = solve_contract(deal, get_contract(VIENNA, "1"), dealer=2, declarer=0,
                           rules=Constraint.parse("follow,head"))
    assert plain.tricks == 0  # seat 1 wins with ♦A and cashes ♠Q and ♦T
    home = solve_contract(deal, get_contract(VIENNA, "1"), dealer=2, declarer=0, home=2)
    assert home.play.position.seats == (0, 1)
    assert Constraint.LOWEST_WINNER not in home.play.position.constraints
    bettel = get_contract(VIENNA, "bettel").setup(deal, 2, 0)
    assert Constraint.LOWEST_WINNER not in bettel.position.constraints


def test_stay_home_is_two_handed_play() -> None:
    # Seat 2 stays home in contract 3: the play is the declarer against seat 1 alone,
    # exactly as if seat 2's hand were out of play from the start.
    deal = parse_deal(DEAL1, VIENNA)
    home = solve_contract(deal, get_contract(VIENNA, "3"), dealer=1, declarer=0, home=2)
    two_handed = parse_deal("QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 - | A98.AT98..T87", VIENNA)
    alone = solve_contract(two_handed, get_contract(VIENNA, "3"), dealer=1, declarer=0)
    assert home.tricks == alone.tricks
    with pytest.raises(InvalidInputError, match="both defenders play"):
        solve_contract(deal, get_contract(VIENNA, "mord"), dealer=1, declarer=0, home=2)
    with pytest.raises(InvalidInputError, match="not a defender"):
        solve_contract(deal, get_contract(VIENNA, "3"), dealer=1, declarer=0, home=0)


def test_vienna_declarer_may_name_a_higher_trump_only() -> None:
    deal = parse_deal(DEAL1, VIENNA)
    play = get_contract(VIENNA, "2").setup(deal, 2, 0, trump=Suit.HEARTS)
    assert play.position.trump == Suit.HEARTS
    with pytest.raises(InvalidInputError, match="or a higher trump"):
        get_contract(VIENNA, "2").setup(deal, 2, 0, trump=Suit.CLUBS)
    with pytest.raises(InvalidInputError, match="fixes the trump"):
        get_contract(PREFERANS, "6S").setup(parse_deal(DEAL1, PREFERANS), 2, 0, trump=Suit.HEARTS)


def test_outcome_made_or_failed_by_how_much() -> None:
    deal = parse_deal(PBN, PRIFFE)
    result = solve_contract(deal, get_contract(PRIFFE, "priffe"), dealer=3, declarer=0)
    assert (result.tricks, result.made, result.margin) == (10, True, 3)
    nolla = solve_contract(deal, get_contract(PRIFFE, "nolla"), dealer=3, declarer=1)
    assert (nolla.tricks, nolla.made, nolla.margin) == (4, True, 2)  # E/W held to 4 of 6 allowed
    misere = solve_contract(parse_deal(DEAL1, PREFERANS), get_contract(PREFERANS, "misere"), 2, 0)
    assert misere.made is (misere.tricks == 0)
    assert get_contract(PREFERANS, "7NT").defenders_need == 2


def test_passnolla_answers_for_the_first_seats_side() -> None:
    deal = parse_deal(PBN, PRIFFE)
    result = solve_contract(deal, get_contract(PRIFFE, "passnolla"), dealer=3)
    assert result.play.position.declarer is None and result.solution.seats == (0, 2)
    # N/S and E/W both want few tricks; N/S cannot avoid what nolla by N/S could not.
    assert result.tricks == solve_contract(deal, get_contract(PRIFFE, "nolla"), 3, 0).tricks


def random_deal(game, hands: int, size: int, seed: int) -> Deal:
    deck = sorted(game.deck(hands))
    random.Random(seed).shuffle(deck)
    return Deal(tuple(frozenset(deck[i * size:(i + 1) * size]) for i in range(hands)))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 4), dealer=st.integers(0, 2),
       game=st.sampled_from([PREFERANS, VIENNA]))
def test_all_pass_per_player_equals_the_reference(seed: int, size: int, dealer: int, game) -> None:
    deal = random_deal(game, 3, size, seed)
    result = solve_contract(deal, get_contract(game, "allpass"), dealer)
    position = result.play.position
    assert result.tricks_by_seat is not None
    for seat, tricks in result.tricks_by_seat.items():
        expected = reference.solve(
            game.name, [[str(c) for c in sorted(h)] for h in deal.hands], None, position.leader, [],
            {c.name.lower() for c in Constraint if c in position.constraints and c.value}, None,
            "min", {seat})
        assert tricks == expected


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 3), dealer=st.integers(0, 3),
       trump=st.sampled_from("SHDC"))
def test_polskt_pass_per_player_equals_the_reference(seed: int, size: int, dealer: int,
                                                     trump: str) -> None:
    deal = random_deal(POLSKT_PASS, 4, size, seed)
    result = solve_contract(deal, get_contract(POLSKT_PASS, trump), dealer)
    assert result.wins is not None
    hands = [[str(c) for c in sorted(h)] for h in deal.hands]
    for seat, wins in result.wins.items():
        assert wins == reference.solve("polskt-pass", hands, trump, result.play.position.leader,
                                       [], {"follow"}, None, "win", {seat})
    assert result.made == result.wins[result.play.position.declarer]


@pytest.mark.parametrize("game,deal", [
    (PREFERANS, DEAL1), (VIENNA, DEAL1), (PRIFFE, PBN),
    (POLSKT_PASS, "J..QT9.J AKQT9... ..AK.AKQ .AKQT9.."),
])
def test_table_equals_single_solves(game, deal: str) -> None:
    the_deal = parse_deal(deal, game)
    result = table(the_deal, game, dealer=1)
    for i, seat in enumerate(result.seats):
        for j, family in enumerate(FAMILIES[game.name]):
            single = solve_contract(the_deal, get_contract(game, family), dealer=1, declarer=seat,
                                    player=seat)
            expected = int(single.wins[seat]) if single.wins is not None else single.tricks
            assert result.tricks[i, j] == expected, (seat, family)


def test_table_of_random_priffe_deals_equals_single_solves() -> None:
    rng = random.Random(5)
    deck = sorted(PRIFFE.deck(4))
    rng.shuffle(deck)
    # An eight-card ending keeps this quick; the sharing logic is the same as for 13 cards.
    pbn = "N:" + " ".join(format_hand(deck[i * 8:(i + 1) * 8]) for i in range(4))
    the_deal = parse_deal(pbn, PRIFFE)
    result = table(the_deal, PRIFFE, dealer=2)
    for i, seat in enumerate(result.seats):
        for j, family in enumerate(FAMILIES["priffe"]):
            play = get_contract(PRIFFE, family).setup(the_deal, 2, seat)
            assert result.tricks[i, j] == solve(play.position, seat, minimise=play.minimise).tricks


def test_priffe_honours_are_counted_from_the_hands() -> None:
    # Hearts trump: E holds ♥A K Q and S ♥J, so E/W hold three honours: 20 points,
    # whatever the play. N/S make hjärter with nine tricks: three odd tricks, 30 points.
    result = solve_contract(parse_deal(PBN, PRIFFE), get_contract(PRIFFE, "hjarter"), dealer=3,
                            declarer=2, line=True)
    ours, theirs = score(result)
    assert (result.tricks, ours.trick_points, ours.honour_points) == (9, 30, 0)
    assert (theirs.trick_points, theirs.honour_points) == (0, 20)


def test_preferans_score_of_a_failed_contract() -> None:
    # 6NT by seat 0 makes 3 tricks: three under at 2 a trick is 6 dump points (Sochi),
    # and each defender writes 2 per undertrick plus 2 per trick he took on the declarer.
    result = solve_contract(parse_deal(DEAL1, PREFERANS), get_contract(PREFERANS, "6NT"), dealer=2,
                            declarer=0, line=True)
    scores = score(result)
    taken = [sum(t.winner == seat for t in result.solution.line) for seat in range(3)]
    assert result.tricks == 3 and scores[0].dump == 6
    assert [s.whists[0] for s in scores[1:]] == [2 * 3 + 2 * taken[1], 2 * 3 + 2 * taken[2]]


def test_no_score_for_an_ending() -> None:
    deal = parse_deal("AKQ... 987... JT.7..", PREFERANS)
    result = solve_contract(deal, get_contract(PREFERANS, "6S"), dealer=2, declarer=0, line=True)
    assert score(result) is None


def test_all_pass_talon_leads() -> None:
    # One card each, dealer 2 so seat 0 is eldest. Normally seat 0 must lead its ♠A and
    # take the trick. With the talon option the turned ♣7 starts the trick: nobody holds a
    # club, the talon card cannot win, so nobody takes it.
    deal = parse_deal("A... .A.. ..A. | ...7", PREFERANS)
    allpass = get_contract(PREFERANS, "allpass")
    assert solve_contract(deal, allpass, dealer=2).tricks_by_seat == {0: 1, 1: 0, 2: 0}
    talon = tuple(parse_cards("C7"))
    assert solve_contract(deal, allpass, dealer=2, talon_leads=talon).tricks_by_seat == {0: 0, 1: 0, 2: 0}


def test_talon_card_cannot_win_and_eldest_leads_the_next_tricks() -> None:
    # Two cards each; the talon ♠8 then ♥9 start tricks 1 and 2, each player following
    # from eldest hand (seat 0). Trick 1: ♠A beats seat 1's ♠7 (the ♠8 does not count).
    # Trick 2: seat 0's ♥7 and seat 1's ♥8 follow the ♥9; ♥8 wins though lower than the
    # talon card. Seat 2 holds no spade or heart and takes nothing.
    deal = parse_deal("A.7.. 7.8.. ..87. | 8.9..", PREFERANS)
    result = solve_contract(deal, get_contract(PREFERANS, "allpass"), dealer=2,
                            talon_leads=tuple(parse_cards("S8 H9")), line=True)
    assert result.tricks_by_seat == {0: 1, 1: 1, 2: 0}
    assert [(t.talon and str(t.talon), t.winner) for t in result.solution.line] == [("S8", 0), ("H9", 1)]


def test_talon_leads_are_checked() -> None:
    deal = parse_deal("A.7.. 7.8.. ..87. | 8.9..", PREFERANS)
    with pytest.raises(InvalidInputError, match="talon card SA is in a hand"):
        solve_contract(deal, get_contract(PREFERANS, "allpass"), 2, talon_leads=tuple(parse_cards("SA")))
    with pytest.raises(InvalidInputError, match="option of Preferans all-pass only"):
        solve_contract(deal, get_contract(PREFERANS, "misere"), 2, 0, talon_leads=tuple(parse_cards("S8")))


def test_all_pass_talon_leads_agree_with_playing_them_out() -> None:
    # After the two talon tricks are played, the engine alone answers; the value at the
    # start must be the best over every way of playing the talon tricks (checked through
    # the card values of eldest hand's first card).
    deal = parse_deal(DEAL1, PREFERANS)
    play = get_contract(PREFERANS, "allpass").setup(deal, 2, talon_leads=tuple(parse_cards("D8 D7")))
    first = solve(play.position, 0, minimise=True, card_values=True)
    assert first.cards is not None
    assert first.tricks == min(first.cards.values())
    for card, value in first.cards.items():
        assert solve(play.position.play([card]), 0, minimise=True).tricks == value


def test_vienna_invitation_both_play_and_the_inviter_is_paid_for_both() -> None:
    # An invitation changes nobody's cards: both defenders play (the lowest-winner duty
    # holds), so the tricks are as with both going with; only the payment differs.
    deal = parse_deal(DEAL1, VIENNA)
    contract = get_contract(VIENNA, "3")
    both = solve_contract(deal, contract, dealer=1, declarer=0, line=True)
    invited = solve_contract(deal, contract, dealer=1, declarer=0, invite=1, line=True)
    assert invited.tricks == both.tricks
    assert Constraint.LOWEST_WINNER in invited.play.position.constraints
    taken = [sum(t.winner == s for t in invited.solution.line) for s in range(3)]
    payments = score(invited).payments
    assert payments[1].from_players == 2 * (taken[1] + taken[2])  # 2 units a trick at pot 20
    assert payments[2].from_players == 0
    with pytest.raises(InvalidInputError, match="cannot invite"):
        solve_contract(deal, get_contract(VIENNA, "bettel"), dealer=1, declarer=0, invite=1)
