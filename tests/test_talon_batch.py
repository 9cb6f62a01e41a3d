"""The talon batched in the engine: the same tricks as solve_talon, layout by layout."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prefdd.rules import POLSKT_PASS, PREFERANS, VIENNA, InvalidInputError, get_contract, parse_cards
from prefdd.rules.talon import talon_order
from prefdd.solver.analyses.layouts import Hidden
from prefdd.solver.analyses.talon import solve_talon
from prefdd.solver.analyses.talon_batch import talon_tricks
from prefdd.solver.engines import set_table_size


def _hidden(game: str, seed: int, seat: int, dealer: int, shown: bool) -> Hidden:
    """A random hand at `seat`; with `shown`, its talon known, else unseen (picked up with each layout)."""
    deck = sorted(PREFERANS.deck(3))
    order = np.random.default_rng(seed).permutation(len(deck))
    cards = [deck[i] for i in order]
    return Hidden.make(game, cards[:10], seat, dealer, talon=cards[10:12] if shown else ())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(["preferans", "vienna"]),
       seat=st.integers(0, 2), dealer=st.integers(0, 2), shown=st.booleans())
def test_batched_tricks_are_solve_talons_layout_by_layout(seed: int, game: str, seat: int, dealer: int,
                                                          shown: bool) -> None:
    hidden = _hidden(game, seed, seat, dealer, shown)
    contracts = talon_order(hidden.game)
    layouts = hidden.sample(3, seed)
    tricks = talon_tricks(hidden, contracts, layouts)
    for row, layout in enumerate(layouts):
        deal = hidden.with_talon(hidden.deal(layout)[0])
        result = solve_talon(deal, dealer, seat, contracts=contracts)
        assert tricks[row].tolist() == [result.choice(c.name).tricks for c in contracts], (row, layout)


def test_an_enumeration_in_order_matches_solve_talon() -> None:
    """Neighbouring layouts, where each row starts from the previous row's discard and value."""
    hidden = Hidden.make("preferans", parse_cards("SA SK SJ ST S9 HA HK D7 C8 C7"), 0, 2,
                         talon=parse_cards("DA C9"))
    contracts = [get_contract(PREFERANS, name) for name in ("6S", "7S", "6H", "6NT", "misere")]
    layouts = hidden.enumerate(40)
    tricks = talon_tricks(hidden, contracts, layouts)
    for row, layout in enumerate(layouts):
        result = solve_talon(hidden.with_talon(hidden.deal(layout)[0]), 2, 0, contracts=contracts)
        assert tricks[row].tolist() == [result.choice(c.name).tricks for c in contracts]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(["preferans", "vienna"]),
       seat=st.integers(0, 2), step=st.integers(1, 2), shown=st.booleans())
def test_another_seat_declaring_picks_up_the_talon(seed: int, game: str, seat: int, step: int,
                                                   shown: bool) -> None:
    """A defender's view: the declarer is another seat, whose hand and (unless shown) talon are unseen."""
    hidden = _hidden(game, seed, seat, (seat + 2) % 3, shown)
    declarer = (seat + step) % 3
    contracts = [c for c in talon_order(hidden.game) if c.name in ("6S", "7NT", "misere", "1", "4", "bettel")]
    layouts = hidden.sample(2, seed)
    tricks = talon_tricks(hidden, contracts, layouts, declarer)
    for row, layout in enumerate(layouts):
        deal = hidden.with_talon(hidden.deal(layout)[0], declarer)
        result = solve_talon(deal, hidden.dealer, declarer, contracts=contracts)
        assert tricks[row].tolist() == [result.choice(c.name).tricks for c in contracts], (row, layout)


def test_no_layouts_no_answers() -> None:
    hidden = _hidden("preferans", 1, 0, 2, True)
    assert talon_tricks(hidden, talon_order(PREFERANS), hidden.enumerate(0)).shape == (0, 26)


@pytest.mark.parametrize("game,contracts,kwargs", [
    ("polskt-pass", talon_order(POLSKT_PASS), {}),
    ("preferans", [get_contract(PREFERANS, "6S")], {"out": parse_cards("DA C9")}),
    ("vienna", [get_contract(VIENNA, "1"), get_contract(PREFERANS, "6S")], {}),
])
def test_what_it_does_not_answer(game: str, contracts: list, kwargs: dict) -> None:
    hand = (parse_cards("SA SK SQ SJ ST") if game == "polskt-pass"
            else parse_cards("SA SK SJ ST S9 HA HK D7 C8 C7"))
    hidden = Hidden.make(game, hand, 0, 2, **kwargs)
    with pytest.raises(InvalidInputError):
        talon_tricks(hidden, contracts, hidden.sample(1, 1))


def test_a_full_table_answers_as_a_large_one() -> None:
    """A 1 MB table fills within a few layouts; holding earlier layouts' entries, it is cleared (make_room in
    transposition.pxi), and every answer stays the large table's."""
    hidden = _hidden("preferans", 7, 0, 2, False)
    contracts = [get_contract(PREFERANS, name) for name in ("6S", "7NT", "misere")]
    layouts = hidden.sample(150, 7)
    large = talon_tricks(hidden, contracts, layouts)
    set_table_size(1)
    try:
        small = talon_tricks(hidden, contracts, layouts)
    finally:
        set_table_size(256)
    assert np.array_equal(small, large)
