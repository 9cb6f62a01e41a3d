"""solve_many against solve, position by position: every game, partial tricks, talon leads."""

from __future__ import annotations

import random

from prefdd.rules import GAMES, PREFERANS, Position, Suit, get_contract, parse_card, parse_deal
from prefdd.rules.deal import Deal
from prefdd.solver import solve, solve_many


def random_positions(count: int, seed: int) -> list[tuple[Position, int | None, bool]]:
    rng = random.Random(seed)
    jobs = []
    for i in range(count):
        game = list(GAMES.values())[i % len(GAMES)]
        seats = 4 if game.name == "priffe" else 3
        size = min(5, game.hand_size)
        deck = sorted(game.deck(seats))
        rng.shuffle(deck)
        deal = Deal(tuple(frozenset(deck[s * size:(s + 1) * size]) for s in range(seats)))
        trump = rng.choice([None, *Suit])
        position = Position(game, deal, trump, leader=i % seats, declarer=0)
        if i % 3 == 0:
            position = position.play(sorted(position.legal_cards())[:1])
        jobs.append((position, rng.choice([None, 1]), i % 2 == 1))
    return jobs


def test_batch_equals_single_solves() -> None:
    jobs = random_positions(40, seed=3)
    got = solve_many([p for p, _, _ in jobs], [s for _, s, _ in jobs],
                     minimise=[m for _, _, m in jobs], workers=2)
    want = [solve(p, s, minimise=m).tricks for p, s, m in jobs]
    assert got.tolist() == want


def test_batch_with_talon_leads() -> None:
    deal = parse_deal("AKQ.J7.. 987.A8.. JT.KQ.7.", PREFERANS)
    talon = (parse_card("H9"), parse_card("D8"))
    play = get_contract(PREFERANS, "allpass").setup(deal, 2, player=0, talon_leads=talon)
    positions = [play.position] * 3
    got = solve_many(positions, [0, 1, 2], minimise=True)
    assert got.tolist() == [solve(play.position, s, minimise=True).tricks for s in (0, 1, 2)]
