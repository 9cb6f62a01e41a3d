"""Tests of the reference solver (tests/reference.py) on tiny hand-worked positions.

Every expected answer below is worked out by hand in the comment next to it,
from shared/RULES.md, without looking at the reference's code.
"""

from __future__ import annotations

import random

import pytest
import reference as ref

NT = None
FOLLOW = {"follow"}


def solve(hands, trump, leader, constraints, goal, side, *, game="vienna", played=(), declarer=None):
    """Shorthand for ref.solve with keyword-friendly argument order."""
    return ref.solve(game, hands, trump, leader, list(played), set(constraints), declarer, goal, set(side))


def legal(hands, trump, leader, played, constraints, *, game="vienna", declarer=None):
    """Shorthand for ref.legal_plays."""
    return ref.legal_plays(game, hands, trump, leader, list(played), set(constraints), declarer)


# ---------------------------------------------------------------------------
# Winner of a trick
# ---------------------------------------------------------------------------


def test_trick_winner_plain_and_trumps():
    # No trump: highest card of the suit led; a higher card of another suit
    # does not count.
    assert ref.trick_winner("vienna", ["S9", "SK", "HA"], None) == 1
    # A trump (hearts) beats the led suit, the highest trump wins.
    assert ref.trick_winner("preferans", ["SA", "H7", "H9"], "H") == 2
    # Led suit is trump: highest trump.
    assert ref.trick_winner("priffe", ["H2", "HA", "S3"], "H") == 1
    # A partial trick gives the card currently winning.
    assert ref.trick_winner("priffe", ["D5"], "S") == 0


def test_trick_winner_polskt_jacks():
    # Polskt pass, trump diamonds: CJ > SJ > HJ > DJ > DA.
    assert ref.trick_winner("polskt-pass", ["DA", "DJ"], "D") == 1
    assert ref.trick_winner("polskt-pass", ["DJ", "HJ"], "D") == 1
    assert ref.trick_winner("polskt-pass", ["HJ", "SJ"], "D") == 1
    assert ref.trick_winner("polskt-pass", ["SJ", "CJ"], "D") == 1
    assert ref.trick_winner("polskt-pass", ["DJ", "CJ", "SJ", "HJ"], "D") == 1
    # A jack is a trump even when led in a side suit: heart lead, trump spades,
    # the heart jack is a spade (trump) and wins over the heart ace.
    assert ref.trick_winner("polskt-pass", ["HA", "HJ"], "S") == 1
    # The same cards in an ordinary game: the jack is a plain heart and loses.
    assert ref.trick_winner("priffe", ["HA", "HJ"], "S") == 0
    # A jack led is a trump lead: the ace of its printed suit does not beat it.
    assert ref.trick_winner("polskt-pass", ["HJ", "HA"], "D") == 0


# ---------------------------------------------------------------------------
# legal_plays: each constraint on its own and in combination
# ---------------------------------------------------------------------------


def test_no_constraints_anything_goes():
    assert legal([["SA", "D2"], ["S2", "HK"]], NT, 0, ["SA"], set()) == ["S2", "HK"]


def test_follow_legal_plays():
    hands = [["SA", "D2"], ["S2", "HK"]]
    assert legal(hands, NT, 0, ["SA"], FOLLOW) == ["S2"]
    # Void in the suit led: any card.
    assert legal(hands, NT, 0, ["D2"], FOLLOW) == ["S2", "HK"]
    # The leader may lead anything.
    assert legal(hands, NT, 0, [], {"follow", "ruff", "head"}) == ["SA", "D2"]


def test_ruff_legal_plays():
    hands = [["SA", "D2"], ["H2", "HK"], ["S2", "C3"]]
    # Seat 1 is void in diamonds and holds trumps: must trump.
    assert legal(hands, "H", 0, ["D2"], {"follow", "ruff"}) == ["HK", "H2"]
    # ruff without follow: seat 2 holds a spade, so ruff does not bind it, and
    # without follow it may play anything.
    hands2 = [["SA", "D2"], ["D3", "C4"], ["S2", "H3"]]
    assert legal(hands2, "H", 0, ["SA", "D3"], {"ruff"}) == ["S2", "H3"]
    # ... but void in the suit led it must trump.
    assert legal(hands2, "H", 0, ["D2", "C4"], {"ruff"}) == ["H3"]
    # No trump at all: ruff has no effect.
    assert legal(hands, NT, 0, ["D2"], {"follow", "ruff"}) == ["HK", "H2"]
    hands3 = [["SA", "D2"], ["C2", "HK"]]
    assert legal(hands3, NT, 0, ["D2"], {"follow", "ruff"}) == ["HK", "C2"]
    # Void and holding no trump: anything.
    assert legal(hands3, "S", 0, ["D2"], {"follow", "ruff"}) == ["HK", "C2"]


def test_head_legal_plays():
    hands = [["S5", "D2", "C2"], ["SK", "S2", "HA"], ["S3", "S4", "D5"]]
    c = {"follow", "head"}
    # Seat 1 must follow with a spade that beats S5: only SK.
    assert legal(hands, NT, 0, ["S5"], c) == ["SK"]
    # Seat 2 cannot beat SK: any spade.
    assert legal(hands, NT, 0, ["S5", "SK"], c) == ["S4", "S3"]
    # Diamond led, seat 1 (void) discards HA: seat 2 must follow with D5.
    assert legal(hands, NT, 0, ["D2", "HA"], c) == ["D5"]
    # head without follow: the beating cards among all the cards.
    assert legal(hands, NT, 0, ["S5"], {"head"}) == ["SK"]
    # head without follow, trumped trick: seat 1 has HA (trump hearts) which beats
    # the led D2, and no spade/diamond does, so HA is forced.
    assert legal(hands, "H", 0, ["D2"], {"head"}) == ["HA"]


def test_head_trumped_trick_and_overruff():
    hands = [["S5", "D2", "C2"], ["H4", "D3", "C3"], ["SA", "S3", "D4"]]
    # Trump hearts. S5 led, seat 1 ruffs with H4. Seat 2 must follow; no
    # spade can beat a trumped trick, so either spade is allowed.
    assert legal(hands, "H", 0, ["S5", "H4"], {"follow", "head"}) == ["SA", "S3"]
    hands2 = [["S5", "D2", "C2"], ["H4", "D3", "C3"], ["H2", "HA", "D4"]]
    # Seat 2 void in spades, follow+ruff+head: must overruff with HA.
    assert legal(hands2, "H", 0, ["S5", "H4"], {"follow", "ruff", "head"}) == ["HA"]
    hands3 = [["S5", "D2", "C2"], ["H4", "D3", "C3"], ["H2", "H3", "D4"]]
    # Cannot overruff: ruff still forces a trump (underruff).
    assert legal(hands3, "H", 0, ["S5", "H4"], {"follow", "ruff", "head"}) == ["H3", "H2"]
    # Without ruff it may underruff or discard.
    assert legal(hands3, "H", 0, ["S5", "H4"], {"follow", "head"}) == ["H3", "H2", "D4"]


def test_lowest_winner_legal_plays():
    hands = [["SQ", "D2", "C2"], ["SA", "SK", "S2"], ["S3", "D3", "C3"]]
    c = {"follow", "lowest_winner"}
    # Declarer 0 leads SQ; seat 1 (his left) has SA and SK that beat it: SK.
    assert legal(hands, NT, 0, ["SQ"], c, declarer=0) == ["SK"]
    # No declarer: no effect.
    assert legal(hands, NT, 0, ["SQ"], c) == ["SA", "SK", "S2"]
    # A declarer who is not the leader of the trick: no effect.
    assert legal(hands, NT, 0, ["SQ"], c, declarer=2) == ["SA", "SK", "S2"]
    # Only one winner: free choice among the follow cards.
    hands2 = [["SQ", "D2"], ["SA", "S2"], ["S3", "D3"]]
    assert legal(hands2, NT, 0, ["SQ"], c, declarer=0) == ["SA", "S2"]
    # Void, holding two trumps: the lowest trump (a discard is not allowed
    # either, since he has more than one winner).
    hands3 = [["SQ", "D2"], ["HA", "H2"], ["S3", "D3"]]
    assert legal(hands3, "H", 0, ["SQ"], c, declarer=0) == ["H2"]
    # A trump and a higher card of the led suit: a non-trump is the weaker
    # winner. (Without follow, so that both are allowed.)
    hands4 = [["SQ", "D2"], ["SA", "H2"], ["S3", "D3"]]
    assert legal(hands4, "H", 0, ["SQ"], {"lowest_winner"}, declarer=0) == ["SA"]
    # The third seat is not bound.
    hands5 = [["SQ", "D2"], ["S2", "D3"], ["SA", "SK"]]
    assert legal(hands5, NT, 0, ["SQ", "S2"], c, declarer=0) == ["SA", "SK"]


def test_lowest_winner_skips_a_seat_that_sits_out():
    # Four seats, seat 1 sits out: the declarer's left-hand opponent is seat 2.
    hands = [["SQ", "D2"], [], ["SA", "SK"], ["S3", "D3"]]
    c = {"follow", "lowest_winner"}
    assert legal(hands, NT, 0, ["SQ"], c, declarer=0) == ["SK"]
    # Seat 3 leads: the order is 3, 0, 2 (seat 1 is skipped), and seat 2 is
    # not bound in a trick the declarer did not lead.
    assert legal(hands, NT, 3, ["S3"], c, declarer=0) == ["SQ"]
    assert legal(hands, NT, 3, ["S3", "SQ"], c, declarer=0) == ["SA", "SK"]


def test_polskt_jacks_follow_the_trump_suit():
    # Trump spades. The heart jack is a spade (trump), not a heart.
    hands = [["HA", "S9"], ["HJ", "D9"]]
    # Hearts led: seat 1 holds no heart (HJ is a trump), so any card.
    assert legal(hands, "S", 0, ["HA"], FOLLOW, game="polskt-pass") == ["HJ", "D9"]
    # Trump led: seat 1 must follow with HJ.
    assert legal(hands, "S", 0, ["S9"], FOLLOW, game="polskt-pass") == ["HJ"]
    # In an ordinary game HJ is a heart and must follow hearts.
    assert legal(hands, "S", 0, ["HA"], FOLLOW, game="priffe") == ["HJ"]
    # A jack lead is a trump lead.
    hands2 = [["DJ", "D9"], ["S9", "DA"]]
    assert legal(hands2, "S", 0, ["DJ"], FOLLOW, game="polskt-pass") == ["S9"]


def test_next_trick_led_by_winner():
    # Trick 1: S2 (0), SA (1) -> seat 1 wins and must lead trick 2.
    hands = [["S2", "D2"], ["SA", "DA"]]
    assert legal(hands, NT, 0, ["S2", "SA"], FOLLOW) == ["DA"]
    # Seat 0 then follows.
    assert legal(hands, NT, 0, ["S2", "SA", "DA"], FOLLOW) == ["D2"]


# ---------------------------------------------------------------------------
# solve: each constraint changing the answer
# ---------------------------------------------------------------------------


def test_follow_changes_the_answer():
    # Seat 0: SA S2, seat 1: SK HA, no trump, seat 0 leads, seat 0 maximises.
    # With follow: 0 leads SA, seat 1 must drop SK; then S2 wins too (HA is
    # not a spade): 2 tricks. (Leading S2 first gives 0.)
    # Without follow: on SA seat 1 discards HA, keeps SK and beats S2: 1 trick
    # (leading S2 first: SK wins, then HA wins: 0).
    hands = [["SA", "S2"], ["SK", "HA"]]
    assert solve(hands, NT, 0, FOLLOW, "max", {0}) == 2
    assert solve(hands, NT, 0, set(), "max", {0}) == 1


def test_ruff_changes_the_answer():
    # Seat 0: DK D2, seat 1: SQ HQ, trump hearts, seat 0 leads. Seat 1 is a
    # misère player (minimises his tricks), seat 0 pushes tricks on him.
    # follow only: on the first diamond seat 1 discards SQ; the second
    # diamond he must take with HQ (his last card): 1 trick.
    # follow+ruff: on the first diamond he must trump (HQ) and win; then he
    # leads SQ and seat 0 cannot follow: SQ wins too: 2 tricks.
    hands = [["DK", "D2"], ["SQ", "HQ"]]
    assert solve(hands, "H", 0, FOLLOW, "min", {1}) == 1
    assert solve(hands, "H", 0, {"follow", "ruff"}, "min", {1}) == 2


def test_head_changes_the_answer():
    # Seat 0: S5 S3, seat 1: S4 S2, no trump, seat 0 leads; seat 1 wants no
    # trick (goal min), seat 0 pushes.
    # follow only: seat 1 ducks under both (S4 under S5, S2 under S3): 0.
    # follow+head: seat 0 leads S3, seat 1 must beat it with S4 and wins,
    # then leads S2 under S5: 1 trick. (Leading S5 first lets seat 1 escape.)
    hands = [["S5", "S3"], ["S4", "S2"]]
    assert solve(hands, NT, 0, FOLLOW, "min", {1}) == 0
    assert solve(hands, NT, 0, {"follow", "head"}, "min", {1}) == 1


def test_lowest_winner_changes_the_answer():
    # Three players, no trump, declarer seat 0 leads. Seat 0: ST S2,
    # seat 1: SA SJ, seat 2: SK DK. Seat 1 alone against the other two (max).
    # follow only: on the declarer's spade lead seat 1 plays SA (seat 2 must
    # drop SK under it), then leads SJ, which nobody can beat: 2 tricks.
    # follow+lowest_winner: seat 1 has two winners over ST or S2 (SA, SJ) and
    # must play SJ; seat 2 wins with SK and cashes DK: 0 tricks.
    hands = [["ST", "S2"], ["SA", "SJ"], ["SK", "DK"]]
    assert solve(hands, NT, 0, FOLLOW, "max", {1}, declarer=0) == 2
    assert solve(hands, NT, 0, {"follow", "lowest_winner"}, "max", {1}, declarer=0) == 0
    # The declarer is seat 2 (who does not lead): no effect.
    assert solve(hands, NT, 0, {"follow", "lowest_winner"}, "max", {1}, declarer=2) == 2


def test_polskt_jack_ranking_changes_the_answer():
    # Seat 0: DJ H9, seat 1: HA HK, trump hearts, seat 1 leads, seat 0 maximises.
    # Polskt pass: DJ is the top trump present. 1 leads HA, seat 0 follows
    # trumps with DJ and wins; H9 then loses to HK: 1 trick.
    # Ordinary ranking: DJ is a diamond; seat 0 must follow hearts with H9 to
    # HA and HK; his DJ never wins: 0 tricks.
    hands = [["DJ", "H9"], ["HA", "HK"]]
    assert solve(hands, "H", 1, FOLLOW, "max", {0}, game="polskt-pass") == 1
    assert solve(hands, "H", 1, FOLLOW, "max", {0}, game="priffe") == 0


def test_completed_tricks_count_and_partial_trick():
    # Seat 0: SA SK, seat 1: S2 S3, no trump. After the first trick (SA, S2),
    # seat 0 has 1 trick and leads SK: 2 in all for seat 0, 0 for seat 1.
    hands = [["SA", "SK"], ["S2", "S3"]]
    assert solve(hands, NT, 0, FOLLOW, "max", {0}, played=["SA", "S2"]) == 2
    assert solve(hands, NT, 0, FOLLOW, "max", {1}, played=["SA", "S2"]) == 0
    # Part way through a trick.
    assert solve(hands, NT, 0, FOLLOW, "max", {0}, played=["SA"]) == 2
    # Everything played: the result is just the count.
    assert solve(hands, NT, 0, FOLLOW, "max", {0}, played=["SA", "S2", "SK", "S3"]) == 2


def test_two_against_one_and_sitting_out():
    # Four seats, seat 3 sits out. No trump, seat 0 leads. Seat 0: SA S2,
    # seat 1: SK HA, seat 2: S3 H2. Defenders {1, 2} maximise.
    # Seat 0 leads SA (wins, 1 follows SK, 2 follows S3), then S2: seat 1 has
    # HA only (void) and seat 2 has H2: S2 wins. Seat 0 takes both: 0 for {1,2}.
    # If seat 0 leads S2: SK wins, seat 1 cashes HA: 2 for them. So 0.
    hands = [["SA", "S2"], ["SK", "HA"], ["S3", "H2"], []]
    assert solve(hands, NT, 0, FOLLOW, "max", {1, 2}) == 0
    assert solve(hands, NT, 0, FOLLOW, "max", {0}) == 2


# ---------------------------------------------------------------------------
# Polskt pass: who wins the deal
# ---------------------------------------------------------------------------

# Three players, trump hearts. Tricks 1-2 are already played and both won by
# seat 0, who is therefore the first to reach two tricks:
#   trick 1: SA (0), S9 (1), SQ (2): seat 0;  trick 2: SK (0), ST (1), DA (2):
#   seat 0 (seat 2 has no spade left).
WIN_PLAYED = ["SA", "S9", "SQ", "SK", "ST", "DA"]


def test_polskt_first_to_two_loses_to_three():
    # Seat 1 keeps CJ SJ HJ, three top trumps, and is void in every side suit
    # (jacks are trumps): he wins each of the last three tricks and takes 3.
    # Seat 0 was first to two, but another player takes three: seat 0 loses,
    # seat 1 wins.
    hands = [
        ["SA", "SK", "D9", "DT", "C9"],
        ["S9", "ST", "CJ", "SJ", "HJ"],
        ["SQ", "DA", "DK", "CA", "CK"],
    ]
    assert solve(hands, "H", 0, FOLLOW, "win", {0}, game="polskt-pass", played=WIN_PLAYED) is False
    assert solve(hands, "H", 0, FOLLOW, "win", {1}, game="polskt-pass", played=WIN_PLAYED) is True


def test_polskt_first_to_two_wins():
    # As above, but seat 1 holds CK instead of HJ and seat 2 holds HJ. Seat 0
    # leads C9: seat 1 must follow with CK, seat 2 must follow with CA and
    # wins. Seat 1 can then take at most 2 of the last 3 tricks, and seat 2
    # at most 1 more (HJ loses to seat 1's CJ and SJ): nobody reaches 3, and
    # seat 0 was first to two: seat 0 wins.
    hands = [
        ["SA", "SK", "D9", "DT", "C9"],
        ["S9", "ST", "CJ", "SJ", "CK"],
        ["SQ", "DA", "DK", "CA", "HJ"],
    ]
    assert solve(hands, "H", 0, FOLLOW, "win", {0}, game="polskt-pass", played=WIN_PLAYED) is True
    assert solve(hands, "H", 0, FOLLOW, "win", {1}, game="polskt-pass", played=WIN_PLAYED) is False


def test_polskt_two_tricks_but_not_first():
    # Three players, trump hearts, no jacks. Tricks:
    #  1: S9 (0) SA (1) ST (2) -> 1     2: SK (1) SQ (2) D9 (0) -> 1
    #  3: C9 (1) CT (2) CA (0) -> 0     4: DA (0) DT (1) DQ (2) -> 0
    #  5: DK (0) CQ (1) HA (2) -> 2 (the only trump)
    # Seats 0 and 1 both take 2, seat 1 first: seat 1 wins, seat 0 does not.
    hands = [
        ["S9", "D9", "CA", "DA", "DK"],
        ["SA", "SK", "C9", "DT", "CQ"],
        ["ST", "SQ", "CT", "DQ", "HA"],
    ]
    played = ["S9", "SA", "ST", "SK", "SQ", "D9", "C9", "CT", "CA", "DA", "DT", "DQ"]
    kw = {"game": "polskt-pass", "played": played}
    assert solve(hands, "H", 0, FOLLOW, "win", {0}, **kw) is False
    assert solve(hands, "H", 0, FOLLOW, "win", {1}, **kw) is True
    assert solve(hands, "H", 0, FOLLOW, "win", {2}, **kw) is False
    # The same with the last trick played too (the play is over).
    kw_all = {"game": "polskt-pass", "played": [*played, "DK", "CQ", "HA"]}
    assert solve(hands, "H", 0, FOLLOW, "win", {0}, **kw_all) is False
    assert solve(hands, "H", 0, FOLLOW, "win", {1}, **kw_all) is True


def test_polskt_five_players_nobody_wins():
    # Five players, trump hearts, each takes exactly one trick:
    #  1: SA SK SQ ST S9 -> seat 0   2: D9 (0) DA DK DQ DT -> seat 1
    #  3: C9 (1) CA CK CQ CT -> 2  4: H9 (2) HA HK HQ HT -> 3 (HA top heart)
    #  5: D8 (3) CJ (4) S8 (0) C8 (1) H8 (2) -> seat 4 (CJ is the top trump)
    # Nobody takes 2 tricks, so nobody wins the deal.
    hands = [
        ["SA", "D9", "CT", "HQ", "S8"],
        ["SK", "DA", "C9", "HT", "C8"],
        ["SQ", "DK", "CA", "H9", "H8"],
        ["ST", "DQ", "CK", "HA", "D8"],
        ["S9", "DT", "CQ", "HK", "CJ"],
    ]
    played = (
        ["SA", "SK", "SQ", "ST", "S9"]  # trick 1, seat 0 leads
        + ["D9", "DA", "DK", "DQ", "DT"]  # trick 2, seat 0 leads
        + ["C9", "CA", "CK", "CQ", "CT"]  # trick 3, seat 1 leads
        + ["H9", "HA", "HK", "HQ", "HT"]  # trick 4, seat 2 leads
    )
    for p in range(5):
        assert solve(hands, "H", 0, FOLLOW, "win", {p}, game="polskt-pass", played=played) is False


def test_polskt_win_search_from_the_start():
    # Two-card hands, three players, trump hearts; seat 0 leads.
    # Seat 0: CJ SJ (the two top trumps) wins both tricks, whatever he leads
    # (the others hold no trump): first to two, nobody else can get 3: wins.
    hands = [["CJ", "SJ"], ["SA", "DA"], ["SK", "DK"]]
    assert solve(hands, "H", 0, FOLLOW, "win", {0}, game="polskt-pass") is True
    # Seat 1 can take no trick at all: he cannot win.
    assert solve(hands, "H", 0, FOLLOW, "win", {1}, game="polskt-pass") is False


# ---------------------------------------------------------------------------
# Consistency properties on small random deals
# ---------------------------------------------------------------------------


def random_deal(rng, n, k, deck):
    cards = rng.sample(deck, n * k)
    return [cards[i * k : (i + 1) * k] for i in range(n)]


CONSTRAINT_SETS = [
    set(),
    {"follow"},
    {"follow", "ruff"},
    {"follow", "head"},
    {"follow", "ruff", "head"},
    {"follow", "head", "lowest_winner"},
    {"ruff"},
    {"head"},
]


def test_complementary_sides_share_the_tricks():
    # side S maximising against its complement C is the same game as C
    # maximising against S, so the two answers add up to the number of tricks.
    rng = random.Random(20240601)
    deck = [s + r for s in "SHD" for r in "AKQJT9"]
    for _ in range(40):
        n = rng.choice([2, 3, 4])
        k = rng.choice([2, 3])
        hands = random_deal(rng, n, k, deck)
        trump = rng.choice([None, "H", "S"])
        cons = rng.choice(CONSTRAINT_SETS)
        side = {s for s in range(n) if rng.random() < 0.5} or {0}
        other = set(range(n)) - side
        leader = rng.randrange(n)
        for goal in ("max", "min"):
            a = solve(hands, trump, leader, cons, goal, side, declarer=0)
            b = solve(hands, trump, leader, cons, goal, other, declarer=0)
            assert a + b == k, (hands, trump, cons, side, goal)


def test_root_value_is_best_over_first_cards():
    # The value of a position is the best, for the player to move, of the
    # values after each of his legal cards (checks replay of a partial trick).
    rng = random.Random(7)
    deck = [s + r for s in "SHDC" for r in "AKQ9"]
    for _ in range(30):
        n = rng.choice([2, 3, 4])
        hands = random_deal(rng, n, 2, deck)
        trump = rng.choice([None, "D"])
        cons = rng.choice(CONSTRAINT_SETS)
        side = {0}
        played = []
        for _depth in range(rng.randrange(n)):
            played.append(rng.choice(legal(hands, trump, 1, played, cons, declarer=1)))
        mover = (1 + len(played)) % n
        options = legal(hands, trump, 1, played, cons, declarer=1)
        values = [solve(hands, trump, 1, cons, "max", side, played=[*played, c], declarer=1) for c in options]
        best = max(values) if mover in side else min(values)
        assert solve(hands, trump, 1, cons, "max", side, played=played, declarer=1) == best


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

GOOD = [["SA", "S2"], ["SK", "HA"]]


@pytest.mark.parametrize(
    "hands, leader, played, match",
    [
        ([["SA", "S2"], ["SA", "HA"]], 0, [], "SA"),  # a card in two hands
        ([["SA", "SA"], ["SK", "HA"]], 0, [], "twice"),  # a card twice in one hand
        ([["S1", "S2"], ["SK", "HA"]], 0, [], "unknown card"),
        ([["SA", "10S"], ["SK", "HA"]], 0, [], "unknown card"),
        (GOOD, 0, ["XA"], "unknown card"),
        (GOOD, 0, ["SK"], "not in the hand"),  # seat 0 does not hold SK
        (GOOD, 0, ["SA", "HA"], "illegal"),  # seat 1 revokes (holds SK)
        (GOOD, 0, ["SA", "SK", "S2", "HA", "SK"], "after the end"),
        ([["SA", "S2"], ["SK", "HA"], []], 2, [], "sits out"),
        ([["SA", "S2"], ["SK", "HA"]], 2, [], "not a seat"),
        ([["SA", "S2"], ["SK"]], 0, [], "different sizes"),
        ([["SA", "S2"], [], []], 0, [], "two seats"),
        ([["SA"]], 0, [], "2 to 5"),
    ],
)
def test_bad_input(hands, leader, played, match):
    with pytest.raises(ValueError, match=match):
        ref.solve("vienna", hands, None, leader, played, {"follow"}, None, "max", {0})
    with pytest.raises(ValueError, match=match):
        ref.legal_plays("vienna", hands, None, leader, played, {"follow"}, None)


def test_bad_game_trump_constraint_goal_side():
    with pytest.raises(ValueError, match="polskt-pass"):
        ref.solve("polskt-pass", GOOD, None, 0, [], FOLLOW, None, "win", {0})
    with pytest.raises(ValueError, match="polskt-pass"):
        ref.trick_winner("polskt-pass", ["SA"], None)
    with pytest.raises(ValueError, match="unknown game"):
        ref.legal_plays("bridge", GOOD, None, 0, [], FOLLOW, None)
    with pytest.raises(ValueError, match="unknown trump"):
        ref.legal_plays("vienna", GOOD, "X", 0, [], FOLLOW, None)
    with pytest.raises(ValueError, match="unknown constraints"):
        ref.legal_plays("vienna", GOOD, None, 0, [], {"follow", "revoke"}, None)
    with pytest.raises(ValueError, match="unknown goal"):
        ref.solve("vienna", GOOD, None, 0, [], FOLLOW, None, "most", {0})
    with pytest.raises(ValueError, match="exactly one seat"):
        ref.solve("vienna", GOOD, None, 0, [], FOLLOW, None, "win", {0, 1})
    with pytest.raises(ValueError, match="not a seat"):
        ref.solve("vienna", GOOD, None, 0, [], FOLLOW, None, "max", {2})
    with pytest.raises(ValueError, match="declarer"):
        ref.legal_plays("vienna", GOOD, None, 0, [], FOLLOW, 5)
    with pytest.raises(ValueError, match="unknown card"):
        ref.trick_winner("vienna", ["SA", "ZZ"], None)


def test_legal_plays_when_the_play_is_over():
    with pytest.raises(ValueError, match="over"):
        ref.legal_plays("vienna", GOOD, None, 0, ["SA", "SK", "S2", "HA"], FOLLOW, None)
