"""The event log and who may see which event.

A *viewer* is a seat number, ``PUBLIC`` (a spectator: only what every seat
may know) or ``None`` (the referee, who sees everything). An event with a
``to`` list of seats is private to those seats (and the referee); every
other event is public.

Each viewer's log is its own sequence (the protocol's ``since`` and
``log_size`` count in it). ``Log`` is the referee's list of events; it
indexes each viewer's visible events as they are asked for, from where it
left off, so a view costs the same at the end of a game as at its start
and a state that nobody watches (a search playout) pays nothing for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

Event = dict[str, Any]
"""A log entry: at least ``type``; ``to`` (a list of seats) marks a private
event that only those seats (and the referee) see."""

PUBLIC: Final = "public"
Viewer = int | str | None
"""A seat, ``PUBLIC``, or None for the referee."""


def visible(event: Event, viewer: Viewer) -> bool:
    to = event.get("to")
    return viewer is None or to is None or viewer in to


def check_viewer(viewer: Viewer, players: int) -> None:
    """ValueError unless ``viewer`` is a seat of the game, PUBLIC or None."""
    if viewer is None or viewer == PUBLIC:
        return
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players:
        raise ValueError(f"no viewer {viewer!r} in a {players}-player game")


class Log(list[Event]):
    """The referee's events in order, with each viewer's visible ones.

    Events are only ever appended (games call ``append``); the per-viewer
    index catches up lazily. The lists handed out are the log's own: callers
    copy before changing them."""

    __slots__ = ("_seen", "_upto")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        super().__init__(events)
        self._seen: dict[int | str, list[Event]] = {}
        self._upto: dict[int | str, int] = {}

    def clone(self) -> Log:
        """A copy with the same events; the copy indexes anew when asked."""
        return Log(self)

    def visible_to(self, viewer: Viewer) -> list[Event]:
        """Every event ``viewer`` may see, in order (the log's own list)."""
        if viewer is None:
            return self
        seen = self._seen.get(viewer)
        if seen is None:
            seen = self._seen[viewer] = []
        # A log that stays empty (record_events off) never sets _upto.
        upto = self._upto.get(viewer, 0)
        end = len(self)
        if upto < end:
            for i in range(upto, end):
                event = self[i]
                to = event.get("to")
                if to is None or viewer in to:
                    seen.append(event)
            self._upto[viewer] = end
        return seen

    def since(self, viewer: Viewer, start: int) -> list[Event]:
        """``viewer``'s events from index ``start`` of its own sequence on."""
        return self.visible_to(viewer)[max(0, start):]

    def size(self, viewer: Viewer) -> int:
        return len(self.visible_to(viewer))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Log, (list(self),))
