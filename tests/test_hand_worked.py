"""Hand-worked positions where one rule decides the answer; each comment says why."""

from __future__ import annotations

from prefdd.rules import POLSKT_PASS, PREFERANS, Constraint, Position, Suit, parse_cards, parse_deal
from prefdd.solver import solve

F, R, H, LW = Constraint.FOLLOW, Constraint.RUFF, Constraint.HEAD, Constraint.LOWEST_WINNER


def tricks(deal: str, trump: Suit | None, rules: Constraint, seat: int = 0, *,
           leader: int = 0, declarer: int = 0) -> int:
    position = Position(PREFERANS, parse_deal(deal, PREFERANS), trump, leader,
                        constraints=rules, declarer=declarer)
    return solve(position, seat).tricks


def test_follow() -> None:
    # Seat 0: ♣K ♥K, seat 1: ♠Q ♥Q, seat 2 sits out; hearts are trumps, seat 0 leads.
    # With `follow` seat 1 must answer ♥K with ♥Q, then has only ♠Q for the ♣K: 2 tricks.
    # Without it seat 1 throws ♠Q under the ♥K and trumps the ♣K with ♥Q: 1 trick.
    deal = ".K..K Q.Q.. -"
    assert tricks(deal, Suit.HEARTS, F) == 2
    assert tricks(deal, Suit.HEARTS, Constraint.NONE) == 1


def test_ruff() -> None:
    # Seat 0: ♠J ♥9; seat 1: ♥A ♦7; seat 2: ♠K ♥7; hearts trumps, seat 0 leads ♠J.
    # With `ruff` seat 1, void in spades, must spend ♥A on it; seat 1 then leads ♦7,
    # seat 2 must ruff with ♥7 and seat 0 with ♥9, which wins: seat 0 takes 1 trick.
    # Without `ruff` seat 1 keeps ♥A, seat 2 wins ♠K and the ♥A beats ♥9 later: 0.
    deal = "J.9.. .A.7. K.7.."
    assert tricks(deal, Suit.HEARTS, F | R) == 1
    assert tricks(deal, Suit.HEARTS, F) == 0


def test_head() -> None:
    # Seat 0: ♠7 ♥8; seat 1: ♠T ♣T; seat 2: ♥T ♣J; hearts trumps.
    # With `head` seat 0 leads ♠7, seat 1 must beat it (♠T) and seat 2, void in spades,
    # must beat that with ♥T; seat 2 then leads ♣J and seat 0, void in clubs, must beat
    # it with ♥8: 1 trick. Without `head` seat 2 just throws ♣J under seat 1's ♠T,
    # and seat 1's ♣T lead is ruffed by ♥T over seat 0's ♥8: 0 tricks.
    deal = "7.8.. T...T .T..J"
    assert tricks(deal, Suit.HEARTS, F | H) == 1
    assert tricks(deal, Suit.HEARTS, F) == 0


def test_lowest_winner() -> None:
    # No trump. Seat 0 (declarer): ♥K ♥9 ♦9; seat 1: ♠Q ♦A ♦T; seat 2: ♥A ♥J ♦J.
    # Seat 1, the declarer's left-hand opponent, has two diamonds that beat the ♦9:
    # with `lowest_winner` it must win with ♦T, seat 2 overtakes with ♦J and must lead
    # hearts, so seat 0's ♥K scores: 1 trick. Without the duty seat 1 wins with ♦A and
    # cashes ♠Q and ♦T: 0 tricks.
    deal = ".K9.9. Q..AT. .AJ.J."
    assert tricks(deal, None, F | LW) == 1
    assert tricks(deal, None, F) == 0
    # The duty binds only in tricks the declarer leads: with seat 1 as declarer the
    # duty falls on seat 2, and seat 0's answer is the plain one.
    assert tricks(deal, None, F | LW, declarer=1) == 0


def test_polskt_pass_jack_is_the_trump_suit() -> None:
    # Hearts trump. Seat 0: ♣A ♠A; seat 1: ♣J ♠9; seat 2: ♣K ♠K.
    # ♣J is a trump, not a club: when seat 0 leads ♣A seat 1 holds no club, may throw
    # ♠9 or trump with ♣J, and the jack beats the ace.
    deal = parse_deal("A...A 9...J K...K", POLSKT_PASS)
    lead = Position(POLSKT_PASS, deal, Suit.HEARTS, 0).play(parse_cards("CA"))
    assert lead.legal_cards() == set(parse_cards("CJ S9"))
    assert solve(lead, 1).tricks == 1
    # The lowest permanent trump, ♦J, beats the ace of the trump suit.
    deal = parse_deal(".A.. ..J. .9..", POLSKT_PASS)
    assert solve(Position(POLSKT_PASS, deal, Suit.HEARTS, 0), 1).tricks == 1


def test_polskt_pass_three_tricks_beat_first_to_two() -> None:
    # Hearts trump. Seat 0 can take the first two tricks with ♣J and ♠J and be first to
    # two, but seat 3's ♥A ♥K then win the rest, seat 3 taking three: seat 0 loses.
    deal = parse_deal("J..QT9.J AKQT9... ..AK.AKQ .AKQT9..", POLSKT_PASS)
    result = solve(Position(POLSKT_PASS, deal, Suit.HEARTS, 0), 0)
    assert (result.tricks, result.wins) == (2, False)
    # With ♣9 instead of ♥Q seat 3 can still be given three: seat 2 throws its clubs
    # on the jacks, so seat 3's ♣9 wins the last trick. The others cooperate fully.
    deal = parse_deal("J..QT9.J AKQT9... ..AK.AKQ .AKT9..9", POLSKT_PASS)
    result = solve(Position(POLSKT_PASS, deal, Suit.HEARTS, 0), 0)
    assert (result.tricks, result.wins) == (2, False)


def test_polskt_pass_first_to_two_wins() -> None:
    # A three-card ending, hearts trump: seat 0's ♠J (a trump) and ♥T take two tricks,
    # nobody can take three, and seat 0 is first to two: it wins with two tricks.
    deal = parse_deal("J.T.K. AT..9. 9Q..A.", POLSKT_PASS)
    result = solve(Position(POLSKT_PASS, deal, Suit.HEARTS, 0), 0)
    assert (result.tricks, result.wins, result.takes_all) == (2, True, False)
