"""A spinner on stderr for one long search with no steps to count (``prefdd solve``), on a terminal only.

A nolla solve can search for seconds before it has anything to print: :func:`working`
shows that it is working, and for how long, and is gone when the answer is printed.
It draws only once the search has taken half a second, so a quick answer draws
nothing, and rich's bars are loaded only then (they take 35 ms to import, a third
of the command's start). When stderr is not a terminal (a pipe, a file, a test)
nothing is drawn.

>>> with working("solving", shown=False):
...     6 * 7
42
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def working(what: str, shown: bool | None = None, delay: float = 0.5) -> Iterator[None]:
    """A spinner, `what` and the time elapsed on stderr while the block runs, when `shown` (default: when
    stderr is a terminal), drawn once the block has taken `delay` seconds."""
    if not (sys.stderr.isatty() if shown is None else shown):
        yield
        return
    lock = threading.Lock()
    spinner = None
    ended = False

    def draw() -> None:
        nonlocal spinner
        from rich.console import Console
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        with lock:
            if ended:
                return
            spinner = Progress(SpinnerColumn(), TextColumn(what), TimeElapsedColumn(),
                               console=Console(stderr=True), transient=True)
            spinner.add_task(what, total=None)
            spinner.start()

    timer = threading.Timer(delay, draw)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            ended = True
            timer.cancel()
            if spinner is not None:
                spinner.stop()
