"""Every cardroom game as an OpenSpiel game (``pyspiel.register_game``).

    import pyspiel
    import cardroom.rl.openspiel  # registers cardroom_<game> for every game
    game = pyspiel.load_game("cardroom_papayoo", {"players": 3, "options": '{"rounds": 1}'})

Games are sequential, imperfect-information, zero-sum (``Game.returns``)
with terminal rewards, and *sampled stochastic*: chance (deals, dice) is
drawn inside an action from the state's own seeded stream, so a state has
no chance nodes. Each new initial state draws its seed from the ``seed``
parameter's stream when it is first used or first cloned, so clones of a
fresh state all play its deal. A simultaneous choice is taken one seat at a
time, lowest seat first, without revealing it (``cardroom.rl.match``).

- information state string: the seat's whole view with its event log, as
  canonical JSON (perfect recall); tensor: the game's observation encoding.
- observation string: the seat's table as text; tensor: the same encoding.
- ``resample_from_infostate(player, sampler)``: a state drawn by the game's
  own determinization from that seat's view (``Game.determinize``: hidden
  cards dealt at random consistently with the view, a fresh chance stream),
  never from the true state; its seed comes from ``sampler``.
- ``state.serialize()`` and ``game.deserialize_state(text)`` round-trip any
  state: it is kept as its recipe (the seed, or the view and seed it was
  resampled from, plus the actions since).
  ``pyspiel.serialize_game_and_state`` does not work on these games: for a
  sampled stochastic game it asks for the game's RNG state
  (``GetRNGState``), which OpenSpiel lets no Python game provide.

Use OpenSpiel's Python algorithms (``open_spiel.python.algorithms.mcts``,
``ismcts``, ``evaluate_bots``): the C++ ``pyspiel.MCTSBot`` crashes on Python
games (docs/research.md).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.games import all_games, get_game
from cardroom.rl.match import Match, default_players

SEED_BITS = 63


def short_name(game: Game) -> str:
    return "cardroom_" + game.id.replace("-", "_")


class Recipe:
    """A state as OpenSpiel holds it: the match and how to rebuild it.

    ``origin`` is ``["new", seed]`` or ``["resample", seat, view, seed,
    steps]`` (the view it was drawn from, and the decisions taken before);
    ``actions`` are the dense indexes applied since. Copying clones the
    engine state (cheaply, by its own ``clone``); pickling keeps only the
    recipe, which serialization needs."""

    def __init__(self, game: Game, players: int, options: dict[str, Any],
                 origin: list[Any], match: Match | None = None,
                 actions: list[int] | None = None) -> None:
        self.game, self.players, self.options = game, players, options
        self.origin = origin
        self.actions = actions or []
        self.match = match if match is not None else self._build()

    def _build(self) -> Match:
        if self.origin[0] == "new":
            match = Match(self.game, self.players, self.options, self.origin[1])
        else:
            _, _, view, seed, steps = self.origin
            match = Match.resumed(self.game, self.game.determinize(view, Rng(seed)), steps)
        for index in self.actions:
            match.step(index)
        return match

    def __deepcopy__(self, memo: dict[int, Any]) -> Recipe:
        m = self.match
        copy = Match.resumed(m.game, m.state.clone(), m.steps)
        return Recipe(self.game, self.players, self.options, self.origin, copy, self.actions[:])

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.game.id, self.players, self.options, self.origin, self.actions))


def _rebuild(game_id: str, players: int, options: dict[str, Any], origin: list[Any],
             actions: list[int]) -> Recipe:
    return Recipe(get_game(game_id), players, options, origin, None, actions)


class CardroomState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a cardroom game. The engine state is built
    on first use: OpenSpiel makes a fresh initial state for every clone and
    then overwrites its fields, and that must cost no deal. The seed is
    drawn on first use or first copy, whichever comes first, so every clone
    of an unused state plays the same deal."""

    def __init__(self, game: CardroomGame) -> None:
        super().__init__(game)
        self._spiel_game = _Shared(game)
        self._recipe: Recipe | None = None
        self._deal = _Deal(game)

    @property
    def recipe(self) -> Recipe:
        if self._recipe is None:
            g = self.get_game()  # a deserialized state's shared game reference is empty
            self._recipe = Recipe(g.cardroom, g.players, g.options, ["new", self._deal.seed()])
        return self._recipe

    @property
    def match(self) -> Match:
        return self.recipe.match

    # ----- the OpenSpiel state API -------------------------------------------
    def current_player(self) -> int:
        seat = self.match.current()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.match.legal(player)

    def _apply_action(self, action: int) -> None:
        self.match.step(int(action))
        self.recipe.actions.append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.match.state.action_text(self.match.game.action_from_index(action))

    def is_terminal(self) -> bool:
        return self.match.done

    def returns(self) -> list[float]:
        return self.match.final_returns()

    def __str__(self) -> str:
        """The whole table (every hand): for debugging, never for a player."""
        return self.match.game.observation_text(self.match.state.view(None, log=False))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardroomState:
        """A state drawn from ``player_id``'s information set by the game's
        own determinization of that seat's view."""
        draws = (int(probability_sampler() * (1 << 53)) for _ in range(2))
        seed = (next(draws) << 53 | next(draws)) & ((1 << SEED_BITS) - 1)
        view = self.match.state.view(player_id)
        game = self._spiel_game.value
        out = CardroomState(game)
        out._recipe = Recipe(game.cardroom, game.players, game.options,
                             ["resample", player_id, view, seed, self.match.steps])
        return out


class _Shared:
    """A reference that copying a state shares instead of copying."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shared, (None,))  # a deserialized state needs no game to draw seeds


class _Deal:
    """The seed of a new state's deal, drawn from the game's stream when
    first needed. Copying draws it first: OpenSpiel clones a state by
    deep-copying its fields, so the copy and the original share the deal."""

    def __init__(self, game: CardroomGame | None, seed: int | None = None) -> None:
        self._game, self._seed = game, seed

    def seed(self) -> int:
        if self._seed is None:
            assert self._game is not None  # only a deserialized deal lacks it, and it has a seed
            self._seed = self._game.next_seed()
        return self._seed

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        return _Deal(self._game, self.seed())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Deal, (None, self.seed()))


class CardroomGame(pyspiel.Game):  # type: ignore[misc]
    """Subclassed once per cardroom game (``cardroom`` names it)."""

    cardroom: Game

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        self.players = int(given.get("players", default_players(self.cardroom)))
        self.options = json.loads(given.get("options", "{}"))
        self._seeds = Rng(int(given.get("seed", 0)))
        probe = self.cardroom.new(self.players, 0, self.options)  # refuses bad options now
        low, high = self.cardroom.return_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.cardroom.num_distinct_actions(),
            max_chance_outcomes=0, num_players=self.players,
            min_utility=low, max_utility=high, utility_sum=0.0,
            max_game_length=self.cardroom.max_game_length(self.players, probe.options))
        super().__init__(game_type(self.cardroom), info, given)

    def next_seed(self) -> int:
        return self._seeds.next64() >> (64 - SEED_BITS)

    def new_initial_state(self) -> CardroomState:
        return CardroomState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if iig_obs_type is not None and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ValueError("cardroom games observe from one seat: public information "
                             "and that seat's private information")
        probe = self.cardroom.new(self.players, 0, self.options)
        return Observer(self.cardroom.encoding.layout(self.players, probe.options),
                        perfect_recall)


class Observer:
    """OpenSpiel's observer protocol over the game's observation layout."""

    def __init__(self, layout: Any, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {f.name: self.tensor[layout.offsets[f.name]:layout.offsets[f.name] + f.size]
                     for f in layout.fields}

    def set_from(self, state: CardroomState, player: int) -> None:
        self.tensor[:] = state.match.observation(player)

    def string_from(self, state: CardroomState, player: int) -> str:
        if self.perfect_recall:
            return info_state_string(state.match.state, player)
        return state.match.text(player)


def info_state_string(state: State, seat: int) -> str:
    """Everything ``seat`` knows: its view and every event it saw, as JSON."""
    return json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"))


def game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"cardroom {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default_players(game), "seed": 0, "options": "{}"},
    )


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS, plus the ``restart_at`` that
    ``evaluate_bots`` calls (the original lacks it; a search keeps no tree
    between moves, so there is nothing to restart)."""

    def restart_at(self, state: Any) -> None:
        self.reset()


def register_all() -> list[str]:
    """Register every cardroom game (once); their short names."""
    names = []
    known = set(pyspiel.registered_names())
    for game in all_games():
        name = short_name(game)
        if name not in known:
            cls = type(f"Cardroom_{name}", (CardroomGame,), {"cardroom": game})
            pyspiel.register_game(game_type(game), cls)
        names.append(name)
    return names


GAMES = register_all()
