"""Bid expectations: layouts, exact enumeration against the oracle, sampling error, reproducibility."""

from __future__ import annotations

import math
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from prefdd.rules import PREFERANS, PRIFFE, VIENNA, Deal, InvalidInputError, get_contract, parse_cards
from prefdd.rules.scoring import Scoring
from prefdd.solver import ScoreOptions, solve_contract
from prefdd.solver.analyses import bidding
from prefdd.solver.analyses.bid_values import trick_values
from prefdd.solver.analyses.bidding import BidResult, _takes_up_talon, bid, evaluate, solve_layouts
from prefdd.solver.analyses.layouts import Hidden
from prefdd.solver.analyses.talon import solve_talon

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from solveall import ORACLE, north_cards, problems  # noqa: E402

HAND = parse_cards("SA SK SJ ST S9 HA HK D7 C8 C7")
TALON = parse_cards("DA C9")
EAST = parse_cards("SQ S8 HQ HJ DK DQ DJ CA CK CQ")
WEST = parse_cards("S7 HT H9 H8 H7 DT D9 D8 CJ CT")
ORACLE_CONTRACTS = ("6S", "6H", "6D", "6C", "6NT", "misere")


def oracle_hidden(deal: str, first: int) -> Hidden:
    """An oracle problem as a player's view: North (seat 0) holds the hand, its discards out of play.

    West (seat 2) leads when FIRST is 2, so East (seat 1) deals; North leads when it is 0, West deals.
    """
    hand, talon, _ = north_cards(deal)
    return Hidden.make("preferans", hand, 0, dealer=1 if first == 2 else 2, out=talon)


def playable(rows: list) -> list:
    """The oracle problems with no card already played (the bid analysis starts at the first lead).

    The misère problems are left to test_solveall.py: a misère solve is some 20 times slower, and
    184,756 of them take hours on this machine.
    """
    return [row for row in rows if "#" not in row[1]]


# -- layouts ------------------------------------------------------------------------------------------


def test_the_unseen_cards_and_places() -> None:
    hidden = Hidden.make("preferans", HAND, seat=0, dealer=2)
    assert len(hidden.unseen) == 22 and hidden.sizes == (10, 10, 2)
    assert hidden.count() == math.comb(22, 10) * math.comb(12, 10)
    layouts = hidden.sample(50, seed=3)
    assert layouts.shape == (50, 22)
    assert all(np.bincount(row, minlength=3).tolist() == [10, 10, 2] for row in layouts)
    deal, rest = hidden.deal(layouts[0])
    assert deal.hands[0] == frozenset(HAND) and len(rest) == 2 and deal.out_of_play == rest
    assert frozenset().union(*deal.hands, rest) == PREFERANS.deck(3)


def test_sampling_is_uniform_over_places() -> None:
    hidden = Hidden.make("preferans", HAND, seat=0, dealer=2)
    layouts = hidden.sample(4000, seed=5)
    share = (layouts == 2).mean(axis=0)  # each unseen card lies in the talon with probability 2/22
    assert np.all(np.abs(share - 2 / 22) < 0.025)


def test_enumeration_is_every_layout_once() -> None:
    known = {1: parse_cards("DA DK DQ DJ DT D9 D8 CA CK")}
    hidden = Hidden.make("preferans", HAND, seat=0, dealer=2, known=known)
    layouts = hidden.enumerate()
    assert len(layouts) == hidden.count() == math.comb(13, 1) * math.comb(12, 10)
    assert len({row.tobytes() for row in layouts}) == len(layouts)
    assert all(np.bincount(row, minlength=3).tolist() == list(hidden.sizes) for row in layouts)


def test_a_deal_is_the_same_whatever_the_seed_type() -> None:
    hidden = Hidden.make("preferans", HAND, seat=0, dealer=2)
    assert np.array_equal(hidden.sample(10, seed=7), hidden.sample(10, seed=np.random.default_rng(7)))


@pytest.mark.parametrize("kwargs,message", [
    ({"hand": HAND[:9]}, "hand holds 9 cards"),
    ({"hand": [*HAND[:9], HAND[0]]}, "appears twice"),
    ({"talon": TALON[:1]}, "talon holds 2"),
    ({"talon": TALON, "out": parse_cards("CA CK")}, "not both"),
    ({"seat": 3}, "seat 3 does not exist"),
    ({"known": {0: parse_cards("CA")}}, "own hand"),
    ({"hand": [*HAND[:9], parse_cards("C2")[0]]}, "not in the preferans deck"),
])
def test_bad_views_are_refused(kwargs: dict, message: str) -> None:
    args = {"game": "preferans", "hand": HAND, "seat": 0, "dealer": 2} | kwargs
    with pytest.raises(InvalidInputError, match=message):
        Hidden.make(args.pop("game"), args.pop("hand"), args.pop("seat"), args.pop("dealer"), **args)


def test_exact_refuses_too_many_layouts() -> None:
    with pytest.raises(InvalidInputError, match="too many to enumerate"):
        bid("preferans", HAND, 0, 2, exact=True)


# -- scores -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("system", list(Scoring))
@pytest.mark.parametrize("level", [6, 7, 8, 10])
def test_preferans_value_does_not_depend_on_the_defenders_split(system: Scoring, level: int) -> None:
    from prefdd.rules.scoring import ScoreSheet, score_contract, settle_preferans
    values = trick_values(get_contract(PREFERANS, f"{level}S"), ScoreOptions(system))
    for tricks in range(11):
        for first in range(11 - tricks):
            split = (tricks, first, 10 - tricks - first)
            sheet = ScoreSheet.empty(3).record(score_contract(level, 0, split, scoring=system))
            assert float(settle_preferans(sheet, 0, scoring=system)[0]) == pytest.approx(values[tricks])


def test_preferans_values_are_settlement_shares() -> None:
    values = trick_values(get_contract(PREFERANS, "6S"), ScoreOptions())
    # made exactly: 2 pool points (20) less the 4 x 2 whists written on him, less the mean 20/3
    assert values[6] == pytest.approx(20 - 8 - 20 / 3)
    assert values[10] > values[6] > 0 > values[5]


# -- double dummy collapse ----------------------------------------------------------------------------


def test_everything_known_collapses_to_the_double_dummy_value() -> None:
    contracts = ["6S", "7S", "8NT", "misere", "6C"]
    result = bid("preferans", HAND, 0, 2, talon=TALON, known={1: EAST, 2: WEST}, contracts=contracts,
                 samples=3, seed=1, workers=1)
    assert result.count == 3 and result.hidden.count() == 1
    deal = Deal((frozenset(HAND) | frozenset(TALON), frozenset(EAST), frozenset(WEST)))
    talon = solve_talon(deal, 2, 0, contracts=[get_contract(PREFERANS, c) for c in contracts])
    for i, name in enumerate(contracts):
        choice = talon.choice(name)
        assert result.tricks[:, i].tolist() == [choice.tricks] * 3
        assert result.probability[i] == float(choice.made)
        values = trick_values(choice.contract, ScoreOptions())
        assert result.expected[i] == pytest.approx(values[choice.tricks])
        assert result.expected_error[i] == 0.0
    exact = bid("preferans", HAND, 0, 2, talon=TALON, known={1: EAST, 2: WEST}, contracts=contracts,
                exact=True, workers=1)
    assert exact.count == 1 and exact.tricks.tolist()[0] == result.tricks.tolist()[0]
    assert exact.expected_error.tolist() == [0.0] * len(contracts)


def test_vienna_without_talon_plays_the_ten_cards_and_names_the_best_trump() -> None:
    known = {1: EAST, 2: WEST}
    result = bid("vienna", HAND, 0, 2, talon=TALON, known=known,
                 contracts=["1", "4", "spiel1", "bettel-ohne"], exact=True, workers=1)
    ten = Deal((frozenset(HAND), frozenset(EAST), frozenset(WEST)), frozenset(TALON))
    assert result.tricks[0, 2] == solve_contract(ten, get_contract(VIENNA, "spiel1"), 2, 0).tricks
    assert result.tricks[0, 3] == solve_contract(ten, get_contract(VIENNA, "bettel-ohne"), 2, 0).tricks
    twelve = Deal((frozenset(HAND) | frozenset(TALON), frozenset(EAST), frozenset(WEST)))
    every = solve_talon(twelve, 2, 0, contracts=[get_contract(VIENNA, str(i)) for i in range(1, 5)])
    assert result.tricks[0, 0] == max(c.tricks for c in every.choices)
    assert result.tricks[0, 1] == every.choice("4").tricks


def test_choices_that_score_alike_everywhere_are_not_the_runner_up() -> None:
    result = bid("vienna", HAND, 0, 2, talon=TALON, known={1: EAST, 2: WEST}, contracts=["1", "2"],
                 exact=True, workers=1)
    assert np.array_equal(result.scores[:, 0], result.scores[:, 1])
    assert result.recommended is not None and result.recommended.name == "1"
    assert [c.name for c in result.equivalent if c] == ["2"] and result.runner_up is None  # pass
    assert result.advantage == (float(result.expected[0]), 0.0)


def test_priffe_side_expectation_with_every_hand_known() -> None:
    hands = ["SA SK SQ SJ HT H9 H8 D7 D6 D5 C4 C3 C2", "ST S9 S8 S7 HA HK HQ DJ D4 CJ CT C9 C8",
             "S6 S5 S4 S3 HJ H7 H6 DA DK DQ CA CK CQ", "S2 H5 H4 H3 H2 DT D9 D8 D3 D2 C7 C6 C5"]
    cards = [parse_cards(h) for h in hands]
    result = bid("priffe", cards[0], 0, 3, known={1: cards[1], 2: cards[2], 3: cards[3]}, exact=True,
                 workers=1)
    assert [c.name for c in result.contracts] == ["ruter", "hjarter", "nolla", "priffe"]
    deal = Deal(tuple(frozenset(c) for c in cards))
    for i, contract in enumerate(result.contracts):
        assert result.tricks[0, i] == solve_contract(deal, contract, 3, 0).tricks
    assert result.expected_error.tolist() == [0.0] * 4


def test_polskt_pass_win_probability_per_trump() -> None:
    hand = parse_cards("CJ SJ HJ DJ HA")
    result = bid("polskt-pass", hand, 1, 0, samples=20, seed=2, workers=1)
    assert [c.name for c in result.contracts] == ["S", "H", "D", "C"]
    assert result.probability[result.index("H")] == 1.0  # the four jacks and the trump ace
    assert result.recommended is not None and result.confidence >= 0.5
    six = bid("polskt-pass", [*hand, parse_cards("S9")[0]], 1, 0, samples=5, seed=2, workers=1)
    assert six.probability[six.index("H")] == 1.0 and six.hidden.sizes == (5, 5, 5, 3)


# -- the oracle ---------------------------------------------------------------------------------------


def _oracle_check(deal: str, contract: int, first: int, layouts: int, expected: list[int]) -> None:
    hidden = oracle_hidden(deal, first)
    result = evaluate(hidden, [get_contract(PREFERANS, ORACLE_CONTRACTS[contract])],
                      hidden.enumerate(layouts), exact=True)
    assert result.histograms[0].tolist() == expected


@pytest.mark.skipif(not ORACLE.is_file(), reason="shared/oracle is not beside the repository")
@pytest.mark.parametrize("name,deal,contract,first,full,part",
                         [p for p in problems() if p[0] == "preferansRu1"])
def test_exact_enumeration_reproduces_the_first_oracle_layouts(name, deal, contract, first, full,
                                                               part) -> None:
    _oracle_check(deal, contract, first, 20000, part)


@pytest.mark.slow
@pytest.mark.skipif(not ORACLE.is_file(), reason="shared/oracle is not beside the repository")
@pytest.mark.parametrize("name,deal,contract,first,full,part",
                         [p for p in playable(problems()) if ORACLE_CONTRACTS[p[2]] != "misere"])
def test_exact_enumeration_reproduces_the_oracle(name, deal, contract, first, full, part) -> None:
    hidden = oracle_hidden(deal, first)
    result = bid("preferans", hidden.hand, 0, hidden.dealer, out=hidden.out,
                 contracts=[ORACLE_CONTRACTS[contract]], exact=True)
    assert result.histograms[0].tolist() == full and not result.partial


@pytest.mark.skipif(not ORACLE.is_file(), reason="shared/oracle is not beside the repository")
def test_sampling_lies_within_its_stated_error_of_the_exact_answer() -> None:
    name, deal, contract, first, full, _ = next(p for p in problems() if p[0] == "preferansRu1")
    hidden = oracle_hidden(deal, first)
    exact = np.array(full) / sum(full)
    result = bid("preferans", hidden.hand, 0, hidden.dealer, out=hidden.out, contracts=["6S"], samples=600,
                 seed=11)
    # 6S needs six tricks: the exact probability is 0 here; check the distribution of tricks instead
    sampled = result.histograms[0] / result.count
    errors = np.sqrt(sampled * (1 - sampled) / result.count)
    for tricks in range(11):
        if exact[tricks] > 0.01:
            assert abs(sampled[tricks] - exact[tricks]) <= 3.5 * errors[tricks], (name, tricks)
    # the probability of taking at least four tricks, as the bid analysis states a making probability
    hits = (result.tricks[:, 0] >= 4).astype(float)
    error = hits.std(ddof=1) / math.sqrt(len(hits))
    assert abs(hits.mean() - exact[4:].sum()) <= 3.5 * error


# -- reproducibility, executors, stopping --------------------------------------------------------------


def _small_run(**kwargs) -> BidResult:
    return bid("preferans", HAND, 0, 2, talon=TALON, contracts=["6S", "7NT"], samples=8, seed=4, **kwargs)


def _same(a: BidResult, b: BidResult) -> None:
    assert np.array_equal(a.layouts, b.layouts)
    assert np.array_equal(a.tricks, b.tricks) and np.array_equal(a.made, b.made)
    assert np.array_equal(a.scores, b.scores)
    assert a.expected.tolist() == b.expected.tolist()


def test_the_same_seed_gives_the_same_numbers_whatever_the_workers() -> None:
    one = _small_run(workers=1)
    _same(one, _small_run(workers=2))
    with ThreadPoolExecutor(3) as pool:
        _same(one, _small_run(executor=pool))
    assert not np.array_equal(one.layouts, bid("preferans", HAND, 0, 2, talon=TALON, contracts=["6S"],
                                                samples=12, seed=5, workers=1).layouts)


def test_an_enumeration_lands_by_layout_index_whatever_the_workers() -> None:
    """Solved high cards first and in stretches per worker, the answers still land on their layouts."""
    known = {1: parse_cards("DK DQ DJ CA CK CQ SQ S8")}
    hidden = Hidden.make("preferans", HAND, 0, 2, talon=TALON, known=known)
    contracts = [get_contract(PREFERANS, name) for name in ("6S", "6NT")]
    layouts = hidden.enumerate()
    one = evaluate(hidden, contracts, layouts, exact=True, workers=1)
    two = evaluate(hidden, contracts, layouts, exact=True, workers=2, chunk=7)
    _same(one, two)
    assert np.array_equal(one.layouts, layouts) and one.count == hidden.count() == 66
    assert np.array_equal(one.tricks, solve_layouts(hidden, ("6S", "6NT"), layouts)[0])


def test_a_team_sharing_one_table_gives_the_same_numbers() -> None:
    """With the discards made, every search is the engine's around the one hand: the workers are a team's
    threads searching one table (runner's `shared`), the chunks taken in order."""
    hidden = Hidden.make("preferans", HAND, 0, 2, out=TALON, known={1: parse_cards("DK DQ DJ CA CK CQ")})
    contracts = [get_contract(PREFERANS, name) for name in ("6S", "7NT", "misere")]
    assert not _takes_up_talon(hidden, contracts)
    assert _takes_up_talon(Hidden.make("preferans", HAND, 0, 2, talon=TALON), contracts)
    layouts = hidden.enumerate()
    one = evaluate(hidden, contracts, layouts, exact=True, workers=1)
    progress: list[int] = []
    two = evaluate(hidden, contracts, layouts, exact=True, workers=2, chunk=9,
                   progress=lambda done, total: progress.append(done))
    _same(one, two)
    assert progress[-1] == len(layouts) == hidden.count() and progress == sorted(progress)


def test_a_team_thread_runs_its_layouts_alone() -> None:
    """A team's thread makes no team (it works alone): run_layouts' `shared` then runs as without it."""
    from functools import partial

    from prefdd.solver.analyses.runner import run_layouts
    from prefdd.solver.engines import team_for

    def inside(_: int) -> list[int]:
        (doubled,), done = run_layouts(partial(np.multiply, 2), np.arange(6)[:, None], workers=2, shared=True)
        assert done.all()
        return doubled[:, 0].tolist()

    assert team_for(2).map(inside, [0]) == [[0, 2, 4, 6, 8, 10]]


def test_a_team_stopped_keeps_the_chunks_it_finished() -> None:
    """The team reports progress a fifth of a second at a time (engines.WAIT_SECONDS): the layouts take
    longer, and a Ctrl-C at the first report keeps what was finished."""
    hidden = Hidden.make("preferans", HAND, 0, 2, out=TALON)
    names = ("6S", "6NT", "misere")

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    result = evaluate(hidden, [get_contract(PREFERANS, n) for n in names], hidden.sample(20000, seed=2),
                      workers=2, chunk=16, progress=stop)
    assert result.partial and 0 < result.count < 20000
    assert np.array_equal(solve_layouts(hidden, names, result.layouts)[0], result.tricks)


def test_a_dask_cluster_gives_the_same_numbers() -> None:
    distributed = pytest.importorskip("distributed")
    one = _small_run(workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        _same(one, _small_run(executor=client.get_executor()))


def test_stopping_keeps_the_layouts_solved() -> None:
    calls = []

    def stop_after_first(done: int, total: int) -> None:
        calls.append(done)
        raise KeyboardInterrupt

    hidden = Hidden.make("preferans", HAND, 0, 2, talon=TALON)
    result = evaluate(hidden, [get_contract(PREFERANS, "6S")], hidden.sample(40, seed=1), workers=1,
                      chunk=4, progress=stop_after_first)
    assert result.partial and result.count == 4 == calls[0] and result.requested == 40
    full = solve_layouts(hidden, ("6S",), result.layouts)[0]
    assert np.array_equal(full, result.tricks)


def test_recommendation_and_its_confidence() -> None:
    result = _small_run(workers=1)
    best = result.recommended
    assert best is not None and best.name == "6S"
    ranking = sorted(result.expected, reverse=True)
    assert result.expected[result.index("6S")] == ranking[0]
    mean, error = result.advantage
    assert mean == pytest.approx(ranking[0] - max(ranking[1], 0.0))
    assert 0.5 <= result.confidence <= 1.0 and error >= 0


def test_a_hopeless_hand_passes() -> None:
    hand = parse_cards("S7 S8 H7 H8 D7 D8 C7 C8 S9 H9")
    result = bid("preferans", hand, 0, 2, contracts=["6S", "10NT"], samples=6, seed=1, workers=1)
    assert result.recommended is None and result.runner_up is not None


def test_priffe_score_is_the_sides_points_less_theirs() -> None:
    from prefdd.solver.analyses.bid_values import priffe_value
    hands = [frozenset(parse_cards(h)) for h in ("DA DK DQ", "DJ", "", "")]
    ruter = get_contract(PRIFFE, "ruter")
    assert priffe_value(ruter, 9, hands, 0, ScoreOptions()) == 30 + 20
    assert priffe_value(ruter, 9, hands, 1, ScoreOptions()) == 30 - 20


def test_each_layout_is_solved_on_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers (processes) are a bid's way to use every core: a Priffe nolla solve, which alone takes
    every core (prefdd.solver.split), takes one thread in a bid, where two workers each making a team of
    two had four threads on two cores (a bid 17% slower). The layouts go to the worker's engine in a
    batch (plain_batch), never through solve(), which would make the team."""
    import prefdd.solver.api as api

    def no_team(*args: object, **kwargs: object) -> object:
        raise AssertionError("a bid's layout made a team of threads")

    monkeypatch.setattr(api, "team_for", no_team)
    monkeypatch.setattr(bidding, "solve_contract", no_team)
    hidden = Hidden.make("priffe", parse_cards("S2 S3 S4 H2 H3 H4 H5 D2 D3 D4 D5 C2 C3"), 0, dealer=3)
    tricks, _ = solve_layouts(hidden, ("nolla",), hidden.sample(2, seed=1))
    assert tricks.shape == (2, 1)
