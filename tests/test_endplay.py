"""Priffe trick play is bridge trick play: the engine must equal DDS (via endplay) on full deals."""

from __future__ import annotations

import random

import pytest

from prefdd.rules import PRIFFE, Position, Suit, format_hand, parse_cards, parse_deal
from prefdd.solver import solve

endplay_types = pytest.importorskip("endplay.types")
endplay_dds = pytest.importorskip("endplay.dds")

TRUMPS = (None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def random_pbn(rng: random.Random) -> str:
    deck = sorted(PRIFFE.deck(4))
    rng.shuffle(deck)
    return "N:" + " ".join(format_hand(deck[i * 13:(i + 1) * 13]) for i in range(4))


def dds_tricks(pbn: str, trump: Suit | None, leader: int) -> int:
    """Tricks for the side on lead, from DDS."""
    deal = endplay_types.Deal.from_pbn(pbn)
    denoms = endplay_types.Denom
    deal.trump = denoms.nt if trump is None else [
        denoms.spades, denoms.hearts, denoms.diamonds, denoms.clubs][trump]
    deal.first = list(endplay_types.Player)[leader]
    return max(tricks for _card, tricks in endplay_dds.solve_board(deal))


def cases(count: int, seed: int) -> list[tuple[str, Suit | None, int]]:
    """Random deals, cycling through every trump (and no trump) and every leader."""
    rng = random.Random(seed)
    return [(random_pbn(rng), TRUMPS[i % 5], (i // 5 + i) % 4) for i in range(count)]


def check(pbn: str, trump: Suit | None, leader: int) -> None:
    position = Position(PRIFFE, parse_deal(pbn, PRIFFE), trump, leader)
    assert solve(position, leader).tricks == dds_tricks(pbn, trump, leader), (pbn, trump, leader)


@pytest.mark.parametrize("pbn,trump,leader", cases(50, seed=2026))
def test_equals_dds(pbn: str, trump: Suit | None, leader: int) -> None:
    check(pbn, trump, leader)


@pytest.mark.slow
@pytest.mark.parametrize("pbn,trump,leader", cases(400, seed=7))
def test_equals_dds_many(pbn: str, trump: Suit | None, leader: int) -> None:
    check(pbn, trump, leader)


def test_equals_dds_part_way_through_a_trick() -> None:
    # Two cards of the first trick played; DDS is asked from the third seat to play.
    pbn = "N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765"
    deal = parse_deal(pbn, PRIFFE)
    position = Position(PRIFFE, deal, Suit.HEARTS, 1).play(parse_cards("HA H6"))
    dds = endplay_types.Deal.from_pbn(pbn)
    dds.trump = endplay_types.Denom.hearts
    dds.first = endplay_types.Player.east
    dds.play("HA")
    dds.play("H6")
    best_for_west = max(tricks for _card, tricks in endplay_dds.solve_board(dds))
    assert solve(position, 3).tricks == best_for_west


def random_ending(rng: random.Random, size: int) -> str:
    """A random ending: `size` cards in each hand, the rest of the deck out of play."""
    deck = sorted(PRIFFE.deck(4))
    rng.shuffle(deck)
    return "N:" + " ".join(format_hand(deck[i * size:(i + 1) * size]) for i in range(4))


@pytest.mark.parametrize("seed", range(300))
def test_endings_equal_dds(seed: int) -> None:
    # Short endings, where the quick-trick cut-offs (cashing, entries, long suits) decide most nodes.
    rng = random.Random(seed)
    check(random_ending(rng, rng.randint(2, 7)), TRUMPS[seed % 5], rng.randrange(4))
