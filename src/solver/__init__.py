"""The double-dummy solver: a Cython engine and the Python API over it.

The names below are imported from their modules on first use (PEP 562), so
that a program solving single deals does not load numpy and the batch,
talon and bidding modules with them.

>>> from solver import solve_many
>>> solve_many.__module__
'solver.batch'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names for type checkers; at run time __getattr__ imports them
    from solver.analysis import Analysis, CardGroup, PlayedCard, analyse, analyse_contract  # noqa: F401
    from solver.api import Solution, set_table_size, solve  # noqa: F401
    from solver.batch import solve_many  # noqa: F401
    from solver.bidding import BidResult, bid  # noqa: F401
    from solver.contracts import ContractResult, solve_contract  # noqa: F401
    from solver.scores import ScoreOptions, score  # noqa: F401
    from solver.tables import FAMILIES, LABELS, Table, table  # noqa: F401
    from solver.talon import TalonChoice, TalonResult, solve_talon  # noqa: F401

_HOMES = {
    "solver.analysis": ("Analysis", "CardGroup", "PlayedCard", "analyse", "analyse_contract"),
    "solver.api": ("Solution", "set_table_size", "solve"),
    "solver.batch": ("solve_many",),
    "solver.bidding": ("BidResult", "bid"),
    "solver.contracts": ("ContractResult", "solve_contract"),
    "solver.scores": ("ScoreOptions", "score"),
    "solver.tables": ("FAMILIES", "LABELS", "Table", "table"),
    "solver.talon": ("TalonChoice", "TalonResult", "solve_talon"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = sorted(_HOME_OF)


def __getattr__(name: str) -> object:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'solver' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
