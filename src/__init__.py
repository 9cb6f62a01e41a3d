"""prefdd: double-dummy solving and hand analysis for the Préférence family of card games.

The everyday API is here at the top; :mod:`prefdd.rules` is what the games are (cards,
deals, rule sets, contracts, scoring), :mod:`prefdd.solver` the engine and the analyses
built on it, :mod:`prefdd.cli` the ``prefdd`` command line.

>>> import prefdd
>>> deal = prefdd.parse_deal("QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87", prefdd.PREFERANS)
>>> position = prefdd.Position(prefdd.PREFERANS, deal, trump=prefdd.Suit.SPADES, leader=1, declarer=0)
>>> prefdd.solve(position).tricks
0

The solver's names (``solve``, ``solve_contract``, ``table``, ...) are imported on first use,
so that ``import prefdd`` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prefdd import solver
from prefdd.rules import (
    CONTRACTS,
    GAMES,
    POLSKT_PASS,
    PREFERANS,
    PRIFFE,
    VIENNA,
    Card,
    Contract,
    Deal,
    Game,
    InvalidInputError,
    Position,
    Suit,
    get_contract,
    get_game,
    parse_card,
    parse_cards,
    parse_deal,
    parse_play,
)

if TYPE_CHECKING:  # the solver's names for type checkers; at run time __getattr__ imports them
    from prefdd.solver import (  # noqa: F401
        Analysis,
        BidResult,
        ContractResult,
        Solution,
        Table,
        TalonResult,
        WhistResult,
        analyse,
        analyse_contract,
        bid,
        score,
        solve,
        solve_contract,
        solve_many,
        solve_talon,
        table,
        whist,
    )

_SOLVER_NAMES = (
    "Analysis", "BidResult", "ContractResult", "Solution", "Table", "TalonResult", "WhistResult",
    "analyse", "analyse_contract", "bid", "score", "solve", "solve_contract", "solve_many",
    "solve_talon", "table", "whist",
)

__all__ = [
    "CONTRACTS", "GAMES", "POLSKT_PASS", "PREFERANS", "PRIFFE", "VIENNA",
    "Card", "Contract", "Deal", "Game", "InvalidInputError", "Position", "Suit",
    "get_contract", "get_game", "parse_card", "parse_cards", "parse_deal", "parse_play",
    *_SOLVER_NAMES, "__version__",
]


def __getattr__(name: str) -> object:
    if name == "__version__":
        return _version()
    if name not in _SOLVER_NAMES:
        raise AttributeError(f"module 'prefdd' has no attribute {name!r}")
    value = getattr(solver, name)
    globals()[name] = value
    return value


def _version() -> str:
    """The installed version, looked up on first use (importlib.metadata is a fifth of a command's start)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("prefdd")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
