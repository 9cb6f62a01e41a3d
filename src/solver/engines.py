"""The engines behind the API: one per thread, and teams of threads that share one table.

Every thread that solves has its own :class:`~prefdd.solver._engine.Engine`
with a transposition table of a fixed size (:func:`set_table_size`), made on
the thread's first solve and kept. A :class:`Team` is a set of threads, kept
from call to call, whose engines search one table together: the work of one
question (every card's value, a card-by-card analysis, a table's cells) is
shared out to them, and what one thread learns about a position the others
find in the table. An entry is a true bound on a position's value whichever
thread stored it, so the number of threads changes how fast an answer comes,
never the answer.

>>> crew = team_for(2)
>>> crew.map(lambda n: n * n, [1, 2, 3])
[1, 4, 9]
>>> crew.map(team_for, [2])  # a team's thread works alone
[None]
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_EXCEPTION, Future, wait
from typing import TypeVar

from prefdd.rules import InvalidInputError, checks
from prefdd.solver._engine import Engine, TransTable
from prefdd.solver.stopping import track

T = TypeVar("T")
R = TypeVar("R")

_local = threading.local()
_table_mb = 256
# Bumped by set_table_size: every thread's engine older than that is replaced on its next use.
_generation = 0
# How long the caller waits at a time for a team's answers: a Ctrl-C is seen between waits.
WAIT_SECONDS = 0.2
# A team shares the positions of this many tricks left or more; each thread keeps the smaller ones in
# a table of its own, a quarter of the size. On the every-card Priffe suite (2 threads, bench/threads.py)
# sharing every position once cost 152 ns a node against 123 on one thread, and 7 tricks or more was
# best; on the engine of issue 19's third session, 4 or more: 9% fewer nodes than 7 (18.4 M against
# 20.1 M over the suite's 50 deals), 3-4% less wall time (thresholds 0, 2, 4, 5, 7, 10 tried).
SHARE_FROM = 4


def set_table_size(megabytes: int) -> None:
    """The transposition table's size, in MB, of every thread's engine (default 256).

    Each thread's engine is made anew, its table empty, at its next search.
    Teams made before are let go: their threads end once they are idle.

    >>> set_table_size(64)
    >>> set_table_size(256)
    """
    global _table_mb, _generation
    checks.integer(megabytes, "the table's size in MB", 1, _memory_mb())
    try:
        engine = track(Engine(megabytes))
    except MemoryError:
        raise InvalidInputError(f"a table of {megabytes} MB does not fit in the memory free") from None
    _table_mb = megabytes
    _generation += 1
    _local.engine, _local.generation = engine, _generation
    with _teams_lock:
        for old in _teams.values():
            old.stop()
        _teams.clear()


def _memory_mb() -> int:
    """The machine's memory in MB (a table must fit in it), or a terabyte if the system does not say."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2**20
    except (ValueError, OSError, AttributeError):
        return 2**20


def _engine() -> Engine:
    """This thread's engine (each thread has its own transposition table, or its team's)."""
    engine = getattr(_local, "engine", None)
    if engine is None or _local.generation not in (_generation, None):
        engine = _local.engine = track(Engine(_table_mb))
        _local.generation = _generation
    return engine


def thread_count(threads: int | None) -> int:
    """The number of threads to use: `threads`, or every core for None.

    >>> thread_count(0)
    Traceback (most recent call last):
    ...
    prefdd.rules.errors.InvalidInputError: threads must be at least 1, not 0
    """
    if threads is None:
        return os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise InvalidInputError(f"threads must be at least 1, not {threads!r}")
    return threads


class Team:
    """`size` threads whose engines share one transposition table of `table_mb` megabytes.

    Positions of fewer than `share_from` tricks left each engine keeps in a table of its own.

    The threads are daemons waiting for work: :meth:`map` hands them tasks and
    waits for the answers a fraction of a second at a time, so that Ctrl-C
    stops the caller at once: tasks not yet started are dropped and the
    searches under way stopped (a daemon never keeps the program from exiting).
    """

    def __init__(self, size: int, table_mb: int, share_from: int = SHARE_FROM):
        self.size = size
        self.table = TransTable(table_mb)
        self.share_from = share_from
        # Each thread's engine, and the task it is working on (None between tasks).
        self.engines: dict[Engine, Future | None] = {}
        self._lock = threading.Lock()
        self._tasks: queue.SimpleQueue = queue.SimpleQueue()
        for number in range(size):
            threading.Thread(target=self._work, name=f"prefdd-team-{number}", daemon=True).start()

    def _work(self) -> None:
        engine = track(Engine(max(1, _table_mb // 4), table=self.table, share_from=self.share_from))
        # A team thread keeps this engine (generation None): set_table_size lets the whole team go instead.
        _local.engine, _local.generation = engine, None
        _local.in_team = True
        while True:
            task = self._tasks.get()
            if task is None:
                return
            future, work, item = task
            with self._lock:
                if not future.set_running_or_notify_cancel():
                    continue
                self.engines[engine] = future
                engine.resume()
            try:
                future.set_result(work(item))
            except BaseException as error:  # handed to the caller, who raises it
                future.set_exception(error)
            with self._lock:
                self.engines[engine] = None

    def map(self, work: Callable[[T], R], items: Iterable[T],
            progress: Callable[[int], None] | None = None) -> list[R]:
        """``[work(item) for item in items]``, the items shared out to the team's threads.

        `progress`, if given, is called in this thread with the number of tasks done,
        as they get done. The first error a task raises is raised here (and Ctrl-C),
        the tasks not yet started dropped and the searches under way stopped.
        """
        futures: list[Future] = []
        for item in items:
            futures.append(Future())
            self._tasks.put((futures[-1], work, item))
        try:
            pending = set(futures)
            while pending:
                done, pending = wait(pending, timeout=WAIT_SECONDS, return_when=FIRST_EXCEPTION)
                for future in done:
                    if future.exception() is not None:
                        raise future.exception()  # type: ignore[misc]
                if done and progress is not None:
                    progress(len(futures) - len(pending))
            return [future.result() for future in futures]
        except BaseException:
            mine = set(futures)
            with self._lock:
                for future in futures:
                    future.cancel()
                for engine, task in self.engines.items():
                    if task in mine:
                        engine.stop()
            raise

    @property
    def nodes(self) -> int:
        """The nodes the team's engines have searched so far."""
        return sum(engine.nodes for engine in list(self.engines))

    def stop(self) -> None:
        """Let the threads end once they have finished the tasks handed to them."""
        for _ in range(self.size):
            self._tasks.put(None)


_teams: dict[int, Team] = {}
_teams_lock = threading.Lock()


def _forget_teams() -> None:
    """In a forked child: only the forking thread lives on there, so the teams' threads are gone (a
    task handed to one would never be taken) and a lock may have been held by one of them. The child
    makes teams of its own; forked from a team's thread, it searches on an engine of its own."""
    global _teams_lock
    _teams.clear()
    _teams_lock = threading.Lock()
    if getattr(_local, "in_team", False):
        _local.engine, _local.in_team = None, False


os.register_at_fork(after_in_child=_forget_teams)


def team_for(threads: int | None) -> Team | None:
    """The kept team of `threads` threads (None: one per core), or None to work on this thread alone.

    None for one thread, and in a team's own threads (a task never waits for its
    team). A team is made on first use; its threads and their table are kept.
    """
    size = thread_count(threads)
    if size == 1 or getattr(_local, "in_team", False):
        return None
    with _teams_lock:
        if size not in _teams:
            _teams[size] = Team(size, _table_mb)
        return _teams[size]
