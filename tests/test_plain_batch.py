"""Contracts played with the hands as dealt, batched in the engine: the same tricks as solve_contract."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prefdd.rules import (
    PREFERANS,
    PRIFFE,
    InvalidInputError,
    get_contract,
    get_game,
    parse_cards,
)
from prefdd.solver._engine import GOAL_TRICKS, Engine
from prefdd.solver.analyses.bidding import bid_contracts
from prefdd.solver.analyses.contracts import solve_contract
from prefdd.solver.analyses.layouts import Hidden
from prefdd.solver.analyses.plain_batch import batched, plain_tricks
from prefdd.solver.engines import set_table_size


def _hidden(game: str, seed: int, seat: int, dealer: int) -> Hidden:
    """A random hand at `seat`; in Preferans and Vienna its discards made (out of play), so that every
    contract is played with the hands as dealt."""
    deck = sorted(get_game(game).deck(4 if game == "priffe" else 3))
    cards = [deck[i] for i in np.random.default_rng(seed).permutation(len(deck))]
    if game == "priffe":
        return Hidden.make(game, cards[:13], seat, dealer)
    return Hidden.make(game, cards[:10], seat, dealer, out=cards[10:12])


def _expected(hidden: Hidden, contracts: list, layouts: np.ndarray, declarer: int) -> list[list[int]]:
    return [[solve_contract(hidden.deal(layout)[0], c, hidden.dealer, declarer, threads=1).tricks
             for c in contracts] for layout in layouts]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(["preferans", "vienna"]),
       seat=st.integers(0, 2), dealer=st.integers(0, 2))
def test_batched_tricks_are_solve_contracts_layout_by_layout(seed: int, game: str, seat: int,
                                                             dealer: int) -> None:
    hidden = _hidden(game, seed, seat, dealer)
    contracts = [c for c in bid_contracts(hidden.game) if batched(hidden, c)]
    assert contracts
    layouts = hidden.sample(3, seed)
    assert plain_tricks(hidden, contracts, layouts).tolist() == _expected(hidden, contracts, layouts, seat)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 3), dealer=st.integers(0, 3))
def test_priffe_partnerships_count_the_side(seed: int, seat: int, dealer: int) -> None:
    """Priffe: the declarer's side's tricks, in the trump contracts and priffe (nolla's 13-card
    searches take seconds: the enumeration test below has it on smaller hands)."""
    hidden = _hidden("priffe", seed, seat, dealer)
    contracts = [get_contract(PRIFFE, name) for name in ("ruter", "hjarter", "priffe")]
    layouts = hidden.sample(2, seed)
    assert plain_tricks(hidden, contracts, layouts).tolist() == _expected(hidden, contracts, layouts, seat)


def test_an_enumeration_in_order_matches_solve_contract() -> None:
    """Neighbouring layouts, where the engine's table is kept from one to the next."""
    hidden = Hidden.make("preferans", parse_cards("ST S9 S8 S7 H9 H8 D9 D8 D7 C8"), 0, 1,
                         out=parse_cards("CA CK"))
    contracts = [get_contract(PREFERANS, name) for name in ("misere", "6S", "6NT")]
    layouts = hidden.enumerate(40)
    assert plain_tricks(hidden, contracts, layouts).tolist() == _expected(hidden, contracts, layouts, 0)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 2), step=st.integers(1, 2))
def test_another_seat_declaring(seed: int, seat: int, step: int) -> None:
    """A defender's view: the declarer is another seat, whose hand is unseen."""
    hidden = _hidden("preferans", seed, seat, (seat + 2) % 3)
    declarer = (seat + step) % 3
    contracts = [get_contract(PREFERANS, name) for name in ("misere", "7H", "8NT")]
    layouts = hidden.sample(2, seed)
    assert plain_tricks(hidden, contracts, layouts, declarer).tolist() == _expected(hidden, contracts,
                                                                                      layouts, declarer)


def test_no_layouts_no_answers() -> None:
    hidden = _hidden("preferans", 1, 0, 2)
    assert plain_tricks(hidden, [get_contract(PREFERANS, "misere")], hidden.enumerate(0)).shape == (0, 1)


@pytest.mark.parametrize("game,name,kwargs", [
    ("polskt-pass", "S", {}),
    ("preferans", "6S", {"talon": parse_cards("DA C9")}),
    ("preferans", "misere", {}),
])
def test_what_it_does_not_answer(game: str, name: str, kwargs: dict) -> None:
    hand = (parse_cards("SA SK SQ SJ ST") if game == "polskt-pass"
            else parse_cards("SA SK SQ SJ ST S9 S8 HA HK HQ"))
    hidden = Hidden.make(game, hand, 0, 2, **kwargs)
    contract = get_contract(get_game(game), name)
    assert not batched(hidden, contract)
    with pytest.raises(InvalidInputError, match=name):
        plain_tricks(hidden, [contract], hidden.sample(1, 0))


def test_a_declarer_seat_that_does_not_exist() -> None:
    hidden = _hidden("preferans", 1, 0, 2)
    with pytest.raises(InvalidInputError, match="declarer seat 3"):
        plain_tricks(hidden, [get_contract(PREFERANS, "misere")], hidden.sample(1, 0), declarer=3)


def test_the_engine_refuses_hands_that_are_no_deal() -> None:
    engine = Engine(1)
    args = (-1, 1, -1, 0, [1, 0, 0], [1, 0, 0], 0)
    out = np.zeros(1, dtype=np.int32)
    with pytest.raises(ValueError, match="seat 1 does not hold 2 cards"):
        engine.deal_values(np.array([[0b11, 0b100, 0b11000]], dtype=np.uint64), *args, out)
    with pytest.raises(ValueError, match="seat 2 does not hold 1 cards of its own"):
        engine.deal_values(np.array([[0b1, 0b10, 0b1]], dtype=np.uint64), *args, out)
    with pytest.raises(ValueError, match="room for 1 answers"):
        engine.deal_values(np.zeros((2, 3), dtype=np.uint64), *args, out)


def test_the_engine_takes_a_first_trick_in_progress() -> None:
    """A trick under way, the same in every row (the solve-all problems with a card led): each row's value is
    set_position's with that trick."""
    def masks(*seats: tuple[int, ...]) -> list[int]:
        return [sum(1 << bit for bit in seat) for seat in seats]

    engine = Engine(1)
    rows = np.array([masks((0, 1, 16), (2, 17, 32), (3, 18, 33)),
                     masks((0, 2, 16), (1, 17, 33), (3, 18, 32))], dtype=np.uint64)
    args = (-1, 1, -1, 0, [1, 0, 0], [1, 0, 0], 0)
    out = np.zeros(2, dtype=np.int32)
    engine.deal_values(rows, *args, out, trick=[0])
    expected = []
    for row in rows.tolist():
        engine.set_position(row, -1, 1, -1, 0, GOAL_TRICKS, [1, 0, 0], [1, 0, 0], 0, [0], [0, 0, 0], -1)
        expected.append(engine.value())
    assert out.tolist() == expected
    with pytest.raises(ValueError, match="row 0: seat 0 does not hold the trick's card"):
        engine.deal_values(rows, *args, out, trick=[2])


def test_a_full_table_of_several_contracts_answers_as_a_large_one() -> None:
    """Several contracts over the layouts fill a 1 MB table, thinned by depth again and again (tt_keep_deep),
    and every answer stays the large table's."""
    hidden = Hidden.make("preferans", parse_cards("SA SQ S9 HK HJ H8 DA D9 CQ C7"), 0, 1,
                         out=parse_cards("D7 C8"))
    contracts = [get_contract(PREFERANS, name) for name in ("6S", "6NT", "misere")]
    layouts = hidden.enumerate(300)
    large = plain_tricks(hidden, contracts, layouts)
    set_table_size(1)
    try:
        small = plain_tricks(hidden, contracts, layouts)
    finally:
        set_table_size(256)
    assert np.array_equal(small, large)
