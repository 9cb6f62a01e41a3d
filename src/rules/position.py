"""A position: a deal, the play conditions, and the cards played so far.

The played cards are replayed on construction; any card that its player did
not hold or could not legally play raises :class:`InvalidInputError` naming
the trick, the seat and the rule broken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.cards import Card, Suit
from rules.constraints import Constraint
from rules.deal import Deal, check_deal
from rules.errors import InvalidInputError
from rules.games import Game
from rules.play import TrickRules


@dataclass(frozen=True)
class Trick:
    """A trick: who led it, the cards in play order, and who won it (None while in progress)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None


@dataclass(frozen=True)
class Position:
    """A deal part way through (or at the start of) its play.

    `leader` leads the first trick of `played`; `declarer` matters only for the
    lowest-winner duty (its left-hand opponent has it in tricks the declarer leads).
    `constraints` defaults to the game's standard set, without the lowest-winner
    duty when only two hands play (a Vienna defender stayed home).

    >>> from rules.deal import parse_deal
    >>> from rules.games import PREFERANS
    >>> from rules.cards import parse_cards
    >>> deal = parse_deal("AK.7.. Q8.A.. J7.K..", PREFERANS)
    >>> pos = Position(PREFERANS, deal, trump=Suit.HEARTS, leader=0,
    ...                played=tuple(parse_cards("SA S8 S7")))
    >>> pos.to_play, pos.tricks_won, pos.tricks_left
    (0, (1, 0, 0), 2)
    """

    game: Game
    deal: Deal
    trump: Suit | None
    leader: int
    played: tuple[Card, ...] = ()
    constraints: Constraint | None = None
    declarer: int | None = None
    tricks: tuple[Trick, ...] = field(init=False, repr=False)
    hands: tuple[frozenset[Card], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.constraints is None:
            standard = self.game.constraints
            if len(self.deal.active_seats) < 3:
                standard &= ~Constraint.LOWEST_WINNER
            object.__setattr__(self, "constraints", standard)
        check_deal(self.deal, self.game)
        self._check_conditions()
        tricks, hands = self._replay()
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "hands", hands)

    @property
    def rules(self) -> TrickRules:
        """The trick rules of this deal's play."""
        assert self.constraints is not None
        return TrickRules(self.game, self.trump, self.constraints)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in the play, in clockwise order."""
        return self.deal.active_seats

    def next_seat(self, seat: int) -> int:
        """The seat in the play that follows `seat` clockwise."""
        seats = self.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    @property
    def lowest_winner_seat(self) -> int | None:
        """The seat with the lowest-winner duty (the declarer's left-hand opponent), if any."""
        assert self.constraints is not None
        if Constraint.LOWEST_WINNER not in self.constraints or self.declarer is None:
            return None
        return self.next_seat(self.declarer)

    @property
    def current_trick(self) -> Trick:
        """The trick being played (possibly with no card yet)."""
        return self.tricks[-1]

    @property
    def to_play(self) -> int | None:
        """The seat whose turn it is, None when all tricks are played."""
        trick = self.current_trick
        if trick.winner is not None:
            return None
        seat = trick.leader
        for _ in trick.cards:
            seat = self.next_seat(seat)
        return seat

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Completed tricks won, by seat."""
        won = [0] * len(self.deal.hands)
        for trick in self.tricks:
            if trick.winner is not None:
                won[trick.winner] += 1
        return tuple(won)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet complete, the current one included."""
        seat = self.to_play
        return 0 if seat is None else len(self.hands[seat])

    def legal_cards(self) -> frozenset[Card]:
        """The cards the player to move may play."""
        seat = self.to_play
        if seat is None:
            return frozenset()
        trick = self.current_trick
        return self.rules.legal(self.hands[seat], trick.cards, self._has_duty(seat, trick.leader))[0]

    def play(self, cards: Sequence[Card]) -> Position:
        """The position after `cards` are played from this one."""
        return Position(
            self.game, self.deal, self.trump, self.leader, self.played + tuple(cards),
            self.constraints, self.declarer,
        )

    def _has_duty(self, seat: int, trick_leader: int) -> bool:
        return seat == self.lowest_winner_seat and trick_leader == self.declarer

    def _check_conditions(self) -> None:
        game, seats = self.game, self.deal.active_seats
        if self.trump is None and game.needs_trump:
            raise InvalidInputError(f"{game.name} is always played with a trump suit: name one")
        for role, seat in (("leader", self.leader), ("declarer", self.declarer)):
            if seat is None:
                continue
            if not 0 <= seat < len(self.deal.hands):
                raise InvalidInputError(
                    f"{role} seat {seat} does not exist: the deal has seats 0-{len(self.deal.hands) - 1}"
                )
            if seat not in seats:
                raise InvalidInputError(f"{role} {game.seat_name(seat)} has no cards")

    def _replay(self) -> tuple[tuple[Trick, ...], tuple[frozenset[Card], ...]]:
        hands = list(self.deal.hands)
        rules = self.rules
        tricks: list[Trick] = []
        leader, cards, seat = self.leader, [], self.leader
        for card in self.played:
            where = f"trick {len(tricks) + 1}, card {len(cards) + 1}"
            if not hands[seat]:
                raise InvalidInputError(f"{where}: {card} is played after the last trick")
            if card not in hands[seat]:
                raise InvalidInputError(
                    f"{where}: seat {self.game.seat_name(seat)} plays {card} but does not hold it"
                )
            allowed, why = rules.legal(hands[seat], cards, self._has_duty(seat, leader))
            if card not in allowed:
                raise InvalidInputError(
                    f"{where}: seat {self.game.seat_name(seat)} may not play {card}: {why} "
                    f"(may play {' '.join(str(c) for c in sorted(allowed))})"
                )
            hands[seat] = hands[seat] - {card}
            cards.append(card)
            seat = self.next_seat(seat)
            if len(cards) == len(self.seats):
                winner = (self.seats.index(leader) + rules.winner(cards)) % len(self.seats)
                tricks.append(Trick(leader, tuple(cards), self.seats[winner]))
                leader, cards, seat = self.seats[winner], [], self.seats[winner]
        if hands[seat] or cards:
            tricks.append(Trick(leader, tuple(cards), None))
        return tuple(tricks), tuple(hands)
