"""Benchmarks: time per solve on seeded random deals, beside DDS on the same deals.

    python bench/bench.py                 # every suite, default sizes
    python bench/bench.py --suite priffe-nt --deals 20

Prints one table: median, 90th percentile and worst time per solve, median
and worst nodes, and for Priffe the ratio of our median to DDS's median
(`endplay.dds.solve_board`) measured in the same run, of the suite's total
time to DDS's, and the largest ratio of one deal's time to DDS's on it (as
issue 19 asks them). Times are wall-clock for a complete solve from the
deal's first position, single-threaded; `--cpu` times the Preferans and
Priffe suites by the process's CPU time instead, and `--repeat N` keeps the
fastest of N solves of each deal (each from a cold table: another deal is
solved in between, by DDS too), for a shared machine whose load changes
wall times. Last, the every-card Priffe suite on
two threads, from the library and from the command line, beside DDS's
single-threaded time (threads.py). Priffe
nolla (a side playing for few tricks) has no DDS ratio and a time cap per
solve; its title says how many solves hit it.
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import os
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

import minimising
import solveall
import threads
from deals import OTHER_PREFERANS, OTHER_PRIFFE, random_hands
from tabulate import tabulate

from prefdd.rules import PREFERANS, PRIFFE, Position, Suit, parse_deal
from prefdd.solver import solve, solve_many

T = TypeVar("T")


@dataclass(frozen=True)
class Clock:
    """How a solve is timed: wall-clock or CPU seconds, the fastest of `repeat` solves from a cold table."""

    cpu: bool = False
    repeat: int = 1

    def time(self, work: Callable[[], T], forget: Callable[[], object]) -> tuple[float, T]:
        """The seconds `work()` takes and its result; `forget()` before each solve after the first makes
        the solver's table cold again (untimed)."""
        clock = time.process_time if self.cpu else time.perf_counter
        best = float("inf")
        for attempt in range(self.repeat):
            if attempt:
                forget()
            start = clock()
            result = work()
            best = min(best, clock() - start)
        return best, result


CLOCK = Clock()
"""The clock of the Preferans and Priffe suites (set from --cpu and --repeat)."""

@dataclass
class Run:
    name: str
    times: list[float]
    nodes: list[int]
    dds_times: list[float] | None = None
    capped: int = 0
    cap: float = 0.0

    def row(self) -> list[object]:
        ms = sorted(t * 1000 for t in self.times)
        worst = f">{ms[-1]:.0f} (cap)" if self.capped else f"{ms[-1]:.2f}"
        ratio = total = worst_deal = "-"
        if self.dds_times:
            ratio = f"{statistics.median(self.times) / statistics.median(self.dds_times):.2f}"
            total = f"{sum(self.times) / sum(self.dds_times):.2f}"
            worst_deal = f"{max(t / d for t, d in zip(self.times, self.dds_times, strict=True)):.2f}"
        return [
            self.name, len(ms), f"{statistics.median(ms):.2f}", f"{ms[int(0.9 * (len(ms) - 1))]:.2f}",
            worst, int(statistics.median(self.nodes)) if self.nodes else "-",
            max(self.nodes) if self.nodes else "-",
            f"{statistics.median(self.dds_times) * 1000:.2f}" if self.dds_times else "-",
            ratio, total, worst_deal,
        ]


def preferans(deals: int, seed: int, minimise: bool, all_cards: bool) -> Run:
    """Seat 0 declares and leads; a trump contract, or a misère (no trump, minimising)."""
    rng = random.Random(seed)
    run = Run("", [], [])
    other = Position(PREFERANS, parse_deal(OTHER_PREFERANS, PREFERANS), None, leader=0)

    def forget() -> object:
        return solve(other, 0, threads=1)

    for _ in range(deals):
        deal = parse_deal(" ".join(random_hands(PREFERANS, 3, 10, rng)), PREFERANS)
        trump = None if minimise else Suit(rng.randrange(4))
        position = Position(PREFERANS, deal, trump, leader=0, declarer=0)
        seconds, result = CLOCK.time(
            partial(solve, position, 0, minimise=minimise, card_values=all_cards, threads=1), forget)
        run.times.append(seconds)
        run.nodes.append(result.nodes)
    return run


def priffe(deals: int, seed: int, trump_game: bool, all_cards: bool) -> Run:
    """Random bridge deals, one leader, against DDS on the same deal."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    rng = random.Random(seed)
    run = Run("", [], [], [])
    other = Position(PRIFFE, parse_deal(OTHER_PRIFFE, PRIFFE), None, 0)
    other_dds = Deal.from_pbn(OTHER_PRIFFE)

    def forget() -> object:
        return solve(other, 0, threads=1), list(solve_board(other_dds, SolveMode.OptimalOne))

    def dds_tricks(deal: Deal, mode: SolveMode) -> int:
        return max(t for _c, t in solve_board(deal, mode))

    for i in range(deals):
        pbn = "N:" + " ".join(random_hands(PRIFFE, 4, 13, rng))
        trump = Suit(rng.randrange(4)) if trump_game else None
        leader = i % 4
        position = Position(PRIFFE, parse_deal(pbn, PRIFFE), trump, leader)
        seconds, result = CLOCK.time(partial(solve, position, leader, card_values=all_cards, threads=1),
                                     forget)
        run.times.append(seconds)
        run.nodes.append(result.nodes)
        dds_deal = Deal.from_pbn(pbn)
        dds_deal.trump = Denom.nt if trump is None else [
            Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs][trump]
        dds_deal.first = list(Player)[leader]
        mode = SolveMode.Default if all_cards else SolveMode.OptimalOne
        seconds, answer = CLOCK.time(partial(dds_tricks, dds_deal, mode), forget)
        assert run.dds_times is not None
        run.dds_times.append(seconds)
        if answer != result.tricks:
            sys.exit(f"disagreement with DDS on {pbn} trump {trump} leader {leader}")
    return run


NOLLA_CAP = 10.0


def _nolla_solve(pbn: str, leader: int) -> tuple[float, int]:
    """Seconds and nodes of one nolla solve (run in a worker process, so that it can be stopped)."""
    declarer = (leader + 3) % 4
    position = Position(PRIFFE, parse_deal(pbn, PRIFFE), None, leader, declarer=declarer)
    start = time.perf_counter()
    result = solve(position, declarer, minimise=True, threads=1)
    return time.perf_counter() - start, result.nodes


def priffe_nolla(deals: int, seed: int, cap: float = NOLLA_CAP) -> Run:
    """Nolla: no trump, the declarer's side takes as few tricks as it can (its left-hand opponent leads).

    DDS answers only the most tricks a side can take, so no ratio. Each solve runs
    in a worker process stopped after `cap` seconds: a stopped solve counts as
    `cap` in the times (the median and p90 are then lower bounds) and has no
    node count; the table's title says how many were stopped.
    """
    rng = random.Random(seed)
    run = Run("", [], [], cap=cap)
    context = multiprocessing.get_context("fork")
    pool = context.Pool(1)
    try:
        for i in range(deals):
            pbn = "N:" + " ".join(random_hands(PRIFFE, 4, 13, rng))
            job = pool.apply_async(_nolla_solve, (pbn, i % 4))
            try:
                seconds, nodes = job.get(timeout=cap)
            except multiprocessing.TimeoutError:
                pool.terminate()
                pool = context.Pool(1)
                run.capped += 1
                run.times.append(cap)
                continue
            run.times.append(seconds)
            run.nodes.append(nodes)
    finally:
        pool.terminate()
    return run


def contract_run(game: str, contract: str, deals: int, seed: int, talon_leads: bool = False) -> Run:
    """A minimising contract as solve_contract sets it up (see minimising.py), each solve capped."""
    times, nodes, capped = minimising.contract_suite(game, contract, deals, seed, talon_leads)
    return Run("", times, nodes, capped=capped, cap=minimising.CAP)


SUITES: dict[str, tuple[str, Callable[[int, int], Run], int]] = {
    "preferans-trump": ("Preferans, trump, declarer leads",
                        lambda n, s: preferans(n, s, minimise=False, all_cards=False), 200),
    "preferans-misere": ("Preferans, misère",
                         lambda n, s: preferans(n, s, minimise=True, all_cards=False), 200),
    "preferans-cards": ("Preferans, trump, every first card",
                        lambda n, s: preferans(n, s, minimise=False, all_cards=True), 200),
    "priffe-nt": ("Priffe, no trump", lambda n, s: priffe(n, s, trump_game=False, all_cards=False),
                  100),
    "priffe-trump": ("Priffe, trump", lambda n, s: priffe(n, s, trump_game=True, all_cards=False),
                     100),
    "priffe-cards": ("Priffe, every card", lambda n, s: priffe(n, s, trump_game=True, all_cards=True),
                     50),
    "priffe-nolla": ("Priffe, nolla (no trump, fewest tricks)", priffe_nolla, 20),
    "vienna-bettel": ("Vienna, bettel without talon", partial(contract_run, "vienna", "bettel-ohne"), 100),
    "vienna-plauderer": ("Vienna, plauderer without talon", partial(contract_run, "vienna", "plauderer-ohne"),
                         100),
    "preferans-allpass": ("Preferans, all-pass, talon-led tricks, every player",
                          partial(contract_run, "preferans", "allpass", talon_leads=True), 100),
    "vienna-allpass": ("Vienna, Ausfechten (all-pass), every player",
                       partial(contract_run, "vienna", "allpass"), 100),
    "priffe-passnolla": ("Priffe, passnolla", partial(contract_run, "priffe", "passnolla"), 20),
}


SCALING_ROUNDS = 3


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (every thread of the process) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - wall, time.process_time() - cpu


def _hash(pool: ThreadPoolExecutor, workers: int, count: int, buffer: bytes) -> None:
    """The GIL-free control: each of `workers` threads hashes `buffer` `count` times."""
    list(pool.map(lambda _: [hashlib.sha256(buffer).digest() for _ in range(count)], range(workers)))


def scaling(deals: int, seed: int) -> str:
    """solve_many on the same Preferans deals with one thread and with every core.

    One thread and every core take turns, `SCALING_ROUNDS` times, and each keeps
    its fastest round: on a shared machine the other work comes and goes, and the
    fastest round is the one least disturbed. Each round has new threads, so
    new engines, first warmed up on as many other deals: a new table's pages are
    mapped as the search first touches them, and the kernel serialises those page
    faults between threads (on the project's machine the system time of 2,000
    deals went from 0.17 s on one cold thread to 0.87 s on two), a cost paid
    once per thread, not per deal. The line also gives the scaling of that cold
    first pass. Beside it, the CPU seconds of the fastest warm rounds (equal if the threads do not
    slow each other down) and a GIL-free control, sha256 over a buffer that fits
    in a core's cache for about as long, run the same way: how many cores the
    machine really gives at the moment.
    """
    rng = random.Random(seed)
    positions = [
        Position(PREFERANS, parse_deal(" ".join(random_hands(PREFERANS, 3, 10, rng)), PREFERANS),
                 Suit(rng.randrange(4)), leader=0, declarer=0)
        for _ in range(2 * deals)
    ]
    warm, positions = positions[:deals], positions[deals:]
    cores = os.cpu_count() or 1
    buffer = bytes(256 * 1024)
    best: dict[tuple[str, int], tuple[float, float]] = {}
    hashes = deals * 8
    for _ in range(SCALING_ROUNDS):
        for workers in (1, cores):
            # New threads each round: new engines, whose tables know none of these deals.
            with ThreadPoolExecutor(max_workers=workers) as pool:
                runs = {
                    "cold": partial(solve_many, warm, 0, executor=pool),
                    "solve": partial(solve_many, positions, 0, executor=pool),
                    "control": partial(_hash, pool, workers, hashes // workers, buffer),
                }
                for name, work in runs.items():
                    timed = _timed(work)
                    if (name, workers) not in best or timed[0] < best[name, workers][0]:
                        best[name, workers] = timed
    (wall1, cpu1), (wall_n, cpu_n) = best["solve", 1], best["solve", cores]
    control = best["control", 1][0] / best["control", cores][0]
    cold = best["cold", 1][0] / best["cold", cores][0]
    return (f"solve_many, {deals} Preferans deals, fastest of {SCALING_ROUNDS} rounds: {wall1:.2f} s on "
            f"1 thread, {wall_n:.2f} s on {cores}: {wall1 / wall_n:.2f}x; CPU seconds {cpu1:.2f} and "
            f"{cpu_n:.2f} (the machine's GIL-free control: {control:.2f}x; the new threads' first "
            f"{deals} deals, their tables still being mapped: {cold:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", choices=sorted(SUITES), action="append",
                        help="a suite to run (repeatable; default all)")
    parser.add_argument("--deals", type=int, help="deals per suite (default: the suite's own)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--solveall", type=int, default=solveall.FIRST_LAYOUTS, metavar="LAYOUTS",
                        help="layouts of each all-layouts problem (0: skip; 184756: all; "
                             f"default {solveall.FIRST_LAYOUTS}, then extrapolated)")
    parser.add_argument("--scaling", type=int, default=2000, metavar="DEALS",
                        help="deals for the thread-scaling line (0: skip; default 2000)")
    parser.add_argument("--threads-suite", type=int, default=50, metavar="DEALS",
                        help="deals of the every-card Priffe suite on 2 threads, library and command "
                             "line, beside DDS (0: skip; default 50; see threads.py)")
    parser.add_argument("--cpu", action="store_true",
                        help="time the Preferans and Priffe suites by CPU time, not wall-clock")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="the fastest of N solves of each deal, each from a cold table (default 1)")
    args = parser.parse_args()
    global CLOCK
    CLOCK = Clock(args.cpu, max(1, args.repeat))
    rows = []
    for key in args.suite or list(SUITES):
        title, bench, default_deals = SUITES[key]
        run = bench(args.deals or default_deals, args.seed)
        run.name = title
        if run.capped:
            run.name += f", {run.capped} of {len(run.times)} stopped at {run.cap:.0f} s"
        rows.append(run.row())
        print(f"done: {title}", file=sys.stderr)
    headers = ["work", "deals", "median ms", "p90 ms", "worst ms", "median nodes", "worst nodes",
               "DDS median ms", "ratio to DDS", "total / DDS", "worst deal / DDS"]
    print(tabulate(rows, headers=headers, tablefmt="github"))
    if args.solveall and solveall.problems():
        rows = solveall.table(args.solveall)
        total = sum(float(r[4]) for r in rows)
        print("\n" + tabulate(rows, headers=["all-layouts problem", "layouts", "seconds", "µs a layout",
                                              "s for all 184,756", "oracle histogram"],
                               tablefmt="github"))
        print(f"\nall 10 problems, every layout: {total:.0f} s"
              + ("" if args.solveall == solveall.ALL_LAYOUTS else " (extrapolated)"))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak resident memory of the one-thread solves above: {peak:.0f} MB")
    if args.scaling:
        print("\n" + scaling(args.scaling, args.seed))
    if args.threads_suite:
        print("\n" + threads.suite(args.threads_suite, args.seed, 2, args.repeat))


if __name__ == "__main__":
    main()
