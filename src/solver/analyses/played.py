"""Where did it go wrong: a played deal analysed card by card, double dummy.

For each card played, the analysis gives the double-dummy value before the
card (under best play from there) and after it, what the card cost its
player's side, and the best cards instead, with equivalent cards in one group.

Whose value it is follows the contract:

- a contract with a declarer (and Priffe's passnolla): the declarer's side's
  tricks in the whole deal (passnolla: seat 0's side), as
  :class:`~prefdd.solver.analyses.contracts.ContractResult` counts them; the declarer's side
  plays for many tricks (for few in misère, bettel, nolla), the other side for
  the opposite, and a card costs its side the tricks it gives away;
- all-pass, each for himself, no declarer: the tricks the player of the card can be held to
  when all the others play against him; a card costs the extra tricks that
  player must take because of it;
- Polskt pass: whether the declarer wins the deal against all the others
  together, the contract's question (a declarer who fails pays a bet that
  the others play for in the next deal); a declarer's card costs 1 when it
  throws away a won deal, another player's card when it gives the declarer a
  deal he could not have won.

A card is judged from two values, of the positions before and after it (for
a declarer's side, one card's after is the next card's before), so the
analysis finds one value a position; only where a card cost something is
every legal card of its position valued, for the best cards instead. With
``card_values`` every card's position gets every legal card's value (slower:
a Priffe nolla deal's every card takes several times its value). The
questions are shared out to `threads` threads (None: one per core), each
taking the next; their engines search one table together (see
:mod:`prefdd.solver.engines`), and the analysis is the same for any number.

>>> from prefdd.rules import PREFERANS, get_contract, parse_deal, parse_play
>>> deal = parse_deal("A8.K.. K7.A.. 9.7.8.", PREFERANS)
>>> play = get_contract(PREFERANS, "6NT").setup(deal, dealer=2, declarer=0,
...                                             played=parse_play("HK HA H7 / SK", 3))
>>> result = analyse(play)
>>> [(c.card.symbol, c.before, c.after, c.cost) for c in result.cards]
[('♥K', 1, 1, 0), ('♥A', 1, 1, 0), ('♥7', 1, 1, 0), ('♠K', 1, 2, 1)]
>>> result.cards[-1].best
((Card('S7'),),)
>>> result.lost_by_seat
{0: 0, 1: 1, 2: 0}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from prefdd.rules import Aim, Card, Contract, Deal, InvalidInputError, Play, Position, checks
from prefdd.solver.api import Solution, solve
from prefdd.solver.engines import team_for
from prefdd.solver.split import shares_probes

Value = int | bool


@dataclass(frozen=True)
class CardGroup:
    """Equivalent cards (any of them leads to the same play) and their common value."""

    cards: tuple[Card, ...]
    value: Value


@dataclass(frozen=True)
class PlayedCard:
    """One card of the play, judged double dummy.

    `before` is the value with best play from the position before the card,
    `after` the value once it is played; `seats` are the seats whose tricks (or,
    in Polskt pass, whose win) the values count. `cost` is what the card lost its
    player's side: tricks, or 1 for a won deal thrown away (0 for a best card).
    `best` are the cards that keep `before`, and `values` every legal card's
    value, both in groups of equivalent cards: given for a card that cost
    something, and for every card in an analysis asked for every card's value
    (``card_values``); None otherwise.
    """

    trick: int
    seat: int
    card: Card
    before: Value
    after: Value
    cost: int
    seats: tuple[int, ...]
    best: tuple[tuple[Card, ...], ...] | None
    values: tuple[CardGroup, ...] | None


@dataclass(frozen=True)
class Analysis:
    """A played deal analysed card by card; `play` is the contract's setup with every card played.

    An analysis stopped part way (Ctrl-C) is `partial`: `cards` are the first
    cards played, those analysed before the stop.
    """

    play: Play
    cards: tuple[PlayedCard, ...]
    partial: bool = False

    @property
    def per_player(self) -> bool:
        """Whether each card is judged for its own player (all-pass), not for the declarer's side."""
        return self.play.contract.aim is Aim.EACH_AVOIDS

    @property
    def mistakes(self) -> tuple[PlayedCard, ...]:
        """The cards that cost their side something."""
        return tuple(card for card in self.cards if card.cost)

    @property
    def lost_by_seat(self) -> dict[int, int]:
        """What each player in the play lost by his own cards (tricks, or won deals in Polskt pass)."""
        lost = dict.fromkeys(self.play.position.seats, 0)
        for card in self.cards:
            lost[card.seat] += card.cost
        return lost


def analyse(play: Play, progress: Callable[[int, int], None] | None = None, *,
            threads: int | None = None, card_values: bool = False) -> Analysis:
    """Analyse every card played in `play.position`, from the deal's first card on.

    Each card gets its values before and after and its cost; the best cards
    instead, and every legal card's value, come with each card that cost
    something, and with every card if `card_values` is set (slower: a value for
    every legal card at every card played, instead of one value a position).
    `progress`, if given, is called with the number of cards done and the
    number to do, as the cards are judged in order. The work runs on `threads`
    threads (None: one per core).
    Ctrl-C (a KeyboardInterrupt, or
    :func:`~prefdd.solver.stopping.stop_searches`) stops the work: the cards analysed
    (those from the first card on) are returned, the analysis marked `partial`.
    """
    checks.instance(play, Play, "play", "a Play (Contract.setup makes one)")
    checks.instance(progress, Callable, "progress", "a function of (done, total) or None", optional=True)
    crew = team_for(threads)
    final = play.position
    start = replace(final, played=())
    positions = [start]
    for card in final.played:
        positions.append(positions[-1].play([card]))
    count = len(final.played)
    cards: list[PlayedCard] = []
    # A side of four seats playing to lose tricks (Priffe's nolla, passnolla), by the positions' values:
    # each search, seconds long, on the whole team in turn (a value's probes, or every card's groups);
    # otherwise the team's threads each take the next search.
    by_team = crew is not None and not card_values and shares_probes(start, play.minimise)
    judge = _Judge(play, positions, card_values, threads if by_team else 1)

    def take(_: int = 0) -> None:
        """Keep the cards judged from the first one on, one at a time, each reported to `progress`."""
        while len(cards) < count and judge.ready(len(cards)):
            cards.append(judge.card(len(cards)))
            if progress is not None:
                progress(len(cards), count)

    def run(work: Callable[[Any], object], items: list) -> None:
        if crew is not None and not by_team:
            crew.map(work, _from_both_ends(items), take)
        else:
            for item in items:
                work(item)
                take()
        take()

    try:
        run(judge.ask, judge.questions())
        run(judge.value_cards, judge.to_value())
    except KeyboardInterrupt:
        return Analysis(play, tuple(cards), partial=True)
    return Analysis(play, tuple(cards))


def _from_both_ends(items: list) -> list:
    """`items` from both ends in turn: the first, the last, the second, the one before the last...

    A team's threads take an analysis's searches so: the play's later positions
    lie in the earlier ones' trees, and their entries in the shared table serve
    those (docs/threads.md).

    >>> _from_both_ends([0, 1, 2, 3, 4])
    [0, 4, 1, 3, 2]
    """
    ends = []
    for low in range((len(items) + 1) // 2):
        ends.append(items[low])
        if low != len(items) - 1 - low:
            ends.append(items[len(items) - 1 - low])
    return ends


def analyse_contract(deal: Deal, contract: Contract, dealer: int, declarer: int | None = None,
                     played: tuple[Card, ...] = (), *, threads: int | None = None,
                     card_values: bool = False, **options: object) -> Analysis:
    """Set up `contract` on `deal` and analyse `played` on `threads` threads (None: one per core).

    With `card_values`, every card played gets every legal card's value (see :func:`analyse`).

    The contract is set up as :meth:`~prefdd.rules.Contract.setup` does, with its options.

    >>> from prefdd.rules import PRIFFE, get_contract, parse_deal, parse_play
    >>> deal = parse_deal("N:AK.2.. Q.43.. J2.5.. 3.Q6..", PRIFFE)
    >>> result = analyse_contract(deal, get_contract(PRIFFE, "nolla"), dealer=3, declarer=0,
    ...                           played=parse_play("H2", 4))
    >>> [(c.seat, c.card.symbol, c.cost, c.best) for c in result.mistakes]
    [(0, '♥2', 1, ((Card('SA'), Card('SK')),))]
    """
    checks.instance(contract, Contract, "contract", "a Contract (get_contract finds one by name)")
    unknown = sorted(set(options) - _SETUP_OPTIONS)
    if unknown:
        known = ", ".join(sorted(_SETUP_OPTIONS))
        raise InvalidInputError(f"unknown option {unknown[0]!r} (options: {known})")
    play = contract.setup(deal, dealer, declarer, played=played, **options)  # type: ignore[arg-type]
    return analyse(play, threads=threads, card_values=card_values)


_SETUP_OPTIONS = {"home", "player", "trump", "rules", "talon_leads", "invite"}


class _Judge:
    """The values an analysis asks of the positions of a play, and each card judged from them.

    Without every card's value, a card is judged from two values, of the
    positions before and after it (for a declarer's side, one card's after is
    the next card's before), and only a card that cost something gets the
    values of its position's every card, for the best cards instead.
    """

    def __init__(self, play: Play, positions: list[Position], card_values: bool, threads: int | None):
        self.play = play
        self.positions = positions
        self.card_values = card_values
        self.threads = threads  # of each search
        # (position's index, seat asked) -> the solution there; card index -> every legal card's value.
        self.solutions: dict[tuple[int, int], Solution] = {}
        self.groups: dict[int, tuple[Solution, tuple[CardGroup, ...]]] = {}

    def asked(self, index: int) -> tuple[int, bool]:
        """The seat whose value judges card `index`, and whether its side plays for few tricks."""
        if self.play.contract.aim is Aim.EACH_AVOIDS:  # each card for its own player
            mover = self.positions[index].to_play
            assert mover is not None
            return mover, True
        return self.play.seat, self.play.minimise

    def questions(self) -> list[tuple[int, int, bool]]:
        """The positions' values to find (none when every card's value is asked), in the play's order."""
        if self.card_values:
            return []
        asked = {(at, *self.asked(index)): None for index in range(len(self.positions) - 1)
                 for at in (index, index + 1)}
        return list(asked)

    def ask(self, question: tuple[int, int, bool]) -> None:
        """Find one position's value for one seat."""
        index, seat, minimise = question
        self.solutions[index, seat] = solve(self.positions[index], seat, minimise=minimise,
                                            threads=self.threads)

    def to_value(self) -> list[int]:
        """The cards whose position needs every legal card's value: every card, or the costly ones."""
        cards = range(len(self.positions) - 1)
        return list(cards) if self.card_values else [index for index in cards if self._values(index).cost]

    def value_cards(self, index: int) -> None:
        """Every legal card's value in the position of card `index`."""
        position = self.positions[index]
        seat, minimise = self.asked(index)
        solution = solve(position, seat, minimise=minimise, card_values=True, threads=self.threads)
        assert solution.cards is not None
        values = solution.cards
        self.groups[index] = solution, tuple(CardGroup(group, values[group[0]])
                                             for group in position.equivalent_groups())

    def ready(self, index: int) -> bool:
        """Whether card `index` can be judged with what is known."""
        if index in self.groups:
            return True
        if self.card_values:
            return False
        seat, _ = self.asked(index)
        if (index, seat) not in self.solutions or (index + 1, seat) not in self.solutions:
            return False
        return not self._values(index).cost

    def card(self, index: int) -> PlayedCard:
        """Card `index` judged: its values before and after, its cost, and what is known of the others."""
        position = self.positions[index]
        card = self.play.position.played[index]
        seats, before, after, cost = self._values(index)
        best = groups = None
        if index in self.groups:
            groups = self.groups[index][1]
            best = tuple(group.cards for group in groups if group.value == before)
        assert position.to_play is not None
        return PlayedCard(index // len(position.seats) + 1, position.to_play, card, before, after, cost,
                          seats, best, groups)

    def _values(self, index: int) -> _Values:
        """Card `index`'s side (the seats counted), its values before and after, and its cost."""
        seat, minimise = self.asked(index)
        if index in self.groups:
            solution, groups = self.groups[index]
            values = [group.value for group in groups]
            after = next(group.value for group in groups if self.play.position.played[index] in group.cards)
        else:
            solution = self.solutions[index, seat]
            values = [_value(solution)]
            after = _value(self.solutions[index + 1, seat])
        wants_high = (self.positions[index].to_play in solution.seats) != minimise
        before = max(values) if wants_high else min(values)
        cost = int(before) - int(after) if wants_high else int(after) - int(before)
        return _Values(solution.seats, before, after, cost)


class _Values(NamedTuple):
    """What judges a card: its side's seats, the values before and after it, and what it cost."""

    seats: tuple[int, ...]
    before: Value
    after: Value
    cost: int


def _value(solution: Solution) -> Value:
    """A solution's value: whether the deal is won (Polskt pass), else the side's tricks."""
    return solution.tricks if solution.wins is None else solution.wins
