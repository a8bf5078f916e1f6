"""Typed errors. Each carries a protocol error code and a message for a player."""

from __future__ import annotations

from typing import Any


class Reason(str):
    """Why the rules refuse an action: the English sentence, with a key
    and the facts it names (card codes, numbers), so that a front end can
    say it in the player's language (the page's catalogs: ``reason.<key>``
    of the game's). A game's ``illegal_reason`` may return one wherever it
    returns a plain sentence."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, text: str, **params: Any) -> Reason:
        reason = super().__new__(cls, text)
        reason.key, reason.params = key, params
        return reason

    def __reduce__(self) -> tuple[Any, ...]:
        return _reason, (self.key, str(self), self.params)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


def _reason(key: str, text: str, params: dict[str, Any]) -> Reason:
    return Reason(key, text, **params)


class CardroomError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_json(self) -> dict[str, Any]:
        """The protocol's error object: code and message, and the reason's
        key and facts where the message is a ``Reason``."""
        out: dict[str, Any] = {"code": self.code, "message": str(self.message)}
        if isinstance(self.message, Reason):
            out["reason"] = self.message.to_json()
        return out


class BadRequest(CardroomError):
    code = "bad_request"


class UnknownGame(CardroomError):
    code = "unknown_game"


class BadOption(CardroomError):
    code = "bad_option"


class NoGame(CardroomError):
    code = "no_game"


class NotYourTurn(CardroomError):
    code = "not_your_turn"


class IllegalAction(CardroomError):
    code = "illegal_action"


class GameOver(CardroomError):
    code = "game_over"


class BadRecord(CardroomError):
    """A record file or object that cannot be read as a record."""

    code = "bad_request"
