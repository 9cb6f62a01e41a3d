"""Trick play: who wins a trick and which cards a player may play.

This is the rules' own, plain implementation of RULES.md sections 1 and 2,
used to check played cards. The solver engine has its own fast one, and the
tests compare both with an independent reference.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import Card, Suit
from rules.constraints import Constraint
from rules.games import Game


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

        >>> from rules.cards import parse_cards
        >>> from rules.games import PREFERANS
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
        if not trick:
            return hand, ""
        allowed, why = hand, ""
        led = self.suit_of(trick[0])
        following = frozenset(c for c in hand if self.suit_of(c) == led)
        if following:
            if Constraint.FOLLOW in self.constraints:
                allowed, why = following, "must follow suit"
        elif Constraint.RUFF in self.constraints and self.trump is not None:
            trumps = frozenset(c for c in hand if self.suit_of(c) == self.trump)
            if trumps:
                allowed, why = trumps, "cannot follow suit and must trump"
        top = trick[self.winner(trick)]
        beaters = frozenset(c for c in allowed if self.beats(c, top))
        if Constraint.HEAD in self.constraints and beaters:
            allowed, why = beaters, f"must beat {top}"
        if Constraint.LOWEST_WINNER in self.constraints and lowest_winner_duty and len(beaters) > 1:
            lowest = min(beaters, key=self._strength)
            allowed, why = frozenset([lowest]), f"must win with the lowest winning card {lowest}"
        return allowed, why

    def _strength(self, card: Card) -> tuple[bool, int]:
        suit, order = self.game.play_order(card, self.trump)
        return suit == self.trump, order
