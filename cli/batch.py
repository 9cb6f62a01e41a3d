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
import re
import shlex
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import click

from prefdd.cli.exits import ANSWERED, BAD_INPUT, one_line, stop, stopped_line
from prefdd.cli.inputs import read_lines
from prefdd.rules import InvalidInputError
from prefdd.solver.stopping import run_stoppable

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


def solve_batch(batch: str, asked: dict[str, Any], answer: Callable[[str, dict[str, Any]], dict]) -> int:
    """Answer each deal of a batch as a JSON line; a bad line gets an error line naming it, and exit status 2.

    `asked` holds the command's deal options (checked), for the lines that give
    none of their own; `answer(deal, options)` solves one deal.
    """
    name = "standard input" if batch == "-" else batch
    failed = solved = 0
    try:
        for number, line in _lines(batch):
            deal_text = None if isinstance(line, InvalidInputError) else line
            try:
                if isinstance(line, InvalidInputError):
                    raise line
                deal_text, words = split_line(line)
                question = line_options(words) if words else asked
                click.echo(json.dumps(run_stoppable(answer, deal_text, question)))
                solved += 1
            except (InvalidInputError, click.ClickException) as error:
                failed += 1
                said = error.format_message() if isinstance(error, click.ClickException) else str(error)
                message = f"{name}, line {number}: {said}"
                click.echo(json.dumps({"line": number, "deal": deal_text, "error": message}))
                click.echo(f"prefdd: error: {one_line(message)}", err=True)
    except KeyboardInterrupt:
        return stop(stopped_line(solved, None, f"deal{'s' * (solved != 1)} solved"))
    return BAD_INPUT if failed else ANSWERED
