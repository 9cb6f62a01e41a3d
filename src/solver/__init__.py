"""The double-dummy solver: a Cython engine, the Python API over it, and the analyses built on it.

Two layers: the engine's wrapper (:mod:`prefdd.solver.api`: ``solve``; :mod:`prefdd.solver.batch`:
``solve_many``; :mod:`prefdd.solver.engines`: each thread's engine, and teams of threads sharing a
table; :mod:`prefdd.solver.probes`: several values searched by a team at once) and, in
:mod:`prefdd.solver.analyses`, the questions asked of it (contracts,
tables, card-by-card analysis, the talon, bid expectations, layouts and scores). The analyses
import the engine's layer, never the other way round.

The names below are imported from their modules on first use (PEP 562), so
that a program solving single deals does not load numpy and the batch,
talon and bidding modules with them.

>>> from prefdd.solver import solve_many
>>> solve_many.__module__
'prefdd.solver.batch'
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names for type checkers; at run time __getattr__ imports them
    from prefdd.solver.analyses.bidding import BidResult, bid  # noqa: F401
    from prefdd.solver.analyses.contracts import ContractResult, solve_contract  # noqa: F401
    from prefdd.solver.analyses.played import Analysis, CardGroup, PlayedCard, analyse, analyse_contract  # noqa: F401
    from prefdd.solver.analyses.scores import ScoreOptions, score  # noqa: F401
    from prefdd.solver.analyses.tables import FAMILIES, LABELS, Table, table  # noqa: F401
    from prefdd.solver.analyses.talon import TalonChoice, TalonResult, solve_talon  # noqa: F401
    from prefdd.solver.analyses.whist import WhistResult, whist  # noqa: F401
    from prefdd.solver.api import Solution, solve  # noqa: F401
    from prefdd.solver.batch import solve_many  # noqa: F401
    from prefdd.solver.engines import set_table_size  # noqa: F401

_HOMES = {
    "prefdd.solver.analyses.played": ("Analysis", "CardGroup", "PlayedCard", "analyse", "analyse_contract"),
    "prefdd.solver.api": ("Solution", "solve"),
    "prefdd.solver.engines": ("set_table_size",),
    "prefdd.solver.batch": ("solve_many",),
    "prefdd.solver.analyses.bidding": ("BidResult", "bid"),
    "prefdd.solver.analyses.contracts": ("ContractResult", "solve_contract"),
    "prefdd.solver.analyses.scores": ("ScoreOptions", "score"),
    "prefdd.solver.analyses.tables": ("FAMILIES", "LABELS", "Table", "table"),
    "prefdd.solver.analyses.talon": ("TalonChoice", "TalonResult", "solve_talon"),
    "prefdd.solver.analyses.whist": ("WhistResult", "whist"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = sorted(_HOME_OF)


def __getattr__(name: str) -> object:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'prefdd.solver' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
