"""``prefdd analyse``: where a played deal went wrong, card by card; or a whole session's totals."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from functools import partial
from typing import TextIO

import click

from prefdd.cli.analysis_render import analysis_to_json, analysis_to_text, session_to_json, session_to_text
from prefdd.cli.command import PrefddCommand
from prefdd.cli.exits import ANSWERED, stop, stopped_line
from prefdd.cli.inputs import read_text
from prefdd.cli.options import threads_option
from prefdd.cli.progress import progress_bar
from prefdd.rules import (
    GAMES,
    Play,
    get_contract,
    get_game,
    parse_cards,
    parse_deal,
    parse_play,
    parse_seat,
    read_session,
)
from prefdd.rules.session import SessionDeal
from prefdd.solver import Analysis, analyse
from prefdd.solver.stopping import run_stoppable

PLAY_HELP = """\b
The play (--play): the cards in the order played, suit then rank, with suit
letters or symbols (SA, ♠A, h10, HT); tricks may be separated by '/', '|' or
a new line, and then each one but the last must be complete:
  --play "DK D7 S7 / CA C7 CT / ..."
Each trick's winner leads the next, so no seats are written.

\b
A session file (--session) holds many deals, one block of 'key: value' lines
each, blocks separated by blank lines, '#' for comments:
  players: Anna Boris Clara
  game: preferans
  deal: QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87
  contract: 6S
  dealer: 0
  play: DK D7 S8
        ...
Keys: game, deal, contract, play (needed); dealer, declarer, home, invite,
trump, rules, talon-leads, title; players and game carry on to later deals.
See examples/session.txt."""


def _setup(game_name: str, deal_text: str, contract: str, dealer: str | None, declarer: str | None,
           home: str | None, invite: str | None, trump: str | None, rules_text: str | None,
           talon_leads: str | None, play_text: str) -> Play:
    from prefdd.cli.main import parse_trump

    game = get_game(game_name)
    deal = parse_deal(deal_text, game)
    hands = len(deal.hands)
    the_contract = get_contract(game, contract)
    setup = partial(the_contract.setup, deal, parse_seat(dealer, game, hands) or 0,
                    parse_seat(declarer, game, hands), home=parse_seat(home, game, hands),
                    invite=parse_seat(invite, game, hands),
                    trump="contract" if trump is None else parse_trump(trump),
                    rules=game.parse_rules(rules_text) if rules_text is not None else None,
                    talon_leads=tuple(parse_cards(talon_leads or "")))
    # The setup checked first, then the play read for the players it leaves in the play.
    return setup(played=parse_play(play_text, len(setup().position.seats)))


def wants_colour(stream: TextIO) -> bool:
    """Whether text for `stream` may have colour: a terminal, and NO_COLOR not set (no-color.org)."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def _shifted(advance: Callable[[int, int], None], before: int, total: int, cards: int, _: int) -> None:
    """A deal's progress as the session's: `before` cards of earlier deals, `total` in all."""
    advance(before + cards, total)


def _analyse_session(entries: list[SessionDeal], advance: Callable[[int, int], None] | None,
                     threads: int | None = None,
                     card_values: bool = False) -> list[tuple[SessionDeal, Analysis]]:
    """Each deal of a session analysed, in order; stopped, those analysed before the stop."""
    total = sum(len(entry.play.position.played) for entry in entries)
    done: list[tuple[SessionDeal, Analysis]] = []
    before = 0
    for entry in entries:
        step = None if advance is None else partial(_shifted, advance, before, total)
        analysis = analyse(entry.play, step, threads=threads, card_values=card_values)
        if analysis.partial:
            break
        done.append((entry, analysis))
        before += len(entry.play.position.played)
    return done


@click.command(name="analyse", cls=PrefddCommand, epilog=PLAY_HELP)
@click.argument("game", metavar="[GAME]", required=False,
                type=click.Choice(sorted(GAMES), case_sensitive=False))
@click.argument("deal", required=False)
@click.option("--contract", help="The contract played (as in 'prefdd solve --help').")
@click.option("--dealer", help="The dealer's seat (default 0).")
@click.option("--declarer", help="The declarer's seat (default: eldest hand).")
@click.option("--play", "play_text", help="The cards played, all or the first ones (see below).")
@click.option("--home", help="Vienna 1-4, spiel, hearts: a defender who stayed home.")
@click.option("--invite", help="Vienna 1-4, spiel, hearts: a defender who went with and invited.")
@click.option("--trump", help="A Vienna declarer's higher trump than the contract's.")
@click.option("--rules", "rules_text", help="Play constraints or a variant (default: the contract's).")
@click.option("--talon-leads", "talon_leads", help="Preferans all-pass: the turned talon cards.")
@click.option("--session", type=click.Path(exists=True, dir_okay=False, allow_dash=True),
              help="Analyse every deal of FILE ('-': stdin) and total what each player lost.")
@click.option("--ascii", "ascii_only", is_flag=True,
              help="Plain ASCII: suit letters S H D C, no colour, ASCII rules.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@click.option("--all-cards", "all_cards", is_flag=True,
              help="Value every legal card at every card played, not only where a card cost something "
                   "(the JSON's best and values for every card; slower).")
@threads_option
def analyse_command(game: str | None, deal: str | None, contract: str | None, dealer: str | None,
                    declarer: str | None, play_text: str | None, home: str | None, invite: str | None,
                    trump: str | None, rules_text: str | None, talon_leads: str | None,
                    session: str | None, ascii_only: bool, as_json: bool, all_cards: bool,
                    threads: int | None) -> int:
    """Analyse a played DEAL of GAME card by card, double dummy.

    For each card: who played it, the double-dummy value before and after it
    (tricks for the declarer's side; in all-pass the player's own tricks; in
    Polskt pass whether the declarer wins the deal), what it cost its side, and
    the best cards instead, equivalent cards shown as one (♠QJT).

    With --session FILE, leave out GAME, DEAL and the deal's options: the file
    gives them for each deal.
    """
    if session is not None:
        if game is not None or deal is not None or contract is not None or play_text is not None:
            raise click.UsageError("give --session FILE alone, or GAME DEAL --contract --play")
        entries = read_session(read_text(session))
        with progress_bar("cards") as advance:
            results = run_stoppable(_analyse_session, entries, advance, threads, all_cards)
        count = len(entries)
        click.echo(json.dumps(session_to_json(results, count)) if as_json
                   else session_to_text(results, ascii_only, count), nl=as_json)
        if len(results) < count:
            return stop(stopped_line(len(results), count, "deals analysed"))
        return ANSWERED
    if game is None or deal is None:
        raise click.UsageError("give GAME and DEAL (or --session FILE)")
    if contract is None:
        raise click.UsageError("give the --contract played")
    if play_text is None:
        raise click.UsageError("give the cards played with --play")
    played = _setup(game, deal, contract, dealer, declarer, home, invite, trump, rules_text,
                    talon_leads, play_text)
    with progress_bar("cards") as advance:
        result = run_stoppable(analyse, played, advance, threads=threads, card_values=all_cards)
    if as_json:
        click.echo(json.dumps(analysis_to_json(result)))
    else:
        colour = not ascii_only and wants_colour(sys.stdout)
        click.echo(analysis_to_text(result, ascii_only, colour), nl=False)
    if result.partial:
        return stop(stopped_line(len(result.cards), len(played.position.played), "cards analysed"))
    return ANSWERED
