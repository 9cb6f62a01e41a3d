"""Benchmark of the talon: the best discard, and the whole discard × contract grid.

    python bench/talon.py                 # 100 seeded random Preferans deals
    python bench/talon.py --deals 20 --seed 3

For each deal (a random declarer holding the talon, a random dealer) it times,
single-threaded, wall-clock:

- one plain solve: the best contract (the highest that makes, else the
  trump contract with most tricks) with its best discard laid away;
- the best discard and its value for that one contract (`solve_talon` with
  one contract);
- the full grid: every contract × every one of the 66 discards, exact;
  with `--threads N` also the same grid on N threads (`solve_talon`'s `workers`).

and prints median, 90th percentile and worst of each, and the ratio of the
one-contract search to the plain solve (median of the per-deal ratios).
Every timed run starts from a cold transposition table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from tabulate import tabulate

from prefdd.rules import PREFERANS, Deal
from prefdd.rules.talon import lay_away
from prefdd.solver import solve_contract, solve_talon
from prefdd.solver.api import _engine


def cold() -> None:
    """Clear this thread's transposition table, so that the next timed run starts cold."""
    _engine().clear()


def random_deal(rng: random.Random) -> tuple[Deal, int, int]:
    """A random Preferans deal: the declarer holds the talon (12 cards), each defender 10."""
    deck = sorted(PREFERANS.deck(3))
    rng.shuffle(deck)
    declarer, dealer = rng.randrange(3), rng.randrange(3)
    hands = [frozenset(deck[10 * i:10 * i + 10]) for i in range(3)]
    hands[declarer] |= frozenset(deck[30:])
    return Deal(tuple(hands)), dealer, declarer


def row(name: str, times: list[float]) -> list[object]:
    ms = sorted(t * 1000 for t in times)
    return [name, len(ms), f"{statistics.median(ms):.2f}", f"{ms[int(0.9 * (len(ms) - 1))]:.2f}",
            f"{ms[-1]:.2f}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="random deals (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--threads", type=int, default=1,
                        help="also time the grid on this many threads (default 1: not)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    solves, ones, grids, threaded, ratios = [], [], [], [], []
    for number in range(args.deals):
        deal, dealer, declarer = random_deal(rng)
        cold()
        start = time.perf_counter()
        grid = solve_talon(deal, dealer, declarer, grid=True, game=PREFERANS)
        grids.append(time.perf_counter() - start)
        if args.threads > 1:
            cold()
            start = time.perf_counter()
            again = solve_talon(deal, dealer, declarer, grid=True, game=PREFERANS, workers=args.threads)
            threaded.append(time.perf_counter() - start)
            if again.grid is None or grid.grid is None or (again.grid != grid.grid).any():
                sys.exit(f"the grid on {args.threads} threads differs on deal {number}")
        trumps = [c for c in grid.choices if c.contract.trump is not None]
        choice = grid.best or max(trumps, key=lambda c: c.tricks)
        cold()
        start = time.perf_counter()
        single = solve_contract(lay_away(deal, declarer, choice.discards[0]), choice.contract,
                                dealer, declarer)
        solves.append(time.perf_counter() - start)
        cold()
        start = time.perf_counter()
        one = solve_talon(deal, dealer, declarer, contracts=[choice.contract])
        ones.append(time.perf_counter() - start)
        ratios.append(ones[-1] / solves[-1])
        if single.tricks != choice.tricks or one.choices[0].tricks != choice.tricks:
            sys.exit(f"disagreement on deal {number}: {single.tricks} {one.choices[0].tricks} "
                     f"{choice.tricks}")
        print(f"\rdeal {number + 1}/{args.deals}", end="", file=sys.stderr)
    print(file=sys.stderr)
    rows = [row("one plain solve (best contract, best discard)", solves),
            row("best discard for one contract (66 discards)", ones),
            row("full grid (26 contracts x 66 discards)", grids)]
    if threaded:
        rows.append(row(f"full grid on {args.threads} threads", threaded))
    print(tabulate(rows, headers=["work", "deals", "median ms", "p90 ms", "worst ms"],
                   tablefmt="github"))
    print(f"\nbest discard for one contract / one plain solve: median ratio "
          f"{statistics.median(ratios):.1f}, ratio of medians "
          f"{statistics.median(ones) / statistics.median(solves):.1f}")


if __name__ == "__main__":
    main()
