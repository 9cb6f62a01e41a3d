"""How bid expectations are shown: a table per contract for people, plain data for ``--json``."""

from __future__ import annotations

import io

import numpy as np
from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from prefdd.cli.where_render import where_lines, where_to_json
from prefdd.rules import format_hand
from prefdd.solver.analyses.bidding import BidResult
from prefdd.solver.analyses.conditions import Seating

_BARS = " ▁▂▃▄▅▆▇█"


def _name(result: BidResult, index: int | None) -> str:
    return "pass" if index is None else result.contracts[index].name


def _index(result: BidResult, contract: object) -> int | None:
    return None if contract is None else result.contracts.index(contract)


def spark(histogram: np.ndarray) -> str:
    """A histogram as one bar character per count, scaled to its largest.

    >>> spark(np.array([0, 1, 4, 2]))
    ' ▂█▄'
    """
    top = histogram.max()
    if top == 0:
        return " " * len(histogram)
    return "".join(_BARS[int(np.ceil(8 * count / top))] for count in histogram)


def _value_words(result: BidResult) -> tuple[str, str]:
    """What the score column holds, and what "makes" means, for this game."""
    game = result.hidden.game_name
    if game == "preferans":
        return f"score ({result.options.system.value}, whist points)", "makes"
    if game == "vienna":
        return "payment (units)", "makes"
    if game == "polskt-pass":
        return "gain (pot units)", "wins"
    return "side's points less theirs", "makes"


def bid_to_text(result: BidResult) -> str:
    """The per-contract table and the recommendation."""
    hidden = result.hidden
    game = hidden.game
    value_title, made_title = _value_words(result)
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, highlight=False, color_system=None)
    known = ""
    if hidden.talon:
        known += f", talon {format_hand(hidden.talon, symbols=True)}"
    if hidden.out:
        known += f", out of play {format_hand(hidden.out, symbols=True)}"
    for seat, cards in hidden.known:
        known += f", {game.seat_name(seat)} holds {format_hand(cards, symbols=True)}"
    how = (f"all {result.count:,} layouts" if result.exact and not result.partial
           else f"{result.count:,} sampled layouts (seed {result.seed})" if not result.exact
           else f"{result.count:,} of {result.requested:,} layouts")
    console.print(f"{game.title}: {format_hand(hidden.hand, symbols=True)} at seat "
                  f"{game.seat_name(hidden.seat)}, dealer {game.seat_name(hidden.dealer)}{known}")
    discard = "; the declarer's best discard per contract" if hidden.pickup else ""
    console.print(f"Double dummy over {how}{discard}.")
    for line in where_lines(hidden, result.tally, _seating(result), result.count):
        console.print(line, soft_wrap=True)
    if result.partial:
        console.print(f"Stopped early: {result.count:,} of {result.requested:,} layouts solved.")
    table = RichTable(box=box.SIMPLE, show_edge=False)
    table.add_column("contract")
    table.add_column(f"tricks 0-{game.hand_size}")
    table.add_column("mean", justify="right")
    table.add_column(f"P({made_title})", justify="right")
    table.add_column("±", justify="right")
    table.add_column(value_title, justify="right")
    table.add_column("±", justify="right")
    histograms = result.histograms
    tricks = np.arange(game.hand_size + 1)
    for i, contract in enumerate(result.contracts):
        mean = float(histograms[i] @ tricks) / max(result.count, 1)
        table.add_row(contract.name, spark(histograms[i]), f"{mean:.2f}",
                      f"{result.probability[i]:.3f}", f"{result.probability_error[i]:.3f}",
                      f"{result.expected[i]:.2f}", f"{result.expected_error[i]:.2f}")
    console.print(table)
    best, second = _index(result, result.recommended), _index(result, result.runner_up)
    mean, error = result.advantage
    score = 0.0 if best is None else result.expected[best]
    same = [_name(result, _index(result, c)) for c in result.equivalent]
    alike = f" (as good on every layout: {', '.join(same)})" if same else ""
    console.print(f"Recommended: {_name(result, best)} (expected {score:.2f}){alike}; ahead of "
                  f"{_name(result, second)} by {mean:.2f} ± {error:.2f} on the same layouts, "
                  f"confidence {100 * result.confidence:.1f}%.", soft_wrap=True)
    return buffer.getvalue()


def bid_to_json(result: BidResult) -> dict:
    """The result as JSON-ready data."""
    hidden = result.hidden
    histograms = result.histograms
    mean, error = result.advantage
    return {
        "game": hidden.game_name,
        "hand": format_hand(hidden.hand),
        "seat": hidden.seat,
        "dealer": hidden.dealer,
        "talon": format_hand(hidden.talon) if hidden.talon else None,
        "out": format_hand(hidden.out) if hidden.out else None,
        "known": {str(seat): format_hand(cards) for seat, cards in hidden.known},
        "scoring": {"system": result.options.system.value, "pot": result.options.pot,
                    "maximum": result.options.maximum, "honours": result.options.honours.value},
        "exact": result.exact,
        "seed": result.seed,
        "layouts": result.count,
        "requested": result.requested,
        "partial": result.partial,
        "where": where_to_json(hidden, result.tally, _seating(result)),
        "contracts": [
            {"contract": contract.name, "histogram": histograms[i].tolist(),
             "probability": float(result.probability[i]),
             "probability_error": float(result.probability_error[i]),
             "expected": float(result.expected[i]), "expected_error": float(result.expected_error[i])}
            for i, contract in enumerate(result.contracts)
        ],
        "recommended": _name(result, _index(result, result.recommended)),
        "equivalent": [_name(result, _index(result, c)) for c in result.equivalent],
        "runner_up": _name(result, _index(result, result.runner_up)),
        "advantage": mean,
        "advantage_error": error,
        "confidence": result.confidence,
    }


def _seating(result: BidResult) -> Seating:
    """The bidder's roles: he is the declarer."""
    return Seating.bidder(result.hidden.game_name, result.hidden.seat, result.hidden.hands)


def plot_tricks(result: BidResult, path: str) -> None:
    """Bar charts of each contract's trick distribution, written to `path` (matplotlib needed)."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError("--plot needs matplotlib: pip install 'prefdd[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    count = len(result.contracts)
    columns = min(5, count)
    rows = -(-count // columns)
    figure, axes = plt.subplots(rows, columns, figsize=(2.6 * columns, 2.2 * rows), squeeze=False,
                                sharex=True, sharey=True)
    histograms = result.histograms / max(result.count, 1)
    tricks = np.arange(histograms.shape[1])
    for i, axis in enumerate(axes.flat):
        if i >= count:
            axis.set_visible(False)
            continue
        contract = result.contracts[i]
        axis.bar(tricks, histograms[i], color="tab:green" if result.probability[i] >= 0.5 else "tab:red")
        axis.set_title(f"{contract.name}: P={result.probability[i]:.2f}, E={result.expected[i]:.1f}",
                       fontsize=8)
        axis.tick_params(labelsize=7)
    figure.supxlabel("declarer's tricks", fontsize=9)
    figure.supylabel("probability", fontsize=9)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
