"""Bid expectations: what a hand is worth before the talon (and the other hands) are seen.

The cards the player cannot see are dealt at random, uniformly over the
layouts consistent with what he knows (or every layout is enumerated); each
layout is solved double dummy for every contract, the declarer choosing his
best discard where the contract lets him take the talon (contracts without
the talon are played with the hand as it is); and the outcomes are
aggregated: per contract the distribution of the declarer's tricks, the
probability that it makes, and the expected *bidder's score* under the
chosen scoring system (:mod:`prefdd.solver.analyses.bid_values` says whose score it is and
what is assumed of the defenders), each with its standard error.

The recommended bid is the contract of highest expected score, or *pass*
(valued at 0: what follows a pass is not analysed) when none is positive.
How sure that is, is measured on the same layouts against the runner-up,
the best other choice that scores differently on some layout (choices
that score the same on every layout, such as Vienna 1 and 2 when the best
trump is the same, are listed as :attr:`BidResult.equivalent`): the paired
difference between the recommendation's score and the runner-up's, its mean and
standard error, and ``confidence = Φ(mean / error)``, the normal-approximation
probability that the recommendation really is the better of the two (1 when
exact and ahead).

What the bidding said can narrow the layouts: `where` takes conditions on
the hidden hands, written in the language of :mod:`prefdd.solver.analyses.conditions`
(``"left.spades >= 5"``, ``"not partner has 2 of SA SK SQ"``, ``"declarer makes 7S"``;
the bidder is the declarer) or built as its plain data, and `accept` any
predicate over a layout's deal; only layouts that satisfy them all are
drawn or enumerated, uniformly (:mod:`prefdd.solver.analyses.sampling`), and
:attr:`BidResult.tally` says how many did.

Reproducible: every layout is drawn up front from ``numpy.random.default_rng(seed)``
in the calling process (conditions and predicate included) and results land
by layout index, so the numbers are the same whatever the number of workers
or the executor.

>>> from prefdd.rules import parse_cards
>>> result = bid("preferans", parse_cards("SA SK SQ SJ ST S9 S8 HA HK HQ"), seat=0, dealer=2,
...              talon=parse_cards("CA CK"), contracts=["6S", "10S"], samples=4, seed=1, workers=1)
>>> result.probability.tolist(), result.recommended.name
([1.0, 1.0], '10S')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial

import numpy as np

from prefdd.rules import (
    CONTRACTS,
    PREFERANS,
    VIENNA,
    Aim,
    Card,
    Contract,
    Game,
    InvalidInputError,
    checks,
    get_contract,
    get_game,
)
from prefdd.rules.contracts import VIENNA_SUIT_ORDER
from prefdd.solver.analyses.bid_values import priffe_value, trick_values
from prefdd.solver.analyses.conditions import Condition, Node, Seating, as_conditions
from prefdd.solver.analyses.contracts import solve_contract
from prefdd.solver.analyses.layouts import HANDS, LAYOUT_LIMIT, Hidden
from prefdd.solver.analyses.plain_batch import batched as plain_batched
from prefdd.solver.analyses.plain_batch import plain_tricks
from prefdd.solver.analyses.runner import (
    check_run,
    column_errors,
    normal_confidence,
    paired_advantage,
    ranked,
    run_layouts,
    solving_order,
)
from prefdd.solver.analyses.sampling import EXACT_LIMIT, Accept, Tally
from prefdd.solver.analyses.scores import ScoreOptions
from prefdd.solver.analyses.talon import solve_talon
from prefdd.solver.analyses.talon_batch import talon_tricks

DEFAULT_SAMPLES = {"preferans": 1000, "vienna": 1000, "polskt-pass": 1000, "priffe": 20}
"""Layouts sampled when no number is given (Priffe's 52-card deals solve far slower)."""
STANDARD_OPTIONS = ScoreOptions()
"""Sochi scoring, a pot of 20 units, a maximum of 30, standard honours."""


def bid_contracts(game: Game) -> tuple[Contract, ...]:
    """The contracts a player can bid and declare: all but all-pass and passnolla.

    >>> from prefdd.rules import PRIFFE
    >>> [c.name for c in bid_contracts(PRIFFE)]
    ['ruter', 'hjarter', 'nolla', 'priffe']
    """
    return tuple(c for c in CONTRACTS[game.name].values() if c.has_declarer)


def solve_layouts(hidden: Hidden, contracts: Sequence[str], layouts: np.ndarray,
                  declarer: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The declarer's (side's) tricks and whether each contract makes, for each layout.

    The declarer is the player, or the seat `declarer` (the talon, where it is
    to be taken, picked up by him). Returns an int16 and a bool array,
    ``[layouts, contracts]``. Contracts that ask the same question of the play
    (Preferans 6♠ to 10♠) are solved once. In Vienna, a contract with talon
    counts the best of its trump and every higher one, as the declarer may
    name any of them.
    """
    seat = hidden.seat if declarer is None else declarer
    game = hidden.game
    asked = [get_contract(game, name) for name in contracts]
    needed = asked + [higher for c in asked for higher in _higher_trumps(c)]
    questions: dict[tuple, Contract] = {}
    for contract in needed:
        questions.setdefault(_question(hidden, contract), contract)
    talon_questions = [c for c in questions.values() if _uses_talon(hidden, c)]
    batched = talon_questions if game in (PREFERANS, VIENNA) else []
    total = game.hand_size
    # Each question's tricks and whether it makes, by its contract's name, per layout.
    answers = {c.name: (np.zeros(len(layouts), dtype=np.int16), np.zeros(len(layouts), dtype=bool))
               for c in questions.values()}
    if batched:
        for contract, column in zip(batched, talon_tricks(hidden, batched, layouts, seat).T, strict=True):
            answers[contract.name] = column, _made_table(contract, total)[column]
    unbatched = [c for c in talon_questions if c not in batched]
    # Played with the hands as dealt: batched in the engine, but for what plain_batch does not answer
    # (Polskt pass's win), solved a layout at a time below.
    as_dealt = [c for c in questions.values() if not _uses_talon(hidden, c)]
    in_batch = [c for c in as_dealt if plain_batched(hidden, c)]
    if in_batch:
        for contract, column in zip(in_batch, plain_tricks(hidden, in_batch, layouts, seat).T, strict=True):
            answers[contract.name] = column, _made_table(contract, total)[column]
    plain_questions = [c for c in as_dealt if c not in in_batch]
    for row, layout in enumerate(layouts if unbatched or plain_questions else []):
        deal, _ = hidden.deal(layout)
        outcomes: list[tuple[Contract, int, bool]] = []
        if unbatched:
            full = deal if game.name == "polskt-pass" else hidden.with_talon(deal, seat)
            result = solve_talon(full, hidden.dealer, seat, contracts=unbatched)
            outcomes += [(c.contract, c.tricks, c.made) for c in result.choices]
        for contract in plain_questions:
            outcome = solve_contract(deal, contract, hidden.dealer, seat, threads=1)
            outcomes.append((contract, outcome.tricks, bool(outcome.made)))
        for contract, took, won in outcomes:
            answers[contract.name][0][row], answers[contract.name][1][row] = took, won
    tricks = np.zeros((len(layouts), len(asked)), dtype=np.int16)
    made = np.zeros((len(layouts), len(asked)), dtype=bool)
    for column, contract in enumerate(asked):
        options = [answers[questions[_question(hidden, c)].name]
                   for c in (contract, *_higher_trumps(contract))]
        best = np.max([took for took, _ in options], axis=0)
        tricks[:, column] = best
        made[:, column] = (np.any([won for _, won in options], axis=0) if contract.aim is Aim.WIN_DEAL
                           else _made_table(contract, total)[best])
    return tricks, made


def _made_table(contract: Contract, total: int) -> np.ndarray:
    """Whether `contract` makes, indexed by the declarer's tricks."""
    return np.array([contract.made(tricks, total) for tricks in range(total + 1)], dtype=bool)


def _question(hidden: Hidden, contract: Contract) -> tuple:
    """What decides the play of a contract: equal keys give equal tricks."""
    if contract.aim is Aim.WIN_DEAL:
        return (contract.name,)
    return (_uses_talon(hidden, contract), contract.trump, contract.lead, contract.lowest_winner,
            contract.aim is Aim.AVOID)


def _uses_talon(hidden: Hidden, contract: Contract) -> bool:
    return hidden.pickup and (contract.talon or contract.aim is Aim.WIN_DEAL)


def _higher_trumps(contract: Contract) -> tuple[Contract, ...]:
    """Vienna: the contracts with talon of a higher trump, which the declarer may name instead."""
    if contract.game is not VIENNA or not contract.talon or contract.trump is None:
        return ()
    index = VIENNA_SUIT_ORDER.index(contract.trump)
    return tuple(get_contract(VIENNA, str(i + 1)) for i in range(index + 1, len(VIENNA_SUIT_ORDER)))


@dataclass(frozen=True, eq=False)
class BidResult:
    """Per layout and contract, the declarer's tricks, whether it makes and the bidder's score.

    Arrays are ``[layouts, contracts]``; the statistics are over the layouts
    solved. `partial` means the run was stopped before every layout was
    solved (the layouts kept are those finished, a uniform sample still when
    sampling; an enumeration left incomplete is neither exact nor a sample, and
    has no standard errors: they are NaN). `tally` says how the layouts were
    found under the conditions in force (``hidden.where``).
    """

    hidden: Hidden
    contracts: tuple[Contract, ...]
    layouts: np.ndarray
    tricks: np.ndarray
    made: np.ndarray
    scores: np.ndarray
    exact: bool
    requested: int
    options: ScoreOptions
    seed: int | None = None
    partial: bool = False
    tally: Tally | None = None

    @property
    def count(self) -> int:
        """The layouts solved."""
        return len(self.tricks)

    @property
    def histograms(self) -> np.ndarray:
        """``[contracts, tricks + 1]``: how many layouts gave the declarer each number of tricks."""
        top = self.hidden.game.hand_size
        return np.stack([np.bincount(column, minlength=top + 1) for column in self.tricks.T.astype(np.int64)])

    @property
    def probability(self) -> np.ndarray:
        """The probability that each contract makes."""
        return self.made.mean(axis=0)

    @property
    def probability_error(self) -> np.ndarray:
        """Its standard error (0 for an exact enumeration, NaN for one stopped part way)."""
        return self._error(self.made.astype(np.float64))

    @property
    def expected(self) -> np.ndarray:
        """The bidder's expected score for each contract."""
        return self.scores.mean(axis=0)

    @property
    def expected_error(self) -> np.ndarray:
        """Its standard error, std / sqrt(n) (0 for an exact enumeration, NaN for one stopped part way)."""
        return self._error(self.scores)

    def _error(self, values: np.ndarray) -> np.ndarray:
        return column_errors(values, self.exact, self.partial)

    @property
    def _choices(self) -> np.ndarray:
        """``[layouts, contracts + 1]``: the scores, and pass (0) last."""
        return np.column_stack([self.scores, np.zeros(self.count)])

    def _choice(self, index: int) -> Contract | None:
        return self.contracts[index] if index < len(self.contracts) else None

    @property
    def recommended(self) -> Contract | None:
        """The contract of highest expected score (ties: the lower contract), or None: pass."""
        return self._choice(ranked(self._choices)[0])

    @property
    def equivalent(self) -> tuple[Contract | None, ...]:
        """The other choices that score exactly as the recommendation on every layout (None: pass)."""
        return tuple(self._choice(i) for i in ranked(self._choices)[2])

    @property
    def runner_up(self) -> Contract | None:
        """The best choice that scores differently from the recommendation on some layout (None: pass)."""
        second = ranked(self._choices)[1]
        return None if second is None else self._choice(second)

    @property
    def advantage(self) -> tuple[float, float]:
        """The mean paired score difference, recommendation less runner-up, and its standard error."""
        choices = self._choices
        first, second, _ = ranked(choices)
        return paired_advantage(choices[:, first], choices[:, second], self.exact, self.partial)

    @property
    def confidence(self) -> float:
        """Φ(advantage / error): how likely the recommendation beats the runner-up (normal approximation)."""
        return normal_confidence(*self.advantage)

    def index(self, name: str) -> int:
        """The column of the contract called `name`."""
        wanted = get_contract(self.hidden.game, name)
        if wanted not in self.contracts:
            raise InvalidInputError(f"{wanted.name} was not analysed")
        return self.contracts.index(wanted)


def bid(game: str | Game, hand: Iterable[Card], seat: int, dealer: int, *,
        talon: Iterable[Card] = (), out: Iterable[Card] = (),
        known: Mapping[int, Iterable[Card]] | None = None,
        contracts: Sequence[str] | None = None, options: ScoreOptions = STANDARD_OPTIONS,
        samples: int | None = None, exact: bool = False, seed: int | None = None,
        where: Iterable[str | Condition | Node] = (), accept: Accept | None = None,
        workers: int | None = None, executor: Executor | None = None,
        progress: Callable[[int, int], None] | None = None) -> BidResult:
    """Bid expectations for `hand` held at `seat`, `dealer` dealing: see the module's docstring.

    `talon`, `out` and `known` are what the player knows besides his hand
    (:class:`prefdd.solver.analyses.layouts.Hidden`); `where` conditions on
    the hidden hands (text or data, all must hold, the player is the
    declarer) and `accept` a predicate over the deal narrow the layouts to
    those that satisfy them (the predicate runs in the calling process: it
    need not pickle). `samples` layouts are drawn with `seed`
    (default: :data:`DEFAULT_SAMPLES`), or with `exact` every layout is
    solved. The work runs on `workers` processes (default: every core; much
    of a layout's work is Python, which threads would take turns at) or on
    `executor` (any :class:`concurrent.futures.Executor`: a thread pool, a
    Dask client's ``get_executor()``). `progress(done, total)` is called as
    layouts finish. Ctrl-C (KeyboardInterrupt) stops the run: the layouts
    finished are returned, flagged `partial`.
    """
    name = game.name if isinstance(game, Game) else get_game(game).name
    hidden = Hidden.make(name, hand, seat, dealer, talon=talon, out=out, known=known,
                         where=bidder_conditions(name, seat, where))
    the_game = hidden.game
    if contracts is not None:
        if isinstance(contracts, (str, bytes)) or not isinstance(contracts, Sequence) or not contracts:
            raise InvalidInputError(f"contracts must be a list of contract names (None: every one), "
                                    f"not {checks.shown(contracts)}")
        for name in contracts:
            checks.text(name, "a contract's name")
    chosen = (tuple(get_contract(the_game, name) for name in contracts) if contracts is not None
              else bid_contracts(the_game))
    twice = [c.name for i, c in enumerate(chosen) if c in chosen[:i]]
    if twice:
        raise InvalidInputError(f"contract {twice[0]} is named twice")
    check_run(options, workers, executor, progress)
    layouts, tally = draw_layouts(hidden, samples, exact, seed, accept)
    return evaluate(hidden, chosen, layouts, exact=exact, options=options, seed=seed, workers=workers,
                    executor=executor, progress=progress, tally=tally)


def draw_layouts(hidden: Hidden, samples: int | None, exact: bool, seed: int | None,
                 accept: Accept | None = None) -> tuple[np.ndarray, Tally]:
    """`samples` layouts drawn with `seed` (default :data:`DEFAULT_SAMPLES`), or with `exact` every one,
    that satisfy `hidden.where` and `accept`; and the tally of how they were found."""
    checks.flag(exact, "exact")
    checks.integer(samples, "samples", 1, LAYOUT_LIMIT, optional=True)
    checks.integer(seed, "seed", 0, optional=True)
    checks.instance(accept, Callable, "accept", "a function of a Deal or None", optional=True)
    if exact and samples is not None:
        raise InvalidInputError("give a number of samples or ask for an exact enumeration, not both")
    if exact:
        return hidden.satisfying(accept, EXACT_LIMIT)
    return hidden.draw(DEFAULT_SAMPLES[hidden.game_name] if samples is None else samples, seed, accept)


def bidder_conditions(game: str | Game, seat: int,
                      where: Iterable[str | Condition | Node]) -> tuple[Condition, ...]:
    """Conditions as the bidder at `seat` writes them (he is the declarer), parsed or wrapped.

    >>> [c.text for c in bidder_conditions("preferans", 0, ["left.spades >= 5"])]
    ['left.spades >= 5']
    """
    name = game.name if isinstance(game, Game) else get_game(game).name
    checks.seat(seat, "seat", HANDS[name])
    return as_conditions(where, Seating.bidder(name, seat, HANDS[name]))


def evaluate(hidden: Hidden, contracts: Sequence[Contract], layouts: np.ndarray, *, exact: bool = False,
             options: ScoreOptions = STANDARD_OPTIONS, seed: int | None = None, workers: int | None = None,
             executor: Executor | None = None, chunk: int | None = None,
             progress: Callable[[int, int], None] | None = None, tally: Tally | None = None) -> BidResult:
    """Solve and score the given `layouts` (rows of :meth:`Hidden.sample` or :meth:`Hidden.enumerate`);
    `tally` (from :meth:`Hidden.draw` or :meth:`Hidden.satisfying`) is kept in the result."""
    check_run(options, workers, executor, progress)
    count = len(layouts)
    talon = _takes_up_talon(hidden, contracts)
    order = solving_order(hidden, layouts) if exact and talon else None
    shared = hidden.game in (PREFERANS, VIENNA) and not talon
    (tricks, made), done = run_layouts(partial(solve_layouts, hidden, tuple(c.name for c in contracts)),
                                       layouts, order=order, workers=workers, executor=executor, chunk=chunk,
                                       progress=progress, shared=shared)
    kept = np.flatnonzero(done)
    layouts, tricks, made = layouts[kept], tricks[kept], made[kept]
    return BidResult(hidden, tuple(contracts), layouts, tricks, made, _scores(hidden, contracts, layouts,
                     tricks, made, options), exact, count, options, seed, partial=len(kept) < count,
                     tally=tally)


def _takes_up_talon(hidden: Hidden, contracts: Sequence[Contract]) -> bool:
    """Whether a contract takes up the talon, which decides how the layouts are best solved.

    If one does, each layout is another deal for the engine's table: an
    enumeration goes with the high cards' holders varying slowest
    (solving_order), on worker processes. If none does, every search is the
    engine's, batched, around the one hand the player holds: an enumeration
    goes in its own order, which varies each suit's low cards fastest
    (preferansRu5's misère on one thread 4.15 s against 4.88 s, a hand's four
    contracts with the discards made 46 s against 73 s), and in Preferans and
    Vienna the workers are threads searching one table (run_layouts'
    `shared`; a table shared by threads would be started afresh under the
    other threads' searches where each layout is another deal, and each of
    Priffe's layouts starts a table of its own).
    """
    return any(_uses_talon(hidden, c) for c in contracts)


def _scores(hidden: Hidden, contracts: Sequence[Contract], layouts: np.ndarray, tricks: np.ndarray,
            made: np.ndarray, options: ScoreOptions) -> np.ndarray:
    """The bidder's score per layout and contract (:mod:`prefdd.solver.analyses.bid_values`)."""
    scores = np.zeros(tricks.shape, dtype=np.float64)
    for column, contract in enumerate(contracts):
        if hidden.game_name == "priffe":
            for row, layout in enumerate(layouts):
                deal, _ = hidden.deal(layout)
                scores[row, column] = priffe_value(contract, int(tricks[row, column]), deal.hands,
                                                   hidden.seat, options)
        elif contract.aim is Aim.WIN_DEAL:
            scores[:, column] = trick_values(contract, options, hidden.hands)[made[:, column].astype(int)]
        else:
            scores[:, column] = trick_values(contract, options)[tricks[:, column]]
    return scores
