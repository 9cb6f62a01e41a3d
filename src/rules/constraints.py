"""The named play constraints of RULES.md section 2, combined freely as flags."""

from __future__ import annotations

import enum

from prefdd.rules.errors import InvalidInputError


class Constraint(enum.Flag):
    """Play constraints; a rule set is any combination of them.

    >>> Constraint.parse("follow,ruff")
    <Constraint.FOLLOW|RUFF: 3>
    >>> Constraint.parse("follow,head,lowest_winner").names
    'follow,head,lowest_winner'
    """

    NONE = 0
    FOLLOW = 1
    RUFF = 2
    HEAD = 4
    LOWEST_WINNER = 8

    @property
    def names(self) -> str:
        """The constraints as a comma-separated list, in a fixed order."""
        return ",".join(c.name.lower() for c in ALL_CONSTRAINTS if c in self) or "none"

    @classmethod
    def parse(cls, text: str) -> Constraint:
        """A comma-separated list of constraint names (``none`` for none)."""
        if not isinstance(text, str):
            raise InvalidInputError(f"play constraints are written as text, like 'follow,ruff', not {text!r}")
        words = [word for word in text.replace(" ", "").split(",") if word]
        if not words:
            raise InvalidInputError("no play constraint named: write them comma-separated, or 'none'")
        result = cls.NONE
        for word in words:
            if word.lower() == "none":
                continue
            key = word.upper().replace("-", "_")
            if key not in cls.__members__ or key == "NONE":
                known = ", ".join(c.name.lower() for c in ALL_CONSTRAINTS)
                raise InvalidInputError(f"unknown play constraint {word!r} (known: {known})")
            result |= cls[key]
        return result


ALL_CONSTRAINTS = (Constraint.FOLLOW, Constraint.RUFF, Constraint.HEAD, Constraint.LOWEST_WINNER)
