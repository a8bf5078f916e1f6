"""Typed errors. Each carries a protocol error code and a message for a player."""

from __future__ import annotations


class CardroomError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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
