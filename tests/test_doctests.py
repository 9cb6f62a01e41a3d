"""Every docstring example of the public modules runs as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "rules", "rules.cards", "rules.constraints", "rules.deal", "rules.errors", "rules.games",
    "rules.play", "rules.play_notation", "rules.position", "rules.session", "rules.contracts",
    "rules.talon", "rules.scoring", "rules.scoring.preferans",
    "rules.scoring.vienna", "rules.scoring.priffe", "rules.scoring.polskt_pass",
    "solver", "solver.analysis", "solver.api", "solver.batch", "solver.bid_values", "solver.bidding",
    "solver.contracts", "solver.layouts", "solver.scores", "solver.tables", "solver.talon",
    "solver.talon_batch", "solver.stretches",
    "cli.main", "cli.options", "cli.render", "cli.table", "cli.talon", "cli.talon_render",
    "cli.bid", "cli.bid_render",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
