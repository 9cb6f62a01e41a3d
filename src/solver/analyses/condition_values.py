"""What conditions say of many layouts at once: numpy over a batch, not a loop over deals.

Every term of a condition (:mod:`prefdd.solver.analyses.conditions`) is
linear in where the cards lie: a seat's spades, points or aces are the sum,
over the cards, of each card's weight (:func:`~prefdd.solver.analyses.conditions.weight`)
where the seat holds it; a holding ``has 2 of SA SK SQ`` is the same sum with
weight 1 on the cards named. So a term is the seat's *seen* cards' sum (its
offset: the player's own hand, cards known in it, a shown talon) plus a
weighted count over the unseen cards in its place, and a whole batch of
layouts takes one matrix product per term.

The same terms also count over *class matrices* (:mod:`prefdd.solver.analyses.dealing`):
when the unseen cards fall into classes of cards that weigh the same in every
term, a term only needs how many cards of each class each place holds.

``makes`` is no sum: it is solved double dummy (:mod:`prefdd.solver.analyses.condition_plays`),
and only on the layouts where the rest of the condition has not already
decided, as ``and`` and ``or`` short-circuit over rows.

>>> from prefdd.rules import PREFERANS, parse_cards
>>> from prefdd.solver.analyses.conditions import Seating, parse_condition
>>> from prefdd.solver.analyses.layouts import Hidden
>>> hidden = Hidden.make("preferans", parse_cards("SA SK SQ SJ ST S9 S8 S7 HA HK"), seat=0, dealer=2,
...                      talon=parse_cards("HQ HJ"))
>>> condition = parse_condition("left.hearts >= 4", Seating.bidder(PREFERANS, 0, 3))
>>> layouts = hidden.enumerate()
>>> satisfied = truth(hidden, condition.tree, layouts)
>>> int(satisfied.sum()), len(layouts)
(8008, 184756)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import numpy as np

from prefdd.rules import Card, InvalidInputError
from prefdd.solver.analyses.conditions import (
    TALON,
    And,
    Compare,
    Count,
    Holds,
    Makes,
    Node,
    Not,
    Or,
    weight,
)

if TYPE_CHECKING:
    from prefdd.solver.analyses.layouts import Hidden

Weighed = Count | Holds
MakesAnswer = Callable[[int, str, np.ndarray], np.ndarray]
"""``makes(seat, contract, layouts)``: for each layout, whether that seat makes that contract."""

_COMPARE = {">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "==": operator.eq,
            "!=": operator.ne}


def place_of(hidden: Hidden, seat: int) -> int | None:
    """The place a seat's unseen cards go to in a layout (None: the player's own hand, all seen)."""
    if seat == TALON:
        return len(hidden.sizes) - 1
    if seat == hidden.seat:
        return None
    return hidden.others.index(seat)


def seen_of(hidden: Hidden, seat: int) -> frozenset[Card]:
    """The cards the player sees in a seat (or in no hand, for the talon)."""
    if seat == TALON:
        return hidden.talon | hidden.out
    if seat == hidden.seat:
        return hidden.hand
    return dict(hidden.known).get(seat, frozenset())


def weighed_terms(node: Node) -> Iterator[Weighed]:
    """The terms a condition counts (each holding is one), with repeats."""
    if isinstance(node, Compare):
        yield from (term for side in node.sides for term in side if isinstance(term, Count))
    elif isinstance(node, Holds):
        yield node
    elif isinstance(node, Not):
        yield from weighed_terms(node.operand)
    elif isinstance(node, And | Or):
        for operand in node.operands:
            yield from weighed_terms(operand)


def is_static(node: Node) -> bool:
    """Whether the condition is decided by where the cards lie alone (no play to solve)."""
    if isinstance(node, Makes):
        return False
    if isinstance(node, Not):
        return is_static(node.operand)
    if isinstance(node, And | Or):
        return all(is_static(o) for o in node.operands)
    return True


def conjuncts(nodes: Iterator[Node] | tuple[Node, ...] | list[Node]) -> list[Node]:
    """The conditions split at their top-level ``and``s: each must hold."""
    parts: list[Node] = []
    for node in nodes:
        parts += conjuncts(node.operands) if isinstance(node, And) else [node]
    return parts


def unseen_weights(hidden: Hidden, term: Weighed) -> np.ndarray:
    """Each unseen card's weight in `term`, in :attr:`Hidden.unseen` order."""
    return np.array([weight(term, card) for card in hidden.unseen], dtype=np.int16)


def offset(hidden: Hidden, term: Weighed) -> int:
    """The part of a term that the player sees: the weights of the seat's seen cards."""
    return sum(weight(term, card) for card in seen_of(hidden, term.seat))


class Counter:
    """Counts terms over a batch of layouts: ``counter(term, rows)`` per row, an int array."""

    def __init__(self, hidden: Hidden, layouts: np.ndarray):
        self.hidden, self.layouts = hidden, layouts
        self._weights: dict[Weighed, tuple[np.ndarray, int]] = {}

    def __len__(self) -> int:
        return len(self.layouts)

    def _weighed(self, term: Weighed) -> tuple[np.ndarray, int]:
        if term not in self._weights:
            self._weights[term] = unseen_weights(self.hidden, term), offset(self.hidden, term)
        return self._weights[term]

    def __call__(self, term: Weighed, rows: np.ndarray) -> np.ndarray:
        weights, base = self._weighed(term)
        place = place_of(self.hidden, term.seat)
        if place is None or not weights.any():
            return np.full(len(rows), base, dtype=np.int32)
        held = self.layouts[rows] == place
        return held.astype(np.int32) @ weights.astype(np.int32) + base


class ClassCounter(Counter):
    """Counts terms over class matrices: ``matrices[row, class, place]`` cards of a class in a place.

    `classes` are the unseen cards' columns in each class (cards of one class
    weigh the same in every term counted here).
    """

    def __init__(self, hidden: Hidden, classes: list[np.ndarray], matrices: np.ndarray):
        super().__init__(hidden, matrices)
        self.classes = classes

    def __call__(self, term: Weighed, rows: np.ndarray) -> np.ndarray:
        weights, base = self._weighed(term)
        place = place_of(self.hidden, term.seat)
        if place is None:
            return np.full(len(rows), base, dtype=np.int32)
        per_class = np.array([weights[columns[0]] for columns in self.classes], dtype=np.int32)
        return self.layouts[rows, :, place].astype(np.int32) @ per_class + base


def truth(hidden: Hidden, node: Node, layouts: np.ndarray, makes: MakesAnswer | None = None) -> np.ndarray:
    """For each layout (a row of :meth:`Hidden.sample`), whether the condition holds: a bool array.

    `makes` answers the ``makes`` terms (needed only if the condition has one).
    """
    return evaluate(node, Counter(hidden, layouts), np.arange(len(layouts)), makes)


def evaluate(node: Node, counter: Counter, rows: np.ndarray, makes: MakesAnswer | None = None) -> np.ndarray:
    """Whether `node` holds on each of `rows` (indices into the counter's batch)."""
    if isinstance(node, Compare):
        sides = [_sum(side, counter, rows) for side in node.sides]
        result = np.ones(len(rows), dtype=bool)
        for op, left, right in zip(node.ops, sides, sides[1:], strict=False):
            result &= _COMPARE[op](left, right)
        return result
    if isinstance(node, Holds):
        return counter(node, rows) >= node.at_least
    if isinstance(node, Not):
        return ~evaluate(node.operand, counter, rows, makes)
    if isinstance(node, And):
        result = np.ones(len(rows), dtype=bool)
        for operand in node.operands:  # each only where the others have not failed yet
            open_rows = np.flatnonzero(result)
            result[open_rows] = evaluate(operand, counter, rows[open_rows], makes)
        return result
    if isinstance(node, Or):
        result = np.zeros(len(rows), dtype=bool)
        for operand in node.operands:
            open_rows = np.flatnonzero(~result)
            result[open_rows] = evaluate(operand, counter, rows[open_rows], makes)
        return result
    if isinstance(node, Makes):
        if makes is None:
            raise InvalidInputError("a 'makes' condition needs the solver: it cannot be decided by the cards")
        if not len(rows):
            return np.zeros(0, dtype=bool)
        return np.asarray(makes(node.seat, node.contract, counter.layouts[rows]), dtype=bool)
    raise InvalidInputError(f"not a condition: {node!r}")


def _sum(side: tuple, counter: Counter, rows: np.ndarray) -> np.ndarray:
    total = np.zeros(len(rows), dtype=np.int32)
    for term in side:
        total += term if isinstance(term, int) else counter(term, rows)
    return total
