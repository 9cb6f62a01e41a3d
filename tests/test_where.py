"""Layouts that fit the conditions: each satisfies them, uniformly, counted, the same whatever the workers.

Each property is checked on the hands as dealt with an independent reading
of the condition (where_oracle), on problems small enough to enumerate.
"""

from __future__ import annotations

import math
import pickle
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import numpy as np
import pytest
import where_oracle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prefdd.rules import PREFERANS, InvalidInputError, parse_cards
from prefdd.solver.analyses import dealing
from prefdd.solver.analyses.bidding import bid
from prefdd.solver.analyses.conditions import (
    MEASURES,
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
    parse_conditions,
)
from prefdd.solver.analyses.layouts import Hidden

HAND = parse_cards("SA SK SJ ST S9 HA HK D7 C8 C7")
TALON_CARDS = parse_cards("DA C9")
LEFT_KNOWN = parse_cards("SQ S8 HQ HJ DK DQ")
EAST_HAND = parse_cards("SQ S8 HQ HJ DK DQ DJ CA CK CQ")
BIDDER = Seating.bidder(PREFERANS, 0, 3)


def small(*texts: str) -> Hidden:
    """1,001 layouts: the talon shown, six of the left hand's cards known, four of its cards and the right
    hand's ten among 14 unseen."""
    return Hidden.make("preferans", HAND, 0, 2, talon=TALON_CARDS, known={1: LEFT_KNOWN},
                       where=parse_conditions(texts, BIDDER))


def large(*texts: str) -> Hidden:
    """42,678,636 layouts: nothing known but the hand."""
    return Hidden.make("preferans", HAND, 0, 2, where=parse_conditions(texts, BIDDER))


def by_oracle(hidden: Hidden) -> np.ndarray:
    """The layouts that satisfy the conditions, read one by one from every layout."""
    every = hidden.every()
    return every[[where_oracle.satisfied(hidden, layout) for layout in every]]


# -- every layout drawn or listed satisfies every condition ---------------------------------------------

CONDITIONS = [
    ("left.spades >= 1",), ("right.hcp >= 9", "left.diamonds <= 3"), ("left has 2 of CA CK CQ CJ",),
    ("right.hearts >= 3 or left.clubs >= 2",), ("not right has DJ DT", "3 <= right.clubs <= 4"),
    ("left.hcp + right.aces > 6 and right.kings != 1",), ("right.jacks = 2 or (left.queens >= 3 and "
                                                          "not left has CA)",),
    ("declarer.spades = 5 and talon has DA",), ("left makes 6D or right.spades >= 2",),
    ("not declarer makes 8S",),
]


@pytest.mark.parametrize("texts", CONDITIONS)
def test_sampled_and_enumerated_layouts_satisfy_every_condition(texts: tuple[str, ...]) -> None:
    hidden = small(*texts)
    expected = by_oracle(hidden)
    layouts, tally = hidden.satisfying()
    assert np.array_equal(layouts, expected)  # the same layouts, in the enumeration's order
    assert tally.exact and tally.passed == len(expected) and tally.total == 1001
    drawn, tally = hidden.draw(60, seed=3)
    assert len(drawn) == 60 and all(where_oracle.satisfied(hidden, layout) for layout in drawn)
    assert {row.tobytes() for row in drawn} <= {row.tobytes() for row in expected}


def test_large_problems_deal_only_satisfying_layouts() -> None:
    for texts in [("left.spades >= 3", "right.hcp <= 6"), ("left has CA CK and right.clubs <= 1",),
                  ("left.hcp >= 10 and left.diamonds >= 4",), ("left.hcp > right.hcp + 5",)]:
        hidden = large(*texts)
        drawn, _ = hidden.draw(300, seed=1)
        assert all(where_oracle.satisfied(hidden, layout) for layout in drawn), texts


def test_no_condition_keeps_the_uniform_sample_of_before() -> None:
    plain = Hidden.make("preferans", HAND, 0, 2)
    assert np.array_equal(plain.draw(20, seed=9)[0], plain.sample(20, seed=9))
    assert np.array_equal(small().every(), small().enumerate()) and len(small().every()) == 1001


# -- random conditions, against the oracle ------------------------------------------------------------

SEATS = st.sampled_from([0, 1, 2, TALON])
CARDS = st.lists(st.sampled_from(sorted(PREFERANS.deck(3))), min_size=1, max_size=4, unique=True)
COUNTS = st.builds(Count, SEATS, st.sampled_from([m for m in MEASURES if m != "honours"]))
SIDES = st.lists(st.one_of(COUNTS, st.integers(0, 12)), min_size=1, max_size=2).map(tuple)
COMPARES = st.builds(lambda a, op, b: Compare((a, b), (op,)), SIDES,
                     st.sampled_from([">=", "<=", ">", "<", "==", "!="]), SIDES)
HOLDS = CARDS.flatmap(lambda cards: st.builds(Holds, SEATS, st.just(tuple(cards)),
                                              st.integers(0, len(cards))))
LEAVES = st.one_of(COMPARES, HOLDS)
TREES = st.recursive(LEAVES, lambda inner: st.one_of(
    st.builds(Not, inner), st.lists(inner, min_size=2, max_size=3).map(lambda o: And(tuple(o))),
    st.lists(inner, min_size=2, max_size=3).map(lambda o: Or(tuple(o)))), max_leaves=5)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TREES, min_size=1, max_size=2), st.integers(0, 2 ** 32 - 1))
def test_random_conditions_deal_exactly_the_satisfying_layouts(trees: list, seed: int) -> None:
    hidden = replace(small(), where=tuple(Condition.of(tree, PREFERANS) for tree in trees))
    expected = by_oracle(hidden)
    if not len(expected):
        with pytest.raises(InvalidInputError, match="no layout satisfies"):
            hidden.satisfying()
        with pytest.raises(InvalidInputError, match="no layout satisfies"):
            hidden.draw(5, seed=seed)
        return
    assert np.array_equal(hidden.satisfying()[0], expected)
    drawn, tally = hidden.draw(20, seed=seed)
    assert all(where_oracle.satisfied(hidden, layout) for layout in drawn)
    assert 0 < tally.acceptance <= 1 and tally.space >= len(expected)


# -- uniform over the satisfying layouts ----------------------------------------------------------------


@pytest.mark.parametrize("limit", [dealing.MATRIX_LIMIT, 0])
def test_sampled_frequencies_match_the_enumeration(limit: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Chi-square over every satisfying layout: applied while dealing, or by rejection alone."""
    monkeypatch.setattr(dealing, "MATRIX_LIMIT", limit)
    hidden = small("right.hcp >= 8", "left.clubs >= 1 or right has DJ")
    exact, _ = hidden.satisfying()
    draws = 60 * len(exact)
    drawn, tally = hidden.draw(draws, seed=5)
    assert tally.applied if limit else not tally.applied and tally.rejected
    index = {row.tobytes(): i for i, row in enumerate(exact)}
    counts = np.bincount([index[row.tobytes()] for row in drawn], minlength=len(exact))
    expected = draws / len(exact)
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    freedom = len(exact) - 1
    assert abs(chi2 - freedom) < 4 * math.sqrt(2 * freedom), (chi2, freedom)


def test_card_places_match_the_enumeration_on_a_large_problem() -> None:
    """Where each unseen card lies, sampled under conditions applied while dealing, against an exact count."""
    hidden = Hidden.make("preferans", HAND, 0, 2, talon=TALON_CARDS,
                         where=parse_conditions(["left.spades >= 2", "left.hcp <= 7"], BIDDER))
    exact, _ = hidden.satisfying()
    drawn, tally = hidden.draw(20000, seed=8)
    assert len(tally.applied) == 2 and not tally.rejected and tally.satisfying == len(exact)
    for place in range(2):
        truth, sampled = (exact == place).mean(axis=0), (drawn == place).mean(axis=0)
        error = np.sqrt(truth * (1 - truth) / len(drawn)) + 1e-9
        assert np.all(np.abs(sampled - truth) <= 4.5 * error)


# -- counts and enumeration -------------------------------------------------------------------------------


def test_listing_by_class_matrices_equals_listing_everything() -> None:
    hidden = Hidden.make("preferans", HAND, 0, 2, talon=TALON_CARDS,
                         where=parse_conditions(["right has CA CK", "left.hearts >= 3 and right.hcp >= 9"],
                                                BIDDER))
    everything, _ = hidden.satisfying()
    by_classes, tally = hidden.satisfying(limit=50_000)  # 184,756 > 50,000: listed class matrix by matrix
    assert np.array_equal(everything, by_classes) and tally.space <= 50_000
    assert tally.passed == len(everything)


def test_the_dealing_counts_exactly() -> None:
    hidden = small("right.hcp >= 8", "left.clubs >= 1")
    dealt = dealing.plan(hidden, [c.tree for c in hidden.where])[0]
    assert dealt.space == len(by_oracle(hidden))


def test_too_many_to_list_is_refused_with_the_count() -> None:
    with pytest.raises(InvalidInputError, match=r"layouts satisfy left.spades >= 2, too many to enumerate"):
        large("left.spades >= 2").satisfying()


# -- conditions nothing satisfies -----------------------------------------------------------------------


def test_an_impossible_condition_stops_at_once() -> None:
    with pytest.raises(InvalidInputError, match=r"^no layout satisfies left.spades >= 4$"):
        large("left.spades >= 4").draw(10, seed=1)  # three spades are unseen
    with pytest.raises(InvalidInputError, match="no layout satisfies"):
        large("left has SA").satisfying()


def test_an_almost_impossible_condition_ends_with_a_message() -> None:
    start = time.perf_counter()
    with pytest.raises(InvalidInputError, match=r"\(almost\) no layout .*: none of [\d,]+ layouts dealt"):
        large("left.hcp >= 24", "left.diamonds >= 6").draw(10, seed=1)
    with pytest.raises(InvalidInputError, match=r"too few layouts satisfy .* of [\d,]+ dealt"):
        large("left.hcp >= 21", "left.diamonds >= 6").draw(100_000, seed=1)
    with pytest.raises(InvalidInputError, match=r"none of [\d,]+ layouts tested did"):
        large("not declarer makes 6S").draw(10, seed=1)
    assert time.perf_counter() - start < 60


# -- bid under conditions -----------------------------------------------------------------------------------


def test_exact_with_a_condition_is_the_exact_run_restricted_to_it() -> None:
    args = dict(talon=TALON_CARDS, known={1: LEFT_KNOWN}, contracts=["6S", "8S", "6NT", "misere"], exact=True,
                workers=1)
    everything = bid("preferans", HAND, 0, 2, **args)
    where = ["right.spades >= 1", "right.hcp >= 10 or not left has CA"]
    narrowed = bid("preferans", HAND, 0, 2, where=where, **args)
    keep = [where_oracle.satisfied(narrowed.hidden, layout) for layout in everything.layouts]
    assert np.array_equal(narrowed.layouts, everything.layouts[keep])
    assert np.array_equal(narrowed.tricks, everything.tricks[keep])
    assert np.array_equal(narrowed.scores, everything.scores[keep])
    assert narrowed.tally.passed == sum(keep) and narrowed.count == sum(keep) < everything.count


def test_sampled_expectations_lie_within_their_errors_of_the_conditioned_exact() -> None:
    args = dict(talon=TALON_CARDS, known={1: LEFT_KNOWN}, contracts=["6S", "7S", "8S", "6NT"], workers=1,
                where=["right.clubs >= 3", "right.hcp >= 9"])
    exact = bid("preferans", HAND, 0, 2, exact=True, **args)
    sampled = bid("preferans", HAND, 0, 2, samples=500, seed=17, **args)
    assert exact.count < 1001
    for column in range(4):
        for value, error, truth in [(sampled.expected, sampled.expected_error, exact.expected),
                                    (sampled.probability, sampled.probability_error, exact.probability)]:
            if error[column] > 0:
                assert abs(value[column] - truth[column]) <= 3.5 * error[column]
            else:
                assert value[column] == truth[column]


def test_makes_narrows_to_the_layouts_where_the_contract_makes() -> None:
    made = bid("preferans", HAND, 0, 2, contracts=["8S", "9S"], samples=40, seed=2, workers=1,
               where=["declarer makes 9S"])
    assert made.probability.tolist() == [1.0, 1.0]
    failed = bid("preferans", HAND, 0, 2, contracts=["9S"], samples=40, seed=2, workers=1,
                 where=["not declarer makes 9S"])
    assert failed.probability.tolist() == [0.0]
    assert 0 < failed.tally.acceptance < 1 and failed.tally.solved == (Not(Makes(0, "9S")),)


def test_the_same_seed_gives_the_same_layouts_whatever_the_workers() -> None:
    args = dict(talon=TALON_CARDS, contracts=["6S", "7NT"], samples=12, seed=4,
                where=["left.spades >= 2 and right.hcp >= 6", "not declarer makes 10S"])
    one = bid("preferans", HAND, 0, 2, workers=1, **args)
    two = bid("preferans", HAND, 0, 2, workers=2, **args)
    with ThreadPoolExecutor(3) as pool:
        three = bid("preferans", HAND, 0, 2, executor=pool, **args)
    for other in (two, three):
        assert np.array_equal(one.layouts, other.layouts) and np.array_equal(one.tricks, other.tricks)
        assert one.tally == other.tally
    assert pickle.loads(pickle.dumps(one.hidden)) == one.hidden


def test_a_predicate_narrows_as_the_same_condition_does() -> None:
    hidden = small()
    by_text, _ = replace(hidden, where=parse_conditions(["left.hearts >= 3"], BIDDER)).satisfying()
    held = frozenset(parse_cards("HT H9 H8 H7"))
    by_predicate, tally = hidden.satisfying(accept=lambda deal: len(deal.hands[1] & held) >= 1)
    assert np.array_equal(by_text, by_predicate) and tally.predicate
    drawn, tally = hidden.draw(30, seed=1, accept=lambda deal: len(deal.hands[1] & held) >= 1)
    assert {r.tobytes() for r in drawn} <= {r.tobytes() for r in by_text} and tally.tested >= 30


def test_priffe_honours_vienna_talon_polskt_pass_points() -> None:
    priffe = bid("priffe", parse_cards("SA SK SQ SJ HT H9 H8 D7 D6 D5 C4 C3 C2"), 0, 3, contracts=["ruter"],
                 samples=4, seed=1, workers=1,
                 where=["declarer.honours(ruter) + partner.honours(ruter) >= 3"])
    for layout in priffe.layouts:
        hands = priffe.hidden.deal(layout)[0].hands
        assert len((hands[0] | hands[2]) & frozenset(parse_cards("DA DK DQ DJ"))) >= 3
    assert priffe.expected[0] > 0  # the side's honours score 20 or 40 on every layout
    vienna = Hidden.make("vienna", HAND, 0, 2, where=parse_conditions(["talon has DA or talon.clubs = 2"],
                                                                      Seating.bidder("vienna", 0, 3)))
    assert all(where_oracle.satisfied(vienna, layout) for layout in vienna.draw(200, seed=1)[0])
    polskt = Hidden.make("polskt-pass", parse_cards("CJ SJ HJ DJ HA"), 1, 0,
                         where=parse_conditions(["left.hcp >= 8", "right.aces >= 2"],
                                                Seating.bidder("polskt-pass", 1, 4)))
    assert all(where_oracle.satisfied(polskt, layout) for layout in polskt.draw(200, seed=1)[0])


def test_a_defenders_view_asks_whether_the_declarer_makes_his_contract() -> None:
    """As the defenders' analysis will: the talon shown, the declarer (another seat) picking it up."""
    seating = Seating.defender(PREFERANS, defender=1, declarer=0, seats=3)
    where = parse_conditions(["declarer makes 7S", "partner.spades <= 2"], seating)
    defender = Hidden.make("preferans", EAST_HAND, 1, 2, talon=TALON_CARDS, where=where)
    drawn, tally = defender.draw(12, seed=6)
    assert tally.solved == (Makes(0, "7S"),) and tally.applied == (where[1].tree,)
    assert all(where_oracle.satisfied(defender, layout) for layout in drawn)
    failing = replace(defender, where=parse_conditions(["not declarer makes 7S"], seating))
    for layout in failing.draw(8, seed=6)[0]:
        assert not where_oracle.made(failing, failing.deal(layout)[0], 0, "7S")
