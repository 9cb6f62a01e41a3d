"""How bid expectations are shown: a table per contract for people, plain data for ``--json``."""

from __future__ import annotations

import io
import math

import numpy as np
from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from prefdd.rules import format_hand
from prefdd.solver.analyses.bidding import BidResult

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
    if result.partial:
        console.print(f"Stopped early: {result.count:,} of {result.requested:,} layouts solved.")
    if result.partial and result.exact:
        console.print("The layouts solved are part of an enumeration, taken in a fixed order, not a "
                      "random sample: the numbers describe them alone, with no error bars.", soft_wrap=True)
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
                      f"{result.probability[i]:.3f}", _error_text(result.probability_error[i], 3),
                      f"{result.expected[i]:.2f}", _error_text(result.expected_error[i], 2))
    console.print(table)
    best, second = _index(result, result.recommended), _index(result, result.runner_up)
    mean, error = result.advantage
    score = 0.0 if best is None else result.expected[best]
    same = [_name(result, _index(result, c)) for c in result.equivalent]
    alike = f" (as good on every layout: {', '.join(same)})" if same else ""
    margin = f"by {mean:.2f} on the same layouts"
    if not math.isnan(error):
        margin = f"by {mean:.2f} ± {error:.2f} on the same layouts, confidence {100 * result.confidence:.1f}%"
    console.print(f"Recommended: {_name(result, best)} (expected {score:.2f}){alike}; ahead of "
                  f"{_name(result, second)} {margin}.", soft_wrap=True)
    return buffer.getvalue()


def _error_text(error: float, places: int) -> str:
    """A standard error, or '-' where there is none to give (an enumeration stopped part way)."""
    return "-" if math.isnan(error) else f"{error:.{places}f}"


def _number(value: float) -> float | None:
    """A float for JSON: NaN (no value to give) as null."""
    return None if math.isnan(value) else float(value)


def bid_to_json(result: BidResult) -> dict:
    """The result as JSON-ready data (an error that cannot be given, as null)."""
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
        "contracts": [
            {"contract": contract.name, "histogram": histograms[i].tolist(),
             "probability": float(result.probability[i]),
             "probability_error": _number(result.probability_error[i]),
             "expected": float(result.expected[i]), "expected_error": _number(result.expected_error[i])}
            for i, contract in enumerate(result.contracts)
        ],
        "recommended": _name(result, _index(result, result.recommended)),
        "equivalent": [_name(result, _index(result, c)) for c in result.equivalent],
        "runner_up": _name(result, _index(result, result.runner_up)),
        "advantage": mean,
        "advantage_error": _number(error),
        "confidence": _number(result.confidence),
    }


def plot_tricks(result: BidResult, path: str) -> None:
    """Bar charts of each contract's trick distribution, written to `path` (matplotlib needed).

    Each bar is split: the layouts where the contract makes (green) and those where it
    fails (red); every panel has its own trick labels.
    """
    try:
        import matplotlib
    except ImportError:
        raise ImportError("--plot needs matplotlib: pip install 'prefdd[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    count = len(result.contracts)
    columns = min(5, count)
    rows = -(-count // columns)
    figure, axes = plt.subplots(rows, columns, figsize=(2.6 * columns, 2.4 * rows), squeeze=False,
                                sharex=True, sharey=True)
    total = max(result.count, 1)
    top = result.hidden.game.hand_size
    tricks = np.arange(top + 1)
    _, made_word = _value_words(result)
    for i, axis in enumerate(axes.flat):
        if i >= count:
            axis.set_visible(False)
            continue
        contract = result.contracts[i]
        column, made = result.tricks[:, i].astype(np.int64), result.made[:, i]
        makes = np.bincount(column[made], minlength=top + 1) / total
        fails = np.bincount(column[~made], minlength=top + 1) / total
        axis.bar(tricks, makes, color="tab:green", label=made_word)
        failed_word = "fails" if made_word == "makes" else "loses"
        axis.bar(tricks, fails, bottom=makes, color="tab:red", label=failed_word)
        axis.set_title(f"{contract.name}: P={result.probability[i]:.2f}, E={result.expected[i]:.1f}",
                       fontsize=8)
        axis.set_xticks(tricks[:: 1 if top <= 10 else 2])
        axis.tick_params(labelsize=7, labelbottom=True)
    handles, labels = axes.flat[0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="upper center", ncols=2, fontsize=8, frameon=False)
    figure.supxlabel("declarer's tricks", fontsize=9)
    figure.supylabel("probability", fontsize=9)
    figure.tight_layout(rect=(0, 0, 1, 1 - 0.25 / figure.get_figheight()))
    figure.savefig(path, dpi=100)
    plt.close(figure)
