"""The plain data of a condition on the hidden hands: its tree, who its seats are, what its terms weigh.

A condition (:mod:`prefdd.solver.analyses.conditions` has its language) is a
tree of frozen dataclasses with every seat a number (:data:`TALON` for the
cards in no hand): terms :class:`Count` (a seat's spades, points, aces...,
each card weighed by :func:`weight`), :class:`Compare` (sums compared in a
chain), :class:`Holds` (a holding), :class:`Makes` (a contract made double
dummy), and :class:`Not`, :class:`And`, :class:`Or`. It pickles to worker
processes and to a Dask cluster, and can be built by hand (:func:`check`
says whether it names only what is in the game; :func:`render` writes it
back as text).

>>> from prefdd.rules import PREFERANS, Suit
>>> ace = Card(Suit.SPADES, Rank.ACE)
>>> tree = And((Compare(((Count(1, "spades"),), (5,)), (">=",)), Not(Holds(2, (ace,), 1))))
>>> render(tree, PREFERANS)
'1.spades >= 5 and not 2 has SA'
"""

from __future__ import annotations

from dataclasses import dataclass

from prefdd.rules import Card, Game, InvalidInputError, Rank, get_contract, get_game
from prefdd.rules.scoring import honour_cards

TALON = -1
"""The seat number of the cards in no hand (the talon, or the discards)."""
ROLES = ("declarer", "partner", "left", "right")
"""The roles a condition may name, each relative to the player asking (:class:`Seating`)."""
SUIT_MEASURES = ("spades", "hearts", "diamonds", "clubs")
MEASURES = (*SUIT_MEASURES, "hcp", "aces", "kings", "queens", "jacks", "honours")
"""What a term counts in a hand."""
OPERATORS = (">=", "<=", ">", "<", "=", "==", "!=")
_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
_RANKS = {"aces": Rank.ACE, "kings": Rank.KING, "queens": Rank.QUEEN, "jacks": Rank.JACK}
TALON_GAMES = ("preferans", "vienna")


@dataclass(frozen=True)
class Count:
    """How many cards of a kind `seat` holds, weighed by `measure` (`contract`: whose honours)."""

    seat: int
    measure: str
    contract: str | None = None


Term = Count | int


@dataclass(frozen=True)
class Compare:
    """Sums compared in a chain: each side a tuple of terms, ``ops[i]`` between sides i and i + 1."""

    sides: tuple[tuple[Term, ...], ...]
    ops: tuple[str, ...]


@dataclass(frozen=True)
class Holds:
    """`seat` holds at least `at_least` of `cards`."""

    seat: int
    cards: tuple[Card, ...]
    at_least: int


@dataclass(frozen=True)
class Makes:
    """`seat`, declaring `contract`, makes it double dummy (its best discard where it takes the talon)."""

    seat: int
    contract: str


@dataclass(frozen=True)
class Not:
    operand: Node


@dataclass(frozen=True)
class And:
    operands: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    operands: tuple[Node, ...]


Node = Compare | Holds | Makes | Not | And | Or


@dataclass(frozen=True)
class Condition:
    """One condition in force: its tree, the text it was written as, and the roles it was read with
    (both for showing it)."""

    tree: Node
    text: str
    seating: Seating | None = None

    @classmethod
    def of(cls, tree: Node, game: Game | str) -> Condition:
        """A condition built as data, shown as :func:`render` writes it."""
        return cls(tree, render(tree, game))


@dataclass(frozen=True)
class Seating:
    """Who the words of a condition mean: the game, how many seats, each role's seat, the contract played.

    `contract` (when one is being played) is whose ``honours`` a bare
    ``honours`` counts.

    >>> from prefdd.rules import PRIFFE
    >>> Seating.bidder(PRIFFE, seat=1, seats=4).roles
    (('declarer', 1), ('partner', 3), ('left', 2), ('right', 0))
    """

    game_name: str
    seats: int
    roles: tuple[tuple[str, int], ...]
    contract: str | None = None

    @classmethod
    def bidder(cls, game: Game | str, seat: int, seats: int) -> Seating:
        """The bidder's view: he is the declarer-to-be; his partner (Priffe) sits opposite."""
        the_game = _game(game)
        roles = [("declarer", seat)]
        if the_game.partnerships:
            roles.append(("partner", (seat + 2) % seats))
        roles += [("left", (seat + 1) % seats), ("right", (seat - 1) % seats)]
        return cls(the_game.name, seats, tuple(roles))

    @classmethod
    def defender(cls, game: Game | str, defender: int, declarer: int, seats: int,
                 contract: str | None = None) -> Seating:
        """A defender's view: `declarer` declares, the partner is the other defender (three seats)."""
        the_game = _game(game)
        others = [s for s in range(seats) if s not in (defender, declarer)]
        partner = (defender + 2) % seats if the_game.partnerships else others[0] if len(others) == 1 else None
        roles = [("declarer", declarer), *([("partner", partner)] if partner is not None else []),
                 ("left", (defender + 1) % seats), ("right", (defender - 1) % seats)]
        return cls(the_game.name, seats, tuple(roles), contract)

    @property
    def game(self) -> Game:
        return get_game(self.game_name)

    def role(self, name: str) -> int | None:
        return dict(self.roles).get(name)


def weight(count: Count | Holds, card: Card) -> int:
    """What `card` counts for in a term (a holding: 1 for each card named).

    >>> from prefdd.rules import Suit
    >>> king = Card(Suit.SPADES, Rank.KING)
    >>> weight(Count(0, "hcp"), king), weight(Count(0, "clubs"), king), weight(Holds(0, (king,), 1), king)
    (3, 0, 1)
    """
    if isinstance(count, Holds):
        return int(card in count.cards)
    measure = count.measure
    if measure in SUIT_MEASURES:
        return int(card.suit == SUIT_MEASURES.index(measure))
    if measure == "hcp":
        return _POINTS.get(card.rank, 0)
    if measure == "honours":
        return int(card in honour_cards(count.contract or ""))
    return int(card.rank == _RANKS[measure])


def render(node: Node | Term, game: Game | str, seating: Seating | None = None) -> str:
    """The condition as text that parses back to it: seats by their role in `seating` (the first role a
    seat has) if given, else as numbers (compass letters in Priffe)."""
    the_game = _game(game)
    names = {} if seating is None else {seat: name for name, seat in reversed(seating.roles)}

    def seat(number: int) -> str:
        return names.get(number) or _seat_name(number, the_game)

    def text(part: Node | Term) -> str:
        if isinstance(part, int):
            return str(part)
        if isinstance(part, Count):
            measure = f"honours({part.contract})" if part.measure == "honours" else part.measure
            return f"{seat(part.seat)}.{measure}"
        if isinstance(part, Compare):
            sides = [" + ".join(text(term) for term in side) for side in part.sides]
            words = (word for pair in zip(sides, (*part.ops, ""), strict=True) for word in pair)
            return " ".join(words).strip()
        if isinstance(part, Holds):
            some = f"{part.at_least} of " if part.at_least != len(part.cards) else ""
            return f"{seat(part.seat)} has {some}{' '.join(map(str, part.cards))}"
        if isinstance(part, Makes):
            return f"{seat(part.seat)} makes {part.contract}"
        if isinstance(part, Not):
            inner = text(part.operand)
            return f"not ({inner})" if isinstance(part.operand, And | Or) else f"not {inner}"
        word = " and " if isinstance(part, And) else " or "
        return word.join(f"({text(o)})" if isinstance(o, And | Or) else text(o) for o in part.operands)

    return text(node)


def check(node: Node, game: Game | str, seats: int) -> None:
    """Raise InvalidInputError for a condition built as data that names what is not in the game."""
    the_game = _game(game)
    if isinstance(node, Not):
        check(node.operand, the_game, seats)
    elif isinstance(node, And | Or):
        for operand in node.operands:
            check(operand, the_game, seats)
    elif isinstance(node, Compare):
        if len(node.sides) != len(node.ops) + 1 or not node.ops:
            raise InvalidInputError("a comparison needs one more side than operators, and an operator")
        for op in node.ops:
            if op not in OPERATORS:
                raise InvalidInputError(f"unknown comparison {op!r} ({' '.join(OPERATORS)})")
        for term in (t for side in node.sides for t in side):
            if isinstance(term, Count):
                _check_seat(term.seat, the_game, seats)
                _check_measure(term, the_game)
            elif not isinstance(term, int):
                raise InvalidInputError(f"a term is a Count or an int, not {term!r}")
    elif isinstance(node, Holds):
        _check_seat(node.seat, the_game, seats)
        deck = the_game.deck(seats)
        for card in node.cards:
            if card not in deck:
                raise InvalidInputError(f"card {card} is not in the {the_game.name} deck")
    elif isinstance(node, Makes):
        if node.seat == TALON:
            raise InvalidInputError("the talon declares nothing")
        _check_seat(node.seat, the_game, seats)
        declarable(the_game, node.contract)
    else:
        raise InvalidInputError(f"not a condition: {node!r}")


def _check_seat(seat: int, game: Game, seats: int) -> None:
    if seat == TALON and game.name not in TALON_GAMES:
        raise InvalidInputError(f"{game.name} has no talon")
    if seat != TALON and not 0 <= seat < seats:
        raise InvalidInputError(f"seat {seat} does not exist (seats 0-{seats - 1})")


def _check_measure(count: Count, game: Game) -> None:
    if count.measure not in MEASURES:
        raise InvalidInputError(f"unknown measure {count.measure!r} ({' '.join(MEASURES)})")
    if count.measure == "honours":
        if game.name != "priffe":
            raise InvalidInputError(NO_HONOURS.format(game=game.name))
        if count.contract not in ("ruter", "hjarter", "nolla", "priffe", "passnolla"):
            raise InvalidInputError(f"honours of which contract? {HONOURS_OF}")


def declarable(game: Game, name: str) -> str:
    contract = get_contract(game, name)
    if not contract.has_declarer:
        raise InvalidInputError(f"{contract.name} has no declarer to make it")
    return contract.name


NO_HONOURS = "{game} has no honours (only Priffe scores them)"
HONOURS_OF = "write honours(ruter), honours(hjarter), honours(nolla) or honours(priffe)"


def _game(game: Game | str) -> Game:
    return game if isinstance(game, Game) else get_game(game)


def _seat_name(seat: int, game: Game) -> str:
    return "talon" if seat == TALON else game.seat_name(seat)


