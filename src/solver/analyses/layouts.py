"""What a player knows before the play, and the layouts of the cards he cannot see.

A :class:`Hidden` problem holds one player's hand, his seat, the dealer, and
any cards he knows elsewhere (a talon already shown, cards out of play, cards
known in another hand). The cards he cannot see, the *unseen* cards, go to
*places*: every other hand, clockwise from the player, then the *rest* (the
cards in no hand: the talon, or Polskt pass's undealt cards). A *layout*
gives each unseen card a place; a batch of layouts is an int8 numpy array,
one row per layout, one column per unseen card (in :attr:`Hidden.unseen`
order: spades, hearts, diamonds, clubs, each high to low).

Layouts are drawn uniformly over those consistent with what is known
(:meth:`Hidden.sample`), or enumerated (:meth:`Hidden.enumerate`): the hand
of the second hidden place takes every combination of the unseen cards in
lexicographic order, the first place the rest (with two defenders, the
order of the classic "solve all deals" histograms).

What the bidding said narrows them: `where` holds conditions on the hidden
hands (:mod:`prefdd.solver.analyses.conditions`), and then only layouts that
satisfy every one are drawn or enumerated, still uniformly
(:mod:`prefdd.solver.analyses.sampling`); :meth:`Hidden.draw` and
:meth:`Hidden.satisfying` also say how many were dealt and kept. A predicate
over the deal (any callable) can be given to those two as `accept`.

Everything here is plain data that pickles, so layouts can be solved in
other processes or on other machines.

>>> from prefdd.rules import parse_cards
>>> hidden = Hidden.make("preferans", parse_cards("SA SK SQ SJ ST S9 S8 S7 HA HK"), seat=0, dealer=2,
...                      talon=parse_cards("HQ HJ"))
>>> len(hidden.unseen), hidden.sizes, hidden.count()
(20, (10, 10, 0), 184756)
>>> hidden.sample(3, seed=1).shape
(3, 20)
>>> from prefdd.solver.analyses.conditions import Seating, parse_condition
>>> left_long = parse_condition("left.hearts >= 3", Seating.bidder("preferans", seat=0, seats=3))
>>> layouts, tally = hidden.narrowed([left_long]).satisfying()
>>> len(layouts), tally.total
(53768, 184756)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from prefdd.rules import Card, Deal, Game, InvalidInputError, checks, get_game
from prefdd.solver.analyses import sampling
from prefdd.solver.analyses.conditions import Condition, Makes, check
from prefdd.solver.analyses.dealing import arrangements
from prefdd.solver.analyses.sampling import Accept, Tally

LAYOUT_LIMIT = 2_000_000
"""The most layouts a problem takes on at once, drawn or enumerated (their arrays take 44 MB or more)."""
HANDS = {"preferans": 3, "vienna": 3, "polskt-pass": 4, "priffe": 4}
"""The hands dealt in each game as analysed here (three-player Preferans and Vienna tables)."""


@dataclass(frozen=True)
class Hidden:
    """One player's view of a deal before the play: what he holds and knows, and what he cannot see.

    `known` are cards known in other hands (seat, cards); `talon` the talon
    when it has been shown (Preferans, Vienna: the declarer may pick it up);
    `out` cards known to be out of play (with a hand that has already
    discarded, the discards: the hand then plays as it is); `where` the
    conditions every layout must satisfy.
    """

    game_name: str
    hand: frozenset[Card]
    seat: int
    dealer: int
    talon: frozenset[Card] = frozenset()
    out: frozenset[Card] = frozenset()
    known: tuple[tuple[int, frozenset[Card]], ...] = ()
    where: tuple[Condition, ...] = ()

    @classmethod
    def make(cls, game: str | Game, hand: Iterable[Card], seat: int, dealer: int, *,
             talon: Iterable[Card] = (), out: Iterable[Card] = (),
             known: Mapping[int, Iterable[Card]] | None = None, where: Iterable[Condition] = ()) -> Hidden:
        """The player's view, checked: a full hand, seats that exist, every card once and in the deck,
        conditions that name only what is in the game."""
        name = game.name if isinstance(game, Game) else get_game(game).name
        hand, talon, out = checks.cards(hand, "hand"), checks.cards(talon, "talon"), checks.cards(out, "out")
        checks.integer(seat, "seat")
        checks.integer(dealer, "dealer")
        checks.instance(known, Mapping, "known", "a mapping of seats to Cards, or None", optional=True)
        known = {checks.integer(s, "a known seat"): checks.cards(c, f"the known cards of seat {s}")
                 for s, c in (known or {}).items()}
        hidden = cls(name, frozenset(hand), seat, dealer, frozenset(talon), frozenset(out),
                     tuple(sorted((s, frozenset(c)) for s, c in known.items())))
        hidden._check(list(hand), list(talon), list(out), known)
        return hidden.narrowed(where)

    def narrowed(self, where: Iterable[Condition]) -> Hidden:
        """The same view with the conditions `where` in force, checked: they name only what is in the game."""
        game, conditions = self.game, tuple(where)
        for condition in conditions:
            check(condition.tree, game, self.hands)
            if _makes_elsewhere(condition.tree, self.seat) and len(self.hand) > game.hand_size:
                raise InvalidInputError(f"{condition.text!r}: another seat cannot declare while the player "
                                        "holds an extra card to discard")
        return replace(self, where=conditions)

    @property
    def game(self) -> Game:
        return get_game(self.game_name)

    @property
    def hands(self) -> int:
        """The number of hands dealt."""
        return HANDS[self.game_name]

    @property
    def deck(self) -> frozenset[Card]:
        return self.game.deck(self.hands)

    @property
    def others(self) -> tuple[int, ...]:
        """The other seats, clockwise from the player: the first places."""
        return tuple((self.seat + step) % self.hands for step in range(1, self.hands))

    @property
    def pickup(self) -> bool:
        """Whether a contract with talon lets the player pick up the talon and discard.

        In Preferans and Vienna, unless the discards are already made (`out`);
        in Polskt pass, when the player holds a sixth card (he then discards one).
        """
        if self.game_name in ("preferans", "vienna"):
            return not self.out
        return len(self.hand) > self.game.hand_size

    @property
    def rest_size(self) -> int:
        """Cards in no hand: the deck less every hand as dealt."""
        return len(self.deck) - self.game.hand_size * (self.hands - 1) - len(self.hand)

    @cached_property
    def unseen(self) -> tuple[Card, ...]:
        """The cards the player cannot place, spades to clubs, each suit high to low."""
        seen = self.hand | self.talon | self.out
        for _, cards in self.known:
            seen |= cards
        return tuple(sorted(self.deck - seen, key=lambda c: (c.suit, -c.rank)))

    @property
    def sizes(self) -> tuple[int, ...]:
        """How many unseen cards each place takes: each other hand, then the rest."""
        known = dict(self.known)
        hands = tuple(self.game.hand_size - len(known.get(s, ())) for s in self.others)
        return (*hands, self.rest_size - len(self.talon) - len(self.out))

    def count(self) -> int:
        """The number of layouts consistent with what is known."""
        left, total = len(self.unseen), 1
        for size in self.sizes:
            total *= math.comb(left, size)
            left -= size
        return total

    def sample(self, n: int, seed: int | np.random.Generator | None = None) -> np.ndarray:
        """`n` layouts drawn uniformly at random (each row an independent shuffle), satisfying `where`."""
        checks.integer(n, "the number of samples", 1, LAYOUT_LIMIT)
        if not isinstance(seed, np.random.Generator):
            checks.integer(seed, "seed", 0, optional=True)
        if self.where:
            return self.draw(n, seed)[0]
        rng = np.random.default_rng(seed)
        row = np.repeat(np.arange(len(self.sizes), dtype=np.int8), self.sizes)
        return rng.permuted(np.tile(row, (n, 1)), axis=1)

    def enumerate(self, limit: int | None = None) -> np.ndarray:
        """Every layout satisfying `where` (or the first `limit`), in a fixed order.

        The second place's cards run through the combinations of the unseen
        cards in lexicographic order (then the third place's, from those
        left, and so on, innermost); the first place holds what remains.
        """
        layouts = self.satisfying()[0] if self.where else self.every()
        return layouts if limit is None else layouts[:limit]

    def every(self) -> np.ndarray:
        """Every layout consistent with what is known, the conditions aside, in :meth:`enumerate`'s order."""
        return arrangements(self.sizes)

    def draw(self, n: int, seed: int | np.random.Generator | None = None,
             accept: Accept | None = None) -> tuple[np.ndarray, Tally]:
        """`n` layouts drawn uniformly from those satisfying `where` and `accept`, and how they were found.

        With no condition at all, the layouts are :meth:`sample`'s.
        """
        if not self.where and accept is None:
            total = self.count()
            return self.sample(n, seed), Tally(False, total, total, n, n, 0, 0)
        return sampling.draw(self, n, seed, accept)

    def satisfying(self, accept: Accept | None = None,
                   limit: int = sampling.EXACT_LIMIT) -> tuple[np.ndarray, Tally]:
        """Every layout satisfying `where` and `accept`, in :meth:`enumerate`'s order, and the tally."""
        return sampling.satisfying(self, accept, limit)

    def deal(self, layout: np.ndarray) -> tuple[Deal, frozenset[Card]]:
        """The deal of one layout, the player holding his own hand, and the cards in no hand."""
        places = [set() for _ in self.sizes]
        for card, place in zip(self.unseen, layout.tolist(), strict=True):
            places[place].add(card)
        hands = [frozenset()] * self.hands
        hands[self.seat] = self.hand
        known = dict(self.known)
        for index, seat in enumerate(self.others):
            hands[seat] = frozenset(places[index]) | known.get(seat, frozenset())
        rest = frozenset(places[-1]) | self.talon | self.out
        return Deal(tuple(hands), rest), rest

    def with_talon(self, deal: Deal, seat: int | None = None) -> Deal:
        """The deal with the player (or `seat`, the declarer) holding the talon too (the cards in no
        hand), to discard from."""
        seat = self.seat if seat is None else seat
        hands = list(deal.hands)
        hands[seat] = hands[seat] | deal.out_of_play
        return replace(deal, hands=tuple(hands), out_of_play=frozenset())

    def _check(self, hand: list[Card], talon: list[Card], out: list[Card],
               known: Mapping[int, Iterable[Card]]) -> None:
        game = self.game
        for role, seat in (("seat", self.seat), ("dealer", self.dealer), *(("known seat", s) for s in known)):
            if not 0 <= seat < self.hands:
                raise InvalidInputError(f"{role} {seat} does not exist (seats 0-{self.hands - 1})")
        if self.seat in known:
            raise InvalidInputError("the cards known in other hands cannot be in the player's own hand")
        sizes = (game.hand_size,) if self.game_name != "polskt-pass" else (5, 6)
        if len(hand) not in sizes:
            raise InvalidInputError(f"the hand holds {len(hand)} cards: a {game.name} hand holds "
                                    f"{' or '.join(map(str, sizes))}")
        deck, seen = self.deck, {}
        places = [("the hand", hand), ("the talon", talon), ("the cards out of play", out),
                  *((f"hand {game.seat_name(s)}", list(c)) for s, c in known.items())]
        for place, cards in places:
            for card in cards:
                if card not in deck:
                    raise InvalidInputError(f"card {card} in {place} is not in the {game.name} deck")
                if card in seen:
                    raise InvalidInputError(f"card {card} appears twice: in {seen[card]} and in {place}")
                seen[card] = place
        if talon and self.game_name not in ("preferans", "vienna"):
            raise InvalidInputError(f"{game.name} has no talon to show: name known cards as out of play")
        if talon and out:
            raise InvalidInputError("give the talon (the player may pick it up) or the cards out of play "
                                    "(the discards, the hand plays as it is), not both")
        if talon and len(talon) != self.rest_size:
            raise InvalidInputError(f"the talon holds {self.rest_size} cards, not {len(talon)}")
        if self.game_name in ("preferans", "vienna") and out and len(out) != self.rest_size:
            raise InvalidInputError(f"the cards out of play are the {self.rest_size} discards, "
                                    f"not {len(out)} cards")
        if len(out) > self.rest_size:
            raise InvalidInputError(f"only {self.rest_size} cards are in no hand, not {len(out)}")
        for seat, cards in known.items():
            if len(list(cards)) > game.hand_size:
                raise InvalidInputError(f"hand {game.seat_name(seat)} holds {game.hand_size} cards, "
                                        f"not {len(list(cards))}")


def engine_hands(layouts: np.ndarray, unseen: np.ndarray, holders: np.ndarray,
                 fixed: np.ndarray) -> np.ndarray:
    """Every layout's hands as the engine's 64-bit masks, a row per layout and a column per engine seat.

    Each seat holds its cards known in advance (`fixed`, a mask per seat) and
    the unseen cards (their engine bits, `unseen`) whose place the layout gives
    to it: `holders` is the engine seat of each place, -1 for none.

    >>> engine_hands(np.array([[0, 1], [1, 0]], dtype=np.int8), np.array([1, 2], dtype=np.uint64),
    ...              np.array([1, 0], dtype=np.int8), np.array([4, 8], dtype=np.uint64)).tolist()
    [[6, 9], [5, 10]]
    """
    seats = holders[layouts]
    places = seats[:, None, :] == np.arange(len(fixed), dtype=np.int8)[None, :, None]
    return np.where(places, unseen, np.uint64(0)).sum(axis=2, dtype=np.uint64) | fixed


def _makes_elsewhere(node: object, seat: int) -> bool:
    """Whether a condition asks whether a seat other than `seat` makes a contract."""
    if isinstance(node, Makes):
        return node.seat != seat
    return any(_makes_elsewhere(child, seat) for child in getattr(node, "operands", ())) or (
        hasattr(node, "operand") and _makes_elsewhere(node.operand, seat))

