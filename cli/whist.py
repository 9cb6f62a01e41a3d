"""``prefdd whist``: whist or pass, go with or stay home, priced for a defender before the play.

A stop with Ctrl-C keeps the layouts already solved: their table is printed
with a note, and the command exits with status 130, as ``prefdd bid`` does.
"""

from __future__ import annotations

import click

from prefdd.cli.bid import check_plot_path, known_option, read_cards, run_solver, seat_option, show
from prefdd.cli.command import PrefddCommand
from prefdd.cli.options import layout_options, score_options, stake_options, where_conditions, where_option
from prefdd.cli.whist_render import plot_whist, whist_to_json, whist_to_text
from prefdd.rules import get_game
from prefdd.solver.analyses.whist import ANSWERS, defender_seating, whist


@click.command(name="whist", cls=PrefddCommand)
@click.argument("game", metavar="GAME", type=click.Choice(("preferans", "vienna"), case_sensitive=False))
@click.option("--hand", required=True,
              help="The defender's ten cards, like 'SA SK ST HA D7 ...' or 'AKT.A.7.-'.")
@click.option("--seat", required=True, help="The defender's seat (0-2).")
@click.option("--declarer", required=True, help="The declarer's seat.")
@click.option("--dealer", required=True,
              help="The dealer's seat (Preferans: eldest hand, on his left, leads).")
@click.option("--contract", required=True,
              help="The contract named: Preferans 6S ... 10NT; Vienna 1-4, spiel1-spiel3 or hearts.")
@click.option("--talon", help="The talon, when shown (in Preferans it always is); else it is unseen.")
@click.option("--known", multiple=True, help="Cards known in another hand, 'SEAT:CARDS' (repeatable).")
@click.option("--partner", type=click.Choice(sorted({a for answers in ANSWERS.values() for a in answers})),
              help="The other defender's answer (if he speaks first, what he said); default: his best on "
                   "average over the same layouts.")
@click.option("--gentlemanly", is_flag=True,
              help="Preferans: when the declarer falls the defenders share their whists evenly.")
@layout_options("1000", "Preferans with the talon shown: 184,756")
@where_option
@stake_options
@click.option("--progress/--no-progress", default=None,
              help="Draw a progress bar on stderr (default: when stderr is a terminal).")
@click.option("--plot", type=click.Path(dir_okay=False, writable=True),
              help="Also draw the defenders' trick distribution in each play to this PNG file "
                   "(needs matplotlib).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def whist_command(game: str, hand: str, seat: str, declarer: str, dealer: str, contract: str,
                  talon: str | None, known: tuple[str, ...], partner: str | None, gentlemanly: bool,
                  samples: int | None, exact: bool, seed: int, workers: int | None, scheduler: str | None,
                  where: tuple[str, ...], scoring: str, pot: int, maximum: int, progress: bool | None,
                  plot: str | None, as_json: bool) -> int:
    """What each answer to a contract is worth to the defender at --seat, double dummy.

    Preferans: pass, whist, and half-whist where allowed; Vienna: go with,
    stay home, invite. The declarer's hand and discards and the other
    defender's hand are dealt at random (or every way, --exact) among the
    cards this defender cannot see; on each layout the declarer lays away his
    best discard and every play is solved double dummy. For each way the
    answers can end: the defenders' tricks, the chance that they make their
    quota and this defender's expected score (Preferans: his share of the
    settlement in whist points; Vienna: his net payment in units), each with
    its standard error; then the recommended answer, by how much it is ahead
    on the same layouts, and what was assumed of the other defender.

    --where narrows the layouts to those that fit what the bidding said. The
    roles are this defender's: declarer is --declarer, partner the other
    defender, left and right this defender's neighbours.
    """
    name = get_game(game).name
    player, the_declarer, the_dealer = (seat_option(text, name) for text in (seat, declarer, dealer))
    assert player is not None and the_declarer is not None and the_dealer is not None
    if partner is not None and partner not in ANSWERS[name]:
        raise click.UsageError(f"--partner {partner}: in {name} the other defender answers "
                               f"{', '.join(ANSWERS[name])}")
    if plot is not None:
        check_plot_path(plot)
    conditions = where_conditions(where, defender_seating(name, player, the_declarer))
    result = run_solver(lambda executor, callback: whist(
        name, read_cards(hand), player, the_declarer, the_dealer, contract, talon=read_cards(talon),
        known=known_option(known, name), options=score_options(scoring, pot, maximum),
        gentlemanly=gentlemanly, partner=partner, samples=samples, exact=exact, seed=None if exact else seed,
        where=conditions, workers=workers, executor=executor, progress=callback), scheduler, progress)
    return show(result, as_json, whist_to_json, whist_to_text, plot, plot_whist)
