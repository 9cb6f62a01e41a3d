"""The play notation, and illegal plays named by trick and card."""

from __future__ import annotations

import pytest

from prefdd.rules import (
    PREFERANS,
    PRIFFE,
    VIENNA,
    InvalidInputError,
    Position,
    Suit,
    get_contract,
    parse_cards,
    parse_deal,
    parse_play,
)

DEAL1 = "QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87"
PBN = "N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765"


@pytest.mark.parametrize("text", [
    "SQ SK SA H8 H7 HA",
    "♠Q ♠K ♠A / ♥8 ♥7 ♥A",
    "sq,sk,sa | h8 h7 ha",
    "♠Q ♠K ♠A\n♥8 ♥7 ♥A\n",
    "♠Q ♠\ufe0fK SA / H8 H7 HA",  # a symbol with the emoji variation selector
])
def test_symbols_letters_and_separators_read_the_same(text: str) -> None:
    assert parse_play(text, 3) == tuple(parse_cards("SQ SK SA H8 H7 HA"))


def test_ten_is_t_or_10() -> None:
    assert parse_play("S10 ♥T h10", 3) == tuple(parse_cards("ST HT HT"))


@pytest.mark.parametrize("text,message", [
    ("SA S7 / H9", "trick 1 of the play has 2 cards (♠A ♠7): a complete trick has 3"),
    ("SA S7 S8 S9 / H9", "trick 1 of the play has 4 cards"),
    ("SA S7 S8 // H9", "trick 2 of the play is empty"),
    ("SA S7 S8 H9 SZ", "trick 2: unknown rank 'Z' in card 'SZ'"),
    ("SA S7 S8 / XA", "trick 2: unknown suit 'X' in card 'XA'"),
])
def test_bad_notation(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_play(text, 3)


def preferans_play(played: str, trump: str = "6S"):
    deal = parse_deal(DEAL1, PREFERANS)
    return get_contract(PREFERANS, trump).setup(deal, dealer=2, declarer=0,
                                                played=parse_play(played, 3))


@pytest.mark.parametrize("played,message", [
    # Seat 2's ♠A wins trick 1, so seat 2 leads trick 2, not seat 0.
    ("SQ SK SA / HK", "trick 2, card ♥K: it is seat 2's turn, not seat 0's (♥K is in seat 0's hand)"),
    # Seat 1 holds ♠KJ and discards a diamond on the spade lead: a revoke.
    ("SQ DK", "trick 1, card ♦K: seat 1 must follow ♠ (revoke); may play ♠K ♠J"),
    # Nobody holds ♦7 (in the talon, not named here): it is simply not seat 1's.
    ("SQ D7", "trick 1, card ♦7: card ♦7 is not in seat 1's hand"),
    ("SQ SK SA / S8 ST SJ / SQ", "trick 3, card ♠Q: ♠Q was already played, in trick 1"),
    ("SQ SK S2", "unknown rank|not in the Russian Preferans deck"),
])
def test_illegal_plays_name_the_trick_and_the_card(played: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        preferans_play(played)


def test_must_trump_in_preferans() -> None:
    # Spades trump. Trick 1: ♦A from seat 0; seat 1 follows ♦9; seat 2 has no diamond and must trump.
    with pytest.raises(InvalidInputError, match="trick 1, card ♥8: seat 2 cannot follow ♦ and must trump"):
        preferans_play("DA D9 H8")


def test_priffe_names_the_compass_seat() -> None:
    deal = parse_deal(PBN, PRIFFE)
    with pytest.raises(InvalidInputError, match="trick 1, card ♠9: East must follow ♣ \\(revoke\\)"):
        Position(PRIFFE, deal, Suit.HEARTS, leader=2, played=parse_play("CA C5 C2 S9", 4))


def test_head_and_lowest_winner_in_vienna() -> None:
    # Vienna, clubs trump, declarer seat 0 leads ♠7. Seat 1, the left-hand defender, holds
    # ♠K and ♠Q, both winners: the lowest-winner duty makes it ♠Q. Seat 2 then must beat
    # ♠Q (head) with its ♠A, not play the ♠8.
    deal = parse_deal("7.7.7. KQ.8.. A8.9..", VIENNA)
    start = Position(VIENNA, deal, Suit.CLUBS, leader=0, declarer=0)
    with pytest.raises(InvalidInputError, match="trick 1, card ♠K: seat 1 must win with the lowest "
                                                "winning card ♠Q; may play ♠Q"):
        start.play(parse_play("S7 SK", 3))
    with pytest.raises(InvalidInputError, match="trick 1, card ♠8: seat 2 must beat ♠Q; may play ♠A"):
        start.play(parse_play("S7 SQ S8", 3))


def test_a_card_after_the_last_trick() -> None:
    deal = parse_deal("A... K... Q...", PREFERANS)
    with pytest.raises(InvalidInputError, match="trick 2, card ♠K: played after the last trick"):
        Position(PREFERANS, deal, None, 0, played=parse_play("SA SK SQ SK", 3))
