"""``prefdd bid``: what a hand is worth before the talon and the other hands are seen.

A stop with Ctrl-C keeps the layouts already solved: their table is printed
with a note, and the command exits with status 130 (the shell's code for an
interrupted command).
"""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

import click

from prefdd.cli.bid_render import bid_to_json, bid_to_text, plot_tricks
from prefdd.cli.command import PrefddCommand
from prefdd.cli.exits import stop, stopped_line
from prefdd.cli.options import layout_options, score_options, scoring_options, where_conditions, where_option
from prefdd.cli.progress import progress_bar
from prefdd.rules import Card, InvalidInputError, get_game, parse_cards, parse_hand, parse_seat
from prefdd.solver.analyses.bidding import bid
from prefdd.solver.analyses.conditions import Seating
from prefdd.solver.analyses.layouts import HANDS


def check_plot_path(path: str) -> None:
    """Refuse a --plot file that could not be written, before any work: no matplotlib, no such
    folder, or an image format matplotlib does not write (the file's extension names it)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise click.UsageError("--plot needs matplotlib: pip install 'prefdd[plot]'") from None
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise click.UsageError(f"--plot: no folder {folder} to write {os.path.basename(path)} in")
    if not os.access(folder, os.W_OK):
        raise click.UsageError(f"--plot: cannot write in the folder {folder}")
    extension = os.path.splitext(path)[1].lstrip(".").lower()
    formats = Figure().canvas.get_supported_filetypes()
    if extension and extension not in formats:
        raise click.UsageError(f"--plot: matplotlib cannot write .{extension} files "
                               f"(it writes {', '.join(sorted(formats))})")


@contextmanager
def executor_for(scheduler: str | None) -> Iterator[Executor | None]:
    """A Dask client's executor for the scheduler at `scheduler`, or None (local worker processes)."""
    if scheduler is None:
        yield None
        return
    try:
        from distributed import Client
    except ImportError:
        raise click.UsageError("--dask needs dask[distributed]: pip install 'dask[distributed]'") from None
    try:
        client = Client(scheduler, timeout=10)
    except Exception as error:  # a bad address (ValueError) or none listening (OSError), among others
        problem = f"--dask: cannot reach the scheduler at {scheduler}: {error}"
    else:
        problem = None
    if problem is not None:
        # The half-made client is garbage in a reference cycle; its __del__ closes it, taking the lock
        # of distributed's loop runners. Left to a later collection, that may come while the next
        # Client's start holds the same lock (in the same thread: a deadlock), so it is collected now.
        gc.collect()
        raise click.UsageError(problem)
    with client:
        yield client.get_executor()


def seat_option(text: str | None, game_name: str) -> int | None:
    """A seat option's value (None stays None)."""
    return parse_seat(text, get_game(game_name), HANDS[game_name])


def read_cards(text: str | None) -> list[Card]:
    """Cards as a list (``SA SK HT``) or as one hand in the deal notation (``AK.T..``)."""
    if not text:
        return []
    if "." in text and len(text.split()) == 1:
        return sorted(parse_hand(text.strip()))
    return parse_cards(text)


def known_option(texts: tuple[str, ...], game_name: str) -> dict[int, list]:
    """The --known options' cards by seat."""
    known: dict[int, list] = {}
    for text in texts:
        seat, colon, cards = text.partition(":")
        if not colon:
            raise InvalidInputError(f"--known {text!r}: write a seat, a colon and the cards, like '1:SA SK'")
        index = seat_option(seat, game_name)
        assert index is not None
        if not cards.strip():
            raise InvalidInputError(f"--known {text!r} names no card: write them after the colon, "
                                    "like '1:SA SK'")
        known.setdefault(index, []).extend(read_cards(cards))
    return known


@click.command(name="bid", cls=PrefddCommand)
@click.argument("game", metavar="GAME",
                type=click.Choice(("preferans", "vienna", "polskt-pass", "priffe"), case_sensitive=False))
@click.option("--hand", required=True, help="The player's cards, like 'SA SK ST HA D7 ...' or 'AKT.A.7.-' "
                                            "(Polskt pass: 5, or 6 when the player took an extra card "
                                            "and discards). Cards options take either form.")
@click.option("--seat", default="0", show_default=True, help="The player's seat: he is the declarer.")
@click.option("--dealer", help="The dealer's seat (default: the player's right-hand neighbour, so the "
                               "player is eldest hand).")
@click.option("--talon", help="Preferans, Vienna: the talon, when it is known; the declarer picks it up "
                              "in contracts with talon.")
@click.option("--out", help="Cards known to be out of play; in Preferans and Vienna the discards "
                            "already made: the hand then plays as it is.")
@click.option("--known", multiple=True, help="Cards known in another hand, 'SEAT:CARDS' (repeatable).")
@click.option("--contracts", help="Comma-separated contracts to analyse (default: every contract "
                                  "the player can declare).")
@layout_options("1000; Priffe 20", "when few enough: with the talon known, 184,756")
@where_option
@scoring_options
@click.option("--progress/--no-progress", default=None,
              help="Draw a progress bar on stderr (default: when stderr is a terminal).")
@click.option("--plot", type=click.Path(dir_okay=False, writable=True),
              help="Also draw each contract's trick distribution to this PNG file (needs matplotlib).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def bid_command(game: str, hand: str, seat: str, dealer: str | None, talon: str | None, out: str | None,
                known: tuple[str, ...], contracts: str | None, samples: int | None, exact: bool,
                seed: int, where: tuple[str, ...], workers: int | None, scheduler: str | None, scoring: str,
                pot: int, maximum: int, honours: str, progress: bool | None, plot: str | None,
                as_json: bool) -> int:
    """What a hand of GAME is worth to bid, double dummy over the cards the player cannot see.

    The unseen cards are dealt at random (or every way, --exact), each layout
    is solved for every contract with the declarer's best discard, and each
    contract gets its trick distribution, the probability that it makes and
    the bidder's expected score with standard errors; the recommended bid is
    the highest expected score (pass, worth 0, if none is positive).
    Assumed: the defenders always play (whist, go with); Preferans scores are
    the declarer's share of the settlement in whist points, Vienna's his net
    payment, Polskt pass's his gain, Priffe's his side's points less theirs.

    --where narrows the layouts to those that fit what the bidding said. The
    roles are the bidder's: declarer is the player (--seat), left and right
    his neighbours, partner the seat opposite (Priffe only).
    """
    name = get_game(game).name
    player = seat_option(seat, name)
    assert player is not None
    the_dealer = seat_option(dealer, name)
    if the_dealer is None:
        the_dealer = (player - 1) % HANDS[name]
    if plot is not None:
        check_plot_path(plot)
    options = score_options(scoring, pot, maximum, honours)
    conditions = where_conditions(where, Seating.bidder(name, player, HANDS[name]))
    result = run_solver(lambda executor, callback: bid(
        name, read_cards(hand), player, the_dealer, talon=read_cards(talon), out=read_cards(out),
        known=known_option(known, name),
        contracts=[c.strip() for c in contracts.split(",")] if contracts is not None else None,
        options=options,
        samples=samples, exact=exact, seed=None if exact else seed, where=conditions, workers=workers,
        executor=executor, progress=callback), scheduler, progress)
    return show(result, as_json, bid_to_json, bid_to_text, plot, plot_tricks)


def run_solver(solve: Callable[[Executor | None, Callable[[int, int], None] | None], Any],
               scheduler: str | None, progress: bool | None) -> Any | None:
    """`solve(executor, progress)` on the --dask scheduler's executor (or None), with a progress bar
    when --progress says so (default: when stderr is a terminal).

    Returns its result, or None when Ctrl-C stopped it before it returned (while the layouts were
    being dealt: once solving, a run keeps what it finished and returns it flagged partial).
    """
    try:
        with executor_for(scheduler) as executor, progress_bar("layouts", progress, rate=True) as callback:
            return solve(executor, callback)
    except KeyboardInterrupt:
        return None


def show(result: Any | None, as_json: bool, to_json: Callable[[Any], dict], to_text: Callable[[Any], str],
         plot: str | None, plot_to: Callable[[Any, str], None]) -> int:
    """Print a run's result (as JSON or text), draw its plot if asked, and say if it was stopped.

    Returns the exit status: 0, or 130 when the run was stopped (with nothing to show, if stopped
    before any layout was solved: `result` None or empty).
    """
    if result is None or result.count == 0:
        return stop("prefdd: stopped before any layout was solved")
    click.echo(json.dumps(to_json(result)) if as_json else to_text(result), nl=as_json)
    if plot is not None:
        plot_to(result, plot)
    if result.partial:
        return stop(stopped_line(result.count, result.requested, "layouts solved"))
    return 0
