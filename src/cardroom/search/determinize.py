"""Determinization prepared once per search, sampled once per iteration.

A game's sampler module (``games/<pkg>/sampler.py``, the module of its
``parts.determinize``) may offer ``prepare(game, view, rng)``: it reads the
view once (the template state, the unseen cards and their constraints) and
returns an object whose ``sample()`` deals a fresh state from it, cheaply.
Games without one are determinized from the view on every draw.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.core.views import View

Seen = View[Any] | Mapping[str, Any]


class Determinizer(Protocol):
    def sample(self) -> State:
        """A full state drawn from the prepared view's information set."""


class Redeal:
    """The fallback: the game's ``determinize`` on every draw."""

    def __init__(self, game: Game, view: View[Any], rng: Rng) -> None:
        self.game, self.view, self.rng = game, view, rng

    def sample(self) -> State:
        return self.game.determinize(self.view, Rng(self.rng.next64()))


Prepare = Callable[[Game, View[Any], Rng], Determinizer]


def preparer(game: Game) -> Prepare:
    """The game's ``prepare``, or ``Redeal``."""
    module = sys.modules.get(game.parts.determinize.__module__)
    found: Prepare | None = getattr(module, "prepare", None)
    return found if found is not None else Redeal


def prepare(game: Game, view: Seen, rng: Rng) -> Determinizer:
    return preparer(game)(game, game.read_view(view), rng)
