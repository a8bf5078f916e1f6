"""One protocol session: requests in, responses out, as plain dicts.

The transport (stdio here, a WebSocket later) only moves lines; everything
the protocol means lives here. A failed request changes nothing. The game
runs on a ``Table`` whose seats are all controlled from outside (the client).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

from cardroom.core.bot import make_bot
from cardroom.core.errors import BadRequest, CardroomError, GameOver, NoGame, NotYourTurn
from cardroom.core.events import PUBLIC, Viewer
from cardroom.core.game import State
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.core.table import Table
from cardroom.frontend import load_everything
from cardroom.games import all_games, get_game

Response = dict[str, Any]
Request = dict[str, Any]


def error(rid: Any, code: str, message: str) -> Response:
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


class Session:
    def __init__(self) -> None:
        load_everything()
        self.table: Table | None = None
        self.done = False
        self.handlers: dict[str, Callable[[Request], dict[str, Any]]] = {
            "games": self.cmd_games, "new": self.cmd_new, "view": self.cmd_view,
            "legal": self.cmd_legal, "act": self.cmd_act, "suggest": self.cmd_suggest,
            "result": self.cmd_result, "record": self.cmd_record, "load": self.cmd_load,
            "quit": self.cmd_quit,
        }

    def handle_line(self, line: str) -> Response:
        try:
            request = json.loads(line, parse_constant=refuse_constant)
        except (ValueError, RecursionError):
            return error(None, "bad_json", "the line is not valid JSON")
        return self.handle(request)

    def handle(self, request: Any) -> Response:
        if not isinstance(request, dict):
            return error(None, "bad_request", "a request must be a JSON object with a 'cmd'")
        rid = request.get("id")
        cmd = request.get("cmd")
        handler = self.handlers.get(cmd) if isinstance(cmd, str) else None
        if handler is None:
            return error(rid, "bad_request", self.no_command(request))
        try:
            return {"id": rid, "ok": True, **handler(request)}
        except CardroomError as err:
            return error(rid, err.code, err.message)
        except Exception as err:  # a bug must not stop the engine
            return error(rid, "internal_error", f"the engine failed: {type(err).__name__}: {err}")

    def no_command(self, request: Request) -> str:
        """Why a request names no command this engine knows."""
        known = ", ".join(self.handlers)
        if "cmd" not in request:
            return f"the request has no 'cmd': name a command ({known})"
        cmd = request["cmd"]
        if not isinstance(cmd, str):
            return f"'cmd' must be a command name ({known}), got {cmd!r}"
        return f"unknown command {cmd!r} (commands: {known})"

    # ----- arguments --------------------------------------------------------
    def game_table(self) -> Table:
        if self.table is None:
            raise NoGame("no game started: send 'new' or 'load' first")
        return self.table

    def game_state(self) -> State:
        return self.game_table().state

    def seat_arg(self, request: Request) -> int:
        if "seat" not in request:
            raise BadRequest("missing argument 'seat'")
        seat = request["seat"]
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise BadRequest(f"'seat' must be a seat number, got {seat!r}")
        players = self.game_state().players
        if not 0 <= seat < players:
            raise BadRequest(f"no seat {seat}: seats are 0 to {players - 1}")
        return seat

    def viewer_arg(self, request: Request) -> Viewer:
        """``seat`` for ``view``: a seat number, "public" or null (the referee)."""
        seat = request.get("seat", 0)
        if seat is None or seat == PUBLIC:
            return None if seat is None else PUBLIC
        if isinstance(seat, str):
            raise BadRequest(f"'seat' must be a seat number, \"public\" or null, got {seat!r}")
        return self.seat_arg(request)

    @staticmethod
    def typed(request: Request, name: str, kind: type, required: bool = True) -> Any:
        if name not in request or request[name] is None:
            if required:
                raise BadRequest(f"missing argument {name!r}")
            return None
        value = request[name]
        if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
            raise BadRequest(f"{name!r} must be {kind_word(kind)}, got {value!r}")
        return value

    # ----- commands ---------------------------------------------------------
    def cmd_games(self, request: Request) -> dict[str, Any]:
        return {"games": [g.describe() for g in all_games()]}

    def cmd_new(self, request: Request) -> dict[str, Any]:
        game = get_game(self.typed(request, "game", str))
        players = self.typed(request, "players", int)
        seed = self.typed(request, "seed", int, required=False)
        options = self.typed(request, "options", dict, required=False)
        if seed is None:
            seed = secrets.randbits(63)
        self.table = Table(game.new(players, seed, options))
        return {"view": self.table.view(None)}

    def cmd_view(self, request: Request) -> dict[str, Any]:
        table = self.game_table()
        viewer = self.viewer_arg(request)
        since = self.typed(request, "since", int, required=False)
        if since is not None and since < 0:
            raise BadRequest(f"'since' must be 0 or more, got {since}")
        return {"view": table.view(viewer, since or 0)}

    def cmd_legal(self, request: Request) -> dict[str, Any]:
        state = self.game_state()
        return {"actions": state.legal_texts(self.seat_arg(request))}

    def cmd_act(self, request: Request) -> dict[str, Any]:
        table = self.game_table()
        seat = self.seat_arg(request)
        action = self.typed(request, "action", str)
        events = table.act(seat, action)
        # The protocol: the acting seat's view without its log (it has log_size).
        return {"events": events, "view": table.view(seat, log=False)}

    def cmd_suggest(self, request: Request) -> dict[str, Any]:
        state = self.game_state()
        seat = self.seat_arg(request)
        name = self.typed(request, "bot", str)
        budget = self.typed(request, "budget", dict, required=False)
        seed = self.typed(request, "seed", int, required=False)
        if state.is_over():
            raise GameOver("the game is over")
        if seat not in state.to_act():
            raise NotYourTurn(f"seat {seat} is not to act now")
        if seed is None:
            # Never from the game's seed: a bot seeded by it could be probed
            # for the hidden cards that the seed decides.
            seed = secrets.randbits(63)
        bot = make_bot(name, state.game, seed, budget)
        action = bot.choose_for(state, seat)
        # The moves the bot weighed, where it can say (issue 16): an added
        # field, so older clients read ``action`` as before.
        top = bot.explain()
        return {"action": action, **({"top": top} if top else {})}

    def cmd_result(self, request: Request) -> dict[str, Any]:
        state = self.game_state()
        if not state.is_over():
            return {"over": False, "scores": state.scores()}
        return {"over": True, **state.result().to_json()}

    def cmd_record(self, request: Request) -> dict[str, Any]:
        return {"record": self.game_state().record().to_json()}

    def cmd_load(self, request: Request) -> dict[str, Any]:
        if "record" not in request:
            raise BadRequest("missing argument 'record'")
        record = Record.from_json(request["record"])
        try:
            state = replay(record)
        except CardroomError:
            # The protocol: a record with an illegal action leaves no game loaded.
            self.table = None
            raise
        self.table = Table(state)
        return {"view": self.table.view(None)}

    def cmd_quit(self, request: Request) -> dict[str, Any]:
        self.done = True
        return {}


def refuse_constant(name: str) -> Any:
    """NaN and Infinity are not JSON (RFC 8259): such a line is bad_json."""
    raise ValueError(f"{name} is not JSON")


def kind_word(kind: type) -> str:
    return {int: "a whole number", str: "a string", dict: "an object", bool: "true or false",
            list: "a list"}.get(
        kind, kind.__name__
    )
