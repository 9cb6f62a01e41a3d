"""Card-by-card analysis of played deals.

- Property: on random small deals of every game, every contract and random
  legal plays, each card's value before and after equals the brute-force
  reference's value of that position solved from scratch, and the cost and
  best cards follow from the values; an analysis by the positions' values
  (the default) judges every card as one by every card's value.
- Hand-worked deals, one per game, where a known mistake is marked with its cost.
"""

from __future__ import annotations

import os
from dataclasses import replace

import reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prefdd.rules import (
    CONTRACTS,
    GAMES,
    POLSKT_PASS,
    PREFERANS,
    PRIFFE,
    VIENNA,
    Aim,
    Constraint,
    Deal,
    Position,
    get_contract,
    parse_cards,
    parse_deal,
    parse_play,
)
from prefdd.solver import analyse, analyse_contract, solve

# Cards per hand: small enough for the brute-force reference.
HAND_SIZE = {"preferans": 4, "vienna": 4, "polskt-pass": 3, "priffe": 3}
EXAMPLES = int(os.environ.get("PREFDD_EXAMPLES", "60"))


@st.composite
def played_deals(draw):
    """A contract set up on a random small deal of its game, with a random legal play."""
    game = draw(st.sampled_from([GAMES[name] for name in sorted(GAMES)]))
    contracts = sorted(CONTRACTS[game.name].values(), key=lambda c: c.name)
    contract = draw(st.sampled_from(contracts))
    hands = 4 if game in (POLSKT_PASS, PRIFFE) else 3
    size = HAND_SIZE[game.name]
    deck = draw(st.permutations(sorted(game.deck(hands))))
    deal = Deal(tuple(frozenset(deck[i * size:(i + 1) * size]) for i in range(hands)))
    dealer = draw(st.integers(0, hands - 1))
    declarer = draw(st.integers(0, hands - 1))
    home = None
    if contract.defenders_choose and draw(st.booleans()):
        home = draw(st.sampled_from([s for s in range(hands) if s != declarer]))
    start = contract.setup(deal, dealer, declarer, home=home).position
    played = []
    position = start
    for _ in range(draw(st.integers(1, size * len(start.seats)))):
        legal = sorted(position.legal_cards())
        if not legal:
            break
        played.append(draw(st.sampled_from(legal)))
        position = start.play(played)
    return contract.setup(deal, dealer, declarer, home=home, played=tuple(played))


def reference_value(position: Position, seats: tuple[int, ...], goal: str) -> int | bool:
    """The reference's value of `position` for `seats`, solved from scratch."""
    assert position.constraints is not None
    return reference.solve(
        game=position.game.name,
        hands=[[str(c) for c in hand] for hand in position.deal.hands],
        trump=None if position.trump is None else position.trump.letter,
        leader=position.leader,
        played=[str(c) for c in position.played],
        constraints={c.name.lower() for c in Constraint if c in position.constraints and c.value},
        declarer=position.declarer,
        goal=goal,
        side=set(seats),
    )


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(play=played_deals())
def test_each_card_agrees_with_solving_its_positions_from_scratch(play) -> None:
    result = analyse(play, card_values=True)
    final = play.position
    start = replace(final, played=())
    assert [c.card for c in result.cards] == list(final.played)
    contract = play.contract
    for index, judged in enumerate(result.cards):
        before = start.play(final.played[:index])
        after = start.play(final.played[:index + 1])
        assert judged.seat == before.to_play
        assert judged.trick == len(before.tricks)
        if contract.aim is Aim.EACH_AVOIDS:  # each card for its own player
            goal, wants_high = "min", False
            assert judged.seats == (judged.seat,)
        else:  # the declarer's side (Polskt pass: whether the declarer wins the deal)
            goal = "win" if contract.aim is Aim.WIN_DEAL else "min" if play.minimise else "max"
            wants_high = (judged.seat in judged.seats) != play.minimise
        assert judged.before == reference_value(before, judged.seats, goal)
        assert judged.after == reference_value(after, judged.seats, goal)
        gain = int(judged.after) - int(judged.before)
        assert judged.cost == (-gain if wants_high else gain) >= 0
        # Every legal card is in exactly one group; the best groups hold the best value.
        grouped = [card for group in judged.values for card in group.cards]
        assert sorted(grouped) == sorted(before.legal_cards())
        for group in judged.values:  # equivalent cards: each one has the group's value
            for card in group.cards:
                assert reference_value(before.play([card]), judged.seats, goal) == group.value, card
        assert judged.best == tuple(g.cards for g in judged.values if g.value == judged.before)
        assert judged.best and (judged.cost == 0) == any(judged.card in g for g in judged.best)
        # The engine agrees with the reference on the value before the card.
        solution = solve(before, judged.seat if result.per_player else play.seat,
                         minimise=goal == "min")
        assert (solution.wins if goal == "win" else solution.tricks) == judged.before
    if not result.per_player:  # one point of view: the value after a card is the next one's before
        for first, second in zip(result.cards, result.cards[1:], strict=False):
            assert first.after == second.before
    assert sum(result.lost_by_seat.values()) == sum(c.cost for c in result.cards)


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(play=played_deals())
def test_an_analysis_by_positions_judges_as_one_by_every_card(play) -> None:
    every = analyse(play, card_values=True)
    result = analyse(play)
    assert result.play == every.play and len(result.cards) == len(every.cards)
    for judged, full in zip(result.cards, every.cards, strict=True):
        if judged.cost:  # a costly card has its best cards instead and every card's value
            assert judged == full
        else:
            assert judged == replace(full, best=None, values=None)


# Hand-worked deals: each has one mistake whose cost can be seen by hand.

def test_preferans_trumps_first() -> None:
    # 6♠, declarer seat 0 (dealer 2, so seat 0 leads). Three cards each:
    #   seat 0: ♠A ♥A ♥K        seat 1: ♠7 ♦A ♦K        seat 2: ♦Q ♦J ♣7
    # ♠A first draws seat 1's only trump, and ♥A ♥K win the last two tricks: 3 tricks.
    # The declarer leads ♥A instead: seat 1, void in hearts, must trump with ♠7 and leads
    # ♦A, which the declarer must ruff with ♠A; ♥K wins the last trick: 2 tricks. The ♥A
    # costs one trick, and ♠A was the card.
    deal = parse_deal("A.AK.. 7..AK. ..QJ.7", PREFERANS)
    result = analyse_contract(deal, get_contract(PREFERANS, "6S"), dealer=2, declarer=0,
                              played=parse_play("HA S7 DJ / DA DQ SA / HK DK C7", 3))
    first = result.cards[0]
    assert (first.seat, first.before, first.after, first.cost) == (0, 3, 2, 1)
    assert [[c.symbol for c in g] for g in first.best] == [["♠A"]]
    assert [[c.symbol for c in g.cards] for g in first.values] == [["♠A"], ["♥A", "♥K"]]
    assert result.lost_by_seat == {0: 1, 1: 0, 2: 0}
    assert [c.after for c in result.cards] == [2] * 9


def test_vienna_lead_the_high_trump() -> None:
    # Contract 1 (♣ trumps), declarer seat 1 leads; both defenders play, so seat 2 (the
    # declarer's left) has the lowest-winner duty, and everyone must beat the trick (head).
    #   seat 0: ♠9 ♥J ♦Q        seat 1: ♣Q ♣J ♣8        seat 2: ♠K ♣K ♣T
    # ♣Q (or ♣J) first: seat 2 must take it with ♣K; then the declarer's ♣J beats ♣T
    # and his last trump ruffs ♠K, or ♣8 ruffs ♠K and ♣J wins the last: 2 tricks.
    # The declarer leads ♣8: seat 2 must win with its lowest winner ♣T, keeps ♣K over the
    # declarer's ♣Q ♣J, cashes it and leads ♠K for the declarer to ruff: 1 trick.
    deal = parse_deal("9.J.Q. ...QJ8 K...KT", VIENNA)
    result = analyse_contract(deal, get_contract(VIENNA, "1"), dealer=1, declarer=1,
                              played=parse_play("C8 CT DQ / CK S9 CJ / SK HJ CQ", 3), card_values=True)
    first, second = result.cards[:2]
    assert (first.seat, first.before, first.after, first.cost) == (1, 2, 1, 1)
    assert [[c.symbol for c in g] for g in first.best] == [["♣Q", "♣J"]]
    assert [[c.symbol for c in g.cards] for g in second.values] == [["♣T"]]  # the duty
    assert result.lost_by_seat == {0: 0, 1: 1, 2: 0}


def test_polskt_pass_the_trump_lead_that_gives_the_deal_away() -> None:
    # Hearts trump; the jacks are the top trumps (♣J, then ♥J here). Declarer seat 3,
    # dealer 3, so seat 0 leads.
    #   seat 0: ♥K ♥Q ♦9    seat 1: ♠A ♥J ♣Q    seat 2: ♠T ♦T ♣9    seat 3: ♣J ♦A ♦K
    # Seat 0's two trumps must wait to ruff the declarer's diamonds. A diamond lead does
    # it: if the declarer spends ♣J over seat 1's ♥J, seat 0 ruffs ♦A and cashes ♥Q; if
    # not, seat 1 wins trick 1 and seat 0 ruffs a diamond. The declarer never gets two
    # tricks first. Seat 0 leads ♥Q instead: the declarer must follow trumps with ♣J and
    # wins, and ♦A wins the second trick (seat 0 follows ♦9): first to two, he wins.
    deal = parse_deal(".KQ.9. A.J..Q T..T.9 ..AK.J", POLSKT_PASS)
    result = analyse_contract(deal, get_contract(POLSKT_PASS, "H"), dealer=3, declarer=3,
                              played=parse_play("HQ HJ ST CJ / DK D9 CQ DT / DA HK SA C9", 4))
    first = result.cards[0]
    assert (first.seat, first.before, first.after, first.cost) == (0, False, True, 1)
    assert [[c.symbol for c in g] for g in first.best] == [["♦9"]]
    assert result.lost_by_seat == {0: 1, 1: 0, 2: 0, 3: 0}
    assert result.cards[-1].after is True


def test_priffe_draw_trumps_before_cashing() -> None:
    # Ruter (♦ trumps), declarer W, dealer N, so E (W's partner) leads.
    #   N: ♥K5 ♦T    E: ♠A ♦87    S: ♠T ♣J8    W: ♠Q ♥2 ♦Q
    # E leads a trump: W's ♦Q draws N's ♦T, then W's ♥2 is ruffed by E and ♠A wins the
    # last: all 3 tricks. E cashes ♠A first: W must follow with ♠Q and N, void in
    # spades, ruffs with ♦T, so E/W take 2.
    deal = parse_deal("N:.K5.T. A..87. T...J8 Q.2.Q.", PRIFFE)
    result = analyse_contract(deal, get_contract(PRIFFE, "ruter"), dealer=0, declarer=3,
                              played=parse_play("SA ST SQ DT / H5 D8 C8 H2 / D7 CJ DQ HK", 4))
    first = result.cards[0]
    assert (first.seat, first.seats, first.before, first.after, first.cost) == (1, (1, 3), 3, 2, 1)
    assert [[c.symbol for c in g] for g in first.best] == [["♦8", "♦7"]]
    assert result.lost_by_seat == {0: 0, 1: 1, 2: 0, 3: 0}


def test_all_pass_each_card_for_its_own_player() -> None:
    # Preferans all-pass, dealer 2, so seat 0 leads; no trump, everyone wants few tricks.
    #   seat 0: ♠K ♣9 ♣7        seat 1: ♦J ♦8 ♦7        seat 2: ♠T ♥T ♣J
    # Seat 0 must win a trick with ♠K whatever happens: cashing it first, he then leads
    # ♣7 under seat 2's ♣J and takes 1 trick. Leading ♣7 first lets seat 2 win ♣J and
    # exit with ♠T under the ♠K, and seat 0 must win the last trick with ♣9 too: 2.
    deal = parse_deal("K...97 ..J87. T.T..J", PREFERANS)
    result = analyse_contract(deal, get_contract(PREFERANS, "allpass"), dealer=2,
                              played=parse_play("C7 D7 CJ / ST SK DJ / C9 D8 HT", 3))
    assert result.per_player
    first = result.cards[0]
    assert (first.seat, first.seats, first.before, first.after, first.cost) == (0, (0,), 1, 2, 1)
    assert [[c.symbol for c in g] for g in first.best] == [["♠K"]]
    # Seat 2's ♣J is forced; its value is seat 2's own tricks, not seat 0's.
    assert (result.cards[2].seats, result.cards[2].before) == ((2,), 1)
    assert result.lost_by_seat == {0: 1, 1: 0, 2: 0}


def test_all_pass_with_talon_leads_agrees_with_solving_each_position() -> None:
    # The turned talon cards ♠8 and ♥9 start tricks 1 and 2; the values come from the
    # talon-trick search, and each must equal a fresh solve of its position.
    deal = parse_deal("A.7.. 7.8.. ..87. | 8.9..", PREFERANS)
    contract = get_contract(PREFERANS, "allpass")
    played = parse_play("SA S7 D8 / H7 H8 D7", 3)
    result = analyse_contract(deal, contract, dealer=2, played=played,
                              talon_leads=tuple(parse_cards("S8 H9")))
    start = contract.setup(deal, 2, talon_leads=tuple(parse_cards("S8 H9"))).position
    for index, judged in enumerate(result.cards):
        before = start.play(played[:index])
        after = start.play(played[:index + 1])
        assert judged.before == solve(before, judged.seat, minimise=True).tricks
        assert judged.after == solve(after, judged.seat, minimise=True).tricks
