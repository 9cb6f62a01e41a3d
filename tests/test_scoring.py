"""Scoring rules of the four games, worked from the seeds' own examples and by hand.

Each test says where its number comes from: a sentence of the seed (quoted
briefly in Swedish, with an English reading) or the arithmetic done by hand.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from prefdd.rules.cards import parse_cards
from prefdd.rules.errors import InvalidInputError
from prefdd.rules.scoring import (
    Defence,
    Honours,
    PreferansScore,
    ScoreSheet,
    Scoring,
    Sits,
    Whist,
    deal_winner,
    honour_points,
    score_all_pass,
    score_contract,
    score_misere,
    score_priffe,
    settle_all_pass,
    settle_contract,
    settle_polskt_pass,
    settle_preferans,
    stake,
)

PASS, WHIST, HALF = Whist.PASS, Whist.WHIST, Whist.HALF
WITH, HOME, INVITE = Defence.GO_WITH, Defence.STAY_HOME, Defence.INVITE


def points(scores: tuple[PreferansScore, ...]) -> list[tuple[int, int, tuple[int, ...]]]:
    """(pool, dump, whists written on seats 0-2) for each seat."""
    return [(s.pool, s.dump, s.whists) for s in scores]


# --- Preferans (seed 002, Poängsystem) ------------------------------------------------------------


def test_preferans_contract_made_pays_whists_per_defender_trick() -> None:
    # Seed 002: "Om det lyckas vinner deklaranten värdet av kontraktet i poolpoäng" and the whisters
    # "får betalt värdet av kontraktet i whistpoäng ... för varje stick de vinner": a made 8 (value 6)
    # gives the declarer 6 pool points; the whisters took 1 trick each, so each writes 6 on him.
    assert points(score_contract(8, declarer=1, tricks=(1, 8, 1))) == [
        (0, 0, (0, 6, 0)), (6, 0, (0, 0, 0)), (0, 0, (0, 6, 0)),
    ]


def test_preferans_nobody_whists_declarer_scores_contract_only() -> None:
    # Seed 002: "Om ingen av försvararna vill whist, vinner deklaranten automatiskt ... och ingen annan
    # poängsättning äger rum": 9 (value 8) scores 8 pool points and nothing else.
    assert points(score_contract(9, declarer=0, tricks=None, defence=(PASS, PASS))) == [
        (8, 0, (0, 0, 0)), (0, 0, (0, 0, 0)), (0, 0, (0, 0, 0)),
    ]


@pytest.mark.parametrize(("level", "whists_written"), [(6, 4), (7, 4)])
def test_preferans_half_whist(level: int, whists_written: int) -> None:
    # Seed 002: the half-whister "skriver whists på deklaranten som om han tog 2 stick i ett 6-tricks
    # spel och 1 i ett 7-trick"; "Förste försvararen gör inte mål". 6: 2 tricks x 2 = 4; 7: 1 x 4 = 4.
    # The declarer scores as if he made it (pool 2 or 4). Declarer seat 2: first defender 0, second 1.
    scores = score_contract(level, declarer=2, tricks=None, defence=(PASS, HALF))
    assert points(scores) == [
        (0, 0, (0, 0, 0)), (0, 0, (0, 0, whists_written)), (level * 2 - 10, 0, (0, 0, 0)),
    ]


def test_preferans_half_whist_is_only_for_the_second_defender_against_6_or_7() -> None:
    with pytest.raises(InvalidInputError, match="half-whist"):
        score_contract(8, declarer=0, tricks=None, defence=(PASS, HALF))
    with pytest.raises(InvalidInputError, match="half-whist"):
        score_contract(6, declarer=0, tricks=None, defence=(HALF, PASS))
    with pytest.raises(InvalidInputError, match="half-whist"):
        score_contract(6, declarer=0, tricks=None, defence=(WHIST, HALF))


def test_preferans_remise_dump_and_consolation_to_each_defender() -> None:
    # Seed 002: on remise the declarer "förlorar värdet på kontraktet multiplicerat med antalet undertrick
    # ... i dumppoäng, och betalar även samma summa till varje försvarare i whistpoäng". 8 (value 6)
    # with 6 tricks: 2 undertricks, dump 12; each defender gets 12, plus 6 per own trick
    # (3 tricks: 18, 1 trick: 6), so 30 and 18.
    assert points(score_contract(8, declarer=2, tricks=(3, 1, 6))) == [
        (0, 0, (0, 0, 30)), (0, 0, (0, 0, 18)), (0, 12, (0, 0, 0)),
    ]


def test_preferans_lone_whister_is_greedy_and_passer_still_gets_consolation() -> None:
    # Seed 002: "Om det bara finns en whist får den spelaren även whistpoäng för de trick som den andra
    # försvararen vann". 7 (value 4), declarer 0 takes 7; whister (seat 1) 2 tricks, passer 1 trick:
    # the whister writes 4 x 3 = 12, the passer nothing.
    assert points(score_contract(7, declarer=0, tricks=(7, 2, 1), defence=(WHIST, PASS))) == [
        (4, 0, (0, 0, 0)), (0, 0, (12, 0, 0)), (0, 0, (0, 0, 0)),
    ]
    # If the declarer falls (5 tricks, 2 under: dump 8) "samma summa till varje försvarare" goes to the
    # passer too (8 each); the whister also writes 4 x 5 tricks = 20.
    assert points(score_contract(7, declarer=0, tricks=(5, 3, 2), defence=(PASS, WHIST))) == [
        (0, 8, (0, 0, 0)), (0, 0, (8, 0, 0)), (0, 0, (28, 0, 0)),
    ]


def test_preferans_gentlemanly_whist_shares_trick_whists_when_declarer_falls() -> None:
    # Seed 002: "om deklaratorn har misslyckats ... delas whistarna som vinns av whistren lika mellan
    # whistern och den andra spelaren". Same deal as above: the 20 trick whists are split 10/10,
    # each defender keeps the 8 consolation.
    scores = score_contract(7, declarer=0, tricks=(5, 3, 2), defence=(PASS, WHIST), gentlemanly=True)
    assert [s.whists for s in scores] == [(0, 0, 0), (18, 0, 0), (18, 0, 0)]


def test_preferans_lone_whister_answers_for_the_whole_quota() -> None:
    # Seed 002: "det bara finns en enda whister, förlorar whister värdet på kontraktet i dumppoäng
    # (×10) för varje undertrick". 6 (value 2), defenders take 3 of the 4 needed: whister dump 2.
    scores = score_contract(6, declarer=0, tricks=(7, 0, 3), defence=(PASS, WHIST))
    assert [s.dump for s in scores] == [0, 0, 2]
    assert scores[2].whists == (6, 0, 0)  # 2 per trick for the 3 defenders' tricks


@pytest.mark.parametrize(("level", "declarer_tricks", "first", "second", "dumps"), [
    (6, 8, 1, 1, (2, 2)),  # quota 4, half 2 each: each 1 short -> 1 undertrick x value 2
    (6, 7, 3, 0, (0, 2)),  # 1 short in all; the first took 1 above his half, so the second answers for 1
    (6, 8, 2, 0, (0, 4)),  # 2 short, all the second's own undertricks
    (7, 9, 1, 0, (0, 4)),  # quota 2, half 1 each: the second is 1 short -> value 4
    (8, 10, 0, 0, (0, 6)),  # quota 1 "kan inte delas med 2 och den andra whistern anses ansvarig"
])
def test_preferans_two_whisters_share_the_penalty_by_own_undertricks(
        level: int, declarer_tricks: int, first: int, second: int, dumps: tuple[int, int]) -> None:
    # Seed 002: "varje whister endast är ansvarig för sina egna undertrick med avseende på hälften av
    # det antal stick som krävs", and in all the defenders "förlorar kollektivt kontraktsvärdet gånger
    # antalet undertrick": the dumps add up to value x (quota - tricks taken).
    scores = score_contract(level, declarer=0, tricks=(declarer_tricks, first, second))
    assert (scores[1].dump, scores[2].dump) == dumps


def test_preferans_leningrad_doubles_dump_and_whists_not_pool() -> None:
    # Seed 002: "Alla dump- och whistpoäng dubbleras när man skriver ner poäng, men inte poolpoängen".
    # The failed 8 above (dump 12, whists 30 and 18) becomes dump 24, whists 60 and 36.
    assert points(score_contract(8, declarer=2, tricks=(3, 1, 6), scoring=Scoring.LENINGRAD)) == [
        (0, 0, (0, 0, 60)), (0, 0, (0, 0, 36)), (0, 24, (0, 0, 0)),
    ]
    assert score_contract(8, declarer=2, tricks=(2, 0, 8), scoring=Scoring.LENINGRAD)[2].pool == 6


def test_preferans_rostov_turns_dump_into_whists_and_halves_whisters_penalty() -> None:
    # Seed 002, Rostov: "dumpstraffen för whisters ... halveras" and "Istället för att förlora en
    # dumppoäng, betalar en spelare 5 whistpoäng till varje motståndare". 6 (value 2), whisters take
    # 2 + 1 = 3 of 4: the second (seat 2, 1 trick) is 1 short -> dump 2, halved 1 -> 5 whists to the
    # declarer and 5 to the other whister. The whisters also write 2 per trick on the declarer.
    assert points(score_contract(6, declarer=0, tricks=(7, 2, 1), scoring=Scoring.ROSTOV)) == [
        (2, 0, (0, 0, 5)), (0, 0, (4, 0, 5)), (0, 0, (2, 0, 0)),
    ]
    # A failed declarer's dump is not halved: 7 with 6 tricks, dump 4 -> 20 whists to each defender,
    # on top of the 4 consolation and 4 per own trick (2 and 2 tricks: 8 each): 32 each.
    assert points(score_contract(7, declarer=0, tricks=(6, 2, 2), scoring=Scoring.ROSTOV)) == [
        (0, 0, (0, 0, 0)), (0, 0, (32, 0, 0)), (0, 0, (32, 0, 0)),
    ]


def test_preferans_misere() -> None:
    # Seed 002: "Om deklaranten inte vinner ett enda stick, får deklaranten 10 poolpoäng ... Annars
    # förlorar deklaranten 10 dumppoäng ... för varje övertrick. Inga ytterligare betalningar sker."
    assert points(score_misere(1, (6, 0, 4))) == [
        (0, 0, (0, 0, 0)), (10, 0, (0, 0, 0)), (0, 0, (0, 0, 0)),
    ]
    assert points(score_misere(1, (5, 2, 3))) == [
        (0, 0, (0, 0, 0)), (0, 20, (0, 0, 0)), (0, 0, (0, 0, 0)),
    ]
    # Leningrad doubles the dump: 40. Rostov: 20 dump points -> 5 whists each to both others = 100.
    assert score_misere(1, (5, 2, 3), scoring=Scoring.LENINGRAD)[1].dump == 40
    assert [s.whists for s in score_misere(1, (5, 2, 3), scoring=Scoring.ROSTOV)] == [
        (0, 100, 0), (0, 0, 0), (0, 100, 0),
    ]


def test_preferans_all_pass() -> None:
    # Seed 002: "Varje spelare får 1 dumppunkt (×10) per trick. En spelare som inte vinner några stick
    # vinner 1 poolpoäng (×10)."
    assert points(score_all_pass((0, 3, 7))) == [
        (1, 0, (0, 0, 0)), (0, 3, (0, 0, 0)), (0, 7, (0, 0, 0)),
    ]
    assert [s.dump for s in score_all_pass((0, 3, 7), scoring=Scoring.LENINGRAD)] == [0, 6, 14]


def test_preferans_all_pass_rostov() -> None:
    # Seed 002: "I Rostov-variationen får spelare inga dumppoäng men 5 whistpoäng per trick tilldelas
    # vinnaren av all-pass". Winner = fewest tricks. (2, 3, 5): seat 0 writes 15 and 25.
    assert points(score_all_pass((2, 3, 5), scoring=Scoring.ROSTOV)) == [
        (0, 0, (0, 15, 25)), (0, 0, (0, 0, 0)), (0, 0, (0, 0, 0)),
    ]
    # Two tie for fewest (3, 3, 4): both win, each writes 5 x 4 = 20 on the third.
    assert [s.whists for s in score_all_pass((3, 3, 4), scoring=Scoring.ROSTOV)] == [
        (0, 0, 20), (0, 0, 20), (0, 0, 0),
    ]


def test_preferans_sheet_records_deals_at_a_four_player_table() -> None:
    # Table seats 0-3; seat 0 deals and sits out, so play seats 0, 1, 2 are table seats 1, 2, 3.
    # Table seat 2 declares a 6 (play seat 1) and makes it; the whisters take 2 each -> 4 whists each.
    sheet = ScoreSheet.empty(4).record(score_contract(6, declarer=1, tricks=(2, 6, 2)), seats=(1, 2, 3))
    assert sheet.lines == (
        PreferansScore(0, whists=(0, 0, 0, 0)),
        PreferansScore(1, whists=(0, 0, 4, 0)),
        PreferansScore(2, pool=2, whists=(0, 0, 0, 0)),
        PreferansScore(3, whists=(0, 0, 4, 0)),
    )


def test_preferans_settle_american_aid_and_balance() -> None:
    # Seed 002, Resultatblad: the balance is "whistpoängen i spelarens whistpointområde, minus
    # whistpoängen som andra spelare har skrivit för den spelaren, minus 10 gånger siffran i spelarens
    # dumpområde" plus what makes the sum zero. Target 10. American aid: player 0 has 13, and passes
    # the 3 over to player 1 (7, the only one short), who pays 30 whists (0 -> 1: 10 + 30 = 40).
    # Player 2's 2 over the target find nobody short: "minskar spelaren sin dumpning", 5 -> 3.
    # Before the zero-sum step: p0 = 40 - 20 - 0 = 20; p1 = 0 - 40 - 20 = -60; p2 = 20 - 0 - 30 = -10.
    # They sum to -50, so 50/3 is added to each.
    sheet = ScoreSheet((
        PreferansScore(0, pool=13, dump=0, whists=(0, 10, 0)),
        PreferansScore(1, pool=7, dump=2, whists=(0, 0, 0)),
        PreferansScore(2, pool=12, dump=5, whists=(20, 0, 0)),
    ))
    assert settle_preferans(sheet, target=10) == (
        Fraction(110, 3), Fraction(-130, 3), Fraction(20, 3),
    )


def test_preferans_american_aid_goes_first_to_the_most_pool_below_target() -> None:
    # Seed 002: the excess "överförs till spelaren med flest antal poolpoäng bland de som ännu inte
    # uppnått målpoängen". Four players, target 10: player 0 has 3 over, player 1 has 1 over; players 2
    # (9) and 3 (7) are short. Player 0 gives 1 to player 2 (the most pool) and 2 to player 3, player 1
    # gives 1 to player 3: whists 10, 20 and 10, each 10 per pool point. Balances 30, 10, -10, -30.
    sheet = ScoreSheet(tuple(PreferansScore(seat, pool=pool, whists=(0,) * 4)
                             for seat, pool in enumerate((13, 11, 9, 7))))
    assert settle_preferans(sheet, target=10) == (30, 10, -10, -30)


def test_preferans_settle_needs_a_closed_pool() -> None:
    sheet = ScoreSheet((PreferansScore(0, pool=8), PreferansScore(1, pool=10), PreferansScore(2, pool=10)))
    with pytest.raises(InvalidInputError, match="not over"):
        settle_preferans(sheet, target=10)


def test_preferans_settle_leningrad_doubles_pool_at_the_end() -> None:
    # Seed 002, Leningrad: "Poolpoängen fördubblas dock i slutet av spelet innan resultatet beräknas".
    # Target 10 (20 doubled). Player 0 at 12 (24) gives 4 doubled points to player 1 at 8 (16) for 40
    # whists. Balances 40, -40, 0: already summing to zero.
    sheet = ScoreSheet((PreferansScore(0, pool=12), PreferansScore(1, pool=8), PreferansScore(2, pool=10)))
    assert settle_preferans(sheet, target=10, scoring=Scoring.LENINGRAD) == (40, -40, 0)
    assert settle_preferans(sheet, target=10) == (20, -20, 0)  # Sochi: 2 points for 20 whists


@pytest.mark.parametrize(("call", "message"), [
    (lambda: score_contract(5, 0, (5, 3, 2)), "level"),
    (lambda: score_contract(6, 3, (6, 2, 2)), "seat"),
    (lambda: score_contract(6, 0, (6, 2, 3)), "adding up to 10"),
    (lambda: score_contract(6, 0, None), "was played"),
    (lambda: score_contract(6, 0, (6, 2, 2), defence=(PASS, PASS)), "was not played"),
    (lambda: score_contract(6, 0, (6, 2, 2), defence=("whist", "pass")), "two Whist answers"),
    (lambda: score_all_pass((4, 4, 3)), "adding up to 10"),
    (lambda: ScoreSheet.empty(5), "3 or 4"),
])
def test_preferans_invalid_input(call, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        call()


# --- Vienna Préférence (seed 000, Betalning) -------------------------------------------------------


def test_vienna_seed_example() -> None:
    # Seed 000: "Det ligger tjugoenheter i potten, och maxbeloppet är trettioenheter. Spelföraren tar fem
    # stick, medspelaren till vänster ett stick, och medspelaren till höger fyra stick. Spelföraren och
    # medspelaren till vänster har fallit och skall betala vardera tjugoenheter till potten. Spelföraren
    # skall dessutom ge spelaren till vänster två enheter och spelaren till höger åtta enheter".
    result = settle_contract("1", declarer=0, tricks=(5, 1, 4), pot=20, maximum=30)
    assert [(p.from_pot, p.from_players) for p in result.payments] == [(-20, -10), (-20, 2), (0, 8)]
    assert result.pot == 60  # 20 + the two falls of 20


def test_vienna_trick_value_is_a_tenth_of_the_amount_played_for() -> None:
    # Seed 000: "Om det till exempel ligger en grundinsats på tio enheter i potten, är varje stick värt
    # en enhet. Om det ligger fem grundinsatser i potten och maxbeloppet är tre grundinsatser, är varje
    # stick värt tre enheter."
    assert stake(10, 30) // 10 == 1
    assert stake(50, 30) // 10 == 3


def test_vienna_declarer_makes_and_takes_the_amount_from_the_pot() -> None:
    # Seed 000: "Om spelföraren tog minst sex stick, tar hen sedan det belopp man spelar om från potten".
    # Pot 50, maximum 30: plays for 30, 3 per trick. Declarer 6, defenders 2 + 2 (neither falls):
    # declarer +30 from the pot, pays 6 + 6; 20 stays in the pot "till följande giv".
    result = settle_contract("spiel2", declarer=1, tricks=(2, 6, 2), pot=50, maximum=30)
    assert [p.net for p in result.payments] == [6, 18, 6]
    assert result.pot == 20


def test_vienna_one_defender_stays_home() -> None:
    # Two-handed: declarer 7, the defender who goes with 3 (paid 3 x 2 units at pot 20), the one at home
    # takes no trick and is not paid ("En medspelare som stannat hemma ... får inte betalt").
    result = settle_contract("4", declarer=2, tricks=(3, 0, 7), pot=20, maximum=30, defence=(WITH, HOME))
    assert [p.net for p in result.payments] == [6, 0, 14]
    with pytest.raises(InvalidInputError, match="stayed home"):
        settle_contract("4", declarer=2, tricks=(3, 1, 6), pot=20, maximum=30, defence=(WITH, HOME))


def test_vienna_invitation() -> None:
    # Seed 000: "Det är då endast medspelaren som bjuder in som riskerar att falla, men också endast hen
    # som får betalt för tagna stick ... Medspelarna måste sammanlagt ta minst fyra stick". Pot 30: 3
    # units a trick. The inviter (left, seat 1) takes 3 and the invited 0: 3 of 4 -> the inviter falls
    # (-30 to the pot) but is paid 9 for the 3 tricks; the invited neither pays nor is paid.
    result = settle_contract("3", declarer=0, tricks=(7, 3, 0), pot=30, maximum=30, defence=(INVITE, HOME))
    assert [(p.from_pot, p.from_players) for p in result.payments] == [(30, -9), (-30, 9), (0, 0)]
    # The invited one's tricks are paid to the inviter: 1 + 3 = 4 tricks -> 12, and nobody falls.
    result = settle_contract("3", declarer=0, tricks=(6, 1, 3), pot=30, maximum=30, defence=(INVITE, HOME))
    assert [p.net for p in result.payments] == [18, 12, 0]


def test_vienna_both_stay_home() -> None:
    # Seed 000: "Om båda medspelarna stannar hemma, räknas det som att spelföraren har vunnit sitt
    # kontrakt och tagit alla tio sticken": he takes the 20 played for, and nobody took a trick.
    result = settle_contract("1", declarer=0, tricks=None, pot=20, maximum=30, defence=(HOME, HOME))
    assert [p.net for p in result.payments] == [20, 0, 0]
    assert result.pot == 0


def test_vienna_hearts_premium_also_from_a_defender_at_home() -> None:
    # Seed 000: in hearts "Spelföraren får en grundinsats från var och en av medspelarna om hen går hem
    # ... Notera att premiebetalningen även erhålls, alternativt betalas, av medspelare som stannat
    # hemma." Both home, pot 40 (max 30): 30 from the pot and 10 from each defender.
    result = settle_contract("hjärter", declarer=1, tricks=None, pot=40, maximum=30, defence=(HOME, HOME))
    assert [p.net for p in result.payments] == [-10, 50, -10]
    # Failed hearts (5 tricks), both with, pot 20: pays 20 to the pot, 2 per defender trick (2 x 3 and
    # 2 x 2), and a base stake to each: -20 - 10 - 20 = -50; defenders 6 + 10 = 16 and 4 + 10 = 14.
    result = settle_contract("hearts", declarer=1, tricks=(3, 5, 2), pot=20, maximum=30)
    assert [p.net for p in result.payments] == [16, -50, 14]
    assert result.pot == 40


@pytest.mark.parametrize(("contract", "declarer_tricks", "premium"), [
    ("fem", 0, 10), ("fem utan köp", 0, 20), ("sex", 10, 20), ("sex-utan-kop", 10, 30),
    ("sju", 0, 30), ("plauderer-ohne", 0, 40), ("åtta", 10, 40), ("mord-open-ohne", 10, 50),
])
def test_vienna_premium_contracts(contract: str, declarer_tricks: int, premium: int) -> None:
    # Seed 000: "Premiebetalningen för kontrakten fem, sex, sju och åtta är en, två, tre respektive fyra
    # grundinsatser. Om kontraktet spelas utan köp, adderas en grundinsats." Made: the 20 in the pot and
    # the premium from each; "Det ges ingen betalning för tagna stick till medspelarna".
    other = 10 - declarer_tricks
    made = settle_contract(contract, declarer=0, tricks=(declarer_tricks, other, 0), pot=20, maximum=30)
    assert [p.net for p in made.payments] == [20 + 2 * premium, -premium, -premium]
    # Failed (one trick off): pays 20 to the pot and the premium to each defender; nobody else falls.
    off = 1 if declarer_tricks == 0 else 9
    failed = settle_contract(contract, declarer=0, tricks=(off, 10 - off, 0), pot=20, maximum=30)
    assert [p.net for p in failed.payments] == [-20 - 2 * premium, premium, premium]
    assert failed.pot == 40


def test_vienna_all_pass() -> None:
    # Seed 000: "den spelare som tar flest stick betala en grundinsats till potten. Om två spelare ligger
    # i topp med lika många stick, betalar båda ... straffavgiften vid krypspel alltid bara är en
    # grundinsats, även om pottens innehåll är större".
    result = settle_all_pass((2, 5, 3), pot=90)
    assert [p.net for p in result.payments] == [0, -10, 0]
    assert result.pot == 100
    assert [p.net for p in settle_all_pass((4, 4, 2), pot=90).payments] == [-10, -10, 0]


@pytest.mark.parametrize(("call", "message"), [
    # "Det är dock tvång att gå med om potten bara innehåller en grundinsats."
    (lambda: settle_contract("1", 0, (7, 3, 0), 10, 30, (WITH, HOME)), "must go with"),
    (lambda: settle_contract("bettel", 0, (0, 5, 5), 20, 30, (WITH, HOME)), "both defenders play"),
    (lambda: settle_contract("1", 0, (7, 3, 0), 20, 30, (INVITE, WITH)), "invite"),
    (lambda: settle_contract("1", 0, (7, 3, 0), 20, 30, (HOME, HOME)), "tricks=None"),
    (lambda: settle_contract("5", 0, (7, 3, 0), 20, 30), "unknown Vienna contract"),
    (lambda: settle_contract("1", 0, (7, 3, 0), 25, 30), "multiple of 10"),
    (lambda: settle_contract("1", 3, (7, 3, 0), 20, 30), "declarer seat"),
    (lambda: settle_contract("1", 0, (7, 3, 1), 20, 30), "adding up to 10"),
])
def test_vienna_invalid_input(call, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        call()


# --- Priffe (seed 003, Betalning och utgång) -------------------------------------------------------

NO_HONOURS = [parse_cards("SA HA"), parse_cards("DA CA"), [], []]  # aces split 2-2
NO_HONOURS_RUTER = [parse_cards("DA DK"), parse_cards("DQ DJ"), [], []]
NOLLA_DEUCES = [parse_cards("S2 H2"), parse_cards("D2 C2"), [], []]
HEART_HONOURS = [parse_cards("HA HK HQ HJ"), [], [], []]


def test_priffe_trick_points_when_the_contract_makes() -> None:
    # Seed 003: "Om spelförarens sida når målet för att gå hem, får den 10 poäng för varje trick" (a trick
    # is each one over six). Priffe, declarer side 1 takes 4 + 5 = 9: three tricks, 30.
    score = score_priffe("priffe", (2, 4, 2, 5), NO_HONOURS, declarer=3)
    assert [(s.trick_points, s.honour_points) for s in score] == [(0, 0), (30, 0)]


def test_priffe_penalty_tricks_seed_example() -> None:
    # Seed 003: "Om försvararna till exempel tar två trick, får de 20 poäng för trick och 20
    # honnörspoäng." Ruter by seat 0; the defenders (side 1) take 8 = two over six.
    ours, theirs = score_priffe("ruter", (3, 4, 2, 4), NO_HONOURS_RUTER, declarer=0)
    assert (ours.total, theirs.trick_points, theirs.honour_points) == (0, 20, 20)


def test_priffe_honours_score_whatever_the_result() -> None:
    # Seed 003: "Tre honnörer ... ger 20 honnörspoäng ... Fyra honnörer ... ger 40 honnörspoäng. Om
    # båda bolagen har två honnörer var ... ingen får poäng", "oavsett vilken sida som har dem och
    # oavsett om kontraktet går hem eller inte". The defenders of a made hjärter hold all four: 40.
    ours, theirs = score_priffe("hjärter", (4, 0, 4, 5), [[], parse_cards("HA HK"), [],
                                                          parse_cards("HQ HJ")], declarer=0)
    assert (ours.trick_points, ours.honour_points, theirs.honour_points) == (20, 0, 40)
    assert honour_points("priffe", NO_HONOURS) == (0, 0)
    three_aces_east_west = [parse_cards("SA"), parse_cards("HA DA"), [], parse_cards("CA")]
    assert honour_points("priffe", three_aces_east_west) == (0, 20)


@pytest.mark.parametrize(("scale", "one_hand", "split"), [
    # Standard: four 40 wherever they sit. Variant: "Om alla fyra honnörerna sitter samlade på en hand,
    # ger det 50". Variant: "10 honnörspoäng för tre honnörer och 20 honnörspoäng för fyra honnörer
    # (oavsett om de sitter fördelade på en eller två händer)".
    (Honours.STANDARD, 40, 40), (Honours.ONE_HAND, 50, 40), (Honours.HALVED, 20, 20),
])
def test_priffe_honour_variants(scale: Honours, one_hand: int, split: int) -> None:
    assert honour_points("hjarter", HEART_HONOURS, scale) == (one_hand, 0)
    assert honour_points("hjarter", [parse_cards("HA HK"), [], parse_cards("HQ HJ"), []], scale) == (split, 0)
    three = 10 if scale is Honours.HALVED else 20
    assert honour_points("nolla", [parse_cards("S2 H2"), parse_cards("D2"), parse_cards("C2"), []],
                         scale) == (three, 0)


def test_priffe_slams() -> None:
    # Seed 003: "Om ett bolag tar sex trick, har det gjort lilla slam och får 10 honnörspoäng. Om ett
    # bolag tar alla sju tricken, har det gjort stora slam och får 20". 12 of 13: 6 tricks, 60 + 10;
    # 13: 7 tricks, 70 + 20. Held honours 2-2 (no points).
    assert score_priffe("priffe", (6, 1, 6, 0), NO_HONOURS, declarer=0)[0].total == 70
    assert score_priffe("priffe", (7, 0, 6, 0), NO_HONOURS, declarer=2)[0].total == 90


def test_priffe_penalty_slams_and_double_variant() -> None:
    # Defenders take all 13 against priffe: 7 penalty tricks = 70 trick and 70 honour points, and
    # stora slam 20 (variant: "Sju strafftrick kallas stora straffslam och ger 40 honnörspoäng").
    ours, theirs = score_priffe("priffe", (0, 7, 0, 6), NO_HONOURS, declarer=0)
    assert (ours.total, theirs.trick_points, theirs.honour_points) == (0, 70, 90)
    theirs = score_priffe("priffe", (0, 7, 0, 6), NO_HONOURS, declarer=0, double_penalty_slam=True)[1]
    assert theirs.honour_points == 110
    # Six penalty tricks (declarer's side 1 trick): lilla straffslam 10, or 20 in the variant.
    assert score_priffe("priffe", (1, 7, 0, 5), NO_HONOURS, declarer=0)[1].honour_points == 70
    assert score_priffe("priffe", (1, 7, 0, 5), NO_HONOURS, declarer=0,
                        double_penalty_slam=True)[1].honour_points == 80


def test_priffe_nolla() -> None:
    # Seed 003: in nolla "Varje stick över sex som motparten tar – det vill säga varje stick under sju
    # som den egna sidan tar – kallas för ett trick". Declarer side 0 takes 4: 3 tricks, 30.
    assert [s.total for s in score_priffe("nolla", (2, 5, 2, 4), NOLLA_DEUCES, declarer=2)] == [30, 0]
    # Side 0 takes 9 (fails): the defenders' penalty tricks are the 3 it took over six: 30 + 30.
    ours, theirs = score_priffe("nolla", (5, 2, 4, 2), NOLLA_DEUCES, declarer=0)
    assert (ours.total, theirs.trick_points, theirs.honour_points) == (0, 30, 30)


def test_priffe_passnolla() -> None:
    # Seed 003: "I passnolla finns det ingen spelförare. Det bolag som tar minst antal stick får 10 poäng
    # per trick." Side 0 takes 6 (one under seven): 10; "aldrig något särskilt straff" for side 1.
    scores = score_priffe("passnolla", (3, 4, 3, 3), NOLLA_DEUCES)
    assert [(s.trick_points, s.honour_points) for s in scores] == [(10, 0), (0, 0)]
    with pytest.raises(InvalidInputError, match="no declarer"):
        score_priffe("passnolla", (3, 4, 3, 3), NOLLA_DEUCES, declarer=0)


def test_priffe_games_of_a_sits() -> None:
    # Seed 003: first game at 30 trick points, "en extra bonus på 10 poäng"; the second "ger en extra
    # bonus på 20 poäng, och den pågående sitsen är därmed slut"; "det bolag som förlorade heller inte
    # får använda sina trickpoäng som delmarkering till nästa utgång".
    sits = Sits().record(score_priffe("ruter", (4, 3, 4, 2), NO_HONOURS_RUTER, declarer=0))  # side 0: 20
    sits = sits.record(score_priffe("priffe", (2, 5, 2, 4), NO_HONOURS, declarer=1))  # side 1: 30, game
    assert (sits.points, sits.part_scores, sits.games) == ((20, 40), (0, 0), (0, 1))
    sits = sits.record(score_priffe("priffe", (4, 2, 3, 4), NO_HONOURS, declarer=0))  # side 0: 10
    sits = sits.record(score_priffe("priffe", (2, 4, 2, 5), NO_HONOURS, declarer=1))  # side 1: 30, 2nd game
    assert (sits.points, sits.games, sits.finished) == ((30, 90), (0, 2), True)
    assert sits.balance() == (-6, 6, -6, 6)
    with pytest.raises(InvalidInputError, match="over"):
        sits.record(score_priffe("priffe", (2, 4, 2, 5), NO_HONOURS, declarer=1))


def test_priffe_second_game_at_40_variant() -> None:
    # Seed 003: "Variant: Ett bolag måste nå 40 poäng ... för att göra sin andra utgång."
    sits = Sits(games=(1, 0), second_game=40)
    sits = sits.record(score_priffe("priffe", (5, 2, 3, 3), NO_HONOURS, declarer=0))  # 20
    sits = sits.record(score_priffe("priffe", (4, 2, 3, 4), NO_HONOURS, declarer=0))  # 10: 30, not yet
    assert (sits.games, sits.part_scores) == ((1, 0), (30, 0))
    sits = sits.record(score_priffe("priffe", (4, 2, 3, 4), NO_HONOURS, declarer=0))  # 10: 40, game
    assert (sits.games, sits.points) == ((2, 0), (60, 0))  # 20 + 10 + 10 + the second game's 20


def test_priffe_sits_balance_seed_examples() -> None:
    # Seed 003: "Om det ena bolaget får 120 poäng och det andra bolaget 30 poäng, får de båda vinnarna
    # +9 på sin rad och förlorarna får -9."
    assert Sits(points=(120, 30), games=(2, 1)).balance() == (9, -9, 9, -9)
    assert Sits(points=(30, 120), games=(0, 2)).balance() == (-9, 9, -9, 9)
    # Seed 003, Figur 1 rows: "A. +13 -8 / B. -13 -34 / C. +13 +34 / D. -13 +8". Sits 1: A, C (seats 0,
    # 2) beat B, D by 130; sits 2: A, B (now seats 0, 2) lose to C, D by 210. Rows accumulate ("Det är
    # alltid den ackumulerade poängen som bokförs"). The sides' points are chosen with those differences.
    first = Sits(points=(230, 100), games=(2, 1)).balance()
    second = Sits(points=(100, 310), games=(1, 2)).balance()
    rows = {"A": first[0] + second[0], "B": first[1] + second[2], "C": first[2] + second[1],
            "D": first[3] + second[3]}
    assert first == (13, -13, 13, -13)
    assert rows == {"A": -8, "B": -34, "C": 34, "D": 8}


@pytest.mark.parametrize(("call", "message"), [
    (lambda: score_priffe("klöver", (4, 3, 3, 3), NO_HONOURS), "unknown Priffe contract"),
    (lambda: score_priffe("priffe", (4, 3, 3, 2), NO_HONOURS, 0), "adding up to 13"),
    (lambda: score_priffe("priffe", (4, 3, 3, 3), NO_HONOURS), "declarer"),
    (lambda: score_priffe("priffe", (4, 3, 3, 3), [parse_cards("SA HA")] * 4, 0), "exactly one hand"),
    (lambda: Sits().balance(), "not over"),
])
def test_priffe_invalid_input(call, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        call()


# --- Polskt pass (seed 001, Betalningen) ----------------------------------------------------------


def test_polskt_pass_winner_rule() -> None:
    # Seed 001: "Den spelare som tar minst tre stick eller den spelare som först tar två stick när ingen
    # annan har tagit tre stick vinner sticktagningen."
    assert deal_winner((0, 1, 1, 0, 2)) == 1  # seat 1 reaches two at trick 3, seat 0 only at trick 4
    assert deal_winner((0, 1, 1, 0, 0)) == 0  # three tricks beat "first to two"
    # "Om varje spelare tar ett stick vid spel på fem ... Det finns dock i detta fall ingen vinnare"
    assert deal_winner((4, 3, 2, 1, 0)) is None


def test_polskt_pass_declarer_wins_the_pot_and_one_bet() -> None:
    # Seed 001: "Det belopp man spelar om är innehållet i potten plus en eventuell så kallad bet" and
    # "spelar man om den minst värdefulla av dem". Pot 8, bets 20 and 16: plays for 8 + 16 = 24; the
    # declarer wins it; the bet of 20 waits for the next deal.
    result = settle_polskt_pass((1, 1, 0, 1, 2), declarers=(1,), pot=8, bets=(20, 16))
    assert (result.winner, [p.net for p in result.payments], result.pot, result.bets) == (
        1, [0, 24, 0, 0], 0, (20,))


def test_polskt_pass_failed_declarer_sets_a_bet() -> None:
    # Seed 001: "En spelare som vinner en vanlig giv ... tar hela beloppet. Detta gäller oavsett om det är
    # spelföraren", and the failed declarer pays a bet "lika stor som det belopp man spelar om eller
    # dubbelt så stor", kept apart from the pot. Pot 10: seat 3 wins 10, declarer 0 sets a bet of 10
    # (20 if doubled).
    result = settle_polskt_pass((3, 0, 3, 0, 1), declarers=(0,), pot=10)
    assert (result.winner, [p.net for p in result.payments], result.pot, result.bets) == (
        3, [-10, 0, 0, 10], 0, (10,))
    assert settle_polskt_pass((3, 0, 3, 0, 1), declarers=(0,), pot=10, double_bet=True).bets == (20,)


def test_polskt_pass_two_declarers() -> None:
    # Seed 001: "Om det finns två spelförare, spelar de oberoende av varandra. Minst en av dem kommer att
    # misslyckas ... Om båda misslyckas, sätter de varsin bet." Pot 6 + bet 12 = 18 played for.
    one_wins = settle_polskt_pass((0, 0, 2, 1, 0), declarers=(3, 0), pot=6, bets=(12,))
    assert [p.net for p in one_wins.payments] == [18, 0, 0, -18]
    assert one_wins.bets == (18,)
    both_fail = settle_polskt_pass((2, 2, 1, 2, 0), declarers=(3, 0), pot=6, bets=(12,))
    assert [p.bet for p in both_fail.payments] == [18, 0, 0, 18]
    assert both_fail.bets == (18, 18)
    # "kan spelarna efter överenskommelse välja att slå ihop de två betarna ... till en enda dubbelt så
    # stor bet"
    merged = settle_polskt_pass((2, 2, 1, 2, 0), declarers=(3, 0), pot=6, bets=(12,), merge_bets=True)
    assert merged.bets == (36,)


def test_polskt_pass_five_players_nobody_wins() -> None:
    # Seed 001: "Om varje spelare tar ett stick vid spel på fem ... har spelföraren förlorat och måste
    # sätta bet. Det finns dock i detta fall ingen vinnare, så pottens innehåll står kvar till nästa giv
    # och befintliga betar förblir orörda." Pot 15 + smaller bet 10: the declarer's bet is 25.
    result = settle_polskt_pass((0, 1, 2, 3, 4), declarers=(2,), pot=15, bets=(30, 10), players=5)
    assert (result.winner, result.pot, result.bets) == (None, 15, (30, 10, 25))
    assert [p.net for p in result.payments] == [0, 0, -25, 0, 0]


def test_polskt_pass_la_vola() -> None:
    # Seed 001: "En spelare som vinner la vola tar också hela beloppet man spelar om, men får dessutom ett
    # lika stort belopp i betalning av varje övrig spelare"; "gäller inte åtagandet för spelföraren".
    # Three players, pot 9 + bet 6 = 15: the la vola player takes 15 and 15 from each of the other two.
    result = settle_polskt_pass((2, 2, 2, 2, 2), declarers=(0,), pot=9, bets=(6,), players=3, la_vola=2)
    assert (result.winner, [p.net for p in result.payments], result.pot, result.bets) == (
        2, [-15, -15, 45], 0, ())


def test_polskt_pass_lost_la_vola_is_void() -> None:
    # Seed 001: "Om spelaren som anger la vola förlorar ett stick, avbryts spelet. En misslyckad la vola
    # behandlas som ett rundpass. Ingen betalning görs". The play stops at trick 4, lost to seat 1.
    result = settle_polskt_pass((2, 2, 2, 1), declarers=(0,), pot=9, bets=(6,), la_vola=2)
    assert (result.winner, [p.net for p in result.payments], result.pot, result.bets) == (
        None, [0, 0, 0, 0], 9, (6,))


@pytest.mark.parametrize(("call", "message"), [
    (lambda: settle_polskt_pass((0, 1, 0, 1), (0,), 10), "each of the 5 tricks"),
    (lambda: settle_polskt_pass((0, 1, 0, 1, 4), (0,), 10), "seat 4 does not exist"),
    (lambda: settle_polskt_pass((0, 1, 0, 1, 0), (0, 1, 2), 10), "one seat or two"),
    (lambda: settle_polskt_pass((0, 1, 0, 0, 0), (0,), 10, la_vola=0), "first two tricks"),
    (lambda: settle_polskt_pass((0, 1, 0, 1, 0), (0,), 10, players=6), "3, 4 or 5"),
    (lambda: settle_polskt_pass((0, 1, 0, 1, 0), (0,), 10, bets=(0,)), "positive"),
])
def test_polskt_pass_invalid_input(call, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        call()


@pytest.mark.parametrize(("options", "message"), [
    ({"system": "moscow"}, "unknown scoring system 'moscow': one of sochi, leningrad, rostov"),
    ({"system": 2}, "the scoring system must be a Scoring or its name, not 2"),
    ({"honours": "double"}, "unknown honours rule 'double': one of standard, one hand, halved"),
    ({"pot": -7}, "the pot must be a whole number of units, 0 or more, not -7"),
    ({"maximum": 2.5}, "the maximum must be a whole number of units, 0 or more, not 2.5"),
    ({"pot": True}, "the pot must be a whole number of units, 0 or more, not True"),
])
def test_score_options_refuse_what_no_game_scores(options: dict, message: str) -> None:
    from prefdd.solver import ScoreOptions
    with pytest.raises(InvalidInputError, match=message):
        ScoreOptions(**options)


def test_score_options_take_a_system_and_honours_by_name() -> None:
    from prefdd.rules.scoring import Honours, Scoring
    from prefdd.solver import ScoreOptions
    options = ScoreOptions(system="ROSTOV", honours="one hand")
    assert (options.system, options.honours) == (Scoring.ROSTOV, Honours.ONE_HAND)
