"""Checks of what the library's entry points are given, so that bad input fails where it comes in.

Each check raises :class:`InvalidInputError` naming the argument and what it
should be, at the call that received it: a trump given as ``"S"`` is refused
by :class:`~prefdd.rules.Position`, not by the engine three calls later.

>>> seat(4, "dealer", 3)
Traceback (most recent call last):
...
prefdd.rules.errors.InvalidInputError: dealer must be a seat 0-2, not 4
>>> instance("S", Suit, "trump", "a Suit (Suit.SPADES ...) or None", optional=True)
Traceback (most recent call last):
...
prefdd.rules.errors.InvalidInputError: trump must be a Suit (Suit.SPADES ...) or None, not the str 'S'
>>> cards(["SA"], "played")
Traceback (most recent call last):
...
prefdd.rules.errors.InvalidInputError: played must hold Cards (parse_cards reads text), not the str 'SA'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from prefdd.rules.cards import Card, Suit
from prefdd.rules.errors import InvalidInputError

T = TypeVar("T")


def shown(value: object) -> str:
    """A value as an error message shows it: its type and a short repr."""
    text = repr(value)
    return f"the {type(value).__name__} {text if len(text) <= 40 else text[:37] + '...'}"


def instance(value: object, kind: type[T] | tuple[type, ...], name: str, what: str,
             optional: bool = False) -> T:
    """`value` if it is a `kind` (or None, if `optional`), else an error: `name` must be `what`."""
    if (value is None and optional) or isinstance(value, kind):
        return value  # type: ignore[return-value]
    raise InvalidInputError(f"{name} must be {what}, not {shown(value)}")


def integer(value: object, name: str, low: int | None = None, high: int | None = None,
            optional: bool = False) -> int:
    """`value` if it is an int (not a bool) from `low` to `high`, or None if `optional`."""
    if value is None and optional:
        return value  # type: ignore[return-value]
    bounds = (f" from {low} to {high}" if low is not None and high is not None
              else f" of at least {low}" if low is not None else "")
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{name} must be a whole number{bounds}, not {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidInputError(f"{name} must be a whole number{bounds}, not {value}")
    return value


def seat(value: object, name: str, seats: int, optional: bool = False) -> int:
    """`value` if it is a seat number of a table of `seats` (or None, if `optional`)."""
    if value is None and optional:
        return value  # type: ignore[return-value]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        got = value if isinstance(value, int) and not isinstance(value, bool) else shown(value)
        raise InvalidInputError(f"{name} must be a seat 0-{seats - 1}, not {got}")
    return value


def flag(value: object, name: str) -> bool:
    """`value` if it is a bool."""
    return instance(value, bool, name, "True or False")


def text(value: object, name: str) -> str:
    """`value` if it is a str."""
    return instance(value, str, name, "text (a str)")


def cards(value: object, name: str) -> tuple[Card, ...]:
    """The Cards of an iterable of them (a str is refused: read it with parse_cards first)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidInputError(f"{name} must be Cards (parse_cards reads text), not {shown(value)}")
    items = tuple(value)
    for item in items:
        if not isinstance(item, Card):
            raise InvalidInputError(f"{name} must hold Cards (parse_cards reads text), not {shown(item)}")
    return items


def suit(value: object, name: str) -> Suit | None:
    """`value` if it is a Suit or None (no trump)."""
    return instance(value, Suit, name, "a Suit (Suit.SPADES ...) or None", optional=True)
