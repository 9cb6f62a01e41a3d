"""Every docstring example of the public modules runs as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "rules", "rules.cards", "rules.constraints", "rules.deal", "rules.errors", "rules.games",
    "rules.play", "rules.position", "rules.contracts", "rules.scoring", "rules.scoring.preferans",
    "rules.scoring.vienna", "rules.scoring.priffe", "rules.scoring.polskt_pass",
    "solver", "solver.api", "solver.batch", "solver.contracts", "solver.scores",
    "solver.tables", "cli.main", "cli.render",
    "solver.talon", "solver.layouts", "solver.bid_values", "solver.bidding", "cli.bid", "cli.bid_render",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
