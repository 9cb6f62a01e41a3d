"""How bid expectations are shown: a table per contract for people, plain data for ``--json``."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import numpy as np
from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from prefdd.rules import format_hand
from prefdd.solver.analyses.bidding import BidResult
from prefdd.solver.analyses.layouts import Hidden

if TYPE_CHECKING:
    from prefdd.solver.analyses.whist import WhistResult

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


def known_words(hidden: Hidden) -> str:
    """The cards the player knows besides his hand, in words: ", talon ♠7 ♣8, seat 2 holds ..."."""
    words = ""
    if hidden.talon:
        words += f", talon {format_hand(hidden.talon, symbols=True)}"
    if hidden.out:
        words += f", out of play {format_hand(hidden.out, symbols=True)}"
    for seat, cards in hidden.known:
        words += f", seat {hidden.game.seat_name(seat)} holds {format_hand(cards, symbols=True)}"
    return words


def layouts_words(result: BidResult | WhistResult) -> str:
    """Which layouts were solved, in words: every one, a sample with its seed, or part of an enumeration."""
    if result.exact and not result.partial:
        return f"all {result.count:,} layouts"
    if not result.exact:
        return f"{result.count:,} sampled layouts (seed {result.seed})"
    return f"{result.count:,} of {result.requested:,} layouts"


def bid_to_text(result: BidResult) -> str:
    """The per-contract table and the recommendation."""
    hidden = result.hidden
    game = hidden.game
    value_title, made_title = _value_words(result)
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, highlight=False, color_system=None)
    seats = f"at seat {game.seat_name(hidden.seat)}, dealer {game.seat_name(hidden.dealer)}"
    console.print(f"{game.title}: {format_hand(hidden.hand, symbols=True)} {seats}{known_words(hidden)}")
    how = layouts_words(result)
    discard = "; the declarer's best discard per contract" if hidden.pickup else ""
    console.print(f"Double dummy over {how}{discard}.")
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


def view_to_json(hidden: Hidden) -> dict:
    """What the player knows, as JSON-ready data: the game, his hand, seat, the dealer, known cards."""
    return {
        "game": hidden.game_name,
        "hand": format_hand(hidden.hand),
        "seat": hidden.seat,
        "dealer": hidden.dealer,
        "talon": format_hand(hidden.talon) if hidden.talon else None,
        "out": format_hand(hidden.out) if hidden.out else None,
        "known": {str(seat): format_hand(cards) for seat, cards in hidden.known},
    }


def bid_to_json(result: BidResult) -> dict:
    """The result as JSON-ready data."""
    hidden = result.hidden
    histograms = result.histograms
    mean, error = result.advantage
    return {
        **view_to_json(hidden),
        "scoring": {"system": result.options.system.value, "pot": result.options.pot,
                    "maximum": result.options.maximum, "honours": result.options.honours.value},
        "exact": result.exact,
        "seed": result.seed,
        "layouts": result.count,
        "requested": result.requested,
        "partial": result.partial,
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


def plot_tricks(result: BidResult, path: str) -> None:
    """Bar charts of each contract's trick distribution, written to `path` (matplotlib needed)."""
    titles = [f"{c.name}: P={result.probability[i]:.2f}, E={result.expected[i]:.1f}"
              for i, c in enumerate(result.contracts)]
    plot_histograms(result.histograms / max(result.count, 1), titles, result.probability >= 0.5,
                    "declarer's tricks", path)


def plot_histograms(histograms: np.ndarray, titles: list[str], good: np.ndarray, xlabel: str,
                    path: str) -> None:
    """Bar charts of the rows of `histograms` (shares by tricks), one panel each with its title, green
    where `good` else red, written to `path` as PNG (matplotlib needed)."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError("--plot needs matplotlib: pip install 'prefdd[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    count = len(histograms)
    columns = min(5, count)
    rows = -(-count // columns)
    figure, axes = plt.subplots(rows, columns, figsize=(2.6 * columns, 2.2 * rows), squeeze=False,
                                sharex=True, sharey=True)
    tricks = np.arange(histograms.shape[1])
    for i, axis in enumerate(axes.flat):
        if i >= count:
            axis.set_visible(False)
            continue
        axis.bar(tricks, histograms[i], color="tab:green" if good[i] else "tab:red")
        axis.set_title(titles[i], fontsize=8)
        axis.tick_params(labelsize=7)
    figure.supxlabel(xlabel, fontsize=9)
    figure.supylabel("probability", fontsize=9)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
