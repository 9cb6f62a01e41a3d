"""The double-dummy solver: a Cython engine and the Python API over it."""

from solver.api import Solution, solve
from solver.contracts import ContractResult, solve_contract

__all__ = ["ContractResult", "Solution", "solve", "solve_contract"]
