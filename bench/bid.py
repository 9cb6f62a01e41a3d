"""Benchmark of bid expectations: sampled layouts with every contract, and exact enumeration.

    python bench/bid.py                          # both suites, the issue's sizes
    python bench/bid.py --samples 100 --suite sampled

Suites (one Preferans hand, seat 0, dealer 2):

- ``sampled``: `--samples` layouts (talon unseen), every contract with the
  declarer's best discard (solver.talon), on `--workers` threads;
- ``exact``: every split of the 20 unseen cards (184,756 layouts) for a hand
  whose talon is known: `--exact-contracts` (default: the trump contracts and
  misère, each with the best discard); ``exact-played`` the same hand with its
  discards made (the hand plays as it is), one contract.

Prints one table: layouts, solves asked of the engine per layout, wall time,
CPU time (this process and its workers), layouts per second and the time
projected for the full size when a smaller size was run.
"""

from __future__ import annotations

import argparse
import resource
import time

from tabulate import tabulate

from prefdd.rules import PREFERANS, get_contract, parse_cards
from prefdd.solver.analyses.bidding import bid_contracts, evaluate
from prefdd.solver.analyses.layouts import Hidden

HAND = parse_cards("SA SK SJ ST S9 HA HK D7 C8 C7")
TALON = parse_cards("DA C9")
FULL_SAMPLES = 1000


def timed(label: str, hidden: Hidden, contracts: list[str] | None, layouts, full: int, exact: bool,
          workers: int) -> list[object]:
    chosen = ([get_contract(PREFERANS, c) for c in contracts] if contracts
              else list(bid_contracts(PREFERANS)))
    start, cpu = time.perf_counter(), _cpu()
    result = evaluate(hidden, chosen, layouts, exact=exact, workers=workers)
    elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
    rate = result.count / elapsed
    return [label, result.count, len(chosen), f"{elapsed:.1f}", f"{cpu:.1f}", f"{rate:.2f}",
            f"{full / rate:.0f}" if result.count < full else "-"]


def _cpu() -> float:
    """CPU seconds used by this process and its finished workers: less sensitive than the wall
    time to what else runs on the machine."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", choices=["sampled", "exact", "exact-played", "all"], default="all")
    parser.add_argument("--samples", type=int, default=FULL_SAMPLES)
    parser.add_argument("--exact-limit", type=int, default=None,
                        help="solve only the first N layouts of each enumeration (and project the rest)")
    parser.add_argument("--exact-contracts", default="6S,6C,6D,6H,6NT,misere")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = []
    if args.suite in ("sampled", "all"):
        hidden = Hidden.make("preferans", HAND, 0, 2)
        rows.append(timed("sampled, every contract, best discard", hidden, None,
                          hidden.sample(args.samples, args.seed), FULL_SAMPLES, False, args.workers))
    for suite, label, hidden, contracts in (
        ("exact", "exact, known talon, best discard", Hidden.make("preferans", HAND, 0, 2, talon=TALON),
         args.exact_contracts.split(",")),
        ("exact-played", "exact, discards made, 6S", Hidden.make("preferans", HAND, 0, 2, out=TALON),
         ["6S"]),
    ):
        if args.suite in (suite, "all"):
            rows.append(timed(label, hidden, contracts, hidden.enumerate(args.exact_limit), hidden.count(),
                              True, args.workers))
    print(tabulate(rows, headers=["work", "layouts", "contracts", "seconds", "CPU seconds", "layouts/s",
                                  "projected s for full size"], tablefmt="github"))


if __name__ == "__main__":
    main()
