"""Contracts played with the hands as dealt, over many layouts at once: their tricks, batched in the engine.

Where no talon is picked up (every Priffe contract; Preferans and Vienna once
the discards are known, as `out`), a bid's question is one double-dummy value
per layout. :func:`plain_tricks` hands the engine every layout's hands as
64-bit masks (built with numpy) and lets it run the whole loop without the
GIL (``Engine.deal_values``): the answers of
:func:`~prefdd.solver.analyses.contracts.solve_contract` (its ``tricks``), without a
deal, a position and a solution built in Python for each layout, which took
three quarters of an exact misère enumeration's time.

>>> from prefdd.rules import PREFERANS, get_contract, parse_cards
>>> from prefdd.solver.analyses.layouts import Hidden
>>> hidden = Hidden.make("preferans", parse_cards("ST S9 S8 S7 H9 H8 D9 D8 D7 C8"), seat=0, dealer=2,
...                      out=parse_cards("CA CK"))
>>> layouts = hidden.enumerate(limit=3)
>>> plain_tricks(hidden, [get_contract(PREFERANS, "misere")], layouts).tolist()
[[1], [0], [1]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from prefdd.rules import Aim, Contract, InvalidInputError, get_contract
from prefdd.solver.analyses.layouts import Hidden, engine_hands
from prefdd.solver.api import _engine, trick_search


def batched(hidden: Hidden, contract: Contract) -> bool:
    """Whether :func:`plain_tricks` answers `contract` on `hidden`'s layouts: a trick contract with one
    declarer, no talon picked up and no talon tricks (all-pass is solved per player, Polskt pass's win
    is no trick count)."""
    return (contract.game is hidden.game and contract.has_declarer and not contract.per_player
            and contract.aim is not Aim.WIN_DEAL and not (hidden.pickup and contract.talon))


def plain_tricks(hidden: Hidden, contracts: Sequence[Contract], layouts: np.ndarray,
                 declarer: int | None = None) -> np.ndarray:
    """``[layouts, contracts]`` int16: the declarer's (side's) tricks in each contract, the hands as dealt.

    The declarer is the player (`hidden.seat`) or the seat `declarer`. Every
    contract must be one :func:`batched` accepts.
    """
    declarer = hidden.seat if declarer is None else declarer
    if declarer not in range(hidden.hands):
        raise InvalidInputError(f"declarer seat {declarer} does not exist (seats 0-{hidden.hands - 1})")
    refused = [c.name for c in contracts if not batched(hidden, c)]
    if refused:
        raise InvalidInputError(f"not played with the hands as dealt, one declarer counting tricks: "
                                f"{', '.join(refused)}")
    tricks = np.zeros((len(layouts), len(contracts)), dtype=np.int16)
    engine = _engine()
    values = np.zeros(len(layouts), dtype=np.int32)
    for column, contract in enumerate(contracts):
        search = _search(hidden, contract.name, declarer)
        hands = engine_hands(layouts, search.unseen, search.holders, search.fixed)
        engine.deal_values(hands, *search.args, values)
        tricks[:, column] = search.total - values if search.minimise else values
    return tricks


@dataclass(frozen=True, eq=False)
class _Search:
    """One contract in engine terms: the engine's bit of each unseen card, the engine seat each place's
    cards go to (-1: out of play), each seat's bits of its cards known in advance, the engine's other
    arguments, and how its value reads as the declarer's tricks."""

    unseen: np.ndarray
    holders: np.ndarray
    fixed: np.ndarray
    args: tuple
    minimise: bool
    total: int


@lru_cache(maxsize=16)
def _search(hidden: Hidden, name: str, declarer: int) -> _Search:
    """The contract `name` in engine terms, made once per problem: a run asks it of many batches."""
    contract = get_contract(hidden.game, name)
    first = np.repeat(np.arange(len(hidden.sizes), dtype=np.int8), hidden.sizes)
    args = [_engine_args(hidden, contract, declarer, layout) for layout in (first, first[::-1].copy())]
    if args[0][1:] != args[1][1:]:
        raise InvalidInputError(f"{name}: the play's setup depends on the layout")
    search, engine_args = args[0][0], args[0][1:]
    seats = search.seats
    unseen = np.array([1 << search.bit[c.suit][c.rank] for c in hidden.unseen], dtype=np.uint64)
    places = [*hidden.others, None]
    holders = np.array([seats.index(s) if s in seats else -1 for s in places], dtype=np.int8)
    masks = search.engine_args()[0]
    every = int(unseen.sum(dtype=np.uint64))
    return _Search(unseen=unseen, holders=holders,
                   fixed=np.array([mask & ~every for mask in masks], dtype=np.uint64),
                   args=engine_args, minimise=search.minimise, total=search.deal_tricks)


def _engine_args(hidden: Hidden, contract: Contract, declarer: int, layout: np.ndarray) -> tuple:
    """The search of `contract` on one layout, and the engine's arguments but the hands."""
    deal, _ = hidden.deal(layout)
    play = contract.setup(deal, hidden.dealer, declarer)
    search = trick_search(play.position, play.seat, play.minimise)
    if search is None:
        raise InvalidInputError(f"{contract.name}: starts with talon tricks")
    _hands, trump, constraints, lw_seat, engine_declarer, _goal, maxside, counted, leader, *_ = (
        search.engine_args())
    return search, trump, constraints, lw_seat, engine_declarer, tuple(maxside), tuple(counted), leader
