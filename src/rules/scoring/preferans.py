"""Russian Preferans scoring: pool, dump and whist points of a deal, and the final settlement.

This follows the *Poängsystem* of seed 002. A deal's score is three kinds of
points for each of the three players in the play (seats 0, 1, 2 clockwise, so
the defender to the declarer's left speaks first):

- **pool** points, won only by making a contract (or by taking no trick in an
  all-pass deal);
- **dump** (mountain) points, the penalties for falling short;
- **whist** points that one player writes on another, who owes them.

A pool or dump point is worth 10 whist points. Three scoring systems:

- ``SOCHI`` (the default), exactly as the seed summarises it;
- ``LENINGRAD``: every dump and whist point is written doubled (pool points
  are doubled only at the end, in :func:`settle`);
- ``ROSTOV``: the whisters' dump penalties are halved, and no dump is written:
  instead of each dump point the player pays 5 whist points to each other player.

>>> made, *defenders = score_contract(7, declarer=0, tricks=(7, 2, 1))
>>> made
PreferansScore(seat=0, pool=4, dump=0, whists=(0, 0, 0))
>>> [d.whists for d in defenders]  # 4 whist points on the declarer for each trick
[(8, 0, 0), (4, 0, 0)]
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from prefdd.rules.errors import InvalidInputError

CONTRACT_VALUES = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
"""Points of a trick contract by its level (RULES.md 3.3)."""
MISERE_VALUE = 10
WHIST_QUOTAS = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
"""Tricks the defenders need together against each level."""

_PLAYERS = 3
_TRICKS = 10


class Scoring(enum.Enum):
    """The three scoring systems of the seed's *Poängsystem*."""

    SOCHI = "sochi"
    LENINGRAD = "leningrad"
    ROSTOV = "rostov"


class Whist(enum.Enum):
    """A defender's answer to a trick contract."""

    PASS = "pass"
    WHIST = "whist"  # open ("in the light") or closed: the seed scores both alike
    HALF = "half-whist"  # only the second defender, after a pass, against 6 or 7: no play


@dataclass(frozen=True)
class PreferansScore:
    """One player's points: pool, dump, and the whist points written on each seat."""

    seat: int
    pool: int = 0
    dump: int = 0
    whists: tuple[int, ...] = (0, 0, 0)


def score_contract(level: int, declarer: int, tricks: Sequence[int] | None,
                   defence: tuple[Whist, Whist] = (Whist.WHIST, Whist.WHIST), *,
                   scoring: Scoring = Scoring.SOCHI, gentlemanly: bool = False,
                   ) -> tuple[PreferansScore, ...]:
    """The score of a trick contract of `level` (6–10) played by `declarer`.

    `tricks` are the tricks each seat took, or None when no card was played
    (both defenders passed, or a half-whist stood). `defence` holds the
    defenders' answers in speaking order: the declarer's left, then right.
    With `gentlemanly`, when the declarer falls the defenders share their
    whist points for tricks equally.

    A 6 two tricks short (dump 2 x 2) against two whisters who took 3 tricks
    each: each writes 4 whist points for the undertricks and 2 per own trick.

    >>> for score in score_contract(6, declarer=1, tricks=(3, 4, 3)):
    ...     print(score)
    PreferansScore(seat=0, pool=0, dump=0, whists=(0, 10, 0))
    PreferansScore(seat=1, pool=0, dump=4, whists=(0, 0, 0))
    PreferansScore(seat=2, pool=0, dump=0, whists=(0, 10, 0))
    """
    value = _level_value(level)
    _check_seat(declarer)
    if len(defence) != 2 or not all(isinstance(w, Whist) for w in defence):
        raise InvalidInputError(f"defence {defence!r} must be two Whist answers, the declarer's left first")
    first, second = _defenders(declarer)
    played = Whist.WHIST in defence
    if defence[0] is Whist.HALF or (defence[1] is Whist.HALF and (defence[0] is not Whist.PASS or level > 7)):
        raise InvalidInputError(
            "only the second defender can half-whist, after the first passed, against a 6 or 7"
        )
    if played != (tricks is not None):
        state = "was played: give the tricks" if played else "was not played: give tricks=None"
        raise InvalidInputError(f"the deal {state} (defence {defence[0].value}, {defence[1].value})")
    sheet = _Sheet()
    if tricks is None:
        sheet.pool[declarer] += value
        if defence[1] is Whist.HALF:  # as if the defenders took their quota, shared equally
            sheet.whists[second][declarer] += value * WHIST_QUOTAS[level] // 2
        return sheet.scores(scoring)
    _check_tricks(tricks)
    defender_tricks = (tricks[first], tricks[second])
    missing = level - tricks[declarer]
    if missing <= 0:
        sheet.pool[declarer] += value
    else:
        sheet.dump[declarer] += value * missing
        for defender in (first, second):
            sheet.whists[defender][declarer] += value * missing
    trick_whists = value * sum(defender_tricks)
    if gentlemanly and missing > 0:
        for defender in (first, second):
            sheet.whists[defender][declarer] += trick_whists // 2
    elif defence == (Whist.WHIST, Whist.WHIST):
        for defender, taken in zip((first, second), defender_tricks, strict=True):
            sheet.whists[defender][declarer] += value * taken
    else:
        whister = first if defence[0] is Whist.WHIST else second
        sheet.whists[whister][declarer] += trick_whists
    for defender, short in zip((first, second), _shortfalls(level, defender_tricks, defence), strict=True):
        penalty = value * short
        sheet.dump[defender] += penalty // 2 if scoring is Scoring.ROSTOV else penalty
    return sheet.scores(scoring)


def score_misere(declarer: int, tricks: Sequence[int], *,
                 scoring: Scoring = Scoring.SOCHI) -> tuple[PreferansScore, ...]:
    """The score of a misère: 10 pool points clean, else 10 dump points per trick taken.

    >>> [s.dump for s in score_misere(2, (5, 3, 2))]
    [0, 0, 20]
    >>> [s.whists for s in score_misere(2, (5, 3, 2), scoring=Scoring.ROSTOV)]
    [(0, 0, 100), (0, 0, 100), (0, 0, 0)]
    """
    _check_seat(declarer)
    _check_tricks(tricks)
    sheet = _Sheet()
    if tricks[declarer] == 0:
        sheet.pool[declarer] += MISERE_VALUE
    else:
        sheet.dump[declarer] += MISERE_VALUE * tricks[declarer]
    return sheet.scores(scoring)


def score_all_pass(tricks: Sequence[int], *, scoring: Scoring = Scoring.SOCHI) -> tuple[PreferansScore, ...]:
    """The score of an all-pass deal (raspasovka).

    Sochi and Leningrad: a dump point per trick (doubled in Leningrad), and a
    pool point for taking no trick. Rostov: no dump; the winner (the player
    with the fewest tricks; both, if two tie) writes 5 whist points per trick
    on each other player, and a player without a trick still gets the pool point.

    >>> [(s.pool, s.dump) for s in score_all_pass((0, 4, 6))]
    [(1, 0), (0, 4), (0, 6)]
    >>> [s.whists for s in score_all_pass((0, 4, 6), scoring=Scoring.ROSTOV)]
    [(0, 20, 30), (0, 0, 0), (0, 0, 0)]
    """
    _check_tricks(tricks)
    sheet = _Sheet()
    fewest = min(tricks)
    for seat, taken in enumerate(tricks):
        if taken == 0:
            sheet.pool[seat] += 1
        if scoring is not Scoring.ROSTOV:
            sheet.dump[seat] += taken
        elif taken == fewest:
            for other, their in enumerate(tricks):
                if their > fewest:
                    sheet.whists[seat][other] += 5 * their
    return sheet.scores(scoring)


@dataclass(frozen=True)
class ScoreSheet:
    """The running totals of a game, one line per player at the table (3 or 4).

    >>> sheet = ScoreSheet.empty(4).record(score_misere(0, (0, 6, 4)), seats=(1, 2, 3))
    >>> sheet.lines[1]
    PreferansScore(seat=1, pool=10, dump=0, whists=(0, 0, 0, 0))
    """

    lines: tuple[PreferansScore, ...]

    @classmethod
    def empty(cls, players: int = _PLAYERS) -> ScoreSheet:
        """A fresh sheet for `players` players."""
        if players not in (3, 4):
            raise InvalidInputError(f"Preferans is played by 3 or 4 players, not {players}")
        return cls(tuple(PreferansScore(seat, whists=(0,) * players) for seat in range(players)))

    def record(self, deal: Sequence[PreferansScore], seats: Sequence[int] = (0, 1, 2)) -> ScoreSheet:
        """The sheet with a deal's scores added; `seats` are the table seats of play seats 0, 1, 2.

        At a four-player table the dealer sits out, so `seats` names the three
        who played, in clockwise order from play seat 0.
        """
        players = len(self.lines)
        if len(set(seats)) != _PLAYERS or not all(0 <= s < players for s in seats):
            raise InvalidInputError(f"seats {tuple(seats)} must be three different seats 0-{players - 1}")
        lines = list(self.lines)
        for score in deal:
            table_seat = seats[score.seat]
            line = lines[table_seat]
            whists = list(line.whists)
            for other, points in enumerate(score.whists):
                whists[seats[other]] += points
            lines[table_seat] = PreferansScore(table_seat, line.pool + score.pool, line.dump + score.dump,
                                               tuple(whists))
        return ScoreSheet(tuple(lines))


def settle(sheet: ScoreSheet, target: int, *, scoring: Scoring = Scoring.SOCHI) -> tuple[Fraction, ...]:
    """Each player's final balance in whist points, summing to zero, once the pool is closed.

    First *American aid*: a player above the `target` pool passes the excess
    to the player with most pool points among those below it, who pays 10
    whist points for each. Then every player is at or above the target, and
    an excess left reduces that player's dump. The balance is the whist points
    written on others, less those written on the player, less 10 per dump
    point, plus the amount that makes the balances sum to zero. In Leningrad
    the pool (and so the target) counts double here.

    Player 0 is 4 over a target of 10 and player 1 is 4 short, so player 1
    pays 40 whist points for 4 pool points:

    >>> sheet = ScoreSheet((PreferansScore(0, pool=14, dump=2, whists=(0, 30, 10)),
    ...                     PreferansScore(1, pool=6, whists=(20, 0, 0)),
    ...                     PreferansScore(2, pool=10, dump=4)))
    >>> [int(points) for points in settle(sheet, target=10)]
    [60, -30, -30]
    """
    if target < 0:
        raise InvalidInputError(f"the pool target must not be negative, not {target}")
    players = len(sheet.lines)
    scale = 2 if scoring is Scoring.LENINGRAD else 1
    target *= scale
    pool = [line.pool * scale for line in sheet.lines]
    dump = [line.dump for line in sheet.lines]
    whists = [list(line.whists) for line in sheet.lines]
    for giver in range(players):
        clockwise = [(giver + step) % players for step in range(1, players)]
        while pool[giver] > target and (short := [s for s in clockwise if pool[s] < target]):
            receiver = max(short, key=lambda s: pool[s])
            moved = min(pool[giver] - target, target - pool[receiver])
            pool[giver] -= moved
            pool[receiver] += moved
            whists[giver][receiver] += 10 * moved
    for seat in range(players):
        if pool[seat] < target:
            raise InvalidInputError(
                f"the game is not over: player {seat} has {pool[seat]} of the {target} pool points"
            )
        dump[seat] -= pool[seat] - target
    balance = [sum(whists[seat]) - sum(row[seat] for row in whists) - 10 * dump[seat]
               for seat in range(players)]
    mean = Fraction(sum(balance), players)
    return tuple(points - mean for points in balance)


class _Sheet:
    """A deal's points while they are worked out, turned into results by the scoring system."""

    def __init__(self) -> None:
        self.pool = [0] * _PLAYERS
        self.dump = [0] * _PLAYERS
        self.whists = [[0] * _PLAYERS for _ in range(_PLAYERS)]

    def scores(self, scoring: Scoring) -> tuple[PreferansScore, ...]:
        dump, whists = self.dump, self.whists
        if scoring is Scoring.LENINGRAD:
            dump = [2 * d for d in dump]
            whists = [[2 * w for w in row] for row in whists]
        elif scoring is Scoring.ROSTOV:
            for seat, points in enumerate(dump):
                for other in range(_PLAYERS):
                    if other != seat:
                        whists[other][seat] += 5 * points
            dump = [0] * _PLAYERS
        return tuple(PreferansScore(seat, self.pool[seat], dump[seat], tuple(whists[seat]))
                     for seat in range(_PLAYERS))


def _shortfalls(level: int, tricks: tuple[int, int], defence: tuple[Whist, Whist]) -> tuple[int, int]:
    """The defenders' undertricks, each charged to the whister answerable for them.

    A lone whister answers for all. Two whisters each answer for their own
    undertricks against half the quota, less what the other took above his
    half; a quota of one trick is the second whister's.
    """
    quota = WHIST_QUOTAS[level]
    short = quota - sum(tricks)
    if short <= 0:
        return 0, 0
    if defence != (Whist.WHIST, Whist.WHIST):
        return (short, 0) if defence[0] is Whist.WHIST else (0, short)
    if quota == 1:
        return 0, short
    half = quota // 2
    own = [max(0, half - taken) for taken in tricks]
    spare = [max(0, taken - half) for taken in tricks]
    return max(0, own[0] - spare[1]), max(0, own[1] - spare[0])


def _level_value(level: int) -> int:
    if level not in CONTRACT_VALUES:
        raise InvalidInputError(
            f"unknown Preferans contract level {level!r} (levels 6-10; misère and all-pass: "
            "score_misere, score_all_pass)"
        )
    return CONTRACT_VALUES[level]


def _defenders(declarer: int) -> tuple[int, int]:
    """The defenders in speaking order: the declarer's left, then right."""
    return (declarer + 1) % _PLAYERS, (declarer + 2) % _PLAYERS


def _check_seat(seat: int) -> None:
    if seat not in range(_PLAYERS):
        raise InvalidInputError(f"seat {seat!r} is not in the play (seats 0-2)")


def _check_tricks(tricks: Sequence[int]) -> None:
    if len(tricks) != _PLAYERS or any(t < 0 for t in tricks) or sum(tricks) != _TRICKS:
        raise InvalidInputError(
            f"tricks {tuple(tricks)} must be three counts, one per seat, adding up to {_TRICKS}"
        )
