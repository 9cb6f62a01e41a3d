"""`prefdd solve`'s spinner (prefdd.cli.spinner): drawn only for a long search on a terminal, gone after."""

import threading
import time

from prefdd.cli.spinner import working


def threads_left(before: set[threading.Thread]) -> set[threading.Thread]:
    """The threads started since `before` still alive after up to a second."""
    for _ in range(20):
        new = {t for t in threading.enumerate() if t not in before and t.is_alive()}
        if not new:
            break
        time.sleep(0.05)
    return new


def test_a_quick_answer_draws_nothing(capsys) -> None:
    before = set(threading.enumerate())
    with working("solving", shown=True, delay=0.5):
        pass
    assert capsys.readouterr().err == ""
    assert not threads_left(before)


def test_a_long_search_shows_the_spinner_until_the_block_ends(capsys) -> None:
    before = set(threading.enumerate())
    with working("solving", shown=True, delay=0.01):
        time.sleep(0.3)
    assert not threads_left(before)  # the timer and the spinner's refresh thread have ended
    capsys.readouterr()


def test_ctrl_c_in_the_block_stops_the_spinner() -> None:
    before = set(threading.enumerate())
    try:
        with working("solving", shown=True, delay=0.01):
            time.sleep(0.1)
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        pass
    assert not threads_left(before)


def test_not_on_a_terminal_nothing_is_drawn(capsys) -> None:
    with working("solving", delay=0):
        time.sleep(0.1)
    assert capsys.readouterr().err == ""
