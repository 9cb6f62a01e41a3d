"""Drawing (or listing) only the layouts that satisfy every condition in force, and saying how many did.

The conditions of a :class:`~prefdd.solver.analyses.layouts.Hidden` are split
at their top-level ``and`` and met in three stages, cheapest first:

1. **while dealing**: conditions on lengths, points and holdings, as long
   as their classes of cards stay few (:mod:`prefdd.solver.analyses.dealing`):
   only layouts that satisfy them are dealt, uniformly;
2. **by rejection, on the cards**: the other conditions on the cards, over
   batches of :data:`DEAL_BATCH` layouts with numpy;
3. **by rejection, tested one by one**: a predicate over the deal (any
   Python callable, as redeal's ``accept``), then the ``makes`` conditions,
   solved double dummy, on as many layouts as are still needed.

A layout is kept when it passes all three, so the kept layouts are uniform
over those that satisfy everything; they are the first that pass in a stream
drawn from one seed in the calling process, so the same seed gives the same
layouts on any number of workers. The :class:`Tally` says how many were
dealt and passed each stage, the acceptance rate, and how many layouts
satisfy the conditions (exactly, or estimated: the layouts dealt from times
the acceptance rate). When (almost) nothing passes, the draw stops with an
InvalidInputError that says so rather than dealing for ever: after
:data:`DEAL_LIMIT` layouts dealt or :data:`TEST_MINIMUM` (or
:data:`TEST_FACTOR` per layout asked for) tested, or sooner when the rate so
far says that the rest would not be enough.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from prefdd.rules import Deal, InvalidInputError
from prefdd.solver.analyses.condition_values import Counter, conjuncts, evaluate, is_static
from prefdd.solver.analyses.conditions import And, Node, Or, render
from prefdd.solver.analyses.dealing import canonical, plan

if TYPE_CHECKING:
    from prefdd.solver.analyses.layouts import Hidden

Accept = Callable[[Deal], bool]
"""A predicate over a layout's deal (the hands by seat, the cards in no hand as out of play)."""

DEAL_BATCH = 8192
"""Layouts dealt at a time for the conditions checked on the cards."""
DEAL_LIMIT = 10_000_000
"""The most layouts dealt in one draw."""
DEAL_FLOOR = 100_000
"""Layouts dealt before a draw may judge, from its rate so far, that the limit will not do."""
TEST_MINIMUM, TEST_FACTOR, TEST_FLOOR = 1000, 50, 200
"""Layouts tested one by one: at most max(TEST_MINIMUM, TEST_FACTOR per layout asked for), judged after
TEST_FLOOR."""
EXACT_LIMIT = 2_000_000
"""The most layouts an enumeration lists (those satisfying the conditions applied while dealing)."""


@dataclass(frozen=True)
class Tally:
    """How the layouts were found: the stages' counts and what they say of the conditions.

    `total` layouts fit what the player knows; `space` of them satisfy the
    conditions `applied` while dealing (each part a condition's tree, or a
    part of one split at its ``and``); `dealt` were dealt from those and
    `kept` satisfied the conditions `rejected` after dealing; `tested` of the
    kept were tried against the predicate and the conditions `solved` double
    dummy, and `passed` satisfied them. An enumeration deals and tests every
    layout of the space.
    """

    exact: bool
    total: int
    space: int
    dealt: int
    kept: int
    tested: int
    passed: int
    applied: tuple[Node, ...] = ()
    rejected: tuple[Node, ...] = ()
    solved: tuple[Node, ...] = ()
    predicate: bool = False

    @property
    def acceptance(self) -> float:
        """The share of the layouts dealt that satisfy every condition (1 when nothing is rejected)."""
        kept = self.kept / self.dealt if self.dealt else 1.0
        return kept * (self.passed / self.tested if self.tested else 1.0)

    @property
    def counted(self) -> bool:
        """Whether :attr:`satisfying` is a count, not an estimate: listed, or nothing left to rejection."""
        return self.exact or not (self.rejected or self.solved or self.predicate)

    @property
    def satisfying(self) -> float:
        """How many layouts satisfy every condition: a count (:attr:`counted`), else space × acceptance."""
        if self.exact:
            return float(self.passed)
        return float(self.space) if self.counted else self.space * self.acceptance


class _Stages:
    """A problem's conditions, split into the three stages."""

    def __init__(self, hidden: Hidden, accept: Accept | None):
        self.hidden, self.accept = hidden, accept
        parts = conjuncts([condition.tree for condition in hidden.where])
        self.plays = [part for part in parts if not is_static(part)]
        self.dealing, self.applied, self.rejected = plan(hidden, [part for part in parts if is_static(part)])
        self.seating = next((c.seating for c in hidden.where if c.seating is not None), None)
        texts = [f"({c.text})" if isinstance(c.tree, Or) else c.text for c in hidden.where]
        self.what = " and ".join([*texts, *(["the predicate"] if accept else [])])

    @property
    def tests(self) -> bool:
        return bool(self.plays) or self.accept is not None

    def cards(self, layouts: np.ndarray, parts: list[Node]) -> np.ndarray:
        """Which layouts satisfy the conditions on the cards `parts`."""
        if not parts:
            return np.ones(len(layouts), dtype=bool)
        return evaluate(And(tuple(parts)), Counter(self.hidden, layouts), np.arange(len(layouts)))

    def test(self, layouts: np.ndarray) -> np.ndarray:
        """Which layouts satisfy the predicate, then the conditions solved double dummy."""
        ok = np.ones(len(layouts), dtype=bool)
        if self.accept is not None:
            ok = np.array([bool(self.accept(self.hidden.deal(layout)[0])) for layout in layouts], dtype=bool)
        if self.plays:
            from prefdd.solver.analyses.condition_plays import makes  # it solves: above this module

            def answer(seat: int, contract: str, rows: np.ndarray) -> np.ndarray:
                return makes(self.hidden, seat, contract, rows)

            rows = np.flatnonzero(ok)
            ok[rows] = evaluate(And(tuple(self.plays)), Counter(self.hidden, layouts[rows]),
                                np.arange(len(rows)), answer)
        return ok

    def tally(self, exact: bool, dealt: int, kept: int, tested: int, passed: int,
              listed_all: bool = False) -> Tally:
        """The counts, with the stages as run (`listed_all`: every layout listed, every condition checked)."""
        total = self.hidden.count()
        if listed_all:
            return Tally(exact, total, total, dealt, kept, tested, passed, (),
                         (*self.applied, *self.rejected), tuple(self.plays), self.accept is not None)
        return Tally(exact, total, self.dealing.space, dealt, kept, tested, passed,
                     tuple(self.applied), tuple(self.rejected), tuple(self.plays), self.accept is not None)

    def empty(self) -> InvalidInputError:
        return InvalidInputError(f"no layout satisfies {self.what}")


def draw(hidden: Hidden, count: int, seed: int | np.random.Generator | None = None,
         accept: Accept | None = None) -> tuple[np.ndarray, Tally]:
    """`count` layouts drawn uniformly from those that satisfy every condition, and the tally."""
    if count < 1:
        raise InvalidInputError(f"the number of samples must be at least 1, not {count}")
    rng = np.random.default_rng(seed)
    stages = _Stages(hidden, accept)
    if stages.dealing.space == 0:
        raise stages.empty()
    found: list[np.ndarray] = []
    waiting = np.zeros((0, len(hidden.unseen)), dtype=np.int8)
    dealt = kept = tested = passed = have = 0
    budget = max(TEST_MINIMUM, TEST_FACTOR * count)
    while have < count:
        later = (passed + 1) / (tested + 1) if stages.tests else 1.0  # the later stages' rate, roughly
        if not len(waiting):
            if _hopeless(dealt, kept, (count - have) / later, DEAL_LIMIT, DEAL_FLOOR):
                raise _too_few(stages.what, "dealt", dealt, kept, count)
            batch = stages.dealing.sample(rng, DEAL_BATCH)
            ok = stages.cards(batch, stages.rejected)
            dealt, kept, waiting = dealt + len(batch), kept + int(ok.sum()), batch[ok]
            continue
        needed = count - have  # tested one by one: about as many as the rate so far says will do
        size = min(len(waiting), max(min(16, needed), math.ceil(needed / later)) if stages.tests else needed)
        chunk, waiting = waiting[:size], waiting[size:]
        if stages.tests:
            if _hopeless(tested, passed, count - have, budget, TEST_FLOOR):
                raise _too_few(stages.what, "tested", tested, passed, count)
            ok = stages.test(chunk)
            tested, passed, chunk = tested + len(chunk), passed + int(ok.sum()), chunk[ok]
        found.append(chunk)
        have += len(chunk)
    return np.concatenate(found)[:count], stages.tally(False, dealt, kept, tested, passed)


def satisfying(hidden: Hidden, accept: Accept | None = None,
               limit: int = EXACT_LIMIT) -> tuple[np.ndarray, Tally]:
    """Every layout that satisfies every condition, in :meth:`Hidden.enumerate`'s order, and the tally.

    When every layout is few enough to list, they are listed and checked;
    else only those satisfying the conditions applied while dealing are
    listed, class matrix by class matrix, if they are few enough.
    """
    stages = _Stages(hidden, accept)
    total, space = hidden.count(), stages.dealing.space
    if total <= limit:
        candidates, parts = hidden.every(), [*stages.applied, *stages.rejected]
    elif space <= limit:
        every = list(stages.dealing.every())
        candidates = canonical(np.concatenate(every) if every else np.zeros((0, len(hidden.unseen)), np.int8),
                               len(hidden.sizes))
        parts = stages.rejected
    elif not stages.applied:
        raise InvalidInputError(f"{total:,} layouts are too many to enumerate (at most {limit:,}): "
                                "sample them instead")
    else:
        applied = " and ".join(render(part, hidden.game, stages.seating) for part in stages.applied)
        raise InvalidInputError(f"{space:,} layouts satisfy {applied}, too many to enumerate "
                                f"(at most {limit:,}): sample them instead")
    ok = stages.cards(candidates, parts)
    layouts = candidates[ok]
    kept = len(layouts)
    if stages.tests:
        layouts = layouts[stages.test(layouts)]
    if not len(layouts):
        raise stages.empty()
    return layouts, stages.tally(True, len(candidates), kept, kept, len(layouts), listed_all=total <= limit)


def _hopeless(trials: int, passed: int, needed: float, budget: int, floor: int) -> bool:
    """Whether a stage should give up: its budget spent, or (after `floor` trials) too little of it left
    for the rate so far (taken generously: two more passed than did)."""
    if trials >= budget:
        return True
    if trials < floor:
        return False
    return trials + needed * trials / (passed + 2) > budget


def _too_few(what: str, done: str, trials: int, passed: int, count: int) -> InvalidInputError:
    if not passed:
        return InvalidInputError(f"(almost) no layout satisfies {what}: "
                                 f"none of {trials:,} layouts {done} did")
    return InvalidInputError(f"too few layouts satisfy {what}: {passed:,} of {trials:,} {done} "
                             f"({100 * passed / trials:.3g}%), not enough for {count:,}: "
                             "loosen the conditions or ask for fewer samples")
