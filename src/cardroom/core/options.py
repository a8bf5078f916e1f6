"""Typed game options: declared as data by each game, checked in one place."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.core.errors import BadOption

OPTION_TYPES = ("int", "bool", "str", "object", "list")


@dataclass(frozen=True)
class Option:
    """One option a game accepts.

    ``default`` may be ``None`` when the game derives it from the player count
    (the description then says how); ``choices`` limits a ``str`` option.
    """

    name: str
    type: str
    default: Any
    description: str
    choices: Sequence[Any] | None = None
    min: int | None = None
    max: int | None = None
    # Extra check, run after the type check; returns a reason or None.
    check: Callable[[Any, int], str | None] | None = field(default=None, compare=False)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.type,
            "default": self.default,
            "description": self.description,
        }
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        return out

    def validate(self, value: Any, players: int) -> Any:
        """The value if acceptable, else BadOption with the reason."""
        reason = self._type_reason(value)
        if reason is None and self.check is not None:
            reason = self.check(value, players)
        if reason is not None:
            raise BadOption(f"option {self.name!r}: {reason}")
        return value

    def _type_reason(self, value: Any) -> str | None:
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"expected a whole number, got {value!r}"
            if self.min is not None and value < self.min:
                return f"must be at least {self.min}, got {value}"
            if self.max is not None and value > self.max:
                return f"must be at most {self.max}, got {value}"
        elif self.type == "bool" and not isinstance(value, bool):
            return f"expected true or false, got {value!r}"
        elif self.type == "str" and not isinstance(value, str):
            return f"expected a string, got {value!r}"
        elif self.type == "list" and not isinstance(value, list):
            return f"expected a list, got {value!r}"
        elif self.type == "object" and not isinstance(value, dict):
            return f"expected an object, got {value!r}"
        if self.choices is not None and value not in self.choices:
            shown = ", ".join(str(c) for c in self.choices)
            return f"must be one of {shown}, got {value!r}"
        return None


STACK_OPTION = Option(
    "stack",
    "object",
    None,
    "Test and puzzle set-up: {source: [outcome, ...]} replaces the next draws "
    "of each named random source, in order; see the game's rules page.",
)


def resolve_options(
    declared: Sequence[Option], given: Mapping[str, Any] | None, players: int
) -> dict[str, Any]:
    """Check the given options against the declared ones and fill defaults."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise BadOption("options must be an object of name: value")
    by_name = {opt.name: opt for opt in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise BadOption(f"unknown option {unknown[0]!r} (this game accepts: {known})")
    resolved: dict[str, Any] = {}
    for opt in declared:
        if opt.name in given and given[opt.name] is not None:
            resolved[opt.name] = opt.validate(given[opt.name], players)
        else:
            resolved[opt.name] = opt.default
    return resolved
