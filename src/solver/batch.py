"""Solving many positions at once, on every core, results as numpy arrays.

Each thread takes chunks of positions: it turns a chunk into engine terms
(Python, holding the GIL), then its engine searches the whole chunk without
the GIL. Each thread has its own transposition table, so plain threads scale
across cores while the next chunk is prepared. The threads are kept from one
call to the next: a new engine's table is mapped into memory page by page as
the search first touches it, and the kernel handles those page faults one
thread at a time, so new threads for every call would pay that again.

>>> from prefdd.rules import PREFERANS, Position, Suit, parse_deal
>>> deals = ["AKQ... 987... JT.7..", "987... AKQ... JT.7.."]
>>> positions = [Position(PREFERANS, parse_deal(d, PREFERANS), Suit.SPADES, 0) for d in deals]
>>> solve_many(positions, seats=0).tolist()
[3, 0]
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from concurrent.futures import Executor, ThreadPoolExecutor

import numpy as np

from prefdd.rules import InvalidInputError, Position, checks
from prefdd.solver.api import _engine, check_question, solve, trick_search

CHUNK = 16
MAX_WORKERS = 1024
"""The most threads a batch is spread over."""

_pools: dict[int, ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()


def _pool(workers: int) -> ThreadPoolExecutor:
    """The kept pool of `workers` threads (each with its own engine, kept warm)."""
    with _pools_lock:
        if workers not in _pools:
            _pools[workers] = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="prefdd")
        return _pools[workers]


def _solve_chunk(jobs: list[tuple[Position, int | None, bool]]) -> list[int]:
    """The tricks of each job, the engine searching the chunk in one call without the GIL."""
    searches = [trick_search(position, seat, minimise) for position, seat, minimise in jobs]
    plain = [s for s in searches if s is not None]
    values = iter(_engine().values([s.engine_args() for s in plain]))
    return [
        search.tricks(next(values)) if search is not None
        else solve(position, seat, minimise=minimise, threads=1).tricks
        for search, (position, seat, minimise) in zip(searches, jobs, strict=True)
    ]


def solve_many(
    positions: Sequence[Position],
    seats: int | Sequence[int | None] | None = None,
    *,
    minimise: bool | Sequence[bool] = False,
    workers: int | None = None,
    executor: Executor | None = None,
) -> np.ndarray:
    """The asked side's tricks for each position, in order, as an int16 array.

    `seats` and `minimise` are one value for all positions or one per position
    (a seat of None: the declarer, else the leader, as :func:`solve`). The work
    runs on `workers` threads (default: every core), kept with their tables for
    later calls, or on `executor` if given.
    """
    if isinstance(positions, (str, bytes)) or not isinstance(positions, Sequence):
        raise InvalidInputError(f"positions must be a sequence of Positions, not {checks.shown(positions)}")
    count = len(positions)
    seat_list = list(seats) if isinstance(seats, Sequence) else [seats] * count
    minimise_list = list(minimise) if isinstance(minimise, Sequence) else [minimise] * count
    if len(seat_list) != count or len(minimise_list) != count:
        raise InvalidInputError("give one seat and one minimise flag per position, or one for all")
    jobs = list(zip(positions, seat_list, minimise_list, strict=True))
    for position, seat, flag in jobs:
        check_question(position, seat, flag)
    checks.integer(workers, "workers", 1, MAX_WORKERS, optional=True)
    checks.instance(executor, Executor, "executor", "an Executor or None", optional=True)
    chunks = [jobs[i:i + CHUNK] for i in range(0, count, CHUNK)]
    pool = executor if executor is not None else _pool(workers or os.cpu_count() or 1)
    results = list(pool.map(_solve_chunk, chunks))
    return np.fromiter((t for chunk in results for t in chunk), dtype=np.int16, count=count)
