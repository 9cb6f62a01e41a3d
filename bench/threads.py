"""Benchmark of every core on one deal: the every-card Priffe suite on threads, beside DDS on one.

    python bench/threads.py                     # 50 seeded random Priffe deals, 2 threads
    python bench/threads.py --deals 20 --threads 3 --seed 2
    python bench/threads.py --repeat 3          # the fastest of 3 solves of each deal, for every way

The suite is bench.py's "Priffe, every card": random bridge deals, a random
trump, the leaders in turn, the value of each of the leader's cards. Deal by
deal, in one run, it times DDS's every-card solve (`endplay.dds.solve_board`,
all cards, one thread) and then ours:

- the library on one thread (`solve(..., card_values=True, threads=1)`);
- the library on N threads (`threads=N`);
- the command line on N threads, one process per deal, its start included
  (`prefdd solve priffe DEAL --trump T --leader L --all-cards --threads N --json`);
- after the deals, the whole suite from the command line as one batch
  (`prefdd solve priffe --batch FILE --all-cards --threads N --json`, each
  line a deal with its own `--trump T --leader L`; a batch's deals are
  solved side by side, a deal a thread): one process, its start included;
  timed as a whole (no median).

With `--repeat N` each way (DDS too) solves each deal N times, another deal
between them so that every solve starts from a cold table (as bench.py's
`--repeat`), and keeps the fastest; the batch runs N times. The machine's
other work then weighs less: two threads' time per deal varies more from run
to run than one thread's.

Every answer is checked against DDS. It prints, per way, the suite's wall
time beside DDS's and their ratio (the target on two cores: 0.5 or less),
the median time per deal, and the machine's load before and after (the
machine is shared: compare the ratios of one run, not times across runs).

Then a second table: bench.py's Preferans misère deals (`--misere-deals`,
200 by default, the same seed), every first card valued, by the library on
one thread and on N threads: the median and the worst deal's wall time
(each the fastest of the `--repeat` solves, another deal between them), the
card values checked equal.

Then a third: bench.py's Priffe nolla deals (`--nolla-deals`, 8 by default,
13 cards a hand, the same seed), their values on one thread and on N, once
with the declarer's left-hand opponent leading (bench.py's nolla suite) and
once with the declarer leading (eldest hand, as the command line's
`--contract nolla` sets up by default and as a bid's layouts are): the
total, median and worst wall time, the values checked equal.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from deals import OTHER_PREFERANS, OTHER_PRIFFE, random_hands
from tabulate import tabulate

from prefdd.rules import PREFERANS, PRIFFE, Position, Suit, parse_deal
from prefdd.solver import solve

DENOMS = ("spades", "hearts", "diamonds", "clubs")


def random_deals(count: int, seed: int) -> list[tuple[str, Suit, int]]:
    """bench.py's every-card Priffe deals (the same random draws): (PBN, trump, leader) for each."""
    rng = random.Random(seed)
    deals = []
    for i in range(count):
        pbn = "N:" + " ".join(random_hands(PRIFFE, 4, 13, rng))
        deals.append((pbn, Suit(rng.randrange(4)), i % 4))
    return deals


def dds_tricks(pbn: str, trump: Suit, leader: int) -> tuple[int, float]:
    """DDS's best value over the leader's cards (every card valued), and the seconds it took."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    deal = Deal.from_pbn(pbn)
    deal.trump = getattr(Denom, DENOMS[trump])
    deal.first = list(Player)[leader]
    start = time.perf_counter()
    tricks = max(t for _c, t in solve_board(deal, SolveMode.Default))
    return tricks, time.perf_counter() - start


# Solved between the repeats of a deal (--repeat), so that the next solve starts from a cold table.
OTHER = (OTHER_PRIFFE, Suit.SPADES, 0)


def library(threads: int) -> Callable[[str, Suit, int], int]:
    def run(pbn: str, trump: Suit, leader: int) -> int:
        position = Position(PRIFFE, parse_deal(pbn, PRIFFE), trump, leader)
        return solve(position, leader, card_values=True, threads=threads).tricks
    return run


def timed(run: Callable[[str, Suit, int], int]) -> Callable[[str, Suit, int], tuple[int, float]]:
    """`run` with its wall time."""
    def timed_run(pbn: str, trump: Suit, leader: int) -> tuple[int, float]:
        start = time.perf_counter()
        answer = run(pbn, trump, leader)
        return answer, time.perf_counter() - start
    return timed_run


def fastest(run: Callable[[str, Suit, int], tuple[int, float]], deal: tuple[str, Suit, int], repeat: int,
            forget: bool) -> tuple[int, float]:
    """The answer of `run(*deal)` (which times itself) and its fastest time of `repeat` runs, the
    OTHER deal run between them if `forget`."""
    best = float("inf")
    for attempt in range(repeat):
        if attempt and forget:
            run(*OTHER)
        answer, seconds = run(*deal)
        best = min(best, seconds)
    return answer, best


def command(threads: int) -> Callable[[str, Suit, int], int]:
    """One `prefdd solve` process per deal (the installed command, else python -m prefdd)."""
    program = shutil.which("prefdd")
    start = [program] if program else [sys.executable, "-m", "prefdd"]

    def run(pbn: str, trump: Suit, leader: int) -> int:
        args = [*start, "solve", "priffe", pbn, "--trump", trump.letter, "--leader", str(leader),
                "--all-cards", "--threads", str(threads), "--json"]
        out = subprocess.run(args, capture_output=True, text=True, check=True)
        return json.loads(out.stdout)["tricks"]
    return run


def command_batch(threads: int, deals: list[tuple[str, Suit, int]], folder: str) -> list[int]:
    """The suite by one `prefdd solve --batch` process, each line a deal with its trump and leader: the
    tricks deal by deal. The batch file is written in `folder` beforehand."""
    program = shutil.which("prefdd")
    start = [program] if program else [sys.executable, "-m", "prefdd"]
    path = os.path.join(folder, "deals.txt")
    with open(path, "w") as batch:
        batch.writelines(f"{pbn} --trump {trump.letter} --leader {leader}\n" for pbn, trump, leader in deals)
    args = [*start, "solve", "priffe", "--batch", path, "--all-cards", "--threads", str(threads), "--json"]
    out = subprocess.run(args, capture_output=True, text=True, check=True)
    return [json.loads(line)["tricks"] for line in out.stdout.splitlines()]


def suite(deals: int, seed: int, threads: int, repeat: int = 1) -> str:
    """The table: DDS and each of our ways on the same deals, deal by deal in turn (each the fastest of
    `repeat` solves)."""
    ways = {
        "library, 1 thread": library(1),
        f"library, {threads} threads": library(threads),
        f"command line, {threads} threads, process start included": command(threads),
    }
    load = os.getloadavg()[0]
    dds: list[float] = []
    times: dict[str, list[float]] = {name: [] for name in ways}
    drawn = random_deals(deals, seed)
    expected_tricks = []
    for deal in drawn:
        expected, seconds = fastest(dds_tricks, deal, repeat, True)
        expected_tricks.append(expected)
        dds.append(seconds)
        for name, run in ways.items():
            # A process starts with cold tables: only the library needs another deal between repeats.
            tricks, seconds = fastest(timed(run), deal, repeat, name.startswith("library"))
            times[name].append(seconds)
            if tricks != expected:
                pbn, trump, leader = deal
                sys.exit(f"disagreement with DDS ({name}) on {pbn} trump {trump} leader {leader}")
    batches = float("inf")
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(repeat):
            start = time.perf_counter()
            tricks = command_batch(threads, drawn, folder)
            batches = min(batches, time.perf_counter() - start)
    if tricks != expected_tricks:
        sys.exit("disagreement with DDS (command line, --batch)")
    rows = [["DDS, 1 thread", deals, f"{sum(dds):.2f}", "1.00", f"{statistics.median(dds) * 1000:.2f}"]]
    for name, seconds in times.items():
        rows.append([f"ours, {name}", deals, f"{sum(seconds):.2f}", f"{sum(seconds) / sum(dds):.2f}",
                     f"{statistics.median(seconds) * 1000:.2f}"])
    rows.append([f"ours, command line, {threads} threads, --batch (a deal a thread): one process, its start "
                 "included", deals,
                 f"{batches:.2f}", f"{batches / sum(dds):.2f}", "-"])
    table = tabulate(rows, headers=["Priffe, every card", "deals", "suite wall s", "ratio to DDS",
                                    "median ms"], tablefmt="github")
    return (f"{table}\n\n{os.cpu_count()} cores; load average {load:.2f} before, {os.getloadavg()[0]:.2f} "
            "after (other work on the machine takes cores from the threads)")


def one_and_many(positions: list[Position], threads: int, solve_one: Callable[[Position, int], object],
                 what: str, repeat: int = 1,
                 forget: Callable[[int], object] | None = None) -> list[list[float]]:
    """Each position's wall time on one thread and on `threads`: the fastest of `repeat` calls of
    `solve_one(position, count)` (`forget(count)` before each, so that it starts from a cold table), whose
    answers must be the same on both (else the run stops, naming `what`)."""
    timings = []
    answers = []
    for count in (1, threads):
        times = []
        found = []
        for position in positions:
            best = float("inf")
            for _ in range(repeat):
                if forget is not None:
                    forget(count)
                start = time.perf_counter()
                answer = solve_one(position, count)
                best = min(best, time.perf_counter() - start)
            times.append(best)
            found.append(answer)
        timings.append(times)
        answers.append(found)
    if answers[0] != answers[1]:
        sys.exit(f"the {what} differ on one thread and on several")
    return timings


def threads_name(count: int) -> str:
    return f"ours, library, {count} thread{'s' * (count != 1)}"


def misere_suite(deals: int, seed: int, threads: int, repeat: int = 1) -> str:
    """bench.py's misère deals (Preferans, no trump, seat 0 declaring and leading; the same random draws),
    every first card valued, on one thread and on `threads`: wall time, each the fastest of `repeat` solves
    (another deal between them), the answers the same."""
    rng = random.Random(seed)
    positions = [Position(PREFERANS, parse_deal(" ".join(random_hands(PREFERANS, 3, 10, rng)), PREFERANS),
                          None, leader=0, declarer=0) for _ in range(deals)]
    other = Position(PREFERANS, parse_deal(OTHER_PREFERANS, PREFERANS), None, leader=0, declarer=0)
    timings = one_and_many(
        positions, threads, lambda position, count: solve(position, 0, minimise=True, card_values=True,
                                                          threads=count).cards,
        "card values", repeat, lambda count: solve(other, 0, minimise=True, card_values=True, threads=count))
    rows = []
    for count, times in zip((1, threads), timings, strict=True):
        worst = max(range(deals), key=times.__getitem__)
        rows.append([threads_name(count), deals, f"{statistics.median(times) * 1000:.2f}",
                     f"{times[worst] * 1000:.2f} (deal {worst})", f"{sum(times):.2f}"])
    return tabulate(rows, headers=["Preferans misère, every first card", "deals", "median ms", "worst ms",
                                   "suite wall s"], tablefmt="github")


def nolla_suite(deals: int, seed: int, threads: int) -> str:
    """Priffe nolla values (13 cards a hand, bench.py's deals of `seed`), on one thread and on `threads`, with
    the declarer's left-hand opponent leading (bench.py's nolla suite) and with the declarer leading (eldest
    hand: the command line's --contract default, a bid's layouts): wall time, the values the same."""
    rng = random.Random(seed)
    hands = ["N:" + " ".join(random_hands(PRIFFE, 4, 13, rng)) for _ in range(deals)]
    rows = []
    for leads, declarer_of in (("left-hand opponent", lambda leader: (leader + 3) % 4),
                               ("declarer", lambda leader: leader)):
        positions = [Position(PRIFFE, parse_deal(pbn, PRIFFE), None, i % 4, declarer=declarer_of(i % 4))
                     for i, pbn in enumerate(hands)]
        timings = one_and_many(
            positions, threads, lambda position, count: solve(position, position.declarer, minimise=True,
                                                              threads=count).tricks, "nolla values")
        for count, times in zip((1, threads), timings, strict=True):
            worst = max(range(deals), key=times.__getitem__)
            rows.append([f"{threads_name(count)}, the {leads} leads", deals, f"{sum(times):.2f}",
                         f"{statistics.median(times):.2f}", f"{times[worst]:.2f} (deal {worst})"])
    return tabulate(rows, headers=["Priffe nolla, the value", "deals", "wall s", "median s", "worst s"],
                    tablefmt="github")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50,
                        help="random deals of the every-card Priffe suite (default 50; 0: none)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1, as bench.py)")
    parser.add_argument("--threads", type=int, default=2, help="threads of the threaded runs (default 2)")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="the fastest of N solves of each deal, each from a cold table, for every way "
                             "(default 1)")
    parser.add_argument("--misere-deals", type=int, default=200, metavar="N",
                        help="bench.py's misère deals valued card by card on one thread and on --threads "
                             "(default 200; 0: none)")
    parser.add_argument("--nolla-deals", type=int, default=8, metavar="N",
                        help="bench.py's nolla deals valued on one thread and on --threads, each way of "
                             "leading (default 8; 0: none)")
    args = parser.parse_args()
    tables = []
    if args.deals:
        tables.append(suite(args.deals, args.seed, args.threads, args.repeat))
    if args.misere_deals:
        tables.append(misere_suite(args.misere_deals, args.seed, args.threads, args.repeat))
    if args.nolla_deals:
        tables.append(nolla_suite(args.nolla_deals, args.seed, args.threads))
    print("\n\n".join(tables))


if __name__ == "__main__":
    main()
