"""Solving many layouts at once: on worker processes or any executor, stopped with Ctrl-C, reproducibly.

The analyses over unseen cards (:mod:`~prefdd.solver.analyses.bidding`,
:mod:`~prefdd.solver.analyses.whist`) hand :func:`run_layouts` a *work*
function, which solves a chunk of layouts and returns arrays with one row
per layout, and the layouts. Chunks go to the workers (each of our own
workers keeps to a contiguous stretch of rows, so its engine's table stays
useful), and results land by layout index: the numbers do not depend on the
number of workers or the executor. A KeyboardInterrupt stops the run and
keeps the layouts finished: searches in this process's threads are stopped
(:mod:`prefdd.solver.stopping`), worker processes ended, at once.

>>> from functools import partial
>>> import numpy as np
>>> (doubled,), done = run_layouts(partial(np.multiply, 2), np.arange(6)[:, None], workers=1)
>>> doubled[:, 0].tolist(), bool(done.all())
([0, 2, 4, 6, 8, 10], True)
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)

import numpy as np

from prefdd.rules import checks
from prefdd.solver.analyses.layouts import Hidden
from prefdd.solver.analyses.scores import ScoreOptions
from prefdd.solver.engines import Team, team_for
from prefdd.solver.stopping import resume_searches, stop_searches
from prefdd.solver.stretches import Stretches

Work = Callable[[np.ndarray], "np.ndarray | tuple[np.ndarray, ...]"]
"""Solves a chunk of layouts (rows): one array, or several, each with a row per layout."""


def run_layouts(work: Work, layouts: np.ndarray, *, order: np.ndarray | None = None,
                workers: int | None = None, executor: Executor | None = None, chunk: int | None = None,
                progress: Callable[[int, int], None] | None = None, shared: bool = False,
                ) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
    """`work`'s arrays for every layout, and which layouts were finished (all, unless stopped).

    `work` must pickle (a module-level function, or a :func:`functools.partial` of one) to run on
    worker processes. The layouts are solved in `order` (default: as given), on `workers` processes
    (default: every core; one runs in a thread) or on `executor`; `progress(done, total)` is called as
    chunks finish. Rows not finished are left zero.

    With `shared`, the workers are instead the threads of one team (:class:`~prefdd.solver.engines.Team`)
    whose engines search one table, taking the chunks in order: for work that runs in the engine without
    the GIL (the batched answers of :mod:`~prefdd.solver.analyses.plain_batch`) on layouts whose searches
    share trick starts (the hands of 32 cards around one hand the player holds), where each process's
    table would see only its own stretch. (Called from a team's thread, which works alone, it runs as
    without `shared`.)
    """
    count = len(layouts)
    threads = min(workers or os.cpu_count() or 1, max(count, 1))  # more would have nothing to do
    size = chunk or max(1, min(128, count // (256 * threads)))  # small: a stop loses little work
    order = np.arange(count) if order is None else order
    if shared and threads > 1 and executor is None and (crew := team_for(threads)) is not None:
        return _run_on_team(work, layouts, order, crew, size, progress)
    done = np.zeros(count, dtype=bool)
    outputs: list[np.ndarray] | None = None
    if executor is not None:
        pool: Executor = executor
    elif threads > 1:
        pool = ProcessPoolExecutor(max_workers=threads, initializer=_leave_interrupts_to_caller)
    else:
        pool = ThreadPoolExecutor(max_workers=1)
    # Our own workers each keep to a stretch of rows; an executor's unknown number gets every chunk at once.
    stretches = Stretches(count, threads if executor is None else -(-count // size), size)
    pending: dict[Future, int] = {}

    def submit(part: int) -> None:
        taken = stretches.take(part)
        if taken is not None:
            part, start, stop = taken
            pending[pool.submit(_run_chunk, work, start, layouts[order[start:stop]])] = part

    stopped = False
    try:
        for part in range(stretches.parts):
            submit(part)
        finished = 0
        while pending:
            for future in wait(pending, return_when=FIRST_COMPLETED).done:
                part = pending.pop(future)
                start, arrays = future.result()
                if outputs is None:
                    outputs = _outputs(arrays, count)
                rows = order[start:start + len(arrays[0])]
                for output, array in zip(outputs, arrays, strict=True):
                    output[rows] = array
                done[rows] = True
                finished += len(rows)
                if progress is not None:
                    progress(finished, count)
                submit(part)
    except KeyboardInterrupt:
        stopped = True
        for future in pending:
            future.cancel()
        stop_searches()  # the searches in this process's threads
    finally:
        if isinstance(pool, ProcessPoolExecutor) and executor is None and stopped:
            _end_workers(pool)
        elif executor is None:
            pool.shutdown(cancel_futures=True)
        if stopped:
            resume_searches()
    if outputs is None:  # nothing finished: the arrays' shapes from an empty chunk
        outputs = _outputs(_run_chunk(work, 0, layouts[:0])[1], count)
    return tuple(outputs), done


def _run_on_team(work: Work, layouts: np.ndarray, order: np.ndarray, crew: Team, size: int,
                 progress: Callable[[int, int], None] | None) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
    """run_layouts on `crew`, whose threads share one table, `size` rows a chunk, in order.

    Each chunk's rows are written as it finishes, so that a Ctrl-C (which stops the team's searches)
    keeps every chunk finished before it.
    """
    count = len(layouts)
    done = np.zeros(count, dtype=bool)
    outputs: list[np.ndarray] = []
    lock = threading.Lock()

    def run(start: int) -> None:
        rows = order[start:start + size]
        _, arrays = _run_chunk(work, start, layouts[rows])
        with lock:
            if not outputs:
                outputs.extend(_outputs(arrays, count))
            for output, array in zip(outputs, arrays, strict=True):
                output[rows] = array
            done[rows] = True

    def report(_: int) -> None:
        if progress is not None:
            with lock:
                finished = int(done.sum())
            progress(finished, count)

    # A Ctrl-C stops the team's searches; the chunks finished are kept.
    with contextlib.suppress(KeyboardInterrupt):
        crew.map(run, range(0, count, size), progress=report)
    if not outputs:  # nothing finished: the arrays' shapes from an empty chunk
        outputs.extend(_outputs(_run_chunk(work, 0, layouts[:0])[1], count))
    return tuple(outputs), done


MAX_WORKERS = 1024
"""The most worker processes a run is spread over."""


def check_run(options: ScoreOptions, workers: int | None, executor: Executor | None,
              progress: Callable[[int, int], None] | None) -> None:
    """Refuse scoring options, workers, an executor or a progress callback of the wrong kind."""
    checks.instance(options, ScoreOptions, "options", "ScoreOptions")
    checks.integer(workers, "workers", 1, MAX_WORKERS, optional=True)
    checks.instance(executor, Executor, "executor", "an Executor or None", optional=True)
    checks.instance(progress, Callable, "progress", "a function of (done, total) or None", optional=True)


def solving_order(hidden: Hidden, layouts: np.ndarray) -> np.ndarray:
    """The rows sorted by who holds the highest unseen card, then the next highest, and so on.

    Layouts that differ only in low cards share most of their play, and a table entry keeps only
    the ranks that decided it: solved one after the other, they find much of their search in the
    table. (For the exact bench, a fifth fewer nodes than in the order of the enumeration.) A
    sample is best solved in its own order, so that the layouts finished when a run is stopped
    are still a uniform sample.
    """
    unseen = hidden.unseen
    by_strength = sorted(range(len(unseen)), key=lambda i: (-unseen[i].rank, unseen[i].suit))
    if not by_strength:
        return np.arange(len(layouts))
    return np.lexsort([layouts[:, i] for i in reversed(by_strength)])


def column_errors(values: np.ndarray, exact: bool, partial: bool = False) -> np.ndarray:
    """Each column's standard error of the mean, std / sqrt(n), the layouts being a random sample:
    0 for a whole enumeration (`exact`), NaN for one stopped part way (`partial`): its layouts,
    taken in a fixed order, are neither all of them nor a sample, and no error can be given.

    >>> column_errors(np.array([[0.0, 1.0], [2.0, 1.0]]), exact=False).tolist()
    [1.0, 0.0]
    >>> column_errors(np.array([[0.0, 1.0], [2.0, 1.0]]), exact=True, partial=True).tolist()
    [nan, nan]
    """
    if exact:
        return np.full(values.shape[1], np.nan if partial else 0.0)
    if len(values) < 2:
        return np.full(values.shape[1], np.inf)
    errors = values.std(axis=0, ddof=1) / math.sqrt(len(values))
    errors[np.ptp(values, axis=0) == 0] = 0.0  # a constant column: no rounding noise
    return errors


def paired_advantage(first: np.ndarray, second: np.ndarray, exact: bool,
                     partial: bool = False) -> tuple[float, float]:
    """The mean of `first` less `second`, layout by layout, and its standard error (as column_errors:
    0 when exact, NaN for an enumeration stopped part way)."""
    difference = first - second
    if len(difference) == 0:
        return math.nan, math.inf
    if exact:
        return float(difference.mean()), math.nan if partial else 0.0
    error = difference.std(ddof=1) / math.sqrt(len(difference)) if len(difference) > 1 else math.inf
    return float(difference.mean()), float(error)


def ranked(columns: np.ndarray) -> tuple[int, int | None, tuple[int, ...]]:
    """The choices (columns of scores, one row per layout) ranked: the best (highest mean; ties: the
    first), the runner-up (the best that scores differently on some layout, else the second best; None
    if there is one choice) and the others that score as the best on every layout, best first.

    >>> ranked(np.array([[1.0, 3.0, 3.0], [3.0, 3.0, 3.0]]))
    (1, 0, (2,))
    """
    means = columns.mean(axis=0) if len(columns) else np.zeros(columns.shape[1])
    order = sorted(range(columns.shape[1]), key=lambda i: -means[i])
    best = order[0]
    same = [i for i in order[1:] if np.array_equal(columns[:, i], columns[:, best])]
    second = next((i for i in order[1:] if i not in same), order[1] if len(order) > 1 else None)
    return best, second, tuple(same)


def normal_confidence(mean: float, error: float) -> float:
    """Φ(mean / error): how likely a paired advantage is really positive (normal approximation); NaN
    when there is no error to judge by.

    >>> round(normal_confidence(1.0, 1.0), 3), normal_confidence(2.0, 0.0)
    (0.841, 1.0)
    """
    if math.isnan(error):
        return math.nan
    if error == 0:
        return 1.0 if mean > 0 else 0.5
    return 0.5 * (1 + math.erf(mean / error / math.sqrt(2)))


def _outputs(arrays: tuple[np.ndarray, ...], count: int) -> list[np.ndarray]:
    """Zeroed arrays of `count` rows, each shaped and typed as one of a chunk's `arrays` past its rows."""
    return [np.zeros((count, *a.shape[1:]), dtype=a.dtype) for a in arrays]


def _run_chunk(work: Work, start: int, layouts: np.ndarray) -> tuple[int, tuple[np.ndarray, ...]]:
    arrays = work(layouts)
    return start, arrays if isinstance(arrays, tuple) else (arrays,)


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """End the worker processes of a stopped run at once: their chunks in progress are not kept,
    and the process would otherwise wait for them to finish before it can exit."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _leave_interrupts_to_caller() -> None:
    """A worker process ignores Ctrl-C: the caller stops the run and keeps what is finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
