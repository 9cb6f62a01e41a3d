"""``prefdd bid --where``: conditions with effects a player can predict, the tally, mistakes in one line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prefdd.cli.main import main

HAND = "SA SK SJ ST S9 HA HK D7 C8 C7"
TALON = "DA C9"
EAST = "SQ S8 HQ HJ DK DQ DJ CA CK CQ"
WEST = "S7 HT H9 H8 H7 DT D9 D8 CJ CT"
KNOWN = ["--talon", TALON, "--known", f"1:{EAST}", "--known", f"2:{WEST}"]


def run(*args: str):
    return CliRunner().invoke(main, ["bid", "preferans", "--hand", HAND, "--dealer", "2", "--workers", "1",
                                     *args])


def one_line_error(result, message: str = "") -> None:
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and result.output.startswith("prefdd: error: ")
    assert message in result.output and "Traceback" not in result.output


def test_long_spades_on_the_left_cost_the_spade_contracts() -> None:
    args = ["--contracts", "6S,8S", "--samples", "200", "--seed", "1", "--json"]
    free = json.loads(run(*args).output)
    blocked = json.loads(run(*args, "--where", "left.spades >= 3").output)
    p8 = {d["contract"]: d["probability"] for d in free["contracts"]}["8S"]
    q8 = {d["contract"]: d["probability"] for d in blocked["contracts"]}["8S"]
    assert q8 < p8 - 0.15  # three trumps behind the declarer's: fewer eight-trick layouts
    where = blocked["where"]
    assert where["conditions"] == ["left.spades >= 3"]
    assert where["roles"] == {"declarer": 0, "left": 1, "right": 2}
    assert where["counted"] and where["satisfying"] == where["dealt_from"] < where["layouts"] == 42_678_636
    assert where["applied_while_dealing"] == ["left.spades >= 3"] and where["acceptance"] == 1.0
    assert free["where"]["conditions"] == [] and free["where"]["satisfying"] == 42_678_636


def test_makes_as_a_condition_makes_the_contract_certain() -> None:
    result = run("--contracts", "8S", "--samples", "30", "--where", "declarer makes 8S", "--json")
    data = json.loads(result.output)
    assert data["contracts"][0]["probability"] == 1.0
    assert data["where"]["solved"] == ["declarer makes 8S"] and 0 < data["where"]["acceptance"] < 1
    assert data["where"]["passed"] >= 30 and not data["where"]["counted"]


def test_the_conditions_and_their_count_are_shown_with_the_table() -> None:
    sampled = run("--contracts", "6S", "--samples", "20", "--where", "right.hcp >= 9 and left.hearts >= 2",
                  "--where", "not left has 2 of CA CK CQ")
    assert sampled.exit_code == 0, sampled.output
    assert "Where: right.hcp >= 9 and left.hearts >= 2; not left has 2 of CA CK CQ " \
           "(declarer = 0, left = 1, right = 2)." in sampled.output
    assert "About 20,300,000 of 42,678,636 layouts (47.7%) satisfy them: acceptance rate 90.7%; " \
           "dealt only where left.hearts >= 2 and not left has 2 of CA CK CQ (22,415,250 layouts); " \
           "then right.hcp >= 9 kept 7,433 of 8,192 dealt." in sampled.output
    # right holds 10 of the 14 unseen cards, left 4 with at most one of the 5 clubs: C(9,4) + 5 C(9,3) = 546
    exact = run("--talon", TALON, "--known", "1:SQ S8 HQ HJ DK DQ", "--contracts", "6S", "--exact",
                "--where", "right.clubs >= 4")
    assert exact.exit_code == 0, exact.output
    assert "Layouts satisfying them: 546 of 1,001 (54.5%), every one solved." in exact.output
    assert "Double dummy over all 546 layouts" in exact.output


def test_priffe_seats_by_compass_and_honours_by_contract() -> None:
    result = CliRunner().invoke(main, [
        "bid", "priffe", "--hand", "SA SK SQ SJ HT H9 H8 D7 D6 D5 C4 C3 C2", "--seat", "N", "--dealer", "W",
        "--contracts", "ruter", "--samples", "3", "--workers", "1", "--json",
        "--where", "S.diamonds >= 5 and partner.honours(ruter) >= 3"])
    assert result.exit_code == 0, result.output
    where = json.loads(result.output)["where"]
    assert where["roles"] == {"declarer": 0, "partner": 2, "left": 1, "right": 3}


@pytest.mark.parametrize("where,message", [
    ("left.spadse >= 5", "--where 'left.spadse >= 5': at column 6: unknown measure 'spadse'"),
    ("partner.hcp >= 12", "at column 1: no partner here"),
    ("left.spades >= ", "at the end: expected a number or a term"),
    ("left has SA SA", "at column 13: card SA named twice"),
    ("left.honours >= 2", "preferans has no honours (only Priffe scores them)"),
    ("left.spades = 0 and right.spades = 0", "no layout satisfies left.spades = 0 and right.spades = 0"),
    ("left.hcp >= 24 and left.diamonds >= 6", "(almost) no layout satisfies"),
])
def test_mistakes_and_impossible_conditions_are_one_line(where: str, message: str) -> None:
    one_line_error(run("--contracts", "6S", "--samples", "5", "--where", where), message)


def test_too_many_to_enumerate_names_the_count() -> None:
    one_line_error(run("--exact", "--where", "left.spades >= 1"), "too many to enumerate")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=40), st.lists(st.sampled_from(
    ["left", "right", "declarer", "talon", "1", ".", "spades", "hcp", "has", "of", "makes", "6S", "SA", "and",
     "or", "not", "(", ")", ">=", "=", "<", "+", "3", "0"]), max_size=10).map(" ".join)))
def test_any_where_text_runs_or_exits_2_with_one_line(text: str) -> None:
    """Every hand known: a valid condition is true (one layout solved) or false (no layout satisfies it)."""
    result = run(*KNOWN, "--contracts", "6S", "--exact", "--where", text)
    if result.exit_code == 0:
        assert "Layouts satisfying them: 1 of 1" in result.output
    else:
        one_line_error(result)
