"""The protocol core: what the protocol's messages and commands mean,
shared by the local engine session (JSON lines on stdin/stdout,
``protocol.session`` and ``protocol.stdio``) and the card room's table
connection (a WebSocket, ``cardroom.server.ws``). "Engine" elsewhere means
a game's rules; here it is only the name of the local protocol's command,
``cardroom engine``.

A transport reads a message with ``parse``, decides who asks (the local
engine's client is the referee and names any seat; a table connection is
one seat or a spectator), and answers with these commands. So the envelope,
every argument check and every answer of ``view``, ``legal``, ``act``,
``suggest``, ``result`` and ``record`` are written once. The reference is
docs/protocol.md (the engine) and docs/server.md (the table connection).
"""

from __future__ import annotations

import json
from typing import Any

from cardroom.core.bot import Bot
from cardroom.core.errors import BadRequest, CardroomError, GameOver, NotYourTurn
from cardroom.core.events import Event, Viewer
from cardroom.core.game import State

Request = dict[str, Any]
Answer = dict[str, Any]
KIND_WORDS = {int: "a whole number", str: "a string", dict: "an object", bool: "true or false",
              list: "a list"}


class BadJson(CardroomError):
    code = "bad_json"


class Forbidden(CardroomError):
    """The asker may not do that (another seat's view, a record too early)."""

    code = "forbidden"


# ----- the envelope -------------------------------------------------------------
def error(rid: Any, code: str, message: str) -> Answer:
    return {"id": rid, "ok": False, "error": {"code": code, "message": message}}


def failed(rid: Any, err: CardroomError) -> Answer:
    """The answer to a refused request (with the rules' reason, if any)."""
    return {"id": rid, "ok": False, "error": err.to_json()}


def answer(rid: Any, result: Answer) -> Answer:
    return {"id": rid, "ok": True, **result}


def parse(text: str | bytes, what: str) -> Request:
    """A request from one message (``what``: "line", "message"): a JSON
    object, or BadJson / BadRequest saying why not."""
    try:
        request = json.loads(text, parse_constant=refuse_constant)
    except (ValueError, RecursionError):
        raise BadJson(f"the {what} is not valid JSON") from None
    if not isinstance(request, dict):
        raise BadRequest("a request must be a JSON object with a 'cmd'")
    return request


def refuse_constant(name: str) -> Any:
    """NaN and Infinity are not JSON (RFC 8259): such a message is bad_json."""
    raise ValueError(f"{name} is not JSON")


def no_command(request: Request, known: list[str]) -> str:
    """Why a request names no command the transport knows."""
    names = ", ".join(known)
    if "cmd" not in request:
        return f"the request has no 'cmd': name a command ({names})"
    cmd = request["cmd"]
    if not isinstance(cmd, str):
        return f"'cmd' must be a command name ({names}), got {cmd!r}"
    return f"unknown command {cmd!r} (commands: {names})"


# ----- arguments ------------------------------------------------------------------
def argument(request: Request, name: str, kind: type, required: bool = True,
             noun: str = "argument") -> Any:
    """``request[name]`` when it is of ``kind`` (true and false are not
    numbers); None when left out (or null) and not required."""
    value = request.get(name)
    if value is None:
        if required:
            raise BadRequest(f"missing {noun} {name!r}")
        return None
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise BadRequest(f"{name!r} must be {kind_word(kind)}, got {value!r}")
    return value


def kind_word(kind: type) -> str:
    return KIND_WORDS.get(kind, kind.__name__)


def seat_number(value: Any, players: int) -> int:
    """A seat of the game from a request's ``seat``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"'seat' must be a seat number, got {value!r}")
    if not 0 <= value < players:
        raise BadRequest(f"no seat {value}: seats are 0 to {players - 1}")
    return value


def since(request: Request) -> int:
    """``since``: where in its log a viewer's ``view`` starts (default 0)."""
    start: int = argument(request, "since", int, required=False) or 0
    if start < 0:
        raise BadRequest(f"'since' must be 0 or more, got {start}")
    return start


# ----- the commands, once the asker is known -----------------------------------------
def view(state: State, viewer: Viewer, request: Request) -> Answer:
    return {"view": state.view(viewer, since(request))}


def legal(state: State, seat: int, may_act: bool = True) -> Answer:
    """The seat's actions; none while it may not act (before the start)."""
    return {"actions": state.legal_texts(seat) if may_act else []}


def acted(state: State, seat: int, events: list[Event]) -> Answer:
    """The answer to ``act``: the events the actor had not been given, and
    its view after them without the log (it has ``log_size``)."""
    return {"events": events, "view": state.view(seat, log=False)}


def check_awaited(state: State, seat: int) -> None:
    """A hint is for a seat whose move is awaited now."""
    if state.is_over():
        raise GameOver("the game is over")
    if seat not in state.to_act():
        raise NotYourTurn(f"seat {seat} is not to act now")


def suggested(action: str, bot: Bot) -> Answer:
    """The answer to ``suggest``; ``top``, the moves the bot weighed, where
    it can say (an added field: older clients read ``action`` alone)."""
    top = bot.explain()
    return {"action": action, **({"top": top} if top else {})}


def result(state: State) -> Answer:
    if not state.is_over():
        return {"over": False, "scores": state.scores()}
    return {"over": True, **state.result().to_json()}


def record(state: State, viewer: Viewer, ended: bool) -> Answer:
    """The record policy: the seed and every action reveal every hidden
    card, so the record goes to the referee, or to anyone once the game has
    ended (played out, or closed unfinished)."""
    if viewer is not None and not ended:
        raise Forbidden("the record is shown once the game is over")
    return {"record": state.record().to_json()}

