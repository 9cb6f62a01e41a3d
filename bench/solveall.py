"""The "all layouts" histograms of ten Preferans problems (../shared/oracle/solveall_histograms.txt).

North declares and holds the problem's cards; the 20 unseen cards are split
between East and West in every way (C(20,10) = 184,756 layouts) or in the
first `layouts` ways of the oracle's order, and the histogram counts the
layouts by declarer's tricks. Each layout is a complete solve from the first
position; one thread searches a problem's layouts in batches without the GIL,
each layout given to the engine as bit masks (the first layout's position,
built and checked by `rules`, is the template).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import numpy as np

from prefdd.rules import PREFERANS, Card, Deal, Position, Suit, parse_card
from prefdd.solver.api import _engine, _Search, trick_search

ORACLE = Path(__file__).resolve().parents[2] / "shared" / "oracle" / "solveall_histograms.txt"
ALL_LAYOUTS = 184756
FIRST_LAYOUTS = 20000
RANKS = "AKQJT987"
TRUMPS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, None, None)
NORTH, EAST, WEST = 0, 1, 2
BATCH = 4096


class Problem(NamedTuple):
    """One problem of the oracle file."""

    name: str
    deal: str
    contract: int
    first: int
    full: list[int]
    part: list[int]

    def expected(self, layouts: int) -> list[int] | None:
        """The oracle's histogram for that many layouts, if it has one."""
        return {ALL_LAYOUTS: self.full, FIRST_LAYOUTS: self.part}.get(layouts)


def problems() -> list[Problem]:
    """The oracle's problems, or none if shared/oracle is not beside the repository."""
    rows = []
    if not ORACLE.is_file():
        return rows
    for line in ORACLE.read_text().splitlines():
        # Comment lines start "# "; a problem's deal may itself start with '#' (a card led).
        if line.strip() and not line.startswith("# "):
            deal, contract, first, name, full, part = (p.strip() for p in line.split("|"))
            rows.append(Problem(name, deal, int(contract), int(first), [int(x) for x in full.split()],
                                [int(x) for x in part.split()]))
    return rows


def north_cards(text: str) -> tuple[list[Card], list[Card], Card | None]:
    """North's cards, the talon ('*'), and the card North already led ('#')."""
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


def positions(problem: Problem, layouts: int) -> Iterator[Position]:
    """The problem's first `layouts` layouts, in the oracle's order."""
    hand, talon, led = north_cards(problem.deal)
    unseen = sorted(PREFERANS.deck(3) - set(hand) - set(talon), key=_oracle_key)
    for west_indexes in itertools.islice(itertools.combinations(range(20), 10), layouts):
        west = frozenset(unseen[i] for i in west_indexes)
        deal = Deal((frozenset(hand), frozenset(unseen) - west, west), frozenset(talon))
        yield Position(PREFERANS, deal, TRUMPS[problem.contract], problem.first, declarer=NORTH,
                       played=(led,) if led else ())


def engine_layouts(problem: Problem, layouts: int) -> tuple[_Search, np.ndarray]:
    """The first layout's search, and every layout's hands as the engine's masks (a row per layout).

    Layouts differ only in the East and West hands, so after the first
    position (built and checked by `rules`) each layout is two bit masks, made
    with numpy.
    """
    first = next(positions(problem, 1))
    search = _search(first, problem.contract == 5)
    template = search.engine_args()
    east, west = search.seats.index(EAST), search.seats.index(WEST)
    unseen = sorted(first.deal.hands[EAST] | first.deal.hands[WEST], key=_oracle_key)
    bits = np.array([1 << search.bit[card.suit][card.rank] for card in unseen], dtype=np.uint64)
    count = min(layouts, ALL_LAYOUTS)
    chosen = np.fromiter(itertools.chain.from_iterable(itertools.islice(itertools.combinations(range(20), 10),
                                                                       count)),
                         dtype=np.int64, count=10 * count).reshape(count, 10)
    hands = np.tile(np.array(template[0], dtype=np.uint64), (count, 1))
    hands[:, west] = bits[chosen].sum(axis=1, dtype=np.uint64)
    hands[:, east] = bits.sum(dtype=np.uint64) ^ hands[:, west]
    return search, hands


def histogram(problem: Problem, layouts: int) -> tuple[list[int], float]:
    """The declarer's tricks over the layouts, and the seconds it took (layouts built included)."""
    counts = [0] * 11
    engine = _engine()
    start = time.perf_counter()
    search, hands = engine_layouts(problem, layouts)
    masks, trump, constraints, lw_seat, declarer, _goal, maxside, counted, leader, trick, *_ = (
        search.engine_args())
    values = np.zeros(len(hands), dtype=np.int32)
    for row in range(0, len(hands), BATCH):
        engine.deal_values(hands[row:row + BATCH], trump, constraints, lw_seat, declarer, maxside, counted,
                           leader, values[row:row + BATCH], trick)
    for value in values.tolist():
        counts[search.tricks(value)] += 1
    return counts, time.perf_counter() - start


def _oracle_key(card: Card) -> int:
    return "SHDC".index(card.suit.letter) * 13 + RANKS.index(card.rank.letter)


def _search(position: Position, minimise: bool) -> _Search:
    search = trick_search(position, NORTH, minimise)
    assert search is not None  # no talon tricks here
    return search


def table(layouts: int) -> list[list[object]]:
    """One row per problem: time, time per layout, the time for all layouts at that pace, check."""
    rows = []
    for problem in problems():
        counts, seconds = histogram(problem, layouts)
        expected = problem.expected(layouts)
        check = "-" if expected is None else "yes" if counts == expected else "NO"
        rows.append([problem.name, layouts, f"{seconds:.2f}", f"{seconds / layouts * 1e6:.0f}",
                     f"{seconds * ALL_LAYOUTS / layouts:.1f}", check])
        if check == "NO":
            raise SystemExit(f"{problem.name}: histogram {counts} is not the oracle's {expected}")
    return rows
