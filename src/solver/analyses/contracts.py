"""Solving a named contract: the contract sets the question, the engine answers it.

>>> from prefdd.rules import PREFERANS, get_contract, parse_deal
>>> deal = parse_deal("QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87", PREFERANS)
>>> result = solve_contract(deal, get_contract(PREFERANS, "6S"), dealer=0, declarer=0)
>>> result.tricks, result.made, result.margin
(0, False, -6)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from prefdd.rules import Card, Constraint, Contract, Deal, Play, Suit, checks
from prefdd.solver.api import Solution, solve


@dataclass(frozen=True)
class ContractResult:
    """A contract's double-dummy outcome.

    `tricks` is the declarer's side's (for Priffe passnolla, the first seat's
    side's; for all-pass, the asked player's). `made` and `margin` say whether
    the declarer's side reaches its aim and by how many tricks over or under;
    both are None in all-pass, which has no declarer. The games played each for
    himself are also answered for every player against all the others:
    `tricks_by_seat` (all-pass: the fewest tricks each can be held to) and
    `wins` / `takes_all` (Polskt pass).
    """

    play: Play
    solution: Solution
    tricks: int
    made: bool | None
    margin: int | None
    tricks_by_seat: Mapping[int, int] | None = None
    wins: Mapping[int, bool] | None = None
    takes_all: Mapping[int, bool] | None = None

    @property
    def contract(self) -> Contract:
        return self.play.contract


def solve_contract(
    deal: Deal,
    contract: Contract,
    dealer: int,
    declarer: int | None = None,
    *,
    home: int | None = None,
    player: int | None = None,
    trump: Suit | None | str = "contract",
    rules: Constraint | None = None,
    played: tuple[Card, ...] = (),
    talon_leads: tuple[Card, ...] = (),
    invite: int | None = None,
    card_values: bool = False,
    line: bool = False,
    threads: int | None = None,
) -> ContractResult:
    """Solve `contract` on `deal` dealt by `dealer`, as the contract's rules set it up.

    Card values are searched on `threads` threads (None: one per core), as
    :func:`~prefdd.solver.api.solve` does.
    """
    checks.instance(contract, Contract, "contract", "a Contract (get_contract finds one by name)")
    play = contract.setup(deal, dealer, declarer, home=home, player=player, trump=trump, rules=rules,
                          played=played, talon_leads=talon_leads, invite=invite)
    return solve_play(play, card_values=card_values, line=line, threads=threads)


def solve_play(play: Play, *, card_values: bool = False, line: bool = False,
               threads: int | None = None) -> ContractResult:
    """Solve a contract as :meth:`~prefdd.rules.Contract.setup` set it up (`play`).

    >>> from prefdd.rules import PREFERANS, get_contract, parse_deal
    >>> deal = parse_deal("QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87", PREFERANS)
    >>> solve_play(get_contract(PREFERANS, "6S").setup(deal, dealer=0, declarer=0)).tricks
    0
    """
    checks.instance(play, Play, "play", "a Play (Contract.setup makes one)")
    checks.flag(card_values, "card_values")
    checks.flag(line, "line")
    contract, position = play.contract, play.position
    solution = solve(position, play.seat, minimise=play.minimise, card_values=card_values, line=line,
                     threads=threads)
    total = sum(position.tricks_won) + position.tricks_left
    if not contract.per_player:
        return ContractResult(play, solution, solution.tricks, contract.made(solution.tricks, total),
                              contract.margin(solution.tricks, total))
    each = {seat: solution if seat == play.seat
            else solve(position, seat, minimise=play.minimise, threads=threads) for seat in position.seats}
    if position.declarer is None:  # all-pass
        return ContractResult(play, solution, solution.tricks, None, None,
                              tricks_by_seat={seat: s.tricks for seat, s in each.items()})
    return ContractResult(
        play, solution, solution.tricks, bool(each[position.declarer].wins), None,
        wins={seat: bool(s.wins) for seat, s in each.items()},
        takes_all={seat: bool(s.takes_all) for seat, s in each.items()},
    )
