"""The engine against the brute-force reference on random small positions.

Every game, every combination of follow/ruff/head/lowest_winner, trump and no
trump, a seat sitting out or not, random partial tricks, and the goals
maximise, minimise and (Polskt pass) winning the deal.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
from dataclasses import dataclass

import pytest
import reference
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from prefdd.rules import GAMES, VIENNA, Card, Constraint, Deal, Game, Position, Suit, parse_card, parse_cards
from prefdd.solver import solve
from prefdd.solver.engines import _engine

ALL_RULE_SETS = [
    Constraint(sum(c.value for c in combo))
    for r in range(5)
    for combo in itertools.combinations(
        (Constraint.FOLLOW, Constraint.RUFF, Constraint.HEAD, Constraint.LOWEST_WINNER), r)
]
EVERY_GAME = tuple(GAMES.values())
# Cards per hand at most, by number of seats in the play: small enough for the reference.
MAX_CARDS = {2: 6, 3: 5, 4: 4, 5: 3}


@dataclass
class Case:
    game: Game
    hands: list[list[Card]]
    trump: Suit | None
    leader: int
    declarer: int
    constraints: Constraint
    played: list[Card]
    seat: int

    def position(self) -> Position:
        deal = Deal(tuple(frozenset(h) for h in self.hands))
        return Position(self.game, deal, self.trump, self.leader, tuple(self.played),
                        self.constraints, self.declarer)

    def reference_args(self) -> dict:
        return dict(
            game=self.game.name,
            hands=[[str(c) for c in h] for h in self.hands],
            trump=None if self.trump is None else self.trump.letter,
            leader=self.leader,
            played=[str(c) for c in self.played],
            constraints={c.name.lower() for c in Constraint if c in self.constraints and c.value},
            declarer=self.declarer,
        )

    def side(self) -> set[int]:
        partner = self.game.partner(self.seat)
        return {self.seat} | ({partner} if partner is not None and self.hands[partner] else set())


@st.composite
def cases(draw, games: tuple[Game, ...] = EVERY_GAME, few_suits: bool = False,
          rule_sets: list[Constraint] = ALL_RULE_SETS, seats: int | None = None) -> Case:
    game = draw(st.sampled_from(games))
    everyone = seats is not None
    seats = seats or draw(st.sampled_from(game.table_sizes))
    active = list(range(seats))
    if seats > 2 and not everyone and draw(st.booleans()):
        active.remove(draw(st.sampled_from(active)))
    cards = sorted(game.deck(seats))
    if few_suits:
        suits = draw(st.sets(st.sampled_from(list(Suit)), min_size=1, max_size=3))
        cards = [c for c in cards if c.suit in suits]
    size = draw(st.integers(1, min(MAX_CARDS[len(active)], game.hand_size, len(cards) // len(active))))
    deck = draw(st.permutations(cards))
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for i, seat in enumerate(active):
        hands[seat] = deck[i * size:(i + 1) * size]
    trump = draw(st.sampled_from(list(Suit) if game.needs_trump else [None, *Suit]))
    case = Case(game, hands, trump, draw(st.sampled_from(active)), draw(st.sampled_from(active)),
                draw(st.sampled_from(rule_sets)), [], draw(st.sampled_from(active)))
    for _ in range(draw(st.integers(0, len(active) * size))):
        legal = reference.legal_plays(**case.reference_args())
        if not legal:
            break
        case.played.append(parse_card(draw(st.sampled_from(sorted(legal)))))
    return case


# PREFDD_EXAMPLES=5000 pytest tests/test_engine_vs_reference.py for a long hunt.
EXAMPLES = int(os.environ.get("PREFDD_EXAMPLES", "400"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check_tricks(case: Case, minimise: bool) -> None:
    goal = "min" if minimise else "max"
    expected = reference.solve(**case.reference_args(), goal=goal, side=case.side())
    assert solve(case.position(), case.seat, minimise=minimise).tricks == expected


@SETTINGS
@given(case=cases(), minimise=st.booleans())
def test_tricks_equal_the_reference(case: Case, minimise: bool) -> None:
    check_tricks(case, minimise)


def relabelled(case: Case, a: Suit, b: Suit) -> Case:
    """The case with suits `a` and `b` swapped in every hand."""
    swap = {a: b, b: a}
    return dataclasses.replace(case, hands=[[Card(swap.get(c.suit, c.suit), c.rank) for c in hand]
                                            for hand in case.hands])


@st.composite
def layouts(draw) -> list[Case]:
    """A case without cards played, then other layouts of its cards around one seat's hand (each the
    cards of the other seats dealt again), and in a game without permanent trumps the last of them with
    two suits other than the trump swapped: the positions one table serves, as in solving all layouts."""
    case = dataclasses.replace(draw(cases()), played=[])
    seats = [s for s, hand in enumerate(case.hands) if hand]
    kept = draw(st.sampled_from(seats))
    others = [s for s in seats if s != kept]
    pool = sorted(c for s in others for c in case.hands[s])
    out = [case]
    for _ in range(draw(st.integers(1, 3))):
        deck = draw(st.permutations(pool))
        hands = [list(hand) for hand in case.hands]
        start = 0
        for s in others:
            hands[s] = deck[start:start + len(case.hands[s])]
            start += len(case.hands[s])
        out.append(dataclasses.replace(case, hands=hands))
    if not case.game.needs_trump:
        a, b = draw(st.lists(st.sampled_from([s for s in Suit if s != case.trump]), min_size=2, max_size=2,
                             unique=True))
        out.append(relabelled(out[-1], a, b))
    return out


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 8))
@given(positions=layouts(), minimise=st.booleans())
def test_layouts_searched_in_one_table_equal_the_reference(positions: list[Case], minimise: bool) -> None:
    """The table kept from one layout to the next, where its keys sort the suits."""
    for case in positions:
        check_tricks(case, minimise)


def test_a_layout_with_suits_swapped_is_answered_by_the_table() -> None:
    """Three layouts around seat 0's hand (no spades or clubs), solved in turn: the third is the second with
    spades and clubs swapped, so its keys, the suits sorted, are the second's and the table answers it."""
    preferans = GAMES["preferans"]
    first = Case(preferans, [parse_cards("HA H8 DK D9 D7"), parse_cards("SA S9 H7 DA C7"),
                             parse_cards("S8 S7 HK CA C8")], None, leader=0, declarer=0,
                 constraints=preferans.constraints, played=[], seat=0)
    second = dataclasses.replace(first, hands=[first.hands[0], parse_cards("S8 S9 H7 DA CA"),
                                               parse_cards("SA S7 HK C7 C8")])
    third = relabelled(second, Suit.SPADES, Suit.CLUBS)
    # A table started afresh: an earlier test's deal could otherwise pass for this one (a seat's cards alike)
    # and its entries answer the second layout in place of the bounds the third would meet.
    _engine().clear()
    solutions = [solve(case.position(), 0, threads=1) for case in (first, second, third)]
    for case, solution in zip((first, second, third), solutions, strict=True):
        assert solution.tricks == reference.solve(**case.reference_args(), goal="max", side={0})
    assert solutions[2].nodes < solutions[1].nodes


def bridge(hands: str, trump: Suit | None, leader: int) -> Case:
    """A Priffe position under `follow` alone, asked for the leader's side (North declaring): the four hands
    North, East, South, West, separated by "/"."""
    return Case(GAMES["priffe"], [parse_cards(hand) for hand in hands.split("/")], trump, leader=leader,
                declarer=0, constraints=Constraint.FOLLOW, played=[], seat=leader)


# Found by a hunt: North-South playing to lose, every card a trump. East-West, pushing the tricks onto
# them, drop their 9 and 8 on one trick, and South's 6 or 7 must win another; split_trumps counted the 9
# and 8 kept apart for two tricks, which only a side playing for tricks does.
SPLIT_TRUMPS = bridge("S2 S3 / S8 S5 / S6 S7 / S4 S9", Suit.SPADES, leader=0)


@SETTINGS
@given(case=cases(few_suits=True))
@example(case=SPLIT_TRUMPS)
def test_fewest_tricks_in_few_suits_equal_the_reference(case: Case) -> None:
    """Every hand long in the same suits: where the sure-trick bounds of misère and nolla apply."""
    expected = reference.solve(**case.reference_args(), goal="min", side=case.side())
    assert solve(case.position(), case.seat, minimise=True).tricks == expected


@SETTINGS
@given(case=cases(games=(GAMES["polskt-pass"], GAMES["priffe"]), rule_sets=[Constraint.FOLLOW], seats=4),
       minimise=st.booleans())
def test_four_seats_with_follow_alone_equal_the_reference(case: Case, minimise: bool) -> None:
    """Four seats with `follow` alone: the partnership cut-offs apply (Priffe) and must not (Polskt pass)."""
    check_tricks(case, minimise)


@SETTINGS
@given(case=cases(games=(GAMES["polskt-pass"],)))
def test_polskt_pass_win_equals_the_reference(case: Case) -> None:
    expected = reference.solve(**case.reference_args(), goal="win", side={case.seat})
    solution = solve(case.position(), case.seat)
    assert solution.wins == expected
    most = reference.solve(**case.reference_args(), goal="max", side={case.seat})
    assert solution.takes_all == (most == len(case.hands[case.seat]))


# Found by a long hunt: with must-trump but no follow, a seat of the side that tricks are pushed onto may
# keep its card of a suit and lead it later (seat 1 trumps ♠8 with ♦T, keeping ♠9 for the last trick), so
# takes_all must count a card under for each of the side's cards of the suit, not for its longest holding.
NO_FOLLOW = Case(VIENNA, [parse_cards("S7 SA DJ C7 H7"), parse_cards("C9 HQ S9 DT D7"),
                          parse_cards("D8 D9 SJ C8 S8")],
                 Suit.DIAMONDS, leader=2, declarer=0, constraints=Constraint.RUFF,
                 played=parse_cards("D8"), seat=0)


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 3))
@given(case=cases(), minimise=st.booleans())
@example(case=NO_FOLLOW, minimise=True)
def test_card_values_and_legal_cards_equal_the_reference(case: Case, minimise: bool) -> None:
    position = case.position()
    args = case.reference_args()
    values = solve(position, case.seat, minimise=minimise, card_values=True).cards
    if position.to_play is None:
        assert values == {}
        return
    legal = set(reference.legal_plays(**args))
    assert {str(c) for c in position.legal_cards()} == legal
    assert values is not None and {str(c) for c in values} == legal
    # Polskt pass card values say whether the deal is won; elsewhere they count tricks.
    goal = "win" if case.game.needs_trump else "min" if minimise else "max"
    for card, value in values.items():
        after = dict(args, played=args["played"] + [str(card)])
        assert value == reference.solve(**after, goal=goal, side=case.side()), card


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 3))
@given(case=cases(), minimise=st.booleans())
def test_the_line_is_legal_and_reaches_the_value(case: Case, minimise: bool) -> None:
    position = case.position()
    solution = solve(position, case.seat, minimise=minimise, line=True)
    assert solution.line is not None
    already = list(position.current_trick.cards) if position.current_trick.winner is None else []
    cards = [c for trick in solution.line for c in trick.cards][len(already):]
    end = position.play(cards)  # replays, so every card of the line is checked legal
    assert end.to_play is None
    if case.game.needs_trump:  # Polskt pass: the line plays for the deal
        args = dict(case.reference_args(), played=[str(c) for c in end.played])
        assert reference.solve(**args, goal="win", side={case.seat}) == solution.wins
    else:
        assert sum(end.tricks_won[s] for s in solution.seats) == solution.tricks


@st.composite
def endings(draw, game: Game, seats: int, sizes: tuple[int, int], constraints: Constraint,
            trumps: bool = False) -> Case:
    """Every seat holding `sizes` cards (at most two or three suits, so that the suits run long), no trump
    (with `trumps`, one of those suits), any leader, declarer and seat, part of a trick played or not."""
    suits = draw(st.sets(st.sampled_from(list(Suit)), min_size=2, max_size=3))
    cards = [c for c in sorted(game.deck(seats)) if c.suit in suits]
    size = draw(st.integers(sizes[0], min(sizes[1], len(cards) // seats)))
    deck = draw(st.permutations(cards))
    hands = [deck[i * size:(i + 1) * size] for i in range(seats)]
    trump = draw(st.sampled_from(sorted(suits))) if trumps else None
    case = Case(game, hands, trump, draw(st.integers(0, seats - 1)), draw(st.integers(0, seats - 1)),
                constraints, [], draw(st.integers(0, seats - 1)))
    for _ in range(draw(st.integers(0, seats - 1))):
        case.played.append(parse_card(draw(st.sampled_from(sorted(reference.legal_plays(**case.reference_args()))))))
    return case


# East-West take two: the ace of diamonds, and a spade, since when East leads the three North must win it and
# later lead the five into East's eight. North's spades run (seat_runs' ducks_each) only where North leads
# them all; led into, East keeps the card it needs.
RUNS_LED_INTO = bridge("S5 S9 D2 / S3 S8 DA / S2 H2 D3 / HA HK D4", None, leader=1)


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 4))
@given(case=endings(GAMES["priffe"], 4, (3, 5), Constraint.FOLLOW))
@example(case=RUNS_LED_INTO)
def test_partnership_fewest_tricks_equal_the_reference(case: Case) -> None:
    """Nolla endings: two sides of partners both playing to lose tricks (either side asking, every leader)."""
    check_tricks(case, minimise=True)


# "AT3 opposite K854" (quick tricks' combined suits): South leads the ace, the ten and the three to the
# king, and North's eight takes the fourth trick; East's six is the only other spade.
COMBINED = bridge("SK S8 S5 S4 D2 / S6 H7 DQ D5 D4 / SA ST S3 DT D6 / HA D9 D8 D3 C9", None, leader=2)

# "K9432 opposite T87" against a lone jack (combined suits unblocked): North's cards cannot all play
# under South's, yet South takes five: the king (the jack falls), the two to North's ten, the eight back
# to the nine, then the four and the three.
UNBLOCKED = bridge("ST S8 S7 HK CQ / SJ HA H5 DT D2 / SK S9 S4 S3 S2 / HQ H6 H2 CT C9", None, leader=2)

# The finesse through the seat after the leader (quick tricks' transfer): South leads the three, and North's
# ace-queen over West's king take two tricks whatever West plays; West's jack takes the third.
FINESSE = bridge("SA SQ HT / S5 S4 H9 / S3 H8 H7 / SK S2 HJ", None, leader=2)

# The finesse whose suit then runs (quick tricks' cashed suits): South cashes the heart ace, then leads the
# three through West's king to North's ace-queen; no other hand held more than two spades, so all four of
# North's win.
FINESSE_RUN = bridge("SA SQ SJ ST C3 / S4 HJ DK DQ CA / S3 HA D3 D2 C2 / SK S2 HK HQ DA", None, leader=2)

# "Ax opposite Kxx", the ace North's (quick tricks' returned suits): South leads the three to the ace, North
# returns the four to the king, and South's two wins too (East and West held two spades each); East-West
# take the hearts.
RETURNED = bridge("SA S4 H2 H5 / SQ SJ HA HK / SK S3 S2 H3 / ST S9 HQ HJ", None, leader=2)

# "Kx opposite A876", the ace North's (quick tricks' returned suits, the partner longer): South's king wins,
# the three goes to the ace, and North's eight and seven win too (East and West held two spades each); then
# North's two of clubs, the only club. The count answers at the root; without it the search took 47 nodes.
KING_TO_ACE = bridge("SA S8 S7 S6 C2 / SQ SJ HA HK HQ / SK S3 H2 D2 D3 / ST S9 DK DQ DJ", None, leader=2)


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 4))
@given(case=endings(GAMES["priffe"], 4, (3, 5), Constraint.FOLLOW))
@example(case=COMBINED)
@example(case=UNBLOCKED)
@example(case=FINESSE)
@example(case=FINESSE_RUN)
@example(case=RETURNED)
@example(case=KING_TO_ACE)
def test_partnership_cashing_equals_the_reference(case: Case) -> None:
    """Bridge endings in long suits, playing for tricks: where partners cash their suits together."""
    check_tricks(case, minimise=False)


# Six cards a hand (where the spare-card rule starts, ENTRY_TRICK_FROM), spades trumps: North draws the
# trumps with the ace and king and leads the two of hearts to South's four hearts, holding three cards for
# South's last three rounds (the entry's trick is one of South's four). The count answers at the root; with a
# card asked for every one of South's rounds the search took 202 nodes.
ENTRY_TRICK = bridge("SA SK H2 D2 D3 C2 / SQ H3 D5 D6 C5 C6 / HA HK HQ HJ D4 C4 / SJ H4 D7 D8 C7 C8",
                     Suit.SPADES, leader=0)


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 4))
@given(case=endings(GAMES["priffe"], 4, (3, 5), Constraint.FOLLOW, trumps=True))
@example(case=ENTRY_TRICK)
def test_partnership_cashing_with_trumps_equals_the_reference(case: Case) -> None:
    """The same with a trump suit: suits cashed once the other side's trumps are drawn or gone."""
    check_tricks(case, minimise=False)


@st.composite
def all_trumps(draw) -> Case:
    """Bridge endings where one side holds every trump in play but at most two (the other side's, none
    mostly), 3 to 5 cards a hand in three or four suits, any leader and seat, part of a trick played or
    not: crossruffs, the other side's trumps drawn or not."""
    game = GAMES["priffe"]
    suits = sorted(draw(st.sets(st.sampled_from(list(Suit)), min_size=3, max_size=4)))
    trump = draw(st.sampled_from(suits))
    size = draw(st.integers(3, 5))
    side = draw(st.integers(0, 1))
    trumps = draw(st.permutations([c for c in sorted(game.deck(4)) if c.suit == trump]))
    theirs = draw(st.sampled_from([0, 0, 0, 1, 1, 2]))
    trumps, their_trumps = trumps[:draw(st.integers(1, 2 * size))], trumps[-theirs:] if theirs else []
    others = draw(st.permutations([c for c in sorted(game.deck(4)) if c.suit in suits and c.suit != trump]))
    cut = draw(st.integers(max(0, len(trumps) - size), min(size, len(trumps))))
    hands: list[list[Card]] = [[] for _ in range(4)]
    hands[side] = trumps[:cut]
    hands[side + 2] = trumps[cut:]
    for card in their_trumps:
        if card not in trumps:
            hands[draw(st.sampled_from([1 - side, 3 - side]))].append(card)
    for seat in range(4):
        need = size - len(hands[seat])
        hands[seat] = hands[seat] + others[:need]
        others = others[need:]
    case = Case(game, hands, trump, draw(st.integers(0, 3)), draw(st.integers(0, 3)), Constraint.FOLLOW, [],
                draw(st.integers(0, 3)))
    for _ in range(draw(st.integers(0, 3))):
        case.played.append(parse_card(draw(st.sampled_from(sorted(reference.legal_plays(**case.reference_args()))))))
    return case


# A crossruff (quick tricks' crossruff_tricks): North leads a heart, South ruffs and leads a diamond, which
# North ruffs, and so on: all four tricks, where the trumps alone (two in each hand) count two.
CROSSRUFF = bridge("S2 S3 H2 H3 / HA HK DA DK / S4 S5 D2 D3 / HQ HJ DQ DJ", Suit.SPADES, leader=0)


# crossruff_tricks with the other side's trumps drawn: North's ace draws East's jack (South's nine
# falls), then a heart ruffed by the queen and a diamond by the king: three tricks counted (crossruffing
# at once takes all four). With East's ace and king over North's queen and ten nothing can be drawn, and
# North-South take one trick (counting East's two trumps as drawn would claim three).
DRAWN = bridge("SA SK H2 H3 / SJ CA CK CQ / SQ S9 D2 D3 / HA HK DA DK", Suit.SPADES, leader=0)
NOT_DRAWN = bridge("SQ ST S9 H2 / SA SK CK CQ / SJ S8 D4 H3 / HA HK DA DK", Suit.SPADES, leader=0)

# The crossruff from the partner: North leads a diamond to South's ace and ruffs South's heart: with a
# trump trick more, three counted (four are there).
ENTRY = bridge("S2 S3 D2 D3 / HA HK DK DQ / S4 H2 H3 DA / CA CK CQ CJ", Suit.SPADES, leader=0)

# North's club, a suit nobody else holds, wins while South discards a diamond; then South ruffs a heart,
# and North's trump takes a third trick.
SOLO = bridge("S2 H2 C2 D5 / HA HK DA DK / S3 D2 D3 D4 / HQ HJ DQ DJ", Suit.SPADES, leader=0)


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 4))
@given(case=all_trumps())
@example(case=SOLO)
@example(case=ENTRY)
@example(case=CROSSRUFF)
@example(case=DRAWN)
@example(case=NOT_DRAWN)
def test_partnership_crossruff_equals_the_reference(case: Case) -> None:
    """One side holding every trump, playing for tricks: its ruffs in each hand and its crossruffs."""
    check_tricks(case, minimise=False)


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 4))
@given(case=endings(GAMES["preferans"], 3, (3, 6), Constraint.FOLLOW))
def test_defenders_cashing_equals_the_reference(case: Case) -> None:
    """Three seats, no trump, playing for tricks: the two defenders cash their suits together."""
    check_tricks(case, minimise=False)


@pytest.mark.slow
@settings(SETTINGS, max_examples=max(1, EXAMPLES // 40))
@given(case=endings(GAMES["priffe"], 4, (6, 6), Constraint.FOLLOW))
def test_six_card_partnership_fewest_tricks_equal_the_reference(case: Case) -> None:
    """Six cards a hand: the reference takes about half a minute each (with -m slow)."""
    check_tricks(case, minimise=True)


# The declarer, on lead, ducks each spade East leads (his seven under the eight, his king under the ace), but
# not after he leads the seven himself: East plays the ace, keeps the eight and leads it, and the king wins
# (takes_all's ducks_each asks the declarer's second card to be under East's lowest for that lead).
LEAD_KEEPS_LOW = Case(GAMES["preferans"], [parse_cards("S7 SK"), parse_cards("S8 SA"), parse_cards("H7 H8")],
                      None, 0, 0, Constraint.FOLLOW | Constraint.RUFF, [], 0)


@settings(SETTINGS, max_examples=max(1, EXAMPLES // 4))
@given(case=endings(GAMES["preferans"], 3, (3, 6), Constraint.FOLLOW | Constraint.RUFF))
@example(case=LEAD_KEEPS_LOW)
def test_misere_against_two_defenders_equals_the_reference(case: Case) -> None:
    """Three seats, one playing to lose tricks against two defenders (either one asking, or the declarer)."""
    check_tricks(case, minimise=True)
