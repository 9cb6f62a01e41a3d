"""A session file: many played deals, each with its contract and play, for analysis.

The format is plain text, one block of ``key: value`` lines per deal, blocks
separated by blank lines; ``#`` starts a comment line. A line that starts with
white space continues the previous key's value on a new line, so a play can be
written one trick per line::

    # Thursday's club night
    players: Anna Boris Clara
    game: preferans
    deal: QT7.KQJ.A.KQJ KJ.7.KQJT9.A9 A98.AT98..T87
    contract: 6S
    dealer: 0
    declarer: 0
    play: HK H7 HA
          C7 CA CQ

Keys: ``game``, ``deal``, ``contract`` and ``play`` are needed; ``dealer``
(default 0), ``declarer`` (default eldest hand), and as on the command line
``home``, ``invite``, ``trump``, ``rules``, ``talon-leads``. ``players`` names
the players by seat, so that a session's totals add up by person even when the
seats change; ``title`` names the deal. A block's keys apply to that deal
only, except ``players`` and ``game``, which carry on to the following deals
until given again.

Why this and not JSON Lines: people write these files by hand after a game,
one trick per line, with comments; a missing key or a bad card is reported
with its line number.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from prefdd.rules.cards import Suit, parse_cards
from prefdd.rules.contracts import Play, get_contract
from prefdd.rules.deal import parse_deal, parse_seat
from prefdd.rules.errors import InvalidInputError
from prefdd.rules.games import get_game
from prefdd.rules.play_notation import parse_play

KEYS = ("title", "players", "game", "deal", "contract", "dealer", "declarer", "home", "invite",
        "trump", "rules", "talon-leads", "play")
CARRIED = ("players", "game")


@dataclass(frozen=True)
class SessionDeal:
    """One deal of a session: the contract's setup with the play, where it starts, and who sat where."""

    number: int
    line: int
    title: str
    play: Play
    players: tuple[str, ...]

    def player(self, seat: int) -> str:
        """The name of the player in `seat` (``seat 2`` or ``N`` when the file names none)."""
        if seat < len(self.players):
            return self.players[seat]
        game = self.play.contract.game
        return game.seat_name(seat) if game.seat_names else f"seat {seat}"


def read_session(text: str) -> list[SessionDeal]:
    """Every deal of a session file, set up and with its play checked.

    >>> deals = read_session('''
    ... players: Anna Boris Clara
    ... game: preferans
    ... deal: A8.K.. K7.A.. 9.7.8.
    ... contract: 6NT
    ... dealer: 2
    ... play: SA S7 S9
    ...       S8 SK H7
    ... ''')
    >>> deals[0].play.position.tricks_won, deals[0].player(1)
    ((1, 1, 0), 'Boris')
    >>> read_session("# nothing yet")
    Traceback (most recent call last):
    ...
    prefdd.rules.errors.InvalidInputError: the session has no deal: write a block of 'key: value' lines ...
    >>> read_session("game: preferans\\ndeal: A8.K.. K7.A.. 9.7.8.\\nplay: SA")
    Traceback (most recent call last):
    ...
    prefdd.rules.errors.InvalidInputError: deal 1 (line 1): no contract: write a line 'contract: ...'
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"a session is text, not {type(text).__name__}")
    deals = []
    carried: dict[str, str] = {}
    for number, (line, block) in enumerate(_blocks(text.removeprefix("\ufeff")), start=1):
        fields = {**carried, **block}
        carried.update({k: v for k, v in block.items() if k in CARRIED})
        try:
            deals.append(_deal(number, line, fields))
        except InvalidInputError as error:
            raise InvalidInputError(f"deal {number} (line {line}): {error}") from None
    if not deals:
        raise InvalidInputError("the session has no deal: write a block of 'key: value' lines for each deal")
    return deals


def _blocks(text: str) -> list[tuple[int, dict[str, str]]]:
    """The blocks of ``key: value`` lines, each with the number of its first line."""
    blocks: list[tuple[int, dict[str, str]]] = []
    current: dict[str, str] = {}
    start = key = None
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.lstrip().startswith("#"):
            continue
        if not raw.strip():
            if current:
                blocks.append((start or number, current))
            current, start, key = {}, None, None
            continue
        if raw[0].isspace() and key is not None:
            current[key] += "\n" + raw.strip()
            continue
        name, colon, value = raw.partition(":")
        name = name.strip().lower().replace("_", "-")
        if not colon or name not in KEYS:
            known = ", ".join(KEYS)
            raise InvalidInputError(f"line {number}: expected 'key: value' with a key among {known}, "
                                    f"not {raw.strip()!r}")
        if name in current:
            raise InvalidInputError(f"line {number}: {name} is given twice in one deal "
                                    "(leave a blank line between deals)")
        current[name], key = value.strip(), name
        start = start or number
    if current:
        blocks.append((start or 1, current))
    return blocks


def _deal(number: int, line: int, fields: dict[str, str]) -> SessionDeal:
    for key in ("game", "deal", "contract", "play"):
        if key not in fields or not fields[key]:
            raise InvalidInputError(f"no {key}: write a line '{key}: ...'")
    game = get_game(fields["game"])
    deal = parse_deal(fields["deal"], game)
    hands = len(deal.hands)
    contract = get_contract(game, fields["contract"])
    seats = {key: parse_seat(fields.get(key), game, hands, key) for key in ("dealer", "declarer", "home",
                                                                        "invite")}
    trump = fields.get("trump")
    setup = partial(
        contract.setup, deal, seats["dealer"] or 0, seats["declarer"], home=seats["home"],
        invite=seats["invite"], trump="contract" if trump is None else _trump(trump),
        rules=game.parse_rules(fields["rules"]) if "rules" in fields else None,
        talon_leads=tuple(parse_cards(fields.get("talon-leads", ""))),
    )
    # The setup checked first, then the play read for the players it leaves in the play.
    play = setup(played=parse_play(fields["play"], len(setup().position.seats)))
    names = tuple(fields.get("players", "").split())
    if names and len(names) != hands:
        raise InvalidInputError(f"players names {len(names)} players, but the deal has {hands} seats")
    return SessionDeal(number, line, fields.get("title", f"deal {number}"), play, names)


def _trump(text: str) -> Suit | None:
    return None if text.strip().upper() in ("NT", "N", "NO", "NONE") else Suit.parse(text)
