"""The condition language: what each statement means, its one-line mistakes, the parser fuzzed, the data."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prefdd.rules import PREFERANS, PRIFFE, VIENNA, InvalidInputError, parse_card, parse_cards
from prefdd.solver.analyses.conditions import (
    TALON,
    And,
    Compare,
    Condition,
    Count,
    Holds,
    Makes,
    Not,
    Or,
    Seating,
    check,
    parse_condition,
    render,
)

BIDDER = Seating.bidder(PREFERANS, seat=0, seats=3)
PRIFFE_BIDDER = Seating.bidder(PRIFFE, seat=1, seats=4)


def tree(text: str, seating: Seating = BIDDER):
    return parse_condition(text, seating).tree


def test_suit_lengths_by_number_and_by_role() -> None:
    assert tree("1.spades >= 5") == Compare(((Count(1, "spades"),), (5,)), (">=",))
    assert tree("left.spades >= 5") == tree("1.SPADES>=5") == tree("left.s >= 5") == tree("left.♠ >= 5")
    assert tree("2.hearts <= 1") == tree("right.hearts <= 1")
    assert tree("declarer.clubs = 0") == Compare(((Count(0, "clubs"),), (0,)), ("==",))


def test_roles_are_relative_to_the_player_asking() -> None:
    assert dict(Seating.bidder(PREFERANS, seat=1, seats=3).roles) == {"declarer": 1, "left": 2, "right": 0}
    assert dict(PRIFFE_BIDDER.roles) == {"declarer": 1, "partner": 3, "left": 2, "right": 0}
    defender = Seating.defender(PREFERANS, defender=2, declarer=0, seats=3)
    assert dict(defender.roles) == {"declarer": 0, "partner": 1, "left": 0, "right": 1}
    assert tree("partner has SA", defender) == Holds(1, (parse_card("SA"),), 1)


def test_compass_letters_in_priffe() -> None:
    assert tree("N.hcp >= 12", PRIFFE_BIDDER) == tree("0.hcp >= 12", PRIFFE_BIDDER)
    assert tree("W has SA", PRIFFE_BIDDER) == tree("3 has SA", PRIFFE_BIDDER)
    sides = tree("right.spades + partner.spades >= 8", PRIFFE_BIDDER)
    assert render(sides, PRIFFE) == "N.spades + W.spades >= 8"


def test_points_honours_and_holdings() -> None:
    assert tree("declarer.hcp >= 12") == Compare(((Count(0, "hcp"),), (12,)), (">=",))
    assert tree("left.honours(ruter) >= 3", PRIFFE_BIDDER).sides[0] == (Count(2, "honours", "ruter"),)
    assert tree("declarer has SA") == Holds(0, (parse_card("SA"),), 1)
    assert tree("partner has 2 of SA SK SQ", PRIFFE_BIDDER) == Holds(3, tuple(parse_cards("SA SK SQ")), 2)
    assert tree("left has SA, HA") == Holds(1, tuple(parse_cards("SA HA")), 2)
    assert tree("talon has DA") == Holds(TALON, (parse_card("DA"),), 1)


def test_makes_and_its_negation() -> None:
    assert tree("declarer makes 7S") == Makes(0, "7S")
    assert tree("not declarer makes 7s") == Not(Makes(0, "7S"))
    assert tree("left makes misere") == Makes(1, "misere")
    assert tree("declarer makes sju", Seating.bidder(VIENNA, 0, 3)) == Makes(0, "plauderer")


def test_and_binds_tighter_than_or_and_parentheses_group() -> None:
    a, b, c = (tree(t) for t in ("left.spades >= 5", "right.hcp <= 3", "declarer has SA"))
    assert tree("left.spades >= 5 or right.hcp <= 3 and declarer has SA") == Or((a, And((b, c))))
    assert tree("(left.spades >= 5 or right.hcp <= 3) and declarer has SA") == And((Or((a, b)), c))
    assert tree("not not left.spades >= 5") == Not(Not(a))
    assert tree("3 <= left.spades <= 5") == Compare(((3,), (Count(1, "spades"),), (5,)), ("<=", "<="))


@pytest.mark.parametrize("text,message", [
    ("", "no condition"),
    ("left.spadse >= 5", "at column 6: unknown measure 'spadse'"),
    ("left.spades >> 5", "at column 14: expected a number or a term like left.spades, not '>'"),
    ("left.spades >= ", "at the end: expected a number or a term"),
    ("lft.spades >= 5", "at column 1: unknown seat 'lft'"),
    ("partner.spades >= 5", "at column 1: no partner here"),
    ("4.spades >= 5", "at column 1: seat 4 does not exist"),
    ("left.spades", "at the end: expected a comparison"),
    ("left.spades >= 5 and", "at the end: expected a condition"),
    ("(left.spades >= 5", "at the end: expected ')' to close the '(' at column 1"),
    ("left.spades >= 5)", "at column 17: unexpected ')'"),
    ("left has S2", "at column 10: card S2 is not in the preferans deck"),
    ("left has SA SA", "at column 13: card SA named twice"),
    ("left has 4 of SA SK SQ", "4 of 3 card(s) cannot be held"),
    ("left has no SA", "write 'not SEAT has CARD'"),
    ("left makes 7Z", "at column 12: unknown preferans contract '7Z'"),
    ("left makes allpass", "allpass has no declarer"),
    ("talon makes 6S", "the talon declares nothing"),
    ("left.honours >= 2", "preferans has no honours"),
    ("left.hcp >= 1000", "1000 is too large"),
    ("left.hcp >= 5 ! ", "at column 15: unexpected character '!'"),
    ("(" * 60 + "left.hcp >= 5" + ")" * 60, "nested more than 50 deep"),
])
def test_mistakes_are_one_line_naming_the_column(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")) as error:
        parse_condition(text, BIDDER)
    assert "\n" not in str(error.value) and str(error.value).startswith(f"condition {text!r}")


def test_priffe_honours_need_a_contract_unless_one_is_played() -> None:
    with pytest.raises(InvalidInputError, match="honours depend on the contract in Priffe"):
        parse_condition("left.honours >= 2", PRIFFE_BIDDER)
    played = Seating.defender(PRIFFE, defender=1, declarer=0, seats=4, contract="hjarter")
    assert tree("declarer.honours >= 2", played).sides[0] == (Count(0, "honours", "hjarter"),)
    with pytest.raises(InvalidInputError, match="no talon"):
        parse_condition("talon has SA", PRIFFE_BIDDER)


def test_the_tree_pickles_and_renders_back() -> None:
    condition = parse_condition("(left.spades >= 5 or 3 <= right.hcp + left.hcp < 9) and "
                                "not declarer makes 7S and talon has 1 of SA SK", BIDDER)
    assert pickle.loads(pickle.dumps(condition)) == condition
    assert tree(render(condition.tree, PREFERANS)) == condition.tree
    assert Condition.of(condition.tree, PREFERANS).text == render(condition.tree, PREFERANS)


def test_check_refuses_data_that_names_what_is_not_in_the_game() -> None:
    check(tree("left.spades >= 5"), PREFERANS, 3)
    for node, message in [(Holds(5, (parse_card("SA"),), 1), "seat 5 does not exist"),
                          (Holds(1, (parse_card("S2"),), 1), "not in the preferans deck"),
                          (Compare(((Count(1, "length"),), (5,)), (">=",)), "unknown measure"),
                          (Compare(((Count(1, "honours", "ruter"),), (5,)), (">=",)), "no honours"),
                          (Makes(TALON, "6S"), "declares nothing"),
                          (Makes(1, "6Z"), "unknown preferans contract")]:
        with pytest.raises(InvalidInputError, match=message):
            check(node, PREFERANS, 3)


# -- fuzzed: any text gives a condition or one line of InvalidInputError ----------------------------------

WORDS = ["left", "right", "declarer", "partner", "talon", "0", "1", "2", "3", "N", "S", ".", "spades", "hcp",
         "honours", "aces", "has", "of", "makes", "7S", "misere", "SA", "HK", "♠A", "D7", "and", "or", "not",
         "(", ")", ">=", "<=", "=", "==", "!=", "<", ">", "+", ",", "5", "12", "999", "1000", "-", "ruter",
         "!"]


def _one_line_or_condition(text: str, seating: Seating) -> None:
    try:
        condition = parse_condition(text, seating)
    except InvalidInputError as error:
        assert "\n" not in str(error)
        return
    check(condition.tree, seating.game, seating.seats)
    assert parse_condition(render(condition.tree, seating.game), seating).tree == condition.tree


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60))
def test_any_text_gives_a_condition_or_one_line(text: str) -> None:
    _one_line_or_condition(text, BIDDER)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=14), st.sampled_from([BIDDER, PRIFFE_BIDDER]),
       st.booleans())
def test_any_words_give_a_condition_or_one_line(words: list[str], seating: Seating, spaced: bool) -> None:
    _one_line_or_condition((" " if spaced else "").join(words), seating)
