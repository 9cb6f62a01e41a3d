"""Progress bars on stderr for long commands (table, talon, analyse, bid), on a terminal only.

:func:`progress_bar` gives a callback ``update(done, total)`` that the library's
analyses call as they go, drawing a bar on stderr; when stderr is not a
terminal (a pipe, a file, a test) it gives None and nothing is drawn. The bar
is transient: it is gone when the command prints its answer.

>>> with progress_bar("cells", shown=False) as update:
...     update is None
True
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Units done per second."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        return Text("" if task.speed is None else f"{task.speed:.1f} {self.unit}/s")


@contextmanager
def progress_bar(unit: str, shown: bool | None = None,
                 rate: bool = False) -> Iterator[Callable[[int, int], None] | None]:
    """A callback drawing a bar of `unit` done (``cells``, ``cards``...) on stderr, or None when not
    `shown` (default: when stderr is a terminal); with `rate`, also the units done per second."""
    if not (sys.stderr.isatty() if shown is None else shown):
        yield None
        return
    columns: list[ProgressColumn] = [TextColumn("solving"), BarColumn(), MofNCompleteColumn(),
                                     TextColumn(unit)]
    if rate:
        columns += [RateColumn(unit), TextColumn("left"), TimeRemainingColumn()]
    else:
        columns.append(TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(unit, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update
