"""Two-part actions for the environments (``factored=True``).

A game that declares a ``Factoring`` (core.encoding; Muzicando: the card,
then where it goes) can be played with an action space as wide as its
longer list of parts instead of its whole dense index. The seat to act
picks a first part among those legal now; if that is a whole action (a
bid, ``pass``) it is played at once, else the same seat picks a second part
among those that complete a legal action, and only then is the action
played. The pending first part is no game move: nobody else acts in
between, no reward is paid for it, and it shows in the acting seat's
observation (a one-hot block after the game's fields) so that a policy
reading only its observation knows which step it is at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardroom.core.encoding import Factoring
from cardroom.core.game import Game
from cardroom.core.views import View
from cardroom.rl.match import Match

Mask = np.ndarray[Any, np.dtype[np.int8]]


@dataclass
class Menu:
    """One seat's legal actions by their parts: a first part that is a whole
    action maps to its dense index in ``single``; one that needs a second
    part maps to {second part: dense index} in ``double``."""

    single: dict[int, int] = field(default_factory=dict)
    double: dict[int, dict[int, int]] = field(default_factory=dict)

    def add(self, index: int, first: int, second: int | None) -> None:
        """Files one action, refusing parts that would make two actions alike."""
        taken = first in self.single or (second is None and first in self.double)
        if taken or second in self.double.get(first, {}):
            raise ValueError(f"the factoring gives action {index} parts {first}, {second} "
                             "that another legal action has too")
        if second is None:
            self.single[first] = index
        else:
            self.double.setdefault(first, {})[second] = index

    def parts_of(self) -> dict[int, tuple[int, int | None]]:
        """Each legal dense index and its parts (to turn flat choices into two steps)."""
        parts: dict[int, tuple[int, int | None]] = {i: (f, None) for f, i in self.single.items()}
        for first, seconds in self.double.items():
            parts.update((i, (first, s)) for s, i in seconds.items())
        return parts


def factoring_of(game: Game) -> Factoring:
    factoring = game.encoding.factoring()
    if factoring is None:
        raise ValueError(f"{game.id} declares no factoring of its actions: play it flat")
    return factoring


class Factored:
    """The two-step choice of one environment: which first part is pending,
    and the legal parts of the seat to act (built once per decision)."""

    def __init__(self, game: Game) -> None:
        self.game, self.factoring = game, factoring_of(game)
        self.width = max(self.factoring.firsts, self.factoring.seconds)
        self.pending: int | None = None
        self._cached: tuple[Match, int, int, Menu] | None = None

    def reset(self) -> None:
        self.pending, self._cached = None, None

    def menu(self, match: Match, seat: int, view: View[Any] | None = None) -> Menu:
        """``seat``'s legal actions by their parts (empty when it is not to act);
        ``view``: ``match.seen(seat)`` where the caller has it already."""
        cached = self._cached
        if cached is not None and cached[:3] == (match, match.steps, seat):
            return cached[3]
        menu = Menu()
        if not match.done and seat in match.state.to_act():
            actions = match.state.legal_actions(seat)
            if view is None:
                view = match.seen(seat)
            for action, (first, second) in zip(actions, self.factoring.parts(view, actions),
                                               strict=True):
                menu.add(self.game.action_index(action), first, second)
        self._cached = (match, match.steps, seat, menu)
        return menu

    def pending_for(self, match: Match, seat: int) -> int | None:
        """The first part ``seat`` has picked and not completed (only the seat
        to act can have one)."""
        return self.pending if seat == match.current() else None

    def mask(self, match: Match, seat: int, view: View[Any] | None = None) -> Mask:
        """The parts ``seat`` may pick now: first parts, or, after one, the
        second parts that complete it."""
        menu, mask = self.menu(match, seat, view), np.zeros(self.width, np.int8)
        pending = self.pending_for(match, seat)
        if pending is None:
            mask[[*menu.single, *menu.double]] = 1
        else:
            mask[list(menu.double[pending])] = 1
        return mask

    def observation(self, match: Match, seat: int) -> list[float]:
        """The block that follows the game's fields: one-hot pending first part."""
        block = [0.0] * self.factoring.firsts
        pending = self.pending_for(match, seat)
        if pending is not None:
            block[pending] = 1.0
        return block

    def observe(self, match: Match, seat: int,
                out: np.ndarray[Any, np.dtype[np.float32]]) -> None:
        """``observation`` written into ``out`` (``firsts`` entries)."""
        out.fill(0.0)
        pending = self.pending_for(match, seat)
        if pending is not None:
            out[pending] = 1.0

    def choose(self, match: Match, part: int) -> int | None:
        """The seat to act picks ``part``: the dense index of the action it
        completes, or None when a second part is still to come. An illegal
        part raises ValueError and changes nothing."""
        seat = match.current()
        if seat is None:
            raise ValueError("the game is over")
        menu = self.menu(match, seat)
        if self.pending is None:
            if part in menu.single:
                return menu.single[part]
            if part not in menu.double:
                raise ValueError(f"first part {part} is not legal now")
            self.pending = part
            return None
        seconds = menu.double[self.pending]
        if part not in seconds:
            raise ValueError(f"second part {part} does not complete first part {self.pending}")
        self.pending = None
        return seconds[part]
