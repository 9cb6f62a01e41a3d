"""How a talon result is shown: a table for people, plain dicts for ``--json``.

>>> from prefdd.rules import parse_cards
>>> discard_text(frozenset(parse_cards("SQ C7")))
'♠Q ♣7'
>>> group_text(tuple(frozenset(parse_cards(p)) for p in ("SQ C7", "SJ C7")))
'♠Q/J ♣7'
"""

from __future__ import annotations

import io
import shutil
import sys
from collections.abc import Sequence
from itertools import combinations

from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from prefdd.rules import Card, Deal, Game, Suit
from prefdd.solver import TalonChoice, TalonResult


def discard_text(discard: frozenset[Card]) -> str:
    """A discard with suit symbols, suit by suit, high cards first: ``♠QJ ♣7``."""
    parts = []
    for suit in Suit:
        ranks = "".join(c.rank.letter for c in sorted(discard, reverse=True) if c.suit == suit)
        if ranks:
            parts.append(suit.symbol + ranks)
    return " ".join(parts)


def group_text(group: Sequence[frozenset[Card]]) -> str:
    """Equivalent discards in one phrase: ``♠Q/J ♣7`` (one of ♠Q, ♠J, and ♣7), ``♦KQJ (any 2)``.

    If the group is not every such choice, its discards are listed instead.
    """
    if len(group) == 1:
        return discard_text(group[0])
    parts, count = [], 1
    for suit in Suit:
        held = sorted({c for d in group for c in d if c.suit == suit}, reverse=True)
        need = {sum(c.suit == suit for c in d) for d in group}
        if not held:
            continue
        if len(need) != 1:
            return ", ".join(discard_text(d) for d in group)
        k = need.pop()
        ranks = [c.rank.letter for c in held]
        count *= len(list(combinations(held, k)))
        if k == len(held):
            parts.append(suit.symbol + "".join(ranks))
        elif k == 1:
            parts.append(suit.symbol + "/".join(ranks))
        else:
            parts.append(f"{suit.symbol}{''.join(ranks)} (any {k})")
    if count != len(group):
        return ", ".join(discard_text(d) for d in group)
    return " ".join(parts)


def _contract_label(choice: TalonChoice) -> str:
    contract = choice.contract
    if contract.game.name == "polskt-pass":
        return f"{contract.trump.symbol} trumps" if contract.trump is not None else contract.name
    if contract.game.name == "preferans" and contract.name != "misere":
        return contract.name if contract.trump is None else f"{contract.name[:-1]}{contract.trump.symbol}"
    return contract.title.replace(" with talon", "")


def _families(choices: Sequence[TalonChoice]) -> list[list[TalonChoice]]:
    """The choices grouped by the question they ask of the cards (trump and aim), in order."""
    families: dict[tuple, list[TalonChoice]] = {}
    for choice in choices:
        families.setdefault((choice.contract.trump, choice.contract.aim), []).append(choice)
    return list(families.values())


def _family_label(family: list[TalonChoice]) -> str:
    labels = [_contract_label(c) for c in family]
    if len(labels) == 1:
        return labels[0]
    if family[0].contract.game.name == "preferans":
        return f"{labels[0]}-{labels[-1]}"
    return " / ".join(labels)


def _short_label(family: list[TalonChoice]) -> str:
    """A family's contracts by name, for a column heading: ``6♠-10♠``, ``1 ♣``, ``mord/mord-open``."""
    game = family[0].contract.game.name
    if game == "preferans":
        return _family_label(family)
    names = []
    for choice in family:
        contract = choice.contract
        if contract.trump is None:
            names.append(contract.name)
        else:
            names.append(contract.trump.symbol if game == "polskt-pass"
                         else f"{contract.name} {contract.trump.symbol}")
    return "/".join(names)


def _made_text(choice: TalonChoice) -> str:
    if choice.contract.game.name == "polskt-pass":
        return "wins" if choice.made else "-"
    return "yes" if choice.made else "-"


def talon_to_text(result: TalonResult, deal: Deal, game: Game) -> str:
    """The declarer's hand, one row per contract, and the highest contract that makes."""
    seat = result.declarer
    lines = [f"{game.title}: seat {seat} declares, dealer {result.dealer}",
             f"  declarer   {_hand(deal.hands[seat])}"]
    for other in deal.active_seats:
        if other != seat:
            lines.append(f"  seat {other}     {_hand(deal.hands[other])}")
    polskt = game.name == "polskt-pass"
    grid = RichTable(box=box.SIMPLE)
    grid.add_column("contract")
    grid.add_column("tricks", justify="right")
    grid.add_column("wins" if polskt else "makes", justify="center")
    grid.add_column("best discard" if polskt else "best discards (equivalent ones together)")
    for family in _families(result.choices):
        made = [c for c in family if c.made]
        groups = "; ".join(group_text(g) for g in family[0].groups)
        grid.add_row(_family_label(family), str(family[0].tricks),
                     _made_text(family[0]) if len(family) == 1 else
                     (_contract_label(made[-1]) if made else "-"), groups)
    text = "\n".join(lines) + "\n" + _render(grid)
    of_those = ""
    if result.partial:
        text += f"Stopped: {len(result.choices)} of the {result.requested} contracts asked are solved.\n"
        of_those = " (of those solved)"
    if polskt:
        winning = [c.contract.trump.symbol for c in result.choices
                   if c.made and c.contract.trump is not None]
        suits = ", ".join(winning[:-1]) + " or " + winning[-1] if len(winning) > 1 else "".join(winning)
        text += (f"Seat {seat} wins the deal with {suits} trumps{of_those}.\n" if winning
                 else f"Seat {seat} cannot win the deal with any discard{of_those}.\n")
    elif result.best is None:
        text += f"No contract{of_those} makes with any discard.\n"
    else:
        best = result.best
        text += (f"Highest contract that makes{of_those}: {_contract_label(best)}, {best.tricks} tricks, "
                 f"laying away {group_text(best.groups[0])}.\n")
    if result.grid is not None and result.discards is not None:
        text += _grid_text(result)
    return text


def _grid_text(result: TalonResult) -> str:
    """The discard × contract grid, one column per question: contracts that ask the same of the
    cards (6♠ … 10♠) share their tricks, so they share a column."""
    assert result.grid is not None and result.discards is not None
    index = {id(choice): j for j, choice in enumerate(result.choices)}
    columns = [(_short_label(family), index[id(family[0])]) for family in _families(result.choices)]
    grid = RichTable(box=box.SIMPLE, title="declarer's tricks by discard")
    grid.add_column("discard")
    for label, _ in columns:
        grid.add_column(label, justify="right")
    for i, discard in enumerate(result.discards):
        cells = []
        for _, j in columns:
            cell = str(int(result.grid[i, j]))
            if result.wins is not None and result.wins[i, j]:
                cell += " wins"
            cells.append(cell)
        grid.add_row(discard_text(discard), *cells)
    return _render(grid)


def _hand(cards: frozenset[Card]) -> str:
    return " ".join(discard_text(frozenset(c for c in cards if c.suit == s)) or f"{s.symbol}-"
                    for s in Suit)


def _render(table: RichTable) -> str:
    """The table as text, as wide as the terminal (120 columns when the output is not one)."""
    width = shutil.get_terminal_size((120, 24)).columns if sys.stdout.isatty() else 120
    console = Console(width=width, color_system=None, record=True, file=io.StringIO())
    console.print(table)
    return "".join(line.rstrip() + "\n" for line in console.export_text().splitlines())


def _cards(cards: frozenset[Card]) -> list[str]:
    return [str(c) for c in sorted(cards, key=lambda c: (c.suit, -c.rank))]


def talon_to_json(result: TalonResult, deal: Deal, game: Game) -> dict:
    """The result as JSON-ready data; cards written like ``SA``, discards as card lists."""
    def choice_data(choice: TalonChoice) -> dict:
        return {
            "contract": choice.contract.name,
            "title": choice.contract.title,
            "tricks": choice.tricks,
            "made": choice.made,
            "discards": [_cards(d) for d in choice.discards],
            "groups": [[_cards(d) for d in group] for group in choice.groups],
        }

    data: dict = {
        "game": game.name,
        "declarer": result.declarer,
        "dealer": result.dealer,
        "hands": [_cards(h) for h in deal.hands],
        "choices": [choice_data(c) for c in result.choices],
        "best": None if result.best is None else result.best.contract.name,
        "partial": result.partial,
        "requested": result.requested,
    }
    if result.grid is not None and result.discards is not None:
        data["grid"] = {
            "contracts": [c.contract.name for c in result.choices],
            "discards": [_cards(d) for d in result.discards],
            "tricks": result.grid.tolist(),
        }
        if result.wins is not None:
            data["grid"]["wins"] = result.wins.tolist()
    return data
