"""Every input answered or refused in one line: hypothesis drives each command's arguments, the
notation parsers and the library's entry points with valid and bad input of every kind.

A command either answers (exit status 0, nothing on stderr) or refuses with exactly one line
``prefdd: error: ...`` on stderr and exit status 2: never a traceback, an internal error (status 1)
or a hang (a watchdog stops a run after WATCHDOG seconds, which then fails as a stop, status 130).
A library call either answers or raises InvalidInputError.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial

import pytest
from click.testing import CliRunner, Result
from fuzz_inputs import (
    CARD_TEXTS,
    CONTRACT_TEXTS,
    GAME_NAMES,
    JUNK,
    SEAT_TEXTS,
    deal_texts,
    full_hands,
    not_utf8,
    option_values,
    plays,
    small_deals,
    talon_deals,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import prefdd
from prefdd.cli.main import main
from prefdd.rules import (
    GAMES,
    PREFERANS,
    Constraint,
    InvalidInputError,
    format_hand,
    get_game,
    parse_card,
    parse_cards,
    parse_deal,
    parse_hand,
    parse_play,
    parse_seat,
    read_session,
)
from prefdd.rules.talon import parse_talon_deal
from prefdd.solver import set_table_size

WATCHDOG = 20.0
# More examples for a long hunt: PREFDD_FUZZ=20 pytest tests/test_fuzz.py (twenty times as many).
SCALE = int(os.environ.get("PREFDD_FUZZ", "1"))
FUZZ = settings(max_examples=25 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))


@contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Ctrl-C (SIGALRM raising KeyboardInterrupt) after `seconds`: a hang ends as a stop."""
    def alarm(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run(args: list[str], stdin: bytes | None = None) -> Result:
    with watchdog(WATCHDOG):
        return CliRunner().invoke(main, args, input=stdin)


def check_run(result: Result, args: list[str], batch: bool = False) -> None:
    """An answer, or one line on stderr and exit status 2 (a batch: one line per bad deal)."""
    where = f"prefdd {' '.join(repr(a) for a in args)}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (where, result.exception)
    assert result.exit_code in (0, 2), (where, result.exit_code, result.stderr)
    assert "Traceback" not in result.output, where
    lines = result.stderr.splitlines()
    if result.exit_code == 0:
        assert not lines, (where, result.stderr)
        return
    assert lines and all(line.startswith("prefdd: error: ") for line in lines), (where, result.stderr)
    assert batch or len(lines) == 1, (where, result.stderr)
    if not batch:
        assert not result.stdout, (where, result.stdout)


def options(draw: st.DrawFn, menu: dict[str, str | Callable[[], st.SearchStrategy[str]]]) -> list[str]:
    """Some of the options in `menu` (name: kind of value, "flag", or a strategy), in any order."""
    names = draw(st.lists(st.sampled_from(sorted(menu)), max_size=4, unique=True))
    args: list[str] = []
    for name in names:
        kind = menu[name]
        if kind == "flag":
            args.append(name)
        else:
            value = kind() if callable(kind) else option_values(kind)
            args += [name, draw(value)]
    return args


SOLVE_OPTIONS: dict = {
    "--contract": "contract", "--dealer": "seat", "--home": "seat", "--invite": "seat",
    "--talon-leads": "cards", "--trump": "trump", "--leader": "seat", "--declarer": "seat",
    "--player": "seat", "--minimise": "flag", "--rules": "rules", "--all-cards": "flag", "--line": "flag",
    "--json": "flag", "--pot": "number", "--maximum": "number",
    "--scoring": lambda: st.sampled_from(["sochi", "Rostov", "x"]),
    "--honours": lambda: st.sampled_from(["standard", "x"]),
}


@st.composite
def game_and_deal(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.one_of(st.sampled_from(GAME_NAMES), JUNK, st.sampled_from(["Priffe", "polskt_pass"])))
    game = GAMES.get(name, PREFERANS)
    return name, draw(deal_texts(game))


@st.composite
def solve_args(draw: st.DrawFn) -> list[str]:
    name, deal = draw(game_and_deal())
    args = ["solve", name, deal, *options(draw, SOLVE_OPTIONS)]
    if draw(st.booleans()):
        args += ["--play", draw(plays(GAMES.get(name, PREFERANS), deal))]
    return args


@given(solve_args())
@FUZZ
def test_solve_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


@st.composite
def table_args(draw: st.DrawFn) -> list[str]:
    name, deal = draw(game_and_deal())
    return ["table", name, deal, *options(draw, {"--dealer": "seat", "--json": "flag"})]


@given(table_args())
@FUZZ
def test_table_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


@st.composite
def analyse_args(draw: st.DrawFn) -> list[str]:
    name, deal = draw(game_and_deal())
    menu = {"--dealer": "seat", "--declarer": "seat", "--home": "seat", "--invite": "seat",
            "--trump": "trump", "--rules": "rules", "--talon-leads": "cards", "--ascii": "flag",
            "--json": "flag"}
    args = ["analyse", name, deal, *options(draw, menu)]
    if draw(st.integers(0, 4)):
        args += ["--contract", draw(option_values("contract"))]
    if draw(st.integers(0, 4)):
        args += ["--play", draw(plays(GAMES.get(name, PREFERANS), deal))]
    return args


@given(analyse_args())
@FUZZ
def test_analyse_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


@st.composite
def talon_args(draw: st.DrawFn) -> list[str]:
    name = draw(st.one_of(st.sampled_from(["preferans", "vienna", "polskt-pass"]), JUNK,
                          st.just("priffe")))
    game = GAMES.get(name, PREFERANS)
    if game.name != "priffe" and draw(st.booleans()):
        deal = draw(st.one_of(talon_deals(game), talon_deals(game).map(lambda d: d.replace("|", ""))))
    else:
        deal = draw(deal_texts(game))
    args = ["talon", name]
    if draw(st.integers(0, 5)):
        args.append(deal)
    else:  # the deal by parts
        args += ["--hand", draw(st.one_of(st.just(deal.split()[0] if deal.split() else ""), JUNK)),
                 "--talon", draw(st.sampled_from(["..87.", "D8 D7", "SA", ""])),
                 "--defenders", " ".join(deal.split()[1:3])]
    args += ["--dealer", draw(option_values("seat"))]
    args += options(draw, {"--declarer": "seat", "--bid": "contract", "--contract": "contract",
                           "--grid": "flag", "--json": "flag", "--threads": "number"})
    return args


@given(talon_args())
@FUZZ
def test_talon_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


@st.composite
def bid_args(draw: st.DrawFn) -> list[str]:
    name = draw(st.one_of(st.sampled_from(["preferans", "vienna", "polskt-pass"]), JUNK))
    game = GAMES.get(name, PREFERANS)
    hand, *_ = draw(full_hands(game, 3 if game.name != "polskt-pass" else 4, game.hand_size))
    hand_text = draw(st.sampled_from([" ".join(map(str, hand)), format_hand(hand)]))
    args = ["bid", name, "--hand", draw(st.one_of(st.just(hand_text), JUNK, st.sampled_from(CARD_TEXTS)))]
    args += options(draw, {
        "--seat": "seat", "--dealer": "seat", "--talon": "cards", "--out": "cards",
        "--known": lambda: st.sampled_from(SEAT_TEXTS).map(lambda s: f"{s}:SA"),
        "--contracts": lambda: st.sampled_from([",".join(CONTRACT_TEXTS[:3]), "6S,,7S", " , ", "x"]),
        "--seed": "number", "--json": "flag", "--plot": lambda: st.just("/no/such/folder/plot.png")})
    args += ["--samples", draw(st.sampled_from(["1", "2", "0", "-3", "10000000000", "x"])),
             "--workers", draw(st.sampled_from(["1", "1", "0", "-3", "100000", "x"]))]
    return args


@given(bid_args())
@settings(max_examples=15 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
def test_bid_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


@st.composite
def session_files(draw: st.DrawFn) -> bytes:
    """A session file: blocks of keys with valid and bad values, with a byte-order mark or not; or
    bytes that are not UTF-8."""
    if draw(st.integers(0, 4)) == 0:
        return draw(not_utf8())
    blocks = []
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.sampled_from(GAME_NAMES))
        game = get_game(name)
        deal = draw(small_deals(game))
        fields = {"game": name, "deal": deal, "contract": draw(st.sampled_from(CONTRACT_TEXTS)),
                  "play": draw(plays(game, deal)), "dealer": draw(st.sampled_from(SEAT_TEXTS)),
                  "players": "Anna Boris Clara", draw(st.sampled_from(["declarer", "title", "junk"])): "1"}
        keys = draw(st.lists(st.sampled_from(sorted(fields)), unique=True, min_size=1))
        blocks.append("\n".join(f"{key}: {fields[key]}" for key in keys))
    text = "\n\n# a comment\n".join(blocks)
    # A lone surrogate (as a file's undecodable byte reads in Python) stands for that byte.
    return (b"\xef\xbb\xbf" if draw(st.booleans()) else b"") + text.encode("utf-8", "surrogateescape")


@given(session_files(), st.booleans())
@FUZZ
def test_analyse_session_answers_or_refuses_in_one_line(data: bytes, as_json: bool) -> None:
    args = ["analyse", "--session", "-", *(["--json"] if as_json else [])]
    check_run(run(args, stdin=data), args)


@st.composite
def batch_files(draw: st.DrawFn) -> bytes:
    lines = [draw(st.one_of(deal_texts(PREFERANS), st.just("# comment"), st.just(""))) for _ in range(3)]
    data = "\n".join(lines).encode("utf-8", "surrogateescape")
    if draw(st.booleans()):
        data += b"\n" + draw(not_utf8())
    return (b"\xef\xbb\xbf" if draw(st.booleans()) else b"") + data


@given(batch_files())
@FUZZ
def test_a_batch_answers_each_deal_or_names_its_line(data: bytes) -> None:
    args = ["solve", "preferans", "--batch", "-"]
    result = run(args, stdin=data)
    check_run(result, args, batch=True)
    for line in result.stdout.splitlines():
        answer = json.loads(line)
        assert "tricks" in answer or answer["error"].startswith(f"standard input, line {answer['line']}: ")


# The notation parsers and the library's entry points: an answer or InvalidInputError.

ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**12), st.floats(), st.text(max_size=20),
                     st.binary(max_size=5), st.lists(st.integers(0, 3), max_size=3), st.just(object()),
                     st.sampled_from([PREFERANS, prefdd.PRIFFE, prefdd.Suit.SPADES]))


def refuses_or_answers(call: Callable[[], object]) -> None:
    try:
        with watchdog(WATCHDOG):
            call()
    except InvalidInputError as error:
        assert str(error) and "\n" not in str(error)


@given(st.one_of(st.text(max_size=60), JUNK, deal_texts(PREFERANS), deal_texts(prefdd.PRIFFE), ANYTHING),
       st.sampled_from([*GAMES.values(), "preferans", None]))
@settings(max_examples=100 * SCALE, deadline=None)
def test_the_parsers_answer_or_refuse(text: object, game: object) -> None:
    refuses_or_answers(lambda: parse_deal(text, game))  # type: ignore[arg-type]
    refuses_or_answers(lambda: parse_hand(text))  # type: ignore[arg-type]
    refuses_or_answers(lambda: parse_card(text))  # type: ignore[arg-type]
    refuses_or_answers(lambda: parse_cards(text))  # type: ignore[arg-type]
    refuses_or_answers(lambda: parse_play(text, 3))  # type: ignore[arg-type]
    refuses_or_answers(lambda: parse_seat(text, PREFERANS, 3))  # type: ignore[arg-type]
    refuses_or_answers(lambda: read_session(text))  # type: ignore[arg-type]
    refuses_or_answers(lambda: Constraint.parse(text))  # type: ignore[arg-type]
    refuses_or_answers(lambda: get_game(text))  # type: ignore[arg-type]
    refuses_or_answers(lambda: prefdd.get_contract(game, text))  # type: ignore[arg-type]
    refuses_or_answers(lambda: parse_talon_deal(text, game, 0))  # type: ignore[arg-type]


@st.composite
def library_calls(draw: st.DrawFn) -> Callable[[], object]:
    """One call of an entry point of the library, its arguments each valid or of any other kind."""
    game = draw(st.sampled_from(list(GAMES.values())))
    deal = parse_deal(draw(small_deals(game)), game)
    trump = prefdd.Suit.SPADES if game.needs_trump else None
    contract = draw(st.sampled_from(list(prefdd.CONTRACTS[game.name].values())))
    position = prefdd.Position(game, deal, trump, deal.active_seats[0])

    def maybe(valid: object) -> object:
        return draw(ANYTHING) if draw(st.integers(0, 3)) == 0 else valid

    def setup() -> object:
        try:
            return contract.setup(deal, 0)
        except InvalidInputError:
            return None

    def solved() -> object:
        try:
            return prefdd.solve_contract(deal, contract, 0, line=True)
        except InvalidInputError:
            return None

    which = draw(st.integers(0, 11))
    if which == 0:
        return partial(prefdd.Position, maybe(game), maybe(deal), maybe(trump), maybe(deal.active_seats[0]),
                       played=maybe(()), declarer=maybe(None))
    if which == 1:
        return partial(prefdd.Deal, maybe(deal.hands), maybe(deal.out_of_play))
    if which == 2:
        return partial(prefdd.Card, maybe(prefdd.Suit.SPADES), maybe(prefdd.rules.Rank.ACE))
    if which == 3:
        return partial(prefdd.solve, maybe(position), maybe(None), minimise=maybe(False),
                       card_values=maybe(False), line=maybe(False))
    if which == 4:
        return partial(prefdd.solve_contract, maybe(deal), maybe(contract), maybe(0), maybe(None), line=True)
    if which == 5:
        return partial(prefdd.table, maybe(deal), maybe(game), maybe(0))
    if which == 6:
        return partial(prefdd.analyse, maybe(setup()))
    if which == 7:
        return partial(prefdd.analyse_contract, maybe(deal), maybe(contract), maybe(0))
    if which == 8:
        return partial(prefdd.solve_many, maybe([position]), maybe(None), minimise=maybe(False),
                       workers=maybe(1))
    if which == 9:
        return partial(prefdd.score, maybe(solved()))
    if which == 10:
        return partial(prefdd.bid, maybe("preferans"), maybe(sorted(PREFERANS.deck(3))[:10]), maybe(0),
                       maybe(2), samples=maybe(2), seed=maybe(0), workers=maybe(1), contracts=maybe(["6S"]))
    size = draw(st.one_of(st.integers(1, 16), ANYTHING.filter(
        lambda x: not isinstance(x, int) or isinstance(x, bool) or not 16 < x <= 2**20)))
    return partial(set_table_size, size)


@given(library_calls())
@settings(max_examples=60 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_library_answers_or_refuses(call: Callable[[], object]) -> None:
    try:
        refuses_or_answers(call)
    finally:
        set_table_size(256)


@pytest.mark.parametrize("data", [b"\xe9t\xe9\n", b"\x00\xff\xfe binary", "Ré".encode("latin-1")])
def test_bytes_that_are_not_utf8_on_stdin_are_refused_with_their_line(data: bytes) -> None:
    result = run(["analyse", "--session", "-"], stdin=b"# first\n" + data)
    assert result.exit_code == 2
    assert result.stderr.startswith("prefdd: error: standard input, line 2: byte 0x")
