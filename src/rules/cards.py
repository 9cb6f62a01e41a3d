"""Cards, suits and ranks, and how a single card is written.

Suits are listed in notation order: spades, hearts, diamonds, clubs (``S.H.D.C``).
A card is written suit first, as ``SA``, ``HT`` (or ``H10``), ``D7``, or with a
suit symbol, ``♠A``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from prefdd.rules.errors import InvalidInputError


class Suit(enum.IntEnum):
    """A suit, numbered in notation order (S.H.D.C)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit named by a letter or symbol.

        >>> Suit.parse("h"), Suit.parse("♣")
        (<Suit.HEARTS: 1>, <Suit.CLUBS: 3>)
        """
        if not isinstance(text, str):
            raise InvalidInputError(f"a suit is written as text (S H D C or ♠ ♥ ♦ ♣), not {text!r}")
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol, suit.symbol + "\ufe0f"):
                return suit
        raise InvalidInputError(f"unknown suit {text!r} (suits are S H D C or ♠ ♥ ♦ ♣)")


class Rank(enum.IntEnum):
    """A printed rank; the value is the pip count, with J=11 … A=14."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @classmethod
    def parse(cls, text: str, card: str | None = None) -> Rank:
        """The rank written as ``A K Q J T 9 … 2`` (``10`` for ten).

        >>> Rank.parse("10"), Rank.parse("q")
        (<Rank.TEN: 10>, <Rank.QUEEN: 12>)
        """
        if not isinstance(text, str):
            raise InvalidInputError(f"a rank is written as text (A K Q J T/10 9 ... 2), not {text!r}")
        key = text.upper()
        if key == "10":
            return cls.TEN
        if len(key) == 1 and key in "23456789TJQKA":
            return cls("23456789TJQKA".index(key) + 2)
        where = f" in card {card!r}" if card else ""
        raise InvalidInputError(
            f"unknown rank {text!r}{where} (ranks are A K Q J T/10 9 8 7 6 5 4 3 2)"
        )


@dataclass(frozen=True, order=True)
class Card:
    """A playing card.

    >>> Card(Suit.SPADES, Rank.ACE)
    Card('SA')
    >>> str(parse_card("h10")), parse_card("♦7").symbol
    ('HT', '♦7')
    """

    suit: Suit
    rank: Rank

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit) or not isinstance(self.rank, Rank):
            raise InvalidInputError(f"a Card is a Suit and a Rank, like Card(Suit.SPADES, Rank.ACE), not "
                                    f"{self.suit!r} and {self.rank!r} (parse_card reads 'SA')")

    def __hash__(self) -> int:  # cards are hashed by the million in sets and dict keys: keep it cheap
        return self.suit * 16 + self.rank

    def __str__(self) -> str:
        return self.suit.letter + self.rank.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, ``10`` written as ``T``."""
        return self.suit.symbol + self.rank.letter


def parse_card(text: str) -> Card:
    """The card written as suit then rank: ``SA``, ``HT``, ``H10``, ``♣9``."""
    if not isinstance(text, str):
        raise InvalidInputError(f"a card is written as text, like 'SA', not {text!r}")
    token = text.strip()
    if len(token) < 2:
        raise InvalidInputError(f"cannot read card {text!r}: write suit then rank, like SA or HT")
    suit_part = token[0]
    rest = token[1:]
    if rest.startswith("\ufe0f"):
        rest = rest[1:]
    try:
        suit = Suit.parse(suit_part)
    except InvalidInputError:
        raise InvalidInputError(
            f"unknown suit {suit_part!r} in card {text!r} (suits are S H D C or ♠ ♥ ♦ ♣)"
        ) from None
    return Card(suit, Rank.parse(rest, card=text))


def parse_cards(text: str) -> list[Card]:
    """Cards separated by spaces or commas.

    >>> parse_cards("SA, SK HT")
    [Card('SA'), Card('SK'), Card('HT')]
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"cards are written as text, like 'SA SK', not {text!r}")
    return [parse_card(token) for token in text.replace(",", " ").split()]
