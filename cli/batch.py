"""``prefdd solve --batch``: many deals in one process, a deal a line, with its own options if it needs them.

A line is a deal, then optionally the options that describe that deal's
question (``--trump``, ``--leader``, ``--contract`` ...: :data:`DEAL_OPTIONS`),
written as on the command line. A line without them asks the command's
question; a line with them asks its own, none of the command's deal options
applying to it. The options of the whole run (``--all-cards``, ``--threads``,
``--line``, the scoring) are the command's for every line:

>>> split_line("N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765 --trump H --leader E")
('N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765', ['--trump', 'H', '--leader', 'E'])
>>> asked = line_options(["--trump", "H", "--play", "SA S7 S8", "--minimise"])
>>> {name: value for name, value in asked.items() if value}
{'trump': 'H', 'play': 'SA S7 S8', 'minimise': True}
>>> line_options(["--all-cards"])
Traceback (most recent call last):
...
prefdd.rules.errors.InvalidInputError: a batch line takes --contract, --dealer, --home, --invite, \
--talon-leads, --trump, --leader, --declarer, --player, --minimise, --rules, --play, not --all-cards \
(the command's other options apply to every line)
"""

from __future__ import annotations

import json
import queue
import re
import shlex
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, wait
from typing import Any, TypeVar

import click

from prefdd.cli.exits import ANSWERED, BAD_INPUT, one_line, stop, stopped_line
from prefdd.cli.inputs import read_lines
from prefdd.rules import InvalidInputError
from prefdd.solver.engines import thread_count
from prefdd.solver.stopping import DaemonWorkers, stop_searches

F = TypeVar("F", bound=Callable[..., object])

DEAL_OPTIONS = (
    click.option("--contract", help="A contract of the game (see below): fills in trump, leader, "
                                    "players and play constraints, and says whether it makes."),
    click.option("--dealer", help="With --contract: the dealer's seat (default 0)."),
    click.option("--home", help="With a Vienna contract 1-4, spiel or hearts: a defender who stays home."),
    click.option("--invite", help="With a Vienna contract 1-4, spiel or hearts: a defender who goes "
                                  "with and invites the other."),
    click.option("--talon-leads", "talon_leads",
                 help="With Preferans --contract allpass: the two talon cards, in the order turned, "
                      "that start the first two tricks (like 'SA D7')."),
    click.option("--trump", help="Trump suit: S, H, D, C, or NT for no trump (default NT)."),
    click.option("--leader", help="Seat that leads to the first trick (default: the first seat)."),
    click.option("--declarer", help="Seat asked about, with its partner in Priffe (default: the leader; "
                                    "with --contract, eldest hand)."),
    click.option("--player", help="Polskt pass and all-pass: the player asked about."),
    click.option("--minimise", is_flag=True, help="The side wants as few tricks as possible."),
    click.option("--rules", "rules_text",
                 help="Play constraints, comma-separated (follow,ruff,head,lowest_winner), "
                      "or a variant name such as trumpftvang (default: the game's standard set)."),
    click.option("--play", help="Cards played so far, in order, like '♠A ♠7 ♠8 / H9 ...' (tricks may be "
                                "separated by '/', '|' or a new line)."),
)
"""The options that describe one deal's question: the command's, and a batch line's own."""


def deal_options(command: F) -> F:
    """Add :data:`DEAL_OPTIONS` to a command, in that order."""
    for option in reversed(DEAL_OPTIONS):
        command = option(command)
    return command


@click.command(name="line", add_help_option=False)
@deal_options
def _line_command(**asked: Any) -> None:
    """The options of a batch line, parsed as the command's own are."""


_NAMES = ", ".join(option.opts[0] for option in _line_command.params)

# An option starts at the first word beginning with '--' and a letter (no hand is written so).
_FIRST_OPTION = re.compile(r"(?:^|\s)(--[A-Za-z])")


def split_line(line: str) -> tuple[str, list[str]]:
    """A batch line's deal, and the words of its options (quoted as in a shell)."""
    found = _FIRST_OPTION.search(line)
    if found is None:
        return line.strip(), []
    try:
        words = shlex.split(line[found.start(1):])
    except ValueError as error:
        raise InvalidInputError(f"the line's options: {error}") from None
    return line[:found.start(1)].strip(), words


def line_options(words: list[str]) -> dict[str, Any]:
    """The deal options of a batch line, every one of them (those it leaves out at their defaults), checked
    as the command's are (check_question)."""
    try:
        context = _line_command.make_context("line", list(words))
    except click.NoSuchOption as error:
        raise InvalidInputError(f"a batch line takes {_NAMES}, not {error.option_name} "
                                "(the command's other options apply to every line)") from None
    except click.ClickException as error:
        raise InvalidInputError(error.format_message()) from None
    check_question(**context.params)
    return context.params


def check_question(contract: str | None, dealer: str | None, home: str | None, invite: str | None,
                   talon_leads: str | None, leader: str | None, declarer: str | None, player: str | None,
                   minimise: bool, **rest: object) -> None:
    """Refuse deal options that do not go together (the command's, or a batch line's own)."""
    if contract is None:
        for name, value in (("--dealer", dealer), ("--home", home), ("--invite", invite),
                            ("--talon-leads", talon_leads)):
            if value is not None:
                raise click.UsageError(f"{name} goes with --contract")
        if player is not None and declarer is not None:
            raise click.UsageError("give --player or --declarer, not both")
    else:
        for name, given in (("--leader", leader is not None), ("--minimise", minimise)):
            if given:
                raise click.UsageError(f"--contract sets who leads and what each side wants: "
                                       f"leave out {name}")


def _lines(batch: str) -> Iterator[tuple[int, str | InvalidInputError]]:
    """Each deal line of a batch with its number (blank lines and '#' comments left out)."""
    for number, line in read_lines(batch):
        if isinstance(line, InvalidInputError) or line.strip() and not line.lstrip().startswith("#"):
            yield number, line if isinstance(line, InvalidInputError) else line.strip()


class _Line:
    """A batch line on its way out: its question until it is started, then its answer (a JSON object) or its
    error, once known."""

    def __init__(self, number: int, deal: str | None):
        self.number = number
        self.deal = deal
        self.question: dict[str, Any] | None = None
        self.future: Future | None = None
        self.error: str | None = None

    def done(self) -> bool:
        return self.error is not None or self.future is not None and self.future.done()


AHEAD = 4
"""Lines handed to the threads ahead of the answers printed, per thread (queued for the next thread free);
as many again wait, read."""
CHUNK = 64
"""Lines of a file the reader hands over at once."""


def solve_batch(batch: str, asked: dict[str, Any], answer: Callable[[str, dict[str, Any], int | None], dict],
                threads: int | None) -> int:
    """Answer each deal of a batch as a JSON line, in order; a bad line gets an error line naming it, and exit
    status 2.

    `asked` holds the command's deal options (checked), for the lines that give
    none of their own; `answer(deal, options, threads)` solves one deal on
    `threads` threads. With several threads (`threads`, default one per core)
    the deals waiting are solved side by side, a deal a thread, and a deal
    with none beside it (one line, or lines piped in one at a time) on every
    thread; the answers still come out in the lines' order, each as soon as
    it and those before it are known. Lines are read as they come (a batch
    piped in is answered line by line), and only a few ahead of the answers.
    """
    name = "standard input" if batch == "-" else batch
    workers = DaemonWorkers(thread_count(threads), "prefdd-batch")
    waiting: queue.Queue = queue.Queue(maxsize=2)
    threading.Thread(target=_read, args=(batch, waiting), name="prefdd-batch-reader", daemon=True).start()
    lines: deque[_Line] = deque()
    failed = solved = 0
    ended = False
    try:
        while not ended or lines:
            if len(lines) < 2 * AHEAD * workers.count:
                # With nothing to print, wait for the next lines read; else take those read so far.
                ended = _take(waiting, lines, asked, name, ended, block=not lines)
            _start(lines, answer, workers, threads, not waiting.empty())
            while lines and lines[0].done():
                solved, failed = _print(lines.popleft(), name, solved, failed)
            if lines and lines[0].future is not None:
                # A moment at a time, so that new lines start and Ctrl-C is taken meanwhile.
                wait([lines[0].future], timeout=0.05)
    except KeyboardInterrupt:
        for line in lines:
            if line.future is not None:
                line.future.cancel()
        stop_searches()
        return stop(stopped_line(solved, None, f"deal{'s' * (solved != 1)} solved"))
    finally:
        workers.end()
    return BAD_INPUT if failed else ANSWERED


def _read(batch: str, waiting: queue.Queue) -> None:
    """The reader's thread: the deal lines of `batch` into `waiting`, each item a list of lines and whether
    they end the batch (or the error that ended the reading). A file's lines come CHUNK at a time, standard
    input's one at a time, as they are written."""
    chunk: list[tuple[int, str | InvalidInputError]] = []
    try:
        for item in _lines(batch):
            chunk.append(item)
            if batch == "-" or len(chunk) == CHUNK:
                waiting.put((chunk, False))
                chunk = []
        waiting.put((chunk, True))
    except BaseException as error:  # handed to the main thread, which raises it
        waiting.put(error)


def _take(waiting: queue.Queue, lines: deque[_Line], asked: dict[str, Any], name: str, ended: bool,
          block: bool) -> bool:
    """Add the lines read so far, each with its question or its error (`block`: waiting a moment for one);
    whether the batch's end was read."""
    while not ended:
        try:
            item = waiting.get(timeout=0.1) if block else waiting.get_nowait()
        except queue.Empty:
            break
        if isinstance(item, BaseException):
            raise item
        block = False
        ended = item[1]
        for number, text in item[0]:
            line = _Line(number, None if isinstance(text, InvalidInputError) else text)
            lines.append(line)
            try:
                if isinstance(text, InvalidInputError):
                    raise text
                line.deal, words = split_line(text)
                line.question = line_options(words) if words else asked
            except (InvalidInputError, click.ClickException) as error:
                line.error = _said(error, name, number)
    return ended


def _start(lines: deque[_Line], answer: Callable[[str, dict[str, Any], int | None], dict],
           workers: DaemonWorkers, threads: int | None, unread: bool) -> None:
    """Hand the lines read to the threads, a deal a thread while others wait or run beside it, and every
    thread to a deal alone (nothing running, nothing behind it read, and no more `unread` waiting)."""
    running = sum(1 for line in lines if line.future is not None and not line.future.done())
    for index, line in enumerate(lines):
        if line.question is None or line.future is not None:
            continue
        if running >= AHEAD * workers.count:
            return
        alone = workers.count == 1 or running == 0 and index == len(lines) - 1 and not unread
        assert line.deal is not None
        line.future = workers.submit(answer, line.deal, line.question, threads if alone else 1)
        running += 1


def _said(error: InvalidInputError | click.ClickException, name: str, number: int) -> str:
    said = error.format_message() if isinstance(error, click.ClickException) else str(error)
    return f"{name}, line {number}: {said}"


def _print(line: _Line, name: str, solved: int, failed: int) -> tuple[int, int]:
    """Write a finished line's JSON (or its error, also on stderr); the counts of lines solved and failed."""
    if line.error is None and line.future is not None:
        try:
            click.echo(json.dumps(line.future.result()))
            return solved + 1, failed
        except (InvalidInputError, click.ClickException) as error:
            line.error = _said(error, name, line.number)
    assert line.error is not None
    click.echo(json.dumps({"line": line.number, "deal": line.deal, "error": line.error}))
    click.echo(f"prefdd: error: {one_line(line.error)}", err=True)
    return solved, failed + 1
