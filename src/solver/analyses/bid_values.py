"""What one deal's outcome is worth to the bidder, under each game's scoring system.

The bid analysis needs one number per layout and contract: the *bidder's
score*, a function of the declarer's (side's) tricks, and in Priffe of the
hands (honours). Each game's own scoring module decides it; the assumptions
are these:

- **Preferans**: both defenders whist. The value is the declarer's share of
  the final settlement, in whist points: 10 per pool point (20 in Leningrad,
  where the pool counts double), less 10 per dump point, plus the whists he
  writes, less those written on him, less the mean of the three players'
  values so that they sum to zero (what :func:`prefdd.rules.scoring.settle_preferans`
  does with a closed pool). It does not depend on how the defenders share
  their tricks.
- **Vienna**: both defenders go with; the value is the declarer's net
  payment in units (a base stake is 10), the pot and the maximum as given.
- **Polskt pass**: the declarer's net gain: the pot if he wins the deal,
  else the bet he must set (as large as the pot).
- **Priffe**: the declarer's side's points (trick and honour points) less the
  other side's.

>>> from prefdd.rules import PREFERANS, get_contract
>>> from prefdd.solver.analyses.scores import ScoreOptions
>>> trick_values(get_contract(PREFERANS, "6S"), ScoreOptions())[4:8].round(2).tolist()
[-46.67, -27.33, 5.33, 14.0]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from prefdd.rules import Aim, Card, Contract, InvalidInputError
from prefdd.rules.scoring import (
    PreferansScore,
    ScoreSheet,
    Scoring,
    score_contract,
    score_misere,
    score_priffe,
    settle_contract,
    settle_polskt_pass,
    settle_preferans,
)
from prefdd.solver.analyses.scores import ScoreOptions


def trick_values(contract: Contract, options: ScoreOptions, players: int = 4) -> np.ndarray:
    """The bidder's score for each number of the declarer's tricks, 0 to the deal's total.

    Not for Priffe, whose honours depend on the hands (:func:`priffe_value`).
    For Polskt pass, index 0 is a lost deal and index 1 a won one.
    """
    game = contract.game.name
    if game == "polskt-pass":
        lost = settle_polskt_pass((1, 1, 1, 0, 0), (0,), options.pot, players=players).payments[0].net
        won = settle_polskt_pass((0, 0, 0, 1, 1), (0,), options.pot, players=players).payments[0].net
        return np.array([lost, won], dtype=np.float64)
    total = contract.game.hand_size
    values = np.zeros(total + 1, dtype=np.float64)
    for tricks in range(total + 1):
        taken = (tricks, total - tricks, 0)
        if game == "preferans":
            scores = (score_misere(0, taken, scoring=options.system) if contract.aim is Aim.AVOID
                      else score_contract(contract.target, 0, taken, scoring=options.system))
            values[tricks] = preferans_shares(scores, options.system)[0]
        elif game == "vienna":
            settlement = settle_contract(contract.name, 0, taken, options.pot, options.maximum)
            values[tricks] = settlement.payments[0].net
        else:
            raise InvalidInputError(f"{contract.game.name} scores depend on the hands: use priffe_value")
    return values


def preferans_shares(scores: Sequence[PreferansScore], system: Scoring) -> tuple[float, ...]:
    """Each play seat's share of a Preferans deal's settlement in whist points (they sum to zero).

    10 per pool point (20 in Leningrad), less 10 per dump point, plus the whists
    the player writes, less those written on him, less the mean of the three:
    what :func:`prefdd.rules.scoring.settle_preferans` makes of the deal alone.

    A 6 made with 6 tricks: 20 for the pool point less 2 x 4 whists written on the
    declarer, 4 whists for each defender; less the mean, 20 / 3:

    >>> from prefdd.rules.scoring import Scoring, score_contract
    >>> [round(share, 2) for share in preferans_shares(score_contract(6, 0, (6, 2, 2)), Scoring.SOCHI)]
    [5.33, -2.67, -2.67]
    """
    sheet = ScoreSheet.empty(3).record(scores)
    return tuple(float(share) for share in settle_preferans(sheet, target=0, scoring=system))


def priffe_value(contract: Contract, tricks: int, hands: Sequence[frozenset[Card]], declarer: int,
                 options: ScoreOptions) -> int:
    """The declarer's side's Priffe points less the other side's, its side taking `tricks` of 13."""
    taken = [0, 0, 0, 0]
    taken[declarer] = tricks
    taken[(declarer + 1) % 4] = 13 - tricks
    ours, theirs = score_priffe(contract.name, taken, hands, declarer, honours=options.honours)
    if declarer % 2:
        ours, theirs = theirs, ours
    return ours.total - theirs.total
