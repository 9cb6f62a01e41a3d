"""Trick play: who wins a trick and which cards a player may play.

This is the rules' own, plain implementation of RULES.md sections 1 and 2,
used to check played cards. The solver engine has its own fast one, and the
tests compare both with an independent reference.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from prefdd.rules.cards import Card, Suit
from prefdd.rules.constraints import Constraint
from prefdd.rules.games import Game


@dataclass(frozen=True)
class TrickRules:
    """Everything that decides legality and winners within one deal's play."""

    game: Game
    trump: Suit | None
    constraints: Constraint

    def suit_of(self, card: Card) -> Suit:
        """The suit the card belongs to in play (a Polskt pass jack: the trump suit)."""
        return self.game.play_order(card, self.trump)[0]

    def beats(self, card: Card, winner: Card) -> bool:
        """Whether `card`, played now, would take the trick from `winner`."""
        suit, order = self.game.play_order(card, self.trump)
        win_suit, win_order = self.game.play_order(winner, self.trump)
        if suit == win_suit:
            return order > win_order
        return suit == self.trump

    def winner(self, trick: Sequence[Card]) -> int:
        """The index in `trick` of the card that wins it (so far).

        >>> from prefdd.rules.cards import parse_cards
        >>> from prefdd.rules.games import PREFERANS
        >>> TrickRules(PREFERANS, Suit.HEARTS, PREFERANS.constraints).winner(
        ...     parse_cards("SA H7 S8"))
        1
        """
        best = 0
        for i in range(1, len(trick)):
            if self.beats(trick[i], trick[best]):
                best = i
        return best

    def legal(
        self, hand: frozenset[Card], trick: Sequence[Card], lowest_winner_duty: bool = False
    ) -> tuple[frozenset[Card], str]:
        """The cards of `hand` that may be played to `trick`, and the last rule that narrowed them.

        `lowest_winner_duty` says whether this player has the lowest-winner duty in this
        trick (the declarer's left-hand opponent, the declarer having led).
        """
        steps = [(hand, ""), *self._narrowing(hand, trick, lowest_winner_duty)]
        return steps[-1]

    def refusal(
        self, hand: frozenset[Card], trick: Sequence[Card], card: Card, lowest_winner_duty: bool = False
    ) -> str | None:
        """The first rule that forbids playing `card` from `hand` to `trick`, None if it may be played.

        >>> from prefdd.rules.cards import parse_card, parse_cards
        >>> from prefdd.rules.games import PREFERANS
        >>> rules = TrickRules(PREFERANS, Suit.HEARTS, PREFERANS.constraints)
        >>> rules.refusal(frozenset(parse_cards("SK H7 D8")), parse_cards("SA"), parse_card("D8"))
        'must follow ♠ (revoke)'
        >>> rules.refusal(frozenset(parse_cards("H7 D8")), parse_cards("SA"), parse_card("D8"))
        'cannot follow ♠ and must trump'
        """
        for allowed, why in self._narrowing(hand, trick, lowest_winner_duty):
            if card not in allowed:
                return why
        return None

    def _narrowing(
        self, hand: frozenset[Card], trick: Sequence[Card], lowest_winner_duty: bool
    ) -> Iterator[tuple[frozenset[Card], str]]:
        """Each constraint that narrows the cards allowed, in order: the cards left, and why."""
        if not trick:
            return
        allowed = hand
        led = self.suit_of(trick[0])
        following = frozenset(c for c in hand if self.suit_of(c) == led)
        if following:
            if Constraint.FOLLOW in self.constraints:
                allowed = following
                yield allowed, f"must follow {led.symbol} (revoke)"
        elif Constraint.RUFF in self.constraints and self.trump is not None:
            trumps = frozenset(c for c in hand if self.suit_of(c) == self.trump)
            if trumps:
                allowed = trumps
                yield allowed, f"cannot follow {led.symbol} and must trump"
        top = trick[self.winner(trick)]
        beaters = frozenset(c for c in allowed if self.beats(c, top))
        if Constraint.HEAD in self.constraints and beaters:
            allowed = beaters
            yield allowed, f"must beat {top.symbol}"
        if Constraint.LOWEST_WINNER in self.constraints and lowest_winner_duty and len(beaters) > 1:
            lowest = min(beaters, key=self._strength)
            yield frozenset([lowest]), f"must win with the lowest winning card {lowest.symbol}"

    def _strength(self, card: Card) -> tuple[bool, int]:
        suit, order = self.game.play_order(card, self.trump)
        return suit == self.trump, order
