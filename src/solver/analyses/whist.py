"""Whist or pass, go with or stay home: what each answer is worth to a defender, before the play.

A defender knows his hand, the contract named, the talon if shown (in
Preferans it always is) and perhaps some cards elsewhere; the declarer's
hand and discards and the other defender's hand are dealt uniformly over
what is consistent with that (:class:`~prefdd.solver.analyses.layouts.Hidden`,
sampled or enumerated, as for :func:`~prefdd.solver.analyses.bidding.bid`).
On each layout:

- the declarer, holding the talon in a contract with talon, lays away his
  best discard for the contract, double dummy, against both defenders;
  when several discards are as good he keeps the one that leaves him most
  tricks in the two plays with a defender at home (Vienna), then the first
  in :func:`~prefdd.rules.talon.legal_discards`' order;
- every play the answers can lead to is solved double dummy: Preferans, the
  declarer against both defenders (a lone whister plays both hands, open or
  not, as double dummy plays every hand); Vienna also each two-handed play,
  one defender at home (the lowest-winner duty only when both play);
- every :class:`~prefdd.solver.analyses.whist_values.Outcome` of the answers
  is scored for the three seats (:mod:`~prefdd.solver.analyses.whist_values`,
  which also says how two defenders in the play share their tricks: evenly).

Then the answers are decided from the end back (:class:`WhistResult`): each
defender, at each turn, takes the answer of best expected score for himself
over these same layouts (the other defender is taken to judge as this one
does), unless `partner` fixes the other's answer. The recommendation is this
defender's best answer at his turn, with its margin over the runner-up on
the same layouts and the confidence of it, as ``bid`` gives them.

What the bidding said can narrow the layouts, as for ``bid``: `where` takes
conditions on the hidden hands in the language of
:mod:`~prefdd.solver.analyses.conditions`, read from this defender's side
(``declarer``, ``partner`` the other defender, ``left`` and ``right`` his
neighbours: ``"declarer.spades >= 5"``, ``"declarer makes 7S"``, the
declarer then picking up the talon and discarding his best), and `accept`
any predicate over a layout's deal; only layouts satisfying them all are
drawn or enumerated, uniformly, and :attr:`WhistResult.tally` says how
many did.

>>> from prefdd.rules import parse_cards
>>> result = whist("preferans", parse_cards("SA SK SQ HA HK HQ DA DK DQ CA"), seat=1, declarer=0, dealer=2,
...                contract="6S", talon=parse_cards("C7 C8"), samples=3, seed=1, workers=1)
>>> result.recommended, float(result.quota_probability[result.outcome_index("whist", "pass")])
('whist', 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cached_property, partial

import numpy as np

from prefdd.rules import PREFERANS, Card, Contract, Game, InvalidInputError, checks, get_contract
from prefdd.rules.talon import lay_away
from prefdd.solver._engine import GOAL_TRICKS
from prefdd.solver.analyses.bidding import STANDARD_OPTIONS, draw_layouts
from prefdd.solver.analyses.conditions import Condition, Seating, as_conditions
from prefdd.solver.analyses.conditions import Node as ConditionNode
from prefdd.solver.analyses.contracts import solve_contract
from prefdd.solver.analyses.layouts import Hidden
from prefdd.solver.analyses.runner import (
    check_run,
    column_errors,
    normal_confidence,
    paired_advantage,
    ranked,
    run_layouts,
    solving_order,
)
from prefdd.solver.analyses.sampling import Accept, Tally
from prefdd.solver.analyses.scores import ScoreOptions
from prefdd.solver.analyses.talon import _Question, solve_talon
from prefdd.solver.analyses.talon_batch import talon_tricks
from prefdd.solver.analyses.whist_values import (
    BOTH,
    Node,
    Outcome,
    check_contract,
    decisions,
    outcome_values,
)
from prefdd.solver.api import _engine

ANSWERS = {"preferans": ("pass", "whist", "half-whist"), "vienna": ("home", "go", "invite")}
"""Each game's answers, as the results and the command name them."""
_FALLBACK = {"half-whist": "pass", "invite": "go"}  # a fixed answer where it is not allowed


def defenders_of(declarer: int) -> tuple[int, int]:
    """The defenders' seats in speaking order: the declarer's left, then his right."""
    return (declarer + 1) % 3, (declarer + 2) % 3


def defence_tricks(hidden: Hidden, declarer: int, contract: str, layouts: np.ndarray) -> np.ndarray:
    """``[layouts, plays]`` int16: the defenders' tricks in each play on each layout.

    Preferans has one play (both defenders); Vienna three (both, the first at
    home, the second at home: :data:`~prefdd.solver.analyses.whist_values.BOTH` ...). The
    declarer's discard is chosen as the module's docstring says.
    """
    the_contract = get_contract(hidden.game, contract)
    total = hidden.game.hand_size
    if hidden.game is PREFERANS:
        return (total - talon_tricks(hidden, [the_contract], layouts, declarer)).astype(np.int16)
    tricks = np.zeros((len(layouts), 3), dtype=np.int16)
    for row, layout in enumerate(layouts):
        tricks[row] = [total - t for t in _vienna_tricks(hidden, declarer, the_contract, layout)]
    return tricks


def _vienna_tricks(hidden: Hidden, declarer: int, contract: Contract, layout: np.ndarray) -> tuple[int, ...]:
    """The declarer's tricks against both defenders, and with the first, then the second, at home."""
    deal, _ = hidden.deal(layout)
    homes = (None, *defenders_of(declarer))
    if not contract.talon:  # spiel and hearts: the talon stays aside
        return tuple(solve_contract(deal, contract, hidden.dealer, declarer, home=home).tricks
                     for home in homes)
    full = hidden.with_talon(deal, declarer)
    choice = solve_talon(full, hidden.dealer, declarer, contracts=[contract]).choice(contract.name)
    # Each two-handed play asked of the best discards straight in the engine; discards of one group
    # leave the same play up to ranks, with either defender at home too.
    laid = lay_away(full, declarer, choice.discards[0])
    engine = _engine()
    alone = [_Question(full, contract.setup(laid, hidden.dealer, declarer, home=home), GOAL_TRICKS, engine)
             for home in homes[1:]]
    best: list[int] = []
    for group in choice.groups:
        tricks = []
        for question in alone:
            question.load(group[0])
            tricks.append(question.exact(question.top() // 2))
        if not best or sum(tricks) > sum(best):
            best = tricks
    return choice.tricks, *best


@dataclass(frozen=True, eq=False)
class WhistResult:
    """Per layout, the defenders' tricks in each play and every outcome's score for the three seats.

    `tricks` is ``[layouts, plays]``; `values` ``[layouts, outcomes, 3]``, the
    scores of the declarer, the first defender and the second (play seats 0,
    1, 2) in each outcome; :attr:`scores` is this defender's ``[layouts,
    outcomes]``. `partner` is the other defender's answer when fixed (None:
    his best on average). `partial` as :class:`~prefdd.solver.analyses.bidding.BidResult`'s;
    `tally` says how the layouts were found under the conditions in force
    (``hidden.where``).
    """

    hidden: Hidden
    declarer: int
    contract: Contract
    outcomes: tuple[Outcome, ...]
    tree: Node
    layouts: np.ndarray
    tricks: np.ndarray
    values: np.ndarray
    exact: bool
    requested: int
    options: ScoreOptions
    gentlemanly: bool = False
    partner: str | None = None
    seed: int | None = None
    partial: bool = False
    tally: Tally | None = None

    @property
    def count(self) -> int:
        """The layouts solved."""
        return len(self.tricks)

    @property
    def seating(self) -> Seating:
        """This defender's roles: `declarer`, `partner` (the other defender), `left` and `right`."""
        return defender_seating(self.hidden.game_name, self.hidden.seat, self.declarer, self.contract.name)

    @property
    def speaker(self) -> int:
        """This defender's play seat: 1 if he speaks first (the declarer's left), else 2."""
        return defenders_of(self.declarer).index(self.hidden.seat) + 1

    @property
    def other(self) -> int:
        """The other defender's table seat."""
        return defenders_of(self.declarer)[2 - self.speaker]

    @property
    def scores(self) -> np.ndarray:
        """``[layouts, outcomes]``: this defender's score in each outcome."""
        return self.values[:, :, self.speaker]

    @property
    def partner_scores(self) -> np.ndarray:
        """``[layouts, outcomes]``: the other defender's."""
        return self.values[:, :, 3 - self.speaker]

    @property
    def declarer_scores(self) -> np.ndarray:
        """``[layouts, outcomes]``: the declarer's."""
        return self.values[:, :, 0]

    def labels(self, outcome: Outcome) -> tuple[str, str]:
        """An outcome from this defender's side: (his answer, the other's)."""
        return outcome.answers[self.speaker - 1], outcome.answers[2 - self.speaker]

    def outcome_index(self, action: str, partner: str, then: str | None = None) -> int:
        """The outcome where this defender answers `action` and the other `partner` (and the first
        defender, after a half-whist, `then`)."""
        for index, outcome in enumerate(self.outcomes):
            if self.labels(outcome) == (action, partner) and outcome.then == then:
                return index
        raise InvalidInputError(f"no outcome {action}, {partner}{f', then {then}' if then else ''} "
                                f"against {self.contract.name}")

    def defenders_tricks(self, index: int) -> np.ndarray | None:
        """The defenders' tricks on each layout in outcome `index`'s play (None: no play)."""
        play = self.outcomes[index].play
        return None if play is None else self.tricks[:, play].astype(np.int64)

    @property
    def histograms(self) -> np.ndarray:
        """``[outcomes, tricks + 1]``: how many layouts gave the defenders each number of tricks (no play:
        zeros)."""
        top = self.hidden.game.hand_size
        rows = [np.zeros(top + 1, dtype=np.int64) if t is None else np.bincount(t, minlength=top + 1)
                for t in map(self.defenders_tricks, range(len(self.outcomes)))]
        return np.stack(rows)

    @property
    def _quota_made(self) -> np.ndarray:
        """``[layouts, outcomes]``: whether the defenders took their quota (NaN without a play)."""
        made = np.full((self.count, len(self.outcomes)), np.nan)
        for index, outcome in enumerate(self.outcomes):
            tricks = self.defenders_tricks(index)
            if tricks is not None and outcome.quota is not None:
                made[:, index] = tricks >= outcome.quota
        return made

    @property
    def quota_probability(self) -> np.ndarray:
        """The probability that the defenders in the play make their quota (NaN without a play)."""
        return self._quota_made.mean(axis=0) if self.count else np.full(len(self.outcomes), np.nan)

    @property
    def quota_error(self) -> np.ndarray:
        """Its standard error."""
        return self.standard_errors(self._quota_made)

    @property
    def declarer_makes(self) -> float:
        """The probability that the declarer makes his contract against both defenders.

        The layouts deal the declarer any hand consistent with what this defender
        knows, not one that fits his bidding: a low value says so.
        """
        if not self.count:
            return float("nan")
        needed = self.contract.target if self.contract.game is PREFERANS else 6
        return float((self.tricks[:, BOTH] <= self.hidden.game.hand_size - needed).mean())

    @property
    def expected(self) -> np.ndarray:
        """This defender's expected score in each outcome."""
        return self.scores.mean(axis=0)

    @property
    def expected_error(self) -> np.ndarray:
        """Its standard error, std / sqrt(n) (0 for an exact enumeration)."""
        return self.standard_errors(self.scores)

    @property
    def partner_expected(self) -> np.ndarray:
        """The other defender's expected score in each outcome."""
        return self.partner_scores.mean(axis=0)

    def standard_errors(self, values: np.ndarray) -> np.ndarray:
        """The standard error of each column's mean, `values` being ``[layouts, ...]`` (0 when exact)."""
        return column_errors(values, self.exact, self.partial)

    @cached_property
    def choices(self) -> dict[tuple[str, ...], str]:
        """The answer taken at every turn, by the answers before it (the turn's path from the first)."""
        means = self.values.mean(axis=0)
        taken: dict[tuple[str, ...], str] = {}

        def reach(node: Node | int, path: tuple[str, ...]) -> int:
            if isinstance(node, int):
                return node
            ends = {answer: reach(child, (*path, answer)) for answer, child in node.options}
            if node.speaker != self.speaker and self.partner is not None:
                fixed = self.partner if self.partner in ends else _FALLBACK.get(self.partner)
                if fixed in ends:
                    taken[path] = fixed
                    return ends[fixed]
            taken[path] = max(ends, key=lambda a: means[ends[a], node.speaker])  # ties: the first listed
            return ends[taken[path]]

        reach(self.tree, ())
        return taken

    def follow(self, path: tuple[str, ...]) -> int:
        """The outcome reached from the turn after `path`, every later answer as :attr:`choices` has it."""
        node = self._at((*path, *(answer for _, answer in self.line(path))))
        assert isinstance(node, int)
        return node

    def line(self, path: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
        """The turns taken after `path`, as :attr:`choices` has them: (speaker, answer) each."""
        node, taken = self._at(path), []
        while not isinstance(node, int):
            answer = self.choices[path]
            taken.append((node.speaker, answer))
            path = (*path, answer)
            node = dict(node.options)[answer]
        return tuple(taken)

    @property
    def turn(self) -> tuple[str, ...]:
        """The answers before this defender's turn: none if he speaks first, else the first defender's."""
        return () if self.speaker == 1 else (self.choices[()],)

    def _at(self, path: tuple[str, ...]) -> Node | int:
        node: Node | int = self.tree
        for answer in path:
            assert isinstance(node, Node)
            node = dict(node.options)[answer]
        return node

    @property
    def actions(self) -> tuple[str, ...]:
        """This defender's answers at his turn (Vienna with one base stake: go, forced)."""
        node = self._at(self.turn)
        return tuple(a for a, _ in node.options) if isinstance(node, Node) else ("go",)

    @property
    def action_outcomes(self) -> tuple[int, ...]:
        """The outcome each of :attr:`actions` leads to, every later answer as :attr:`choices` has it."""
        node = self._at(self.turn)
        if isinstance(node, int):
            return (node,)
        return tuple(self.follow((*self.turn, action)) for action in self.actions)

    @property
    def _columns(self) -> np.ndarray:
        return self.scores[:, list(self.action_outcomes)]

    @property
    def recommended(self) -> str:
        """This defender's answer of best expected score."""
        return self.actions[ranked(self._columns)[0]]

    @property
    def runner_up(self) -> str | None:
        """The best other answer that scores differently on some layout (None: a forced answer)."""
        second = ranked(self._columns)[1]
        return None if second is None else self.actions[second]

    @property
    def equivalent(self) -> tuple[str, ...]:
        """The other answers that score as the recommendation on every layout."""
        return tuple(self.actions[i] for i in ranked(self._columns)[2])

    @property
    def advantage(self) -> tuple[float, float]:
        """The mean paired score difference, recommendation less runner-up, and its standard error."""
        columns = self._columns
        best, second, _ = ranked(columns)
        if second is None:
            return float("nan"), float("nan")
        return paired_advantage(columns[:, best], columns[:, second], self.exact, self.partial)

    @property
    def confidence(self) -> float:
        """Φ(advantage / error): how likely the recommendation beats the runner-up (normal approximation)."""
        mean, error = self.advantage
        return 1.0 if np.isnan(mean) else normal_confidence(mean, error)


def whist(game: str | Game, hand: Iterable[Card], seat: int, declarer: int, dealer: int, contract: str, *,
          talon: Iterable[Card] = (), known: Mapping[int, Iterable[Card]] | None = None,
          options: ScoreOptions = STANDARD_OPTIONS, gentlemanly: bool = False, partner: str | None = None,
          samples: int | None = None, exact: bool = False, seed: int | None = None,
          where: Iterable[str | Condition | ConditionNode] = (), accept: Accept | None = None,
          workers: int | None = None, executor: Executor | None = None,
          progress: Callable[[int, int], None] | None = None) -> WhistResult:
    """The defender at `seat`'s expectations against `contract` named by `declarer`: see the module.

    `talon` (shown) and `known` are what he knows besides his hand; `where`
    (text read with :func:`defender_seating`'s roles, or data) and `accept`
    narrow the layouts; `samples`, `exact`, `seed`, `where`, `accept`,
    `workers`, `executor` and `progress` work as in
    :func:`~prefdd.solver.analyses.bidding.bid` (Ctrl-C keeps the layouts
    finished, flagged `partial`). `options` are the scoring system and stakes; `gentlemanly`
    (Preferans) shares the whists evenly when the declarer falls; `partner`
    fixes the other defender's answer (the first defender's, if this one
    speaks second), one of :data:`ANSWERS`.
    """
    hidden = Hidden.make(game, hand, seat, dealer, talon=talon, known=known)
    the_contract = get_contract(hidden.game, contract)
    check_problem(hidden, declarer, the_contract, options, partner)
    checks.flag(gentlemanly, "gentlemanly")
    check_run(options, workers, executor, progress)
    conditions = as_conditions(where, defender_seating(hidden.game_name, seat, declarer, the_contract.name))
    hidden = hidden.narrowed(conditions)
    layouts, tally = draw_layouts(hidden, samples, exact, seed, accept)
    return evaluate_whist(hidden, declarer, the_contract, layouts, exact=exact, options=options,
                          gentlemanly=gentlemanly, partner=partner, seed=seed, workers=workers,
                          executor=executor, progress=progress, tally=tally)


def defender_seating(game: str | Game, defender: int, declarer: int, contract: str | None = None) -> Seating:
    """The roles a defender's conditions are read with: `declarer`, `partner` (the other defender),
    `left` and `right` (his neighbours).

    >>> defender_seating("preferans", defender=2, declarer=0).roles
    (('declarer', 0), ('partner', 1), ('left', 0), ('right', 1))
    """
    _check_seats(defender, declarer)
    return Seating.defender(game, defender=defender, declarer=declarer, seats=3, contract=contract)


def _check_seats(defender: int, declarer: int) -> None:
    if declarer not in range(3):
        raise InvalidInputError(f"declarer seat {declarer} does not exist (seats 0-2)")
    if declarer == defender:
        raise InvalidInputError(f"seat {defender} is the declarer: the defender's seat must be another")


def check_problem(hidden: Hidden, declarer: int, contract: Contract, options: ScoreOptions,
                  partner: str | None) -> None:
    """Bad input, named: the seats, the contract, the stakes (checked by scoring once) and `partner`."""
    checks.integer(declarer, "declarer")
    checks.instance(options, ScoreOptions, "options", "ScoreOptions")
    answers = ", ".join(ANSWERS.get(hidden.game_name, ()))
    checks.instance(partner, str, "partner", f"one of {answers} or None", optional=True)
    _check_seats(hidden.seat, declarer)
    if contract.game is not hidden.game:
        raise InvalidInputError(f"{contract.name} is not a {hidden.game.name} contract")
    check_contract(contract)
    outcomes, _ = decisions(contract, options.pot)
    outcome_values(contract, outcomes[-1], options)  # a bad pot or maximum is named here
    answers = ANSWERS[hidden.game_name]
    if partner is None:
        return
    if partner not in answers:
        raise InvalidInputError(f"partner {partner!r}: the other defender answers {', '.join(answers)}")
    if partner == "half-whist" and (contract.target > 7 or defenders_of(declarer)[1] == hidden.seat):
        raise InvalidInputError("only the second defender half-whists, and only against 6 and 7")
    if len(outcomes) == 1 and partner != "go":
        raise InvalidInputError("the pot holds one base stake: both defenders must go with")


def evaluate_whist(hidden: Hidden, declarer: int, contract: Contract, layouts: np.ndarray, *,
                   exact: bool = False, options: ScoreOptions = STANDARD_OPTIONS, gentlemanly: bool = False,
                   partner: str | None = None, seed: int | None = None, workers: int | None = None,
                   executor: Executor | None = None, chunk: int | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   tally: Tally | None = None) -> WhistResult:
    """Solve and score the given `layouts` (rows of :meth:`Hidden.sample` or :meth:`Hidden.enumerate`);
    `tally` (from :meth:`Hidden.draw` or :meth:`Hidden.satisfying`) is kept in the result."""
    check_problem(hidden, declarer, contract, options, partner)
    count = len(layouts)
    (tricks,), done = run_layouts(partial(defence_tricks, hidden, declarer, contract.name), layouts,
                                  order=solving_order(hidden, layouts) if exact else None, workers=workers,
                                  executor=executor, chunk=chunk, progress=progress)
    kept = np.flatnonzero(done)
    layouts, tricks = layouts[kept], tricks[kept]
    outcomes, tree = decisions(contract, options.pot)
    values = np.zeros((len(kept), len(outcomes), 3))
    for index, outcome in enumerate(outcomes):
        table = outcome_values(contract, outcome, options, gentlemanly)
        values[:, index] = table[tricks[:, outcome.play] if outcome.play is not None else 0]
    return WhistResult(hidden, declarer, contract, outcomes, tree, layouts, tricks, values, exact, count,
                       options, gentlemanly, partner, seed, partial=len(kept) < count, tally=tally)

