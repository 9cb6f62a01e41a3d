"""How ``prefdd analyse`` shows its results: a deal diagram, the card-by-card table, session totals.

Text comes in two styles: suit symbols (hearts and diamonds in red when the
output is a colour terminal) or, with ``ascii=True``, suit letters and plain
ASCII rules for terminals without them. ``--json`` uses the ``*_to_json``
functions.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from rich import box
from rich.console import Console, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from prefdd.rules import Aim, Card, Deal, Game, Play, SessionDeal, Suit, format_deal
from prefdd.solver import Analysis, PlayedCard

WIDTH = 100


def render(items: Iterable[RenderableType], colour: bool = False) -> str:
    """Rich renderables as text, with ANSI colours only when `colour`."""
    console = Console(width=WIDTH, file=io.StringIO(), record=True, highlight=False,
                      force_terminal=colour, color_system="standard" if colour else None)
    for item in items:
        console.print(item)
    text = console.export_text(styles=colour)
    return "".join(line.rstrip() + "\n" for line in text.splitlines())


def card_text(card: Card, ascii: bool) -> str:
    """``♠A``, or ``SA`` in ASCII."""
    return str(card) if ascii else card.symbol


def group_text(cards: Sequence[Card], ascii: bool) -> str:
    """Equivalent cards as one: ``♠QJT`` (``SQJT``); cards of several printed suits one by one."""
    if len({c.suit for c in cards}) == 1:
        return card_text(cards[0], ascii) + "".join(c.rank.letter for c in cards[1:])
    return "".join(card_text(c, ascii) for c in cards)


def _suit_label(suit: Suit, ascii: bool) -> Text:
    if ascii:
        return Text(suit.letter)
    return Text(suit.symbol, style="red" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "")


def hand_block(title: str, hand: Iterable[Card], ascii: bool) -> Text:
    """A hand as a title and one line per suit, high cards first."""
    cards = sorted(hand, key=lambda c: (c.suit, -c.rank))
    text = Text()
    text.append(title, style="bold")
    if not cards:
        text.append("\n(sits out)")
        return text
    for suit in Suit:
        ranks = "".join(c.rank.letter for c in cards if c.suit == suit)
        text.append("\n")
        text.append_text(_suit_label(suit, ascii))
        text.append(" " + (ranks or "-"))
    return text


# Grid cells (row, column) of the seats, clockwise from the bottom of the table.
_PLACES = {
    2: [(2, 1), (0, 1)],
    3: [(2, 1), (1, 0), (1, 2)],
    4: [(2, 1), (1, 0), (0, 1), (1, 2)],
    5: [(2, 1), (1, 0), (0, 0), (0, 2), (1, 2)],
}


def diagram(game: Game, deal: Deal, bottom: int, centre: str, roles: dict[int, str],
            ascii: bool) -> RichTable:
    """The hands around the table, `bottom` nearest the reader (Priffe: North at the top).

    `centre` is written in the middle of the table; `roles` adds a word after a seat's
    name (``declarer``, ``dealer``).
    """
    n = len(deal.hands)
    if game.seat_names:
        bottom = game.seat_names.index("S")
    cells: dict[tuple[int, int], RenderableType] = {(1, 1): Text(centre, justify="center")}
    for step, place in enumerate(_PLACES[n]):
        seat = (bottom + step) % n
        name = game.seat_name(seat) if game.seat_names else f"seat {seat}"
        role = roles.get(seat)
        cells[place] = hand_block(f"{name}{f' ({role})' if role else ''}", deal.hands[seat], ascii)
    grid = RichTable.grid(padding=(0, 4))
    for _ in range(3):
        grid.add_column(min_width=18)
    for row in range(3):
        if any((row, col) in cells for col in (0, 2)) or row == 2:
            grid.add_row(*(cells.get((row, col), Text("")) for col in range(3)))
        elif row == 0 and (0, 1) in cells:
            grid.add_row(Text(""), cells[(0, 1)], Text(""))
    return grid


def play_diagram(play: Play, ascii: bool) -> list[RenderableType]:
    """The deal of `play` around the table, with the contract in the middle and the cards out of play."""
    position = play.position
    contract = play.contract
    roles: dict[int, str] = {}
    if position.declarer is not None:
        roles[position.declarer] = "declarer"
    roles[play.dealer] = roles[play.dealer] + ", dealer" if play.dealer in roles else "dealer"
    title = contract.title if not ascii else _ascii(contract.title)
    trump = "no trump" if position.trump is None else (
        f"trump {position.trump.letter if ascii else position.trump.symbol}")
    bottom = position.declarer if position.declarer is not None else play.dealer
    assert position.constraints is not None
    who = f"dealer {_name(position.game, play.dealer)}"
    if position.declarer is not None:
        who += f", declarer {_name(position.game, position.declarer)}"
    heading = f"{position.game.title}, {title}, {who}; rules {position.constraints.names}"
    table = diagram(position.game, position.deal, bottom, f"{title}\n{trump}", roles, ascii)
    items: list[RenderableType] = [Text(_ascii(heading) if ascii else heading), table]
    if position.deal.out_of_play:
        out = " ".join(card_text(c, ascii) for c in sorted(position.deal.out_of_play,
                                                           key=lambda c: (c.suit, -c.rank)))
        items.append(Text(f"Out of play: {out}"))
    return items


def _name(game: Game, seat: int) -> str:
    return game.seat_name(seat) if game.seat_names else f"seat {seat}"


def _ascii(text: str) -> str:
    for symbol, suit in zip("♠♥♦♣", Suit, strict=True):
        text = text.replace(symbol, suit.letter)
    return text.replace("è", "e").replace("ä", "a").replace("å", "a").replace("é", "e")


def _seat_name(analysis: Analysis, seat: int, names: Sequence[str] = ()) -> str:
    if seat < len(names):
        return names[seat]
    game = analysis.play.position.game
    return game.seat_name(seat) if game.seat_names else f"seat {seat}"


def _value(value: int | bool) -> str:
    if isinstance(value, bool):
        return "wins" if value else "loses"
    return str(value)


def point_of_view(analysis: Analysis) -> str:
    """What the values in the table count, in words."""
    play = analysis.play
    position = play.position
    if analysis.per_player:
        return "the tricks the player of the card can be held to, each for himself against the others"
    side = " and ".join(_seat_name(analysis, s) for s in _side(analysis))
    if play.contract.aim is Aim.WIN_DEAL:
        return f"whether the declarer ({side}) wins the deal, against all the others"
    who = "the declarer's side" if position.declarer is not None else "the side of the first seat"
    aim = "as few as possible" if play.minimise else "as many as possible"
    return f"tricks for {who} ({side}), which plays for {aim}"


def _side(analysis: Analysis) -> tuple[int, ...]:
    return analysis.cards[0].seats if analysis.cards else (analysis.play.seat,)


def _unit(analysis: Analysis, count: int) -> str:
    word = "deal" if analysis.play.contract.aim is Aim.WIN_DEAL else "trick"
    return f"{count} {word}{'' if count == 1 else 's'}"


def card_table(analysis: Analysis, ascii: bool, names: Sequence[str] = ()) -> RichTable:
    """One row per card: trick, player, card, value before and after, what it lost, the better cards."""
    table = RichTable(box=box.ASCII if ascii else box.SIMPLE, show_edge=False, pad_edge=False)
    for header, justify in (("trick", "right"), ("player", "left"), ("card", "left"),
                            ("before", "right"), ("after", "right"), ("lost", "right"),
                            ("best instead", "left")):
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    previous_trick = 0
    for judged in analysis.cards:
        mark = ("x " if ascii else "✗ ") + str(judged.cost) if judged.cost else ""
        better = ", ".join(group_text(g, ascii) for g in judged.best) if judged.cost else ""
        trick = str(judged.trick) if judged.trick != previous_trick else ""
        previous_trick = judged.trick
        table.add_row(trick, _seat_name(analysis, judged.seat, names), card_text(judged.card, ascii),
                      _value(judged.before), _value(judged.after), mark, better,
                      style="bold" if judged.cost else None)
    return table


def summary_lines(analysis: Analysis, names: Sequence[str] = ()) -> list[str]:
    """The mistakes, what each player lost, and where the play ends."""
    played = len(analysis.play.position.played)
    if not analysis.cards:
        return ["Stopped before any card was analysed." if analysis.partial
                else "No card played yet: 'prefdd solve' gives the value and the best line."]
    lines = [f"Stopped: the first {len(analysis.cards)} of the {played} cards played are analysed."
             ] if analysis.partial else []
    mistakes = analysis.mistakes
    lost = analysis.lost_by_seat
    if mistakes:
        total = sum(c.cost for c in mistakes)
        lines.append(f"{len(mistakes)} card{'s' if len(mistakes) != 1 else ''} cost "
                     f"{_unit(analysis, total)}. Lost by each player: "
                     + ", ".join(f"{_seat_name(analysis, s, names)} {n}" for s, n in lost.items()) + ".")
    else:
        lines.append("No card cost anything: every card was a best card, double dummy.")
    position = analysis.play.position
    # Every card judged, to the end of the deal, or the play goes on from the last card judged.
    ended = position.to_play is None and not analysis.partial
    if analysis.per_player and ended:
        lines.append("Tricks taken as played: " + ", ".join(
            f"{_seat_name(analysis, s, names)} {position.tricks_won[s]}" for s in position.seats) + ".")
    if not analysis.per_player:
        end = analysis.cards[-1].after
        first = analysis.cards[0].before
        if isinstance(end, bool):
            how = "as played" if ended else "with best play after the last card"
            lines.append(f"The declarer {'could win' if first else 'could not win'} the deal at the start "
                         f"and {'wins' if end else 'loses'} it {how}.")
        else:
            total = sum(position.tricks_won) + position.tricks_left
            rest = "as played" if ended else "with best play after the last card"
            lines.append(f"The side takes {end} of {total} tricks {rest} "
                         f"({first} with best play from the start).")
    return lines


def analysis_to_text(analysis: Analysis, ascii: bool = False, colour: bool = False) -> str:
    """The deal diagram, what the values mean, the card table and the summary."""
    items: list[RenderableType] = list(play_diagram(analysis.play, ascii))
    items.append(Text(f"\nValues: {point_of_view(analysis)}.\n"))
    if analysis.cards:
        items.append(card_table(analysis, ascii))
    items.append(Text("\n" + "\n".join(summary_lines(analysis))))
    return render(items, colour)


def analysis_to_json(analysis: Analysis) -> dict:
    """Everything the analysis found, as JSON-ready data; cards written like ``SA``."""
    play = analysis.play
    position = play.position
    assert position.constraints is not None
    return {
        "game": position.game.name,
        "deal": format_deal(position.deal, position.game),
        "contract": play.contract.name,
        "dealer": play.dealer,
        "declarer": position.declarer,
        "trump": "NT" if position.trump is None else position.trump.letter,
        "rules": position.constraints.names,
        "point_of_view": "player" if analysis.per_player else "declarer",
        "side": None if analysis.per_player else list(_side(analysis)),
        "cards": [card_to_json(c) for c in analysis.cards],
        "lost_by_seat": {str(s): n for s, n in analysis.lost_by_seat.items()},
        "partial": analysis.partial,
        "cards_played": len(position.played),
    }


def card_to_json(judged: PlayedCard) -> dict:
    """One analysed card: who played it, its values, its cost, the best cards and every card's value.

    The best cards and every card's value are null where the analysis did not find them: for a card
    that cost nothing, unless every card's value was asked (``--all-cards``).
    """
    return {
        "trick": judged.trick,
        "seat": judged.seat,
        "card": str(judged.card),
        "before": judged.before,
        "after": judged.after,
        "cost": judged.cost,
        "best": None if judged.best is None else [[str(c) for c in group] for group in judged.best],
        "values": None if judged.values is None else [{"cards": [str(c) for c in g.cards], "value": g.value}
                                                      for g in judged.values],
    }


def session_totals(deals: Sequence[tuple[SessionDeal, Analysis]]) -> dict[str, dict[str, int]]:
    """Per player (by name, else by seat): tricks lost, Polskt pass deals lost, and cards that cost."""
    totals: dict[str, dict[str, int]] = {}
    for entry, analysis in deals:
        polskt = analysis.play.contract.aim is Aim.WIN_DEAL
        for seat, lost in analysis.lost_by_seat.items():
            row = totals.setdefault(entry.player(seat), {"tricks": 0, "deals": 0, "mistakes": 0})
            row["deals" if polskt else "tricks"] += lost
            row["mistakes"] += sum(1 for c in analysis.mistakes if c.seat == seat)
    return totals


def session_to_text(deals: Sequence[tuple[SessionDeal, Analysis]], ascii: bool = False,
                    count: int | None = None) -> str:
    """One line per deal, then the totals per player; `count`: the deals in the session, if more
    than those analysed (a stopped run)."""
    items: list[RenderableType] = []
    if count is not None and count > len(deals):
        items.append(Text(f"Stopped: the first {len(deals)} of the {count} deals are analysed."))
    for entry, analysis in deals:
        contract = analysis.play.contract
        title = contract.title if not ascii else _ascii(contract.title)
        lost = ", ".join(f"{entry.player(s)} {n}" for s, n in analysis.lost_by_seat.items() if n)
        mistakes = analysis.mistakes
        what = (f"{len(mistakes)} costly card{'s' if len(mistakes) != 1 else ''}, lost: {lost}"
                if mistakes else "no costly card")
        items.append(Text(f"{entry.title}, {title}: {what}."))
    totals = session_totals(deals)
    items.append(Text("\nTotals, what each player's own cards lost:"))
    table = RichTable(box=box.ASCII if ascii else box.SIMPLE, show_edge=False, pad_edge=False)
    table.add_column("player")
    table.add_column("tricks lost", justify="right")
    with_deals = any(row["deals"] for row in totals.values()) or any(
        a.play.contract.aim is Aim.WIN_DEAL for _, a in deals)
    if with_deals:
        table.add_column("Polskt pass deals lost", justify="right")
    table.add_column("costly cards", justify="right")
    for name, row in sorted(totals.items(), key=lambda item: (-item[1]["tricks"] - item[1]["deals"],
                                                              item[0])):
        cells = [name, str(row["tricks"])] + ([str(row["deals"])] if with_deals else [])
        table.add_row(*cells, str(row["mistakes"]))
    items.append(table)
    return render(items)


def session_to_json(deals: Sequence[tuple[SessionDeal, Analysis]], count: int | None = None) -> dict:
    """Every deal's analysis and the totals per player; `count`: the deals in the session, if more
    than those analysed (a stopped run)."""
    return {
        "deals": [{"title": entry.title, "line": entry.line, "players": list(entry.players),
                   **analysis_to_json(analysis)} for entry, analysis in deals],
        "totals": session_totals(deals),
        "partial": count is not None and count > len(deals),
        "session_deals": len(deals) if count is None else count,
    }
