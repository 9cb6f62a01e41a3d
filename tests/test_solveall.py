"""Exhaustive "all layouts" histograms of Preferans problems (../shared/oracle/solveall_histograms.txt).

North declares and holds the cards of the problem; the 20 unseen cards are
split between East and West in every way (or the first 20,000 ways in the
oracle's order), and the histogram counts the layouts by declarer's tricks.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from prefdd.rules import Card, Rank, Suit
from prefdd.solver import solve

# The oracle file's reader and its layouts in the oracle's order live with the benchmark, which times them.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from solveall import NORTH, ORACLE, Problem, north_cards, positions, problems  # noqa: E402


def histogram(problem: Problem, layouts: int) -> list[int]:
    """The declarer's tricks over the first `layouts` layouts, each position solved through the public API."""
    counts = [0] * 11
    for position in positions(problem, layouts):
        counts[solve(position, NORTH, minimise=problem.contract == 5).tricks] += 1
    return counts


def test_reading_the_problem_format() -> None:
    hand, talon, led = north_cards("T987.T987.*98.*Q#J")
    assert len(hand) == 10 and led == Card(Suit.CLUBS, Rank.JACK)
    assert set(talon) == {Card(Suit.DIAMONDS, Rank.NINE), Card(Suit.CLUBS, Rank.QUEEN)}


@pytest.mark.skipif(not ORACLE.is_file(), reason="shared/oracle is not beside the repository")
@pytest.mark.parametrize("problem",
                         [p for p in problems() if p.name in ("solvealldeals1-1", "solvealldeals2")],
                         ids=lambda p: p.name)
def test_first_layouts_histogram(problem: Problem) -> None:
    assert histogram(problem, 20000) == problem.part, problem.name


@pytest.mark.slow
@pytest.mark.skipif(not ORACLE.is_file(), reason="shared/oracle is not beside the repository")
@pytest.mark.parametrize("problem", problems(), ids=lambda p: p.name)
def test_all_layouts_histogram(problem: Problem) -> None:
    assert histogram(problem, 20000) == problem.part, problem.name
    assert histogram(problem, 184756) == problem.full, problem.name
