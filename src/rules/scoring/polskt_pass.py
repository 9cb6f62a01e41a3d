"""Polskt pass settlement (seed 001, *Betalningen*): who wins the pot, the bets, *la vola*.

The amount played for is the pot plus at most one *bet* (*bet*: the penalty
a failed declarer set in an earlier deal, kept apart from the pot): the
smallest of the bets waiting, if any. The player who wins the deal takes it.
A declarer who does not win sets a new bet, as large as the amount played
for (or twice as large, if so agreed), which waits for a later deal.

A player wins by taking three tricks, or by being the first to take two when
nobody takes three. With five players each may take one trick: then nobody
wins, the pot and the bets stay, and the declarer has failed.

>>> result = settle((2, 0, 2, 1, 2), declarers=(0,), pot=12, bets=(30, 24))
>>> result.winner, [p.net for p in result.payments], result.pot, result.bets
(2, [-36, 0, 36, 0], 0, (30, 36))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from prefdd.rules.errors import InvalidInputError

_TRICKS = 5


@dataclass(frozen=True)
class PolsktPassPayment:
    """What one player gains in a deal; `bet` is a bet the player sets (pays) for the next deal."""

    seat: int
    from_pot: int = 0
    from_players: int = 0
    bet: int = 0

    @property
    def net(self) -> int:
        """The player's whole gain (or, negative, loss)."""
        return self.from_pot + self.from_players - self.bet


@dataclass(frozen=True)
class PolsktPassSettlement:
    """The deal's winner (None if nobody won), each payment, and the pot and bets left after it."""

    winner: int | None
    payments: tuple[PolsktPassPayment, ...]
    pot: int
    bets: tuple[int, ...]


def deal_winner(trick_winners: Sequence[int]) -> int | None:
    """Who wins the deal: three tricks, else the first to two, else nobody.

    >>> deal_winner((1, 3, 3, 1, 1)), deal_winner((1, 3, 3, 1, 0)), deal_winner((0, 1, 2, 3, 4))
    (1, 3, None)
    """
    counts = Counter(trick_winners)
    for seat, taken in counts.items():
        if taken >= 3:
            return seat
    seen: Counter[int] = Counter()
    for seat in trick_winners:
        seen[seat] += 1
        if seen[seat] == 2:
            return seat
    return None


def settle(trick_winners: Sequence[int], declarers: Sequence[int], pot: int, bets: Sequence[int] = (), *,
           players: int = 4, la_vola: int | None = None, double_bet: bool = False,
           merge_bets: bool = False) -> PolsktPassSettlement:
    """The payments after a deal, given the seat that won each trick in order.

    `declarers` are one seat, or two (the dealer and the cutter who both took
    a card). `pot` is what the pot holds, the dealer's stake included, and
    `bets` the bets waiting. `la_vola` is the seat that announced it after
    taking the first two tricks: then only la vola is played for, and if it
    loses a trick the play stops there (`trick_winners` may end with that
    trick) and the deal is void. With `double_bet` a failed declarer's bet is
    twice the amount played for; with `merge_bets` two failed declarers'
    bets are kept as one bet of twice the size.

    La vola made: the pot and the bet, and as much again from each other player.

    >>> result = settle((3, 3, 3, 3, 3), declarers=(1,), pot=10, bets=(20,), la_vola=3)
    >>> [p.net for p in result.payments], result.pot, result.bets
    ([-30, -30, -30, 120], 0, ())
    """
    if players not in (3, 4, 5):
        raise InvalidInputError(f"Polskt pass is played by 3, 4 or 5 players, not {players}")
    _check_seats("trick winner", trick_winners, players)
    _check_seats("declarer", declarers, players)
    if len(set(declarers)) != len(declarers) or len(declarers) not in (1, 2):
        raise InvalidInputError(f"declarers {tuple(declarers)} must be one seat or two different seats")
    if pot < 0 or any(bet <= 0 for bet in bets):
        raise InvalidInputError(f"the pot ({pot}) must not be negative and each bet {tuple(bets)} positive")
    stopped = (la_vola is not None and len(trick_winners) >= 3 and trick_winners[-1] != la_vola
               and all(seat == la_vola for seat in trick_winners[:-1]))
    if len(trick_winners) != _TRICKS and not stopped:
        raise InvalidInputError(
            f"trick winners {tuple(trick_winners)} must name who won each of the {_TRICKS} tricks"
        )
    if la_vola is not None and tuple(trick_winners[:2]) != (la_vola, la_vola):
        raise InvalidInputError(f"seat {la_vola} can only announce la vola after taking the first two tricks")

    played_for = min(bets, default=0)
    amount = pot + played_for
    bets_left = list(bets)
    if bets:
        bets_left.remove(played_for)
    gains = {seat: PolsktPassPayment(seat) for seat in range(players)}
    if la_vola is not None:
        if any(seat != la_vola for seat in trick_winners):  # a failed la vola: as if all had passed
            return PolsktPassSettlement(None, tuple(gains.values()), pot, tuple(bets))
        for seat in gains:
            gains[seat] = PolsktPassPayment(seat, from_players=-amount)
        gains[la_vola] = PolsktPassPayment(la_vola, amount, amount * (players - 1))
        return PolsktPassSettlement(la_vola, tuple(gains.values()), 0, tuple(bets_left))

    winner = deal_winner(trick_winners)
    bet = amount * (2 if double_bet else 1)
    failed = [seat for seat in declarers if seat != winner]
    for seat in failed:
        gains[seat] = PolsktPassPayment(seat, bet=bet)
    new_bets = [2 * bet] if merge_bets and len(failed) == 2 else [bet] * len(failed)
    if winner is None:
        return PolsktPassSettlement(None, tuple(gains.values()), pot, (*bets, *new_bets))
    gains[winner] = PolsktPassPayment(winner, from_pot=amount)
    return PolsktPassSettlement(winner, tuple(gains.values()), 0, (*bets_left, *new_bets))


def _check_seats(role: str, seats: Sequence[int], players: int) -> None:
    for seat in seats:
        if seat not in range(players):
            raise InvalidInputError(f"{role} seat {seat!r} does not exist (seats 0-{players - 1})")
