"""How results are shown: text for people, plain dicts for ``--json``."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from prefdd.rules import Card, Position, Suit, Trick, format_deal, format_hand
from prefdd.solver import ContractResult, ScoreOptions, Solution


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
        data["card_groups"] = [{"cards": [str(c) for c in group], "value": solution.cards[group[0]]}
                               for group in position.equivalent_groups()]
    if solution.line is not None:
        data["line"] = [
            {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner,
             **({"talon": str(t.talon)} if t.talon else {})}
            for t in solution.line
        ]
    data["nodes"] = solution.nodes
    return data


def _by_strength(values: Mapping[Card, int | bool]) -> list[tuple[Card, int | bool]]:
    return sorted(values.items(), key=lambda item: (item[0].suit, -item[0].rank))


def to_text(position: Position, solution: Solution) -> str:
    """The deal with suit symbols and the answer in sentences."""
    lines = _deal_lines(position, f"trump {_trump_symbol(position.trump)}")
    lines.append(_answer(position, solution))
    lines.extend(_details(position, solution))
    return "\n".join(lines)


def _details(position: Position, solution: Solution) -> list[str]:
    lines = []
    if solution.cards is not None:
        lines.append(_card_values(position, solution))
    if solution.line is not None:
        lines.extend(_line(position, solution.line))
    return lines


def _deal_lines(position: Position, what: str) -> list[str]:
    game = position.game
    assert position.constraints is not None
    lines = [f"{game.title}, {what}, {_leader_words(position)}; rules {position.constraints.names}"]
    for seat, hand in enumerate(position.deal.hands):
        shown = format_hand(hand, symbols=True) if hand else "(sits out)"
        lines.append(f"  {game.seat_name(seat):>2}: {shown}")
    if position.deal.out_of_play:
        lines.append(f"  out of play: {format_hand(position.deal.out_of_play, symbols=True)}")
    if position.played:
        lines.append("  played: " + " ".join(c.symbol for c in position.played))
    return lines


def contract_to_json(result: ContractResult, scored: object, line: bool) -> dict:
    """A contract's outcome as JSON-ready data; the line only if asked for."""
    play = result.play
    data = to_json(play.position, result.solution)
    if not line:
        data.pop("line", None)
    data["score"] = _as_data(scored)
    data.update(contract=result.contract.name, dealer=play.dealer, tricks=result.tricks,
                made=result.made, margin=result.margin)
    if result.contract.defenders_need is not None:
        data["defenders_need"] = result.contract.defenders_need
    if result.tricks_by_seat is not None:
        data["tricks_by_seat"] = {str(s): t for s, t in result.tricks_by_seat.items()}
    if result.wins is not None and result.takes_all is not None:
        data["wins"] = {str(s): w for s, w in result.wins.items()}
        data["takes_all"] = {str(s): t for s, t in result.takes_all.items()}
    return data


def _as_data(scored: object) -> object:
    """A score (a dataclass, or a tuple of them) as plain data; enums by value."""
    if isinstance(scored, tuple):
        return [_as_data(item) for item in scored]
    if dataclasses.is_dataclass(scored) and not isinstance(scored, type):
        return {f.name: _as_data(getattr(scored, f.name)) for f in dataclasses.fields(scored)}
    return scored


def _score_words(scored: object, options: ScoreOptions, position: Position) -> str:
    """The score in one line: each seat's (or side's) non-zero entries."""
    if scored is None:
        return "No score: not a whole deal of the game (an ending, or a player of the table not in the play)."
    rows = scored if isinstance(scored, tuple) else getattr(scored, "payments", ())
    parts = []
    for row in rows:
        fields = {f.name: getattr(row, f.name) for f in dataclasses.fields(row)}
        who = (f"side {position.game.seat_name(fields.pop('side'))}/"
               f"{position.game.seat_name(row.seats[1])}" if "side" in fields
               else f"seat {fields.pop('seat')}")
        shown = ", ".join(_entry(k, v) for k, v in fields.items() if _nonzero(v))
        parts.append(f"{who}: {shown or 'nothing'}")
    system = f" ({options.system.value})" if position.game.name == "preferans" else ""
    return f"Score{system}, on the line shown: " + "; ".join(parts) + "."


def _nonzero(value: object) -> bool:
    return any(value) if isinstance(value, tuple) else bool(value)


def _entry(name: str, value: object) -> str:
    if name == "whists" and isinstance(value, tuple):
        return ", ".join(f"whists on seat {seat} {v}" for seat, v in enumerate(value) if v)
    return f"{name.replace('_', ' ')} {value}"


def contract_to_text(result: ContractResult, scored: object, options: ScoreOptions,
                     line: bool) -> str:
    """The deal, the contract, its outcome and score in sentences."""
    play, contract = result.play, result.contract
    position = play.position
    game = position.game
    who = f"dealer {game.seat_name(play.dealer)}"
    if position.declarer is not None:
        who += f", declarer {game.seat_name(position.declarer)}"
    lines = _deal_lines(position, f"contract {contract.title}, {who}")
    if result.tricks_by_seat is not None:
        held = ", ".join(f"{side_name(position, (s,))} {t}" for s, t in result.tricks_by_seat.items())
        lines.append(f"Each player against all the others, the fewest tricks he can be held to: {held}.")
    elif result.wins is not None and result.takes_all is not None:
        winners = tuple(s for s, w in result.wins.items() if w)
        everything = tuple(s for s, t in result.takes_all.items() if t)
        can_win = f"{side_name(position, winners)} can win the deal" if winners else "nobody can win"
        can_all = (f"{side_name(position, everything)} can take every trick" if everything
                   else "nobody can take every trick")
        lines.append(f"Each player against all the others: {can_win}; {can_all}.")
        lines.append(f"The declarer {'makes' if result.made else 'fails in'} {contract.title}.")
    else:
        total = sum(position.tricks_won) + position.tricks_left
        side = side_name(position, result.solution.seats)
        verdict = (f"made with {result.margin} over" if result.made and result.margin
                   else "made exactly" if result.made else f"fails by {-result.margin}")
        lines.append(f"{side[0].upper()}{side[1:]} take{'s' if len(result.solution.seats) == 1 else ''} "
                     f"{result.tricks} of {total} tricks: {contract.title} {verdict}.")
        if contract.defenders_need is not None:
            lines.append(f"The defenders needed {contract.defenders_need} and took {total - result.tricks}.")
    lines.append(_score_words(scored, options, position))
    solution = result.solution if line else dataclasses.replace(result.solution, line=None)
    lines.extend(_details(position, solution))
    return "\n".join(lines)


def _trump_symbol(trump: Suit | None) -> str:
    return "none (no trump)" if trump is None else trump.symbol


def _leader_words(position: Position) -> str:
    return f"{side_name(position, (position.leader,))} leads"


def _answer(position: Position, solution: Solution) -> str:
    who = side_name(position, solution.seats)
    total = sum(position.tricks_won) + position.tricks_left
    aim = "few" if solution.minimise else "many"
    takes = "take" if len(solution.seats) > 1 else "takes"
    so_far = ""
    if position.tricks_left < total:
        so_far = (f" ({solution.tricks_won} already won, {solution.tricks - solution.tricks_won} of the "
                  f"{position.tricks_left} left)")
    text = (f"{who[0].upper()}{who[1:]} {takes} {solution.tricks} of {_plural(total, 'trick')}{so_far} "
            f"double dummy, playing for as {aim} as possible against the other seats.")
    if solution.wins is not None:
        verdict = "wins" if solution.wins else "does not win"
        every = "can" if solution.takes_all else "cannot"
        text += f" It {verdict} the deal, and {every} take every trick."
    return text


def _card_values(position: Position, solution: Solution) -> str:
    """Each legal card's value, equivalent cards as one group (``♠QJT: 7``)."""
    assert solution.cards is not None
    parts = []
    for group in position.equivalent_groups():
        cards = group[0].symbol + "".join(c.rank.letter for c in group[1:])
        if len({c.suit for c in group}) > 1:  # Polskt pass jacks among the trumps
            cards = "".join(c.symbol for c in group)
        parts.append(f"{cards}: {_value_words(solution.cards[group[0]])}")
    what = "wins the deal" if solution.wins is not None else "tricks"
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
        opens = (f"talon {trick.talon.symbol}, then {game.seat_name(trick.leader)}" if trick.talon
                 else f"{game.seat_name(trick.leader)} leads")
        out.append(f"  {number:>2}. {opens}: {cards}"
                   f"  won by {game.seat_name(trick.winner) if trick.winner is not None else '-'}")
    return out
