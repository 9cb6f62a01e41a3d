"""The table's walk of a long list, several tags at a time (transposition.pxi's pdd_scan_tags).

Each way of scanning (plain, AVX2, AVX-512, chosen by PREFDD_TAG_SCAN where the processor has it) finds
the same tags in the same order, so every search is the same to the node: nolla deals of 11 cards a hand,
whose shapes' lists run to hundreds of entries, give the plain scan's values and nodes in a process of each.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

SCRIPT = """
import json, random
from prefdd import PRIFFE, Deal, Position, solve
deck = sorted(PRIFFE.deck(4))
rng = random.Random(11)
answers = []
for i in range(4):
    rng.shuffle(deck)
    deal = Deal(tuple(frozenset(deck[11 * seat:11 * seat + 11]) for seat in range(4)))
    position = Position(PRIFFE, deal, None, i % 4, declarer=(i + 3) % 4)
    solution = solve(position, (i + 3) % 4, minimise=True, threads=1)
    answers.append((solution.tricks, solution.nodes))
print(json.dumps(answers))
"""


def answers(scan: str | None) -> list[list[int]]:
    env = {k: v for k, v in os.environ.items() if k != "PREFDD_TAG_SCAN"}
    if scan is not None:
        env["PREFDD_TAG_SCAN"] = scan
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("scan", ["avx2", "avx512", None])
def test_every_scan_searches_the_same_nodes_as_the_plain_one(scan: str | None) -> None:
    """Each vector scan (None: the one chosen for this processor) against the plain walk, a tag at a time."""
    assert answers(scan) == answers("plain")
