"""The double-dummy solver: a Cython engine and the Python API over it."""

from solver.api import Solution, set_table_size, solve
from solver.batch import solve_many
from solver.bidding import BidResult, bid
from solver.contracts import ContractResult, solve_contract
from solver.scores import ScoreOptions, score
from solver.tables import FAMILIES, LABELS, Table, table

__all__ = [
    "BidResult", "bid",
    "FAMILIES", "LABELS", "ContractResult", "ScoreOptions", "Solution", "Table",
    "score", "set_table_size", "solve", "solve_contract", "solve_many", "table",
]
