"""Which cards to lay away, and which contract to name: the talon, double dummy.

The declarer holds the talon (12 cards in Preferans and Vienna, 6 for a Polskt
pass dealer or cutter). For every contract he may name, :func:`solve_talon`
finds the discards that leave him the most tricks (misère and bettel: the
fewest; Polskt pass: the win first, then tricks), and which contract is the
highest that makes with its best discard.

The work is shared rather than done discard by discard:

- discards that leave positions identical up to the ranks of the cards still
  in play (touching cards, cards no other card in play separates) are
  evaluated once, as a group;
- contracts that ask the same question of the cards (6♠ … 10♠ all count the
  tricks with spades trumps) are answered once;
- all discards of one question run on one engine whose transposition table,
  keyed by relative ranks, stays warm from discard to discard;
- for the best discard alone, each further discard is only asked the
  zero-window question "can it reach the best so far?" (and, if so, "one
  more?"), so a worse discard is cut off by one probe; for the grid, each
  exact value is searched outward from its neighbour's value.

>>> from prefdd.rules import PREFERANS, get_contract
>>> from prefdd.rules.talon import parse_talon_deal
>>> deal = parse_talon_deal("QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87 | ..87.", PREFERANS, 1)
>>> result = solve_talon(deal, dealer=0, declarer=1, contracts=[get_contract(PREFERANS, "6D")])
>>> choice = result.choice("6d")
>>> choice.tricks, choice.made, len(choice.discards)
(7, True, 6)
>>> result.best.contract.name
'6D'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed, wait
from copy import copy
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from prefdd.rules import (
    POLSKT_PASS,
    Aim,
    Card,
    Contract,
    Deal,
    Game,
    InvalidInputError,
    Play,
    Suit,
    checks,
    get_contract,
)
from prefdd.rules.talon import (
    allowed_contracts,
    check_talon_deal,
    checked_contracts,
    lay_away,
    legal_discards,
)
from prefdd.solver._engine import GOAL_TRICKS, GOAL_WIN, Engine
from prefdd.solver.api import _engine
from prefdd.solver.stopping import resume_searches, stop_searches

T = TypeVar("T")


@dataclass(frozen=True)
class TalonChoice:
    """One contract's answer: the declarer's tricks with his best discard, and those discards.

    `tricks` counts as :attr:`ContractResult.tricks` does (misère and bettel: the
    tricks the declarer cannot avoid). `made` says whether the contract makes with
    the best discard (Polskt pass: whether the declarer wins the deal). `discards`
    are every best discard; `groups` are the same discards grouped by equivalence.
    """

    contract: Contract
    tricks: int
    made: bool
    discards: tuple[frozenset[Card], ...]
    groups: tuple[tuple[frozenset[Card], ...], ...]


@dataclass(frozen=True)
class TalonResult:
    """Every contract's choice, the highest that makes, and on request the whole grid.

    `grid[i, j]` is the declarer's tricks laying away `discards[i]` and naming
    `choices[j].contract`. For Polskt pass `wins[i, j]` says whether he then wins the deal.

    A result stopped part way (Ctrl-C) is `partial`: `choices` (and the grid's
    columns) are those of the contracts solved before the stop, `requested` of
    them having been asked, and `best` the highest of those that makes.
    """

    declarer: int
    dealer: int
    choices: tuple[TalonChoice, ...]
    best: TalonChoice | None
    discards: tuple[frozenset[Card], ...] | None = None
    grid: np.ndarray | None = None
    wins: np.ndarray | None = None
    partial: bool = False
    requested: int = 0

    def choice(self, name: str) -> TalonChoice:
        """The choice for the contract called `name` (case-insensitive, aliases accepted)."""
        if not self.choices:
            raise InvalidInputError("no contract was solved")
        contract = get_contract(self.choices[0].contract.game, name)
        for choice in self.choices:
            if choice.contract == contract:
                return choice
        raise InvalidInputError(f"{contract.name} was not asked "
                                f"(asked: {' '.join(c.contract.name for c in self.choices)})")


class _Question:
    """One double-dummy question asked of every discard, loaded straight into the engine.

    Values here are always "higher is better for the declarer": his tricks, the
    defenders' tricks when he minimises, or 1 for a won deal.
    """

    def __init__(self, deal: Deal, play: Play, goal: int, engine: Engine | None = None):
        position = play.position
        game, trump = position.game, position.trump
        seats = position.seats
        self.engine = engine
        self.goal = goal
        self.minimise = play.minimise and goal == GOAL_TRICKS
        self.total = game.hand_size
        self.bit = _bits(game, trump, len(deal.hands))
        self.masks = [sum(1 << self.bit[c] for c in deal.hands[s]) for s in seats]
        holder = {self.bit[c]: i for i, s in enumerate(seats) for c in deal.hands[s]}
        order = sorted(holder, reverse=True)
        # Each suit's holders from the top as a string, and each card's place in it.
        in_suit = [[b for b in order if b >> 4 == suit] for suit in range(4)]
        self.suits = ["".join(str(holder[b]) for b in bits) for bits in in_suit]
        self.place = {b: (suit, i) for suit, bits in enumerate(in_suit) for i, b in enumerate(bits)}
        self.me = seats.index(play.seat)
        # To minimise, the defenders are the engine's MAX side, counting the declarer's tricks:
        # the same game as the declarer maximising theirs, and its search runs faster.
        maxside = [int((s == play.seat) != self.minimise) for s in seats]
        counted = [int(s == play.seat) for s in seats]
        lw, declarer = position.lowest_winner_seat, position.declarer
        assert position.constraints is not None
        self.args = (-1 if trump is None else int(trump), position.constraints.value,
                     -1 if lw is None else seats.index(lw),
                     -1 if declarer is None else seats.index(declarer),
                     goal, maxside, counted, seats.index(position.leader))
        self.won = [0] * len(seats)

    def mask(self, discard: frozenset[Card]) -> int:
        return sum(1 << self.bit[c] for c in discard)

    def shape(self, discard: frozenset[Card]) -> tuple:
        """Who holds each card still in play, suit by suit from the top: equal shapes, equal play."""
        suits = list(self.suits)
        for suit, place in sorted((self.place[self.bit[c]] for c in discard), reverse=True):
            suits[suit] = suits[suit][:place] + suits[suit][place + 1:]
        return tuple(suits)

    def load(self, discard: frozenset[Card]) -> None:
        assert self.engine is not None
        hands = list(self.masks)
        hands[self.me] &= ~self.mask(discard)
        self.engine.set_position(hands, *self.args, [], self.won, -1)

    def reaches(self, target: int) -> bool:
        """Whether the declarer reaches `target` (a value as above) in the loaded position."""
        assert self.engine is not None
        if target <= 0:
            return True
        if self.minimise:
            return not self.engine.reaches(self.total - target + 1)
        return bool(self.engine.reaches(target))

    def top(self) -> int:
        return 1 if self.goal == GOAL_WIN else self.total

    def exact(self, guess: int, low: int = 0) -> int:
        """The loaded position's value, searched outward from `guess` by zero-window probes."""
        high = self.top()
        while low < high:
            target = min(max(guess, low + 1), high)
            if self.reaches(target):
                low, guess = target, target + 1
            else:
                high, guess = target - 1, target - 1
        return low

    def cost(self, discard: frozenset[Card]) -> int:
        """A cheap guess at what laying `discard` away costs (low first): ordering only."""
        trump = self.args[0]
        cost = 0
        for card in discard:
            bit = self.bit[card]
            strength = bit & 15
            cost += -strength if self.minimise else strength + (16 if bit >> 4 == trump else 0)
        return cost


_BITS: dict[tuple[str, Suit | None, int], dict[Card, int]] = {}


def _bits(game: Game, trump: Suit | None, hands: int) -> dict[Card, int]:
    """Each card's engine bit (16 per play suit, by strength), made once per game, trump and table size."""
    key = (game.name, trump, hands)
    if key not in _BITS:
        _BITS[key] = {card: 16 * suit + order for card in game.deck(hands)
                      for suit, order in [game.play_order(card, trump)]}
    return _BITS[key]


def _groups(question: _Question, discards: Sequence[frozenset[Card]],
            known: dict[tuple, list[list[int]]]) -> list[list[int]]:
    """Discard indices grouped by the shape of the play they leave, cheapest-looking group first.

    `known` holds the groupings already made, by the order of the cards in play: questions that
    order them alike (every trump of a game without permanent trumps) group the discards alike.
    """
    key = tuple(question.suits)
    if key not in known:
        by_shape: dict[tuple, list[int]] = {}
        for i, discard in enumerate(discards):
            by_shape.setdefault(question.shape(discard), []).append(i)
        known[key] = list(by_shape.values())
    return sorted(known[key], key=lambda g: (question.cost(discards[g[0]]), g[0]))


def _all_values(question: _Question, discards: Sequence[frozenset[Card]],
                groups: list[list[int]]) -> dict[int, int]:
    """The engine value of each group (by its first index), each search started at the last value."""
    values: dict[int, int] = {}
    guess = question.top() // 2
    for group in groups:
        question.load(discards[group[0]])
        guess = values[group[0]] = question.exact(guess)
    return values


def _best_values(question: _Question, discards: Sequence[frozenset[Card]],
                 groups: list[list[int]]) -> tuple[int, list[list[int]]]:
    """The best engine value and the groups that reach it, cutting off worse ones by one probe."""
    best, ties = -1, []
    for group in groups:
        question.load(discards[group[0]])
        if best < 0:
            best, ties = question.exact(question.top() // 2), [group]
        elif not question.reaches(best):
            continue
        elif best == question.top() or not question.reaches(best + 1):
            ties.append(group)
        else:
            best, ties = question.exact(best + 2, best + 1), [group]
    return best, ties


MAX_WORKERS = 1024
"""The most threads a talon is spread over."""


def _contract_list(contracts: Sequence[Contract]) -> list[Contract]:
    """The contracts asked, checked: Contracts, at least one."""
    listed = checked_contracts(contracts)
    if not listed:
        raise InvalidInputError("contracts is empty: name at least one (or None: every one)")
    return listed


def _game_of(game: Game | None, contracts: Sequence[Contract] | None, bid: Contract | None) -> Game:
    named = {c.game.name: c.game for c in [*(contracts or ()), *([bid] if bid is not None else [])]}
    if game is not None:
        named[game.name] = game
    if len(named) != 1:
        raise InvalidInputError("name the game (or a contract or bid of one game)" if not named
                                else "the game, contracts and bid are of different games")
    return next(iter(named.values()))


def solve_talon(deal: Deal, dealer: int, declarer: int, *,
                contracts: Sequence[Contract] | None = None,
                bid: Contract | None = None,
                grid: bool = False,
                game: Game | None = None,
                workers: int | None = 1,
                progress: Callable[[int, int], None] | None = None) -> TalonResult:
    """The best discard for each contract the declarer may name, double dummy.

    `deal.hands[declarer]` holds the declarer's cards with the talon (see
    :mod:`prefdd.rules.talon`). `contracts` defaults to every talon contract the declarer
    may name after the final bid `bid` (every usual one without a bid); `game` is
    needed only when neither names it. With `grid`, every legal discard is
    evaluated exactly for every contract. The contracts' questions run on
    `workers` threads, each with its own engine (None: every core; default one).
    `progress(done, total)`, if given, is called as each question (those of
    6♠ … 10♠ are one) is answered. Ctrl-C (a KeyboardInterrupt, or
    :func:`~prefdd.solver.stopping.stop_searches`) stops the work: the contracts
    solved are returned, the result marked `partial`.
    """
    checks.instance(game, Game, "game", "a Game (PREFERANS, VIENNA or POLSKT_PASS) or None", optional=True)
    checks.instance(bid, Contract, "bid", "a Contract or None", optional=True)
    if contracts is not None:
        contracts = _contract_list(contracts)
    game = _game_of(game, contracts, bid)
    check_talon_deal(deal, game, declarer)
    checks.seat(dealer, "dealer", len(deal.hands))
    checks.flag(grid, "grid")
    checks.integer(workers, "workers", 1, MAX_WORKERS, optional=True)
    checks.instance(progress, Callable, "progress", "a function of (done, total) or None", optional=True)
    asked = allowed_contracts(game, contracts, bid)
    discards = legal_discards(deal, declarer, game)
    laid = lay_away(deal, declarer, discards[0])
    columns: dict[tuple, list[int]] = {}
    plays = []
    for j, contract in enumerate(asked):
        play = contract.setup(laid, dealer, declarer)
        position = play.position
        key = (position.trump, play.minimise, position.leader, position.constraints,
               position.lowest_winner_seat)
        columns.setdefault(key, []).append(j)
        plays.append(play)
    cells = np.zeros((len(discards), len(asked)), dtype=np.int16)
    wins = np.zeros((len(discards), len(asked)), dtype=bool) if game is POLSKT_PASS else None
    threads = workers or os.cpu_count() or 1
    if wins is not None:
        tasks: list[tuple[list[int], list[list[int]]]] = [(js, []) for js in columns.values()]
    else:
        tasks, questions = _tasks(deal, plays, discards, list(columns.values()), grid, threads)

    def run(task: tuple[list[int], list[list[int]]]) -> dict[int, int] | tuple[int, list[list[int]]]:
        """A grid task's engine value by group, or a question's answer (best tricks, groups)."""
        js, groups = task
        if wins is not None:
            return _polskt_pass(_engine(), deal, plays[js[0]], discards, cells, wins, js)
        question = copy(questions[js[0]])
        question.engine = _engine()
        if grid:
            return _all_values(question, discards, groups)
        best, ties = _best_values(question, discards, groups)
        return _declarer_tricks(plays[js[0]], best, game.hand_size), sorted(ties)

    results: list = [None] * len(tasks)
    partial = False
    try:
        _run_tasks(run, tasks, results, threads, progress)
    except KeyboardInterrupt:
        partial = True
    # The questions answered: every task of theirs finished (all of them, unless stopped).
    finished = [js for js in columns.values()
                if all(result is not None for (task_js, _), result in zip(tasks, results, strict=True)
                       if task_js is js)]
    answers: dict[int, tuple[int, list[list[int]]]] = {}  # by a question's first column
    for (js, groups), result in zip(tasks, results, strict=True):
        if result is None:
            continue
        if not isinstance(result, dict):
            answers[js[0]] = result
            continue
        for group in groups:
            for i in group:
                cells[i, js] = _declarer_tricks(plays[js[0]], result[group[0]], game.hand_size)
    if grid and wins is None:
        for js in finished:
            groups = [g for task_js, task_groups in tasks if task_js is js for g in task_groups]
            answers[js[0]] = _best_of(cells[:, js[0]], groups, plays[js[0]].minimise)
    first = {j: js[0] for js in finished for j in js}
    solved = sorted(first)
    choices = []
    for j in solved:
        contract = asked[j]
        tricks, best_groups = answers[first[j]]
        made = (bool(wins[best_groups[0][0], j]) if wins is not None
                else contract.made(tricks, game.hand_size))
        groups = tuple(tuple(discards[i] for i in group) for group in best_groups)
        choices.append(TalonChoice(contract, tricks, made, tuple(d for g in groups for d in g), groups))
    made_ones = [c for c in choices if c.made]
    return TalonResult(
        declarer, dealer, tuple(choices), made_ones[-1] if made_ones else None,
        discards if grid else None, cells[:, solved] if grid else None,
        wins[:, solved] if grid and wins is not None else None, partial, len(asked))


def _run_tasks(run: Callable[[T], object], tasks: Sequence[T], results: list, threads: int,
               progress: Callable[[int, int], None] | None) -> None:
    """Each task's result into `results`, on `threads` threads; on KeyboardInterrupt, the tasks
    finished are kept (the others are stopped) and the interrupt is raised again."""
    if threads == 1 or len(tasks) < 2:
        for t, task in enumerate(tasks):
            results[t] = run(task)
            if progress is not None:
                progress(t + 1, len(tasks))
        return
    futures = {_pool(threads).submit(run, task): t for t, task in enumerate(tasks)}
    try:
        for done, future in enumerate(as_completed(futures), start=1):
            results[futures[future]] = future.result()
            if progress is not None:
                progress(done, len(tasks))
    except KeyboardInterrupt:
        for future in futures:
            future.cancel()
        stop_searches()
        wait(futures)
        resume_searches()
        for future, t in futures.items():
            if not future.cancelled() and future.exception() is None:
                results[t] = future.result()
        raise


_pools: dict[int, ThreadPoolExecutor] = {}


def _pool(threads: int) -> ThreadPoolExecutor:
    """A pool of `threads` threads kept for later calls: each thread keeps its engine and table."""
    if threads not in _pools:
        _pools[threads] = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="talon")
    return _pools[threads]


def _tasks(deal: Deal, plays: list[Play], discards: Sequence[frozenset[Card]], columns: list[list[int]],
           grid: bool, threads: int) -> tuple[list[tuple[list[int], list[list[int]]]], dict[int, _Question]]:
    """The work: each question's discard groups (a grid's long questions split between threads),
    and the questions by their first column.

    Misère and bettel take the engine longest, so they come first, and for a grid
    with several threads their groups are cut into one run for each thread.
    """
    tasks = []
    questions = {}
    known: dict[tuple, list[list[int]]] = {}
    for js in sorted(columns, key=lambda js: not plays[js[0]].minimise):
        question = questions[js[0]] = _Question(deal, plays[js[0]], GOAL_TRICKS)
        groups = _groups(question, discards, known)
        if grid and threads > 1 and plays[js[0]].minimise:
            size = -(-len(groups) // threads)
            tasks += [(js, groups[i:i + size]) for i in range(0, len(groups), size)]
        else:
            tasks.append((js, groups))
    return tasks, questions


def _declarer_tricks(play: Play, value: int, total: int) -> int:
    """The declarer's tricks from an engine value (see :class:`_Question`)."""
    return total - value if play.minimise else value


def _best_of(column: np.ndarray, groups: list[list[int]], minimise: bool) -> tuple[int, list[list[int]]]:
    """The best tricks in a grid column and the groups that give them."""
    best = int(column.min() if minimise else column.max())
    return best, sorted(g for g in groups if column[g[0]] == best)


def _polskt_pass(engine: Engine, deal: Deal, play: Play, discards: Sequence[frozenset[Card]],
                 cells: np.ndarray, wins: np.ndarray, columns: list[int]) -> tuple[int, list[list[int]]]:
    """Polskt pass: every discard's win and tricks (six discards), best by the win, then tricks."""
    assert play.contract.aim is Aim.WIN_DEAL
    win = _Question(deal, play, GOAL_WIN, engine)
    groups = _groups(win, discards, {})
    won = _all_values(win, discards, groups)
    count = _Question(deal, play, GOAL_TRICKS, engine)
    took = _all_values(count, discards, groups)
    for group in groups:
        for i in group:
            cells[i, columns] = took[group[0]]
            wins[i, columns] = bool(won[group[0]])
    best = max((won[g[0]], took[g[0]]) for g in groups)
    ties = [g for g in groups if (won[g[0]], took[g[0]]) == best]
    return best[1], sorted(ties)
