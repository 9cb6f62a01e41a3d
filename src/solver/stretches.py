"""Handing rows out to workers in chunks, each worker keeping to one contiguous stretch.

A worker's engine keeps its transposition table from chunk to chunk, and
neighbouring layouts of an enumeration share much of their play, so a worker
that solves a contiguous stretch of rows searches far less than one given
every other chunk. :class:`Stretches` cuts the rows into one stretch per
worker; a worker that has finished its stretch takes the back half of the
longest one left, so that none idles while work remains.

>>> stretches = Stretches(20, parts=2, size=3)
>>> [stretches.take(0), stretches.take(1), stretches.take(0), stretches.take(0), stretches.take(0)]
[(0, 0, 3), (1, 10, 13), (0, 3, 6), (0, 6, 9), (0, 9, 10)]
>>> stretches.take(0)  # stretch 0 is done: the back half of stretch 1's rows 13-19
(2, 16, 19)
>>> [stretches.take(1), stretches.take(1), stretches.take(2), stretches.take(2)]
[(1, 13, 16), None, (2, 19, 20), None]
"""

from __future__ import annotations


class Stretches:
    """Rows ``0 .. count - 1`` in `parts` contiguous stretches, handed out `size` rows at a time."""

    def __init__(self, count: int, parts: int, size: int):
        self.size = size
        self.left = [[count * i // parts, count * (i + 1) // parts] for i in range(parts)]

    @property
    def parts(self) -> int:
        """The stretches made so far (split ones included)."""
        return len(self.left)

    def take(self, part: int) -> tuple[int, int, int] | None:
        """The next chunk for the worker on stretch `part`: (its stretch, first row, row after the last).

        When `part` is used up, the longest stretch left of at least two chunks is split and
        its back half becomes the worker's; None when no such stretch is left.
        """
        if self.left[part][0] == self.left[part][1]:
            longest = max(range(len(self.left)), key=lambda p: self.left[p][1] - self.left[p][0])
            start, end = self.left[longest]
            if end - start < 2 * self.size:
                return None
            middle = (start + end) // 2
            self.left[longest][1] = middle
            self.left.append([middle, end])
            part = len(self.left) - 1
        start, end = self.left[part]
        stop = min(start + self.size, end)
        self.left[part][0] = stop
        return part, start, stop
