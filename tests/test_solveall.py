"""Exhaustive "all layouts" histograms of Preferans problems (../shared/oracle/solveall_histograms.txt).

North declares and holds the cards of the problem; the 20 unseen cards are
split between East and West in every way (or the first 20,000 ways in the
oracle's order), and the histogram counts the layouts by declarer's tricks.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from rules import PREFERANS, Card, Deal, Position, Rank, Suit, parse_card
from solver import solve

ORACLE = Path(__file__).resolve().parents[2] / "shared" / "oracle" / "solveall_histograms.txt"
RANKS = "AKQJT987"
TRUMPS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None, None)
NORTH, EAST, WEST = 0, 1, 2  # play order W -> N -> E: clockwise N, E, W


def problems() -> list[tuple[str, str, int, int, list[int], list[int]]]:
    rows = []
    if not ORACLE.is_file():
        return rows
    for line in ORACLE.read_text().splitlines():
        # Comment lines start "# "; a problem's deal may itself start with '#' (a card led).
        if line.strip() and not line.startswith("# "):
            deal, contract, first, name, full, part = (p.strip() for p in line.split("|"))
            rows.append((name, deal, int(contract), int(first), [int(x) for x in full.split()],
                         [int(x) for x in part.split()]))
    return rows


def north_cards(text: str) -> tuple[list[Card], list[Card], Card | None]:
    """North's cards, the talon, and the card North already led (marked '#')."""
    hand, talon, led = [], [], None
    for suit, ranks in zip("SHDC", text.split("."), strict=True):
        mark = ""
        for char in ranks:
            if char in "*#":
                mark = char
                continue
            card = parse_card(suit + char)
            if mark == "*":
                talon.append(card)
            else:
                hand.append(card)
                if mark == "#":
                    led = card
            mark = ""
    return hand, talon, led


def histogram(deal_text: str, contract: int, first: int, layouts: int) -> list[int]:
    hand, talon, led = north_cards(deal_text)
    key = {card: "SHDC".index(card.suit.letter) * 13 + RANKS.index(card.rank.letter)
           for card in PREFERANS.deck(3)}
    unseen = sorted(PREFERANS.deck(3) - set(hand) - set(talon), key=key.__getitem__)
    counts = [0] * 11
    for west_indexes in itertools.islice(itertools.combinations(range(20), 10), layouts):
        west = frozenset(unseen[i] for i in west_indexes)
        east = frozenset(unseen) - west
        deal = Deal((frozenset(hand), east, west), frozenset(talon))
        position = Position(PREFERANS, deal, TRUMPS[contract], first, declarer=NORTH,
                            played=(led,) if led else ())
        counts[solve(position, NORTH, minimise=contract == 5).tricks] += 1
    return counts


def test_reading_the_problem_format() -> None:
    hand, talon, led = north_cards("T987.T987.*98.*Q#J")
    assert len(hand) == 10 and led == Card(Suit.CLUBS, Rank.JACK)
    assert set(talon) == {Card(Suit.DIAMONDS, Rank.NINE), Card(Suit.CLUBS, Rank.QUEEN)}


@pytest.mark.skipif(not ORACLE.is_file(), reason="shared/oracle is not beside the repository")
@pytest.mark.parametrize("name,deal,contract,first,full,part",
                         [p for p in problems() if p[0] in ("solvealldeals1-1", "solvealldeals2")])
def test_first_layouts_histogram(name, deal, contract, first, full, part) -> None:
    assert histogram(deal, contract, first, 20000) == part, name


@pytest.mark.slow
@pytest.mark.skipif(not ORACLE.is_file(), reason="shared/oracle is not beside the repository")
@pytest.mark.parametrize("name,deal,contract,first,full,part", problems())
def test_all_layouts_histogram(name, deal, contract, first, full, part) -> None:
    assert histogram(deal, contract, first, 20000) == part, name
    assert histogram(deal, contract, first, 184756) == full, name
