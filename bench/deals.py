"""The benchmarks' random deals: every script draws them the same way, so that a seed names the same deals.

>>> import random
>>> from prefdd.rules import PREFERANS
>>> random_hands(PREFERANS, 3, 10, random.Random(1))[0]
'AQJ8.T9.87.J9'
"""

from __future__ import annotations

import random

from prefdd.rules import Game, format_hand

# Solved between the repeats of a deal: another deal, so that the next solve (prefdd's, DDS's) starts cold.
OTHER_PREFERANS = "AKQJ.AKQ.AKQ. T987.JT9.JT9. .87.87.AKQJT9"
OTHER_PRIFFE = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def random_hands(game: Game, seats: int, size: int, rng: random.Random) -> list[str]:
    """`seats` hands of `size` cards of `game`'s deck, dealt at random by `rng`."""
    deck = sorted(game.deck(seats))
    rng.shuffle(deck)
    return [format_hand(deck[i * size:(i + 1) * size]) for i in range(seats)]
