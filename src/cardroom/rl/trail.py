"""What one viewer has seen and done, in order: the perfect-recall part of
the OpenSpiel wrapper's information states (cardroom.rl.openspiel).

A viewer is a seat, ``PUBLIC`` or None (the referee). Its *trail* is the
sequence of the events it may see (the engine's log, filtered by
``visible``) with a marker for each decision it knows of where it was
taken: its own for a seat, none for the public, every seat's for the
referee. Two information states are equal exactly when their viewers and
trails (and current views, which follow from them) are equal.

A ``Trail`` keeps the viewer's decisions (dense actions) and where in its
own log each was taken (``marks``), which the information state string
shows, and folds the whole sequence into a 96-bit BLAKE2b digest when one
is asked for. Both grow with the game: a request costs only what was added
since the last one, and a copy costs a few lists.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from cardroom.core.events import PUBLIC, Event, Viewer, visible

DIGEST_BYTES = 12
DIGEST_WORDS = 4  # 24-bit words: each exact in a float32
WORD = 1 << 24

Decision = tuple[int, int, int]
"""(the referee log's length when it was taken, the seat, the dense action)."""


def canonical(event: Event) -> bytes:
    return json.dumps(event, sort_keys=True, separators=(",", ":")).encode()


class Trail:
    """One viewer's trail. Two cursors run over the referee log and the
    decisions: one finds the viewer's decisions and their places in its log
    (cheap: ``catch_up``), the other folds the trail into the digest, only
    when a digest is asked for (``words``)."""

    __slots__ = ("actions", "done", "hashed", "hashed_done", "hasher", "marks", "places",
                 "pos", "seats", "seen", "viewer")

    def __init__(self, viewer: Viewer) -> None:
        self.viewer = viewer
        self.hasher = hashlib.blake2b(digest_size=DIGEST_BYTES)
        self.hasher.update(json.dumps(viewer).encode())  # whose: seats' states differ too
        self.pos = 0  # referee log events passed
        self.done = 0  # decisions passed
        self.seen = 0  # events of the viewer's own log passed
        self.marks: list[int] = []  # per known decision: its place in the viewer's log
        self.places: list[int] = []  # per known decision: its place in the referee log
        self.actions: list[int] = []  # per known decision: its dense action
        self.seats: list[int] = []  # per known decision: who took it
        self.hashed = 0  # referee log events digested
        self.hashed_done = 0  # known decisions digested

    def copy(self) -> Trail:
        out = Trail.__new__(Trail)
        out.viewer, out.hasher = self.viewer, self.hasher.copy()
        out.pos, out.done, out.seen = self.pos, self.done, self.seen
        out.marks, out.places = self.marks[:], self.places[:]
        out.actions, out.seats = self.actions[:], self.seats[:]
        out.hashed, out.hashed_done = self.hashed, self.hashed_done
        return out

    def knows(self, seat: int) -> bool:
        """Whether this viewer knows a decision of ``seat`` (and which)."""
        return self.viewer != PUBLIC and (self.viewer is None or self.viewer == seat)

    def catch_up(self, log: Sequence[Event], decisions: Sequence[Decision]) -> Trail:
        """Find the viewer's decisions added since the last call, and where
        in its own log each was taken."""
        viewer, count = self.viewer, len(decisions)
        while self.done < count:
            place, seat, action = decisions[self.done]
            self.done += 1
            if not self.knows(seat):
                continue
            for i in range(self.pos, place):
                if visible(log[i], viewer):
                    self.seen += 1
            self.pos = max(self.pos, place)
            self.marks.append(self.seen)
            self.places.append(place)
            self.actions.append(action)
            self.seats.append(seat)
        return self

    def words(self, log: Sequence[Event], decisions: Sequence[Decision]) -> list[int]:
        """The digest of the whole trail so far, as DIGEST_WORDS 24-bit
        whole numbers."""
        self.catch_up(log, decisions)
        update = self.hasher.update
        for k in range(self.hashed_done, len(self.actions)):
            self._digest(log, self.places[k])
            update(b"A%d,%d;" % (self.seats[k], self.actions[k]))
        self.hashed_done = len(self.actions)
        self._digest(log, len(log))
        value = int.from_bytes(self.hasher.digest(), "big")
        return [(value >> (24 * i)) & (WORD - 1) for i in range(DIGEST_WORDS)]

    def _digest(self, log: Sequence[Event], stop: int) -> None:
        viewer, update = self.viewer, self.hasher.update
        for i in range(self.hashed, stop):
            event = log[i]
            if visible(event, viewer):
                text = canonical(event)
                update(b"E%d:" % len(text))
                update(text)
        self.hashed = max(self.hashed, stop)

    def acted(self) -> list[list[int]]:
        """The known decisions as ``[place in the viewer's log, action]`` (a
        seat's) or ``[place, seat, action]`` (the referee's)."""
        if self.viewer is None:
            return [[m, s, a] for m, s, a in zip(self.marks, self.seats, self.actions,
                                                  strict=True)]
        return [[m, a] for m, a in zip(self.marks, self.actions, strict=True)]
