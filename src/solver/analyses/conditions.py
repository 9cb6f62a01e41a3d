"""Conditions on the hidden hands: what the bidding said, as a small language and as plain data.

A player who bid 7♠ holds spades; a partner who passed did not hold three
aces. A *condition* says such a thing about the hands of a layout, and only
the layouts that satisfy every condition in force are dealt and solved
(:class:`prefdd.solver.analyses.layouts.Hidden`). The language, case-insensitive::

    condition  := either ('or' either)*           left.spades >= 5 or right.spades >= 5
    either     := negation ('and' negation)*      declarer.hcp >= 12 and left.hcp <= 5
    negation   := 'not' negation | '(' condition ')' | statement
    statement  := sum (op sum)+                   3 <= left.spades <= 5, left.hcp > right.hcp
                | seat 'has' [N 'of'] card+       declarer has SA, partner has 2 of SA SK SQ
                | seat 'makes' contract           declarer makes 7S (double dummy)
    sum        := term ('+' term)*                declarer.spades + partner.spades >= 8
    term       := number | seat '.' measure       1.hearts, talon.spades, N.hcp
    op         := >= | <= | > | < | = | == | !=

A seat is a number, a role of the player asking (`declarer`, `partner`,
`left`, `right`: :class:`Seating` says whose), a compass letter in Priffe
(N E S W), or `talon` (the cards in no hand, Preferans and Vienna). The
measures count the cards of the hand *as dealt* (before any talon is taken):
its length in `spades`, `hearts`, `diamonds`, `clubs` (printed suits, also
S H D C or ♠ ♥ ♦ ♣), its high-card points `hcp` (A 4, K 3, Q 2, J 1), its
`aces`, `kings`, `queens`, `jacks`, and in Priffe its `honours` of a contract
(``honours(ruter)``: A K Q J of trumps; priffe: the aces; nolla: the deuces).
``has`` without a number means every card named; ``has N of`` at least N of them.
``makes`` asks whether that seat, declaring the contract, makes it double
dummy with its best discard where it takes the talon.

A parsed condition is a tree of frozen dataclasses (:class:`Count`,
:class:`Compare`, :class:`Holds`, :class:`Makes`, :class:`Not`,
:class:`And`, :class:`Or`) with every seat a number: plain data that
pickles to worker processes and to a Dask cluster, and can be built by hand.

>>> from prefdd.rules import PREFERANS
>>> seating = Seating.bidder(PREFERANS, seat=0, seats=3)
>>> condition = parse_condition("left.spades >= 5 and not right has 2 of SA SK SQ", seating)
>>> condition.tree
And(operands=(Compare(sides=((Count(seat=1, measure='spades', contract=None),), (5,)), ops=('>=',)), \
Not(operand=Holds(seat=2, cards=(Card('SA'), Card('SK'), Card('SQ')), at_least=2))))
>>> render(condition.tree, PREFERANS)
'1.spades >= 5 and not 2 has 2 of SA SK SQ'
>>> parse_condition("left.spadse >= 5", seating)
Traceback (most recent call last):
...
prefdd.rules.errors.InvalidInputError: condition 'left.spadse >= 5': at column 6: unknown measure 'spadse' \
(spades hearts diamonds clubs hcp aces kings queens jacks honours)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from prefdd.rules import Card, InvalidInputError, checks, get_contract, parse_card
from prefdd.solver.analyses.condition_tree import (
    HONOURS_OF,
    MEASURES,
    NO_HONOURS,
    OPERATORS,
    ROLES,
    SUIT_MEASURES,
    TALON,
    TALON_GAMES,
    And,
    Compare,
    Condition,
    Count,
    Holds,
    Makes,
    Node,
    Not,
    Or,
    Seating,
    Term,
    check,
    declarable,
    render,
    weight,
)

__all__ = ["MEASURES", "OPERATORS", "ROLES", "SUIT_MEASURES", "TALON", "And", "Compare", "Condition", "Count",
           "Holds", "Makes", "Node", "Not", "Or", "Seating", "Term", "as_conditions", "check",
           "parse_condition", "parse_conditions", "render", "weight"]
_ALIASES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs", "♠": "spades", "♥": "hearts",
            "♦": "diamonds", "♣": "clubs", "spade": "spades", "heart": "hearts", "diamond": "diamonds",
            "club": "clubs", "ace": "aces", "king": "kings", "queen": "queens", "jack": "jacks",
            "honors": "honours", "honour": "honours", "honor": "honours"}
_LARGEST = 999
_DEEPEST = 50


def parse_condition(text: str, seating: Seating, label: str = "condition") -> Condition:
    """The condition written `text`, its seats resolved by `seating`.

    A mistake raises InvalidInputError in one line: `label`, the text, the
    column (counted from 1) and what is wrong there.
    """
    return Condition(_Parser(text, seating, label).parse(), " ".join(text.split()), seating)


def parse_conditions(texts: Iterable[str], seating: Seating,
                     label: str = "condition") -> tuple[Condition, ...]:
    """Several conditions, all to hold."""
    return tuple(parse_condition(text, seating, label) for text in texts)


def as_conditions(where: Iterable[str | Condition | Node], seating: Seating) -> tuple[Condition, ...]:
    """Conditions given as text (read with `seating`'s roles), as conditions, or as trees built by hand.

    >>> seating = Seating.defender("preferans", defender=1, declarer=0, seats=3)
    >>> [c.tree for c in as_conditions(["partner has SA", Makes(0, "7S")], seating)]
    [Holds(seat=2, cards=(Card('SA'),), at_least=1), Makes(seat=0, contract='7S')]
    """
    if isinstance(where, (str, bytes)) or not isinstance(where, Iterable):
        raise InvalidInputError(f"where must be a list of conditions (text, Condition or a tree), "
                                f"not {checks.shown(where)}")
    listed = list(where)
    for item in listed:
        checks.instance(item, (str, Condition, Compare, Holds, Makes, Not, And, Or), "a condition",
                        "text, a Condition or a tree of Compare, Holds, Makes, Not, And, Or")
    return tuple(parse_condition(w, seating) if isinstance(w, str) else w if isinstance(w, Condition)
                 else Condition(w, render(w, seating.game, seating), seating) for w in listed)


# -- the parser -----------------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<op>>=|<=|==|!=|=|>|<)|(?P<punct>[().,+])"
                    r"|(?P<word>[^\s().,+<>=!]+)|(?P<bad>\S))")


@dataclass(frozen=True)
class _Token:
    kind: str  # op, punct, word, end
    text: str
    column: int

    def is_word(self, *words: str) -> bool:
        return self.kind == "word" and self.text.lower() in words

    @property
    def number(self) -> bool:
        return self.kind == "word" and self.text.isascii() and self.text.isdigit()


class _Mistake(Exception):
    def __init__(self, token: _Token, problem: str):
        super().__init__(problem)
        self.token, self.problem = token, problem


class _Parser:
    """Recursive descent over the tokens, one method per rule of the grammar."""

    def __init__(self, text: str, seating: Seating, label: str):
        self.text, self.seating, self.game, self.label = text, seating, seating.game, label
        self.tokens = self._tokens(text, label)
        self.at = 0
        self.depth = 0

    def parse(self) -> Node:
        try:
            if self.peek().kind == "end":
                raise _Mistake(self.peek(), "no condition: write one like 'left.spades >= 5'")
            node = self.condition()
            if self.peek().kind != "end":
                raise _Mistake(self.peek(), f"unexpected {self.peek().text!r}: "
                                            "expected 'and', 'or' or the end")
            return node
        except _Mistake as mistake:
            where = "at the end" if mistake.token.kind == "end" else f"at column {mistake.token.column}"
            raise InvalidInputError(f"{self.label} {self.text!r}: {where}: {mistake.problem}") from None
        except InvalidInputError as error:  # refused by the rules where no token is to blame
            raise InvalidInputError(f"{self.label} {self.text!r}: {error}") from None

    @staticmethod
    def _tokens(text: str, label: str) -> list[_Token]:
        tokens = []
        for match in _TOKEN.finditer(text):
            kind = match.lastgroup or "end"
            if kind == "bad":
                raise InvalidInputError(f"{label} {text!r}: at column {match.start(kind) + 1}: "
                                        f"unexpected character {match.group(kind)!r}")
            tokens.append(_Token(kind, match.group(kind), match.start(kind) + 1))
        tokens.append(_Token("end", "", len(text.rstrip()) + 1))
        return tokens

    def peek(self, ahead: int = 0) -> _Token:
        return self.tokens[min(self.at + ahead, len(self.tokens) - 1)]

    def take(self) -> _Token:
        token = self.peek()
        self.at += 1
        return token

    def expect(self, text: str, what: str) -> _Token:
        token = self.peek()
        if token.text != text:
            found = f", not {token.text!r}" if token.kind != "end" else ""
            raise _Mistake(token, f"expected {what}{found}")
        return self.take()

    def deeper(self, token: _Token) -> None:
        self.depth += 1
        if self.depth > _DEEPEST:
            raise _Mistake(token, f"nested more than {_DEEPEST} deep")

    def condition(self) -> Node:
        parts = [self.either()]
        while self.peek().is_word("or"):
            self.take()
            parts.append(self.either())
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def either(self) -> Node:
        parts = [self.negation()]
        while self.peek().is_word("and"):
            self.take()
            parts.append(self.negation())
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def negation(self) -> Node:
        token = self.peek()
        if token.is_word("not"):
            self.take()
            self.deeper(token)
            node = Not(self.negation())
            self.depth -= 1
            return node
        if token.text == "(":
            self.take()
            self.deeper(token)
            node = self.condition()
            self.expect(")", "')' to close the '(' at column " + str(token.column))
            self.depth -= 1
            return node
        return self.statement()

    def statement(self) -> Node:
        token, after = self.peek(), self.peek(1)
        if token.kind == "end":
            raise _Mistake(token, "expected a condition")
        if after.is_word("has"):
            seat = self.seat()
            self.take()
            return self.holding(seat, after)
        if after.is_word("makes"):
            seat = self.seat()
            self.take()
            if seat == TALON:
                raise _Mistake(token, "the talon declares nothing")
            contract = self.take()
            if contract.kind != "word":
                raise _Mistake(contract, "expected a contract after 'makes'")
            try:
                return Makes(seat, declarable(self.game, contract.text))
            except InvalidInputError as error:
                raise _Mistake(contract, str(error)) from None
        sides, ops = [self.sum()], []
        while self.peek().kind == "op":
            op = self.take().text
            ops.append("==" if op == "=" else op)
            sides.append(self.sum())
        if not ops:
            raise _Mistake(self.peek(), "expected a comparison (>= <= > < = !=)"
                           + (f", not {self.peek().text!r}" if self.peek().kind != "end" else ""))
        return Compare(tuple(sides), tuple(ops))

    def holding(self, seat: int, has: _Token) -> Holds:
        at_least = None
        if self.peek().number and self.peek(1).is_word("of"):
            at_least = self.number(self.take())
            self.take()
        cards: list[Card] = []
        deck = self.game.deck(self.seating.seats)
        while self.peek().kind == "word" or (cards and self.peek().text == ","):
            token = self.take()
            if token.text == ",":
                continue
            if token.is_word("and", "or", "not") and cards:
                self.at -= 1
                break
            if token.number:
                raise _Mistake(token, f"expected a card, not {token.text!r} (for at least {token.text} of "
                                      f"some cards, write: has {token.text} of SA SK ...)")
            if token.is_word("no", "none"):
                raise _Mistake(token, f"'{token.text}' is not a card: to say a seat lacks a card, "
                                      "write 'not SEAT has CARD'")
            try:
                card = parse_card(token.text)
            except InvalidInputError as error:
                raise _Mistake(token, str(error)) from None
            if card not in deck:
                raise _Mistake(token, f"card {card} is not in the {self.game.name} deck")
            if card in cards:
                raise _Mistake(token, f"card {card} named twice")
            cards.append(card)
        if not cards:
            raise _Mistake(self.peek(), f"expected a card after {has.text!r} (like SA or ♠A)")
        if at_least is not None and at_least > len(cards):
            raise _Mistake(has, f"{at_least} of {len(cards)} card(s) cannot be held")
        return Holds(seat, tuple(cards), len(cards) if at_least is None else at_least)

    def sum(self) -> tuple[Term, ...]:
        terms = [self.term()]
        while self.peek().text == "+":
            self.take()
            terms.append(self.term())
        return tuple(terms)

    def term(self) -> Term:
        token = self.peek()
        if token.number and self.peek(1).text != ".":
            return self.number(self.take())
        if token.kind != "word":
            found = f", not {token.text!r}" if token.kind != "end" else ""
            raise _Mistake(token, f"expected a number or a term like left.spades{found}")
        seat = self.seat()
        self.expect(".", f"'.' and a measure after the seat {token.text!r} (like {token.text}.spades)")
        word = self.take()
        name = _ALIASES.get(word.text.lower(), word.text.lower())
        if word.kind != "word" or name not in MEASURES:
            raise _Mistake(word, f"unknown measure {word.text!r} ({' '.join(MEASURES)})")
        contract = None
        if name == "honours":
            contract = self.honours_of(word)
        return Count(seat, name, contract)

    def honours_of(self, word: _Token) -> str:
        if self.game.name != "priffe":
            raise _Mistake(word, NO_HONOURS.format(game=self.game.name))
        if self.peek().text != "(":
            if self.seating.contract is None:
                raise _Mistake(word, f"honours depend on the contract in Priffe: {HONOURS_OF}")
            return get_contract(self.game, self.seating.contract).name
        self.take()
        name = self.take()
        try:
            contract = get_contract(self.game, name.text).name if name.kind == "word" else ""
        except InvalidInputError as error:
            raise _Mistake(name, str(error)) from None
        if not contract:
            raise _Mistake(name, f"expected a contract in honours(...): {HONOURS_OF}")
        self.expect(")", "')' after the contract")
        return contract

    def number(self, token: _Token) -> int:
        if len(token.text) > 3 or int(token.text) > _LARGEST:
            raise _Mistake(token, f"{token.text} is too large (at most {_LARGEST})")
        return int(token.text)

    def seat(self) -> int:
        token = self.take()
        seats, game = self.seating.seats, self.game
        if token.kind == "word":
            key = token.text.lower()
            if token.number:
                if len(token.text) <= 3 and int(token.text) < seats:
                    return int(token.text)
                raise _Mistake(token, f"seat {token.text} does not exist (seats 0-{seats - 1})")
            if key in ROLES and self.seating.role(key) is not None:
                return self.seating.role(key)  # type: ignore[return-value]
            if key == "talon" and game.name in TALON_GAMES:
                return TALON
            if token.text.upper() in game.seat_names:
                return game.seat_names.index(token.text.upper())
        raise _Mistake(token, self._unknown_seat(token))

    def _unknown_seat(self, token: _Token) -> str:
        game, seats = self.game, self.seating.seats
        names = [f"0-{seats - 1}", *game.seat_names, *(name for name, _ in self.seating.roles)]
        if game.name in TALON_GAMES:
            names.append("talon")
        what = "expected a seat" if token.kind == "end" else f"unknown seat {token.text!r}"
        if token.is_word(*ROLES):
            what = f"no {token.text.lower()} here"
        elif token.is_word("talon"):
            what = f"{game.name} has no talon"
        return f"{what} (seats: {' '.join(names)})"
