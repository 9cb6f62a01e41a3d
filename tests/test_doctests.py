"""Every docstring example of every module of the package runs as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import prefdd.cli
import prefdd.rules
import prefdd.solver

# prefdd.cli lives in its own folder (cli/), so each layer is walked from its own path.
MODULES = ["prefdd", "prefdd.rules", "prefdd.solver", "prefdd.cli"] + sorted(
    module.name
    for layer in (prefdd.rules, prefdd.solver, prefdd.cli)
    for module in pkgutil.walk_packages(layer.__path__, f"{layer.__name__}.")
)


def test_every_layer_is_found() -> None:
    layers = {"prefdd.rules.scoring.vienna", "prefdd.solver.analyses.bidding", "prefdd.cli.main"}
    assert layers <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
