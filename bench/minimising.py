"""The minimising contracts as bench suites: Vienna bettel and plauderer, all-pass (Preferans with
talon-led tricks, Vienna's Ausfechten) and Priffe passnolla, each set up by its contract.

Each deal is solved as `solve_contract` asks it: the declarer's side, or for all-pass every
player in turn (the deal's time and nodes are then the sum of the players'). Every solve runs
in a worker process stopped after a time cap, as the nolla suite does.
"""

from __future__ import annotations

import multiprocessing
import random
import time

from prefdd.rules import GAMES, format_hand, get_contract, parse_cards, parse_deal
from prefdd.solver import solve

CAP = 10.0


def random_deal(game_name: str, rng: random.Random) -> tuple[str, tuple[str, ...]]:
    """A deal in parse_deal's notation (the talon after `|`, if the game has one) and the talon's cards."""
    game = GAMES[game_name]
    seats = 4 if game_name == "priffe" else 3
    deck = sorted(game.deck(seats))
    rng.shuffle(deck)
    size = game.hand_size
    hands = [format_hand(deck[i * size:(i + 1) * size]) for i in range(seats)]
    talon = deck[seats * size:]
    if not talon:
        return " ".join(hands), ()
    return " ".join(hands) + " | " + format_hand(talon), tuple(str(c) for c in talon)


def solve_deal(game_name: str, contract_name: str, text: str, talon: tuple[str, ...], dealer: int,
               talon_leads: bool) -> tuple[float, int]:
    """Seconds and nodes of the solves `solve_contract` makes for one deal (every player's in all-pass)."""
    game = GAMES[game_name]
    contract = get_contract(game, contract_name)
    leads = tuple(parse_cards(" ".join(talon))) if talon_leads else ()
    play = contract.setup(parse_deal(text, game), dealer, talon_leads=leads)
    seats = play.position.seats if contract.per_player else (play.seat,)
    start = time.perf_counter()
    nodes = sum(solve(play.position, seat, minimise=play.minimise, threads=1).nodes for seat in seats)
    return time.perf_counter() - start, nodes


def contract_suite(game_name: str, contract_name: str, deals: int, seed: int, talon_leads: bool = False,
                   cap: float = CAP) -> tuple[list[float], list[int], int]:
    """Times, nodes (of the solves not stopped) and the number stopped at `cap`, over random deals."""
    rng = random.Random(seed)
    times: list[float] = []
    nodes: list[int] = []
    capped = 0
    context = multiprocessing.get_context("fork")
    pool = context.Pool(1)
    try:
        for i in range(deals):
            text, talon = random_deal(game_name, rng)
            job = pool.apply_async(solve_deal, (game_name, contract_name, text, talon, i % 3, talon_leads))
            try:
                seconds, count = job.get(timeout=cap)
            except multiprocessing.TimeoutError:
                pool.terminate()
                pool = context.Pool(1)
                capped += 1
                times.append(cap)
                continue
            times.append(seconds)
            nodes.append(count)
    finally:
        pool.terminate()
    return times, nodes, capped
