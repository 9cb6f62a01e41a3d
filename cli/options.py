"""Command-line options that several commands share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import click

from prefdd.rules.scoring import Honours, Scoring
from prefdd.solver import ScoreOptions

if TYPE_CHECKING:  # imported where used: `prefdd solve` starts without the conditions' parser
    from prefdd.solver.analyses.conditions import Condition, Seating

F = TypeVar("F", bound=Callable[..., object])

_SCORING = (
    click.option("--scoring", type=click.Choice([s.value for s in Scoring], case_sensitive=False),
                 default=Scoring.SOCHI.value, show_default=True, help="Preferans scoring system."),
    click.option("--pot", type=int, default=ScoreOptions.pot, show_default=True,
                 help="Vienna and Polskt pass: units in the pot (a base stake is 10)."),
    click.option("--maximum", type=int, default=ScoreOptions.maximum, show_default=True,
                 help="Vienna: the most played for in one deal, in units."),
    click.option("--honours", type=click.Choice([h.value for h in Honours], case_sensitive=False),
                 default=Honours.STANDARD.value, show_default=True, help="Priffe honours rule."),
)


def scoring_options(command: F) -> F:
    """Add --scoring, --pot, --maximum and --honours to a command, in that order."""
    for option in reversed(_SCORING):
        command = option(command)
    return command


def threads_option(command: F) -> F:
    """Add --threads: how many threads work on one deal (default: one per core)."""
    return click.option("--threads", type=click.IntRange(min=1), metavar="N",
                        help="Threads that work on the deal together (default: one per core); "
                             "the answer is the same for any number.")(command)


def layout_options(samples: str, exact: str) -> Callable[[F], F]:
    """Add --samples, --exact, --seed, --workers and --dask: which layouts, and where they are solved.

    `samples` says the default number, `exact` when an enumeration is possible.
    """
    options = (
        click.option("--samples", type=click.IntRange(min=1), help=f"Layouts to sample (default {samples})."),
        click.option("--exact", is_flag=True, help=f"Solve every layout instead of sampling ({exact})."),
        click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
                     help="Seed of the sampled layouts."),
        click.option("--workers", type=click.IntRange(min=1),
                     help="Workers (default: every core): processes, or threads searching one table where "
                          "the layouts share their play (a bid with no talon taken up)."),
        click.option("--dask", "scheduler", metavar="ADDRESS",
                     help="Solve on a Dask cluster: its scheduler's address, like tcp://host:8786 "
                          "(needs dask[distributed])."),
    )

    def add(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return add


def stake_options(command: F) -> F:
    """Add --scoring, --pot and --maximum (Preferans and Vienna) to a command, in that order."""
    for option in reversed(_SCORING[:3]):
        command = option(command)
    return command


def score_options(scoring: str, pot: int, maximum: int,
                  honours: str = Honours.STANDARD.value) -> ScoreOptions:
    """The scoring options as the solver takes them."""
    return ScoreOptions(Scoring(scoring.lower()), pot, maximum, Honours(honours.lower()))


def where_option(command: F) -> F:
    """Add --where CONDITION (repeatable, all must hold): parse it with :func:`where_conditions`."""
    return click.option(
        "--where", multiple=True, metavar="CONDITION",
        help="Only layouts where this holds (repeatable: all must hold). Seats by number, by role "
             "(declarer, partner, left, right: see the command's help), N E S W in Priffe, or talon; "
             "terms SEAT.spades (hearts, diamonds, clubs), SEAT.hcp, SEAT.aces, SEAT.honours(ruter) "
             "(Priffe); 'SEAT has SA SK', 'SEAT has 2 of SA SK SQ', 'SEAT makes 7S'; and, or, not, "
             "parentheses. Like 'left.spades >= 5 and not partner has 2 of SA HA DA'. "
             "Reference: docs/conditions.md.")(command)


def where_conditions(texts: tuple[str, ...], seating: Seating) -> tuple[Condition, ...]:
    """The --where conditions, parsed with the command's roles; a mistake names --where and the column.

    >>> from prefdd.solver.analyses.conditions import Seating
    >>> where_conditions(("left.spades >= 5",), Seating.bidder("preferans", 0, 3))[0].tree.sides[0]
    (Count(seat=1, measure='spades', contract=None),)
    """
    from prefdd.solver.analyses.conditions import parse_conditions

    return parse_conditions(texts, seating, label="--where")
