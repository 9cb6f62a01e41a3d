"""The double-dummy solver: a Cython engine and the Python API over it."""

from solver.api import Solution, solve
from solver.batch import solve_many
from solver.contracts import ContractResult, solve_contract
from solver.scores import ScoreOptions, score
from solver.tables import FAMILIES, LABELS, Table, table

__all__ = [
    "FAMILIES", "LABELS", "ContractResult", "ScoreOptions", "Solution", "Table",
    "score", "solve", "solve_contract", "solve_many", "table",
]
