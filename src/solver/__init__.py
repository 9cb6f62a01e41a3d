"""The double-dummy solver: a Cython engine and the Python API over it."""

from solver.api import Solution, solve
from solver.contracts import ContractResult, solve_contract
from solver.tables import FAMILIES, LABELS, Table, table

__all__ = ["FAMILIES", "LABELS", "ContractResult", "Solution", "Table", "solve", "solve_contract", "table"]
