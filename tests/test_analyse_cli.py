"""``prefdd analyse``: text, --ascii, --json, --session, and one-line errors with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from prefdd.cli.main import main

DEAL1 = "QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87"
# The classic deal: against 6♠ by seat 0 only a diamond lead holds the declarer to no trick.
CLASSIC = ["analyse", "preferans", DEAL1, "--contract", "6S", "--dealer", "0", "--declarer", "0"]
SESSION = Path(__file__).parent.parent / "examples" / "session.txt"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_text_has_the_diagram_the_table_and_the_mistakes() -> None:
    result = run(*CLASSIC, "--play", "♥7 ♥8 ♥K / ♦A")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seat 0 (declarer, dealer)" in out and "♦ KQJT9" in out
    assert "Values: tricks for the declarer's side (seat 0)" in out
    row = next(line for line in out.splitlines() if "♥7" in line)
    assert row.split() == ["1", "seat", "1", "♥7", "0", "3", "✗", "3", "♦KQJT9"]
    assert "3 cards cost 6 tricks. Lost by each player: seat 0 2, seat 1 3, seat 2 1." in out


def test_ascii_has_no_symbols() -> None:
    result = run(*CLASSIC, "--play", "H7 H8 HK / DA", "--ascii")
    assert result.exit_code == 0, result.output
    assert result.output.isascii()
    assert "D KQJT9" in result.output
    row = next(line for line in result.output.splitlines() if "H7" in line)
    assert "x 3" in row and "DKQJT9" in row


def test_json_gives_every_card_with_groups() -> None:
    data = json.loads(run(*CLASSIC, "--play", "H7 H8 HK / DA", "--json").output)
    assert data["point_of_view"] == "declarer" and data["side"] == [0]
    first = data["cards"][0]
    assert (first["trick"], first["seat"], first["card"], first["before"], first["after"],
            first["cost"]) == (1, 1, "H7", 0, 3, 3)
    assert first["best"] == [["DK", "DQ", "DJ", "DT", "D9"]]
    assert {"cards": ["DK", "DQ", "DJ", "DT", "D9"], "value": 0} in first["values"]
    free = [card for card in data["cards"] if not card["cost"]]
    assert free and all(card["best"] is None and card["values"] is None for card in free)
    assert data["lost_by_seat"] == {"0": 2, "1": 3, "2": 1}


def test_all_cards_values_every_card_played() -> None:
    plain = json.loads(run(*CLASSIC, "--play", "H7 H8 HK / DA", "--json").output)
    data = json.loads(run(*CLASSIC, "--play", "H7 H8 HK / DA", "--json", "--all-cards").output)
    assert data["cards"][0] == plain["cards"][0]  # a costly card has them either way
    for judged, cheap in zip(data["cards"], plain["cards"], strict=True):
        assert judged["best"] and judged["values"]
        assert {k: v for k, v in judged.items() if k not in ("best", "values")} == \
            {k: v for k, v in cheap.items() if k not in ("best", "values")}


def test_a_full_deal_with_no_mistake_says_so() -> None:
    # The defence's best line: diamonds, seat 2 ruffing.
    data = json.loads(run("solve", *CLASSIC[1:], "--json", "--line").output)
    played = " / ".join(" ".join(t["cards"]) for t in data["line"])
    result = run(*CLASSIC, "--play", played)
    assert "No card cost anything" in result.output
    assert "The side takes 0 of 10 tricks as played" in result.output


def test_session_totals_per_player() -> None:
    result = run("analyse", "--session", str(SESSION))
    assert result.exit_code == 0, result.output
    assert "Polskt pass, deal 4, ♦ trumps: 1 costly card, lost: Clara 1." in result.output
    clara = next(line for line in result.output.splitlines() if line.startswith("Clara"))
    assert clara.split() == ["Clara", "3", "1", "4"]
    data = json.loads(run("analyse", "--session", str(SESSION), "--json").output)
    assert [d["game"] for d in data["deals"]] == ["preferans", "preferans", "vienna", "polskt-pass",
                                                  "priffe"]
    assert data["totals"]["Clara"] == {"tricks": 3, "deals": 1, "mistakes": 4}
    assert data["deals"][1]["point_of_view"] == "player"  # all-pass: each for himself


@pytest.mark.parametrize("args,message", [
    (CLASSIC + ["--play", "SK S8 DA"],
     "trick 1, card ♦A: seat 0 must follow ♠ (revoke); may play ♠Q ♠T ♠7"),
    (CLASSIC + ["--play", "SK SQ"], "trick 1, card ♠Q: it is seat 2's turn, not seat 0's"),
    (CLASSIC + ["--play", "SK S8 SQ / D7"], "trick 2, card ♦7: card ♦7 is not in seat 1's hand"),
    (CLASSIC + ["--play", "SK S8 SQ / SK"], "trick 2, card ♠K: ♠K was already played, in trick 1"),
    (CLASSIC + ["--play", "SK S8 SZ"], "trick 1: unknown rank 'Z' in card 'SZ'"),
    (CLASSIC + ["--play", "SK S8 / SQ"], "trick 1 of the play has 2 cards"),
    (CLASSIC[:3] + ["--play", "SK"], "give the --contract played"),
    (CLASSIC, "give the cards played with --play"),
    (["analyse", "--session", str(SESSION), "--contract", "6S"], "give --session FILE alone"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("prefdd: error: ")
    assert message in lines[0]


def test_a_revoke_in_a_session_names_the_deal_and_line(tmp_path) -> None:
    text = SESSION.read_text(encoding="utf-8").replace("play: ♣8 ♣9 ♣Q", "play: ♣8 ♣9 ♦Q")
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    result = run("analyse", "--session", str(path))
    assert result.exit_code == 2
    assert result.stderr.strip() == ("prefdd: error: deal 1 (line 6): trick 1, card ♦Q: seat 1 "
                                     "must follow ♣ (revoke); may play ♣K ♣Q")


def test_solve_groups_equivalent_cards_in_text_and_json() -> None:
    args = ["solve", "preferans", DEAL1, "--trump", "S", "--leader", "1", "--declarer", "0",
            "--all-cards"]
    assert "♦KQJT9: 0, ♣A: 4, ♣9: 4" in run(*args).output
    data = json.loads(run(*args, "--json").output)
    groups = data["card_groups"]
    assert {"cards": ["DK", "DQ", "DJ", "DT", "D9"], "value": 0} in groups
    assert sorted(c for g in groups for c in g["cards"]) == sorted(data["cards"])


def test_solve_part_way_counts_the_tricks_won_and_gives_the_line_to_the_end() -> None:
    # After a trick and a half (♠K wins trick 1 for seat 1), the line finishes trick 2.
    data = json.loads(run("solve", *CLASSIC[1:], "--play", "♠K ♠8 ♠Q / ♦K", "--json",
                          "--line").output)
    assert data["tricks_won"] == 0 and len(data["line"]) == 9
    assert data["line"][0]["cards"][0] == "DK" and data["line"][0]["winner"] is not None
    assert data["tricks"] == sum(t["winner"] == 0 for t in data["line"])
