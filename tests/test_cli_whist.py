"""``prefdd whist``: the table, JSON, settlements, plots, a stop with Ctrl-C, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import prefdd.cli.whist
from prefdd.cli.main import main
from prefdd.rules import PREFERANS, get_contract, parse_cards
from prefdd.solver.analyses.layouts import Hidden
from prefdd.solver.analyses.whist import evaluate_whist, whist

HAND = "SA SK H7 H8 DA DQ D9 CK CQ C7"
TALON = "C8 S7"
DECLARER = "HA HK HQ HJ HT H9 SQ SJ ST S9"
OTHER = "S8 DK DJ DT D8 D7 CA CJ CT C9"
PROBLEM = ["--hand", HAND, "--seat", "1", "--declarer", "0", "--dealer", "2"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_json_matches_the_api() -> None:
    result = run("whist", "preferans", *PROBLEM, "--contract", "7H", "--talon", TALON, "--samples", "6",
                 "--seed", "3", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    api = whist("preferans", parse_cards(HAND), 1, 0, 2, "7H", talon=parse_cards(TALON), samples=6, seed=3,
                workers=1)
    rows = data["actions"]
    assert [(r["action"], r["partner"], r["then"]) for r in rows] == [
        (*api.labels(o), o.then) for o in api.outcomes]
    assert [r["expected"] for r in rows] == api.expected.tolist()
    assert rows[1]["histogram"] == api.histograms[1].tolist() and rows[0]["histogram"] is None
    assert data["recommended"] == api.recommended and data["speaks"] == "first"
    assert {"quota", "expected_error", "partner"} <= set(rows[1]) and data["layouts"] == 6
    assert "double dummy" in data["model"] and "evenly" in data["model"]
    assert data["assumed"].startswith("the other defender (seat 2)")


def test_the_table_with_every_card_known() -> None:
    result = run("whist", "preferans", *PROBLEM, "--contract", "6H", "--talon", TALON,
                 "--known", f"0:{DECLARER}", "--known", f"2:{OTHER}", "--exact", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "all 1 layouts" in result.output and "Recommended: " in result.output
    assert "half-whist" in result.output and "Assumed: the other defender (seat 2)" in result.output
    assert "share of the settlement in whist points (sochi scoring)" in result.output


def test_vienna_settlements_partner_and_plot(tmp_path: Path) -> None:
    plot = tmp_path / "tricks.png"
    second = ["whist", "vienna", "--hand", HAND, "--seat", "2", "--declarer", "0", "--dealer", "2",
              "--contract", "spiel2", "--pot", "30", "--samples", "5", "--workers", "1"]
    result = run(*second, "--partner", "home", "--plot", str(plot))
    assert result.exit_code == 0, result.output
    assert "may settle" in result.output and "7-3" in result.output
    assert "answers home wherever he speaks" in result.output
    assert plot.read_bytes()[:4] == b"\x89PNG"
    data = json.loads(run(*second, "--json").output)
    assert [s["declarer_tricks"] for s in data["settlements"]] == [6, 7, 8, 6, 7, 8]
    assert {r["action"] for r in data["actions"]} == {"go", "home", "invite"}


def test_a_forced_go_with_and_gentlemanly_whist() -> None:
    forced = run("whist", "vienna", *PROBLEM, "--contract", "hearts", "--pot", "10", "--samples", "3",
                 "--workers", "1")
    assert forced.exit_code == 0, forced.output
    assert "Recommended: go" in forced.output and "must both go with" in forced.output
    gentle = run("whist", "preferans", *PROBLEM, "--contract", "6H", "--talon", TALON, "--gentlemanly",
                 "--samples", "3", "--workers", "1", "--progress")
    assert gentle.exit_code == 0 and "gentlemanly whist" in gentle.output


def test_a_stop_prints_the_partial_result_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def stopped(*args, **kwargs):
        hidden = Hidden.make("preferans", parse_cards(HAND), 1, 2, talon=parse_cards(TALON))

        def interrupt(done: int, total: int) -> None:
            raise KeyboardInterrupt

        return evaluate_whist(hidden, 0, get_contract(PREFERANS, "6H"), hidden.sample(20, seed=1), workers=1,
                              chunk=5, progress=interrupt, seed=1)

    monkeypatch.setattr(prefdd.cli.whist, "whist", stopped)
    result = run("whist", "preferans", *PROBLEM, "--contract", "6H")
    assert result.exit_code == 130
    assert "Stopped early: 5 of 20 layouts solved" in result.output


@pytest.mark.parametrize("args,message", [
    (["--contract", "misere"], "do not choose"),
    (["--contract", "6S", "--declarer", "1"], "is the declarer"),
    (["--contract", "6S", "--partner", "go"], "answers pass, whist, half-whist"),
    (["--contract", "8S", "--seat", "2", "--partner", "half-whist"], "only the second defender half-whists"),
    (["--contract", "6S", "--samples", "5", "--exact"], "not both"),
    (["--contract", "6S", "--seat", "7"], "unknown seat"),
    (["--contract", "7Z"], "unknown preferans contract"),
])
def test_bad_input_is_one_line(args: list[str], message: str) -> None:
    result = run("whist", "preferans", *PROBLEM, *args)  # an option given twice: the last counts
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_vienna_exact_with_the_talon_unseen_is_too_many() -> None:
    result = run("whist", "vienna", *PROBLEM, "--contract", "1", "--exact")
    assert result.exit_code == 2 and "too many to enumerate" in result.output


def test_listed_in_the_help() -> None:
    assert "whist" in run("--help").output
    assert "--partner" in run("whist", "--help").output
