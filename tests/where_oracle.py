"""An independent reading of a condition on one dealt deal: plain Python, and the solver for ``makes``.

The tests check the vectorised evaluation, the dealing and the sampling of
:mod:`prefdd.solver.analyses` against it, on the hands as dealt.
"""

from __future__ import annotations

import operator

from prefdd.rules import Deal, Rank, Suit, get_contract
from prefdd.rules.scoring import honour_cards
from prefdd.solver import solve_contract, solve_talon
from prefdd.solver.analyses.conditions import TALON, And, Compare, Count, Holds, Makes, Not, Or
from prefdd.solver.analyses.layouts import Hidden

SUITS = {"spades": Suit.SPADES, "hearts": Suit.HEARTS, "diamonds": Suit.DIAMONDS, "clubs": Suit.CLUBS}
POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
RANKS = {"aces": Rank.ACE, "kings": Rank.KING, "queens": Rank.QUEEN, "jacks": Rank.JACK}
OPS = {">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "==": operator.eq,
       "!=": operator.ne}


def held(deal: Deal, seat: int) -> frozenset:
    return deal.out_of_play if seat == TALON else deal.hands[seat]


def count(term: Count | int, deal: Deal) -> int:
    if isinstance(term, int):
        return term
    cards = held(deal, term.seat)
    if term.measure in SUITS:
        return sum(1 for card in cards if card.suit is SUITS[term.measure])
    if term.measure == "hcp":
        return sum(POINTS.get(card.rank, 0) for card in cards)
    if term.measure == "honours":
        return len(cards & honour_cards(term.contract))
    return sum(1 for card in cards if card.rank is RANKS[term.measure])


def made(hidden: Hidden, deal: Deal, seat: int, name: str) -> bool:
    """Preferans and Priffe: the seat declares; with talon (not yet taken) it picks it up and discards."""
    contract = get_contract(hidden.game, name)
    if contract.talon and hidden.game_name == "preferans" and not hidden.out:
        hands = list(deal.hands)
        hands[seat] = hands[seat] | deal.out_of_play
        full = Deal(tuple(hands))
        return solve_talon(full, hidden.dealer, seat, contracts=[contract]).choice(name).made
    return bool(solve_contract(deal, contract, hidden.dealer, seat).made)


def holds(node, deal: Deal, hidden: Hidden) -> bool:
    """Whether the condition `node` holds on `deal` (one of `hidden`'s layouts)."""
    if isinstance(node, Compare):
        sides = [sum(count(term, deal) for term in side) for side in node.sides]
        return all(OPS[op](a, b) for op, a, b in zip(node.ops, sides, sides[1:], strict=False))
    if isinstance(node, Holds):
        return len(set(node.cards) & held(deal, node.seat)) >= node.at_least
    if isinstance(node, Not):
        return not holds(node.operand, deal, hidden)
    if isinstance(node, And):
        return all(holds(o, deal, hidden) for o in node.operands)
    if isinstance(node, Or):
        return any(holds(o, deal, hidden) for o in node.operands)
    assert isinstance(node, Makes)
    return made(hidden, deal, node.seat, node.contract)


def satisfied(hidden: Hidden, layout) -> bool:
    """Whether every condition of `hidden` holds on the layout's deal."""
    deal, _ = hidden.deal(layout)
    return all(holds(condition.tree, deal, hidden) for condition in hidden.where)
