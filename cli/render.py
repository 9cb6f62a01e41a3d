"""How results are shown: text for people, plain dicts for ``--json``."""

from __future__ import annotations

from collections.abc import Mapping

from rules import Card, Position, Suit, Trick, format_deal, format_hand
from solver import Solution


def trump_name(trump: Suit | None) -> str:
    """The trump as written on the command line: S, H, D, C or NT."""
    return "NT" if trump is None else trump.letter


def side_name(position: Position, seats: tuple[int, ...]) -> str:
    """The side in words: ``seat 0`` or ``N/S``."""
    names = [position.game.seat_name(s) for s in seats]
    if position.game.seat_names:
        return "/".join(names)
    return "seat " + " and ".join(names)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def to_json(position: Position, solution: Solution) -> dict:
    """The result as JSON-ready data; cards written like ``SA``."""
    assert position.constraints is not None
    data: dict = {
        "game": position.game.name,
        "deal": format_deal(position.deal, position.game),
        "trump": trump_name(position.trump),
        "leader": position.leader,
        "declarer": position.declarer,
        "rules": position.constraints.names,
        "played": [str(c) for c in position.played],
        "side": list(solution.seats),
        "minimise": solution.minimise,
        "tricks": solution.tricks,
        "tricks_won": solution.tricks_won,
    }
    if solution.wins is not None:
        data["player"] = solution.seats[0]
        data["wins"] = solution.wins
        data["takes_all"] = solution.takes_all
    if solution.cards is not None:
        data["cards"] = {str(c): v for c, v in _by_strength(solution.cards)}
    if solution.line is not None:
        data["line"] = [
            {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}
            for t in solution.line
        ]
    data["nodes"] = solution.nodes
    return data


def _by_strength(values: Mapping[Card, int | bool]) -> list[tuple[Card, int | bool]]:
    return sorted(values.items(), key=lambda item: (item[0].suit, -item[0].rank))


def to_text(position: Position, solution: Solution) -> str:
    """The deal with suit symbols and the answer in sentences."""
    game = position.game
    lines = [f"{game.title}, trump {_trump_symbol(position.trump)}, "
             f"{_leader_words(position)}; rules {position.constraints.names if position.constraints else ''}"]
    for seat, hand in enumerate(position.deal.hands):
        shown = format_hand(hand, symbols=True) if hand else "(sits out)"
        lines.append(f"  {game.seat_name(seat):>2}: {shown}")
    if position.deal.out_of_play:
        lines.append(f"  out of play: {format_hand(position.deal.out_of_play, symbols=True)}")
    if position.played:
        lines.append("  played: " + " ".join(c.symbol for c in position.played))
    lines.append(_answer(position, solution))
    if solution.cards is not None:
        lines.append(_card_values(position, solution))
    if solution.line is not None:
        lines.extend(_line(position, solution.line))
    return "\n".join(lines)


def _trump_symbol(trump: Suit | None) -> str:
    return "none (no trump)" if trump is None else trump.symbol


def _leader_words(position: Position) -> str:
    return f"{side_name(position, (position.leader,))} leads"


def _answer(position: Position, solution: Solution) -> str:
    who = side_name(position, solution.seats)
    total = solution.tricks_won + position.tricks_left
    aim = "few" if solution.minimise else "many"
    takes = "take" if len(solution.seats) > 1 else "takes"
    text = (f"{who[0].upper()}{who[1:]} {takes} {solution.tricks} of {_plural(total, 'trick')} "
            f"double dummy, playing for as {aim} as possible against the other seats.")
    if solution.wins is not None:
        verdict = "wins" if solution.wins else "does not win"
        every = "can" if solution.takes_all else "cannot"
        text += f" It {verdict} the deal, and {every} take every trick."
    return text


def _card_values(position: Position, solution: Solution) -> str:
    assert solution.cards is not None
    groups: dict[tuple[Suit, int | bool], list[Card]] = {}
    for card, value in _by_strength(solution.cards):
        groups.setdefault((card.suit, value), []).append(card)
    what = "wins the deal" if solution.wins is not None else "tricks"
    parts = [
        f"{suit.symbol}{''.join(c.rank.letter for c in cards)}: {_value_words(value)}"
        for (suit, value), cards in groups.items()
    ]
    seat = position.game.seat_name(position.to_play) if position.to_play is not None else "-"
    return f"After each card of seat {seat} ({what}): " + ", ".join(parts)


def _value_words(value: int | bool) -> str:
    if isinstance(value, bool):
        return "wins" if value else "loses"
    return str(value)


def _line(position: Position, line: tuple[Trick, ...]) -> list[str]:
    game = position.game
    out = ["Best line:"]
    for number, trick in enumerate(line, start=len(position.tricks)):
        cards = " ".join(c.symbol for c in trick.cards)
        out.append(f"  {number:>2}. {game.seat_name(trick.leader)} leads: {cards}"
                   f"  won by {game.seat_name(trick.winner) if trick.winner is not None else '-'}")
    return out
