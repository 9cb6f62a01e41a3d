"""The talon as the rules see it: a declarer holding the talon, what he may lay away and name.

In Preferans and Vienna Préférence the declarer picks up the two talon cards,
lays two of his twelve away and names his contract; in Polskt pass a dealer
or cutter holding six cards lays one away before the first lead (RULES.md
3.1-3.3). A *talon deal* is a :class:`Deal` whose declarer holds those extra
cards; :func:`lay_away` makes the playing deal from it.

>>> from prefdd.rules.contracts import get_contract
>>> from prefdd.rules.games import PREFERANS
>>> deal = parse_talon_deal("QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87 | ..87.", PREFERANS, 0)
>>> len(deal.hands[0]), len(legal_discards(deal, 0, PREFERANS))
(12, 66)
>>> [c.name for c in talon_contracts(PREFERANS, get_contract(PREFERANS, "8NT"))]
['8NT', '9S', '9C', '9D', '9H', '9NT', '10S', '10C', '10D', '10H', '10NT']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import combinations

from prefdd.rules import checks
from prefdd.rules.cards import Card
from prefdd.rules.contracts import CONTRACTS, Contract
from prefdd.rules.deal import Deal, check_cards, parse_hand
from prefdd.rules.errors import InvalidInputError
from prefdd.rules.games import POLSKT_PASS, PREFERANS, VIENNA, Game

# The contracts a declarer may name after taking the talon, low to high.
_PREFERANS_ORDER = tuple(
    [f"{level}{letter}" for level in (6, 7, 8) for letter in ("S", "C", "D", "H", "NT")]
    + ["misere"]
    + [f"{level}{letter}" for level in (9, 10) for letter in ("S", "C", "D", "H", "NT")]
)
_VIENNA_ORDER = ("1", "2", "3", "4", "bettel", "mord", "plauderer", "mord-open")
_VIENNA_DEFAULT = ("1", "2", "3", "4", "bettel", "mord")
_POLSKT_ORDER = ("S", "H", "D", "C")


def discard_size(game: Game) -> int:
    """How many cards the declarer lays away: two with a talon, one in Polskt pass."""
    _check_game(game)
    return 1 if game is POLSKT_PASS else 2


def talon_order(game: Game) -> tuple[Contract, ...]:
    """Every contract of `game` that is named after taking the talon, low to high.

    >>> [c.name for c in talon_order(VIENNA)]
    ['1', '2', '3', '4', 'bettel', 'mord', 'plauderer', 'mord-open']
    """
    _check_game(game)
    names = {PREFERANS.name: _PREFERANS_ORDER, VIENNA.name: _VIENNA_ORDER,
             POLSKT_PASS.name: _POLSKT_ORDER}[game.name]
    return tuple(CONTRACTS[game.name][name.lower()] for name in names)


def talon_contracts(game: Game, bid: Contract | None = None) -> tuple[Contract, ...]:
    """The contracts the declarer may name after the final bid `bid` (None: every usual one).

    Preferans: a misère bidder plays misère, any other bidder names a suit or no-trump
    contract at least as high as his bid (seed 002). Vienna: after a bid of 1-4 a trump
    of the bid's suit or higher; after a premium bid with talon, that premium contract or a
    higher one (RULES.md 3.1). Polskt pass: the trump is known, so a bid names it.

    >>> from prefdd.rules.contracts import get_contract
    >>> [c.name for c in talon_contracts(VIENNA, get_contract(VIENNA, "2"))]
    ['2', '3', '4']
    >>> [c.name for c in talon_contracts(VIENNA, get_contract(VIENNA, "bettel"))]
    ['bettel', 'mord', 'plauderer', 'mord-open']
    >>> [c.name for c in talon_contracts(PREFERANS, get_contract(PREFERANS, "misere"))]
    ['misere']
    """
    order = talon_order(game)
    checks.instance(bid, Contract, "bid", "a Contract or None", optional=True)
    if bid is None:
        if game is VIENNA:
            return tuple(c for c in order if c.name in _VIENNA_DEFAULT)
        return order
    if bid.game is not game:
        raise InvalidInputError(f"the bid {bid.name} is not a {game.name} contract")
    if bid not in order:
        names = " ".join(c.name for c in order)
        raise InvalidInputError(f"{bid.name} is played without the talon: no discard to choose "
                                f"(talon contracts: {names})")
    if game is POLSKT_PASS:
        return (bid,)
    if game is PREFERANS:
        if bid.name == "misere":
            return (bid,)
        return tuple(c for c in order[order.index(bid):] if c.name != "misere")
    premium = bid.trump is None
    return tuple(c for c in order[order.index(bid):] if (c.trump is None) == premium)


def allowed_contracts(game: Game, contracts: Iterable[Contract] | None,
                      bid: Contract | None) -> tuple[Contract, ...]:
    """The contracts asked (default: all the declarer may name), checked and in talon order.

    Without a bid any talon contract may be asked (Vienna's plauderer and open mord too).
    """
    if contracts is None:
        return talon_contracts(game, bid)
    may = talon_contracts(game, bid) if bid is not None else talon_order(game)
    contracts = checked_contracts(contracts)
    asked = {c.name for c in contracts}
    for contract in contracts:
        if contract not in may:
            after = f" after the bid {bid.name}" if bid is not None else ""
            raise InvalidInputError(
                f"the declarer may not name {contract.name}{after} "
                f"(may name: {' '.join(c.name for c in may)})")
    if not asked:
        raise InvalidInputError("no contract asked")
    return tuple(c for c in talon_order(game) if c.name in asked)


def check_talon_deal(deal: Deal, game: Game, declarer: int) -> None:
    """Raise InvalidInputError unless `deal` has the declarer holding the talon and sound hands.

    Preferans and Vienna: the declarer holds 12 cards, each of two defenders 10.
    Polskt pass: the declarer holds 6, every other player in the play 5.
    """
    size = discard_size(game) + game.hand_size
    checks.instance(deal, Deal, "deal", "a Deal (parse_talon_deal reads one)")
    checks.seat(declarer, "declarer", len(deal.hands))
    check_cards(deal, game)
    held = len(deal.hands[declarer])
    if held != size:
        with_talon = "with the talon" if game is not POLSKT_PASS else "before laying one away"
        raise InvalidInputError(f"the declarer (seat {declarer}) holds {held} cards: he holds {size} "
                                f"{with_talon}")
    others = [s for s in deal.active_seats if s != declarer]
    if game is not POLSKT_PASS and len(others) != 2:
        raise InvalidInputError(f"a {game.name} talon deal has two defenders with cards, "
                                f"not {len(others)}")
    if not others:
        raise InvalidInputError("a deal needs at least one other hand with cards")
    for seat in others:
        if len(deal.hands[seat]) != game.hand_size:
            raise InvalidInputError(f"hand {seat} has {len(deal.hands[seat])} cards, "
                                    f"not {game.hand_size}")


def parse_talon_deal(text: str, game: Game, declarer: int) -> Deal:
    """A talon deal from the one-line notation: the talon after ``|`` joins the declarer's hand.

    In Preferans and Vienna the declarer's hand is written with 10 cards and the talon
    after the ``|`` (or with all 12, and nothing after it); in Polskt pass it is written
    with its 6 cards, and cards after the ``|`` are set aside.

    >>> deal = parse_talon_deal("AKQ9.J.T. JT.A9.K. ..QJ.AKQ", POLSKT_PASS, 0)
    >>> [len(h) for h in deal.hands]
    [6, 5, 5]
    """
    checks.text(text, "a talon deal")
    _check_game(game)
    checks.integer(declarer, "declarer")
    body, _, out_text = text.partition("|")
    hand_texts = body.split()
    if ":" in body:
        raise InvalidInputError("a talon deal lists the hands from seat 0: leave out the 'seat:' prefix")
    if len(hand_texts) not in game.table_sizes:
        sizes = " or ".join(str(n) for n in game.table_sizes)
        raise InvalidInputError(f"a {game.name} deal has {sizes} hands, this one has "
                                f"{len(hand_texts)}: {text.strip()!r}")
    n = len(hand_texts)
    hands = [parse_hand(h, game, n) for h in hand_texts]
    out = parse_hand(out_text.strip(), game, n) if out_text.strip() else frozenset()
    if not 0 <= declarer < n:
        raise InvalidInputError(f"declarer seat {declarer} does not exist (seats 0-{n - 1})")
    for seat, hand in enumerate(hands):
        if seat != declarer and len(hand) > game.hand_size:
            raise InvalidInputError(f"hand {seat} holds {len(hand)} cards: only the declarer "
                                    f"(seat {declarer}) holds more than {game.hand_size}")
    if game is not POLSKT_PASS and len(hands[declarer]) == game.hand_size:
        if len(out) != 2:
            raise InvalidInputError(f"the talon has {_cards(len(out))}, not 2: write it after '|'")
        overlap = hands[declarer] & out
        if overlap:
            raise InvalidInputError(f"card {min(overlap)} appears twice: in hand {declarer} "
                                    "and in the talon")
        hands[declarer] |= out
        out = frozenset()
    deal = Deal(tuple(hands), out)
    check_talon_deal(deal, game, declarer)
    return deal


def talon_deal(game: Game, declarer: int, hand: frozenset[Card], talon: frozenset[Card],
               defenders: Iterable[frozenset[Card]], seats: int = 3,
               out_of_play: frozenset[Card] = frozenset()) -> Deal:
    """A talon deal from the declarer's hand, the talon and the other hands clockwise after him.

    `seats` is the table size: at a table of four the seat that has no hand sits out
    (in Preferans and Vienna, the dealer).
    """
    _check_game(game)
    checks.integer(seats, "seats", 3, 5)
    hand, talon = frozenset(checks.cards(hand, "hand")), frozenset(checks.cards(talon, "talon"))
    if isinstance(defenders, (str, bytes)) or not isinstance(defenders, Iterable):
        raise InvalidInputError(f"defenders must be hands (sets of Cards), not {checks.shown(defenders)}")
    others = [frozenset(checks.cards(other, "a defender's hand")) for other in defenders]
    checks.seat(declarer, "declarer", seats)
    if game is not POLSKT_PASS and len(hand) != game.hand_size:
        raise InvalidInputError(f"the declarer's hand has {len(hand)} cards, not {game.hand_size}")
    if game is not POLSKT_PASS and len(talon) != 2:
        raise InvalidInputError(f"the talon has {_cards(len(talon))}, not 2")
    if hand & talon:
        raise InvalidInputError(f"card {min(hand & talon)} appears twice: in the hand and the talon")
    if len(others) > seats - 1:
        raise InvalidInputError(f"{len(others)} other hands do not fit at a table of {seats}")
    hands: list[frozenset[Card]] = [frozenset()] * seats
    hands[declarer] = hand | talon
    for step, other in enumerate(others, start=1):
        hands[(declarer + step) % seats] = other
    deal = Deal(tuple(hands), out_of_play)
    check_talon_deal(deal, game, declarer)
    return deal


def legal_discards(deal: Deal, declarer: int, game: Game) -> tuple[frozenset[Card], ...]:
    """Every way to lay away cards from the declarer's hand (66 pairs of 12; 6 singles of 6)."""
    checks.instance(deal, Deal, "deal", "a Deal")
    checks.seat(declarer, "declarer", len(deal.hands))
    cards = sorted(deal.hands[declarer])
    return tuple(frozenset(c) for c in combinations(cards, discard_size(game)))


def lay_away(deal: Deal, declarer: int, discard: Iterable[Card]) -> Deal:
    """The deal in play after the declarer lays `discard` away (out of play).

    >>> from prefdd.rules.deal import parse_deal
    >>> deal = parse_deal("AKQ... 987... JT.7..", PREFERANS)
    >>> from prefdd.rules.cards import parse_card
    >>> sorted(lay_away(deal, 0, [parse_card("SA")]).out_of_play)
    [Card('SA')]
    """
    checks.instance(deal, Deal, "deal", "a Deal")
    checks.seat(declarer, "declarer", len(deal.hands))
    cards = frozenset(checks.cards(discard, "discard"))
    if not cards <= deal.hands[declarer]:
        raise InvalidInputError(f"the declarer does not hold {' '.join(map(str, sorted(cards)))}")
    hands = list(deal.hands)
    hands[declarer] = hands[declarer] - cards
    return replace(deal, hands=tuple(hands), out_of_play=deal.out_of_play | cards)


def _cards(count: int) -> str:
    return f"{count} card{'s' * (count != 1)}"


def _check_game(game: Game) -> None:
    checks.instance(game, Game, "game", "a Game (PREFERANS, VIENNA or POLSKT_PASS)")
    if game not in (PREFERANS, VIENNA, POLSKT_PASS):
        raise InvalidInputError(f"{game.name} has no talon and no discard")


def checked_contracts(contracts: Iterable[Contract]) -> list[Contract]:
    """The Contracts of an iterable of them, checked (a str is refused: get_contract finds one by name)."""
    if isinstance(contracts, (str, bytes)) or not isinstance(contracts, Iterable):
        raise InvalidInputError(f"contracts must be Contracts (get_contract finds one by name), "
                                f"not {checks.shown(contracts)}")
    listed = list(contracts)
    for contract in listed:
        checks.instance(contract, Contract, "contracts", "Contracts (get_contract finds one by name)")
    return listed
