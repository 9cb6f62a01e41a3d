"""Command-line options that several commands share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from prefdd.rules.scoring import Honours, Scoring
from prefdd.solver import ScoreOptions

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


def layout_options(samples: str, exact: str) -> Callable[[F], F]:
    """Add --samples, --exact, --seed, --workers and --dask: which layouts, and where they are solved.

    `samples` says the default number, `exact` when an enumeration is possible.
    """
    options = (
        click.option("--samples", type=int, help=f"Layouts to sample (default {samples})."),
        click.option("--exact", is_flag=True, help=f"Solve every layout instead of sampling ({exact})."),
        click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampled layouts."),
        click.option("--workers", type=int, help="Worker processes (default: every core)."),
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
