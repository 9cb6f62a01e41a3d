"""The defenders' answers under conditions on the hidden hands (issue 20 for ``whist``).

Each layout solved is checked against an independent reading of the conditions on the dealt hands
(where_oracle); an exact run with a condition is the exact run without it, restricted; a sample lies
within its error bars of the conditioned exact answer; and conditions move the answer the way a
player expects.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
import where_oracle
from click.testing import CliRunner

import prefdd.cli.whist
from prefdd.cli.main import main
from prefdd.rules import InvalidInputError, parse_cards
from prefdd.solver.analyses.conditions import Makes
from prefdd.solver.analyses.whist import defender_seating, whist

# Seat 1 defends against seat 0, seat 2 deals: seat 1 speaks first, seat 2 (his partner) second.
HAND = parse_cards("SA SK H7 H8 DA DQ D9 CK CQ C7")
TALON = parse_cards("C8 S7")
# Six of the declarer's cards known: the other 4 and the partner's 10 among 14 unseen, 1,001 layouts.
KNOWN = {0: parse_cards("HA HK HQ HJ SQ SJ")}


def test_the_roles_are_the_defenders() -> None:
    assert dict(defender_seating("preferans", 1, 0).roles) == {"declarer": 0, "partner": 2, "left": 2,
                                                               "right": 0}
    assert dict(defender_seating("vienna", 2, 0).roles) == {"declarer": 0, "partner": 1, "left": 0,
                                                            "right": 1}
    with pytest.raises(InvalidInputError, match="seat 1 is the declarer"):
        defender_seating("preferans", 1, 1)


@pytest.mark.parametrize("game,seat,contract,where", [
    ("preferans", 1, "6S", ["declarer.spades >= 4", "partner.hcp >= 6 or partner has CA"]),
    ("preferans", 2, "7D", ["declarer makes 7D", "left.diamonds >= 4"]),  # left is the declarer
    ("vienna", 1, "2", ["not partner has 2 of SQ SJ ST", "right.clubs <= 2"]),  # the talon unseen
])
def test_every_layout_solved_satisfies_every_condition(game: str, seat: int, contract: str,
                                                       where: list[str]) -> None:
    talon = TALON if game == "preferans" else ()
    result = whist(game, HAND, seat, 0, 2, contract, talon=talon, where=where, samples=12, seed=5, workers=1)
    assert [c.text for c in result.hidden.where] == where and result.count == 12
    assert all(where_oracle.satisfied(result.hidden, layout) for layout in result.layouts)
    if any("makes" in text for text in where):
        assert result.declarer_makes == 1.0 and result.tally.solved == (Makes(0, "7D"),)


def test_exact_with_a_condition_is_the_exact_run_restricted_to_it() -> None:
    args = dict(talon=TALON, known=KNOWN, exact=True, workers=1)
    everything = whist("preferans", HAND, 1, 0, 2, "6H", **args)
    where = ["partner.clubs >= 3", "declarer.diamonds >= 1 or not partner has DK"]
    narrowed = whist("preferans", HAND, 1, 0, 2, "6H", where=where, **args)
    keep = [where_oracle.satisfied(narrowed.hidden, layout) for layout in everything.layouts]
    assert everything.count == 1001 and 0 < sum(keep) < 1001
    assert np.array_equal(narrowed.layouts, everything.layouts[keep])
    assert np.array_equal(narrowed.tricks, everything.tricks[keep])
    assert np.array_equal(narrowed.values, everything.values[keep])
    assert narrowed.tally.exact and narrowed.tally.passed == narrowed.count == sum(keep)
    assert narrowed.expected == pytest.approx(everything.scores[keep].mean(axis=0))


def test_a_sample_lies_within_its_errors_of_the_conditioned_exact_answer() -> None:
    args = dict(talon=TALON, known=KNOWN, workers=1, where=["partner.hcp >= 5", "declarer.clubs <= 1"])
    exact = whist("preferans", HAND, 1, 0, 2, "6H", exact=True, **args)
    sample = whist("preferans", HAND, 1, 0, 2, "6H", samples=300, seed=11, **args)
    assert exact.count < 1001 and not exact.expected_error.any()
    for i, outcome in enumerate(exact.outcomes):
        assert abs(sample.expected[i] - exact.expected[i]) <= 4 * sample.expected_error[i] + 1e-9, i
        if outcome.play is not None:
            assert abs(sample.quota_probability[i] - exact.quota_probability[i]) \
                <= 4 * sample.quota_error[i] + 1e-9, i


def test_the_missing_trumps_with_the_declarer_cost_the_defenders() -> None:
    # Against 6♠ the defender holds ♠AK and sees ♠7 in the talon: five trumps are missing. All five in
    # the declarer's hand, the defenders take fewer tricks, he makes more often, and whisting pays less.
    args = dict(talon=TALON, samples=150, seed=2, workers=1)
    free = whist("preferans", HAND, 1, 0, 2, "6S", **args)
    long = whist("preferans", HAND, 1, 0, 2, "6S", where=["declarer.spades >= 5"], **args)
    both = free.outcome_index("whist", "whist")
    assert long.tally.counted and long.tally.satisfying == 3003  # C(5,5) C(15,5) of the 184,756
    assert long.tricks.mean() < free.tricks.mean() - 1
    assert long.declarer_makes > free.declarer_makes + 0.1
    errors = long.expected_error[both] + free.expected_error[both]
    assert long.expected[both] < free.expected[both] - 5 * errors


def test_a_predicate_narrows_as_the_same_condition_does() -> None:
    # ♠QJ known in the declarer's hand: two of the unseen ♠T98 more make four.
    unseen = frozenset(parse_cards("ST S9 S8"))
    args = dict(talon=TALON, known=KNOWN, exact=True, workers=1)
    by_text = whist("preferans", HAND, 1, 0, 2, "6S", where=["declarer.spades >= 4"], **args)
    by_predicate = whist("preferans", HAND, 1, 0, 2, "6S", **args,
                         accept=lambda deal: len(deal.hands[0] & unseen) >= 2)
    assert np.array_equal(by_text.layouts, by_predicate.layouts) and by_predicate.tally.predicate
    assert np.array_equal(by_text.values, by_predicate.values)


def run(*args: str):
    return CliRunner().invoke(main, ["whist", "preferans", "--hand", " ".join(map(str, HAND)), "--seat", "1",
                                     "--declarer", "0", "--dealer", "2", "--talon", "C8 S7", "--workers", "1",
                                     *args])


def test_the_command_shows_the_conditions_in_text_and_json() -> None:
    text = run("--contract", "6S", "--samples", "20", "--where", "declarer.spades >= 5",
               "--where", "partner.hcp >= 4")
    assert text.exit_code == 0, text.output
    assert "Where: declarer.spades >= 5; partner.hcp >= 4 (declarer = 0, partner = 2, left = 2, right = 0)." \
        in text.output
    assert "of 184,756 layouts" in text.output
    assert "what you know, only where the conditions hold" in text.output
    assert "among the layouts that satisfy the conditions" in text.output
    data = json.loads(run("--contract", "6S", "--samples", "20", "--json", "--where", "declarer makes 6S")
                      .output)
    where = data["where"]
    assert where["conditions"] == ["declarer makes 6S"] and where["solved"] == ["declarer makes 6S"]
    assert where["roles"] == {"declarer": 0, "partner": 2, "left": 2, "right": 0}
    assert 0 < where["acceptance"] < 1 and where["passed"] >= data["layouts"] == 20
    assert data["declarer_makes"] == 1.0
    plain = json.loads(run("--contract", "6S", "--samples", "5", "--json").output)["where"]
    assert plain["conditions"] == [] and plain["satisfying"] == 184_756


def test_the_command_with_every_layout_satisfying_counted() -> None:
    exact = run("--contract", "6S", "--known", "0:HA HK HQ HJ SQ SJ", "--exact",
                "--where", "partner.clubs >= 3")
    assert exact.exit_code == 0, exact.output
    # the partner's 10 cards among 14 unseen, 4 of them clubs (CA CJ CT C9): 3 or 4 of them
    # C(4,3) C(10,7) + C(4,4) C(10,6) = 480 + 210 = 690 of 1,001
    assert "Layouts satisfying them: 690 of 1,001 (68.9%), every one solved." in exact.output
    assert "Over all 690 layouts" in exact.output


@pytest.mark.parametrize("where,message", [
    ("partner.spadse >= 2", "--where 'partner.spadse >= 2': at column 9: unknown measure 'spadse'"),
    ("declarer.spades >= 6", "no layout satisfies declarer.spades >= 6"),
    ("left.honours >= 1", "preferans has no honours"),
])
def test_mistakes_and_impossible_conditions_are_one_line(where: str, message: str) -> None:
    result = run("--contract", "6S", "--samples", "5", "--where", where)
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert result.output.startswith("prefdd: error: ") and message in result.output


def test_a_stop_while_dealing_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(prefdd.cli.whist, "whist", stopped)
    result = run("--contract", "6S", "--where", "declarer makes 6S")
    assert result.exit_code == 130 and "stopped before any layout was solved" in result.output
