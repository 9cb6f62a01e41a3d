"""Deals and their one-line notation.

A deal is written as its hands separated by spaces, each hand as its four
suits in the order ``S.H.D.C`` with ranks high to low (``T`` or ``10`` for a
ten, ``-`` or nothing for a void)::

    AKQ.J9.-.T87 ...

- An optional ``first-seat:`` prefix names the seat of the first hand listed;
  the others follow clockwise (``1: a b c`` gives hand ``a`` to seat 1). In
  Priffe the seats are also N, E, S, W, so PBN deal strings (``N:…``) paste in.
- A hand written ``-`` holds no cards: that seat sits out of the play.
- Cards in no hand are out of play. The notation can name them after a ``|``,
  written as one more hand (the talon, say), so that they are shown and checked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from prefdd.rules import checks
from prefdd.rules.cards import Card, Rank, Suit
from prefdd.rules.errors import InvalidInputError
from prefdd.rules.games import Game


@dataclass(frozen=True)
class Deal:
    """The hands by seat, and the cards named as out of play.

    >>> from prefdd.rules.games import PREFERANS
    >>> deal = parse_deal("AKQJT987... .AKQJT987.. ..AKQJT987. | ...AK", PREFERANS)
    >>> len(deal.hands[1]), sorted(deal.out_of_play)
    (8, [Card('CK'), Card('CA')])
    >>> format_deal(deal, PREFERANS)
    'AKQJT987... .AKQJT987.. ..AKQJT987. | ...AK'
    """

    hands: tuple[frozenset[Card], ...]
    out_of_play: frozenset[Card] = frozenset()

    def __post_init__(self) -> None:
        # Hands given as any iterables of Cards are kept as a tuple of frozensets.
        if isinstance(self.hands, (str, bytes)) or not isinstance(self.hands, Iterable):
            raise InvalidInputError(f"a Deal's hands must be a sequence of hands, not "
                                    f"{checks.shown(self.hands)} (parse_deal reads the notation)")
        hands = tuple(frozenset(checks.cards(hand, f"hand {seat}")) for seat, hand in enumerate(self.hands))
        if not 2 <= len(hands) <= 5:
            raise InvalidInputError(f"a deal has 2 to 5 hands, not {len(hands)}")
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "out_of_play", frozenset(checks.cards(self.out_of_play, "out_of_play")))

    @cached_property
    def active_seats(self) -> tuple[int, ...]:
        """The seats that hold cards, in play order (asked for at every solve: kept once known)."""
        return tuple(seat for seat, hand in enumerate(self.hands) if hand)

    @property
    def hand_size(self) -> int:
        """Cards in each active hand."""
        return max(len(hand) for hand in self.hands)


def parse_hand(text: str, game: Game | None = None, hands: int = 0) -> frozenset[Card]:
    """The cards of one hand written ``S.H.D.C`` (``-`` alone: no cards).

    >>> sorted(parse_hand("A10..-.7"))
    [Card('ST'), Card('SA'), Card('C7')]
    """
    checks.text(text, "a hand")
    checks.instance(game, Game, "game", "a Game (PREFERANS ...) or None", optional=True)
    checks.integer(hands, "hands", 0, 5)
    if text in ("-", "..."):
        return frozenset()
    suits = text.split(".")
    if len(suits) != 4:
        raise InvalidInputError(
            f"hand {text!r} has {len(suits)} suit(s): write four suits S.H.D.C separated by dots"
        )
    cards: list[Card] = []
    seen: set[Card] = set()  # a set beside the list, whose order the errors below follow
    for suit, ranks in zip(Suit, suits, strict=True):
        for rank in _split_ranks(ranks, text):
            card = Card(suit, rank)
            if card in seen:
                raise InvalidInputError(f"card {card} appears twice in hand {text!r}")
            cards.append(card)
            seen.add(card)
    if game is not None:
        allowed = game.deck(hands)
        for card in cards:
            if card not in allowed:
                low = game.ranks_for(hands)[0].letter
                raise InvalidInputError(
                    f"card {card} in hand {text!r} is not in the {game.name} deck (ranks {low}-A)"
                )
    return frozenset(cards)


def _split_ranks(ranks: str, hand: str) -> Iterable[Rank]:
    if ranks == "-":
        return []
    result = []
    i = 0
    while i < len(ranks):
        token = ranks[i : i + 2] if ranks[i : i + 2] == "10" else ranks[i]
        try:
            result.append(Rank.parse(token))
        except InvalidInputError:
            raise InvalidInputError(
                f"unknown rank {token!r} in hand {hand!r} (ranks are A K Q J T/10 9 8 7 6 5 4 3 2)"
            ) from None
        i += len(token)
    return result


def parse_deal(text: str, game: Game) -> Deal:
    """Read a deal in the one-line notation and check it against the game."""
    checks.text(text, "a deal")
    checks.instance(game, Game, "game", "a Game (PREFERANS, VIENNA, POLSKT_PASS or PRIFFE)")
    body, _, out_text = text.partition("|")
    body = body.strip()
    first = 0
    head, colon, rest = body.partition(":")
    if colon:
        first = _parse_first_seat(head.strip(), game)
        body = rest
    hand_texts = body.split()
    if len(hand_texts) not in game.table_sizes:
        sizes = " or ".join(str(n) for n in game.table_sizes)
        raise InvalidInputError(
            f"a {game.name} deal has {sizes} hands, this one has {len(hand_texts)}: {text.strip()!r}"
        )
    n = len(hand_texts)
    if first >= n:
        raise InvalidInputError(f"first seat {first} does not exist at a table of {n}")
    hands: list[frozenset[Card]] = [frozenset()] * n
    for i, hand_text in enumerate(hand_texts):
        hands[(first + i) % n] = parse_hand(hand_text, game, n)
    out_of_play = parse_hand(out_text.strip(), game, n) if out_text.strip() else frozenset()
    deal = Deal(tuple(hands), out_of_play)
    check_deal(deal, game)
    return deal


def parse_seat(text: str | None, game: Game, seats: int, role: str = "") -> int | None:
    """A seat given by number, or in Priffe also by compass letter (None stays None).

    `role` names the seat in the error (``dealer``, ``declarer``...).

    >>> from prefdd.rules import PRIFFE
    >>> parse_seat("w", PRIFFE, 4), parse_seat("2", PRIFFE, 4), parse_seat(None, PRIFFE, 4)
    (3, 2, None)
    """
    if text is None:
        return None
    checks.text(text, "a seat")
    checks.instance(game, Game, "game", "a Game (PREFERANS, VIENNA, POLSKT_PASS or PRIFFE)")
    checks.integer(seats, "seats", 1, 5)
    key = text.strip().upper()
    if key in game.seat_names:
        return game.seat_names.index(key)
    if key.isascii() and key.isdigit() and int(key) < seats:
        return int(key)
    names = f"0-{seats - 1}" + (" or " + " ".join(game.seat_names) if game.seat_names else "")
    raise InvalidInputError(f"unknown {role + ' ' if role else ''}seat {text!r} (seats are {names})")


def _parse_first_seat(text: str, game: Game) -> int:
    if text.upper() in game.seat_names:
        return game.seat_names.index(text.upper())
    if text.isascii() and text.isdigit():
        return int(text)
    names = ", ".join(game.seat_names) + " or a number" if game.seat_names else "a seat number"
    raise InvalidInputError(f"unknown first seat {text!r} before ':' (use {names})")


def check_cards(deal: Deal, game: Game) -> None:
    """Raise InvalidInputError for a card not in the game's deck or in two places of the deal."""
    checks.instance(deal, Deal, "deal", "a Deal (parse_deal reads one)")
    checks.instance(game, Game, "game", "a Game (PREFERANS, VIENNA, POLSKT_PASS or PRIFFE)")
    seen: dict[Card, str] = {}
    places = [(f"hand {game.seat_name(s)}", hand) for s, hand in enumerate(deal.hands)]
    places.append(("the cards out of play", deal.out_of_play))
    deck = game.deck(len(deal.hands))
    for place, cards in places:
        for card in sorted(cards):
            if card not in deck:
                raise InvalidInputError(f"card {card} in {place} is not in the {game.name} deck")
            if card in seen:
                raise InvalidInputError(f"card {card} appears twice: in {seen[card]} and in {place}")
            seen[card] = place


def check_deal(deal: Deal, game: Game) -> None:
    """Raise InvalidInputError unless the deal is a legal deal or ending of the game."""
    check_cards(deal, game)
    if len(deal.hands) not in game.table_sizes:
        sizes = " or ".join(str(n) for n in game.table_sizes)
        raise InvalidInputError(f"a {game.name} deal has {sizes} hands, this one has {len(deal.hands)}")
    active = deal.active_seats
    if len(active) < 2:
        raise InvalidInputError("a deal needs at least two hands with cards")
    size = len(deal.hands[active[0]])
    for seat in active:
        count = len(deal.hands[seat])
        if count != size:
            raise InvalidInputError(
                f"hand {game.seat_name(seat)} has {count} card{'s' * (count != 1)} but hand "
                f"{game.seat_name(active[0])} has {size}: every hand in the play holds the same number"
            )
    if size > game.hand_size:
        raise InvalidInputError(
            f"hands of {size} cards are too many for {game.name} ({game.hand_size} at most)"
        )


def format_hand(cards: Iterable[Card], symbols: bool = False) -> str:
    """A hand in ``S.H.D.C`` notation, or with suit symbols for people.

    >>> from prefdd.rules.cards import parse_cards
    >>> format_hand(parse_cards("SA ST C7"))
    'AT...7'
    >>> format_hand(parse_cards("SA ST C7"), symbols=True)
    '♠AT ♥- ♦- ♣7'
    """
    cards = set(cards)
    parts = []
    for suit in Suit:
        ranks = "".join(c.rank.letter for c in sorted(cards, reverse=True) if c.suit == suit)
        parts.append(f"{suit.symbol}{ranks or '-'}" if symbols else ranks)
    return " ".join(parts) if symbols else ".".join(parts)


def format_deal(deal: Deal, game: Game) -> str:
    """The deal in the one-line notation that :func:`parse_deal` reads back."""
    prefix = f"{game.seat_names[0]}:" if game.seat_names else ""
    hands = " ".join(format_hand(hand) if hand else "-" for hand in deal.hands)
    out = f" | {format_hand(deal.out_of_play)}" if deal.out_of_play else ""
    return prefix + hands + out
