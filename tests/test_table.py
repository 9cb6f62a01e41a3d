"""The transposition table between positions: kept for one deal and deals like it, cleared for another.

In Priffe's 52 cards two seats must keep their hands for a deal to be like the table's; in the smaller games
one (the layouts around one hand: see test_engine_vs_reference's layouts kept in one table).
"""

import random

from prefdd.rules import PRIFFE, Deal, Position, Suit, parse_deal
from prefdd.solver._engine import Engine
from prefdd.solver.api import GOAL_TRICKS, _Search, side_of

SMALL = 1 << 14
GROWN = "N:76.QJ5.J72.AT964 A54.943.K986.J75 KT83.T82.QT53.Q2 QJ92.AK76.A4.K83"
# GROWN with the spade 5 of East and the spade 9 of West swapped.
SWAPPED = "N:76.QJ5.J72.AT964 A94.943.K986.J75 KT83.T82.QT53.Q2 QJ52.AK76.A4.K83"
OTHER = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"
# GROWN's North hand, the other three hands passed on (East's to West, South's to East, West's to South):
# a layout around North's hand, as a bid's.
AROUND_NORTH = "N:76.QJ5.J72.AT964 KT83.T82.QT53.Q2 QJ92.AK76.A4.K83 A54.943.K986.J75"


def load(engine: Engine, pbn: str, trump: Suit | None = None) -> None:
    position = Position(PRIFFE, parse_deal(pbn, PRIFFE), trump, 0)
    search = _Search(position, side_of(position, 0), False, GOAL_TRICKS, load=False)
    engine.set_position(*search.engine_args())


def grown_engine() -> Engine:
    """An engine whose table grew past its first slots on one deal (each trump a new context)."""
    engine = Engine(16)
    for trump in (None, *Suit):
        load(engine, GROWN, trump)
        engine.value()
        if engine.slots_in_use > SMALL:
            return engine
    raise AssertionError("the table did not grow")


def value_of(pbn: str) -> int:
    engine = Engine(16)
    load(engine, pbn)
    return engine.value()


def test_the_same_deal_again_is_answered_from_the_table() -> None:
    engine = Engine(16)
    load(engine, GROWN)
    value = engine.value()
    first = engine.nodes
    load(engine, GROWN)
    assert engine.value() == value
    assert engine.nodes - first < first // 10


def test_another_deal_starts_with_an_empty_small_table() -> None:
    engine = grown_engine()
    load(engine, OTHER)
    assert engine.slots_in_use == SMALL
    assert engine.value() == value_of(OTHER)


def test_a_deal_with_two_cards_swapped_keeps_the_table() -> None:
    engine = grown_engine()
    grown = engine.slots_in_use
    load(engine, SWAPPED)
    assert engine.slots_in_use == grown
    assert engine.value() == value_of(SWAPPED)


def test_a_layout_of_52_cards_around_one_hand_starts_with_an_empty_small_table() -> None:
    """Priffe's layouts around one hand share too few trick starts to keep the table (new_deal)."""
    engine = grown_engine()
    load(engine, AROUND_NORTH)
    assert engine.slots_in_use == SMALL
    assert engine.value() == value_of(AROUND_NORTH)


def test_clear_makes_the_next_search_cold() -> None:
    engine = Engine(16)
    load(engine, GROWN)
    value = engine.value()
    first = engine.nodes
    engine.clear()
    assert engine.slots_in_use == SMALL
    load(engine, GROWN)
    assert engine.value() == value
    assert engine.nodes - first > first // 2


def test_a_full_table_answers_as_a_large_one() -> None:
    """Nolla endings of 10 cards a hand fill a 1 MB table: its shapes move into the regions others left
    (pool_take), and a full pool keeps its deepest shapes (tt_keep_deep); the values stay a large table's."""
    rng = random.Random(5)
    small, large = Engine(1), Engine(64)
    for i in range(6):
        deck = sorted(PRIFFE.deck(4), key=str)
        rng.shuffle(deck)
        hands = tuple(frozenset(deck[s * 10:(s + 1) * 10]) for s in range(4))
        position = Position(PRIFFE, Deal(hands), None, leader=i % 4, declarer=(i + 3) % 4)
        args = _Search(position, side_of(position, (i + 3) % 4), True, GOAL_TRICKS, load=False).engine_args()
        small.set_position(*args)
        large.set_position(*args)
        assert small.value() == large.value()
