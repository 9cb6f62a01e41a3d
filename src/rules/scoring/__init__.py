"""Scoring: what a deal's result is worth in each of the four games.

One module per game, each following its seed's scoring section:
:mod:`~prefdd.rules.scoring.preferans` (pool, dump and whist points; Sochi, Leningrad,
Rostov), :mod:`~prefdd.rules.scoring.vienna` (payments to and from the pot),
:mod:`~prefdd.rules.scoring.priffe` (trick and honour points, games of a sits) and
:mod:`~prefdd.rules.scoring.polskt_pass` (pot and bets).

>>> from prefdd.rules.scoring import score_contract
>>> score_contract(6, declarer=0, tricks=(6, 2, 2))[0].pool
2
"""

from prefdd.rules.scoring.polskt_pass import PolsktPassPayment, PolsktPassSettlement, deal_winner
from prefdd.rules.scoring.polskt_pass import settle as settle_polskt_pass
from prefdd.rules.scoring.preferans import (
    CONTRACT_VALUES,
    MISERE_VALUE,
    WHIST_QUOTAS,
    PreferansScore,
    ScoreSheet,
    Scoring,
    Whist,
    score_all_pass,
    score_contract,
    score_misere,
)
from prefdd.rules.scoring.preferans import settle as settle_preferans
from prefdd.rules.scoring.priffe import Honours, PriffeScore, Sits, honour_cards, honour_points
from prefdd.rules.scoring.priffe import score_deal as score_priffe
from prefdd.rules.scoring.vienna import (
    BASE_STAKE,
    Defence,
    ViennaPayment,
    ViennaSettlement,
    settle_all_pass,
    settle_contract,
    stake,
)

__all__ = [
    "BASE_STAKE", "CONTRACT_VALUES", "MISERE_VALUE", "WHIST_QUOTAS",
    "Defence", "Honours", "PolsktPassPayment", "PolsktPassSettlement", "PreferansScore", "PriffeScore",
    "ScoreSheet", "Scoring", "Sits", "ViennaPayment", "ViennaSettlement", "Whist",
    "deal_winner", "honour_cards", "honour_points", "score_all_pass", "score_contract", "score_misere",
    "score_priffe", "settle_all_pass", "settle_contract", "settle_polskt_pass", "settle_preferans", "stake",
]
