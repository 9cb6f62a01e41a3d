"""Double-dummy tables: every seat as declarer times every contract family of a game.

Work is shared: a question and its mirror (one side maximising its tricks is
the same game as the other side maximising theirs, and likewise for
minimising) are solved once, so a Priffe table takes seven solves, not
sixteen. The solves are shared out to `threads` threads (None: one per
core), each taking the next; the table is the same for any number.

>>> from prefdd.rules import PRIFFE, parse_deal
>>> deal = parse_deal(
...     "N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765", PRIFFE)
>>> result = table(deal, PRIFFE, dealer=3)
>>> result.families
('ruter', 'hjarter', 'nolla', 'priffe')
>>> result.tricks.tolist()
[[7, 9, 9, 10], [6, 4, 4, 3], [7, 9, 9, 10], [6, 4, 4, 3]]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from prefdd.rules import Contract, Deal, Game, Play, check_deal, checks, get_contract
from prefdd.solver.api import side_of, solve
from prefdd.solver.engines import Team, team_for
from prefdd.solver.split import shares_probes

FAMILIES: dict[str, tuple[str, ...]] = {
    "preferans": ("6S", "6C", "6D", "6H", "6NT", "misere"),
    "vienna": ("1", "2", "3", "4", "bettel", "mord"),
    "polskt-pass": ("S", "H", "D", "C"),
    "priffe": ("ruter", "hjarter", "nolla", "priffe"),
}
# How each family heads a table column.
LABELS = {"6S": "♠", "6C": "♣", "6D": "♦", "6H": "♥", "6NT": "NT", "misere": "misère",
          "1": "♣", "2": "♠", "3": "♦", "4": "♥", "S": "♠", "H": "♥", "D": "♦", "C": "♣",
          "hjarter": "hjärter"}


@dataclass(frozen=True)
class Table:
    """`tricks[i, j]`: the tricks of seat `seats[i]`'s side declaring family `families[j]`.

    For Polskt pass the cells are 1 if that player, choosing that trump, wins the
    deal against all the others, else 0. Misère, bettel and nolla count the
    tricks the declarer's side cannot avoid. A table stopped part way (Ctrl-C)
    is `partial`, its cells not solved -1.
    """

    game: Game
    seats: tuple[int, ...]
    families: tuple[str, ...]
    tricks: np.ndarray
    partial: bool = False

    @property
    def solved(self) -> int:
        """The cells solved (all of them unless the table is partial)."""
        return int(np.count_nonzero(self.tricks >= 0))


def table(deal: Deal, game: Game, dealer: int,
          progress: Callable[[int, int], None] | None = None, *, threads: int | None = None) -> Table:
    """The double-dummy table of `deal`, dealt by `dealer`, on `threads` threads (None: one per core).

    `progress(done, total)`, if given, is called after each cell. Ctrl-C (a
    KeyboardInterrupt, or :func:`~prefdd.solver.stopping.stop_searches`) stops
    the work: the cells solved are returned, the table marked `partial`.
    """
    checks.instance(game, Game, "game", "a Game (PREFERANS, VIENNA, POLSKT_PASS or PRIFFE)")
    check_deal(deal, game)
    checks.seat(dealer, "dealer", len(deal.hands))
    checks.instance(progress, Callable, "progress", "a function of (done, total) or None", optional=True)
    crew = team_for(threads)
    contracts = [get_contract(game, name) for name in FAMILIES[game.name]]
    seats = deal.active_seats
    cells = np.full((len(seats), len(contracts)), -1, dtype=np.int16)
    if crew is not None:
        partial = _table_on_team(crew, deal, contracts, dealer, seats, cells, progress)
        return Table(game, seats, tuple(FAMILIES[game.name]), cells, partial=partial)
    known: dict[tuple, int] = {}
    done = 0
    try:
        for j, contract in enumerate(contracts):
            for i, seat in enumerate(seats):
                cells[i, j] = _cell(deal, contract, dealer, seat, known)
                done += 1
                if progress is not None:
                    progress(done, cells.size)
    except KeyboardInterrupt:
        return Table(game, seats, tuple(FAMILIES[game.name]), cells, partial=True)
    return Table(game, seats, tuple(FAMILIES[game.name]), cells)


def _cell(deal: Deal, contract: Contract, dealer: int, seat: int, known: dict[tuple, int]) -> int:
    play = contract.setup(deal, dealer, seat, player=seat)
    position = play.position
    if position.game.permanent_trumps:
        return int(bool(solve(position, seat, threads=1).wins))
    side = frozenset(side_of(position, seat))
    rest = frozenset(position.seats) - side
    total = position.tricks_left
    duty = (position.lowest_winner_seat, position.declarer) if position.lowest_winner_seat else None
    shape = (position.trump, position.leader, position.constraints, duty, play.minimise)
    if (*shape, rest) in known:
        return total - known[(*shape, rest)]
    if (*shape, side) not in known:
        known[(*shape, side)] = solve(position, seat, minimise=play.minimise, threads=1).tricks
    return known[(*shape, side)]


def _table_on_team(crew: Team, deal: Deal, contracts: list[Contract], dealer: int, seats: tuple[int, ...],
                   cells: np.ndarray, progress: Callable[[int, int], None] | None) -> bool:
    """Fill `cells` with the team's threads, each taking the next distinct question; whether stopped.

    A question and its mirror are asked once, the slow ones (playing for few tricks)
    first, so that no thread is left with one at the end; a Priffe table's nolla
    question, most of its time, first of all with every probe's cards shared out
    to the whole team (:mod:`prefdd.solver.split`).
    """
    questions: dict[tuple, Play] = {}
    asks = {}
    for j, contract in enumerate(contracts):
        for i, seat in enumerate(seats):
            asks[i, j] = _question(contract.setup(deal, dealer, seat, player=seat), j, questions)
    keys = sorted(questions, key=lambda key: not questions[key].minimise)
    answer: dict[tuple, int] = {}
    filled: set[tuple[int, int]] = set()

    def ask(key: tuple) -> None:
        answer[key] = _answer(questions[key])

    def fill(finished: int = 0) -> None:
        """Fill the cells answered so far, one at a time, each reported to `progress` (which may stop)."""
        for (i, j), (key, total) in asks.items():
            if key in answer and (i, j) not in filled:
                cells[i, j] = answer[key] if total is None else total - answer[key]
                filled.add((i, j))
                if progress is not None:
                    progress(len(filled), cells.size)

    shared = [key for key in keys if shares_probes(questions[key].position, questions[key].minimise)]
    try:
        for key in shared:
            answer[key] = _answer(questions[key], threads=crew.size)
            fill()
        crew.map(ask, [key for key in keys if key not in shared], fill)
        fill()
        partial = False
    except KeyboardInterrupt:
        partial = True
    return partial


def _question(play: Play, column: int, questions: dict[tuple, Play]) -> tuple[tuple, int | None]:
    """The question that answers `play`'s cell in `column`, and the tricks left if it is the mirror's.

    A question and its mirror (the other side asking the same) are asked once: new
    questions are added to `questions`.
    """
    position = play.position
    if position.game.permanent_trumps:
        key: tuple = ("wins", play.seat, column)
        questions[key] = play
        return key, None
    side = frozenset(side_of(position, play.seat))
    rest = frozenset(position.seats) - side
    duty = (position.lowest_winner_seat, position.declarer) if position.lowest_winner_seat else None
    shape = (position.trump, position.leader, position.constraints, duty, play.minimise)
    if (*shape, rest) in questions:
        return (*shape, rest), position.tricks_left
    questions.setdefault((*shape, side), play)
    return (*shape, side), None


def _answer(play: Play, threads: int | None = None) -> int:
    """A question's answer: the declarer's side's tricks, or in Polskt pass 1 if he wins the deal (`threads`
    as solve's: in a team's own thread, that thread alone)."""
    position = play.position
    if position.game.permanent_trumps:
        return int(bool(solve(position, play.seat, threads=threads).wins))
    return solve(position, play.seat, minimise=play.minimise, threads=threads).tricks
