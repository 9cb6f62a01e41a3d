"""The double-dummy solver: a Cython engine and the Python API over it."""

from solver.analysis import Analysis, CardGroup, PlayedCard, analyse, analyse_contract
from solver.api import Solution, set_table_size, solve
from solver.batch import solve_many
from solver.bidding import BidResult, bid
from solver.contracts import ContractResult, solve_contract
from solver.scores import ScoreOptions, score
from solver.tables import FAMILIES, LABELS, Table, table
from solver.talon import TalonChoice, TalonResult, solve_talon

__all__ = [
    "BidResult", "bid",
    "FAMILIES", "LABELS", "ContractResult", "ScoreOptions", "Solution", "Table",
    "score", "set_table_size", "solve", "solve_contract", "solve_many", "table",
    "TalonChoice", "TalonResult", "solve_talon",
]
__all__ += ["Analysis", "CardGroup", "PlayedCard", "analyse", "analyse_contract"]
