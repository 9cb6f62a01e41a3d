"""Solving many positions at once, on every core, results as numpy arrays.

The engine releases the GIL while it searches and each thread has its own
transposition table, so plain threads scale across cores.

>>> from rules import PREFERANS, Position, Suit, parse_deal
>>> deals = ["AKQ... 987... JT.7..", "987... AKQ... JT.7.."]
>>> positions = [Position(PREFERANS, parse_deal(d, PREFERANS), Suit.SPADES, 0) for d in deals]
>>> solve_many(positions, seats=0).tolist()
[3, 0]
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import Executor, ThreadPoolExecutor

import numpy as np

from rules import Position
from solver.api import solve


def _solve_one(args: tuple[Position, int | None, bool]) -> int:
    position, seat, minimise = args
    return solve(position, seat, minimise=minimise).tricks


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
    runs on `workers` threads (default: every core), or on `executor` if given.
    """
    count = len(positions)
    seat_list = list(seats) if isinstance(seats, Sequence) else [seats] * count
    minimise_list = list(minimise) if isinstance(minimise, Sequence) else [minimise] * count
    if len(seat_list) != count or len(minimise_list) != count:
        raise ValueError("give one seat and one minimise flag per position, or one for all")
    jobs = list(zip(positions, seat_list, minimise_list, strict=True))
    if executor is not None:
        return np.fromiter(executor.map(_solve_one, jobs), dtype=np.int16, count=count)
    with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
        return np.fromiter(pool.map(_solve_one, jobs), dtype=np.int16, count=count)
