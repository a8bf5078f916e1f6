"""The table driver: one game state, a controller per seat, and what each
viewer has been shown. Every front end (the terminal, the engine protocol,
the simulators, the card room) drives its games through a ``TableDriver``.

A seat is controlled by a ``Bot`` or from outside (a person at the
terminal, a WebSocket client, an RL agent), who supplies actions with
``act``. Who is asked next: every seat in ``state.to_act()`` is awaited
(several during a simultaneous choice). Bots are asked lowest seat first,
and a seat that is still awaited after acting (a multi-card pass) stays the
lowest awaited bot, so it finishes its choice before the next bot starts.
Outside seats may act whenever they are awaited; ``run_bots`` returns as soon
as only outside seats are awaited.

A bot's thinking is a pure function of a ``BotTurn`` (the bot, the seat's
view and its legal actions): ``think`` runs it here, and a server can run
the same ``think`` in a worker process, since the turn and the bot pickle,
and then hand the ``Thought`` back with ``apply_thought``. Nothing in the
driver blocks on a bot except ``run_bots`` and ``run``, which think in the
caller's thread by design (the terminal and the simulators).

Viewers (a seat, ``PUBLIC`` or None for the referee) follow the game with
a ``Cursor`` over their own event sequence, from the same log that builds
the views: the terminal shows each person what is new, and the card room
pushes each connection what is new once a move is stored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.core.bot import Bot
from cardroom.core.errors import BadRequest, NotYourTurn
from cardroom.core.events import Event, Viewer, check_viewer
from cardroom.core.game import State
from cardroom.core.views import View


@dataclass(frozen=True)
class BotTurn:
    """Everything a bot needs to decide, and nothing more (it pickles)."""

    seat: int
    version: int
    bot: Bot
    view: View[Any]
    legal: list[str]


@dataclass(frozen=True)
class Thought:
    """A bot's decision, with the bot as it is after deciding (its random
    stream moved on), to be applied to the table it was asked by."""

    seat: int
    version: int
    action: str
    bot: Bot


def think(turn: BotTurn) -> Thought:
    """Let the turn's bot decide (in this process or a worker's)."""
    action = turn.bot.choose(turn.view, turn.legal)
    return Thought(turn.seat, turn.version, action, turn.bot)


class Cursor:
    """One viewer's place in its own event sequence."""

    def __init__(self, state: State, viewer: Viewer, since: int = 0) -> None:
        check_viewer(viewer, state.players)
        self.state, self.viewer, self.position = state, viewer, max(0, since)

    def fetch(self) -> list[Event]:
        """The viewer's events since the last fetch (advancing the cursor)."""
        events = self.state.log.since(self.viewer, self.position)
        self.position += len(events)
        return events


class TableDriver:
    """A game in progress with its seats' controllers."""

    def __init__(self, state: State, bots: Mapping[int, Bot] | None = None) -> None:
        self.state = state
        self.bots: dict[int, Bot] = {}
        self.version = 0  # actions applied through this table
        for seat, bot in (bots or {}).items():
            self.set_bot(seat, bot)

    # ----- seats -------------------------------------------------------------
    def set_bot(self, seat: int, bot: Bot | None) -> None:
        """Give ``seat`` to a bot, or back to outside control (None)."""
        if not 0 <= seat < self.state.players:
            raise BadRequest(f"no seat {seat}: seats are 0 to {self.state.players - 1}")
        if bot is None:
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = bot

    def awaited(self) -> list[int]:
        """Every seat whose action is awaited now."""
        return list(self.state.to_act())

    def awaited_outside(self) -> list[int]:
        return [s for s in self.state.to_act() if s not in self.bots]

    def next_bot(self) -> int | None:
        """The bot seat to ask next: the lowest awaited seat a bot holds."""
        return next((s for s in self.state.to_act() if s in self.bots), None)

    # ----- acting ------------------------------------------------------------
    def act(self, seat: int, action: str) -> list[Event]:
        """Apply ``seat``'s action (text); the events it caused that the seat
        may see. A refused action raises a typed error and changes nothing."""
        events = self.state.act(seat, action)
        self.version += 1
        return events

    def bot_turn(self) -> BotTurn | None:
        """What the next bot must decide, or None when no bot is awaited."""
        seat = self.next_bot()
        if seat is None:
            return None
        state = self.state
        return BotTurn(seat, self.version, self.bots[seat], state.seen(seat),
                       state.legal_texts(seat))

    def apply_thought(self, thought: Thought) -> list[Event] | None:
        """Apply a bot's decision; None (nothing applied) when the table has
        moved on since the turn was handed out or the seat changed hands."""
        if not self.takes(thought):
            return None
        return self.act(thought.seat, thought.action)

    def takes(self, thought: Thought) -> bool:
        """Whether the thought is still wanted (the table has not moved on
        and the seat is still the bot's); if so the seat's bot becomes the
        bot as it is after thinking."""
        if thought.version != self.version or thought.seat not in self.bots:
            return False
        self.bots[thought.seat] = thought.bot
        return True

    def run_bots(self) -> int:
        """Let bots act until no bot is awaited; how many actions they took."""
        moves = 0
        turn = self.bot_turn()
        while turn is not None:
            self.apply_thought(think(turn))
            moves += 1
            turn = self.bot_turn()
        return moves

    def run(self) -> None:
        """Play to the end; every awaited seat must be a bot's."""
        self.run_bots()
        if not self.state.is_over():
            raise NotYourTurn(f"seats {self.awaited_outside()} are not bots: "
                              "the table waits for their actions")

    # ----- watching ----------------------------------------------------------
    def cursor(self, viewer: Viewer, since: int = 0) -> Cursor:
        return Cursor(self.state, viewer, since)

    def view(self, viewer: Viewer, since: int = 0, log: bool = True) -> dict[str, Any]:
        check_viewer(viewer, self.state.players)
        return self.state.view(viewer, since, log)


def play_out(state: State, bots: Sequence[Bot]) -> None:
    """Let the bots play ``state`` to the end, each seat by its own bot."""
    TableDriver(state, dict(enumerate(bots))).run()
