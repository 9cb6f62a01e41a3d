"""The defenders' answers: hand-worked scores from the seeds, tricks equal solve_contract layout by
layout, samples within their error bars of the exact enumeration, the decisions and reproducibility."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from prefdd.rules import PREFERANS, VIENNA, InvalidInputError, get_contract, parse_cards
from prefdd.rules.scoring import Scoring
from prefdd.rules.talon import lay_away, legal_discards
from prefdd.solver import ScoreOptions, solve_contract
from prefdd.solver.analyses.layouts import Hidden
from prefdd.solver.analyses.talon import solve_talon
from prefdd.solver.analyses.whist import WhistResult, defenders_of, evaluate_whist, whist
from prefdd.solver.analyses.whist_values import (
    BOTH,
    FIRST_HOME,
    SECOND_HOME,
    Node,
    decisions,
    outcome_values,
    settlements,
)

# Seat 1 defends; seat 0 declares, seat 2 deals: seat 1 is eldest hand and the first defender.
HAND = parse_cards("SA SK H7 H8 DA DQ D9 CK CQ C7")
TALON = parse_cards("C8 S7")


def value(game, contract: str, answers: tuple[str, str], defenders: int, then: str | None = None,
          **options) -> list[float]:
    """The outcome's scores for (declarer, first defender, second), the defenders taking `defenders`."""
    the_contract = get_contract(game, contract)
    gentlemanly = options.pop("gentlemanly", False)
    score_options = ScoreOptions(**options)
    outcomes, _ = decisions(the_contract, score_options.pot)
    outcome = next(o for o in outcomes if o.answers == answers and o.then == then)
    return outcome_values(the_contract, outcome, score_options, gentlemanly)[defenders].round(2).tolist()


# -- hand-worked scores (seed 002, Poängsystem; seed 000, Betalning) ------------------------------------
# Preferans scores are each seat's share of the settlement in whist points: 10 per pool point, less 10
# per dump point, plus whists written, less whists written on him, less the mean of the three.


def test_a_lone_whister_is_greedy() -> None:
    # 6♠ (value 2), the first whists alone, the defenders take 5: the declarer is one down, 2 dump points
    # (-20), and pays 2 consolation whists to each defender; the whister writes 2 x 5 = 10 whists for both
    # defenders' tricks (greedy whist). Totals -34, 12, 2; their mean is -20 / 3.
    assert value(PREFERANS, "6S", ("whist", "pass"), 5) == [-27.33, 18.67, 8.67]
    # Leningrad writes dump and whists doubled and doubles the pool at the end: everything twice.
    assert value(PREFERANS, "6S", ("whist", "pass"), 5, system=Scoring.LENINGRAD) == [-54.67, 37.33, 17.33]
    # Gentlemanly whist: the declarer fell, so the 10 trick whists are shared, 5 and 5: 7 and 7.
    assert value(PREFERANS, "6S", ("whist", "pass"), 5, gentlemanly=True) == [-27.33, 13.67, 13.67]


def test_a_lone_whister_answers_for_the_whole_quota() -> None:
    # 7♠ (value 4): the defenders need 2 and take 1. The declarer makes (40); the whister writes 4 whists
    # and takes 4 dump points for the trick short (-40), whichever defender whisted: 36, -36, 0.
    assert value(PREFERANS, "7S", ("whist", "pass"), 1) == [36.0, -36.0, 0.0]
    assert value(PREFERANS, "7S", ("pass", "whist"), 1) == [36.0, 0.0, -36.0]


def test_a_half_whist_standing() -> None:
    # No card is played: the declarer writes his 6 (20) and the half-whister whists as if the defenders
    # had taken their quota, 4, split evenly: 2 tricks x 2 = 4 whists. Totals 16, 0, 4; mean 20 / 3.
    assert value(PREFERANS, "6S", ("pass", "half-whist"), 0, then="pass") == [9.33, -6.67, -2.67]
    # Against 7 (value 4, quota 2): 1 trick x 4. Totals 36, 0, 4; mean 40 / 3.
    assert value(PREFERANS, "7S", ("pass", "half-whist"), 0, then="pass") == [22.67, -13.33, -9.33]
    # The defenders' tricks play no part without a play.
    assert value(PREFERANS, "7S", ("pass", "half-whist"), 9, then="pass") == [22.67, -13.33, -9.33]


def test_a_half_whist_answered_by_a_second_chance_whist() -> None:
    # 7♥: the first passed, the second half-whisted, the first whists after all: the play is scored
    # normally, the first whisting alone. The defenders take 3 (quota 2 made), the declarer makes 7 (40)
    # and the first writes 4 x 3 = 12 greedy whists. Totals 28, 12, 0; mean 40 / 3.
    assert value(PREFERANS, "7H", ("pass", "half-whist"), 3, then="whist") == [14.67, -1.33, -13.33]
    assert value(PREFERANS, "7H", ("pass", "half-whist"), 3, then="whist") == value(
        PREFERANS, "7H", ("whist", "pass"), 3)


def test_two_whisters_short_of_the_quota() -> None:
    # 6♠, both whist, the defenders take 3 of the 4 they need. Split evenly (1.5 each: the mean of 2-1 and
    # 1-2): 3 whists each, and the trick short (2 dump points) is the one-trick whister's, so each answers
    # for it half the time: -10. The declarer makes: 20 - 6 = 14. Totals 14, -7, -7; mean 0.
    assert value(PREFERANS, "6S", ("whist", "whist"), 3) == [14.0, -7.0, -7.0]
    # Rostov halves the whisters' penalty and writes 5 whists to each other player per dump point: each
    # whister's half dump point costs 2.5 to each of the two others.
    assert value(PREFERANS, "6S", ("whist", "whist"), 3, system=Scoring.ROSTOV) == [12.33, -6.17, -6.17]
    # 8♠ (value 6, quota 1) and no trick: a quota of one trick is the second whister's, 6 dump points.
    assert value(PREFERANS, "8S", ("whist", "whist"), 0) == [60.0, 0.0, -60.0]


def test_a_vienna_invitation_with_the_inviter_falling() -> None:
    # Contract 1, pot 20 (at most 30): 20 is played for, 2 units a trick. The first goes with and invites
    # the second; they take 3 of the 4 they need, so the inviter falls (20 to the pot) but is paid for
    # both defenders' tricks (6). The declarer makes with 7: 20 from the pot, less the 6. The invited
    # hand neither pays nor is paid.
    assert value(VIENNA, "1", ("invite", "home"), 3, pot=20) == [14.0, -14.0, 0.0]


def test_a_forced_go_with() -> None:
    # One base stake in the pot: both must go with, the only outcome. 10 is played for, 1 a trick.
    outcomes, tree = decisions(get_contract(VIENNA, "2"), pot=10)
    assert [o.answers for o in outcomes] == [("go", "go")]
    assert tree.options == (("go", Node(2, (("go", 0),))),)  # each defender's turn, one answer
    # 4 tricks, 2 each: nobody falls; the declarer takes the 10 and pays 4.
    assert value(VIENNA, "2", ("go", "go"), 4, pot=10) == [6.0, 2.0, 2.0]
    # 3 tricks: 2-1 or 1-2, so each falls half the time (10 to the pot) and is paid 1.5.
    assert value(VIENNA, "2", ("go", "go"), 3, pot=10) == [7.0, -3.5, -3.5]


def test_vienna_hearts_premium_reaches_the_defender_at_home() -> None:
    # Hearts, the first at home, the second alone takes 5: the declarer falls (20 to the pot), pays 2 x 5
    # for the tricks and a base stake of premium to each defender, the one at home too.
    assert value(VIENNA, "hearts", ("home", "go"), 5, pot=20) == [-50.0, 10.0, 20.0]


def test_settlements_make_nobody_fall() -> None:
    contract = get_contract(VIENNA, "2")
    outcomes, _ = decisions(contract, pot=30)
    alone = next(o for o in outcomes if o.answers == ("go", "home"))
    # 30 played for, 3 a trick: the declarer keeps 30 and pays 3 a trick to the one who goes with.
    assert [(t, v.tolist()) for t, v in settlements(contract, alone, ScoreOptions(pot=30))] == [
        (6, [18.0, 12.0, 0.0]), (7, [21.0, 9.0, 0.0]), (8, [24.0, 6.0, 0.0])]
    assert settlements(contract, outcomes[-1], ScoreOptions(pot=30)) == []  # both go with: no settling


def test_decision_trees_follow_the_rules() -> None:
    six, eight = get_contract(PREFERANS, "6S"), get_contract(PREFERANS, "8S")
    assert len(decisions(six, 20)[0]) == 6 and len(decisions(eight, 20)[0]) == 4  # half-whist: 6 and 7
    answers = {o.answers for o in decisions(get_contract(VIENNA, "spiel1"), 20)[0]}
    assert answers == {("home", "home"), ("home", "go"), ("home", "invite"), ("go", "home"),
                       ("invite", "home"), ("go", "go")}
    for contract in ("misere", "allpass"):
        with pytest.raises(InvalidInputError, match="the defenders do not choose"):
            decisions(get_contract(PREFERANS, contract), 20)
    with pytest.raises(InvalidInputError, match="both always play"):
        decisions(get_contract(VIENNA, "bettel"), 20)


# -- the tricks behind every outcome are solve_contract's -------------------------------------------------


def _check_tricks_layout_by_layout(result: WhistResult) -> None:
    """Each outcome's defenders' tricks are those of solve_contract on the layout's deal, the declarer
    having laid away the discard the module describes (found here by brute force over every discard)."""
    hidden, contract, declarer = result.hidden, result.contract, result.declarer
    first, second = defenders_of(declarer)
    for row, layout in enumerate(result.layouts):
        deal, _ = hidden.deal(layout)

        def declarers(laid, **kwargs) -> int:
            return solve_contract(laid, contract, hidden.dealer, declarer, **kwargs).tricks

        if contract.talon:
            full = hidden.with_talon(deal, declarer)
            discards = legal_discards(full, declarer, hidden.game)
            laid_by_discard = [lay_away(full, declarer, d) for d in discards]
            against_both = [declarers(laid) for laid in laid_by_discard]
            top = max(against_both)
            best = [laid for laid, t in zip(laid_by_discard, against_both, strict=True) if t == top]
            assert top == solve_talon(full, hidden.dealer, declarer,
                                                    contracts=[contract]).choice(contract.name).tricks
            if hidden.game is VIENNA:  # ties: the most tricks with a defender at home, the first such
                best.sort(key=lambda laid: -(declarers(laid, home=first) + declarers(laid, home=second)))
            laid = best[0]
        else:
            laid = deal
        for index, outcome in enumerate(result.outcomes):
            if outcome.play is None:
                continue
            home = {BOTH: None, FIRST_HOME: first, SECOND_HOME: second}[outcome.play]
            answers = outcome.answers
            inviter = (first, second)[answers.index("invite")] if "invite" in answers else None
            expected = 10 - declarers(laid, home=home, invite=inviter)
            assert result.defenders_tricks(index)[row] == expected, (row, outcome)


def test_preferans_tricks_equal_solve_contract_layout_by_layout() -> None:
    result = whist("preferans", HAND, 1, 0, 2, "7H", talon=TALON, samples=3, seed=5, workers=1)
    _check_tricks_layout_by_layout(result)


def test_preferans_tricks_with_the_talon_unseen_and_the_second_defender() -> None:
    result = whist("preferans", HAND, 1, 2, 0, "6D", samples=2, seed=2, workers=1)
    assert result.speaker == 2
    _check_tricks_layout_by_layout(result)


@pytest.mark.parametrize("contract,seat,declarer", [("3", 1, 0), ("spiel2", 2, 0), ("hearts", 0, 1)])
def test_vienna_tricks_equal_solve_contract_in_every_play(contract: str, seat: int, declarer: int) -> None:
    result = whist("vienna", HAND, seat, declarer, 2, contract, samples=2, seed=7, workers=1)
    _check_tricks_layout_by_layout(result)


# -- samples against the exact enumeration ----------------------------------------------------------------

# Six cards known in each other hand leave 8 unseen, 4 to each: 70 layouts.
KNOWN = {0: parse_cards("HA HK HQ HJ SQ SJ"), 2: parse_cards("DK DJ CA CJ ST S9")}


@pytest.mark.parametrize("game,contract", [("preferans", "6H"), ("vienna", "4")])
def test_samples_lie_within_their_error_of_the_exact_enumeration(game: str, contract: str) -> None:
    talon, known = TALON, KNOWN
    exact = whist(game, HAND, 1, 0, 2, contract, talon=talon, known=known, exact=True, workers=1)
    sample = whist(game, HAND, 1, 0, 2, contract, talon=talon, known=known, samples=400, seed=3, workers=1)
    assert exact.count == Hidden.make(game, HAND, 1, 2, talon=talon, known=known).count()
    assert not exact.expected_error.any()
    for i in range(len(exact.outcomes)):
        assert abs(sample.expected[i] - exact.expected[i]) <= 4 * sample.expected_error[i] + 1e-9, i
        if exact.outcomes[i].play is not None:
            assert abs(sample.quota_probability[i] - exact.quota_probability[i]) \
                <= 4 * sample.quota_error[i] + 1e-9, i


@pytest.mark.slow
def test_a_thousand_samples_within_their_error_of_the_whole_enumeration() -> None:
    """The 184,756 layouts of a Preferans defender with the talon shown, against 1,000 samples."""
    exact = whist("preferans", HAND, 1, 0, 2, "6H", talon=TALON, exact=True)
    sample = whist("preferans", HAND, 1, 0, 2, "6H", talon=TALON, samples=1000, seed=1)
    assert exact.count == 184_756
    for i in range(len(exact.outcomes)):
        assert abs(sample.expected[i] - exact.expected[i]) <= 4 * sample.expected_error[i] + 1e-9, i


# -- decisions, reproducibility, stopping -------------------------------------------------------------------


def test_everything_known_gives_the_double_dummy_answer() -> None:
    # The declarer holds all the hearts and spades but one: his 6♥ makes with tricks to spare.
    known = {0: parse_cards("HA HK HQ HJ HT H9 SQ SJ ST S9"), 2: parse_cards("S8 DK DJ DT D8 D7 CA CJ CT C9")}
    result = whist("preferans", HAND, 1, 0, 2, "6H", talon=TALON, known=known, exact=True, workers=1)
    assert result.count == 1
    pass_pass = result.outcome_index("pass", "pass")
    # Both pass: the declarer writes his 2 pool points, 20 whist points; less the mean, 20 / 3.
    assert result.histograms[pass_pass].sum() == 0 and result.expected[pass_pass] == pytest.approx(-20 / 3)
    deal = result.hidden.with_talon(result.hidden.deal(result.layouts[0])[0], 0)
    tricks = solve_talon(deal, 2, 0, contracts=[result.contract]).choice("6H").tricks
    assert result.tricks[0, 0] == 10 - tricks and tricks >= 6


def test_the_recommendation_is_the_best_answer_given_the_others() -> None:
    result = whist("preferans", HAND, 1, 0, 2, "6H", talon=TALON, samples=30, seed=2, workers=1)
    assert result.actions == ("pass", "whist")
    columns = result.scores[:, list(result.action_outcomes)]
    best = int(np.argmax(columns.mean(axis=0)))
    assert result.recommended == result.actions[best]
    mean, error = result.advantage
    assert mean == pytest.approx(columns[:, best].mean() - columns[:, 1 - best].mean())
    assert error >= 0 and 0.5 <= result.confidence <= 1
    # the other defender's answers are his best for himself
    after_whist = result.choices[("whist",)]
    options = [result.outcome_index("whist", a) for a in ("pass", "whist")]
    assert after_whist == ("pass", "whist")[int(np.argmax(result.partner_expected[options]))]


def test_a_fixed_partner_answer() -> None:
    result = whist("preferans", HAND, 2, 0, 1, "7H", talon=TALON, partner="pass", samples=20, seed=2,
                   workers=1)
    assert result.speaker == 2 and result.turn == ("pass",)
    assert result.actions == ("pass", "whist", "half-whist")
    assert result.choices[("pass", "half-whist")] == "pass"  # he passes again after a half-whist
    with pytest.raises(InvalidInputError, match="only the second defender half-whists"):
        whist("preferans", HAND, 2, 0, 1, "7H", talon=TALON, partner="half-whist", samples=2, workers=1)
    with pytest.raises(InvalidInputError, match="must go with"):
        whist("vienna", HAND, 1, 0, 2, "1", partner="home", options=ScoreOptions(pot=10), samples=2,
              workers=1)


def test_a_forced_go_with_recommends_going() -> None:
    result = whist("vienna", HAND, 2, 0, 2, "hearts", options=ScoreOptions(pot=10), samples=5, seed=1,
                   workers=1)
    assert result.actions == ("go",) and result.recommended == "go" and result.runner_up is None
    assert len(result.outcomes) == 1 and result.confidence == 1.0
    # Seat 2 speaks second: his turn comes after the first defender's forced go.
    assert result.turn == ("go",) and result.line(("go", "go")) == ()


@pytest.mark.parametrize("kwargs,message", [
    ({"declarer": 1}, "is the declarer"),
    ({"declarer": 3}, "does not exist"),
    ({"contract": "misere"}, "do not choose"),
    ({"contract": "6S", "partner": "go"}, "answers pass, whist, half-whist"),
])
def test_bad_problems_are_refused(kwargs: dict, message: str) -> None:
    args = {"declarer": 0, "contract": "6S", **kwargs}
    with pytest.raises(InvalidInputError, match=message):
        whist("preferans", HAND, 1, args.pop("declarer"), 2, args.pop("contract"), talon=TALON, samples=2,
              workers=1, **args)


def _small(**kwargs) -> WhistResult:
    return whist("vienna", HAND, 1, 0, 2, "spiel1", samples=6, seed=4, **kwargs)


def test_the_same_seed_gives_the_same_numbers_whatever_the_workers() -> None:
    one = _small(workers=1)
    for other in (_small(workers=2), _small(executor=ThreadPoolExecutor(2))):
        assert np.array_equal(one.layouts, other.layouts) and np.array_equal(one.tricks, other.tricks)
        assert np.array_equal(one.values, other.values)


def test_a_dask_cluster_gives_the_same_numbers() -> None:
    distributed = pytest.importorskip("distributed")
    one = _small(workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        other = _small(executor=client.get_executor())
    assert np.array_equal(one.tricks, other.tricks) and np.array_equal(one.values, other.values)


def test_stopping_keeps_the_layouts_solved() -> None:
    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    hidden = Hidden.make("preferans", HAND, 1, 2, talon=TALON)
    result = evaluate_whist(hidden, 0, get_contract(PREFERANS, "6H"), hidden.sample(30, seed=1), workers=1,
                            chunk=5, progress=stop)
    assert result.partial and result.count == 5 and result.requested == 30
    full = evaluate_whist(hidden, 0, get_contract(PREFERANS, "6H"), result.layouts, workers=1)
    assert np.array_equal(full.tricks, result.tricks) and np.array_equal(full.values, result.values)
