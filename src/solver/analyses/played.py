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

One ``card_values`` solve per card gives both values and the cost: the value
before a card is the best of the values after each legal card, and the
engine's transposition table stays warm from one card to the next. The
cards are shared out to `threads` threads (None: one per core), each taking
the next position of the play; their engines search one table together (see
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

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from prefdd.rules import Aim, Card, Contract, Deal, InvalidInputError, Play, Position, checks
from prefdd.solver.api import solve
from prefdd.solver.engines import team_for

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
    value, both in groups of equivalent cards.
    """

    trick: int
    seat: int
    card: Card
    before: Value
    after: Value
    cost: int
    seats: tuple[int, ...]
    best: tuple[tuple[Card, ...], ...]
    values: tuple[CardGroup, ...]


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
            threads: int | None = None) -> Analysis:
    """Analyse every card played in `play.position`, from the deal's first card on.

    `progress`, if given, is called after each card with the number of cards done and
    the number to do. The work runs on `threads` threads (None: one per core).
    Ctrl-C (a KeyboardInterrupt, or
    :func:`~prefdd.solver.stopping.stop_searches`) stops the work: the cards analysed
    (those from the first card on) are returned, the analysis marked `partial`.
    """
    checks.instance(play, Play, "play", "a Play (Contract.setup makes one)")
    checks.instance(progress, Callable, "progress", "a function of (done, total) or None", optional=True)
    crew = team_for(threads)
    final = play.position
    start = replace(final, played=())
    jobs = []
    position = start
    for index, card in enumerate(final.played):
        jobs.append((index, position, card, index // len(start.seats) + 1))
        position = position.play([card])
    count = len(jobs)
    judged: dict[int, PlayedCard] = {}

    def judge(job: tuple[int, Position, Card, int]) -> PlayedCard:
        index, *rest = job
        judged[index] = _judge(play, *rest)
        return judged[index]

    cards: list[PlayedCard] = []

    def take(finished: int = 0) -> None:
        """Keep the cards judged from the first one on, one at a time, each reported to `progress`."""
        while len(cards) in judged:
            cards.append(judged[len(cards)])
            if progress is not None:
                progress(len(cards), count)

    try:
        if crew is not None:
            crew.map(judge, jobs, take)
            take()
        else:
            for job in jobs:
                judge(job)
                take()
    except KeyboardInterrupt:
        return Analysis(play, tuple(cards), partial=True)
    return Analysis(play, tuple(cards))


def analyse_contract(deal: Deal, contract: Contract, dealer: int, declarer: int | None = None,
                     played: tuple[Card, ...] = (), *, threads: int | None = None,
                     **options: object) -> Analysis:
    """Set up `contract` on `deal` and analyse `played` on `threads` threads (None: one per core).

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
    return analyse(play, threads=threads)


_SETUP_OPTIONS = {"home", "player", "trump", "rules", "talon_leads", "invite"}


def _judge(play: Play, position: Position, card: Card, trick: int) -> PlayedCard:
    """The card `card` played in `position`, judged from the contract's point of view."""
    mover = position.to_play
    assert mover is not None
    if play.contract.aim is Aim.EACH_AVOIDS:
        asked, minimise = mover, True
    else:
        asked, minimise = play.seat, play.minimise
    solution = solve(position, asked, minimise=minimise, card_values=True, threads=1)
    assert solution.cards is not None
    wants_high = (mover in solution.seats) != minimise
    values: Mapping[Card, Value] = solution.cards
    before = (max if wants_high else min)(values.values())
    after = values[card]
    cost = int(before) - int(after) if wants_high else int(after) - int(before)
    groups = tuple(CardGroup(group, values[group[0]]) for group in position.equivalent_groups())
    best = tuple(group.cards for group in groups if group.value == before)
    return PlayedCard(trick, mover, card, before, after, cost, solution.seats, best, groups)
