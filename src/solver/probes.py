"""The exact values of several positions at once, their zero-window probes shared out to a team.

A position's value is pinned between two bounds, `low` and `high`. A probe
asks "is it at least `t`?" for a `t` between them and raises `low` to `t` or
lowers `high` below it; the value is known when they meet. The threads of a
:class:`~prefdd.solver.engines.Team` take the probes from one board:

- a thread keeps to its position while that has probes to make (its engine
  has the position loaded), then starts the next one: first at the `guess`
  (the best value found so far, for the card values of one position: most
  cards are worth about as much as the best), or, with no guess yet, by a
  search of its own (the engine's estimate first), a second such search
  taking the last position (of card groups in the engine's order, the
  likely worst card);
- when no position is left to start, a thread helps with one still open: it
  probes the target beyond the one under way, betting on its answer, so that
  no thread idles while the last position is searched;
- a probe whose answer the others have made known meanwhile is stopped.

Every value is proved by its own probes, whatever the order they ran in, so
the values never depend on the number of threads.

>>> from prefdd.solver.engines import team_for
>>> class Known:  # a stand-in for a loaded search whose value is known
...     def __init__(self, value):
...         self.value_known = value
...     def at_least(self, target):
...         return self.value_known >= target
...     def value(self):
...         return self.value_known
>>> sorted(exact_values(team_for(2), [3, 1, 4, 1, 5], Known, low=0, high=9).items())
[(1, 1), (3, 3), (4, 4), (5, 5)]
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import Protocol

from prefdd.solver._engine import Engine, Stopped
from prefdd.solver.engines import Team, _engine


class Question(Protocol):
    """A position loaded into this thread's engine, to be probed."""

    def at_least(self, value: int) -> bool: ...

    def value(self) -> int: ...


class _Open:
    """A position being searched: its bounds, the probes under way and the way its answers go."""

    def __init__(self, low: int, high: int):
        self.low = low
        self.high = high
        self.up = True
        # The targets being probed (None: a search of the value), each with the engine probing it.
        self.busy: dict[int | None, Engine] = {}

    def next_target(self) -> int | None:
        """The next target to probe, the way the answers go, beyond those under way; None if none."""
        if None in self.busy:
            return None
        if self.up:
            target = max([self.low, *self.busy]) + 1  # type: ignore[type-var]
            return target if target <= self.high else None
        target = min([self.high + 1, *self.busy]) - 1  # type: ignore[type-var]
        return target if target > self.low else None


class _Board:
    """The positions to value and the probes under way, kept under one lock."""

    def __init__(self, keys: Iterable[Hashable], low: int, high: int, guess: int | None,
                 best: Callable[[Iterable[int]], int]):
        self.waiting = threading.Condition()
        self.fresh = deque(keys)
        self.left = len(self.fresh)
        self.open: dict[Hashable, _Open] = {}
        self.values: dict[Hashable, int] = {}
        self.bounds = (low, high)
        self.guess = guess
        self.best = best
        self.closed = False

    def take(self, last: Hashable | None, engine: Engine) -> tuple[Hashable, int | None] | None:
        """The next probe for a thread whose last position was `last`: (position, target); None at the end.

        A target of None asks for a search of the position's value. Waits while every
        position is started and none has a probe to make.
        """
        with self.waiting:
            while not self.closed and self.left:
                job = self._next(last)
                if job is not None:
                    self.open[job[0]].busy[job[1]] = engine
                    engine.resume()
                    return job
                self.waiting.wait()
            return None

    def _next(self, last: Hashable | None) -> tuple[Hashable, int | None] | None:
        if last in self.open and (target := self.open[last].next_target()) is not None:
            return last, target
        if self.fresh:
            # A position started while another is searched and no value is known yet is taken from the other
            # end: of card groups in the engine's order, the likely worst, whose search of its own costs less
            # (threads.md: every-card suite on two threads 5% less time, misère 2%).
            key = self.fresh.pop() if self.open and not self.values else self.fresh.popleft()
            state = self.open[key] = _Open(*self.bounds)
            guess = self.best(self.values.values()) if self.values else self.guess
            return key, None if guess is None else min(max(guess, state.low + 1), state.high)
        helped = [(len(s.busy), key, target) for key, s in self.open.items()
                  if (target := s.next_target()) is not None]
        return min(helped, key=lambda h: h[0])[1:] if helped else None

    def wanted(self, key: Hashable, target: int | None) -> bool:
        """Whether the probe of `target` on `key` would still tell something (the board stops the others)."""
        with self.waiting:
            state = self.open.get(key)
            if state is None or self.closed:
                return False
            return target is None or state.low < target <= state.high

    def answer(self, key: Hashable, target: int | None, result: int | bool | None) -> None:
        """Record a probe's answer (None: it was stopped), stopping the probes it makes needless."""
        with self.waiting:
            state = self.open.get(key)
            if state is None:
                return
            state.busy.pop(target, None)
            if result is not None:
                if target is None:
                    state.low = state.high = int(result)
                elif result:
                    state.low, state.up = max(state.low, target), True
                else:
                    state.high, state.up = min(state.high, target - 1), False
                for other, engine in state.busy.items():
                    if other is not None and not state.low < other <= state.high:
                        engine.stop()
                if state.low == state.high:
                    self.values[key] = state.low
                    self.left -= 1
                    del self.open[key]
            self.waiting.notify_all()

    def close(self) -> None:
        """End the work: every probe under way is stopped, and no thread takes another."""
        with self.waiting:
            self.closed = True
            for state in self.open.values():
                for engine in state.busy.values():
                    engine.stop()
            self.waiting.notify_all()


def exact_values(crew: Team, keys: Iterable[Hashable], load: Callable[[Hashable], Question], *,
                 low: int, high: int, guess: int | None = None,
                 best: Callable[[Iterable[int]], int] = max) -> dict[Hashable, int]:
    """The exact value of each position, by key, searched by `crew`'s threads together.

    `load(key)` loads a position into the calling thread's engine; every value lies
    in [`low`, `high`]. Positions start from the `best` of the values found so far,
    the first ones from `guess` (None: a search of their own).
    """
    board = _Board(keys, low, high, guess, best)

    def work(_: int) -> None:
        engine = _engine()
        last: Hashable | None = None
        question: Question | None = None
        while (job := board.take(last, engine)) is not None:
            key, target = job
            if key != last or question is None:
                question, last = load(key), key
            try:
                result = question.value() if target is None else question.at_least(target)
            except Stopped:
                if board.wanted(key, target):
                    raise  # not stopped by the board: the caller's stop (Ctrl-C, stop_searches)
                result = None
            board.answer(key, target, result)

    try:
        crew.map(work, range(crew.size))
    except BaseException:
        board.close()
        raise
    return board.values
