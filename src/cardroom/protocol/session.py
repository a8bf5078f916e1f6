"""One engine session: requests in, responses out, as plain dicts.

The transport (stdio, ``cardroom.protocol.stdio``) only moves lines, and what
each command means is the protocol core's (``cardroom.protocol``), shared
with the card room's table connection. What is the engine's own: its client
is the referee (it names any seat and may see everything), and it starts
games with ``new`` and ``load``. A failed request changes nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from cardroom import protocol
from cardroom.core.bot import make_bot
from cardroom.core.errors import BadRequest, CardroomError, NoGame
from cardroom.core.events import PUBLIC, Viewer
from cardroom.core.game import State
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.core.table import TableDriver
from cardroom.games import all_games, get_game
from cardroom.plugins import load_everything
from cardroom.protocol import Answer, Request, argument, error


class Session:
    def __init__(self) -> None:
        load_everything()
        self.table: TableDriver | None = None
        self.done = False
        self.handlers: dict[str, Callable[[Request], Answer]] = {
            "games": self.cmd_games, "new": self.cmd_new, "view": self.cmd_view,
            "legal": self.cmd_legal, "act": self.cmd_act, "suggest": self.cmd_suggest,
            "result": self.cmd_result, "record": self.cmd_record, "load": self.cmd_load,
            "quit": self.cmd_quit,
        }

    def handle_line(self, line: str) -> Answer:
        try:
            request = protocol.parse(line, "line")
        except CardroomError as err:
            return error(None, err.code, err.message)
        return self.handle(request)

    def handle(self, request: Any) -> Answer:
        if not isinstance(request, dict):
            return error(None, "bad_request", "a request must be a JSON object with a 'cmd'")
        rid = request.get("id")
        cmd = request.get("cmd")
        handler = self.handlers.get(cmd) if isinstance(cmd, str) else None
        if handler is None:
            return error(rid, "bad_request", protocol.no_command(request, list(self.handlers)))
        try:
            return protocol.answer(rid, handler(request))
        except CardroomError as err:
            return protocol.failed(rid, err)
        except Exception as err:  # a bug must not stop the engine
            return error(rid, "internal_error", f"the engine failed: {type(err).__name__}: {err}")

    # ----- who asks: the referee, for any seat ------------------------------------
    def game_table(self) -> TableDriver:
        if self.table is None:
            raise NoGame("no game started: send 'new' or 'load' first")
        return self.table

    def game_state(self) -> State:
        return self.game_table().state

    def seat_arg(self, request: Request) -> int:
        if "seat" not in request:
            raise BadRequest("missing argument 'seat'")
        return protocol.seat_number(request["seat"], self.game_state().players)

    def viewer_arg(self, request: Request) -> Viewer:
        """``seat`` for ``view``: a seat number, "public" or null (the referee)."""
        seat = request.get("seat", 0)
        if seat is None or seat == PUBLIC:
            return None if seat is None else PUBLIC
        if isinstance(seat, str):
            raise BadRequest(f"'seat' must be a seat number, \"public\" or null, got {seat!r}")
        return self.seat_arg(request)

    # ----- commands ---------------------------------------------------------
    def cmd_games(self, request: Request) -> Answer:
        return {"games": [g.describe() for g in all_games()]}

    def cmd_new(self, request: Request) -> Answer:
        game = get_game(argument(request, "game", str))
        players = argument(request, "players", int)
        seed = argument(request, "seed", int, required=False)
        options = argument(request, "options", dict, required=False)
        if seed is None:
            seed = secrets.randbits(63)
        self.table = TableDriver(game.new(players, seed, options))
        return {"view": self.table.view(None)}

    def cmd_view(self, request: Request) -> Answer:
        state = self.game_state()
        return protocol.view(state, self.viewer_arg(request), request)

    def cmd_legal(self, request: Request) -> Answer:
        return protocol.legal(self.game_state(), self.seat_arg(request))

    def cmd_act(self, request: Request) -> Answer:
        table = self.game_table()
        seat = self.seat_arg(request)
        events = table.act(seat, argument(request, "action", str))
        return protocol.acted(table.state, seat, events)

    def cmd_suggest(self, request: Request) -> Answer:
        state = self.game_state()
        seat = self.seat_arg(request)
        name = argument(request, "bot", str)
        budget = argument(request, "budget", dict, required=False)
        seed = argument(request, "seed", int, required=False)
        protocol.check_awaited(state, seat)
        if seed is None:
            # Never from the game's seed: a bot seeded by it could be probed
            # for the hidden cards that the seed decides.
            seed = secrets.randbits(63)
        bot = make_bot(name, state.game, seed, budget)
        return protocol.suggested(bot.choose_for(state, seat), bot)

    def cmd_result(self, request: Request) -> Answer:
        return protocol.result(self.game_state())

    def cmd_record(self, request: Request) -> Answer:
        state = self.game_state()
        return protocol.record(state, None, state.is_over())

    def cmd_load(self, request: Request) -> Answer:
        if "record" not in request:
            raise BadRequest("missing argument 'record'")
        record = Record.from_json(request["record"])
        try:
            state = replay(record)
        except CardroomError:
            # The protocol: a record with an illegal action leaves no game loaded.
            self.table = None
            raise
        self.table = TableDriver(state)
        return {"view": self.table.view(None)}

    def cmd_quit(self, request: Request) -> Answer:
        self.done = True
        return {}
