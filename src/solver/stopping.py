"""Stopping long work with Ctrl-C, though the engine searches without the GIL.

A search runs in C without the GIL, where Python cannot raise a
KeyboardInterrupt: Ctrl-C would wait until the search ended (a minute, for a
hard nolla). So :func:`run_stoppable` runs a long call in a worker thread and
waits for it in the calling (main) thread, which takes the KeyboardInterrupt
at once. It then stops every engine (:meth:`Engine.stop`: a search unwinds from
its next trick start, and the engine's call raises :class:`Stopped`, a
KeyboardInterrupt), and lets the call end within a moment:

- an analysis that keeps what it finished (:func:`~prefdd.solver.table`,
  :func:`~prefdd.solver.analyse`, :func:`~prefdd.solver.solve_talon`) catches
  the stop and returns a result marked ``partial``, which
  :func:`run_stoppable` returns;
- any other call (:func:`~prefdd.solver.solve`) ends in the KeyboardInterrupt,
  which :func:`run_stoppable` raises.

Called directly from the main thread, those analyses keep what they finished
too; the KeyboardInterrupt then comes when the search in progress ends.

>>> run_stoppable(sum, [1, 2, 3])
6
"""

from __future__ import annotations

import os
import queue
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as WaitedEnough
from typing import TypeVar

from prefdd.solver._engine import Engine, Stopped

__all__ = ["DaemonWorkers", "Stopped", "run_stoppable", "stop_searches", "resume_searches", "track"]

T = TypeVar("T")

WIND_DOWN = 1.0
"""Seconds a stopped call has to end and hand over what it finished; then it is left behind."""

_engines: weakref.WeakSet[Engine] = weakref.WeakSet()
_engines_lock = threading.Lock()


def track(engine: Engine) -> Engine:
    """Register `engine` so that :func:`stop_searches` reaches it; returns it."""
    with _engines_lock:
        _engines.add(engine)
    return engine


def _every_engine() -> list[Engine]:
    with _engines_lock:
        return list(_engines)


def stop_searches() -> None:
    """Stop the search on every engine (in every thread); each unwinds from its next trick start.

    An engine not searching stops its next search: once the stopped work has ended, call
    :func:`resume_searches` (:func:`run_stoppable` does both).
    """
    for engine in _every_engine():
        engine.stop()


def resume_searches() -> None:
    """Let every engine search again, once the stopped work has ended."""
    for engine in _every_engine():
        engine.resume()


class DaemonWorkers:
    """`count` daemon threads running the calls handed to them in turn: each thread's engine keeps its table
    from call to call, and a call left behind after a stop does not keep the process from ending."""

    def __init__(self, count: int = 1, name: str = "prefdd-stoppable"):
        self.count = count
        self.calls: queue.SimpleQueue = queue.SimpleQueue()
        for number in range(count):
            threading.Thread(target=self._run, name=name if count == 1 else f"{name}-{number}",
                             daemon=True).start()

    def _run(self) -> None:
        while (job := self.calls.get()) is not None:
            future, call, args, kwargs = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(call(*args, **kwargs))
            except BaseException as error:  # handed to the waiting thread
                future.set_exception(error)

    def submit(self, call: Callable[..., T], *args: object, **kwargs: object) -> Future[T]:
        future: Future[T] = Future()
        self.calls.put((future, call, args, kwargs))
        return future

    def end(self) -> None:
        """Let each thread end once it has run the calls handed to it."""
        for _ in range(self.count):
            self.calls.put(None)


_worker: DaemonWorkers | None = None
_worker_lock = threading.Lock()


def _the_worker() -> DaemonWorkers:
    global _worker
    with _worker_lock:
        if _worker is None:
            _worker = DaemonWorkers()
        return _worker


def _wait(future: Future[T], seconds: float | None = None) -> T:
    """The call's result, waiting in short steps so that Ctrl-C is taken between them."""
    waited = 0.0
    while True:
        try:
            return future.result(timeout=0.1)
        except WaitedEnough:
            waited += 0.1
            if seconds is not None and waited >= seconds:
                raise KeyboardInterrupt from None


def run_stoppable(call: Callable[..., T], *args: object, **kwargs: object) -> T:
    """``call(*args, **kwargs)``, stopped by Ctrl-C within a moment even while the engine searches.

    In the main thread the call runs in a worker thread (see the module's
    docstring); elsewhere, where no KeyboardInterrupt arrives, it runs here.
    Returns what the call returns (after a stop, an analysis's partial result),
    or raises what it raises (KeyboardInterrupt, if it was stopped).
    """
    if threading.current_thread() is not threading.main_thread():
        return call(*args, **kwargs)
    future = _the_worker().submit(call, *args, **kwargs)
    try:
        return _wait(future)
    except KeyboardInterrupt:
        stop_searches()
        try:
            return _wait(future, WIND_DOWN)
        finally:
            if future.done():
                resume_searches()
            else:  # left behind, still stopped: later calls get a worker of their own
                _abandon_worker()


def _abandon_worker() -> None:
    global _worker
    with _worker_lock:
        _worker = None


def _renew_after_fork() -> None:
    """In a forked child, where only the forking thread lives on: the worker thread is gone (a call
    handed to it would never run) and a lock may have been held by another thread. Fresh ones."""
    global _worker, _worker_lock, _engines_lock
    _worker, _worker_lock, _engines_lock = None, threading.Lock(), threading.Lock()


os.register_at_fork(after_in_child=_renew_after_fork)
