"""Russian Preferans problems with published double-dummy values (../shared/oracle)."""

from __future__ import annotations

from pathlib import Path

import pytest

from prefdd.rules import PREFERANS, Position, Suit, parse_deal
from prefdd.solver import solve

ORACLE = Path(__file__).resolve().parents[2] / "shared" / "oracle"
TRUMPS = {"s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS, "n": None,
          "m": None}


def classic_problems() -> list[tuple[str, str, str, int, int]]:
    """(name, hands, contract letter, leader, declarer's tricks) from classic_problems_dd.txt."""
    rows = []
    if not ORACLE.is_dir():
        return rows
    for line in (ORACLE / "classic_problems_dd.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        setup, _stated, declarer_tricks, name = (part.strip() for part in line.split("|"))
        p0, p1, p2, _talon, contract, leader = setup.split()
        rows.append((name, f"{p0} {p1} {p2}", contract, int(leader), int(declarer_tricks)))
    return rows


@pytest.mark.skipif(not ORACLE.is_dir(), reason="shared/oracle is not beside the repository")
@pytest.mark.parametrize("name,hands,contract,leader,expected", classic_problems())
def test_classic_problem(name: str, hands: str, contract: str, leader: int, expected: int) -> None:
    # Seat 0 declares; a misère ("m") is played without trump, the declarer minimising.
    position = Position(PREFERANS, parse_deal(hands, PREFERANS), TRUMPS[contract], leader,
                        declarer=0)
    assert solve(position, 0, minimise=contract == "m").tricks == expected, name
