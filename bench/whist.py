"""Benchmark of the defenders' expectations (``prefdd whist``): exact enumeration and samples.

    python bench/whist.py                     # every row, the issue's sizes (184,756; 1,000)
    python bench/whist.py --exact-limit 20000 # the enumerations cut short, the rest projected

Rows: a Preferans defender (seat 1, the declarer seat 0, dealer 2) with the
talon shown, every one of the 184,756 layouts, against several contracts; the
same defender over 1,000 sampled layouts; a Vienna defender over 1,000
samples, the talon unseen (contract 2: the declarer's best discard, ties
broken in the two two-handed plays) and without talon (spiel 2).

Prints one table: layouts, wall time, CPU time (this process and its
workers: less sensitive than the wall time to what else runs on the machine),
layouts per second and the wall time projected for the full size when a
smaller size was run.
"""

from __future__ import annotations

import argparse
import resource
import time

from tabulate import tabulate

from prefdd.rules import get_contract, parse_cards
from prefdd.solver.analyses.layouts import Hidden
from prefdd.solver.analyses.whist import evaluate_whist

STRONG = parse_cards("SA SK H7 H8 DA DQ D9 CK CQ C7")
WEAK = parse_cards("S8 S9 H9 HT D7 D8 DJ C7 C9 CT")
TALON = parse_cards("C8 S7")
FULL_SAMPLES = 1000


def timed(label: str, hidden: Hidden, contract: str, layouts, full: int, exact: bool, workers: int) -> list:
    start, cpu = time.perf_counter(), _cpu()
    result = evaluate_whist(hidden, 0, get_contract(hidden.game, contract), layouts, exact=exact,
                            workers=workers)
    elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
    rate = result.count / elapsed
    return [label, result.count, f"{elapsed:.1f}", f"{cpu:.1f}", f"{rate:.0f}",
            f"{full / rate:.0f}" if result.count < full else "-"]


def _cpu() -> float:
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exact-limit", type=int, default=None,
                        help="solve only the first N layouts of each enumeration (and project the rest)")
    parser.add_argument("--exact-contracts", default="6S,8NT,10H")
    parser.add_argument("--samples", type=int, default=FULL_SAMPLES)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = []
    for name, hand in (("strong", STRONG), ("weak", WEAK)):
        hidden = Hidden.make("preferans", hand, 1, 2, talon=TALON)
        for contract in args.exact_contracts.split(","):
            rows.append(timed(f"preferans {contract}, {name} hand, exact", hidden, contract,
                              hidden.enumerate(args.exact_limit), hidden.count(), True, args.workers))
    preferans = Hidden.make("preferans", STRONG, 1, 2, talon=TALON)
    rows.append(timed("preferans 6S, strong hand, sampled", preferans, "6S",
                      preferans.sample(args.samples, args.seed), FULL_SAMPLES, False, args.workers))
    vienna = Hidden.make("vienna", STRONG, 1, 2)
    for contract in ("2", "spiel2"):
        rows.append(timed(f"vienna {contract}, talon unseen, sampled", vienna, contract,
                          vienna.sample(args.samples, args.seed), FULL_SAMPLES, False, args.workers))
    print(tabulate(rows, headers=["work", "layouts", "seconds", "CPU seconds", "layouts/s",
                                  "projected seconds"]))


if __name__ == "__main__":
    main()
