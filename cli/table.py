"""``prefdd table``: every seat as declarer times every contract family, double dummy."""

from __future__ import annotations

import io
import json

import click
from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from prefdd.cli.command import PrefddCommand
from prefdd.cli.exits import ANSWERED, stop, stopped_line
from prefdd.cli.main import GAME_NAMES
from prefdd.cli.options import threads_option
from prefdd.cli.progress import progress_bar
from prefdd.rules import get_game, parse_deal, parse_seat
from prefdd.solver import LABELS, Table, table
from prefdd.solver.stopping import run_stoppable


@click.command(name="table", cls=PrefddCommand)
@click.argument("game", metavar="GAME", type=click.Choice(GAME_NAMES, case_sensitive=False))
@click.argument("deal")
@click.option("--dealer", default="0", show_default=True, help="The dealer's seat.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a grid.")
@threads_option
def table_command(game: str, deal: str, dealer: str, as_json: bool, threads: int | None) -> int:
    """Every seat as declarer times every contract family of GAME, double dummy.

    Cells count the declarer's side's tricks (for misère, bettel and nolla the
    tricks it cannot avoid); in Polskt pass they say whether that player,
    choosing that trump, wins the deal against all the others.
    """
    the_game = get_game(game)
    the_deal = parse_deal(deal, the_game)
    the_dealer = parse_seat(dealer, the_game, len(the_deal.hands)) or 0
    with progress_bar("cells") as update:
        result = run_stoppable(table, the_deal, the_game, the_dealer, update, threads=threads)
    if as_json:
        click.echo(json.dumps(table_to_json(result)))
    else:
        click.echo(table_to_text(result), nl=False)
    if result.partial:
        return stop(stopped_line(result.solved, result.tricks.size, "cells solved"))
    return ANSWERED


def table_to_json(result: Table) -> dict:
    """A double-dummy table as JSON-ready data: one row per seat, one column per family (a cell not
    solved before a stop: null)."""
    return {
        "game": result.game.name,
        "seats": list(result.seats),
        "families": list(result.families),
        "tricks": [[None if v < 0 else v for v in row] for row in result.tricks.tolist()],
        "partial": result.partial,
    }


def table_to_text(result: Table) -> str:
    """A double-dummy table as a grid for people."""
    game = result.game
    grid = RichTable(box=box.SIMPLE, title=f"{game.title}: double-dummy table")
    grid.add_column("declarer")
    for family in result.families:
        grid.add_column(LABELS.get(family, family), justify="right")
    for seat, row in zip(result.seats, result.tricks.tolist(), strict=True):
        cells = ["?" if v < 0 else ("wins" if v else "-") if game.permanent_trumps else str(v) for v in row]
        grid.add_row(game.seat_name(seat), *cells)
    console = Console(width=120, color_system=None, record=True, file=io.StringIO())
    console.print(grid)
    if result.partial:
        console.print(f"Stopped: {result.solved} of {result.tricks.size} cells solved ('?': not solved).")
    return "".join(line.rstrip() + "\n" for line in console.export_text().splitlines())
