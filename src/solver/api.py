"""The solver's Python API: positions in, small frozen results out.

>>> from prefdd.rules import PREFERANS, Position, Suit, parse_deal
>>> deal = parse_deal("AKQ... 987... JT.7..", PREFERANS)
>>> solve(Position(PREFERANS, deal, Suit.SPADES, leader=0, declarer=0)).tricks
3
>>> values = solve(Position(PREFERANS, deal, None, leader=2, declarer=0), card_values=True).cards
>>> sorted(values.items())
[(Card('ST'), 3), (Card('SJ'), 3), (Card('H7'), 2)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from prefdd.rules import Card, Game, InvalidInputError, Position, Suit, Trick, checks
from prefdd.solver._engine import GOAL_TRICKS, GOAL_WIN
from prefdd.solver.engines import Team, _engine, team_for, thread_count
from prefdd.solver.probes import exact_values
from prefdd.solver.split import shares_probes, team_value


def _play_bits(game: Game, trump: Suit | None) -> tuple[list[list[int]], dict[int, Card]]:
    """Every card's engine bit (16 * play suit + strength) as ``bits[suit][rank]``, and each bit's card.

    Made once per game and trump. Indexed by suit and rank, a solve maps its cards
    without hashing one: that was a sixth of a small solve's time.
    """
    key = (game.name, trump)
    maps = _BITS.get(key)
    if maps is None:
        ranks = set(game.ranks).union(*game.extra_ranks.values())
        bits = [[-1] * 16 for _ in Suit]
        cards = {}
        for card in (Card(suit, rank) for suit in Suit for rank in ranks):
            suit, order = game.play_order(card, trump)
            bits[card.suit][card.rank] = 16 * suit + order
            cards[16 * suit + order] = card
        maps = _BITS[key] = (bits, cards)
    return maps


_BITS: dict[tuple[str, Suit | None], tuple[list[list[int]], dict[int, Card]]] = {}


@dataclass(frozen=True)
class Solution:
    """The double-dummy answer for one side of a position.

    `tricks` counts the side's tricks over the whole deal: those already won
    in the position (`tricks_won`) plus those it takes from here under optimal
    play, the side taking as many (or, with `minimise`, as few) as it can
    against all other seats in the play together.

    For Polskt pass, `wins` says whether the seat wins the deal against all the
    others together, and `takes_all` whether it can take every trick.

    `cards` maps each legal card of the player to move to the same value
    after that card is played (tricks, or for Polskt pass whether the deal is
    won); `line` is one optimal play to the end, trick by trick, its first
    trick including any cards already played to it.
    """

    seats: tuple[int, ...]
    minimise: bool
    tricks: int
    tricks_won: int
    wins: bool | None = None
    takes_all: bool | None = None
    cards: Mapping[Card, int | bool] | None = None
    line: tuple[Trick, ...] | None = None
    nodes: int = 0


class _Search:
    """One question about one position, in engine terms.

    The engine's MAX seats are the side asked about. They play to make the
    counted seats take many tricks: themselves, or, to minimise, the other
    seats. Values here are the engine's: the counted seats' total tricks in
    the deal, or 1/0 for a won deal.
    """

    def __init__(self, position: Position, side: tuple[int, ...], minimise: bool, goal: int,
                 load: bool = True):
        self.position = position
        self.seats = position.seats
        self.side = side
        self.goal = goal
        self.minimise = minimise and goal == GOAL_TRICKS
        game, trump = position.game, position.trump
        self.bit, self.card = _play_bits(game, trump)
        self.maxside = [int(s in side) for s in self.seats]
        self.counted = [int((s in side) != self.minimise) for s in self.seats]
        self.deal_tricks = sum(position.tricks_won) + position.tricks_left
        self.engine = _engine()
        if load:
            self._load()

    def _load(self) -> None:
        self.engine.set_position(*self.engine_args())

    def engine_args(self) -> tuple:
        """The position as the engine's set_position takes it."""
        pos, seats = self.position, self.seats
        trick = pos.current_trick
        in_trick = [] if trick.done else list(trick.cards)
        leader = trick.leader
        bit = self.bit
        masks = [sum([1 << bit[c.suit][c.rank] for c in pos.hands[s]]) for s in seats]
        seat = leader
        for card in in_trick:
            masks[seats.index(seat)] |= 1 << bit[card.suit][card.rank]
            seat = pos.next_seat(seat)
        lw, declarer = pos.lowest_winner_seat, pos.declarer
        assert pos.constraints is not None
        return (
            masks,
            -1 if pos.trump is None else int(pos.trump),
            pos.constraints.value,
            -1 if lw is None else seats.index(lw),
            -1 if declarer is None else seats.index(declarer),
            self.goal,
            self.maxside,
            self.counted,
            seats.index(leader),
            [bit[c.suit][c.rank] for c in in_trick],
            [pos.tricks_won[s] for s in seats],
            self._first_to_two(),
        )

    def _first_to_two(self) -> int:
        won = dict.fromkeys(self.seats, 0)
        for trick in self.position.tricks:
            if trick.winner is not None:
                won[trick.winner] += 1
                if won[trick.winner] == 2:
                    return self.seats.index(trick.winner)
        return -1

    def value(self) -> int:
        """The engine's value of its current position."""
        future = self.engine.value()
        if self.goal == GOAL_WIN:
            return future
        return future + self.counted_won()

    def counted_won(self) -> int:
        """The tricks the counted seats have won in the engine's current position."""
        return sum(w for w, c in zip(self.engine.tricks_won(), self.counted, strict=True) if c)

    def tricks(self, future: int) -> int:
        """The asked side's tricks in the deal, from the engine's value of the loaded position."""
        won = self.position.tricks_won
        return int(self.asked(future + sum(won[s] for s, c in zip(self.seats, self.counted, strict=True)
                                           if c)))

    def asked(self, value: int) -> int | bool:
        """The asked side's value from the engine's."""
        if self.goal == GOAL_WIN:
            return bool(value)
        return self.deal_tricks - value if self.minimise else value

    def groups(self) -> dict[int, list[int]]:
        """The legal cards of the player to move, grouped under the engine's representative."""
        engine = self.engine
        legal, present = engine.legal(), engine.present()
        reps = engine.representatives(legal)
        groups: dict[int, list[int]] = {}
        for bit in sorted((b for b in range(64) if legal >> b & 1), reverse=True):
            rep = bit
            while not reps >> rep & 1:
                rep += 1
                while not present >> rep & 1:
                    rep += 1
            groups.setdefault(rep, []).append(bit)
        return groups

    def at_least(self, value: int) -> bool:
        """Whether the engine's value of its current position is at least `value` (one probe)."""
        if self.goal == GOAL_WIN:
            return value <= 0 or (value == 1 and self.engine.reaches(1))
        won = self.counted_won()
        return value <= won or (value - won <= self.engine.left() and self.engine.reaches(value - won))

    def bounded_value(self, parent: int, is_max: int) -> int:
        """The engine's value of the current position, just after a card of a MAX seat (`is_max`) or not.

        The position before that card had the value `parent`, its mover's best:
        so this card gives at most that (a MAX seat's) or at least it (a MIN
        seat's), and the search starts there: one probe for a card as good as
        the best, a trick at a time below (or above) it for the others.
        """
        value = parent
        if is_max:
            while not self.at_least(value):
                value -= 1
        else:
            while self.at_least(value + 1):
                value += 1
        return value

    def value_from(self, start: int, at_least: Callable[[int], bool] | None = None) -> int:
        """The engine's value of the current position, probed a trick at a time from `start` up or down
        (`at_least`: the probe, by default :meth:`at_least`; it must hold at and below the tricks won and
        fail above all the tricks)."""
        probe = self.at_least if at_least is None else at_least
        value = start
        if probe(value):
            while probe(value + 1):
                value += 1
            return value
        value -= 1
        while not probe(value):
            value -= 1
        return value

    def again(self) -> _Search:
        """The same question, loaded into this thread's engine."""
        return _Search(self.position, self.side, self.minimise, self.goal)

    def child_values(self, parent: int | None = None) -> dict[int, int]:
        """The engine's value after each representative legal card (`parent`: the position's, if known).

        Without `parent`, the first card's value is searched on its own and
        each other card's probed from the best found so far (most cards are
        worth about as much as the best), as a team's threads do; the
        position's value is then the best of its cards'.
        """
        values: dict[int, int] = {}
        is_max = self.maxside[self.engine.to_move()]
        best = max if is_max else min
        for rep in self.groups():
            self.engine.play(rep)
            if parent is not None:
                values[rep] = self.bounded_value(parent, is_max)
            else:
                values[rep] = self.value_from(best(values.values())) if values else self.value()
            self.engine.unplay()
        return values

    def best_of(self, values: dict[int, int]) -> int:
        """The position's value from its cards' (:meth:`child_values`): its mover's best."""
        return (max if self.maxside[self.engine.to_move()] else min)(values.values())

    def card_values(self, values: dict[int, int]) -> dict[Card, int | bool]:
        """The asked side's value after each legal card, from :meth:`child_values`."""
        return {
            self.card[bit]: self.asked(values[rep])
            for rep, bits in self.groups().items()
            for bit in bits
        }

    def line(self, value: int | None = None) -> tuple[Trick, ...]:
        """One optimal play from the position to the end of the deal (`value`: the position's, if known).

        Each step plays the first card (highest representative first) that keeps the value.
        """
        trick = self.position.current_trick
        leader = trick.leader
        cards = [] if trick.done else list(trick.cards)
        tricks: list[Trick] = []
        if value is None:
            value = self.value()
        while self.engine.left() > 0:
            is_max = self.maxside[self.engine.to_move()]
            for card in self.groups():
                winner = self.engine.play(card)
                if self.at_least(value) if is_max else not self.at_least(value + 1):
                    break
                self.engine.unplay()
            cards.append(self.card[card])
            if winner >= 0:
                tricks.append(Trick(leader, tuple(cards), self.seats[winner]))
                leader, cards = self.seats[winner], []
        return tuple(tricks)


def check_question(position: Position, seat: int | None, minimise: bool) -> None:
    """Refuse a question that is not a Position, a seat number (or None) and a minimise flag."""
    checks.instance(position, Position, "position", "a Position")
    checks.integer(seat, "seat", optional=True)
    checks.flag(minimise, "minimise")


def default_seat(position: Position, seat: int | None) -> int:
    """`seat`, or if None the declarer, else the leader."""
    if seat is None:
        return position.declarer if position.declarer is not None else position.leader
    return seat


def trick_search(position: Position, seat: int | None, minimise: bool) -> _Search | None:
    """The search behind :func:`solve`'s trick count, not yet loaded; None in talon tricks.

    Batches give :meth:`_Search.engine_args` to the engine's ``values`` and read the
    answer with :meth:`_Search.tricks`.
    """
    if position.in_talon_tricks:
        return None
    seat = default_seat(position, seat)
    return _Search(position, side_of(position, seat), minimise, GOAL_TRICKS, load=False)


def side_of(position: Position, seat: int) -> tuple[int, ...]:
    """The seat with its partner, if the game has partnerships and the partner plays."""
    if seat not in position.seats:
        raise InvalidInputError(f"seat {position.game.seat_name(seat)} has no cards in the play")
    partner = position.game.partner(seat)
    return (seat,) if partner not in position.seats else tuple(sorted((seat, partner)))


def solve(
    position: Position,
    seat: int | None = None,
    *,
    minimise: bool = False,
    card_values: bool = False,
    line: bool = False,
    threads: int | None = None,
) -> Solution:
    """Solve `position` double dummy for the side of `seat` (default: the declarer, else the leader).

    The side is the seat with its partner in a partnership game (Priffe),
    playing against every other seat in the play. In Polskt pass the result
    also says whether the seat wins the deal, and the card values and line
    are then for winning the deal.

    With `card_values`, the player's cards are shared out to `threads` threads
    (None: one per core; 1: this thread alone, see :mod:`prefdd.solver.engines`);
    so are the cards of each probe of a four-seat side playing to lose tricks
    (Priffe's nolla and passnolla, whose searches take seconds; see
    :mod:`prefdd.solver.split`). The answer is the same for any number.
    """
    check_question(position, seat, minimise)
    checks.flag(card_values, "card_values")
    checks.flag(line, "line")
    seat = default_seat(position, seat)
    side = side_of(position, seat)
    won = sum(position.tricks_won[s] for s in side)
    thread_count(threads)  # refused if bad, even where unused
    crew = team_for(threads) if card_values or shares_probes(position, minimise) else None
    if position.in_talon_tricks:
        return _solve_talon_tricks(position, seat, side, minimise, card_values, line)
    if crew is not None and position.legal_cards():
        if card_values:
            return _solve_on_team(position, side, minimise, line, crew)
        return _value_on_team(position, side, minimise, line, crew)
    nodes = _engine().nodes
    if card_values and not minimise and not position.game.permanent_trumps and position.legal_cards():
        # Playing for tricks, the cards' values come first and the position's is the best of them: the
        # refutation of one above the value is then asked only of the cards that reach it. Minimising,
        # the position's value first (its probes from the top are cheap) and the cards' from it.
        search = _Search(position, side, minimise, GOAL_TRICKS)
        by_rep = search.child_values()
        value = search.best_of(by_rep)
        tricks, wins, takes_all = int(search.asked(value)), None, None
    else:
        search, value, tricks, wins, takes_all = _root(position, side, minimise)
        by_rep = search.child_values(value) if card_values else None
    cards = None if by_rep is None else search.card_values(by_rep)
    played_line = search.line(value) if line else None
    return Solution(
        seats=side,
        minimise=minimise,
        tricks=tricks,
        tricks_won=won,
        wins=wins,
        takes_all=takes_all,
        cards=cards,
        line=played_line,
        nodes=_engine().nodes - nodes,
    )


def _root(position: Position, side: tuple[int, ...],
          minimise: bool) -> tuple[_Search, int, int, bool | None, bool | None]:
    """The search whose cards :func:`solve` values, its value, and solve's tricks, wins and takes_all."""
    search = _Search(position, side, minimise, GOAL_TRICKS)
    value = search.value()
    tricks = int(search.asked(value))
    wins = takes_all = None
    if position.game.permanent_trumps:
        most = tricks if not minimise else _Search(position, side, False, GOAL_TRICKS).value()
        takes_all = most == search.deal_tricks
        search = _Search(position, side, False, GOAL_WIN)
        value = search.value()
        wins = bool(value)
    return search, value, tricks, wins, takes_all


def _solve_on_team(position: Position, side: tuple[int, ...], minimise: bool, line: bool,
                   crew: Team) -> Solution:
    """:func:`solve` with every card's value, the player's card groups shared out to `crew`'s threads.

    Each group's exact value is searched by zero-window probes from the best value
    found so far (:func:`~prefdd.solver.probes.exact_values`), in the table the
    threads share. The position's own value is the best of its cards': no search
    of its own, unless the question needs more (Polskt pass: the tricks first,
    then the win, whose value bounds the cards').
    """
    nodes = crew.nodes
    wins = takes_all = parent = None
    if position.game.permanent_trumps:
        parent, tricks, wins, takes_all = crew.map(lambda _: _root(position, side, minimise)[1:], [None])[0]
        search = _Search(position, side, False, GOAL_WIN)
        low, high = 0, 1
    else:
        search = _Search(position, side, minimise, GOAL_TRICKS)
        low = search.counted_won()
        high = low + search.engine.left()
    groups = search.groups()
    is_max = search.maxside[search.engine.to_move()]
    if parent is not None:  # no card is better for its player than the best
        low, high = (low, parent) if is_max else (parent, high)

    def load(rep: int) -> _Search:
        child = search.again()
        child.engine.play(rep)
        return child

    best = max if is_max else min
    by_rep = exact_values(crew, groups, load, low=low, high=high, guess=parent, best=best)
    value = best(by_rep.values()) if parent is None else parent
    if parent is None:
        tricks = int(search.asked(value))
    cards = {search.card[bit]: search.asked(by_rep[rep]) for rep, bits in groups.items() for bit in bits}
    played_line = crew.map(lambda _: search.again().line(value), [None])[0] if line else None
    won = sum(position.tricks_won[s] for s in side)
    return Solution(side, minimise, tricks, won, wins, takes_all, cards, played_line, crew.nodes - nodes)


def _value_on_team(position: Position, side: tuple[int, ...], minimise: bool, line: bool,
                   crew: Team) -> Solution:
    """:func:`solve`'s tricks without card values, each probe's cards shared out to `crew`'s threads
    (:func:`~prefdd.solver.split.team_value`); the line, if asked, on one of them, in the table they share."""
    nodes = crew.nodes
    search = _Search(position, side, minimise, GOAL_TRICKS)
    value = team_value(crew, search)
    played_line = crew.map(lambda _: search.again().line(value), [None])[0] if line else None
    won = sum(position.tricks_won[s] for s in side)
    return Solution(side, minimise, int(search.asked(value)), won, line=played_line, nodes=crew.nodes - nodes)


def _solve_talon_tricks(position: Position, seat: int, side: tuple[int, ...], minimise: bool,
                        card_values: bool, line: bool) -> Solution:
    """Solve through the tricks started by turned talon cards, card by card, then with the engine.

    Those few tricks (at most two, in Preferans all-pass) break the engine's rule that a
    trick's winner leads the next, so they are searched here by alpha-beta over the legal
    cards, each branch ending in an ordinary engine solve.
    """
    def wants_high(pos: Position) -> bool:
        return (pos.to_play in side) != minimise

    nodes = _engine().nodes

    def value(pos: Position, alpha: int, beta: int) -> int:
        if not pos.in_talon_tricks:
            return solve(pos, seat, minimise=minimise).tricks
        high = wants_high(pos)
        best = -1 if high else 99
        for card in _distinct_cards(pos):
            result = value(pos.play([card]), alpha, beta)
            best = max(best, result) if high else min(best, result)
            alpha, beta = (max(alpha, result), beta) if high else (alpha, min(beta, result))
            if alpha >= beta:
                break
        return best

    def best_card(pos: Position) -> tuple[Card, int, dict[Card, int]]:
        """The best card (of the runs' top cards), its value, and every run top's value."""
        values = {card: value(pos.play([card]), -1, 99) for card in _distinct_cards(pos)}
        pick = (max if wants_high(pos) else min)(values, key=values.__getitem__)
        return pick, values[pick], values

    _, tricks, by_top = best_card(position)
    played_line = None
    if line:
        walk = position
        while walk.in_talon_tricks:
            walk = walk.play([best_card(walk)[0]])
        rest = solve(walk, seat, minimise=minimise, line=True).line or ()
        end = None if walk.current_trick.done else -1
        played_line = walk.tricks[len(position.tricks) - 1:end] + rest
    cards = {card: by_top[top] for card, top in _runs(position).items()} if card_values else None
    won = sum(position.tricks_won[s] for s in side)
    return Solution(side, minimise, tricks, won, cards=cards, line=played_line, nodes=_engine().nodes - nodes)


def _runs(position: Position) -> dict[Card, Card]:
    """Each legal card mapped to the top card of its run: cards no other present card separates.

    Present cards are those in a hand or in the trick being played; the rules compare cards
    only with those, so the cards of a run are interchangeable.
    """
    game, trump = position.game, position.trump
    present = {c for hand in position.hands for c in hand} | set(position.current_trick.cards)
    order = {c: game.play_order(c, trump) for c in present}
    legal = position.legal_cards()
    ranked = sorted(present, key=order.__getitem__, reverse=True)
    tops = {}
    for card in legal:
        i = ranked.index(card)
        while i > 0 and ranked[i - 1] in legal and order[ranked[i - 1]][0] == order[card][0]:
            i -= 1
        tops[card] = ranked[i]
    return tops


def _distinct_cards(position: Position) -> list[Card]:
    """One legal card for each run of interchangeable cards."""
    return sorted(set(_runs(position).values()))
