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
    NUMBER_TEXTS,
    RULE_TEXTS,
    SEAT_TEXTS,
    SUIT_TEXTS,
    deal_texts,
    full_hands,
    not_utf8,
    plays,
    small_deals,
    talon_deals,
)
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import prefdd
from prefdd.cli.main import main
from prefdd.rules import (
    CONTRACTS,
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
from prefdd.solver.analyses.whist import whist

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
    event(f"exit status {result.exit_code}")  # how often each kind of run came (--hypothesis-show-statistics)
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


class User:
    """A user writing one command: careful (every value valid for the game and the deal, so that
    the command answers) or, for half the examples, careless (each value now and then wrong)."""

    def __init__(self, draw: st.DrawFn, games: list[str]) -> None:
        self.draw = draw
        self.careless = draw(st.booleans())
        self.name = self.pick(games, ["Priffe", "polskt_pass", "bridge"])
        self.game = GAMES.get(self.name.lower().replace("_", "-"), PREFERANS)
        self.hands = self.game.table_sizes[0]

    def wrong(self) -> bool:
        return self.careless and self.draw(st.integers(0, 3)) == 0

    def pick(self, good: list[str], bad: list[str]) -> str:
        """A value from `good`, or now and then (careless) a wrong one from `bad` or JUNK."""
        if self.wrong():
            return self.draw(st.one_of(JUNK, st.sampled_from(bad)))
        return self.draw(st.sampled_from(good))

    def value(self, kind: str) -> str:
        """A value of the kind an option takes, valid for the game."""
        game = self.game
        good = {
            "seat": [str(s) for s in range(self.hands)] + list(game.seat_names),
            "trump": ["S", "H", "D", "C", "♠"] + ([] if game.needs_trump else ["NT"]),
            "contract": sorted(c.name for c in CONTRACTS[game.name].values()),
            "rules": ["follow", "follow,ruff", "none", *sorted(game.variants)],
            "cards": ["SA", "HT", "♦7"],
            "number": ["10", "20", "30"],
        }[kind]
        return self.pick(good, {"seat": SEAT_TEXTS, "trump": SUIT_TEXTS, "contract": CONTRACT_TEXTS,
                                "rules": RULE_TEXTS, "cards": CARD_TEXTS, "number": NUMBER_TEXTS}[kind])

    def deal(self) -> str:
        text = self.draw(small_deals(self.game))
        self.hands = len(text.partition("|")[0].split())
        return self.draw(deal_texts(self.game)) if self.wrong() else text

    def options(self, menu: dict[str, str | list[str]]) -> list[str]:
        """Some of the options in `menu` (name: kind of value, "flag", or a list of values), any order."""
        names = self.draw(st.lists(st.sampled_from(sorted(menu)), max_size=3, unique=True))
        args: list[str] = []
        for name in names:
            kind = menu[name]
            if kind == "flag":
                args.append(name)
            elif kind == "plot":  # never a file written: a folder that does not exist, or no matplotlib type
                args += [name, self.draw(st.sampled_from(["/no/such/folder/plot.png", "plot.xyz"]))]
            elif isinstance(kind, list):
                args += [name, self.pick(kind, ["x", ""])]
            else:
                args += [name, self.value(kind)]
        return args


SOLVE_OPTIONS: dict = {
    "--trump": "trump", "--leader": "seat", "--declarer": "seat", "--player": "seat", "--minimise": "flag",
    "--rules": "rules", "--all-cards": "flag", "--line": "flag", "--json": "flag",
}
CONTRACT_OPTIONS: dict = {
    "--declarer": "seat", "--home": "seat", "--invite": "seat", "--talon-leads": "cards", "--rules": "rules",
    "--all-cards": "flag", "--line": "flag", "--json": "flag", "--pot": "number", "--maximum": "number",
    "--scoring": ["sochi", "Rostov"], "--honours": ["standard", "halved"],
}


@st.composite
def solve_args(draw: st.DrawFn) -> list[str]:
    user = User(draw, GAME_NAMES)
    deal = user.deal()
    args = ["solve", user.name, deal]
    if draw(st.booleans()):
        contract, dealer = user.value("contract"), user.value("seat")
        args += ["--contract", contract, "--dealer", dealer, *user.options(CONTRACT_OPTIONS)]
        play = plays(user.game, deal, contract, int(dealer) if dealer.isdigit() else 0)
    else:
        args += user.options(SOLVE_OPTIONS)
        if user.game.needs_trump and "--trump" not in args:
            args += ["--trump", "S"]
        play = plays(user.game, deal)
    if draw(st.booleans()):
        args += ["--play", draw(play)]
    return args


@given(solve_args())
@FUZZ
def test_solve_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


@st.composite
def table_args(draw: st.DrawFn) -> list[str]:
    user = User(draw, GAME_NAMES)
    return ["table", user.name, user.deal(), *user.options({"--dealer": "seat", "--json": "flag"})]


@given(table_args())
@FUZZ
def test_table_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


@st.composite
def analyse_args(draw: st.DrawFn) -> list[str]:
    user = User(draw, GAME_NAMES)
    deal = user.deal()
    contract, dealer = user.value("contract"), user.value("seat")
    menu = {"--declarer": "seat", "--home": "seat", "--invite": "seat", "--trump": "trump",
            "--rules": "rules", "--talon-leads": "cards", "--ascii": "flag", "--json": "flag"}
    args = ["analyse", user.name, deal, "--dealer", dealer, *user.options(menu)]
    if not user.wrong():
        args += ["--contract", contract]
    if not user.wrong():
        args += ["--play", draw(plays(user.game, deal, contract, int(dealer) if dealer.isdigit() else 0))]
    return args


@given(analyse_args())
@FUZZ
def test_analyse_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


@st.composite
def talon_args(draw: st.DrawFn) -> list[str]:
    user = User(draw, ["preferans", "vienna", "polskt-pass"])
    game = user.game
    deal = draw(talon_deals(game)) if game.name != "priffe" else user.deal()
    if user.wrong():
        deal = draw(st.one_of(deal_texts(game), st.just(deal.replace("|", ""))))
    args = ["talon", user.name]
    if draw(st.integers(0, 4)):
        args.append(deal)
    else:  # the deal by parts
        hands = deal.partition("|")[0].split()
        args += ["--hand", hands[0] if hands else "", "--defenders", " ".join(hands[1:])]
        if game.name != "polskt-pass":
            args += ["--talon", deal.partition("|")[2].strip() or "..87."]
    args += ["--dealer", user.value("seat")]
    args += user.options({"--declarer": "seat", "--bid": "contract", "--contract": "contract",
                          "--grid": "flag", "--json": "flag", "--threads": ["1", "2"]})
    return args


@given(talon_args())
@FUZZ
def test_talon_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


LAYOUT_RUN = {"--samples": ["1", "2"], "--workers": ["1"]}
WHERE = ["left.spades >= 3", "right.hcp >= 9 and left.hearts >= 3", "not left makes 6D", "left.spades >= 9",
         "((", "left.spadse >= 5", "N.hcp >= 3"]


@st.composite
def bid_args(draw: st.DrawFn) -> list[str]:
    user = User(draw, ["preferans", "vienna", "polskt-pass"])
    game = user.game
    user.hands = 3 if game.name != "polskt-pass" else 4
    hand, *_ = draw(full_hands(game, user.hands, game.hand_size))
    hand_text = draw(st.sampled_from([" ".join(map(str, hand)), format_hand(hand)]))
    args = ["bid", user.name, "--hand", user.pick([hand_text], CARD_TEXTS)]
    args += user.options({
        "--seat": "seat", "--dealer": "seat", "--out": "cards", "--known": [f"1:{c}" for c in CARD_TEXTS[:3]],
        "--contracts": [",".join(sorted(c.name for c in CONTRACTS[game.name].values())[:2]), "6S,,7S"],
        "--seed": "number", "--json": "flag", "--plot": "plot", "--where": WHERE})
    for option, values in LAYOUT_RUN.items():  # always: a run of a layout or two, on one worker
        args += [option, user.pick(values, ["0", "-3", "10000000000", "x"])]
    return args


@given(bid_args())
@settings(max_examples=15 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
def test_bid_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


@st.composite
def whist_args(draw: st.DrawFn) -> list[str]:
    user = User(draw, ["preferans", "vienna"])
    game = user.game
    hand, *_ = draw(full_hands(game, 3, game.hand_size))
    args = ["whist", user.name, "--hand", user.pick([" ".join(map(str, hand))], CARD_TEXTS)]
    seats = draw(st.permutations(["0", "1", "2"]))
    for option, seat in zip(("--seat", "--declarer", "--dealer"), seats, strict=True):
        args += [option, user.pick([seat], SEAT_TEXTS)]
    contracts = ["6S", "7H", "8NT"] if game.name == "preferans" else ["1", "2", "spiel1", "hearts"]
    args += ["--contract", user.pick(contracts, CONTRACT_TEXTS)]
    args += user.options({
        "--known": ["1:SA", "2:HT"], "--partner": ["pass", "whist", "half-whist", "home", "go", "invite"],
        "--gentlemanly": "flag", "--json": "flag", "--seed": "number", "--pot": "number",
        "--plot": "plot", "--where": WHERE})
    for option, values in LAYOUT_RUN.items():
        args += [option, user.pick(values, ["0", "-3", "10000000000", "x"])]
    return args


@given(whist_args())
@settings(max_examples=15 * SCALE, deadline=None, suppress_health_check=list(HealthCheck))
def test_whist_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_run(run(args), args)


@st.composite
def session_files(draw: st.DrawFn) -> bytes:
    """A session file: blocks of keys with valid values (now and then a key left out or a value
    wrong), with a byte-order mark or not; or bytes that are not UTF-8."""
    if draw(st.integers(0, 4)) == 0:
        return draw(not_utf8())
    blocks = []
    for _ in range(draw(st.integers(0, 3))):
        user = User(draw, GAME_NAMES)
        deal = user.deal()
        contract, dealer = user.value("contract"), user.value("seat")
        fields = {"game": user.name, "deal": deal, "contract": contract, "dealer": dealer,
                  "play": draw(plays(user.game, deal, contract, int(dealer) if dealer.isdigit() else 0)),
                  "players": "Anna Boris Clara David"[:6 * user.hands - 1], "title": "a deal"}
        if user.wrong():
            fields[draw(st.sampled_from(["junk", "declarer", "home"]))] = user.value("seat")
        keys = [key for key in fields if not user.wrong()]
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

    which = draw(st.integers(0, 12))
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
                       maybe(2), samples=maybe(2), seed=maybe(0), workers=maybe(1), contracts=maybe(["6S"]),
                       where=maybe(["left.spades >= 1"]), accept=maybe(None))
    if which == 11:
        return partial(whist, maybe("preferans"), maybe(sorted(PREFERANS.deck(3))[:10]), maybe(1), maybe(0),
                       maybe(2), maybe("6S"), samples=maybe(2), workers=maybe(1), partner=maybe(None),
                       gentlemanly=maybe(False), where=maybe(()))
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
