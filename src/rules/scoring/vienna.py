"""Vienna Préférence payments, as the seed's *Betalning* section sets them (seed 000).

Amounts are in units: a unit is a tenth of the base stake (*grundinsats*),
so a base stake is 10 units. The pot and the agreed maximum are parameters:
the amount played for is the whole pot, at most the maximum, and each trick
is worth a tenth of it. Seats are the three players in the play, 0, 1, 2
clockwise; the declarer's left-hand defender is the next seat.

Contract names are those of :mod:`prefdd.rules.contracts`: ``1``–``4``, ``spiel1``–``spiel3``,
``hearts``, and ``bettel``, ``mord``, ``plauderer``, ``mord-open``, each also
``-ohne`` (without talon). The Swedish names *fem*, *sex*, *sju*, *åtta*,
*hjärter* and *utan köp* are accepted too.

Contract 2 made with 7 tricks, pot 30 (3 units a trick): the right-hand
defender took one trick, is paid 3 and falls (30 to the pot).

>>> result = settle_contract("2", declarer=0, tricks=(7, 2, 1), pot=30, maximum=30)
>>> [p.net for p in result.payments], result.pot
([21, 6, -27], 30)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from prefdd.rules.errors import InvalidInputError

BASE_STAKE = 10
"""The base stake in units."""

_TRICK_CONTRACTS = ("1", "2", "3", "4", "spiel1", "spiel2", "spiel3", "hearts")
_PREMIUMS = {  # premium in base stakes, paid by each defender (or to each defender)
    "hearts": 1, "bettel": 1, "bettel-ohne": 2, "mord": 2, "mord-ohne": 3,
    "plauderer": 3, "plauderer-ohne": 4, "mord-open": 4, "mord-open-ohne": 5,
}
_TAKE_ALL = ("mord", "mord-ohne", "mord-open", "mord-open-ohne")
_ALIASES = {"fem": "bettel", "sex": "mord", "sju": "plauderer", "åtta": "mord-open", "atta": "mord-open",
            "herz": "hearts", "hjärter": "hearts", "hjarter": "hearts",
            "spel1": "spiel1", "spel2": "spiel2", "spel3": "spiel3"}
_PLAYERS = 3
_TRICKS = 10
_TO_MAKE = 6
_DEFENDER_NEEDS = 2


class Defence(enum.Enum):
    """A defender's choice in contracts 1–4, spiel 1–3 and hearts."""

    GO_WITH = "goes with"
    STAY_HOME = "stays home"
    INVITE = "goes with and invites"  # the other, who would stay home, must play


@dataclass(frozen=True)
class ViennaPayment:
    """What one player gains in a deal, in units; negative amounts are paid out."""

    seat: int
    from_pot: int = 0
    from_players: int = 0

    @property
    def net(self) -> int:
        """The player's whole gain (or, negative, loss)."""
        return self.from_pot + self.from_players


@dataclass(frozen=True)
class ViennaSettlement:
    """Every player's payment, and what is left in the pot for the next deal."""

    payments: tuple[ViennaPayment, ...]
    pot: int


def stake(pot: int, maximum: int) -> int:
    """The amount played for: the pot, but at most the maximum.

    >>> stake(50, 30) // 10  # "fem grundinsatser i potten ... varje stick är värt tre enheter"
    3
    """
    if pot < BASE_STAKE or maximum < BASE_STAKE:
        raise InvalidInputError(
            f"the pot ({pot}) and the maximum ({maximum}) must be at least a base stake ({BASE_STAKE} units)"
        )
    amount = min(pot, maximum)
    if amount % _TRICKS:
        raise InvalidInputError(
            f"the amount played for, {amount} units, must be a multiple of {_TRICKS} (a whole unit per trick)"
        )
    return amount


def settle_contract(contract: str, declarer: int, tricks: Sequence[int] | None, pot: int, maximum: int,
                    defence: tuple[Defence, Defence] = (Defence.GO_WITH, Defence.GO_WITH),
                    ) -> ViennaSettlement:
    """The payments after a contract, given each seat's tricks.

    `defence` holds the defenders' choices, the declarer's left first; only
    contracts 1–4, spiel 1–3 and hearts let them stay home or invite. When
    both stay home no card is played (`tricks` is None) and the declarer
    counts as taking all ten tricks. A defender who stays home takes no
    trick unless invited.

    Bettel without talon (premium two base stakes), the declarer clean:

    >>> result = settle_contract("fem utan köp", declarer=1, tricks=(5, 0, 5), pot=40, maximum=30)
    >>> [p.net for p in result.payments], result.pot
    ([-20, 70, -20], 10)
    """
    name = _contract_name(contract)
    amount = stake(pot, maximum)
    if declarer not in range(_PLAYERS):
        raise InvalidInputError(f"declarer seat {declarer!r} is not in the play (seats 0-2)")
    defenders = ((declarer + 1) % _PLAYERS, (declarer + 2) % _PLAYERS)
    from_pot = [0] * _PLAYERS
    from_players = [0] * _PLAYERS

    def pay(payer: int, payee: int, units: int) -> None:
        from_players[payer] -= units
        from_players[payee] += units

    if name in _TRICK_CONTRACTS:
        _check_defence(defence, pot)
        if defence == (Defence.STAY_HOME, Defence.STAY_HOME):
            if tricks is not None:
                raise InvalidInputError("both defenders stayed home, so no card was played: give tricks=None")
            made = True
        else:
            _check_tricks(tricks)
            made = tricks[declarer] >= _TO_MAKE
            for defender, taken, needs in _paid_defenders(defenders, defence, tricks):
                pay(declarer, defender, amount // _TRICKS * taken)
                if taken < needs:
                    from_pot[defender] -= amount
    else:
        if defence != (Defence.GO_WITH, Defence.GO_WITH):
            raise InvalidInputError(f"in {name} both defenders play: nobody stays home or invites")
        _check_tricks(tricks)
        made = tricks[declarer] == (_TRICKS if name in _TAKE_ALL else 0)
    from_pot[declarer] += amount if made else -amount
    premium = _PREMIUMS.get(name, 0) * BASE_STAKE
    for defender in defenders:
        if made:
            pay(defender, declarer, premium)
        else:
            pay(declarer, defender, premium)
    payments = tuple(ViennaPayment(seat, from_pot[seat], from_players[seat]) for seat in range(_PLAYERS))
    return ViennaSettlement(payments, pot - sum(from_pot))


def settle_all_pass(tricks: Sequence[int], pot: int) -> ViennaSettlement:
    """After *Ausfechten*: whoever took the most tricks (all who tie) pays a base stake to the pot.

    >>> settle_all_pass((4, 4, 2), pot=10).pot
    30
    """
    _check_tricks(tricks)
    most = max(tricks)
    payments = tuple(ViennaPayment(seat, -BASE_STAKE if taken == most else 0)
                     for seat, taken in enumerate(tricks))
    return ViennaSettlement(payments, pot - sum(p.from_pot for p in payments))


def _paid_defenders(defenders: tuple[int, int], defence: tuple[Defence, Defence],
                    tricks: Sequence[int]) -> list[tuple[int, int, int]]:
    """(seat, tricks paid for, tricks needed) for each defender who can be paid or fall."""
    if Defence.INVITE in defence:
        inviter = defenders[defence.index(Defence.INVITE)]
        return [(inviter, sum(tricks[d] for d in defenders), 2 * _DEFENDER_NEEDS)]
    for seat, choice in zip(defenders, defence, strict=True):
        if choice is Defence.STAY_HOME and tricks[seat]:
            raise InvalidInputError(f"seat {seat} stayed home, so took no trick, not {tricks[seat]}")
    return [(seat, tricks[seat], _DEFENDER_NEEDS)
            for seat, choice in zip(defenders, defence, strict=True) if choice is Defence.GO_WITH]


def _check_defence(defence: tuple[Defence, Defence], pot: int) -> None:
    if len(defence) != 2 or not all(isinstance(d, Defence) for d in defence):
        raise InvalidInputError(f"defence {defence!r} must be two Defence choices, the declarer's left first")
    if Defence.INVITE in defence and set(defence) != {Defence.INVITE, Defence.STAY_HOME}:
        raise InvalidInputError("only a defender who goes with can invite, and only one who stays home")
    if pot == BASE_STAKE and defence != (Defence.GO_WITH, Defence.GO_WITH):
        raise InvalidInputError("the pot holds only one base stake, so both defenders must go with")


def _check_tricks(tricks: Sequence[int] | None) -> None:
    if tricks is None or len(tricks) != _PLAYERS or any(t < 0 for t in tricks) or sum(tricks) != _TRICKS:
        raise InvalidInputError(
            f"tricks {tricks if tricks is None else tuple(tricks)} must be three counts, "
            f"one per seat, adding up to {_TRICKS}"
        )


def _contract_name(contract: str) -> str:
    key = contract.strip().lower().replace("_", "-").replace(" ", "-")
    for suffix in ("-utan-köp", "-utan-kop"):
        key = key.replace(suffix, "-ohne")
    base, ohne, _ = key.partition("-ohne")
    key = _ALIASES.get(base, base) + ohne
    if key not in _TRICK_CONTRACTS and key not in _PREMIUMS:
        known = " ".join((*_TRICK_CONTRACTS, *_PREMIUMS))
        raise InvalidInputError(f"unknown Vienna contract {contract!r} (contracts: {known})")
    return key
