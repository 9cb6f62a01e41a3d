"""Priffe scoring (seed 003, *Betalning och utgång*): a deal's points, and the games of a sits.

Priffe is scored per partnership (*bolag*): side 0 is seats 0 and 2, side 1
seats 1 and 3. Scores count *odd tricks* (the seed's *trick*, as against
*stick*, a trick taken): in ruter, hjärter and priffe each trick a side takes
beyond six; in nolla and passnolla each trick the other side takes beyond six.
A deal gives

- **trick points**, 10 per odd trick, to the declarer's side when the
  contract makes; when it fails, the defenders' odd tricks are *penalty
  tricks*, worth 10 trick points and 10 honour points each. In passnolla the
  side that took fewer tricks scores its odd tricks;
- **honour points**: honours held (three in one side 20, four 40), and slams
  (six odd tricks 10, all seven 20), whoever scores them.

Trick points count towards game (*utgång*), which :class:`Sits` keeps track of.

>>> from prefdd.rules.cards import parse_cards
>>> hands = [parse_cards("DA DK DQ"), parse_cards("DJ"), [], []]
>>> ours, theirs = score_deal("ruter", (5, 2, 4, 2), hands, declarer=0)
>>> ours
PriffeScore(side=0, trick_points=30, honour_points=20)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from prefdd.rules.cards import Card, Rank, Suit
from prefdd.rules.errors import InvalidInputError

CONTRACTS = ("ruter", "hjarter", "nolla", "priffe", "passnolla")
_HONOURS = {
    "ruter": frozenset(Card(Suit.DIAMONDS, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)),
    "hjarter": frozenset(Card(Suit.HEARTS, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)),
    "nolla": frozenset(Card(s, Rank.TWO) for s in Suit),
    "priffe": frozenset(Card(s, Rank.ACE) for s in Suit),
    "passnolla": frozenset(Card(s, Rank.TWO) for s in Suit),
}
_SEATS = 4
_TRICKS = 13
_BOOK = 6
_GAME = 30


class Honours(enum.Enum):
    """How held honours score: the standard rule or one of the seed's two variants."""

    STANDARD = "standard"  # three in one side 20, four 40
    ONE_HAND = "one hand"  # as standard, but all four in one hand 50
    HALVED = "halved"  # three 10, four 20


@dataclass(frozen=True)
class PriffeScore:
    """One partnership's points in a deal."""

    side: int
    trick_points: int = 0
    honour_points: int = 0

    @property
    def seats(self) -> tuple[int, int]:
        """The two seats of this partnership."""
        return self.side, self.side + 2

    @property
    def total(self) -> int:
        return self.trick_points + self.honour_points


def honour_cards(contract: str) -> frozenset[Card]:
    """The four honours of a contract: A K Q J of trumps, the aces in priffe, the deuces in nolla.

    >>> sorted(honour_cards("priffe"))
    [Card('SA'), Card('HA'), Card('DA'), Card('CA')]
    """
    return _HONOURS[_contract_name(contract)]


def honour_points(contract: str, hands: Sequence[Iterable[Card]],
                  scale: Honours = Honours.STANDARD) -> tuple[int, int]:
    """Each side's points for the honours dealt to it (two each score nothing).

    >>> from prefdd.rules.cards import parse_cards
    >>> honour_points("nolla", [parse_cards("S2 H2 D2 C2"), [], [], []], Honours.ONE_HAND)
    (50, 0)
    """
    if len(hands) != _SEATS:
        raise InvalidInputError(f"Priffe has {_SEATS} hands, not {len(hands)}")
    sets = [frozenset(hand) for hand in hands]
    holders = []
    for card in sorted(honour_cards(contract)):
        seats = [seat for seat, hand in enumerate(sets) if card in hand]
        if len(seats) != 1:
            raise InvalidInputError(f"honour {card} must be in exactly one hand, not in {len(seats)}")
        holders.append(seats[0])
    points = []
    for side in (0, 1):
        held = sum(1 for seat in holders if seat % 2 == side)
        if held < 3:
            points.append(0)
        elif scale is Honours.HALVED:
            points.append(10 if held == 3 else 20)
        elif held == 4 and scale is Honours.ONE_HAND and len(set(holders)) == 1:
            points.append(50)
        else:
            points.append(20 if held == 3 else 40)
    return points[0], points[1]


def score_deal(contract: str, tricks: Sequence[int], hands: Sequence[Iterable[Card]],
               declarer: int | None = None, *, honours: Honours = Honours.STANDARD,
               double_penalty_slam: bool = False) -> tuple[PriffeScore, PriffeScore]:
    """Both sides' points for a deal, given the tricks each seat took and the hands as dealt.

    `declarer` is required except in passnolla, which has none. With
    `double_penalty_slam` (a variant) six penalty tricks score 20 and seven 40.

    Passnolla: side 1 takes two tricks, so side 0 takes eleven and side 1
    scores five odd tricks; side 0 was dealt three of the deuces.

    >>> from prefdd.rules.cards import parse_cards
    >>> hands = [parse_cards("S2"), parse_cards("C2"), parse_cards("H2 D2"), []]
    >>> for score in score_deal("passnolla", (6, 1, 5, 1), hands):
    ...     print(score)
    PriffeScore(side=0, trick_points=0, honour_points=20)
    PriffeScore(side=1, trick_points=50, honour_points=0)
    """
    name = _contract_name(contract)
    if len(tricks) != _SEATS or any(t < 0 for t in tricks) or sum(tricks) != _TRICKS:
        raise InvalidInputError(f"tricks {tuple(tricks)} must be four counts, one per seat, adding up to 13")
    taken = (tricks[0] + tricks[2], tricks[1] + tricks[3])
    trick_points = [0, 0]
    honour = list(honour_points(name, hands, honours))
    if name == "passnolla":
        if declarer is not None:
            raise InvalidInputError("passnolla has no declarer")
        side = 0 if taken[0] < taken[1] else 1
        over = _BOOK + 1 - taken[side]
        trick_points[side] += 10 * over
        honour[side] += _slam(over)
    else:
        if declarer not in range(_SEATS):
            raise InvalidInputError(f"{name} needs a declarer seat 0-3, not {declarer!r}")
        side = declarer % 2
        over = _BOOK + 1 - taken[side] if name == "nolla" else taken[side] - _BOOK
        if over > 0:
            trick_points[side] += 10 * over
            honour[side] += _slam(over)
        else:
            penalty = 1 - over
            trick_points[1 - side] += 10 * penalty
            honour[1 - side] += 10 * penalty + _slam(penalty) * (2 if double_penalty_slam else 1)
    return PriffeScore(0, trick_points[0], honour[0]), PriffeScore(1, trick_points[1], honour[1])


@dataclass(frozen=True)
class Sits:
    """A sits in progress: each side's points, part score towards game, and games made.

    A side's trick points add up to game at 30 (its second game at
    `second_game`, 40 in a variant); the first game scores 10 more, the
    second 20 and ends the sits. Each game wipes both sides' part scores.

    >>> sits = Sits().record((PriffeScore(0, 20, 20), PriffeScore(1)))
    >>> sits = sits.record((PriffeScore(0, 10), PriffeScore(1, 0, 20)))
    >>> sits.points, sits.part_scores, sits.games
    ((60, 20), (0, 0), (1, 0))
    """

    points: tuple[int, int] = (0, 0)
    part_scores: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)
    second_game: int = _GAME

    @property
    def finished(self) -> bool:
        """Whether a side has made its second game."""
        return 2 in self.games

    def record(self, deal: Iterable[PriffeScore]) -> Sits:
        """The sits after one more deal."""
        if self.finished:
            raise InvalidInputError("the sits is over: a side has made its second game")
        points, part, games = list(self.points), list(self.part_scores), list(self.games)
        for score in deal:
            points[score.side] += score.total
            part[score.side] += score.trick_points
        for side in (0, 1):
            if part[side] >= (_GAME if games[side] == 0 else self.second_game):
                games[side] += 1
                points[side] += 10 * games[side]
                part = [0, 0]
        return replace(self, points=(points[0], points[1]), part_scores=(part[0], part[1]),
                       games=(games[0], games[1]))

    def balance(self) -> tuple[int, ...]:
        """Each seat's entry for the finished sits: the sides' difference in tens, plus for the side ahead.

        >>> Sits(points=(120, 30), games=(2, 0)).balance()
        (9, -9, 9, -9)
        """
        if not self.finished:
            raise InvalidInputError("the sits is not over: no side has made its second game")
        lead = (self.points[0] - self.points[1]) // 10
        return lead, -lead, lead, -lead


def _slam(tricks: int) -> int:
    """Honour points for a slam: six odd tricks (*lilla slam*) 10, seven (*stora slam*) 20."""
    return {6: 10, 7: 20}.get(tricks, 0)


def _contract_name(contract: str) -> str:
    key = contract.strip().lower().replace("ä", "a")
    if key not in CONTRACTS:
        raise InvalidInputError(f"unknown Priffe contract {contract!r} (contracts: {' '.join(CONTRACTS)})")
    return key
