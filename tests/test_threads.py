"""Work on one deal shared out to threads: the answers never depend on their number.

- Property: on random positions of every game (hands larger than the
  reference can take, partial tricks, both goals), every card's value, the
  tricks, the win and the line are the same on one, two and three threads;
  so are card-by-card analyses and tables.
- The team: engines sharing one table, errors passed to the caller, Ctrl-C
  seen while waiting, a bad thread count refused (library and command line).
"""

from __future__ import annotations

import _thread
import multiprocessing
import os
import threading
import time
from dataclasses import replace

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_analysis import played_deals

from prefdd.cli.main import main
from prefdd.rules import (
    GAMES,
    PRIFFE,
    Deal,
    InvalidInputError,
    Position,
    Suit,
    get_contract,
    parse_deal,
    parse_play,
)
from prefdd.solver import analyse, solve, table
from prefdd.solver._engine import Engine
from prefdd.solver.api import GOAL_TRICKS, _Search, _solve_on_team, side_of
from prefdd.solver.engines import Team, _engine, team_for
from prefdd.solver.stopping import Stopped, resume_searches, run_stoppable, stop_searches

EXAMPLES = int(os.environ.get("PREFDD_EXAMPLES", "60"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# Cards per hand at most, by seats in the play: big enough for the threads to meet in the table.
MAX_CARDS = {2: 10, 3: 8, 4: 7, 5: 5}
DEAL = "N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765"


@st.composite
def positions(draw, full: bool = False) -> tuple[Position, int, bool]:
    """A random position of a random game (the game's own rules), a seat asked about and a goal.

    With `full`, the hands are the game's whole hands (a seat sits out where the deck is short).
    """
    game = draw(st.sampled_from(sorted(GAMES.values(), key=lambda g: g.name)))
    seats = draw(st.sampled_from(game.table_sizes))
    active = list(range(seats))
    deck = draw(st.permutations(sorted(game.deck(seats))))
    if seats > 3 and (draw(st.booleans()) if not full else seats * game.hand_size > len(deck)):
        active.remove(draw(st.sampled_from(active)))
    most = game.hand_size if full else min(MAX_CARDS[len(active)], game.hand_size)
    size = most if full else draw(st.integers(1, most))
    hands: list[frozenset] = [frozenset() for _ in range(seats)]
    for i, seat in enumerate(active):
        hands[seat] = frozenset(deck[i * size:(i + 1) * size])
    trump = draw(st.sampled_from(list(Suit) if game.needs_trump else [None, *Suit]))
    start = Position(game, Deal(tuple(hands)), trump, draw(st.sampled_from(active)),
                     declarer=draw(st.sampled_from(active)))
    played = []
    position = start
    # Whole hands of ten cards at most, the first tricks played (a whole Priffe nolla can take minutes).
    first = len(active) * max(0, size - 10) if full else 0
    last = first + 2 * len(active) if full else len(active) * size - 1
    for _ in range(draw(st.integers(first, last))):
        legal = sorted(position.legal_cards())
        if not legal:
            break
        played.append(draw(st.sampled_from(legal)))
        position = start.play(played)
    return position, draw(st.sampled_from(active)), draw(st.booleans())


@SETTINGS
@given(case=positions())
def test_every_card_value_is_the_same_on_one_two_and_three_threads(case) -> None:
    position, seat, minimise = case
    answers = [solve(position, seat, minimise=minimise, card_values=True, line=True, threads=n)
               for n in (1, 2, 3)]
    first = answers[0]
    for other in answers[1:]:
        assert (other.tricks, other.wins, other.takes_all, other.cards, other.line) == (
            first.tricks, first.wins, first.takes_all, first.cards, first.line)


@SETTINGS
@given(case=positions())
def test_a_value_and_its_line_are_the_same_on_one_two_and_three_threads(case) -> None:
    """Without card values: a four-seat side playing to lose tricks shares each probe's cards out
    (prefdd.solver.split), every other question runs on the caller's thread."""
    position, seat, minimise = case
    answers = [solve(position, seat, minimise=minimise, line=True, threads=n) for n in (1, 2, 3)]
    first = answers[0]
    for other in answers[1:]:
        assert (other.tricks, other.wins, other.takes_all, other.line) == (
            first.tricks, first.wins, first.takes_all, first.line)


@st.composite
def priffe_nolla(draw) -> tuple[Position, int]:
    """A Priffe position of 4 to 9 cards a hand, some of it played, and a seat whose side plays to lose."""
    deck = draw(st.permutations(sorted(PRIFFE.deck(4))))
    size = draw(st.integers(4, 9))
    hands = tuple(frozenset(deck[s * size:(s + 1) * size]) for s in range(4))
    start = Position(PRIFFE, Deal(hands), None, draw(st.integers(0, 3)), declarer=draw(st.integers(0, 3)))
    played: list = []
    for _ in range(draw(st.integers(0, 6))):
        legal = sorted(start.play(played).legal_cards())
        if not legal:
            break
        played.append(draw(st.sampled_from(legal)))
    return start.play(played), draw(st.integers(0, 3))


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 2))
@given(case=priffe_nolla())
def test_a_nolla_value_is_the_same_with_its_probes_cards_on_two_and_three_threads(case) -> None:
    position, seat = case
    one = solve(position, seat, minimise=True, line=True, threads=1)
    for threads in (2, 3):
        other = solve(position, seat, minimise=True, line=True, threads=threads)
        assert (other.tricks, other.line) == (one.tricks, one.line)


@SETTINGS
@given(case=positions())
def test_a_position_loaded_again_answers_as_one_loaded_once(case) -> None:
    """A team's thread loads a probe's position again for each card it searches, and keeps the history of
    leads of the searches before (misère, nolla): each card's value is the one a fresh engine finds."""
    position, seat, minimise = case
    if position.in_talon_tricks or not position.legal_cards():
        return
    search = _Search(position, side_of(position, seat), minimise, GOAL_TRICKS, load=False)
    args = search.engine_args()
    again = Engine(16)
    for card in _cards(args):
        again.set_position(*args)
        again.play(card)
        fresh = Engine(16)
        fresh.set_position(*args)
        fresh.play(card)
        assert again.value() == fresh.value()


def _cards(args: tuple) -> list[int]:
    """The legal cards of a position given as set_position's arguments, in the engine's order."""
    engine = Engine(16)
    engine.set_position(*args)
    return engine.ordered()


# A team that shares every position (a team shares only those of 7 tricks left or more).
SHARING_ALL = Team(2, 16, share_from=0)


@SETTINGS
@given(case=positions())
def test_every_card_value_is_the_same_with_every_position_in_the_shared_table(case) -> None:
    position, seat, minimise = case
    if position.in_talon_tricks or not position.legal_cards():
        return
    one = solve(position, seat, minimise=minimise, card_values=True, line=True, threads=1)
    shared = _solve_on_team(position, side_of(position, seat), minimise, True, SHARING_ALL)
    assert (shared.tricks, shared.wins, shared.takes_all, shared.cards, shared.line) == (
        one.tricks, one.wins, one.takes_all, one.cards, one.line)


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 6))
@given(case=positions(full=True))
def test_every_card_value_of_whole_deals_is_the_same_on_one_and_two_threads(case) -> None:
    """Whole deals (a Priffe deal's 52 cards, nolla too): long searches, the threads in the table at once."""
    position, seat, minimise = case
    one = solve(position, seat, minimise=minimise, card_values=True, threads=1)
    two = solve(position, seat, minimise=minimise, card_values=True, threads=2)
    assert (two.tricks, two.wins, two.takes_all) == (one.tricks, one.wins, one.takes_all)
    assert two.cards == one.cards


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 2))
@given(play=played_deals())
def test_an_analysis_is_the_same_on_one_two_and_three_threads(play) -> None:
    one = analyse(play, threads=1)
    assert analyse(play, threads=2) == one
    assert analyse(play, threads=3) == one


def test_a_nolla_analysis_on_the_team_judges_as_one_thread_and_as_every_card() -> None:
    """Nolla by the positions' values: each search on the whole team in turn (played.py's by_team)."""
    deal = parse_deal("N:6.J4.A3.93 T.AQ9.T.Q4 Q2.87.6.KJ 95.K.985.8", PRIFFE)
    play = get_contract(PRIFFE, "nolla").setup(deal, dealer=1, declarer=0, played=tuple(parse_play(
        "CK C8 C9 CQ / CJ D9 C3 C4 / D6 D8 DA DT / D3 HA H8 D5 / HK HJ HQ H7 / S9 S6 ST SQ / S2 S5 H4 H9",
        4)))
    one = analyse(play, threads=1)
    assert analyse(play, threads=2) == one
    every = analyse(play, threads=2, card_values=True)
    assert len(one.mistakes) == 6
    for judged, full in zip(one.cards, every.cards, strict=True):
        assert judged == (full if judged.cost else replace(full, best=None, values=None))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_table_is_the_same_on_one_two_and_three_threads(name: str) -> None:
    game = GAMES[name]
    hands = 4 if name in ("priffe", "polskt-pass") else 3
    size = 5
    deck = sorted(game.deck(hands))[::-1]
    deal = Deal(tuple(frozenset(deck[i::hands][:size]) for i in range(hands)))
    one = table(deal, game, dealer=1, threads=1)
    for threads in (2, 3):
        assert table(deal, game, dealer=1, threads=threads).tricks.tolist() == one.tricks.tolist()


def test_a_full_priffe_deal_on_two_threads() -> None:
    position = Position(PRIFFE, parse_deal(DEAL, PRIFFE), Suit.SPADES, leader=1)
    one = solve(position, 1, card_values=True, threads=1)
    two = solve(position, 1, card_values=True, threads=2)
    assert (two.tricks, two.cards) == (one.tricks, one.cards) == (3, {c: 3 for c in one.cards})


def test_engines_sharing_a_table_find_each_others_entries() -> None:
    position = Position(PRIFFE, parse_deal(DEAL, PRIFFE), None, leader=0)
    args = _Search(position, side_of(position, 0), False, GOAL_TRICKS, load=False).engine_args()
    first = Engine(16)
    second = Engine(table=first.table)
    assert first.table.shared and second.table is first.table
    first.set_position(*args)
    value = first.value()
    second.set_position(*args)
    assert second.value() == value
    assert second.nodes < first.nodes // 10


def test_engines_storing_and_looking_up_at_once_in_a_small_table_answer_as_one_alone() -> None:
    """Three engines on one shared table of 1 MB, each solving the same positions in its own order: the
    lookups read without the lock while the others store, grow, thin and clear the table (every position
    of another deal starts it afresh), and every value equals an engine's alone."""
    import random

    rng = random.Random(5)
    questions = []
    for i in range(24):
        deck = sorted(PRIFFE.deck(4))
        rng.shuffle(deck)
        size = 7 + i % 3
        hands = tuple(frozenset(deck[s * size:(s + 1) * size]) for s in range(4))
        trump = [None, Suit.HEARTS][i % 2]
        position = Position(PRIFFE, Deal(hands), trump, leader=i % 4, declarer=(i + 3) % 4)
        minimise = trump is None and i % 4 < 2
        questions.append(_Search(position, side_of(position, (i + 3) % 4), minimise, GOAL_TRICKS,
                                 load=False).engine_args())
    alone = Engine(16)
    expected = []
    for args in questions:
        alone.set_position(*args)
        expected.append(alone.value())
    shared = Engine(1)
    engines = [shared, Engine(1, table=shared.table), Engine(1, table=shared.table)]
    found: dict[int, list[tuple[int, int]]] = {k: [] for k in range(3)}

    def work(k: int) -> None:
        order = list(range(len(questions))) * 3
        random.Random(k).shuffle(order)
        for i in order:
            engines[k].set_position(*questions[i])
            found[k].append((i, engines[k].value()))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for answers in found.values():
        assert len(answers) == 3 * len(questions)
        assert all(value == expected[i] for i, value in answers)


def test_a_task_error_reaches_the_caller() -> None:
    crew = team_for(2)
    assert crew is not None

    def work(n: int) -> int:
        if n == 3:
            raise InvalidInputError("three")
        return n

    with pytest.raises(InvalidInputError, match="three"):
        crew.map(work, range(6))
    assert crew.map(work, [1, 2]) == [1, 2]


def test_ctrl_c_stops_the_caller_while_the_team_works() -> None:
    crew = team_for(2)
    assert crew is not None
    started = threading.Event()

    def slow(n: int) -> int:
        started.set()
        time.sleep(3)
        return n

    def interrupt() -> None:
        started.wait()
        _thread.interrupt_main()

    threading.Thread(target=interrupt).start()
    begin = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        crew.map(slow, range(4))
    assert time.monotonic() - begin < 1.5


# A 13-card nolla deal that takes seconds (the bench's seed 1, deal 19).
SLOW_NOLLA = "N:AKQ3.Q.AT7.Q6432 J62.J63.KJ52.A75 8.AT742.Q98643.T T9754.K985..KJ98"


def test_stopping_every_search_stops_a_nolla_value_on_a_team() -> None:
    position = Position(PRIFFE, parse_deal(SLOW_NOLLA, PRIFFE), None, leader=3, declarer=2)
    threading.Timer(0.3, stop_searches).start()
    begin = time.monotonic()
    try:
        with pytest.raises(Stopped):
            solve(position, 2, minimise=True, threads=3)
    finally:
        resume_searches()
    assert time.monotonic() - begin < 1.5


def _team_and_worker_in_a_child() -> tuple[list[int], int, int]:
    position = Position(PRIFFE, parse_deal(DEAL, PRIFFE), Suit.HEARTS, leader=1)
    crew = team_for(2)
    assert crew is not None
    return (crew.map(lambda n: n * n, [1, 2, 3]), run_stoppable(sum, [1, 2, 3]),
            solve(position, card_values=True, threads=2).tricks)


def test_a_forked_child_makes_its_own_team_and_worker() -> None:
    """A process forked (as multiprocessing does on Linux) keeps only the forking thread: the parent's
    team and stoppable worker are gone there, and work handed to them waited for ever."""
    team = team_for(2)
    assert team is not None and team.map(abs, [-1]) == [1]
    assert run_stoppable(sum, [1]) == 1  # the parent's worker thread exists
    with multiprocessing.get_context("fork").Pool(1) as pool:
        answer = pool.apply_async(_team_and_worker_in_a_child)
        try:
            assert answer.get(timeout=60) == ([1, 4, 9], 6, 5)
        except multiprocessing.TimeoutError:
            pytest.fail("the forked child waited for the parent's team or worker threads")


@pytest.mark.parametrize("threads", [0, -2, 1.5, True])
def test_a_bad_thread_count_is_refused(threads) -> None:
    position = Position(PRIFFE, parse_deal(DEAL, PRIFFE), None, leader=0)
    with pytest.raises(InvalidInputError, match="threads"):
        solve(position, card_values=True, threads=threads)
    with pytest.raises(InvalidInputError, match="threads"):
        table(position.deal, PRIFFE, 0, threads=threads)


@pytest.mark.parametrize("command", [
    ["solve", "priffe", DEAL, "--trump", "S", "--all-cards"],
    ["table", "priffe", DEAL],
    ["analyse", "priffe", DEAL, "--contract", "ruter", "--dealer", "3", "--play", "SA S7 S3 S2 H8"],
])
def test_the_command_line_takes_threads(command: list[str]) -> None:
    runs = [CliRunner().invoke(main, [*command, "--threads", n]) for n in ("1", "2")]
    assert [r.exit_code for r in runs] == [0, 0]
    assert runs[0].output == runs[1].output
    bad = CliRunner().invoke(main, [*command, "--threads", "0"])
    assert bad.exit_code == 2
    assert bad.output.count("\n") == 1 and "--threads" in bad.output


def test_one_thread_searches_on_the_callers_own_engine() -> None:
    """threads=1 is the single-thread path as before; more threads leave the caller's engine idle."""
    position = Position(PRIFFE, parse_deal(DEAL, PRIFFE), Suit.HEARTS, leader=2)
    engine = _engine()
    before = engine.nodes
    solve(position, card_values=True, threads=1)
    assert engine.nodes > before
    before = engine.nodes
    solve(position, card_values=True, threads=2)
    assert engine.nodes == before
