"""The talon's best discard over many layouts at once: :func:`solve_talon`'s tricks, batched in the engine.

For bid and whist expectations only the declarer's tricks with his best
discard matter, layout after layout. :func:`talon_tricks` hands the engine every layout's
hands as 64-bit masks (built with numpy) and lets it run the whole loop
without the GIL: per layout, every discard (those that leave the same play
up to ranks searched once), the first searched outward from the previous
layout's value and the rest only asked whether they beat the best so far,
the previous layout's best discard tried first. The answers are those of
:func:`prefdd.solver.analyses.talon.solve_talon` (``TalonChoice.tricks``), for Preferans and
Vienna Préférence (Polskt pass's win comes from solve_talon itself).

>>> from prefdd.rules import PREFERANS, get_contract, parse_cards
>>> from prefdd.solver.analyses.layouts import Hidden
>>> hidden = Hidden.make("preferans", parse_cards("SA SK SJ ST S9 HA HK D7 C8 C7"), seat=0, dealer=2,
...                      talon=parse_cards("DA C9"))
>>> layouts = hidden.enumerate(limit=3)
>>> talon_tricks(hidden, [get_contract(PREFERANS, c) for c in ("6S", "misere")], layouts).tolist()
[[8, 1], [8, 1], [8, 1]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from prefdd.rules import PREFERANS, VIENNA, Aim, Contract, InvalidInputError, get_contract
from prefdd.rules.talon import discard_size, lay_away, legal_discards
from prefdd.solver._engine import GOAL_TRICKS
from prefdd.solver.analyses.layouts import Hidden, engine_hands
from prefdd.solver.analyses.talon import _Question
from prefdd.solver.api import _engine


def talon_tricks(hidden: Hidden, contracts: Sequence[Contract], layouts: np.ndarray,
                 declarer: int | None = None) -> np.ndarray:
    """``[layouts, contracts]`` int16: the declarer's tricks with his best discard, contract by contract.

    The declarer is the player (`hidden.seat`) or the seat `declarer`; he picks
    up the cards in no hand (the talon, shown or unseen) before laying away;
    tricks count as :attr:`prefdd.solver.analyses.talon.TalonChoice.tricks` does. Contracts
    asking the same question of the play (6♠ … 10♠) are searched once.
    """
    game = hidden.game
    if game not in (PREFERANS, VIENNA) or not hidden.pickup:
        raise InvalidInputError("batched talon answers are for Preferans and Vienna, "
                                "with the talon to pick up")
    if any(c.game is not game or not c.talon or c.aim is Aim.WIN_DEAL for c in contracts):
        raise InvalidInputError(f"every contract must be a {game.name} contract with talon")
    declarer = hidden.seat if declarer is None else declarer
    if declarer not in range(hidden.hands):
        raise InvalidInputError(f"declarer seat {declarer} does not exist (seats 0-{hidden.hands - 1})")
    tricks = np.zeros((len(layouts), len(contracts)), dtype=np.int16)
    engine = _engine()
    values = np.zeros(len(layouts), dtype=np.int32)
    for js, search in _searches(hidden, tuple(c.name for c in contracts), declarer):
        hands = engine_hands(layouts, search.unseen, search.holders, search.fixed)
        engine.talon_values(hands, search.me, search.size, *search.args, search.minimise, values)
        tricks[:, js] = (search.total - values if search.minimise else values)[:, None]
    return tricks


@dataclass(frozen=True, eq=False)
class _Search:
    """One question in engine terms: the engine's bit of each unseen card, the engine seat holding each of
    the layout's places, each seat's bits of its cards known in advance, and the engine's arguments."""

    unseen: np.ndarray
    holders: np.ndarray
    fixed: np.ndarray
    me: int
    size: int
    args: tuple
    minimise: bool
    total: int


@lru_cache(maxsize=16)
def _searches(hidden: Hidden, names: tuple[str, ...], declarer: int) -> tuple[tuple[list[int], _Search], ...]:
    """The questions the contracts called `names` ask (6♠ … 10♠ ask one), each with its contracts' columns.

    Made once per problem and kept: a run asks them of many batches of layouts.
    """
    game = hidden.game
    layout = np.repeat(np.arange(len(hidden.sizes), dtype=np.int8), hidden.sizes)
    deal = hidden.with_talon(hidden.deal(layout)[0], declarer)
    laid = lay_away(deal, declarer, legal_discards(deal, declarer, game)[0])
    columns: dict[tuple, list[int]] = {}
    plays = []
    for j, name in enumerate(names):
        play = get_contract(game, name).setup(laid, hidden.dealer, declarer)
        position = play.position
        columns.setdefault((position.trump, play.minimise, position.leader, position.constraints,
                            position.lowest_winner_seat), []).append(j)
        plays.append(play)
    known = dict(hidden.known)
    searches = []
    for js in columns.values():
        play = plays[js[0]]
        question = _Question(deal, play, GOAL_TRICKS)
        seats = play.position.seats
        held = [(hidden.hand if s == hidden.seat else frozenset()) | known.get(s, frozenset())
                | (hidden.talon | hidden.out if s == declarer else frozenset()) for s in seats]
        trump, constraints, lw_seat, engine_declarer, _, maxside, counted, leader = question.args
        holders = [seats.index(s) for s in (*hidden.others, declarer)]
        searches.append((js, _Search(
            unseen=np.array([1 << question.bit[c] for c in hidden.unseen], dtype=np.uint64),
            # Each other hand's place is its seat's; the declarer picks up the cards in no hand (the last).
            holders=np.array(holders, dtype=np.int8),
            fixed=np.array([sum(1 << question.bit[c] for c in cards) for cards in held], dtype=np.uint64),
            me=question.me, size=discard_size(game),
            args=(trump, constraints, lw_seat, engine_declarer, maxside, counted, leader),
            minimise=question.minimise, total=question.total)))
    return tuple(searches)
