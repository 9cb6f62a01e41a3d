"""The declarer's best discard after taking the talon, contract by contract (double dummy).

This is the interface of ``notes/talon_api.md``, answered by brute force:
every legal discard times every contract, each solved with
:func:`solver.solve_contract` on the deal with the discard out of play.

`deal.hands[declarer]` holds the declarer's cards with the talon (12 in
Preferans and Vienna, 6 for a Polskt pass player who took an extra card).

>>> from rules import PREFERANS, Deal, get_contract, parse_cards
>>> hands = (frozenset(parse_cards("SA SK SQ SJ ST S9 S8 S7 HA HK HQ HJ")),
...          frozenset(parse_cards("H9 H8 H7 DA DK DQ DJ DT D9 D8")),
...          frozenset(parse_cards("D7 CA CK CQ CJ CT C9 C8 C7 HT")))
>>> result = solve_talon(Deal(hands), dealer=2, declarer=0,
...                      contracts=[get_contract(PREFERANS, "10S")])
>>> result.choice("10s").tricks, result.best.contract.name
(10, '10S')
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from rules import CONTRACTS, Aim, Card, Contract, Deal, InvalidInputError, get_contract
from solver.contracts import ContractResult, solve_contract


@dataclass(frozen=True)
class TalonChoice:
    """One contract's outcome with the declarer's best discard."""

    contract: Contract
    tricks: int
    made: bool
    discards: tuple[frozenset[Card], ...]
    groups: tuple[tuple[frozenset[Card], ...], ...]


@dataclass(frozen=True)
class TalonResult:
    """Every contract asked, low to high, with the best discard for each."""

    declarer: int
    dealer: int
    choices: tuple[TalonChoice, ...]
    best: TalonChoice | None
    discards: tuple[frozenset[Card], ...] | None = None
    grid: np.ndarray | None = None

    def choice(self, name: str) -> TalonChoice:
        """The choice for the contract called `name` (case-insensitive, aliases accepted)."""
        if not self.choices:
            raise InvalidInputError("no contract was asked")
        wanted = get_contract(self.choices[0].contract.game, name)
        for choice in self.choices:
            if choice.contract == wanted:
                return choice
        raise InvalidInputError(f"{wanted.name} was not among the contracts asked")


def solve_talon(deal: Deal, dealer: int, declarer: int, *, contracts: Sequence[Contract] | None = None,
                bid: Contract | None = None, grid: bool = False) -> TalonResult:
    """Every legal discard times every contract, the best discard for each contract kept."""
    game_contracts = list(CONTRACTS[_game_name(contracts, bid)].values())
    hand = deal.hands[declarer]
    asked = list(contracts) if contracts is not None else [
        c for c in game_contracts if c.talon or c.aim is Aim.WIN_DEAL]
    if bid is not None:
        asked = [c for c in asked if _rank(c) >= _rank(bid)]
    asked.sort(key=_rank)
    game = asked[0].game if asked else None
    keep = game.hand_size if game is not None else len(hand)
    if len(hand) <= keep:
        raise InvalidInputError(f"the declarer holds {len(hand)} cards: with the talon he has more "
                                f"than {keep} to discard from")
    discards = [frozenset(d) for d in itertools.combinations(sorted(hand), len(hand) - keep)]
    cells = np.zeros((len(discards), len(asked)), dtype=np.int16)
    results: list[list[ContractResult]] = []
    for row, discard in enumerate(discards):
        hands = list(deal.hands)
        hands[declarer] = hand - discard
        played = replace(deal, hands=tuple(hands), out_of_play=deal.out_of_play | discard)
        results.append([solve_contract(played, c, dealer, declarer) for c in asked])
        cells[row] = [r.tricks for r in results[-1]]
    choices = []
    for column, contract in enumerate(asked):
        outcomes = [_merit(r[column]) for r in results]
        top = max(outcomes)
        rows = [i for i, value in enumerate(outcomes) if value == top]
        first = results[rows[0]][column]
        best = tuple(discards[i] for i in rows)
        choices.append(TalonChoice(contract, first.tricks, bool(first.made), best,
                                   tuple((d,) for d in best)))
    made = [c for c in choices if c.made]
    return TalonResult(declarer, dealer, tuple(choices), made[-1] if made else None,
                       tuple(discards) if grid else None, cells if grid else None)


def _merit(result: ContractResult) -> tuple[bool, int]:
    """What the declarer prefers: making the contract first, then tricks (few for an avoid contract)."""
    contract = result.contract
    tricks = -result.tricks if contract.aim is Aim.AVOID else result.tricks
    return bool(result.made), tricks


def _rank(contract: Contract) -> tuple[int, int]:
    """The contract's place in the bidding, low to high (Preferans misère between 8NT and 9S)."""
    order = list(CONTRACTS[contract.game.name].values())
    if contract.name == "misere":
        return 8, len(order)
    if contract.target and contract.game.name == "preferans":
        return contract.target, order.index(contract)
    return 0, order.index(contract)


def _game_name(contracts: Sequence[Contract] | None, bid: Contract | None) -> str:
    """The game, from the contracts asked or the bid (a deal does not say which game it is)."""
    for contract in (*(contracts or ()), bid):
        if contract is not None:
            return contract.game.name
    raise InvalidInputError("name the contracts or the bid: they say which game is played")
