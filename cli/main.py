"""The ``prefdd`` command: click commands over the solver API, no game logic.

Bad input of any kind ends with one line on stderr and exit status 2, Ctrl-C with one line
and exit status 130 (:mod:`prefdd.cli.exits`).
"""

from __future__ import annotations

import importlib
import json
import sys
from functools import partial
from typing import Any

import click

from prefdd.cli.batch import check_question, deal_options, solve_batch
from prefdd.cli.command import PrefddCommand
from prefdd.cli.exits import ANSWERED, fail, internal_error, stop
from prefdd.cli.options import score_options, scoring_options, threads_option
from prefdd.cli.render import (
    contract_to_json,
    contract_to_text,
    to_json,
    to_text,
)
from prefdd.cli.spinner import working
from prefdd.rules import (
    CONTRACTS,
    Card,
    Constraint,
    Game,
    InvalidInputError,
    Position,
    Suit,
    get_contract,
    get_game,
    parse_cards,
    parse_deal,
    parse_play,
    parse_seat,
)
from prefdd.solver import score, solve
from prefdd.solver.analyses.contracts import solve_play
from prefdd.solver.stopping import run_stoppable

GAME_NAMES = ("preferans", "vienna", "polskt-pass", "priffe")


# Commands in modules of their own, imported only when run (or listed in the help): a solve
# then starts without loading numpy and rich, which the table, talon and bid commands need.
LAZY_COMMANDS = {
    "analyse": "prefdd.cli.analyse:analyse_command",
    "bid": "prefdd.cli.bid:bid_command",
    "table": "prefdd.cli.table:table_command",
    "talon": "prefdd.cli.talon:talon_command",
    "whist": "prefdd.cli.whist:whist_command",
}


class _Interrupted(Exception):
    """Ctrl-C, past click: click would print a blank line for a KeyboardInterrupt."""


class PrefddGroup(click.Group):
    """Runs a command and ends every run as :mod:`prefdd.cli.exits` says: an answer, or one line."""

    command_class = PrefddCommand

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in LAZY_COMMANDS and name not in self.commands:
            module, attribute = LAZY_COMMANDS[name].split(":")
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise _Interrupted from None

    def main(self, *args, **kwargs):  # type: ignore[override]
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)
        except click.exceptions.NoArgsIsHelpError as error:
            click.echo(error.ctx.get_help())
            code = ANSWERED
        except click.ClickException as error:  # usage errors, files click could not open
            fail(error.format_message())
        except InvalidInputError as error:
            fail(str(error))
        except (_Interrupted, click.Abort, KeyboardInterrupt):
            code = stop()
        except OSError as error:  # a file named on the command line that cannot be written
            fail(f"{error.filename}: {error.strerror}" if error.filename and error.strerror else str(error))
        except MemoryError:
            fail("not enough memory for this question")
        except Exception as error:  # a bug: still one line, but exit status 1
            internal_error(error)
        sys.exit(code if isinstance(code, int) else ANSWERED)


@click.group(cls=PrefddGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="prefdd", prog_name="prefdd")
def main() -> None:
    """Double-dummy analysis for Preferans, Vienna Préférence, Polskt pass and Priffe."""


def parse_trump(text: str | None) -> Suit | None:
    """S, H, D, C (or a symbol), or NT for no trump."""
    if text is None or text.strip().upper() in ("NT", "N", "NO", "NONE"):
        return None
    return Suit.parse(text)


def build_position(game: Game, deal_text: str, trump: str | None, leader: str | None,
                   declarer: str | None, rules: Constraint | None,
                   played: tuple[Card, ...]) -> Position:
    """The position the options describe, checked."""
    deal = parse_deal(deal_text, game)
    seats = len(deal.hands)
    lead = parse_seat(leader, game, seats)
    if lead is None:
        lead = deal.active_seats[0]
    decl = parse_seat(declarer, game, seats)
    if decl is None:
        decl = lead
    return Position(
        game,
        deal,
        parse_trump(trump),
        lead,
        played=played,
        constraints=rules,
        declarer=decl,
    )


def _contract_help() -> str:
    """The contract names of every game, for the help text."""
    lines = ["\b", "Contracts (--contract), by game:"]
    for game, contracts in CONTRACTS.items():
        names = " ".join(c.name for c in contracts.values())
        if game == "preferans":
            names = "6S 6C 6D 6H 6NT ... 10NT misere allpass"
        lines.append(f"  {game}: {names}")
    return "\n".join(lines)


@main.command(name="solve", epilog=_contract_help())
@click.argument("game", metavar="GAME", type=click.Choice(GAME_NAMES, case_sensitive=False))
@click.argument("deal", required=False)
@deal_options
@click.option("--all-cards", is_flag=True, help="Also give the value after each legal card.")
@click.option("--line", is_flag=True, help="Also give one optimal line of play to the end.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@click.option("--batch", type=click.Path(exists=True, allow_dash=True, dir_okay=False),
              help="Solve one deal per line of FILE ('-' for stdin), each optionally followed by "
                   "its own --trump, --leader, --contract ... (docs/cli.md); prints JSON lines, in order. "
                   "The deals are solved side by side, a deal a thread.")
@threads_option
@scoring_options
def solve_command(game: str, deal: str | None, all_cards: bool, line: bool, as_json: bool,
                  batch: str | None, scoring: str, pot: int, maximum: int, honours: str,
                  threads: int | None, **asked: Any) -> int:
    """Solve DEAL of GAME double dummy: how many tricks the declarer's side takes.

    DEAL is one line: the hands in seat order, each written S.H.D.C (T or 10 for
    a ten, '-' or nothing for a void), for example
    'QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87'. Priffe takes PBN ('N:' and four
    hands). Cards in no hand are out of play; name them after a '|' to check them.
    """
    the_game = get_game(game)
    check_question(**asked)
    options = score_options(scoring, pot, maximum, honours)
    quiet = as_json or batch is not None

    def answer(deal_text: str, *, contract: str | None, dealer: str | None, home: str | None,
               invite: str | None, talon_leads: str | None, trump: str | None, leader: str | None,
               declarer: str | None, player: str | None, minimise: bool, rules_text: str | None,
               play: str | None, threads: int | None = threads) -> tuple[dict, str | None]:
        rules = the_game.parse_rules(rules_text) if rules_text is not None else None
        the_deal = parse_deal(deal_text, the_game)
        seats = len(the_deal.hands)
        if contract is not None:
            setup = partial(
                get_contract(the_game, contract).setup, the_deal, parse_seat(dealer, the_game, seats) or 0,
                parse_seat(declarer, the_game, seats), home=parse_seat(home, the_game, seats),
                player=parse_seat(player, the_game, seats),
                trump="contract" if trump is None else parse_trump(trump), rules=rules,
                talon_leads=tuple(parse_cards(talon_leads or "")), invite=parse_seat(invite, the_game, seats))
            # The setup checked first, then the play read for the players it leaves in the play.
            played = parse_play(play, len(setup().position.seats)) if play is not None else ()
            result = solve_play(setup(played=played), card_values=all_cards, line=True, threads=threads)
            scored = score(result, options)
            return (contract_to_json(result, scored, line),
                    None if quiet else contract_to_text(result, scored, options, line))
        played = parse_play(play, len(the_deal.active_seats)) if play is not None else ()
        asked_seat = player if player is not None else declarer
        position = build_position(the_game, deal_text, trump, leader, asked_seat, rules, played)
        solution = solve(position, position.declarer, minimise=minimise,
                         card_values=all_cards, line=line, threads=threads)
        return to_json(position, solution), None if quiet else to_text(position, solution)

    if batch is not None:
        if deal is not None:
            raise click.UsageError("give a DEAL or --batch, not both")
        return solve_batch(batch, asked, lambda text, given, on: answer(text, **given, threads=on)[0],
                           threads)
    if deal is None:
        raise click.UsageError("give a DEAL (or --batch FILE)")
    with working("solving"):
        data, text = run_stoppable(answer, deal, **asked)
    click.echo(json.dumps(data) if as_json else text)
    return ANSWERED

