"""``prefdd bid``: the table, JSON, plots, progress, a stop with Ctrl-C, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import prefdd.cli.bid
from prefdd.cli.main import main
from prefdd.rules import PREFERANS, get_contract, parse_cards
from prefdd.solver.analyses.bidding import bid, evaluate
from prefdd.solver.analyses.layouts import Hidden

HAND = "SA SK SJ ST S9 HA HK D7 C8 C7"
TALON = "DA C9"
EAST = "SQ S8 HQ HJ DK DQ DJ CA CK CQ"
WEST = "S7 HT H9 H8 H7 DT D9 D8 CJ CT"


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_json_matches_the_api() -> None:
    result = run("bid", "preferans", "--hand", HAND, "--seat", "0", "--dealer", "2", "--talon", TALON,
                 "--contracts", "6S,7NT", "--samples", "6", "--seed", "3", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    api = bid("preferans", parse_cards(HAND), 0, 2, talon=parse_cards(TALON), contracts=["6S", "7NT"],
              samples=6, seed=3, workers=1)
    assert [c["contract"] for c in data["contracts"]] == ["6S", "7NT"]
    assert [c["expected"] for c in data["contracts"]] == api.expected.tolist()
    assert [c["histogram"] for c in data["contracts"]] == api.histograms.tolist()
    assert data["recommended"] == (api.recommended.name if api.recommended else "pass")
    assert data["layouts"] == 6 and not data["partial"] and data["seed"] == 3


def test_the_table_and_the_recommendation() -> None:
    result = run("bid", "preferans", "--hand", HAND, "--dealer", "2", "--talon", TALON,
                 "--known", f"1:{EAST}", "--known", f"2:{WEST}", "--contracts", "6S,10NT", "--exact",
                 "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "all 1 layouts" in result.output
    assert "Recommended: 6S" in result.output
    assert "score (sochi, whist points)" in result.output


def test_each_game_runs(tmp_path: Path) -> None:
    plot = tmp_path / "tricks.png"
    vienna = run("bid", "vienna", "--hand", HAND, "--dealer", "2", "--contracts", "spiel1,hearts",
                 "--samples", "4", "--workers", "1", "--pot", "30", "--plot", str(plot))
    assert vienna.exit_code == 0, vienna.output
    assert "payment (units)" in vienna.output and plot.read_bytes()[:4] == b"\x89PNG"
    polskt = run("bid", "polskt-pass", "--hand", "CJ SJ HJ DJ HA", "--seat", "1", "--dealer", "0",
                 "--samples", "10", "--workers", "1", "--json")
    assert polskt.exit_code == 0, polskt.output
    data = json.loads(polskt.output)
    assert {c["contract"]: c["probability"] for c in data["contracts"]}["H"] == 1.0
    hands = ["SA SK SQ SJ HT H9 H8 D7 D6 D5 C4 C3 C2", "ST S9 S8 S7 HA HK HQ DJ D4 CJ CT C9 C8",
             "S6 S5 S4 S3 HJ H7 H6 DA DK DQ CA CK CQ", "S2 H5 H4 H3 H2 DT D9 D8 D3 D2 C7 C6 C5"]
    priffe = run("bid", "priffe", "--hand", hands[0], "--seat", "N", "--dealer", "W",
                 "--known", f"E:{hands[1]}", "--known", f"S:{hands[2]}", "--known", f"W:{hands[3]}",
                 "--exact", "--workers", "1")
    assert priffe.exit_code == 0, priffe.output
    assert "side's points less theirs" in priffe.output


def test_progress_bar_when_asked() -> None:
    result = run("bid", "preferans", "--hand", HAND, "--dealer", "2", "--out", TALON, "--contracts", "6S",
                 "--samples", "5", "--workers", "1", "--progress")
    assert result.exit_code == 0, result.output


def test_a_stop_prints_the_partial_result_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def stopped(*args, **kwargs):
        hidden = Hidden.make("preferans", parse_cards(HAND), 0, 2, out=parse_cards(TALON))

        def interrupt(done: int, total: int) -> None:
            raise KeyboardInterrupt

        return evaluate(hidden, [get_contract(PREFERANS, "6S")], hidden.sample(20, seed=1), workers=1,
                        chunk=5, progress=interrupt, seed=1)

    monkeypatch.setattr(prefdd.cli.bid, "bid", stopped)
    result = run("bid", "preferans", "--hand", HAND, "--dealer", "2")
    assert result.exit_code == 130
    assert "Stopped early: 5 of 20 layouts solved" in result.output


def test_a_stop_while_the_layouts_are_dealt_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def dealing(*args, **kwargs):
        raise KeyboardInterrupt  # as from a slow 'makes' condition, before any layout is solved

    monkeypatch.setattr(prefdd.cli.bid, "bid", dealing)
    result = run("bid", "preferans", "--hand", HAND, "--dealer", "2", "--where", "declarer makes 9S")
    assert result.exit_code == 130 and "stopped before any layout was solved" in result.output


@pytest.mark.parametrize("args,message", [
    (["--hand", "SA SK"], "the hand holds 2 cards"),
    (["--hand", HAND, "--samples", "5", "--exact"], "not both"),
    (["--hand", HAND, "--exact"], "too many to enumerate"),
    (["--hand", HAND, "--seat", "5"], "unknown seat"),
    (["--hand", HAND, "--contracts", "7Z"], "unknown preferans contract"),
    (["--hand", HAND, "--known", "SA"], "write a seat, a colon"),
    (["--hand", HAND, "--samples", "0"], "0 is not in the range x>=1"),
])
def test_bad_input_is_one_line(args: list[str], message: str) -> None:
    result = run("bid", "preferans", *args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_a_run_on_a_dask_scheduler() -> None:
    distributed = pytest.importorskip("distributed")
    args = ["bid", "preferans", "--hand", HAND, "--dealer", "2", "--out", TALON, "--contracts", "6S,6NT",
            "--samples", "16", "--seed", "2", "--json"]
    local = run(*args, "--workers", "1")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = run(*args, "--dask", cluster.scheduler_address)
    assert remote.exit_code == 0, remote.output
    assert json.loads(remote.output) == json.loads(local.output)


def test_an_unreachable_dask_scheduler_is_one_line() -> None:
    pytest.importorskip("distributed")
    result = run("bid", "preferans", "--hand", HAND, "--dask", "tcp://127.0.0.1:9")
    assert result.exit_code == 2 and "cannot reach the scheduler" in result.output
