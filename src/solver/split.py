"""One position's value on a team: each zero-window probe's cards shared out to the threads.

The value is walked as the engine walks it alone, a trick at a time from the
engine's first guess, by probes "is the value at least t?". A probe is
decided by the cards of the player to move: for a player of the side that
wants the value high it holds if one card's position after it reaches t, for
the other side if every card's does. The team's threads take those cards in
the engine's own order, each probing the position after its card in the
table they share; the answer that decides the probe stops the others'.

Where the player must refute every card this shares the work out evenly (a
nolla deal's probe at its value: the ducking side's proof against every
lead), a second thread from the other end of the order (the weakest cards,
refuted cheaply, while the first is searched); where one card is enough
(the declarer's side leading) the threads first take two bets: the first
card of the order a team engine's history of the probes so far gives, and
the first card of the position's own order.
On 13-card nolla deals two threads take 0.5-0.85 of one thread's time, the
least where the other side leads (docs/threads.md). Every probe's answer is proved by its cards' own
searches, so the value is the same on any number of threads.

>>> from prefdd import PRIFFE, Position, parse_deal
>>> from prefdd.solver.api import GOAL_TRICKS, _Search
>>> from prefdd.solver.engines import team_for
>>> deal = parse_deal("N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765", PRIFFE)
>>> search = _Search(Position(PRIFFE, deal, None, leader=1, declarer=0), (0, 2), True, GOAL_TRICKS)
>>> team_value(team_for(2), search) == search.value()
True
"""

from __future__ import annotations

import threading
from collections import deque
from typing import TYPE_CHECKING

from prefdd.rules import Position
from prefdd.solver._engine import Engine, Stopped
from prefdd.solver.engines import Team, _engine

if TYPE_CHECKING:
    from prefdd.solver.api import _Search


def shares_probes(position: Position, minimise: bool) -> bool:
    """Whether a value of `position` alone is searched this way: a side of four seats playing to lose
    tricks (Priffe's nolla and passnolla, seconds a deal; elsewhere a search takes milliseconds)."""
    return minimise and len(position.seats) == 4 and not position.game.permanent_trumps


class _Probe:
    """One probe's cards, handed out to the threads, and its answer once one decides it."""

    def __init__(self, cards: list[int], any_card: bool):
        self.waiting = deque(cards)
        self.any_card = any_card
        self.answer: bool | None = None
        self.running: dict[int, Engine] = {}
        self.lock = threading.Lock()

    def take(self, engine: Engine) -> int | None:
        """The next card to search for this thread's engine; None once decided or none is left."""
        with self.lock:
            if self.answer is not None or not self.waiting:
                return None
            # Where every card must be refuted, a thread joining a card under way takes the last one: the
            # likely weakest, refuted cheaply, while the first is searched (docs/threads.md).
            card = self.waiting.pop() if self.running and not self.any_card else self.waiting.popleft()
            self.running[card] = engine
            return card

    def settled(self) -> bool:
        with self.lock:
            return self.answer is not None

    def record(self, card: int, reaches: bool) -> None:
        """A card's answer: the probe's, if it decides it (then the other cards' searches are stopped)."""
        with self.lock:
            del self.running[card]
            if self.answer is not None:
                return
            if reaches == self.any_card or not (self.waiting or self.running):
                self.answer = reaches
                for engine in self.running.values():
                    engine.stop()


def _probe(crew: Team, search: _Search, cards: list[int], any_card: bool, target: int) -> bool:
    """Whether the loaded position's value is at least `target`, its player's `cards` shared out to `crew`.

    A stop of every search (Ctrl-C, stop_searches) reaches the engines searching; one that came while a
    team's thread was between searches (a team's engine forgets it when it starts its next task) is seen
    on the caller's own engine, which searches none, before each card.
    """
    board = _Probe(cards, any_card)

    def work(_: int) -> None:
        engine = _engine()
        while (card := board.take(engine)) is not None:
            if search.engine.stopped:
                raise Stopped("the search was stopped")
            child = search.again()
            child.engine.play(card)
            try:
                reaches = child.at_least(target)
            except Stopped:
                if board.settled():
                    return  # stopped by the board: the probe was decided meanwhile
                raise  # the caller's stop (Ctrl-C, stop_searches)
            board.record(card, reaches)

    crew.map(work, range(crew.size))
    assert board.answer is not None
    return board.answer


def team_value(crew: Team, search: _Search) -> int:
    """The value of `search`'s loaded position (as :meth:`_Search.value`), found by `crew`'s threads."""
    engine = search.engine
    low = search.counted_won()
    high = low + engine.left()
    if high == low:
        return low
    cards = engine.ordered()
    any_card = bool(search.maxside[engine.to_move()])

    def at_least(target: int) -> bool:
        if target <= low or target > high:
            return target <= low
        return _probe(crew, search, _two_bets(crew, search, cards) if any_card else cards, any_card, target)

    return search.value_from(min(max(low + engine.walk_start(), low + 1), high), at_least)


def _two_bets(crew: Team, search: _Search, cards: list[int]) -> list[int]:
    """`cards` (the position's own order) for a probe that one card decides: first the card a team engine
    orders first after the probes so far (its history of leads, kept while it loads the same position
    again), then the first of `cards` if another, then the rest in the engine's order.

    The two threads then bet on two cards that each order puts first. Two threads, 13-card nolla values
    with the declarer leading, six seeds of eight deals: 3.5-4.8% less time over five rounds (seed 3 -15%
    to -21%, seeds 1 and 5 the same within the noise; docs/threads.md).
    """
    learned = crew.map(lambda _: search.again().engine.ordered(), [None])[0]
    first = learned[0]
    rest = [card for card in learned[1:] if card != cards[0]]
    return [first, *rest] if first == cards[0] else [first, cards[0], *rest]
