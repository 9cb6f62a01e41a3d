"""Dealing only the layouts that satisfy conditions on the cards, uniformly, without rejecting most of them.

Conditions on lengths, points and holdings weigh each card
(:mod:`prefdd.solver.analyses.condition_values`); cards that weigh the same in
every term are interchangeable, a *class* (with ``1.spades >= 5`` alone: the
unseen spades, and the rest). A *class matrix* says how many cards of each
class each place holds; a condition on those terms is decided by the matrix
alone, and the layouts of one matrix number the product, over the classes,
of the ways to share the class's cards out in those counts (multinomials).

So a dealing under conditions:

1. lists every class matrix that fits the places' sizes (at most
   :data:`MATRIX_LIMIT`), keeps those that satisfy the conditions and counts
   their layouts exactly (:attr:`Dealing.space`);
2. draws a matrix with probability its layouts / all kept layouts (an exact
   integer draw), then shares each class's cards out by a uniform shuffle of
   the class's places.

Every layout of every kept matrix is then equally likely: exactly uniform
over the layouts that satisfy the conditions applied. Conditions whose
classes would make too many matrices are left to rejection, after dealing.
An enumeration lists, matrix by matrix, every layout that satisfies them.

>>> from prefdd.rules import PREFERANS, parse_cards
>>> from prefdd.solver.analyses.conditions import Seating, parse_condition
>>> from prefdd.solver.analyses.layouts import Hidden
>>> hidden = Hidden.make("preferans", parse_cards("SA SK SQ SJ ST H9 H8 H7 HA HK"), seat=0, dealer=2)
>>> condition = parse_condition("left has DA and right.hcp >= 10", Seating.bidder(PREFERANS, 0, 3))
>>> dealing, applied, rejected = plan(hidden, [condition.tree])
>>> len(dealing.classes), dealing.space, len(applied), len(rejected)
(6, 8507565, 2, 0)
>>> diamond_ace = hidden.unseen.index(parse_cards("DA")[0])
>>> bool((dealing.sample(np.random.default_rng(1), 5)[:, diamond_ace] == 0).all())
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from prefdd.solver.analyses.condition_values import ClassCounter, conjuncts, evaluate, weighed_terms
from prefdd.solver.analyses.conditions import And, Count, Holds, Node, weight

if TYPE_CHECKING:
    from prefdd.solver.analyses.layouts import Hidden

MATRIX_LIMIT = 400_000
"""The most class matrices a dealing lists (an upper bound, before those that do not fit are dropped)."""
_BINOMIALS = np.array([[math.comb(n, k) for k in range(64)] for n in range(64)], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class Dealing:
    """Layouts satisfying some conditions on the cards, as class matrices and their numbers of layouts.

    `classes` are the unseen cards' columns, class by class; `places` the
    places with room (those holding unseen cards); `matrices[row, class, i]`
    how many cards of a class ``places[i]`` holds; `weights[row]` the number of
    layouts of that matrix.
    """

    classes: tuple[np.ndarray, ...]
    places: np.ndarray
    matrices: np.ndarray
    weights: np.ndarray
    width: int

    @property
    def space(self) -> int:
        """The number of layouts dealt from: those that satisfy the conditions applied."""
        return int(self.weights.sum(dtype=np.int64))

    def sample(self, rng: np.random.Generator, count: int) -> np.ndarray:
        """`count` layouts drawn uniformly from the space (each row independent)."""
        rows = np.searchsorted(np.cumsum(self.weights), rng.integers(0, self.space, size=count), side="right")
        layouts = np.empty((count, self.width), dtype=np.int8)
        for index, columns in enumerate(self.classes):
            bounds = np.cumsum(self.matrices[rows, index, :], axis=1)
            sorted_places = (np.arange(len(columns))[None, :, None] >= bounds[:, None, :]).sum(axis=2)
            layouts[:, columns] = self.places[rng.permuted(sorted_places, axis=1)]
        return layouts

    def every(self) -> Iterator[np.ndarray]:
        """Every layout of the space, matrix by matrix (in no particular order)."""
        for matrix in self.matrices:
            layouts = np.zeros((1, self.width), dtype=np.int8)
            for index, columns in enumerate(self.classes):
                ways = _ways(tuple(int(k) for k in matrix[index]))
                layouts = np.repeat(layouts, len(ways), axis=0)
                layouts[:, columns] = np.tile(self.places[ways], (len(layouts) // len(ways), 1))
            yield layouts


def plan(hidden: Hidden, static: Sequence[Node]) -> tuple[Dealing, list[Node], list[Node]]:
    """The dealing for the conditions on the cards `static`: which it applies and which are left to rejection.

    The conditions are taken one by one, those whose classes alone make the
    fewest matrices first, as long as the classes of all taken stay under
    :data:`MATRIX_LIMIT`.
    """
    parts = conjuncts(list(static))
    cost = {id(part): _bound(hidden, _classes(hidden, [part])) for part in parts}
    applied: list[Node] = []
    for part in sorted(parts, key=lambda p: cost[id(p)]):
        if _bound(hidden, _classes(hidden, [*applied, part])) <= MATRIX_LIMIT:
            applied.append(part)
    rejected = [part for part in parts if not any(part is a for a in applied)]
    applied.sort(key=lambda p: next(i for i, q in enumerate(parts) if q is p))
    classes = _classes(hidden, applied)
    places = np.flatnonzero(np.array(hidden.sizes) > 0)
    matrices, weights = _matrices([len(c) for c in classes], [hidden.sizes[p] for p in places])
    if applied:
        keep = evaluate(And(tuple(applied)), _Counter(hidden, classes, matrices, places),
                        np.arange(len(matrices)))
        matrices, weights = matrices[keep], weights[keep]
    return (Dealing(tuple(classes), places.astype(np.int8), matrices, weights, len(hidden.unseen)),
            applied, rejected)


def canonical(layouts: np.ndarray, places: int) -> np.ndarray:
    """The layouts in :meth:`Hidden.enumerate`'s order: place 1's cards as combinations in lexicographic
    order, then place 2's, and so on (a combination that holds a lower column comes first)."""
    keys = [(layouts[:, column] != place) for place in range(places - 1, 0, -1)
            for column in range(layouts.shape[1] - 1, -1, -1)]
    return layouts[np.lexsort(keys)] if keys and len(layouts) else layouts


def arrangements(counts: tuple[int, ...]) -> np.ndarray:
    """Every way to give ``counts[i]`` of ``sum(counts)`` cards to place i: a row each, each card's place.

    Place 1's cards run through the combinations in lexicographic order, then
    place 2's among the cards left, and so on; place 0 holds the rest.

    >>> arrangements((1, 1, 1)).tolist()
    [[1, 2, 0], [1, 0, 2], [2, 1, 0], [0, 1, 2], [2, 0, 1], [0, 2, 1]]
    """
    cards = sum(counts)
    layouts = np.zeros((1, cards), dtype=np.int8)
    free = np.arange(cards)[None, :]  # per row, the cards not yet placed
    for place in range(1, len(counts)):
        size, left = counts[place], free.shape[1]
        chosen = _combinations(left, size)
        rows, ways = len(layouts), len(chosen)
        unchosen = np.ones((ways, left), dtype=bool)
        unchosen[np.arange(ways)[:, None], chosen] = False
        others = np.nonzero(unchosen)[1].reshape(ways, left - size)
        layouts = np.repeat(layouts, ways, axis=0)
        picked = free[:, chosen].reshape(rows * ways, size)
        layouts[np.arange(rows * ways)[:, None], picked] = place
        free = free[:, others].reshape(rows * ways, left - size)
    return layouts


@lru_cache(maxsize=4096)
def _ways(counts: tuple[int, ...]) -> np.ndarray:
    """:func:`arrangements` of one class, kept: an enumeration meets the same counts again and again."""
    ways = arrangements(counts)
    ways.setflags(write=False)
    return ways


class _Counter(ClassCounter):
    """Class matrices count over the places with room: map a layout place to its column."""

    def __init__(self, hidden: Hidden, classes: list[np.ndarray], matrices: np.ndarray, places: np.ndarray):
        full = np.zeros((len(matrices), len(classes), len(hidden.sizes)), dtype=np.int8)
        full[:, :, places] = matrices
        super().__init__(hidden, classes, full)


def _kinds(nodes: Sequence[Node]) -> list[Count | Holds]:
    """The distinct weighings in the conditions (a term's seat does not change how a card weighs)."""
    kinds: dict[tuple, Count | Holds] = {}
    for term in (t for node in nodes for t in weighed_terms(node)):
        key = ("holds", term.cards) if isinstance(term, Holds) else (term.measure, term.contract)
        kinds.setdefault(key, term)
    return list(kinds.values())


def _classes(hidden: Hidden, nodes: Sequence[Node]) -> list[np.ndarray]:
    """The unseen cards' columns grouped by their weight in every term of `nodes` (one class if none)."""
    kinds = _kinds(nodes)
    groups: dict[tuple[int, ...], list[int]] = {}
    for column, card in enumerate(hidden.unseen):
        groups.setdefault(tuple(weight(kind, card) for kind in kinds), []).append(column)
    return [np.array(columns, dtype=np.int64) for columns in groups.values()]


def _bound(hidden: Hidden, classes: list[np.ndarray]) -> int:
    """An upper bound on the class matrices: the ways to split each class but the largest over the places."""
    room = sum(1 for size in hidden.sizes if size > 0)
    splits = sorted(math.comb(len(c) + room - 1, room - 1) for c in classes)
    return math.prod(splits[:-1]) if splits else 1


def _matrices(sizes: list[int], room: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Every class matrix (classes of `sizes` cards over places of `room` cards) and its number of layouts."""
    caps = np.array(room, dtype=np.int64)
    if not sizes:
        return np.zeros((1, 0, len(room)), dtype=np.int8), np.ones(1, dtype=np.int64)
    order = np.argsort(sizes, kind="stable")
    matrices = np.zeros((1, 0, len(room)), dtype=np.int8)
    held = np.zeros((1, len(room)), dtype=np.int64)
    for index in order[:-1]:
        splits = _splits(sizes[index], tuple(room))
        together = held[:, None, :] + splits[None, :, :]
        rows, ways = np.nonzero((together <= caps).all(axis=2))
        matrices = np.concatenate([matrices[rows], splits[ways][:, None, :].astype(np.int8)], axis=1)
        held = together[rows, ways]
    last = caps[None, :] - held
    fits = (last >= 0).all(axis=1)
    matrices = np.concatenate([matrices[fits], last[fits][:, None, :].astype(np.int8)], axis=1)
    matrices = matrices[:, np.argsort(order), :]
    weights = np.ones(len(matrices), dtype=np.int64)
    for index, size in enumerate(sizes):
        left = np.full(len(matrices), size, dtype=np.int64)
        for place in range(len(room)):
            taken = matrices[:, index, place].astype(np.int64)
            weights *= _BINOMIALS[left, taken]
            left -= taken
    return matrices, weights


@lru_cache(maxsize=256)
def _splits(cards: int, room: tuple[int, ...]) -> np.ndarray:
    """Every way to split `cards` interchangeable cards over the places (at most room[i] to place i)."""
    ways = [split for split in itertools.product(*(range(min(cards, r) + 1) for r in room))
            if sum(split) == cards]
    return np.array(ways, dtype=np.int64).reshape(len(ways), len(room))


def _combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n), in lexicographic order, one per row."""
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n), k)), dtype=np.int64,
                       count=math.comb(n, k) * k)
    return flat.reshape(math.comb(n, k), k)
