"""The package: one import name, the everyday API at the top, the layers one way."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import prefdd

ROOT = Path(__file__).resolve().parent.parent
LAYERS = {"rules": ROOT / "src" / "rules", "solver": ROOT / "src" / "solver", "cli": ROOT / "cli"}
# What each layer may import of the others: rules <- solver <- cli.
ALLOWED = {"rules": {"rules"}, "solver": {"rules", "solver"}, "cli": {"rules", "solver", "cli"}}


def imported_layers(path: Path) -> set[str]:
    """The prefdd layers a module imports (prefdd.X... -> X)."""
    layers = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        layers |= {name.split(".")[1] for name in names if name.startswith("prefdd.")}
    return layers


def test_the_everyday_api_is_at_the_top() -> None:
    for name in ("solve", "Position", "parse_deal", "solve_contract", "table", "analyse_contract",
                 "solve_talon", "bid", "PREFERANS", "VIENNA", "PRIFFE", "POLSKT_PASS"):
        assert getattr(prefdd, name) is not None, name
    assert prefdd.solve is prefdd.solver.solve


def test_layers_import_one_way() -> None:
    for layer, folder in LAYERS.items():
        for path in folder.rglob("*.py"):
            assert imported_layers(path) <= ALLOWED[layer], path


def test_prefdd_imports_beside_another_package_named_rules(tmp_path: Path) -> None:
    """A package `rules` (django-rules installs one) does not shadow ours, nor ours it."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "__init__.py").write_text("NAME = 'someone else'\n")
    script = ("import rules, prefdd\n"
              "assert rules.NAME == 'someone else'\n"
              "assert prefdd.rules.PREFERANS.name == 'preferans'\n"
              "print(prefdd.solve(prefdd.Position(prefdd.PREFERANS, prefdd.parse_deal("
              "'AKQ... 987... JT.7..', prefdd.PREFERANS), prefdd.Suit.SPADES, leader=0)).tricks)")
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "3"


def test_python_dash_m_runs_the_command_line() -> None:
    version = subprocess.run([sys.executable, "-m", "prefdd", "--version"], capture_output=True, text=True)
    assert version.returncode == 0 and version.stdout.startswith("prefdd, version ")
    usage = subprocess.run([sys.executable, "-m", "prefdd", "-h"], capture_output=True, text=True)
    assert usage.returncode == 0 and usage.stdout.startswith("Usage: prefdd ")
