"""A position: a deal, the play conditions, and the cards played so far.

The played cards are replayed on construction; any card that its player did
not hold or could not legally play raises :class:`InvalidInputError` naming
the trick, the seat and the rule broken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from prefdd.rules import checks
from prefdd.rules.cards import Card, Suit
from prefdd.rules.constraints import Constraint
from prefdd.rules.deal import Deal, check_deal
from prefdd.rules.errors import InvalidInputError
from prefdd.rules.games import Game
from prefdd.rules.play import TrickRules

_COMPASS = {"N": "North", "E": "East", "S": "South", "W": "West"}


@dataclass(frozen=True)
class Trick:
    """A trick: who played first to it, the cards in play order, who won it, whether it is done.

    A trick started by a turned talon card (Preferans all-pass with talon leads) has
    that card as `talon`; its `cards` are the players' cards, and if nobody could
    follow its suit it is done with no winner.
    """

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    done: bool = True
    talon: Card | None = None


@dataclass(frozen=True)
class Position:
    """A deal part way through (or at the start of) its play.

    `leader` leads the first trick of `played`; `declarer` matters only for the
    lowest-winner duty (its left-hand opponent has it in tricks the declarer leads).
    `constraints` defaults to the game's standard set, without the lowest-winner
    duty when only two hands play (a Vienna defender stayed home).

    >>> from prefdd.rules.deal import parse_deal
    >>> from prefdd.rules.games import PREFERANS
    >>> from prefdd.rules.cards import parse_cards
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
    talon_leads: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = field(init=False, repr=False)
    hands: tuple[frozenset[Card], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._check_types()
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
        if trick.done:
            return None
        seat = trick.leader
        for _ in trick.cards:
            seat = self.next_seat(seat)
        return seat

    @cached_property
    def tricks_won(self) -> tuple[int, ...]:
        """Completed tricks won, by seat (asked for several times a solve: kept once known)."""
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
        cards = ((trick.talon,) if trick.talon else ()) + trick.cards
        return self.rules.legal(self.hands[seat], cards, self._has_duty(seat, trick.leader))[0]

    def equivalent_groups(self) -> tuple[tuple[Card, ...], ...]:
        """The legal cards of the player to move, in groups of equivalent cards.

        Cards are equivalent when they are in the same play suit and no other card
        in a hand or in the current trick lies between them: whichever is played,
        the play goes the same way. Groups come in suit order (S H D C), high first.

        >>> from prefdd.rules.deal import parse_deal
        >>> from prefdd.rules.games import PREFERANS
        >>> deal = parse_deal("QJT8.A.. K97.K..7 A.QJT9..", PREFERANS)
        >>> [" ".join(str(c) for c in group) for group in
        ...  Position(PREFERANS, deal, None, leader=0).equivalent_groups()]
        ['SQ SJ ST', 'S8', 'HA']
        """
        legal = self.legal_cards()
        present = {c for hand in self.hands for c in hand} | set(self.current_trick.cards)
        order = {c: self.game.play_order(c, self.trump) for c in present}
        ranked = sorted(present, key=lambda c: (-order[c][0], order[c][1]), reverse=True)
        groups: list[list[Card]] = []
        previous: Card | None = None
        for card in ranked:
            if card in legal:
                if previous is not None and order[previous][0] == order[card][0]:
                    groups[-1].append(card)
                else:
                    groups.append([card])
                previous = card
            else:
                previous = None
        return tuple(tuple(group) for group in groups)

    def play(self, cards: Sequence[Card]) -> Position:
        """The position after `cards` are played from this one."""
        return Position(
            self.game, self.deal, self.trump, self.leader, self.played + checks.cards(cards, "cards"),
            self.constraints, self.declarer, self.talon_leads,
        )

    @property
    def in_talon_tricks(self) -> bool:
        """Whether the play is still in the tricks started by turned talon cards."""
        return not self.current_trick.done and self.current_trick.talon is not None

    def _has_duty(self, seat: int, trick_leader: int) -> bool:
        return seat == self.lowest_winner_seat and trick_leader == self.declarer

    def _check_types(self) -> None:
        """Refuse arguments of the wrong kind here, not in the engine; sequences of cards become tuples."""
        checks.instance(self.game, Game, "game", "a Game (PREFERANS, VIENNA, POLSKT_PASS or PRIFFE)")
        checks.instance(self.deal, Deal, "deal", "a Deal (parse_deal reads one)")
        checks.suit(self.trump, "trump")
        checks.integer(self.leader, "leader")
        checks.integer(self.declarer, "declarer", optional=True)
        checks.instance(self.constraints, Constraint, "constraints", "a Constraint or None", optional=True)
        object.__setattr__(self, "played", checks.cards(self.played, "played"))
        object.__setattr__(self, "talon_leads", checks.cards(self.talon_leads, "talon_leads"))

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
        if self.talon_leads:
            held = [c for c in self.talon_leads if any(c in hand for hand in self.deal.hands)]
            if held:
                raise InvalidInputError(
                    f"talon card {held[0]} is in a hand: turned talon cards are out of play")
            assert self.constraints is not None
            if self.trump is not None or self.constraints & ~(Constraint.FOLLOW | Constraint.RUFF):
                raise InvalidInputError("talon leads are played without trump, under follow only")

    def _replay(self) -> tuple[tuple[Trick, ...], tuple[frozenset[Card], ...]]:
        hands = list(self.deal.hands)
        rules = self.rules
        tricks: list[Trick] = []
        leader, cards, seat = self.leader, [], self.leader
        for card in self.played:
            where = f"trick {len(tricks) + 1}, card {card.symbol}"
            talon = self.talon_leads[len(tricks)] if len(tricks) < len(self.talon_leads) else None
            if not hands[seat]:
                raise InvalidInputError(
                    f"{where}: played after the last trick (the deal has {len(tricks)} tricks)")
            if card not in hands[seat]:
                raise InvalidInputError(f"{where}: {self._not_held(card, seat, hands, tricks, cards)}")
            so_far = ([talon] if talon else []) + cards
            why = rules.refusal(hands[seat], so_far, card, self._has_duty(seat, leader))
            if why is not None:
                allowed, _ = rules.legal(hands[seat], so_far, self._has_duty(seat, leader))
                raise InvalidInputError(
                    f"{where}: {self.player_name(seat)} {why}; may play "
                    f"{' '.join(c.symbol for c in sorted(allowed, key=lambda c: (c.suit, -c.rank)))}"
                )
            hands[seat] = hands[seat] - {card}
            cards.append(card)
            seat = self.next_seat(seat)
            if len(cards) == len(self.seats):
                winner = self._winner(leader, cards, talon)
                tricks.append(Trick(leader, tuple(cards), winner, True, talon))
                if talon is None:
                    assert winner is not None
                    leader = winner
                cards, seat = [], leader
        if hands[seat] or cards:
            talon = self.talon_leads[len(tricks)] if len(tricks) < len(self.talon_leads) else None
            tricks.append(Trick(leader, tuple(cards), None, False, talon))
        return tuple(tricks), tuple(hands)

    def player_name(self, seat: int) -> str:
        """A seat as a sentence names it: ``seat 1``, or in Priffe ``East``."""
        name = self.game.seat_name(seat)
        return _COMPASS.get(name, f"seat {name}")

    def _not_held(self, card: Card, seat: int, hands: list[frozenset[Card]],
                  tricks: list[Trick], cards: list[Card]) -> str:
        """Why `card` cannot be `seat`'s: another player's, already played, out of play or unknown."""
        holder = next((s for s, hand in enumerate(hands) if card in hand), None)
        if holder is not None:
            return (f"it is {self.player_name(seat)}'s turn, not {self.player_name(holder)}'s "
                    f"({card.symbol} is in {self.player_name(holder)}'s hand)")
        earlier = [n for n, trick in enumerate(tricks, start=1) if card in trick.cards]
        if earlier or card in cards:
            return f"{card.symbol} was already played, in trick {earlier[0] if earlier else len(tricks) + 1}"
        if card in self.talon_leads:
            return f"{card.symbol} is a turned talon card, out of play"
        if card in self.deal.out_of_play:
            return f"{card.symbol} is out of play"
        if card not in self.game.deck(len(self.deal.hands)):
            return f"{card.symbol} is not in the {self.game.title} deck"
        return f"card {card.symbol} is not in {self.player_name(seat)}'s hand"

    def _winner(self, leader: int, cards: list[Card], talon: Card | None) -> int | None:
        """Who wins a complete trick: after a talon card, the highest card of its suit, if any."""
        order = self.seats.index(leader)
        if talon is None:
            return self.seats[(order + self.rules.winner(cards)) % len(self.seats)]
        suit = self.rules.suit_of(talon)
        following = [i for i, c in enumerate(cards) if self.rules.suit_of(c) == suit]
        if not following:
            return None
        best = max(following, key=lambda i: self.game.play_order(cards[i], self.trump)[1])
        return self.seats[(order + best) % len(self.seats)]
