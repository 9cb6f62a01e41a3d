"""Ctrl-C: a real SIGINT to a long `solve`, `table`, `analyse` and `bid`, each in a process of its own.

Each must stop within a moment of the signal (the engine searches without the GIL, where Python
cannot take it: see prefdd.solver.stopping) with exit status 130, one line on stderr, and what it
had finished printed. The deal's nolla takes the engine a minute or more, so every command is still
searching when the signal comes.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import tempfile
import time

import pytest

# Found by bench.py's nolla suite (seed 0): over 20 s of search for the nolla of W, N leading.
HARD = "N:A97632..AQ94.Q84 KQ.9643.JT5.A752 JT85.QT7.3.KT963 4.AKJ852.K8762.J"
STARTUP = 4.0  # seconds for the interpreters to start and the searches to begin (all run at once)
STOP = 2.0  # the most a stop may take here (it takes a tenth of that; the machine may be busy)
SESSION = ("game: preferans\ndeal: A8.K.. K7.A.. 9.7.8.\ncontract: 6NT\ndealer: 2\nplay: SA S7 S9\n\n"
           f"game: priffe\ndeal: {HARD}\ncontract: nolla\ndealer: W\ndeclarer: W\nplay: S2\n")
BID = ("bid", "preferans", "--hand", "SA SK SJ ST S9 HA HK D7 C8 C7", "--samples", "3000")
# The discards made: the layouts are solved by a team of threads searching one table.
DISCARDED = ("bid", "preferans", "--hand", "SA SK SJ ST S9 HA HK D7 C8 C7", "--out", "DA C9", "--samples",
             "1000000")
EASY = "N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765 --trump H --leader E"
BATCH = (f"{EASY}\n{HARD} --contract nolla --dealer W --declarer W\n"
         f"{HARD} --contract nolla --dealer N --declarer N\n{EASY}\n")
RUNS = {
    "solve": (("solve", "priffe", HARD, "--contract", "nolla", "--dealer", "W", "--declarer", "W"), ""),
    "table": (("table", "priffe", HARD, "--dealer", "W", "--json"), ""),
    "session": (("analyse", "--session", "-"), SESSION),
    "analyse": (("analyse", "priffe", HARD, "--contract", "nolla", "--dealer", "W", "--declarer", "W",
                 "--play", "S2 SK SJ S4"), ""),
    "batch": (("solve", "priffe", "--batch", "-"), BATCH),
    "bid": ((*BID, "--workers", "1"), ""),
    "bid on processes": ((*BID, "--workers", "2"), ""),
    "bid on a team": ((*DISCARDED, "--workers", "2"), ""),
}
# A bid loads numpy and starts its workers before it solves a layout: on a busy machine (CI's, or seven of
# these runs on two cores) that can take longer than STARTUP, so the bids get their signal later.
SIGNAL_AT = {name: 2 * STARTUP if name.startswith("bid") else STARTUP for name in RUNS}


@pytest.fixture(scope="module")
def stopped() -> dict[str, tuple[subprocess.CompletedProcess, float]]:
    """Every run of RUNS started at once, sent SIGINT after SIGNAL_AT seconds: each one's outcome and the
    seconds it took to end after its signal."""
    processes = {}
    for name, (args, stdin) in RUNS.items():
        with tempfile.TemporaryFile("w+") as given:
            given.write(stdin)
            given.seek(0)
            processes[name] = subprocess.Popen([sys.executable, "-m", "prefdd", *args], stdin=given,
                                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started = time.monotonic()
    outcomes = {}
    for at in sorted(set(SIGNAL_AT.values())):
        time.sleep(max(0.0, started + at - time.monotonic()))
        group = {name: process for name, process in processes.items() if SIGNAL_AT[name] == at}
        signalled = {}
        for name, process in group.items():
            assert process.poll() is None, f"{name} ended before the signal"
            process.send_signal(signal.SIGINT)
            signalled[name] = time.monotonic()
        for name, process in group.items():
            try:
                out, err = process.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                out, err = process.communicate()
                err += "\n(did not stop within 60 s)"
            outcomes[name] = (subprocess.CompletedProcess(RUNS[name][0], process.returncode, out, err),
                              time.monotonic() - signalled[name])
    return outcomes


def check_stopped(outcome: tuple[subprocess.CompletedProcess, float], line: str) -> str:
    """The run stopped at once with exit status 130 and the one line `line` (a pattern); its stdout."""
    result, seconds = outcome
    assert result.returncode == 130, result.stderr
    assert seconds < STOP, f"took {seconds:.2f} s to stop"
    assert "Traceback" not in result.stderr
    assert re.fullmatch(line + "\n", result.stderr), result.stderr
    return result.stdout


def test_solve_stops_at_once(stopped: dict) -> None:
    assert check_stopped(stopped["solve"], "prefdd: stopped") == ""


def test_a_batch_keeps_the_answers_before_the_deal_under_way(stopped: dict) -> None:
    """The deals are solved side by side, a deal a thread: the last line's answer, found during the nollas,
    is not printed before theirs, and is lost with them."""
    out = check_stopped(stopped["batch"], r"prefdd: stopped: 1 deal solved")
    assert [json.loads(line)["trump"] for line in out.splitlines()] == ["H"]


def test_table_keeps_its_finished_cells(stopped: dict) -> None:
    data = json.loads(check_stopped(stopped["table"], r"prefdd: stopped: \d+ of 16 cells solved"))
    solved = sum(v is not None for row in data["tricks"] for v in row)
    assert data["partial"] and f"stopped: {solved} of 16" in stopped["table"][0].stderr
    # The nolla column takes the engine far longer than STARTUP: it is not kept.
    assert all(row[2] is None for row in data["tricks"])


def test_analyse_keeps_the_deals_it_finished(stopped: dict) -> None:
    out = check_stopped(stopped["session"], r"prefdd: stopped: 1 of 2 deals analysed")
    assert "Stopped: the first 1 of the 2 deals are analysed." in out
    assert "deal 1, 6 no trump" in out


def test_analyse_of_one_deal_stops_at_once(stopped: dict) -> None:
    out = check_stopped(stopped["analyse"], r"prefdd: stopped: 0 of 4 cards analysed")
    assert "Stopped before any card was analysed." in out


@pytest.mark.parametrize("name,total", [("bid", 3000), ("bid on processes", 3000),
                                        ("bid on a team", 1000000)])
def test_bid_keeps_the_layouts_it_solved(stopped: dict, name: str, total: int) -> None:
    check_stopped(stopped[name], rf"prefdd: stopped: \d+ of {total} layouts solved")
    solved = int(re.search(r"stopped: (\d+)", stopped[name][0].stderr)[1])  # type: ignore[index]
    assert 0 < solved < total
    assert f"Stopped early: {solved:,} of {total:,} layouts solved." in stopped[name][0].stdout
