"""``SEAT makes CONTRACT``: a condition answered by the solver, layout by layout.

The seat declares the contract on the layout's deal, double dummy, as the
bid analysis plays it (:func:`prefdd.solver.analyses.bidding.solve_layouts`):
in a contract with talon, where the talon is still to be taken (Preferans and
Vienna when no discards are known; Polskt pass for a player holding a sixth
card), the declarer takes the cards in no hand and lays away his best
discard; Vienna's contracts with talon count the best trump the declarer may
name. The player's seat or another, the layouts are solved as a batch
(Preferans and Vienna: the talon's discards in the engine,
:mod:`prefdd.solver.analyses.talon_batch`).

>>> from prefdd.rules import parse_cards
>>> from prefdd.solver.analyses.layouts import Hidden
>>> hidden = Hidden.make("preferans", parse_cards("SA SK SQ SJ ST S9 HA HK DA CA"), seat=0, dealer=2)
>>> layouts = hidden.sample(3, seed=1)
>>> makes(hidden, 0, "8S", layouts).tolist(), makes(hidden, 1, "6NT", layouts).tolist()
([True, True, True], [False, False, False])
"""

from __future__ import annotations

import numpy as np

from prefdd.rules import InvalidInputError
from prefdd.solver.analyses.bidding import solve_layouts
from prefdd.solver.analyses.layouts import Hidden


def makes(hidden: Hidden, seat: int, contract: str, layouts: np.ndarray) -> np.ndarray:
    """For each layout, whether `seat` declaring `contract` makes it double dummy (a bool array)."""
    if seat != hidden.seat and len(hidden.hand) > hidden.game.hand_size:
        raise InvalidInputError("another seat cannot declare while the player holds an extra card to discard")
    return solve_layouts(hidden, (contract,), layouts, seat)[1][:, 0]
