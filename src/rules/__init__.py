"""What the games are: cards, rule sets, deals and positions. No solver here.

>>> from prefdd.rules import PREFERANS, Position, Suit, parse_deal
>>> deal = parse_deal("AKQ... 987... JT.7..", PREFERANS)
>>> sorted(Position(PREFERANS, deal, Suit.SPADES, leader=0).legal_cards())
[Card('SQ'), Card('SK'), Card('SA')]
"""

from prefdd.rules.cards import Card, Rank, Suit, parse_card, parse_cards
from prefdd.rules.constraints import Constraint
from prefdd.rules.contracts import CONTRACTS, Aim, Contract, Lead, Play, get_contract
from prefdd.rules.deal import Deal, check_deal, format_deal, format_hand, parse_deal, parse_hand, parse_seat
from prefdd.rules.errors import InvalidInputError
from prefdd.rules.games import GAMES, POLSKT_PASS, PREFERANS, PRIFFE, VIENNA, Game, get_game
from prefdd.rules.play import TrickRules
from prefdd.rules.play_notation import parse_play
from prefdd.rules.position import Position, Trick
from prefdd.rules.session import SessionDeal, read_session

__all__ = [
    "CONTRACTS", "Aim", "Contract", "Lead", "Play", "get_contract",
    "GAMES", "POLSKT_PASS", "PREFERANS", "PRIFFE", "VIENNA",
    "Card", "Constraint", "Deal", "Game", "InvalidInputError", "Position", "Rank", "Suit",
    "Trick", "TrickRules",
    "check_deal", "format_deal", "format_hand", "get_game", "parse_card", "parse_cards",
    "parse_deal", "parse_hand", "parse_seat", "parse_play",
]
__all__ += ["SessionDeal", "read_session"]
