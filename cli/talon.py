"""``prefdd talon``: which cards to lay away, and which contract to name.

>>> from click.testing import CliRunner
>>> out = CliRunner().invoke(talon_command, ["preferans", "--hand", "KJ.7.KQJT9.A9",
...     "--talon", "..87.", "--defenders", "A98.AT98..T87 QT7.KQJ.A.KQJ", "--dealer", "0",
...     "--contract", "7D", "--json"]).output
>>> import json; data = json.loads(out); data["best"], data["choices"][0]["tricks"]
('7D', 7)
"""

from __future__ import annotations

import json

import click

from prefdd.cli.command import PrefddCommand
from prefdd.cli.exits import ANSWERED, stop, stopped_line
from prefdd.cli.progress import progress_bar
from prefdd.cli.talon_render import talon_to_json, talon_to_text
from prefdd.rules import (
    POLSKT_PASS,
    Deal,
    Game,
    InvalidInputError,
    get_contract,
    get_game,
    parse_cards,
    parse_hand,
    parse_seat,
)
from prefdd.rules.talon import parse_talon_deal, talon_deal
from prefdd.solver import solve_talon
from prefdd.solver.analyses.talon import MAX_WORKERS
from prefdd.solver.stopping import run_stoppable

TALON_GAMES = ("preferans", "vienna", "polskt-pass")


def _from_hands(game: Game, hand: str, talon: str | None, defenders: str | None,
                dealer_text: str, declarer_text: str | None) -> tuple[Deal, int, int]:
    """The deal given as the declarer's hand, the talon and the other hands clockwise after him."""
    if defenders is None:
        raise click.UsageError("with --hand give the other hands, clockwise, with --defenders")
    seats = 1 + len(defenders.split())
    others = [parse_hand(h, game, seats) for h in defenders.split()]
    if game is not POLSKT_PASS and seats != 3:
        raise InvalidInputError(f"--defenders names {len(others)} hands: give the two defenders' hands")
    if game is POLSKT_PASS and talon is not None:
        raise click.UsageError("Polskt pass has no talon: give the six-card --hand")
    if game is not POLSKT_PASS and talon is None:
        raise click.UsageError("give the two talon cards with --talon")
    dealer = parse_seat(dealer_text, game, seats, "dealer")
    assert dealer is not None
    default = dealer if game is POLSKT_PASS else (dealer + 1) % seats
    declarer = parse_seat(declarer_text, game, seats, "declarer")
    declarer = default if declarer is None else declarer
    the_talon = frozenset()
    if talon is not None:
        the_talon = parse_hand(talon, game, seats) if "." in talon else frozenset(parse_cards(talon))
    deal = talon_deal(game, declarer, parse_hand(hand, game, seats), the_talon, others, seats)
    return deal, dealer, declarer


def _from_deal(game: Game, text: str, dealer_text: str, declarer_text: str | None) -> tuple[Deal, int, int]:
    """The deal as one line: the declarer's talon after ``|`` (or his hand with it)."""
    seats = len(text.partition("|")[0].split())
    dealer = parse_seat(dealer_text, game, max(seats, 1), "dealer")
    assert dealer is not None
    declarer = parse_seat(declarer_text, game, max(seats, 1), "declarer")
    if declarer is None:
        sizes = [len(parse_hand(h, game)) for h in text.partition("|")[0].split()]
        longer = [s for s, n in enumerate(sizes) if n > game.hand_size]
        if len(longer) == 1:
            declarer = longer[0]
        elif game is POLSKT_PASS:
            raise InvalidInputError("give the declarer's seat with --declarer")
        else:
            # The first seat after the dealer with cards; with none, the deal's check names the problem.
            declarer = next((s for s in ((dealer + k) % seats for k in range(1, seats + 1)) if sizes[s]),
                            (dealer + 1) % max(seats, 1))
    return parse_talon_deal(text, game, declarer), dealer, declarer


@click.command(name="talon", cls=PrefddCommand)
@click.argument("game", metavar="GAME", type=click.Choice(TALON_GAMES, case_sensitive=False))
@click.argument("deal", required=False)
@click.option("--hand", help="The declarer's hand before the talon, S.H.D.C (Polskt pass: his six cards).")
@click.option("--talon", help="The two talon cards, S.H.D.C (like '..87.') or as cards ('D8 D7').")
@click.option("--defenders", help="The other hands, clockwise after the declarer, in quotes.")
@click.option("--dealer", required=True, help="The dealer's seat.")
@click.option("--declarer", help="The declarer's seat (default: the hand holding the talon, or "
                                 "eldest hand; Polskt pass: the dealer).")
@click.option("--bid", help="The final bid: only contracts the declarer may name after it.")
@click.option("--contract", "contracts", multiple=True,
              help="A contract to evaluate (repeat for more; default: every one he may name).")
@click.option("--grid", is_flag=True, help="Also every discard's tricks for every contract.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option("--threads", type=click.IntRange(0, MAX_WORKERS), default=0, show_default=True,
              help="Threads to spread the contracts over (0: every core).")
def talon_command(game: str, deal: str | None, hand: str | None, talon: str | None,
                  defenders: str | None, dealer: str, declarer: str | None, bid: str | None,
                  contracts: tuple[str, ...], grid: bool, as_json: bool, threads: int) -> int:
    """Which two cards to lay away, and which contract to name, double dummy.

    Give the deal as the declarer's --hand, the --talon and the --defenders'
    hands, or as one DEAL line with the talon after a '|', like
    'QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87 | ..87.' (the talon joins the
    declarer's hand). In Polskt pass the declarer (dealer or cutter) holds six
    cards and lays one away; the answer is whether he then wins the deal.
    """
    the_game = get_game(game)
    if (deal is None) == (hand is None):
        raise click.UsageError("give a DEAL line or --hand (with --talon and --defenders), not both")
    if deal is not None:
        if talon is not None or defenders is not None:
            raise click.UsageError("--talon and --defenders go with --hand; in a DEAL line put the "
                                   "talon after '|'")
        the_deal, the_dealer, the_declarer = _from_deal(the_game, deal, dealer, declarer)
    else:
        assert hand is not None
        the_deal, the_dealer, the_declarer = _from_hands(the_game, hand, talon, defenders, dealer,
                                                         declarer)
    with progress_bar("questions") as update:
        result = run_stoppable(
            solve_talon, the_deal, the_dealer, the_declarer, game=the_game,
            contracts=[get_contract(the_game, c) for c in contracts] or None,
            bid=get_contract(the_game, bid) if bid is not None else None, grid=grid,
            workers=threads or None, progress=update)
    if as_json:
        click.echo(json.dumps(talon_to_json(result, the_deal, the_game)))
    else:
        click.echo(talon_to_text(result, the_deal, the_game), nl=False)
    if result.partial:
        return stop(stopped_line(len(result.choices), result.requested, "contracts solved"))
    return ANSWERED
