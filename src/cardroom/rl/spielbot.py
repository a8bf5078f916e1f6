"""OpenSpiel's own Python ISMCTS seated at a cardroom table, as a second,
independent search to measure ours against (``openspiel-ismcts`` in the
arena, ``simulate`` and the engine protocol).

It sees what every bot sees: its view and the legal action texts. The root
it searches from is a determinization of that view (``Game.determinize``),
so the true state never reaches it; OpenSpiel's search then resamples the
information set itself, through ``resample_from_infostate``, each
simulation. The C++ ``pyspiel.ISMCTSBot``/``MCTSBot`` cannot be used: they
crash on games written in Python.

Budget: ``simulations`` (default 300) and ``uct_c`` (default 2.0); OpenSpiel's
ISMCTS has no time limit, so "the same time per move" as another bot is
set by choosing ``simulations`` (docs/bots.md says how it was matched).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from cardroom.core.bot import Bot, Seen
from cardroom.core.errors import BadRequest
from cardroom.core.game import Game
from cardroom.core.rng import Rng
from cardroom.core.views import View as TypedView
from cardroom.rl.openspiel import CardroomState, ISMCTSBot, Recipe, short_name

DEFAULTS = {"simulations": 300, "uct_c": 2.0}


def _budget(budget: Mapping[str, Any] | None) -> dict[str, Any]:
    given = dict(budget or {})
    unknown = set(given) - set(DEFAULTS)
    if unknown:
        raise BadRequest(f"budget: openspiel-ismcts knows only simulations and uct_c, "
                         f"not {', '.join(sorted(unknown))}")
    sims = given.get("simulations", DEFAULTS["simulations"])
    if isinstance(sims, bool) or not isinstance(sims, int) or sims < 1:
        raise BadRequest(f"budget: simulations must be a whole number of at least 1, "
                         f"got {sims!r}")
    uct = given.get("uct_c", DEFAULTS["uct_c"])
    if isinstance(uct, bool) or not isinstance(uct, int | float) or uct < 0:
        raise BadRequest(f"budget: uct_c must be a number of at least 0, got {uct!r}")
    return {"simulations": sims, "uct_c": float(uct)}


class OpenSpielIsmcts(Bot):
    name = "openspiel-ismcts"

    def __init__(self, game: Game, seed: int, budget: Mapping[str, Any] | None) -> None:
        self.game = game
        self.budget = _budget(budget)
        self.rng = Rng(seed)
        self.numpy = np.random.RandomState(self.rng.next64() >> 33)
        self._games: dict[str, Any] = {}

    def _spiel_game(self, players: int, options: Mapping[str, Any]) -> Any:
        key = f"{players}:{json.dumps(options, sort_keys=True)}"
        if key not in self._games:
            # A view carries the resolved options; OpenSpiel's parameters are
            # the given ones (a dependent option alone is refused), so only
            # those that differ from what the game resolves by itself go in.
            plain = self.game.new(players, 0).options
            given = {k: v for k, v in options.items() if plain.get(k) != v}
            self._games[key] = pyspiel.load_game(
                short_name(self.game),
                {"players": players, "options": json.dumps(given, sort_keys=True)})
        return self._games[key]

    def _root(self, view: TypedView[Any]) -> CardroomState:
        """A state of the seat's information set, with the seat to decide.
        Seats below it in a simultaneous choice decide first in OpenSpiel's
        one-at-a-time order; what they chose is hidden from this seat, so a
        random legal choice for them is as good a guess as any."""
        spiel_game = self._spiel_game(view.players, view.options)
        root = CardroomState(spiel_game)
        # A recipe is JSON (states serialize through it): the view goes in as JSON.
        root._recipe = Recipe(self.game, view.players, spiel_game.options,
                              ["resample", view.seat, view.to_json(), self.rng.next64() >> 1, 0])
        while root.current_player() != view.seat:
            legal = root.legal_actions()
            root.apply_action(legal[self.rng.below(len(legal))])
        return root

    def choose(self, view: Seen, legal: Sequence[str]) -> str:
        if not legal:
            raise BadRequest("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        typed = self.game.read_view(view)
        root = self._root(typed)
        spiel_game = root.get_game()
        evaluator = mcts.RandomRolloutEvaluator(1, self.numpy)
        bot = ISMCTSBot(spiel_game, evaluator, self.budget["uct_c"],
                        self.budget["simulations"], random_state=self.numpy)
        index = int(bot.step(root))
        text = str(root.action_to_string(typed.seat, index))
        if text not in legal:
            raise BadRequest(f"OpenSpiel's ISMCTS chose {text!r}, which is not legal now")
        return text


def factory(game: Any, seed: int, budget: Any) -> Bot:
    return OpenSpielIsmcts(game, seed, budget)
