"""The prefdd command line: output modes, batch, and one-line errors with exit status 2."""

from __future__ import annotations

import json
import select
import subprocess
import sys

import pytest
from click.testing import CliRunner

from prefdd.cli.main import main

DEAL1 = "QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87"
PBN = "N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_text_output_shows_the_deal_and_a_sentence() -> None:
    result = run("solve", "preferans", DEAL1, "--trump", "S", "--leader", "1", "--declarer", "0")
    assert result.exit_code == 0, result.output
    assert "♠QT7 ♥KQJ ♦A ♣KQJ" in result.output
    assert "Seat 0 takes 0 of 10 tricks" in result.output


def test_a_solve_loads_neither_numpy_nor_rich() -> None:
    """The command line starts in a fresh interpreter each time: a solve imports only what it needs."""
    script = ("import sys\nfrom click.testing import CliRunner\nfrom prefdd.cli.main import main\n"
              f"result = CliRunner().invoke(main, ['solve', 'preferans', {DEAL1!r}])\n"
              "assert result.exit_code == 0, result.output\n"
              "print(sorted(m for m in ('numpy', 'rich') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_command_is_listed_and_runs() -> None:
    result = run("--help")
    for command in ("analyse", "bid", "solve", "table", "talon"):
        assert f"  {command} " in result.output
    assert run("table", "preferans", DEAL1).exit_code == 0


def test_json_with_all_cards_and_line() -> None:
    result = run("solve", "preferans", DEAL1, "--trump", "S", "--leader", "1", "--declarer", "0",
                 "--json", "--all-cards", "--line")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["tricks"] == 0
    assert set(data["cards"]) == {"SK", "SJ", "H7", "DK", "DQ", "DJ", "DT", "D9", "CA", "C9"}
    # Every card of seat 1 (a defender) leaves the declarer 0..5 tricks; the best ones 0.
    assert min(data["cards"].values()) == 0
    assert len(data["line"]) == 10
    assert sum(t["winner"] == 0 for t in data["line"]) == 0


def test_priffe_seats_by_compass_and_partnership() -> None:
    result = run("solve", "priffe", PBN, "--trump", "NT", "--leader", "E", "--declarer", "N",
                 "--json")
    data = json.loads(result.output)
    assert data["side"] == [0, 2]
    assert data["tricks"] + 3 == 13  # E/W take 3 on lead, as DDS says for this deal


def test_polskt_pass_wins_and_takes_all() -> None:
    # Seat 0 holds the four jacks (the top trumps) and the ace of hearts, the trump suit.
    deal = "J.AJ.J.J AKQT9... .KQT9.A. ..KQT9.A"
    data = json.loads(run("solve", "polskt-pass", deal, "--trump", "H", "--player", "0",
                          "--json").output)
    assert (data["wins"], data["takes_all"], data["tricks"]) == (True, True, 5)
    data = json.loads(run("solve", "polskt-pass", deal, "--trump", "H", "--player", "1",
                          "--json").output)
    assert (data["wins"], data["takes_all"], data["tricks"]) == (False, False, 0)


def test_batch_gives_one_json_line_per_deal(tmp_path) -> None:
    deals = tmp_path / "deals.txt"
    deals.write_text(f"{DEAL1}\n\n# a comment\n{DEAL1}\n")
    result = run("solve", "preferans", "--batch", str(deals), "--trump", "S", "--leader", "1",
                 "--declarer", "0")
    lines = result.output.strip().splitlines()
    assert result.exit_code == 0 and len(lines) == 2
    assert [json.loads(line)["tricks"] for line in lines] == [0, 0]


def test_batch_from_stdin_reports_bad_lines_and_exits_2() -> None:
    result = run("solve", "preferans", "--batch", "-", "--trump", "S",
                 input=f"{DEAL1}\nAKQ... 987... JT...\n")
    lines = result.stdout.strip().splitlines()
    assert result.exit_code == 2
    assert json.loads(lines[0])["tricks"] >= 0
    assert "every hand in the play holds the same number" in json.loads(lines[1])["error"]


def test_a_batch_line_asks_its_own_question(tmp_path) -> None:
    """A line with options asks its own question, none of the command's deal options applying to it;
    a line without asks the command's. Each answer is the single solve's (the node counts aside: the
    lines share a deal, and so the engine's table)."""
    deals = tmp_path / "deals.txt"
    lines = [f"{PBN} --trump H --leader E", f"{PBN} --trump S --play 'SA S7'", PBN,
             f"{PBN} --contract nolla --dealer W --declarer W"]
    deals.write_text("\n".join(lines) + "\n")
    result = run("solve", "priffe", "--batch", str(deals), "--trump", "C", "--leader", "S", "--all-cards")
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.output.strip().splitlines()]
    alone = [("--trump", "H", "--leader", "E"), ("--trump", "S", "--play", "SA S7"),
             ("--trump", "C", "--leader", "S"), ("--contract", "nolla", "--dealer", "W", "--declarer", "W")]
    for answer, args in zip(answers, alone, strict=True):
        single = json.loads(run("solve", "priffe", PBN, "--all-cards", "--json", *args).output)
        assert answer.pop("nodes") > 0 and single.pop("nodes") > 0
        assert answer == single


def test_a_batch_on_threads_answers_in_the_lines_order(tmp_path) -> None:
    """With several threads a batch's deals are solved side by side, a deal a thread: the answers still
    come in the lines' order, bad lines among them, and are those of one thread (the node counts aside)."""
    deals = tmp_path / "deals.txt"
    lines = [f"{PBN} --contract nolla --dealer W --declarer W", f"{PBN} --trump H --leader E", "AKQ.. 9..",
             f"{PBN} --trump S --leader N", f"{PBN} --contract priffe --dealer S",
             f"{PBN} --trump D --leader W"]
    deals.write_text("\n".join(lines) + "\n")
    outputs = []
    for threads in ("1", "2", "3"):
        result = run("solve", "priffe", "--batch", str(deals), "--all-cards", "--threads", threads)
        assert result.exit_code == 2, result.output
        answers = [json.loads(line) for line in result.stdout.strip().splitlines()]
        for answer in answers:
            answer.pop("nodes", None)
        outputs.append(answers)
    assert outputs[0] == outputs[1] == outputs[2]
    assert [answer.get("line") for answer in outputs[0]] == [None, None, 3, None, None, None]
    assert [answer.get("trump") for answer in outputs[0]] == ["NT", "H", None, "S", "NT", "D"]


def test_a_batch_piped_in_is_answered_line_by_line() -> None:
    """A program that writes a deal and waits for its answer before the next gets each answer at once."""
    process = subprocess.Popen([sys.executable, "-m", "prefdd", "solve", "priffe", "--batch", "-"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stdout is not None
    try:
        for trump in ("H", "S"):
            process.stdin.write(f"{PBN} --trump {trump} --leader E\n")
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], 60)
            assert ready, "no answer while the next line is not written"
            assert json.loads(process.stdout.readline())["trump"] == trump
        process.stdin.close()
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()


@pytest.mark.parametrize(
    "line,message",
    [
        (f"{PBN} --all-cards", "a batch line takes --contract, --dealer,"),
        (f"{PBN} --trump 'H", "line 1: the line's options: No closing quotation"),
        (f"{PBN} --trump", "line 1: Option '--trump' requires an argument"),
        (f"{PBN} --contract nolla --leader W", "--contract sets who leads and what each side wants"),
        (f"{PBN} --trump X", "unknown suit 'X'"),
        (f"{PBN} --dealer W", "--dealer goes with --contract"),
    ],
)
def test_a_batch_lines_bad_options_name_the_line(line: str, message: str) -> None:
    result = run("solve", "priffe", "--batch", "-", input=f"{line}\n{PBN}\n")
    assert result.exit_code == 2
    first, second = (json.loads(text) for text in result.stdout.strip().splitlines())
    assert message in first["error"] and first["line"] == 1
    assert second["tricks"] >= 0


@pytest.mark.parametrize(
    "args,message",
    [
        (["solve", "preferans", DEAL1 + " SA"], "has 1 suit(s)"),
        (["solve", "preferans", DEAL1.replace("T87", "T8")], "hand 2 has 9 cards"),
        (["solve", "preferans", DEAL1.replace("KQJ.A", "KQJ.X")], "unknown rank 'X'"),
        (["solve", "preferans", DEAL1, "--play", "SQ SA"],
         "trick 1, card ♠A: it is seat 1's turn, not seat 2's (♠A is in seat 2's hand)"),
        (["solve", "preferans", DEAL1, "--trump", "H", "--play", "SQ H7"],
         "trick 1, card ♥7: seat 1 must follow ♠ (revoke); may play ♠K ♠J"),
        (["solve", "preferans", DEAL1, "--leader", "5"], "unknown seat '5'"),
        (["solve", "preferans", DEAL1, "--trump", "X"], "unknown suit 'X'"),
        (["solve", "preferans", DEAL1, "--rules", "follow,bogus"], "unknown play constraint"),
        (["solve", "polskt-pass", "9... T... Q... K..."], "always played with a trump suit"),
        (["solve", "chess", DEAL1], "'chess' is not one of"),
        (["solve", "preferans"], "give a DEAL"),
        (["solve", "vienna", "AK... QJ... -", "--leader", "2"], "leader 2 has no cards"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("prefdd: error: ")
    assert message in lines[0]


def test_contract_talon_leads_json() -> None:
    result = run("solve", "preferans", "A.7.. 7.8.. ..87. | 8.9..", "--contract", "allpass",
                 "--dealer", "2", "--talon-leads", "S8 H9", "--json", "--line")
    data = json.loads(result.output)
    assert data["tricks_by_seat"] == {"0": 1, "1": 1, "2": 0}
    assert [t["talon"] for t in data["line"]] == ["S8", "H9"]
    assert data["made"] is None


def test_contract_options_need_a_contract() -> None:
    result = run("solve", "preferans", DEAL1, "--talon-leads", "D8 D7")
    assert result.exit_code == 2 and "--talon-leads goes with --contract" in result.stderr
