"""Hypothesis strategies of the inputs a new user might give prefdd: valid small deals and plays, and
every kind of mistake (wrong notation, wrong kinds, bytes that are not UTF-8), for tests/test_fuzz.py.

Valid deals are small endings (one to three cards a hand), so that every solve they lead to is
quick: the fuzz test looks for crashes and hangs in the handling of input, not for slow deals.
"""

from __future__ import annotations

from hypothesis import strategies as st

from prefdd.rules import GAMES, Game, InvalidInputError, Position, Suit, format_hand, get_contract, parse_deal
from prefdd.rules.contracts import CONTRACTS

GAME_NAMES = sorted(GAMES)
SEAT_TEXTS = ["0", "1", "2", "3", "4", "5", "-1", "N", "E", "S", "W", "x", " 1", "1.5", "١", "0x1"]
SUIT_TEXTS = ["S", "H", "D", "C", "NT", "N", "♠", "♥️", "s", "X", "SS", "10", "-"]
CARD_TEXTS = ["SA", "HT", "H10", "♦7", "C9", "SZ", "A", "S", "XX", "S1", "s a", "♠♠", "D7,", "S10H"]
RULE_TEXTS = ["follow", "follow,ruff", "head", "lowest_winner", "none", "trumpftvang", "ruff,,", "x",
              ",", "FOLLOW", "follow ruff", "lowest-winner"]
NUMBER_TEXTS = ["0", "1", "3", "-3", "10000000000", "1e3", "x", "2.5", "99999999999999999999", "-0"]
JUNK = st.sampled_from(["", " ", "-", "--", "-.", "|", ":", "N:", "...", "\t", "\n", "\x00", "é", "♠",
                        "\ufeff", "\udce9", "-h", "--help", "--json", "💥", "A" * 60])


def _contract_names() -> list[str]:
    names = sorted({c.name for table in CONTRACTS.values() for c in table.values()})
    return names + ["misère", "fem", "7z", "", "NT", "6", "allpass"]


CONTRACT_TEXTS = _contract_names()


@st.composite
def small_deals(draw: st.DrawFn, game: Game) -> str:
    """A valid ending of `game`: every hand of the table with the same one to three cards, in the
    notation (sometimes with a seat that sits out, with cards out of play named, or a PBN prefix)."""
    seats = draw(st.sampled_from(game.table_sizes))
    deck = sorted(game.deck(seats))
    size = draw(st.integers(1, 3))
    cards = draw(st.permutations(deck))
    hands = [cards[i * size:(i + 1) * size] for i in range(seats)]
    if seats > 2 and draw(st.booleans()) and not game.seat_names:
        hands[draw(st.integers(0, seats - 1))] = []
    text = " ".join(format_hand(hand) if hand else "-" for hand in hands)
    if game.seat_names and draw(st.booleans()):
        text = "N:" + text
    if draw(st.booleans()):
        text += " | " + format_hand(cards[seats * size:seats * size + 2])
    return text


@st.composite
def mangled(draw: st.DrawFn, text: str) -> str:
    """`text` with a few characters dropped, doubled or replaced."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 3))):
        if not chars:
            break
        i = draw(st.integers(0, len(chars) - 1))
        what = draw(st.sampled_from(["drop", "double", "replace"]))
        if what == "drop":
            del chars[i]
        elif what == "double":
            chars.insert(i, chars[i])
        else:
            chars[i] = draw(st.sampled_from(list("AKQJT98765432.-| :SHDCNx0♠é")))
    return "".join(chars)


def deal_texts(game: Game) -> st.SearchStrategy[str]:
    """Deals for `game`: valid small ones, mangled ones and junk."""
    return st.one_of(small_deals(game), small_deals(game).flatmap(mangled), JUNK, st.text(max_size=40))


@st.composite
def plays(draw: st.DrawFn, game: Game, deal_text: str, contract: str | None = None, dealer: int = 0) -> str:
    """A play of the deal: its first legal cards (when the deal is valid), as `contract` dealt by `dealer`
    sets it up (without one: the first seat leads, no trump), in notation, maybe mangled."""
    try:
        deal = parse_deal(deal_text, game)
        if contract is not None:
            position = get_contract(game, contract).setup(deal, dealer).position
        else:
            position = Position(game, deal, Suit.SPADES if game.needs_trump else None, deal.active_seats[0])
    except InvalidInputError:
        return draw(st.one_of(JUNK, st.sampled_from(CARD_TEXTS)))
    cards = []
    for _ in range(draw(st.integers(1, 5))):
        legal = sorted(position.legal_cards())
        if not legal:
            break
        card = draw(st.sampled_from(legal))
        cards.append(str(card))
        position = position.play([card])
    text = " ".join(cards) or "SA"
    return draw(st.one_of(st.just(text), st.just(text), mangled(text), JUNK))


def option_values(name: str) -> st.SearchStrategy[str]:
    """Values for an option of the command line, by what it takes."""
    pools = {
        "seat": SEAT_TEXTS, "trump": SUIT_TEXTS, "contract": CONTRACT_TEXTS, "rules": RULE_TEXTS,
        "cards": CARD_TEXTS, "number": NUMBER_TEXTS,
    }
    return st.one_of(st.sampled_from(pools[name]), JUNK)


def not_utf8() -> st.SearchStrategy[bytes]:
    """Bytes that are not UTF-8 somewhere (Latin-1 text, binary data), maybe after good lines."""
    latin1 = st.text(alphabet="abcdeéèàüößÆ .\n", min_size=1, max_size=40).map(lambda t: t.encode("latin-1"))
    return st.tuples(st.binary(max_size=30), st.one_of(latin1, st.binary(min_size=1, max_size=40))).map(
        lambda parts: parts[0] + b"\xff" + parts[1])


@st.composite
def full_hands(draw: st.DrawFn, game: Game, count: int, size: int, extra: int = 0) -> list[list]:
    """`count` random hands of `size` cards from `game`'s deck (the first with `extra` more), and the rest."""
    deck = draw(st.permutations(sorted(game.deck(count))))
    sizes = [size + extra] + [size] * (count - 1)
    hands, start = [], 0
    for n in sizes:
        hands.append(deck[start:start + n])
        start += n
    return [*hands, deck[start:]]


@st.composite
def talon_deals(draw: st.DrawFn, game: Game) -> str:
    """A whole talon deal in one line: Preferans and Vienna, three hands of ten and the talon after
    '|'; Polskt pass, the declarer's six cards first and the others' five."""
    if game.name == "polskt-pass":
        *hands, _ = draw(full_hands(game, 3, 5, extra=1))
        return " ".join(format_hand(h) for h in hands)
    *hands, rest = draw(full_hands(game, 3, 10))
    return " ".join(format_hand(h) for h in hands) + " | " + format_hand(rest[:2])
