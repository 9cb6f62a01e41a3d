"""How bid expectations are shown: a table per contract for people, plain data for ``--json``."""

from __future__ import annotations

import io
import math
from typing import TYPE_CHECKING

import numpy as np
from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from prefdd.cli.where_render import where_lines, where_to_json
from prefdd.rules import format_hand
from prefdd.solver.analyses.bidding import BidResult
from prefdd.solver.analyses.conditions import Seating
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
    for line in where_lines(hidden, result.tally, _seating(result), result.count):
        console.print(line, soft_wrap=True)
    if result.partial:
        console.print(f"Stopped early: {result.count:,} of {result.requested:,} layouts solved.")
    for words in partial_enumeration_words(result):
        console.print(words, soft_wrap=True)
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
                      f"{result.probability[i]:.3f}", error_text(result.probability_error[i], 3),
                      f"{result.expected[i]:.2f}", error_text(result.expected_error[i], 2))
    console.print(table)
    best, second = _index(result, result.recommended), _index(result, result.runner_up)
    mean, error = result.advantage
    score = 0.0 if best is None else result.expected[best]
    same = [_name(result, _index(result, c)) for c in result.equivalent]
    alike = f" (as good on every layout: {', '.join(same)})" if same else ""
    console.print(f"Recommended: {_name(result, best)} (expected {score:.2f}){alike}; ahead of "
                  f"{_name(result, second)} {margin_words(mean, error, result.confidence)}.", soft_wrap=True)
    return buffer.getvalue()


def partial_enumeration_words(result: BidResult | WhistResult) -> list[str]:
    """What a stopped enumeration's numbers are (no sample: no error bars), or nothing for another run."""
    if not (result.partial and result.exact):
        return []
    return ["The layouts solved are part of an enumeration, taken in a fixed order, not a random sample: "
            "the numbers describe them alone, with no error bars."]


def error_text(error: float, places: int) -> str:
    """A standard error, or '-' where none can be given (an enumeration stopped part way)."""
    return "-" if math.isnan(error) else f"{error:.{places}f}"


def margin_words(mean: float, error: float, confidence: float) -> str:
    """How far the recommendation is ahead: ``by 2.00 ± 0.50 on the same layouts, confidence 99.9%``,
    without the error and confidence where none can be given."""
    if math.isnan(error):
        return f"by {mean:.2f} on the same layouts"
    return f"by {mean:.2f} ± {error:.2f} on the same layouts, confidence {100 * confidence:.1f}%"


def json_number(value: float) -> float | None:
    """A float for JSON: NaN (no value to give) as null."""
    return None if math.isnan(value) else float(value)


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
    """The result as JSON-ready data (an error that cannot be given, as null)."""
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
        "where": where_to_json(hidden, result.tally, _seating(result)),
        "contracts": [
            {"contract": contract.name, "histogram": histograms[i].tolist(),
             "probability": float(result.probability[i]),
             "probability_error": json_number(result.probability_error[i]),
             "expected": float(result.expected[i]), "expected_error": json_number(result.expected_error[i])}
            for i, contract in enumerate(result.contracts)
        ],
        "recommended": _name(result, _index(result, result.recommended)),
        "equivalent": [_name(result, _index(result, c)) for c in result.equivalent],
        "runner_up": _name(result, _index(result, result.runner_up)),
        "advantage": mean,
        "advantage_error": json_number(error),
        "confidence": json_number(result.confidence),
    }


def _seating(result: BidResult) -> Seating:
    """The bidder's roles: he is the declarer."""
    return Seating.bidder(result.hidden.game_name, result.hidden.seat, result.hidden.hands)


def plot_tricks(result: BidResult, path: str) -> None:
    """Bar charts of each contract's trick distribution, written to `path` (matplotlib needed): each
    bar split into the layouts where the contract makes and those where it fails."""
    titles = [f"{c.name}: P={result.probability[i]:.2f}, E={result.expected[i]:.1f}"
              for i, c in enumerate(result.contracts)]
    top = result.hidden.game.hand_size
    total = max(result.count, 1)
    tricks = result.tricks.astype(np.int64)
    makes = np.stack([np.bincount(tricks[result.made[:, i], i], minlength=top + 1)
                      for i in range(len(result.contracts))]) / total
    fails = np.stack([np.bincount(tricks[~result.made[:, i], i], minlength=top + 1)
                      for i in range(len(result.contracts))]) / total
    made_word = _value_words(result)[1]
    plot_histograms(makes, fails, (made_word, "fails" if made_word == "makes" else "loses"), titles,
                    "declarer's tricks", path)


def plot_histograms(good: np.ndarray, bad: np.ndarray, words: tuple[str, str], titles: list[str],
                    xlabel: str, path: str) -> None:
    """Bar charts, one panel per row of `good` and `bad` (shares of the layouts by tricks) with its
    title: each bar green for its `good` share, red above for its `bad` share (`words` name them in
    the legend); every panel has its own trick labels. Written to `path` (matplotlib needed)."""
    try:
        import matplotlib
    except ImportError:
        raise ImportError("--plot needs matplotlib: pip install 'prefdd[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    count = len(good)
    columns = min(5, count)
    rows = -(-count // columns)
    figure, axes = plt.subplots(rows, columns, figsize=(2.6 * columns, 2.4 * rows), squeeze=False,
                                sharex=True, sharey=True)
    tricks = np.arange(good.shape[1])
    for i, axis in enumerate(axes.flat):
        if i >= count:
            axis.set_visible(False)
            continue
        axis.bar(tricks, good[i], color="tab:green", label=words[0])
        axis.bar(tricks, bad[i], bottom=good[i], color="tab:red", label=words[1])
        axis.set_title(titles[i], fontsize=8)
        axis.set_xticks(tricks[:: 1 if len(tricks) <= 11 else 2])
        axis.tick_params(labelsize=7, labelbottom=True)
    handles, labels = axes.flat[0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="upper center", ncols=2, fontsize=8, frameon=False)
    figure.supxlabel(xlabel, fontsize=9)
    figure.supylabel("probability", fontsize=9)
    figure.tight_layout(rect=(0, 0, 1, 1 - 0.25 / figure.get_figheight()))
    figure.savefig(path, dpi=100)
    plt.close(figure)
