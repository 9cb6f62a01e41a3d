"""The notation of a deal's play: the cards in the order they were played.

Cards are written as everywhere in prefdd, suit then rank (``SA``, ``h10``,
``♦7``, ``♣T``), separated by spaces or commas. Tricks may be separated by
``/``, ``|`` or a new line; the separators are optional, but where they are
given every trick but the last must be complete (one card from each player
in the play), which catches a forgotten or extra card early::

    SA S7 S8 / H9 HK HA / D7

The first card is the opening lead; each trick's winner leads the next, so
the notation never needs to say who played a card.
"""

from __future__ import annotations

import re

from prefdd.rules.cards import Card, parse_card
from prefdd.rules.errors import InvalidInputError

TRICK_SEPARATORS = "/|\n"


def parse_play(text: str, players: int) -> tuple[Card, ...]:
    """The cards of a play written in the notation above, for a deal of `players` hands in the play.

    >>> parse_play("♠A S7 s8 / H10,hk", 3)
    (Card('SA'), Card('S7'), Card('S8'), Card('HT'), Card('HK'))
    >>> parse_play("SA S7 / H9", 3)
    Traceback (most recent call last):
    ...
    prefdd.rules.errors.InvalidInputError: trick 1 of the play has 2 cards (♠A ♠7): ...
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"a play is written as text, not {type(text).__name__}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
        raise InvalidInputError(f"a trick has a card from each of 2 to 5 players, not {players!r}")
    groups = [group.replace(",", " ").split() for group in re.split(r"[/|\n]", text)]
    while groups and not groups[-1]:
        groups.pop()
    if not groups:
        raise InvalidInputError(f"the play {text!r} names no card: write the cards played, like 'SA S7 S8'")
    separated = len(groups) > 1
    cards: list[Card] = []
    for number, group in enumerate(groups, start=1):
        if separated and not group:
            raise InvalidInputError(f"trick {number} of the play is empty (two separators in a row)")
        trick_cards = []
        for token in group:
            trick = number if separated else len(cards) // players + 1
            try:
                card = parse_card(token)
            except InvalidInputError as error:
                raise InvalidInputError(f"trick {trick}: {error}") from None
            trick_cards.append(card)
            cards.append(card)
        last = number == len(groups)
        if separated and (len(group) > players or not last and len(group) < players):
            shown = " ".join(c.symbol for c in trick_cards)
            raise InvalidInputError(
                f"trick {number} of the play has {len(group)} cards ({shown}): "
                f"a complete trick has {players}, one from each player"
            )
    return tuple(cards)
