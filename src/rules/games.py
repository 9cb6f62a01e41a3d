"""The four games' rule sets as data (RULES.md sections 2 and 3).

A :class:`Game` says which cards are in the deck, how many hands a deal has,
the standard play constraints, and how printed cards map to *play* suits and
ranks: Polskt pass's four jacks are permanent top trumps, so in play they
belong to the trump suit and rank above its ace.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from prefdd.rules.cards import Card, Rank, Suit
from prefdd.rules.constraints import Constraint
from prefdd.rules.errors import InvalidInputError

_STANDARD_RANKS = tuple(Rank)
_DECKS: dict[tuple[str, int], frozenset[Card]] = {}  # by game name and hands: deals are checked often
_PIQUET_RANKS = tuple(r for r in Rank if r >= Rank.SEVEN)


@dataclass(frozen=True)
class Game:
    """One game's rule set.

    >>> PREFERANS.constraints.names
    'follow,ruff'
    >>> len(PREFERANS.deck(3))
    32
    >>> POLSKT_PASS.play_order(Card(Suit.CLUBS, Rank.JACK), Suit.HEARTS)
    (<Suit.HEARTS: 1>, 9)
    """

    name: str
    title: str
    hand_size: int
    table_sizes: tuple[int, ...]
    constraints: Constraint
    ranks: tuple[Rank, ...] = _PIQUET_RANKS
    permanent_trumps: tuple[Card, ...] = ()
    partnerships: bool = False
    seat_names: tuple[str, ...] = ()
    variants: dict[str, Constraint] = field(default_factory=dict)
    extra_ranks: dict[int, tuple[Rank, ...]] = field(default_factory=dict)

    def ranks_for(self, hands: int) -> tuple[Rank, ...]:
        """The deck's ranks, low to high, for a deal of `hands` hands."""
        return tuple(sorted(self.ranks + self.extra_ranks.get(hands, ())))

    def deck(self, hands: int) -> frozenset[Card]:
        """Every card of the deck for a deal of `hands` hands."""
        key = (self.name, hands)
        if key not in _DECKS:
            _DECKS[key] = frozenset(Card(s, r) for s in Suit for r in self.ranks_for(hands))
        return _DECKS[key]

    @property
    def needs_trump(self) -> bool:
        """Whether every deal of this game has a trump suit (Polskt pass does)."""
        return bool(self.permanent_trumps)

    def play_order(self, card: Card, trump: Suit | None) -> tuple[Suit, int]:
        """The suit a card belongs to in play and its strength in that suit (0 = lowest).

        The strength is only compared between cards of the same play suit.
        """
        side = self._side_ranks
        if card in self.permanent_trumps and trump is not None:
            top = len(self.permanent_trumps) - 1 - self.permanent_trumps.index(card)
            return trump, len(side) + top
        return card.suit, side.index(card.rank)

    @cached_property
    def _side_ranks(self) -> tuple[Rank, ...]:
        """Every rank that can be in a suit of its own, low to high (jacks excluded in Polskt pass)."""
        every = set(self.ranks).union(*self.extra_ranks.values())
        held_in_suit = {c.rank for c in self.permanent_trumps}
        return tuple(sorted(every - held_in_suit))

    def parse_rules(self, text: str) -> Constraint:
        """Constraints from a comma-separated list or a named variant of this game.

        >>> VIENNA.parse_rules("trumpftvang").names
        'follow,ruff,head'
        """
        if not isinstance(text, str):
            raise InvalidInputError(f"play rules are written as text, like 'follow,ruff', not {text!r}")
        key = text.strip().lower().replace("å", "a")
        if key in self.variants:
            return self.variants[key]
        return Constraint.parse(text)

    def seat_name(self, seat: int) -> str:
        """How a seat is shown: a compass letter in Priffe, its number elsewhere (and for a seat
        that does not exist, so that a message can name it)."""
        return self.seat_names[seat] if 0 <= seat < len(self.seat_names) else str(seat)

    def partner(self, seat: int) -> int | None:
        """The partner's seat in a partnership game, else None."""
        return (seat + 2) % 4 if self.partnerships else None


_F, _R, _H, _LW = Constraint.FOLLOW, Constraint.RUFF, Constraint.HEAD, Constraint.LOWEST_WINNER

PREFERANS = Game(
    name="preferans",
    title="Russian Preferans",
    hand_size=10,
    table_sizes=(3, 4),
    constraints=_F | _R,
)
VIENNA = Game(
    name="vienna",
    title="Vienna Préférence",
    hand_size=10,
    table_sizes=(3, 4),
    constraints=_F | _H | _LW,
    variants={"standard": _F | _H | _LW, "trumpftvang": _F | _R | _H},
)
POLSKT_PASS = Game(
    name="polskt-pass",
    title="Polskt pass",
    hand_size=5,
    table_sizes=(3, 4, 5),
    constraints=_F,
    ranks=tuple(r for r in Rank if r >= Rank.NINE),
    permanent_trumps=tuple(
        Card(s, Rank.JACK) for s in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
    ),
    extra_ranks={5: (Rank.EIGHT,)},
)
PRIFFE = Game(
    name="priffe",
    title="Priffe",
    hand_size=13,
    table_sizes=(4,),
    constraints=_F,
    ranks=_STANDARD_RANKS,
    partnerships=True,
    seat_names=("N", "E", "S", "W"),
)

GAMES: dict[str, Game] = {g.name: g for g in (PREFERANS, VIENNA, POLSKT_PASS, PRIFFE)}

def get_game(name: str) -> Game:
    """The game named `name` (``preferans``, ``vienna``, ``polskt-pass``, ``priffe``)."""
    if not isinstance(name, str):
        raise InvalidInputError(f"a game is named by text ({', '.join(GAMES)}), not {name!r}")
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in GAMES:
        raise InvalidInputError(f"unknown game {name!r} (games: {', '.join(GAMES)})")
    return GAMES[key]
