"""Deal and card notation: parsing, formatting round trip, and the errors for bad text."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prefdd.rules import (
    GAMES,
    POLSKT_PASS,
    PREFERANS,
    PRIFFE,
    VIENNA,
    Card,
    Deal,
    InvalidInputError,
    Rank,
    Suit,
    format_deal,
    parse_card,
    parse_deal,
)


def random_deal(game, hands: int, size: int, seed: int, out: int = 0) -> Deal:
    deck = sorted(game.deck(hands))
    random.Random(seed).shuffle(deck)
    cards = [frozenset(deck[i * size:(i + 1) * size]) for i in range(hands)]
    return Deal(tuple(cards), frozenset(deck[hands * size:hands * size + out]))


@given(
    game=st.sampled_from(sorted(GAMES.values(), key=lambda g: g.name)),
    seed=st.integers(0, 10**6),
    data=st.data(),
)
def test_format_then_parse_gives_the_same_deal(game, seed, data) -> None:
    hands = data.draw(st.sampled_from(game.table_sizes))
    size = data.draw(st.integers(1, min(game.hand_size, len(game.deck(hands)) // hands)))
    spare = len(game.deck(hands)) - hands * size
    deal = random_deal(game, hands, size, seed, out=data.draw(st.integers(0, spare)))
    assert parse_deal(format_deal(deal, game), game) == deal


def test_pbn_deal_pastes_in_with_any_first_seat() -> None:
    pbn = "N:AKQJ.T98.765.432 T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765"
    deal = parse_deal(pbn, PRIFFE)
    assert format_deal(deal, PRIFFE) == pbn
    # The same deal written from East: the hands still land on the same compass seats.
    east = "E:T987.AKQ.J4.JT98 6543.J76.AKQ.AKQ 2.5432.T9832.765 AKQJ.T98.765.432"
    assert parse_deal(east, PRIFFE) == deal


def test_ten_voids_and_sitting_out() -> None:
    deal = parse_deal("A10.-..7 KQ.J.. - | 9...", VIENNA)
    assert deal.hands[0] == {Card(Suit.SPADES, Rank.ACE), Card(Suit.SPADES, Rank.TEN),
                             Card(Suit.CLUBS, Rank.SEVEN)}
    assert deal.active_seats == (0, 1)
    assert format_deal(deal, VIENNA) == "AT...7 KQ.J.. - | 9..."


def test_cards_with_symbols_and_letters() -> None:
    assert parse_card("♠10") == parse_card("st") == Card(Suit.SPADES, Rank.TEN)


@pytest.mark.parametrize(
    "text,game,message",
    [
        ("AKQ... 987... JT.7..", PRIFFE, "a priffe deal has 4 hands, this one has 3"),
        ("AKQ... 987... JA...", PREFERANS, "card SA appears twice: in hand 0 and in hand 2"),
        ("AKQ... 987... JT.7.", PREFERANS, "has 3 suit(s)"),
        ("AKQ... 987... JT.X..", PREFERANS, "unknown rank 'X'"),
        ("AKQ... 987... JT6...", PREFERANS, "card S6 in hand 'JT6...' is not in the preferans deck"),
        ("AKQ... 987... JT...", PREFERANS, "hand 2 has 2 cards but hand 0 has 3"),
        ("AKQ... 98.7.. JT7... | A...", PREFERANS, "card SA appears twice"),
        ("AKQ... - -", PREFERANS, "at least two hands with cards"),
        ("AKQT7... 9.AKQT... ..AKQT9. ...AKQT9", POLSKT_PASS, "not in the polskt-pass deck"),
        ("7: AKQ... 987... JT7...", PREFERANS, "first seat 7 does not exist"),
        ("AKQJT98.AKQJ.. 7.T987.AKQJT9. -", PREFERANS, "too many for preferans"),
    ],
)
def test_bad_deals_name_the_problem(text: str, game, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_deal(text, game)


@pytest.mark.parametrize("text", ["", "S", "XA", "S1", "SAK", "♠", "10S"])
def test_bad_cards_are_errors(text: str) -> None:
    with pytest.raises(InvalidInputError):
        parse_card(text)


def test_invalid_input_is_a_value_error() -> None:
    assert issubclass(InvalidInputError, ValueError)
