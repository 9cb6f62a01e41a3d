"""What a contract's double-dummy outcome scores, under each game's scoring rules.

Double dummy fixes the declarer's side's tricks; how the other seats share
theirs (which matters to Preferans whists or Vienna payments) is taken from
the optimal line the solver gives, so the score is that of the line shown.

>>> from prefdd.rules import PREFERANS, get_contract, parse_deal
>>> deal = parse_deal("QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87", PREFERANS)
>>> from prefdd.solver.analyses.contracts import solve_contract
>>> result = solve_contract(deal, get_contract(PREFERANS, "6NT"), dealer=2, declarer=0, line=True)
>>> [s.dump for s in score(result)]
[6, 0, 0]
"""

from __future__ import annotations

from dataclasses import dataclass

from prefdd.rules import PREFERANS, PRIFFE, VIENNA, Aim, InvalidInputError, Play
from prefdd.rules.scoring import (
    Defence,
    Honours,
    Scoring,
    score_all_pass,
    score_contract,
    score_misere,
    score_priffe,
    settle_all_pass,
    settle_contract,
    settle_polskt_pass,
)
from prefdd.solver.analyses.contracts import ContractResult


@dataclass(frozen=True)
class ScoreOptions:
    """The scoring system and stakes: Preferans `system`; Vienna `pot` and `maximum`
    (units, a base stake being 10); Priffe `honours`; Polskt pass `pot`."""

    system: Scoring = Scoring.SOCHI
    pot: int = 20
    maximum: int = 30
    honours: Honours = Honours.STANDARD

    def __post_init__(self) -> None:
        """Check the options, taking a system or honours rule by its name too.

        >>> ScoreOptions(system="Leningrad").system
        <Scoring.LENINGRAD: 'leningrad'>
        >>> ScoreOptions(system="moscow")
        Traceback (most recent call last):
        ...
        prefdd.rules.errors.InvalidInputError: unknown scoring system 'moscow': one of sochi, ...
        >>> ScoreOptions(pot=-5)
        Traceback (most recent call last):
        ...
        prefdd.rules.errors.InvalidInputError: the pot must be a whole number of units, 0 or more, not -5
        """
        for field, kind, what in (("system", Scoring, "scoring system"),
                                  ("honours", Honours, "honours rule")):
            value = getattr(self, field)
            if isinstance(value, str):
                names = {member.value: member for member in kind}
                if value.lower() not in names:
                    raise InvalidInputError(f"unknown {what} {value!r}: one of {', '.join(names)}")
                object.__setattr__(self, field, names[value.lower()])
            elif not isinstance(value, kind):
                raise InvalidInputError(f"the {what} must be a {kind.__name__} or its name, not {value!r}")
        for field in ("pot", "maximum"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidInputError(
                    f"the {field} must be a whole number of units, 0 or more, not {value!r}")


def trick_winners(result: ContractResult) -> list[int]:
    """The seat that won each trick: the tricks already played, then the optimal line."""
    tricks = list(result.play.position.tricks) + list(result.solution.line or ())
    return [t.winner for t in tricks if t.winner is not None]


def score(result: ContractResult, options: ScoreOptions = ScoreOptions()) -> tuple | object | None:
    """The game's score of the outcome, or None when the play is not a whole deal of the game.

    An ending (hands of fewer cards) is not, nor a play without one of the
    table's three players (a hand written ``-``) except a Vienna defender who
    stays home where the contract lets him. The result must carry its optimal
    line (``solve_contract(..., line=True)``).
    """
    if not isinstance(result, ContractResult):
        raise InvalidInputError(f"score takes a ContractResult, not {type(result).__name__}")
    if not isinstance(options, ScoreOptions):
        raise InvalidInputError(f"options must be ScoreOptions, not {type(options).__name__}")
    play, contract = result.play, result.contract
    position = play.position
    game = position.game
    if result.solution.line is None:
        raise InvalidInputError("scoring needs the optimal line: solve the contract with line=True")
    if position.deal.hand_size != game.hand_size:
        return None
    winners = trick_winners(result)
    seats = position.seats
    taken = [winners.count(seat) for seat in seats]
    if game is PRIFFE:
        return score_priffe(contract.name, taken, position.deal.hands, position.declarer,
                            honours=options.honours)
    if game.permanent_trumps:
        return settle_polskt_pass([seats.index(w) for w in winners], (seats.index(position.declarer),),
                                  options.pot, players=len(seats))
    players = _table(play)
    if players is None:
        return None
    home = [seat for seat in players if seat not in seats]
    if home and not (game is VIENNA and contract.defenders_choose):
        return None
    taken = [winners.count(seat) for seat in players]
    if contract.aim is Aim.EACH_AVOIDS:
        if game is VIENNA:
            return settle_all_pass(taken, options.pot)
        return score_all_pass(taken, scoring=options.system)
    declarer = players.index(position.declarer)
    if game is PREFERANS:
        if contract.aim is Aim.AVOID:
            return score_misere(declarer, taken, scoring=options.system)
        return score_contract(contract.target, declarer, taken, scoring=options.system)
    defenders = (players[(declarer + 1) % 3], players[(declarer + 2) % 3])
    defence = tuple(Defence.INVITE if d == play.invite
                    else Defence.STAY_HOME if d in home or play.invite is not None
                    else Defence.GO_WITH for d in defenders)
    return settle_contract(contract.name, declarer, taken, options.pot, options.maximum, defence)


def _table(play: Play) -> tuple[int, ...] | None:
    """The three players at the table, by seat (the dealer sits out of a deal of four hands),
    or None if someone else plays."""
    hands = len(play.position.deal.hands)
    players = tuple(seat for seat in range(hands) if hands != 4 or seat != play.dealer)
    return players if len(players) == 3 and set(play.position.seats) <= set(players) else None
