"""The defenders' decisions as the rules order them, and what each way they can end is worth.

After a trick contract is named the two defenders speak, the declarer's left
(the *first* defender) before his right (the *second*); RULES.md section 5:

- **Preferans** (seed 002): each whists or passes; against 6 and 7 the second,
  after a pass, may *half-whist* (no play), and the first then has a second
  chance to whist (and whists alone: the half-whist is withdrawn).
- **Vienna** (seed 000): each goes with or stays home; one who goes with
  while the other stays home may *invite* him; when the pot holds one base
  stake both must go with.

An :class:`Outcome` is one way the answers can end: who answered what, which
*play* follows (if any), and the tricks the defenders in it need.
:func:`decisions` gives the outcomes and the :class:`Node` tree of who
chooses between which of them; :func:`outcome_values` what an outcome scores
for each play seat (0 the declarer, 1 the first defender, 2 the second) by the
defenders' tricks, from :mod:`prefdd.rules.scoring`: Preferans shares of the
settlement in whist points (as :func:`~prefdd.solver.analyses.bid_values.preferans_shares`),
Vienna net payments in units.

Double dummy fixes the defenders' tricks together, not how two defenders
playing side by side share them. They are taken as **split evenly**, as the
seed splits them for a half-whist (*"som om ... försvararnas trick hade delats
lika mellan båda"*) and as gentlemanly whist shares the whists: an odd number
is the mean of the two splits as even as possible, one trick apart.

A 6 against two whisters who take 4 tricks between them: each writes 2 x 2
whists on the declarer, who makes and has 20 for his pool point: 20 - 8, 4 and
4, each less the mean 20 / 3. With 3 tricks, one short of the quota 4, they
write 6 whists and take 2 dump points (the contract's value for the trick
short) between them: 20 - 6 = 14 for the declarer, 3 - 10 = -7 for each:

>>> from prefdd.rules import PREFERANS, get_contract
>>> six = get_contract(PREFERANS, "6S")
>>> outcomes, _ = decisions(six, pot=20)
>>> both = next(o for o in outcomes if o.answers == ("whist", "whist"))
>>> outcome_values(six, both, ScoreOptions())[[4, 3]].round(2).tolist()
[[5.33, -2.67, -2.67], [14.0, -7.0, -7.0]]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from prefdd.rules import PREFERANS, VIENNA, Aim, Contract, InvalidInputError
from prefdd.rules.scoring import BASE_STAKE, WHIST_QUOTAS, Defence, Whist, score_contract, settle_contract
from prefdd.solver.analyses.bid_values import preferans_shares
from prefdd.solver.analyses.scores import ScoreOptions

BOTH, FIRST_HOME, SECOND_HOME = 0, 1, 2
"""The plays: both defenders in it; the first at home (the second alone); the second at home."""
PLAY_NAMES = ("both defenders", "the first defender at home", "the second defender at home")

_WHISTS = {"pass": Whist.PASS, "whist": Whist.WHIST, "half-whist": Whist.HALF}
_DEFENCES = {"go": Defence.GO_WITH, "home": Defence.STAY_HOME, "invite": Defence.INVITE}
_SETTLE_NEEDS = (6, 2)  # a settlement makes nobody fall: the declarer keeps 6, the defender 2


@dataclass(frozen=True)
class Outcome:
    """One way the defenders' answers end: `answers` (first, second), the first defender's second
    chance after a half-whist (`then`), the play that follows (None: no card is played) and the
    tricks the defenders in it need together (`quota`)."""

    answers: tuple[str, str]
    then: str | None = None
    play: int | None = BOTH
    quota: int | None = None


@dataclass(frozen=True)
class Node:
    """A defender's turn: `speaker` 1 (first) or 2 (second) picks one of `options`, each an answer and
    what follows it, another turn or an outcome (its index)."""

    speaker: int
    options: tuple[tuple[str, Node | int], ...]


def decisions(contract: Contract, pot: int) -> tuple[tuple[Outcome, ...], Node]:
    """Every outcome of the defenders' answers to `contract`, and the tree of their turns.

    >>> from prefdd.rules import VIENNA, get_contract
    >>> outcomes, tree = decisions(get_contract(VIENNA, "1"), pot=10)  # one base stake: forced
    >>> [o.answers for o in outcomes], tree
    ([('go', 'go')], Node(speaker=1, options=(('go', Node(speaker=2, options=(('go', 0),))),)))
    """
    check_contract(contract)
    if contract.game is PREFERANS:
        quota = WHIST_QUOTAS[contract.target]
        outcomes = [Outcome(("pass", "pass"), play=None), Outcome(("pass", "whist"), quota=quota),
                    Outcome(("whist", "pass"), quota=quota), Outcome(("whist", "whist"), quota=quota)]
        second_after_pass: list[tuple[str, Node | int]] = [("pass", 0), ("whist", 1)]
        if contract.target <= 7:
            outcomes += [Outcome(("pass", "half-whist"), "pass", play=None),
                         Outcome(("pass", "half-whist"), "whist", quota=quota)]
            second_after_pass.append(("half-whist", Node(1, (("pass", 4), ("whist", 5)))))
        tree = Node(1, (("pass", Node(2, tuple(second_after_pass))),
                        ("whist", Node(2, (("pass", 2), ("whist", 3))))))
        return tuple(outcomes), tree
    if pot == BASE_STAKE:
        # Each defender still has his turn, with one answer: the second speaker's path is (go, go).
        return (Outcome(("go", "go"), quota=4),), Node(1, (("go", Node(2, (("go", 0),))),))
    outcomes = [Outcome(("home", "home"), play=None), Outcome(("home", "go"), play=FIRST_HOME, quota=2),
                Outcome(("home", "invite"), quota=4), Outcome(("go", "home"), play=SECOND_HOME, quota=2),
                Outcome(("invite", "home"), quota=4), Outcome(("go", "go"), quota=4)]
    tree = Node(1, (("home", Node(2, (("home", 0), ("go", 1), ("invite", 2)))),
                    ("go", Node(2, (("home", Node(1, (("go", 3), ("invite", 4)))), ("go", 5))))))
    return tuple(outcomes), tree


def check_contract(contract: Contract) -> None:
    """A contract the defenders answer: a Preferans trick contract; Vienna 1-4, spiel or hearts."""
    if contract.game is PREFERANS and contract.aim is Aim.TAKE:
        return
    if contract.game is VIENNA and contract.defenders_choose:
        return
    raise InvalidInputError(
        f"the defenders do not choose in {contract.game.name} {contract.name}: they answer a Preferans "
        "trick contract (whist or pass) and Vienna 1-4, spiel 1-3 and hearts (go with or stay home); "
        "in misère, bettel and mord both always play")


def outcome_values(contract: Contract, outcome: Outcome, options: ScoreOptions,
                   gentlemanly: bool = False) -> np.ndarray:
    """``[defenders' tricks 0-10, 3]``: the outcome's score for the declarer, first and second defender.

    The defenders' tricks are those taken in the outcome's play; with no play every row is the same.
    `gentlemanly` (Preferans): when the declarer falls the defenders share their whists evenly.
    """
    total = contract.game.hand_size
    values = np.zeros((total + 1, 3), dtype=np.float64)
    for defenders in range(total + 1):
        if outcome.play is None:
            values[defenders] = _score(contract, outcome, None, options, gentlemanly)
        elif outcome.play == BOTH:
            even = [(total - defenders, (defenders + 1) // 2, defenders // 2),
                    (total - defenders, defenders // 2, (defenders + 1) // 2)]
            values[defenders] = np.mean([_score(contract, outcome, t, options, gentlemanly) for t in even],
                                        axis=0)
        else:
            alone = [total - defenders, 0, 0]
            alone[2 if outcome.play == FIRST_HOME else 1] = defenders
            values[defenders] = _score(contract, outcome, tuple(alone), options, gentlemanly)
    return values


def settlements(contract: Contract, outcome: Outcome, options: ScoreOptions) -> list[tuple[int, np.ndarray]]:
    """Vienna, one defender at home: each settlement the rules allow, as (the declarer's tricks, the
    scores of the three seats), from 6-4 to 8-2 (a settlement makes nobody fall)."""
    if contract.game is not VIENNA or outcome.play not in (FIRST_HOME, SECOND_HOME):
        return []
    total = contract.game.hand_size
    out = []
    for declarer in range(_SETTLE_NEEDS[0], total - _SETTLE_NEEDS[1] + 1):
        tricks = [declarer, 0, 0]
        tricks[2 if outcome.play == FIRST_HOME else 1] = total - declarer
        out.append((declarer, np.array(_score(contract, outcome, tuple(tricks), options, False))))
    return out


def _score(contract: Contract, outcome: Outcome, tricks: tuple[int, int, int] | None, options: ScoreOptions,
           gentlemanly: bool) -> tuple[float, ...]:
    """The three play seats' scores when the seats took `tricks` (None: no card played)."""
    if contract.game is PREFERANS:
        defence = ((Whist.WHIST, Whist.PASS) if outcome.then == "whist"
                   else tuple(_WHISTS[a] for a in outcome.answers))
        scores = score_contract(contract.target, 0, tricks, defence,  # type: ignore[arg-type]
                                scoring=options.system, gentlemanly=gentlemanly)
        return preferans_shares(scores, options.system)
    defence = tuple(_DEFENCES[a] for a in outcome.answers)
    settlement = settle_contract(contract.name, 0, tricks, options.pot, options.maximum,
                                 defence)  # type: ignore[arg-type]
    return tuple(float(p.net) for p in settlement.payments)
