"""Test oracle: a slow, brute-force double-dummy solver written from RULES.md.

This module is the independent reference the real engine (``src/``) is
compared against in property tests. It is written straight from
``shared/RULES.md`` (sections 1, 2 and 3.2) and must share no code with the
engine: it imports nothing from the project, only the standard library.
Clarity and correctness come before speed: it is a plain full minimax over
every legal card, memoised on an immutable state, meant for positions of at
most about six cards per hand.

Cards are two-character strings, suit then rank: suits ``S H D C``, ranks
``A K Q J T 9 8 7 6 5 4 3 2`` (``'SA'``, ``'HT'``, ``'C2'``).

Public functions:

- ``trick_winner(game, trick, trump)``: index in ``trick`` of the winning card.
- ``legal_plays(game, hands, trump, leader, played, constraints, declarer)``:
  the cards the player to move may play after ``played``.
- ``solve(game, hands, trump, leader, played, constraints, declarer, goal,
  side)``: the double-dummy value of the whole position.

Seats are 0..n-1 (n = 2..5) and play clockwise in increasing index order; a
seat whose starting hand is empty sits out and is skipped.

The constraints (RULES.md section 2), generalised so that any subset works,
are applied in this order to the player to move (the leader may lead anything):

- follow: holding a card of the suit led, he must play one.
- ruff: holding no card of the suit led but a trump, he must play a trump.
- head: if some card still allowed beats the card currently winning (would
  become the winner if played now), he must play one of those.
- lowest_winner: for the next active seat after ``declarer``, in tricks the
  declarer led: if more than one allowed card beats the led card, he must play
  the weakest of them as a trick winner (non-trumps below trumps, then rank).

Interpretations beyond the letter of RULES.md:

- Polskt pass: a jack is a card of the trump suit for every purpose, so it
  follows trump leads, does not follow leads of its printed suit, and a lead
  of a jack is a trump lead. Cards below the eight are not refused; they rank
  below it. No deck composition is checked for any game.
- At least two seats must hold cards.
- A ``declarer`` who sits out never leads, so lowest_winner then has no effect.
- ``side`` may contain seats that sit out (they take no tricks); for 'win'
  it must be one active seat. Goal 'win' is accepted for every game.
- Goal 'win': see ``solve``.
- ``legal_plays`` returns the cards sorted by suit (S H D C) and then rank,
  highest first.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from functools import cache
from typing import NamedTuple, TypeVar

T = TypeVar("T")

GAMES = ("preferans", "vienna", "priffe", "polskt-pass")
SUITS = "SHDC"
RANKS = "AKQJT98765432"  # highest first
CONSTRAINTS = frozenset({"follow", "ruff", "head", "lowest_winner"})
GOALS = ("max", "min", "win")

# Polskt pass (RULES.md 3.2): the four jacks are permanent top trumps, in this
# order, highest first.
POLSKT_JACKS = ("CJ", "SJ", "HJ", "DJ")


# ---------------------------------------------------------------------------
# Cards and ranking
# ---------------------------------------------------------------------------


def check_card(card: object) -> str:
    """Return ``card`` if it is a valid card string, else raise ValueError."""
    if not (isinstance(card, str) and len(card) == 2 and card[0] in SUITS and card[1] in RANKS):
        raise ValueError(f"unknown card {card!r}: expected suit (S H D C) then rank (AKQJT98765432)")
    return card


def check_game_and_trump(game: str, trump: str | None) -> None:
    """Raise ValueError for an unknown game or trump, or Polskt pass without trump."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
    if trump is not None and (not isinstance(trump, str) or trump not in SUITS or len(trump) != 1):
        raise ValueError(f"unknown trump {trump!r}: expected 'S', 'H', 'D', 'C' or None")
    if game == "polskt-pass" and trump is None:
        raise ValueError("polskt-pass always has a trump suit; trump must not be None")


def is_polskt_jack(game: str, card: str) -> bool:
    """True if ``card`` is one of the four permanent top trumps of Polskt pass."""
    return game == "polskt-pass" and card[1] == "J"


def suit_of(game: str, card: str, trump: str | None) -> str:
    """The suit the card belongs to in play.

    In Polskt pass a jack belongs to the trump suit, never to its printed suit.
    """
    if is_polskt_jack(game, card):
        assert trump is not None
        return trump
    return card[0]


def power(game: str, card: str) -> int:
    """Strength of a card within its own suit; a bigger number beats a smaller.

    Normal order A K Q J T 9 8 7 6 5 4 3 2. In Polskt pass the jacks rank
    above every other card of the trump suit: club, spade, heart, diamond jack.
    """
    if is_polskt_jack(game, card):
        return 100 + (len(POLSKT_JACKS) - POLSKT_JACKS.index(card))
    return len(RANKS) - RANKS.index(card[1])


def trick_winner(game: str, trick: list[str], trump: str | None) -> int:
    """Index in ``trick`` of the winning card (RULES.md section 1).

    The highest trump wins if any trump was played, otherwise the highest card
    of the suit led. ``trick`` may be incomplete: the result is then the card
    currently winning.
    """
    check_game_and_trump(game, trump)
    if not trick:
        raise ValueError("trick_winner needs at least one card")
    for card in trick:
        check_card(card)
    if len(set(trick)) != len(trick):
        raise ValueError(f"a card appears twice in the trick {trick}")
    suits = {c: suit_of(game, c, trump) for c in trick}
    powers = {c: power(game, c) for c in trick}
    return winning_index(trick, trump, suits, powers)


def winning_index(
    trick: list[str] | tuple[str, ...],
    trump: str | None,
    suits: dict[str, str],
    powers: dict[str, int],
) -> int:
    """The winner rule, given each card's suit in play and its power in its suit."""
    led = suits[trick[0]]
    trumps = [i for i, c in enumerate(trick) if suits[c] == trump]
    candidates = trumps if trumps else [i for i, c in enumerate(trick) if suits[c] == led]
    return max(candidates, key=lambda i: powers[trick[i]])


def card_order(card: str) -> tuple[int, int]:
    """Display order for lists of cards: by suit S H D C, then rank high to low."""
    return (SUITS.index(card[0]), RANKS.index(card[1]))


# ---------------------------------------------------------------------------
# The fixed data of one position
# ---------------------------------------------------------------------------


class Table(NamedTuple):
    """Everything about a position that never changes during the play.

    ``suits`` and ``powers`` are ``suit_of`` and ``power`` tabulated for all
    52 cards (only to save time in the search); ``play_order[s]`` lists the
    active seats in the order they play to a trick led by seat ``s``.
    """

    game: str
    trump: str | None
    constraints: frozenset[str]
    declarer: int | None
    n: int  # number of seats, active or not
    active: tuple[int, ...]  # seats that hold cards at the start, increasing
    suits: dict[str, str]
    powers: dict[str, int]
    play_order: tuple[tuple[int, ...], ...]


def next_active(n: int, active: tuple[int, ...], seat: int) -> int:
    """The next active seat clockwise after ``seat`` (seat s+1 mod n plays after s)."""
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if candidate in active:
            return candidate
    raise AssertionError("no active seat")  # impossible: validated at setup


def trick_order(n: int, active: tuple[int, ...], leader: int) -> tuple[int, ...]:
    """The active seats in playing order for a trick led by ``leader``."""
    order = [leader]
    while len(order) < len(active):
        order.append(next_active(n, active, order[-1]))
    return tuple(order)


def seat_to_play(table: Table, trick_leader: int, cards_in_trick: int) -> int:
    """The seat that plays the next card of a trick led by ``trick_leader``."""
    return table.play_order[trick_leader][cards_in_trick]


def beats(table: Table, trick: tuple[str, ...], card: str) -> bool:
    """True if ``card``, played now to the non-empty ``trick``, would become its winner."""
    return winning_index((*trick, card), table.trump, table.suits, table.powers) == len(trick)


def strength_as_winner(table: Table, card: str) -> tuple[int, int]:
    """Sort key: how strong ``card`` is as a trick winner (used by lowest_winner).

    Any trump is stronger than any non-trump; within a suit, by rank.
    """
    return (1 if table.suits[card] == table.trump else 0, table.powers[card])


def make_table(
    game: str,
    hands: list[list[str]],
    trump: str | None,
    leader: int,
    constraints: Iterable[str],
    declarer: int | None,
) -> Table:
    """Validate the static input and build the Table. Raises ValueError."""
    check_game_and_trump(game, trump)
    if not isinstance(hands, (list, tuple)) or not 2 <= len(hands) <= 5:
        raise ValueError("hands must be a list of 2 to 5 hands, one per seat")
    seen: dict[str, int] = {}
    for seat, hand in enumerate(hands):
        for card in hand:
            check_card(card)
            if card in seen and seen[card] == seat:
                raise ValueError(f"card {card} appears twice in hand {seat}")
            if card in seen:
                raise ValueError(f"card {card} is in hand {seen[card]} and hand {seat}")
            seen[card] = seat
    n = len(hands)
    active = tuple(seat for seat in range(n) if len(hands[seat]) > 0)
    if len(active) < 2:
        raise ValueError("at least two seats must hold cards")
    sizes = {len(hands[seat]) for seat in active}
    if len(sizes) != 1:
        raise ValueError(
            "active hands have different sizes: " + ", ".join(f"seat {s}: {len(hands[s])}" for s in active)
        )
    if not isinstance(leader, int) or not 0 <= leader < n:
        raise ValueError(f"leader {leader!r} is not a seat (0..{n - 1})")
    if leader not in active:
        raise ValueError(f"leader {leader} sits out (holds no cards)")
    constraint_set = frozenset(constraints)
    unknown = constraint_set - CONSTRAINTS
    if unknown:
        raise ValueError(f"unknown constraints {sorted(unknown)}; known: {sorted(CONSTRAINTS)}")
    if declarer is not None and (not isinstance(declarer, int) or not 0 <= declarer < n):
        raise ValueError(f"declarer {declarer!r} is not a seat (0..{n - 1}) or None")
    all_cards = [s + r for s in SUITS for r in RANKS]
    return Table(
        game=game,
        trump=trump,
        constraints=constraint_set,
        declarer=declarer,
        n=n,
        active=active,
        suits={c: suit_of(game, c, trump) for c in all_cards},
        powers={c: power(game, c) for c in all_cards},
        play_order=tuple(trick_order(n, active, s) if s in active else () for s in range(n)),
    )


# ---------------------------------------------------------------------------
# Play constraints (RULES.md section 2)
# ---------------------------------------------------------------------------


def allowed_cards(table: Table, hand: Iterable[str], trick: tuple[str, ...], trick_leader: int) -> list[str]:
    """The cards of ``hand`` the player to move may play to ``trick``.

    Applied in order: follow, ruff, head, lowest_winner (see the module's
    interface description). The leader may lead any card. The result keeps
    the order of ``hand``.
    """
    suits, trump, rules = table.suits, table.trump, table.constraints
    hand = list(hand)
    if not trick:
        return hand
    led = suits[trick[0]]
    holds_led = any(suits[c] == led for c in hand)
    allowed = list(hand)

    if "follow" in rules and holds_led:
        allowed = [c for c in hand if suits[c] == led]

    if "ruff" in rules and trump is not None and not holds_led:
        trumps = [c for c in hand if suits[c] == trump]
        if trumps:
            allowed = trumps

    if "head" in rules:
        beating = [c for c in allowed if beats(table, trick, c)]
        if beating:
            allowed = beating

    if "lowest_winner" in rules and is_lowest_winner_turn(table, trick, trick_leader):
        winners = [c for c in allowed if beats(table, trick, c)]
        if len(winners) > 1:
            allowed = [min(winners, key=lambda c: strength_as_winner(table, c))]

    return allowed


def is_lowest_winner_turn(table: Table, trick: tuple[str, ...], trick_leader: int) -> bool:
    """True if the player to move is the declarer's left-hand opponent playing
    second to a trick the declarer led."""
    declarer = table.declarer
    return (
        declarer is not None
        and trick_leader == declarer
        and len(trick) == 1
        and seat_to_play(table, trick_leader, 1) == next_active(table.n, table.active, declarer)
    )


# ---------------------------------------------------------------------------
# Replaying the cards already played
# ---------------------------------------------------------------------------


class Position(NamedTuple):
    """A hashable state of the play."""

    hands: tuple[tuple[str, ...], ...]  # current hands, each sorted, by seat
    trick: tuple[str, ...]  # cards of the trick in progress, in order
    trick_leader: int  # the seat that led the trick in progress (or leads next)


def play_card(table: Table, pos: Position, card: str) -> tuple[Position, int | None]:
    """Play ``card`` (assumed legal) for the seat to move.

    Returns the new position and the seat that won the trick if this card
    completed it, else None.
    """
    seat = seat_to_play(table, pos.trick_leader, len(pos.trick))
    hands = list(pos.hands)
    i = hands[seat].index(card)
    hands[seat] = hands[seat][:i] + hands[seat][i + 1 :]
    trick = (*pos.trick, card)
    if len(trick) < len(table.active):
        return Position(tuple(hands), trick, pos.trick_leader), None
    winner_index = winning_index(trick, table.trump, table.suits, table.powers)
    winner = seat_to_play(table, pos.trick_leader, winner_index)
    return Position(tuple(hands), (), winner), winner


def is_over(pos: Position) -> bool:
    """True when every card has been played."""
    return not pos.trick and all(len(hand) == 0 for hand in pos.hands)


def replay(
    game: str,
    hands: list[list[str]],
    trump: str | None,
    leader: int,
    played: list[str],
    constraints: Iterable[str],
    declarer: int | None,
) -> tuple[Table, Position, list[int]]:
    """Validate the input and replay ``played``.

    Returns the table, the position after ``played`` and the winners of the
    tricks completed in ``played``, in order. Raises ValueError on bad input.
    """
    table = make_table(game, hands, trump, leader, constraints, declarer)
    pos = Position(tuple(tuple(sorted(h, key=card_order)) for h in hands), (), leader)
    winners: list[int] = []
    for number, card in enumerate(played):
        check_card(card)
        if is_over(pos):
            raise ValueError(f"played card {number} ({card}) comes after the end of the play")
        seat = seat_to_play(table, pos.trick_leader, len(pos.trick))
        if card not in pos.hands[seat]:
            raise ValueError(f"played card {number} ({card}) is not in the hand of seat {seat}")
        legal = allowed_cards(table, pos.hands[seat], pos.trick, pos.trick_leader)
        if card not in legal:
            raise ValueError(f"played card {number} ({card}) by seat {seat} is illegal; legal: {legal}")
        pos, winner = play_card(table, pos, card)
        if winner is not None:
            winners.append(winner)
    return table, pos, winners


# ---------------------------------------------------------------------------
# Public interface
# ---------------------------------------------------------------------------


def legal_plays(
    game: str,
    hands: list[list[str]],
    trump: str | None,
    leader: int,
    played: list[str],
    constraints: set[str],
    declarer: int | None,
) -> list[str]:
    """Cards the player to move may play after ``played``.

    Raises ValueError if a card in ``played`` was not in its player's hand or
    was illegal at its turn, or if the game is over (or on any other bad input).
    """
    table, pos, _ = replay(game, hands, trump, leader, played, constraints, declarer)
    if is_over(pos):
        raise ValueError("the play is over: no card can be played")
    seat = seat_to_play(table, pos.trick_leader, len(pos.trick))
    return sorted(allowed_cards(table, pos.hands[seat], pos.trick, pos.trick_leader), key=card_order)


def solve(
    game: str,
    hands: list[list[str]],
    trump: str | None,
    leader: int,
    played: list[str],
    constraints: set[str],
    declarer: int | None,
    goal: str,
    side: set[int],
) -> int | bool:
    """Double-dummy value of the whole position.

    - goal 'max': seats in ``side`` maximise the tricks taken by ``side``, all
      other seats minimise; returns the tricks of ``side`` in the whole
      position (completed tricks of ``played`` included).
    - goal 'min': the same with the roles swapped.
    - goal 'win' (Polskt pass): ``side`` is one active seat p; returns whether
      p wins the deal against all others cooperating.

    Interpretation: a seat wins the deal if it takes 3 or more tricks, or if it
    was the first seat to reach 2 tricks and no other seat takes 3 or more
    (taken literally, so with hands of six or more cards two seats can both
    "win"; the question asked is only about p).
    """
    if goal not in GOALS:
        raise ValueError(f"unknown goal {goal!r}: expected one of {', '.join(GOALS)}")
    table, pos, winners = replay(game, hands, trump, leader, played, constraints, declarer)
    side_set = frozenset(side)
    for seat in side_set:
        if not isinstance(seat, int) or not 0 <= seat < table.n:
            raise ValueError(f"side contains {seat!r}, which is not a seat (0..{table.n - 1})")
    if goal == "win":
        if len(side_set) != 1:
            raise ValueError("goal 'win' needs exactly one seat in side")
        (player,) = side_set
        if player not in table.active:
            raise ValueError(f"seat {player} sits out and cannot win the deal")
        return on_a_fresh_stack(lambda: solve_win(table, pos, winners, player))
    done = sum(1 for w in winners if w in side_set)
    return done + on_a_fresh_stack(lambda: solve_tricks(table, pos, side_set, maximise=(goal == "max")))


def on_a_fresh_stack(search: Callable[[], T]) -> T:
    """``search()``, run in a thread of its own.

    CPython 3.11 keeps a thread's Python frames in chunks of 16 KB and frees a
    chunk as soon as its first frame returns, so a recursion that keeps crossing
    a chunk's edge maps and unmaps memory at every crossing: depending on how
    deep the caller's stack happened to be, a search of six cards a hand took
    up to three times its own time again in the kernel (the whole test suite
    spent a third of its time there). A new thread starts with an empty stack,
    whose first chunk holds the whole recursion of the endings the tests ask.
    """
    outcome: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(search())
        except BaseException as error:  # re-raised in the caller's thread
            failure.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return outcome[0]


# ---------------------------------------------------------------------------
# The searches
# ---------------------------------------------------------------------------


def solve_tricks(table: Table, start: Position, side: frozenset[int], maximise: bool) -> int:
    """Tricks ``side`` takes from ``start`` on, under optimal play.

    ``side`` maximises if ``maximise`` else minimises; everyone else does the
    opposite. Plain minimax over all legal cards.

    Memoised only where a trick starts: a position part way through a trick
    is reached from a single trick start (put the trick's cards back), so it
    is searched once anyway and caching it would only cost memory.
    """

    @cache
    def value_at_trick_start(pos: Position) -> int:
        return 0 if is_over(pos) else best(pos)

    def value(pos: Position) -> int:
        return best(pos) if pos.trick else value_at_trick_start(pos)

    def best(pos: Position) -> int:
        seat = seat_to_play(table, pos.trick_leader, len(pos.trick))
        results = []
        for card in allowed_cards(table, pos.hands[seat], pos.trick, pos.trick_leader):
            new_pos, winner = play_card(table, pos, card)
            gained = 1 if winner is not None and winner in side else 0
            results.append(gained + value(new_pos))
        side_wants_max = maximise if seat in side else not maximise
        return max(results) if side_wants_max else min(results)

    return value(start)


def deal_won(player: int, counts: tuple[int, ...], first_to_two: int | None) -> bool:
    """Polskt pass win rule (RULES.md 3.2) at the end of the play."""
    if counts[player] >= 3:
        return True
    others_below_three = all(c < 3 for seat, c in enumerate(counts) if seat != player)
    return first_to_two == player and others_below_three


def record_trick(
    counts: tuple[int, ...], first_to_two: int | None, winner: int
) -> tuple[tuple[int, ...], int | None]:
    """Add a trick for ``winner``; note the first seat to reach two tricks."""
    new_counts = list(counts)
    new_counts[winner] += 1
    if first_to_two is None and new_counts[winner] == 2:
        first_to_two = winner
    return tuple(new_counts), first_to_two


# A search state for goal 'win': the position, the tricks taken so far by each
# seat, and the first seat to have reached two tricks (None if none yet).
WinState = tuple[Position, tuple[int, ...], "int | None"]


def solve_win(table: Table, start: Position, winners: list[int], player: int) -> bool:
    """Whether ``player`` wins the Polskt pass deal against all the others."""
    counts: tuple[int, ...] = (0,) * table.n
    first_to_two: int | None = None
    for w in winners:
        counts, first_to_two = record_trick(counts, first_to_two, w)

    @cache
    def value_at_trick_start(state: WinState) -> bool:
        pos, counts, first_to_two = state
        return deal_won(player, counts, first_to_two) if is_over(pos) else best(state)

    def value(state: WinState) -> bool:
        return best(state) if state[0].trick else value_at_trick_start(state)

    def best(state: WinState) -> bool:
        pos, counts, first_to_two = state
        seat = seat_to_play(table, pos.trick_leader, len(pos.trick))
        results = []
        for card in allowed_cards(table, pos.hands[seat], pos.trick, pos.trick_leader):
            new_pos, winner = play_card(table, pos, card)
            new_counts, new_first = counts, first_to_two
            if winner is not None:
                new_counts, new_first = record_trick(counts, first_to_two, winner)
            results.append(value((new_pos, new_counts, new_first)))
        chooser: Callable[[Iterable[bool]], bool] = any if seat == player else all
        return chooser(results)

    return value((start, counts, first_to_two))
