"""How the conditions in force are shown with an answer: what they are, whom they name, how many layouts fit.

Shared by the commands that take ``--where`` (:func:`prefdd.cli.options.where_option`).
"""

from __future__ import annotations

from prefdd.solver.analyses.conditions import Node, Seating, render
from prefdd.solver.analyses.layouts import Hidden
from prefdd.solver.analyses.sampling import Tally


def roles_text(seating: Seating) -> str:
    """The roles and their seats, as shown.

    >>> roles_text(Seating.bidder("priffe", seat=0, seats=4))
    'declarer = N, partner = S, left = E, right = W'
    """
    game = seating.game
    return ", ".join(f"{name} = {game.seat_name(seat)}" for name, seat in seating.roles)


def where_lines(hidden: Hidden, tally: Tally | None, seating: Seating, sampled: int = 0) -> list[str]:
    """The conditions in force and how the `sampled` layouts satisfying them were found (none: no lines)."""
    if tally is None or not (hidden.where or tally.predicate):
        return []
    written = [c.text for c in hidden.where] + (["the predicate"] if tally.predicate else [])
    lines = [f"Where: {'; '.join(written)} ({roles_text(seating)})."]
    share = f"{100 * tally.satisfying / tally.total:.3g}%" if tally.total else "-"
    if tally.exact:
        lines.append(f"Layouts satisfying them: {tally.passed:,} of {tally.total:,} ({share}), "
                     "every one solved.")
        return lines

    def texts(parts: tuple[Node, ...]) -> str:
        return " and ".join(render(part, hidden.game, seating) for part in parts)

    if tally.counted:
        lines.append(f"{tally.space:,} of {tally.total:,} layouts ({share}) satisfy them, counted exactly; "
                     "the sample is dealt from those alone.")
    else:
        about = min(float(f"{tally.satisfying:.3g}"), tally.space)  # an estimate: three figures
        how = [f"About {about:,.0f} of {tally.total:,} layouts ({share}) satisfy them: "
               f"acceptance rate {100 * tally.acceptance:.3g}%"]
        if tally.applied:
            how.append(f"dealt only where {texts(tally.applied)} ({tally.space:,} layouts)")
        if tally.rejected:
            how.append(f"then {texts(tally.rejected)} kept {tally.kept:,} of {tally.dealt:,} dealt")
        if tally.solved or tally.predicate:
            tests = ["the predicate"] if tally.predicate else []
            tests += [texts(tally.solved)] if tally.solved else []
            how.append(f"then {' and '.join(tests)} held on {tally.passed:,} of {tally.tested:,} tested")
        lines.append("; ".join(how) + ".")
    if tally.satisfying < sampled:
        lines.append(f"Fewer layouts satisfy them than were sampled ({sampled:,}): --exact would solve each "
                     "once.")
    return lines


def where_to_json(hidden: Hidden, tally: Tally | None, seating: Seating) -> dict:
    """The conditions in force and the tally, as JSON-ready data."""
    total = hidden.count()
    data: dict = {
        "conditions": [c.text for c in hidden.where],
        "roles": {name: seat for name, seat in seating.roles},
        "predicate": bool(tally and tally.predicate),
    }
    if tally is None:
        return data | {"exact": None, "layouts": total, "satisfying": total, "counted": True,
                       "acceptance": 1.0}
    return data | {
        "exact": tally.exact,
        "layouts": tally.total,
        "satisfying": round(tally.satisfying) if tally.counted else tally.satisfying,
        "counted": tally.counted,
        "acceptance": tally.acceptance,
        "applied_while_dealing": [render(part, hidden.game, seating) for part in tally.applied],
        "dealt_from": tally.space,
        "rejected_after_dealing": [render(part, hidden.game, seating) for part in tally.rejected],
        "dealt": tally.dealt,
        "kept": tally.kept,
        "solved": [render(part, hidden.game, seating) for part in tally.solved],
        "tested": tally.tested,
        "passed": tally.passed,
    }
