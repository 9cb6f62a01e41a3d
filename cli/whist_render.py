"""How a defender's expectations are shown: a table of outcomes for people, plain data for ``--json``."""

from __future__ import annotations

import io
import math

import numpy as np
from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from prefdd.cli.bid_render import (
    error_text,
    json_number,
    known_words,
    layouts_words,
    margin_words,
    partial_enumeration_words,
    plot_histograms,
    spark,
    view_to_json,
)
from prefdd.cli.where_render import where_lines, where_to_json
from prefdd.rules import format_hand
from prefdd.solver.analyses.whist import WhistResult
from prefdd.solver.analyses.whist_values import BOTH, FIRST_HOME, settlements


def model(result: WhistResult) -> str:
    """The model, said where the answer is read."""
    discard = ("; the declarer lays away his best discard for the contract against both defenders"
               if result.contract.talon else "")
    where = ", only where the conditions hold" if _conditioned(result) else ""
    return (f"the unseen cards dealt uniformly over what you know{where}; double dummy: every hand is played "
            "as if all cards were seen" + discard +
            "; two defenders in the play share their tricks evenly (the seed's half-whist split)")


def _conditioned(result: WhistResult) -> bool:
    """Whether conditions (or a predicate) narrowed the layouts."""
    return bool(result.hidden.where or (result.tally and result.tally.predicate))


def _declarer_said(result: WhistResult) -> str:
    """How often the declarer makes, and how far his dealt hand fits his bidding."""
    dealt = ("his hand dealt at random among the layouts that satisfy the conditions" if _conditioned(result)
             else "his hand is dealt at random, not as his bidding showed it: --where says what it showed, "
                  "--known places cards you can infer")
    return (f"The declarer makes {result.contract.name} against both defenders on "
            f"{100 * result.declarer_makes:.1f}% of these layouts ({dealt}).")


def _scores_said(result: WhistResult) -> str:
    if result.hidden.game_name == "preferans":
        gentle = ", gentlemanly whist" if result.gentlemanly else ""
        return (f"Scores: your share of the settlement in whist points ({result.options.system.value} "
                f"scoring{gentle}).")
    return (f"Scores: your net payment in units (a base stake is 10), pot {result.options.pot}, "
            f"maximum {result.options.maximum}.")


def _play(result: WhistResult, play: int | None) -> str:
    """The play from this defender's side: both defenders, he alone, the other alone, or none."""
    if play is None:
        return "no play"
    if play == BOTH:
        return "both"
    return "you alone" if (play == FIRST_HOME) == (result.speaker == 2) else "other alone"


def _seat(result: WhistResult, seat: int) -> str:
    return f"seat {result.hidden.game.seat_name(seat)}"


def _place(result: WhistResult) -> str:
    return "first (the declarer's left)" if result.speaker == 1 else "second (the declarer's right)"


def _answer(result: WhistResult, speaker: int, answer: str) -> str:
    """A turn in words: "you whist", "he passes"."""
    verbs = {"pass": "pass", "whist": "whist", "half-whist": "half-whist", "go": "go with",
             "home": "stay home", "invite": "go with and invite"}
    if speaker == result.speaker:
        return f"you {verbs[answer]}"
    third = {"pass": "passes", "whist": "whists", "half-whist": "half-whists", "go": "goes with",
             "home": "stays home", "invite": "goes with and invites"}
    return f"he {third[answer]}"


def plan(result: WhistResult) -> str:
    """The recommendation with the answers that follow it: "pass; if he half-whists, you whist"."""
    path = (*result.turn, result.recommended)
    later = [_answer(result, speaker, answer) for speaker, answer in result.line(path)]
    return result.recommended + (f" (then {', then '.join(later)})" if later else "")


def assumption(result: WhistResult) -> str:
    """What was assumed about the other defender, in a sentence."""
    other = f"the other defender ({_seat(result, result.other)})"
    if len(result.outcomes) == 1:
        return f"the pot holds one base stake, so you and {other} must both go with."
    if result.partner is not None:
        return (f"{other} answers {result.partner} wherever he speaks (as given; where he cannot, "
                "half-whist is pass and invite is go).")
    said = []
    if result.speaker == 2:
        said.append(f"he spoke first and answered {result.turn[0]}, his best (give --partner with his "
                    "real answer)")
    for action in result.actions:
        his = [_answer(result, s, a) for s, a in result.line((*result.turn, action)) if s != result.speaker]
        if his:
            said.append(f"after your {action}, {', then '.join(his)}")
    return (f"{other} answers as is best for him on average over these same layouts, as if he knew "
            f"what you know: {'; '.join(said)}.")


def whist_to_text(result: WhistResult) -> str:
    """The outcome table, the settlements (Vienna), the recommendation and what was assumed."""
    hidden = result.hidden
    game = hidden.game
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, highlight=False, color_system=None)
    known, how = known_words(hidden), layouts_words(result)
    console.print(f"{game.title}: {format_hand(hidden.hand, symbols=True)} at {_seat(result, hidden.seat)}, "
                  f"speaking {_place(result)}; {_seat(result, result.declarer)} declares "
                  f"{result.contract.title}, dealer {_seat(result, hidden.dealer)}{known}.", soft_wrap=True)
    console.print(_scores_said(result), soft_wrap=True)
    console.print(f"Over {how}; {model(result)}.", soft_wrap=True)
    for line in where_lines(hidden, result.tally, result.seating, result.count):
        console.print(line, soft_wrap=True)
    if result.partial:
        console.print(f"Stopped early: {result.count:,} of {result.requested:,} layouts solved.")
    for words in partial_enumeration_words(result):
        console.print(words, soft_wrap=True)
    has_then = any(o.then for o in result.outcomes)
    table = RichTable(box=box.SIMPLE, show_edge=False)
    titles = ["you", "other", *(["then"] if has_then else []), "play",
              f"defenders' tricks 0-{game.hand_size}", "mean", "P(quota)", "±", "score", "±"]
    for title in titles:
        table.add_column(title, justify="right" if title in ("mean", "P(quota)", "±", "score") else "left")
    histograms = result.histograms
    tricks = np.arange(game.hand_size + 1)
    chosen = set(result.action_outcomes)
    for i, outcome in enumerate(result.outcomes):
        mine, his = result.labels(outcome)
        played = outcome.play is not None
        mean = f"{histograms[i] @ tricks / max(result.count, 1):.2f}" if played else ""
        quota = ("", "")
        if played:
            quota = (f"{result.quota_probability[i]:.3f} of {outcome.quota}",
                     error_text(result.quota_error[i], 3))
        then = [outcome.then or ""] if has_then else []
        table.add_row(("▸ " if i in chosen else "  ") + mine, his, *then, _play(result, outcome.play),
                      spark(histograms[i]) if played else "", mean, *quota,
                      f"{result.expected[i]:.2f}", error_text(result.expected_error[i], 2))
    console.print(table)
    console.print(_declarer_said(result), soft_wrap=True)
    _settlement_table(result, console)
    mean, error = result.advantage
    best = result.action_outcomes[result.actions.index(result.recommended)]
    same = f" (as good on every layout: {', '.join(result.equivalent)})" if result.equivalent else ""
    ahead = ("" if result.runner_up is None else
             f"; ahead of {result.runner_up} {margin_words(mean, error, result.confidence)}")
    console.print(f"Recommended: {plan(result)}, expected {result.expected[best]:.2f}{same}{ahead}.",
                  soft_wrap=True)
    console.print(f"Assumed: {assumption(result)}", soft_wrap=True)
    then = "; then: the first defender's second chance after a half-whist" if has_then else ""
    console.print(f"▸ marks where each of your answers leads{then}.")
    return buffer.getvalue()


def _settlement_rows(result: WhistResult) -> list[dict]:
    """Vienna: each allowed settlement against playing, for the declarer and the defender who goes with."""
    rows = []
    declarer, total = result.declarer_scores, result.contract.game.hand_size
    for i, outcome in enumerate(result.outcomes):
        for tricks, values in settlements(result.contract, outcome, result.options):
            goer = 2 if outcome.answers[0] == "home" else 1
            playing = np.column_stack([declarer[:, i], result.values[:, i, goer]])
            means = playing.mean(axis=0) if result.count else np.full(2, math.nan)
            errors = result.standard_errors(playing) if result.count else np.full(2, math.nan)
            rows.append({"you": result.labels(outcome)[0], "other": result.labels(outcome)[1],
                         "declarer_tricks": tricks, "defender_tricks": total - tricks,
                         "declarer": float(values[0]), "defender": float(values[goer]),
                         "declarer_playing": float(means[0]), "declarer_playing_error": float(errors[0]),
                         "defender_playing": float(means[1]), "defender_playing_error": float(errors[1])})
    return rows


def _settlement_table(result: WhistResult, console: Console) -> None:
    rows = _settlement_rows(result)
    if not rows:
        return
    console.print("With one defender at home, the declarer and the one who goes with may settle on a split "
                  "of the tricks instead of playing: what each gets by settling, and by playing.",
                  soft_wrap=True)
    table = RichTable(box=box.SIMPLE, show_edge=False)
    for title in ("you", "other", "settle", "declarer", "playing", "±", "goes with", "playing", "±"):
        table.add_column(title, justify="left" if title in ("you", "other", "settle") else "right")
    for row in rows:
        table.add_row(row["you"], row["other"], f"{row['declarer_tricks']}-{row['defender_tricks']}",
                      f"{row['declarer']:.2f}", f"{row['declarer_playing']:.2f}",
                      error_text(row["declarer_playing_error"], 2), f"{row['defender']:.2f}",
                      f"{row['defender_playing']:.2f}", error_text(row["defender_playing_error"], 2))
    console.print(table)


def whist_to_json(result: WhistResult) -> dict:
    """The result as JSON-ready data."""
    hidden = result.hidden
    histograms = result.histograms
    mean, error = result.advantage
    return {
        **view_to_json(hidden),
        "declarer": result.declarer,
        "contract": result.contract.name,
        "speaks": "first" if result.speaker == 1 else "second",
        "scoring": {"system": result.options.system.value, "pot": result.options.pot,
                    "maximum": result.options.maximum, "gentlemanly": result.gentlemanly},
        "model": model(result),
        "exact": result.exact,
        "seed": result.seed,
        "layouts": result.count,
        "requested": result.requested,
        "partial": result.partial,
        "declarer_makes": result.declarer_makes,
        "where": where_to_json(hidden, result.tally, result.seating),
        "actions": [
            {"action": result.labels(outcome)[0], "partner": result.labels(outcome)[1], "then": outcome.then,
             "play": _play(result, outcome.play),
             "quota_tricks": outcome.quota,
             "quota": json_number(result.quota_probability[i]),
             "quota_error": json_number(result.quota_error[i]),
             "histogram": None if outcome.play is None else histograms[i].tolist(),
             "expected": json_number(result.expected[i]),
             "expected_error": json_number(result.expected_error[i]),
             "partner_expected": json_number(result.partner_expected[i])}
            for i, outcome in enumerate(result.outcomes)
        ],
        "choices": [{"after": list(path), "answer": answer} for path, answer in result.choices.items()],
        "recommended": result.recommended,
        "plan": plan(result),
        "equivalent": list(result.equivalent),
        "runner_up": result.runner_up,
        "advantage": json_number(mean),
        "advantage_error": json_number(error),
        "confidence": json_number(result.confidence),
        "assumed": assumption(result),
        "settlements": _settlement_rows(result),
    }


def plot_whist(result: WhistResult, path: str) -> None:
    """Bar charts of the defenders' tricks in each outcome with a play, written to `path` (matplotlib)."""
    played = [i for i, o in enumerate(result.outcomes) if o.play is not None]
    titles = [f"{'/'.join(result.labels(result.outcomes[i]))}"
              f"{'/' + result.outcomes[i].then if result.outcomes[i].then else ''}: "
              f"E={result.expected[i]:.1f}" for i in played]
    top = result.hidden.game.hand_size
    total = max(result.count, 1)
    made, missed = [], []
    for i in played:
        tricks, quota = result.defenders_tricks(i), result.outcomes[i].quota
        assert tricks is not None
        reached = tricks >= (quota if quota is not None else 0)
        made.append(np.bincount(tricks[reached], minlength=top + 1) / total)
        missed.append(np.bincount(tricks[~reached], minlength=top + 1) / total)
    plot_histograms(np.array(made), np.array(missed), ("quota taken", "quota missed"), titles,
                    "defenders' tricks (you / other)", path)
