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


def threads_option(command: F) -> F:
    """Add --threads: how many threads work on one deal (default: one per core)."""
    return click.option("--threads", type=click.IntRange(min=1), metavar="N",
                        help="Threads that work on the deal together (default: one per core); "
                             "the answer is the same for any number.")(command)


def score_options(scoring: str, pot: int, maximum: int, honours: str) -> ScoreOptions:
    """The scoring options as the solver takes them."""
    return ScoreOptions(Scoring(scoring.lower()), pot, maximum, Honours(honours.lower()))
