"""The double-dummy solver: a Cython engine and the Python API over it."""

from solver.api import Solution, solve

__all__ = ["Solution", "solve"]
