"""Each game's contracts as data (RULES.md section 3), and the play they set up.

A :class:`Contract` knows its trump, what the declarer's side aims at, how
many tricks that takes, who leads to the first trick and which play
constraints apply. :meth:`Contract.setup` turns a contract, a deal, the
dealer and the declarer into the exact double-dummy question: the position
to solve, the seat asked about and whether it wants few tricks.

>>> from prefdd.rules import PREFERANS, parse_deal
>>> contract = get_contract(PREFERANS, "7s")
>>> contract.name, contract.trump, contract.target, contract.defenders_need
('7S', <Suit.SPADES: 0>, 7, 2)
>>> deal = parse_deal("QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87", PREFERANS)
>>> play = contract.setup(deal, dealer=2, declarer=0)
>>> play.position.leader, play.seat, play.minimise
(0, 0, False)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from prefdd.rules import checks
from prefdd.rules.cards import Card, Suit
from prefdd.rules.constraints import Constraint
from prefdd.rules.deal import Deal
from prefdd.rules.errors import InvalidInputError
from prefdd.rules.games import POLSKT_PASS, PREFERANS, PRIFFE, VIENNA, Game
from prefdd.rules.position import Position


class Aim(enum.Enum):
    """What the declarer's side plays for."""

    TAKE = "take"  # at least `target` tricks
    TAKE_ALL = "take all"  # every trick (Vienna mord)
    AVOID = "avoid"  # at most `target` tricks (misère and bettel: 0; Priffe nolla: 6)
    EACH_AVOIDS = "each avoids"  # all-pass: no declarer, each player for himself, few tricks
    WIN_DEAL = "win deal"  # Polskt pass: three tricks, or first to two


class Lead(enum.Enum):
    """Who leads to the first trick."""

    ELDEST = "eldest hand"  # the seat after the dealer
    DECLARER = "declarer"
    DECLARER_RIGHT = "declarer's right-hand opponent"
    DEALER = "dealer"


@dataclass(frozen=True)
class Contract:
    """One contract of one game."""

    game: Game
    name: str
    title: str
    trump: Suit | None
    aim: Aim
    target: int = 0
    lead: Lead = Lead.ELDEST
    talon: bool = False
    lowest_winner: bool = False
    defenders_choose: bool = False
    defenders_need: int | None = None

    @property
    def has_declarer(self) -> bool:
        """False for the contracts every player plays for himself, or nobody declares."""
        return self.aim is not Aim.EACH_AVOIDS and self.name != "passnolla"

    @property
    def per_player(self) -> bool:
        """Whether the answer is given for each player against all the others."""
        return self.aim in (Aim.EACH_AVOIDS, Aim.WIN_DEAL)

    def made(self, tricks: int, total: int) -> bool:
        """Whether the declarer's side makes the contract with `tricks` of `total`."""
        if self.aim is Aim.TAKE:
            return tricks >= self.target
        if self.aim is Aim.TAKE_ALL:
            return tricks == total
        if self.aim is Aim.AVOID:
            return tricks <= self.target
        raise InvalidInputError(f"{self.name} has no declarer's target")

    def margin(self, tricks: int, total: int) -> int:
        """Tricks over (positive) or under (negative) what the contract needs."""
        if self.aim is Aim.TAKE:
            return tricks - self.target
        if self.aim is Aim.TAKE_ALL:
            return tricks - total
        if self.aim is Aim.AVOID:
            return self.target - tricks
        raise InvalidInputError(f"{self.name} has no declarer's target")

    def setup(self, deal: Deal, dealer: int, declarer: int | None = None, *,
              home: int | None = None, player: int | None = None,
              trump: Suit | None | str = "contract", rules: Constraint | None = None,
              played: tuple[Card, ...] = (), talon_leads: tuple[Card, ...] = (),
              invite: int | None = None) -> Play:
        """The double-dummy question this contract asks of `deal`.

        `home` is a Vienna defender who stays home (the play is two-handed);
        `player` is the player asked about in a per-player contract; `trump`
        overrides the contract's trump where the rules allow a higher one;
        `rules` replaces the play constraints (a variant or a house rule);
        `played` are the cards already played from the first trick on;
        `talon_leads` are the talon cards, in order, that start the first tricks
        (an option of Preferans all-pass); `invite` is a Vienna defender who goes
        with and invites the other (both then play, and need four tricks together).
        """
        checks.instance(deal, Deal, "deal", "a Deal (parse_deal reads one)")
        checks.integer(dealer, "dealer")
        for role, seat in (("declarer", declarer), ("home", home), ("player", player), ("invite", invite)):
            checks.integer(seat, role, optional=True)
        if trump != "contract":
            checks.suit(trump, "trump")
        checks.instance(rules, Constraint, "rules", "a Constraint or None", optional=True)
        played, talon_leads = checks.cards(played, "played"), checks.cards(talon_leads, "talon_leads")
        if talon_leads and not (self.game is PREFERANS and self.aim is Aim.EACH_AVOIDS):
            raise InvalidInputError("talon leads are an option of Preferans all-pass only")
        n = len(deal.hands)
        for role, seat in (("dealer", dealer), ("declarer", declarer), ("home", home),
                           ("player", player), ("invite", invite)):
            if seat is not None and not 0 <= seat < n:
                raise InvalidInputError(f"{role} seat {seat} does not exist (seats 0-{n - 1})")
        active = deal.active_seats
        eldest = _next(deal, dealer)
        if self.has_declarer:
            declarer = eldest if declarer is None else declarer
            if declarer not in active:
                raise InvalidInputError(f"declarer {self.game.seat_name(declarer)} has no cards")
        else:
            declarer = None
        if home is not None and invite is not None:
            raise InvalidInputError("with an invitation both defenders play: nobody stays home")
        if home is not None:
            deal = self._stay_home(deal, declarer, home)
        if invite is not None and (not self.defenders_choose or invite == declarer
                                   or invite not in deal.active_seats):
            raise InvalidInputError(f"seat {invite} cannot invite: only a defender in contracts "
                                    "1-4, spiel or hearts goes with and invites")
        the_trump = self._trump(trump)
        constraints = self.game.constraints & ~Constraint.LOWEST_WINNER
        if self.lowest_winner and len(deal.active_seats) == 3:
            constraints |= Constraint.LOWEST_WINNER
        if rules is not None:
            constraints = rules
        position = Position(self.game, deal, the_trump, self._leader(deal, dealer, declarer, eldest),
                            played=played, constraints=constraints, declarer=declarer,
                            talon_leads=talon_leads)
        if self.per_player:
            seat = player if player is not None else declarer if declarer is not None else active[0]
            return Play(self, position, dealer, seat, self.aim is Aim.EACH_AVOIDS, home, invite)
        if declarer is None:  # passnolla: the side of the first seat, wanting few tricks
            return Play(self, position, dealer, active[0], True, home, invite)
        return Play(self, position, dealer, declarer, self.aim is Aim.AVOID, home, invite)

    def _stay_home(self, deal: Deal, declarer: int | None, home: int) -> Deal:
        if not self.defenders_choose:
            raise InvalidInputError(f"in {self.name} both defenders play: nobody can stay home")
        if home == declarer or home not in deal.active_seats:
            raise InvalidInputError(f"seat {home} is not a defender in the play, so cannot stay home")
        hands = list(deal.hands)
        out = deal.out_of_play | hands[home]
        hands[home] = frozenset()
        return replace(deal, hands=tuple(hands), out_of_play=out)

    def _trump(self, trump: Suit | None | str) -> Suit | None:
        if trump == "contract" or trump == self.trump:
            return self.trump
        if self.game is VIENNA and self.talon and self.trump is not None and isinstance(trump, Suit):
            order = VIENNA_SUIT_ORDER
            if order.index(trump) >= order.index(self.trump):
                return trump
            raise InvalidInputError(
                f"in {self.name} the declarer names {self.trump.symbol} or a higher trump "
                f"({' < '.join(s.symbol for s in order)}), not {trump.symbol}"
            )
        raise InvalidInputError(f"the contract {self.name} fixes the trump: leave out --trump")

    def _leader(self, deal: Deal, dealer: int, declarer: int | None, eldest: int) -> int:
        active = deal.active_seats
        if self.lead is Lead.DECLARER and declarer is not None:
            return declarer
        if self.lead is Lead.DECLARER_RIGHT and declarer is not None:
            return active[(active.index(declarer) - 1) % len(active)]
        if self.lead is Lead.DEALER and len(deal.hands) == 3:
            return dealer
        return eldest


@dataclass(frozen=True)
class Play:
    """A contract's question: solve `position` for `seat`'s side, minimising or not."""

    contract: Contract
    position: Position
    dealer: int
    seat: int
    minimise: bool
    home: int | None = None
    invite: int | None = None


def _next(deal: Deal, seat: int) -> int:
    """The first seat in the play after `seat`, clockwise."""
    n = len(deal.hands)
    return next(s for s in ((seat + step) % n for step in range(1, n + 1)) if deal.hands[s])


VIENNA_SUIT_ORDER = (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS, Suit.HEARTS)
_LETTERS = {"S": Suit.SPADES, "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "NT": None}


def _preferans() -> list[Contract]:
    need = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
    out = [
        Contract(PREFERANS, f"{level}{letter}", f"{level} {'no trump' if suit is None else suit.symbol}",
                 suit, Aim.TAKE, level, talon=True, defenders_need=need[level])
        for level in range(6, 11) for letter, suit in _LETTERS.items()
    ]
    out.append(Contract(PREFERANS, "misere", "misère", None, Aim.AVOID, 0, talon=True))
    out.append(Contract(PREFERANS, "allpass", "all-pass (raspasovka)", None, Aim.EACH_AVOIDS))
    return out


def _vienna() -> list[Contract]:
    out = [
        Contract(VIENNA, str(i + 1), f"{i + 1} with talon, {suit.symbol} trumps", suit, Aim.TAKE, 6,
                 Lead.DECLARER, talon=True, lowest_winner=True, defenders_choose=True)
        for i, suit in enumerate(VIENNA_SUIT_ORDER)
    ]
    out += [
        Contract(VIENNA, f"spiel{i + 1}", f"spiel {i + 1} without talon, {suit.symbol} trumps", suit,
                 Aim.TAKE, 6, Lead.DECLARER, lowest_winner=True, defenders_choose=True)
        for i, suit in enumerate(VIENNA_SUIT_ORDER[:3])
    ]
    out.append(Contract(VIENNA, "hearts", "hearts without talon", Suit.HEARTS, Aim.TAKE, 6,
                        Lead.DECLARER, lowest_winner=True, defenders_choose=True))
    for name, title, aim in (("bettel", "bettel (fem)", Aim.AVOID), ("mord", "mord (sex)", Aim.TAKE_ALL),
                             ("plauderer", "plauderer, open bettel (sju)", Aim.AVOID),
                             ("mord-open", "open mord (åtta)", Aim.TAKE_ALL)):
        out.append(Contract(VIENNA, name, f"{title} with talon", None, aim, 0, Lead.DECLARER,
                            talon=True))
        out.append(Contract(VIENNA, f"{name}-ohne", f"{title} without talon", None, aim, 0,
                            Lead.DECLARER))
    out.append(Contract(VIENNA, "allpass", "all-pass (Ausfechten)", None, Aim.EACH_AVOIDS,
                        lead=Lead.DEALER))
    return out


def _polskt_pass() -> list[Contract]:
    return [Contract(POLSKT_PASS, suit.letter, f"{suit.symbol} trumps", suit, Aim.WIN_DEAL)
            for suit in Suit]


def _priffe() -> list[Contract]:
    return [
        Contract(PRIFFE, "ruter", "ruter (♦ trumps)", Suit.DIAMONDS, Aim.TAKE, 7),
        Contract(PRIFFE, "hjarter", "hjärter (♥ trumps)", Suit.HEARTS, Aim.TAKE, 7),
        Contract(PRIFFE, "nolla", "nolla (no trump, at most six)", None, Aim.AVOID, 6),
        Contract(PRIFFE, "priffe", "priffe (no trump, seven)", None, Aim.TAKE, 7, Lead.DECLARER_RIGHT),
        Contract(PRIFFE, "passnolla", "passnolla (no trump, no declarer)", None, Aim.AVOID, 6),
    ]


CONTRACTS: dict[str, dict[str, Contract]] = {
    game.name: {c.name.lower(): c for c in make()}
    for game, make in ((PREFERANS, _preferans), (VIENNA, _vienna), (POLSKT_PASS, _polskt_pass),
                       (PRIFFE, _priffe))
}

ALIASES: dict[str, dict[str, str]] = {
    "preferans": {"misère": "misere", "mizer": "misere", "raspasovka": "allpass",
                  "all-pass": "allpass", "pass": "allpass"},
    "vienna": {"fem": "bettel", "fem-ohne": "bettel-ohne", "sex": "mord", "sex-ohne": "mord-ohne",
               "sju": "plauderer", "sju-ohne": "plauderer-ohne", "atta": "mord-open",
               "åtta": "mord-open", "atta-ohne": "mord-open-ohne", "åtta-ohne": "mord-open-ohne",
               "ausfechten": "allpass", "all-pass": "allpass", "herz": "hearts", "spel1": "spiel1",
               "spel2": "spiel2", "spel3": "spiel3"},
    "polskt-pass": {"♠": "s", "♥": "h", "♦": "d", "♣": "c"},
    "priffe": {"hjärter": "hjarter", "diamonds": "ruter", "hearts": "hjarter"},
}


def get_contract(game: Game, name: str) -> Contract:
    """The contract of `game` named `name` (case-insensitive; aliases accepted).

    >>> get_contract(VIENNA, "Sju").name
    'plauderer'
    """
    checks.instance(game, Game, "game", "a Game (PREFERANS, VIENNA, POLSKT_PASS or PRIFFE)")
    checks.text(name, "a contract's name")
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(game.name, {}).get(key, key)
    if game is PREFERANS:
        key = key.replace("♠", "s").replace("♣", "c").replace("♦", "d").replace("♥", "h")
    table = CONTRACTS[game.name]
    if key not in table:
        known = " ".join(c.name for c in table.values())
        raise InvalidInputError(f"unknown {game.name} contract {name!r} (contracts: {known})")
    return table[key]
