"""Every cardroom game as an OpenSpiel game (``pyspiel.register_game``).

    import pyspiel
    import cardroom.rl.openspiel  # registers cardroom_<game> for every game
    game = pyspiel.load_game("cardroom_papayoo", {"players": 3, "options": '{"rounds": 1}'})

Games are sequential, imperfect-information, zero-sum (``Game.returns``)
with terminal rewards. A simultaneous choice is taken one seat at a time,
lowest seat first, without revealing it (``cardroom.rl.match``).

Chance. The dice are explicit chance nodes: Papayoo's die (each suit 1/4,
rolled when the passes are handed over) and every die of Pile up (each face
1/6: the opening roll, each turn's three dice, re-rolls and push-avoidance
rolls, one chance node per die). The rules are untouched: a decision that
rolls waits at a chance node, and the chance outcomes reach the engine as
stacked outcomes of its die source (``cardroom.rl.chance``). Deals and deck
orders stay *sampled*: drawn inside the action that deals, from the state's
own seeded stream (one outcome is an order of a whole deck, too many for
``chance_outcomes()``), so the chance mode is ``SAMPLED_STOCHASTIC`` for
every game, and Muzicando, Pizzamania and Love Formula (shuffles only) have
no chance nodes. Pile up's initial state is a chance node (its set-up rolls
the opening dice); it has no table until they are rolled. Each new initial
state draws its seed from the ``seed`` parameter's stream when it is first
used or first cloned, so clones of a fresh state all play its deal.

Observations (``make_py_observer``, what ``make_observation`` calls), by
``pyspiel.IIGObservationType``:

- one seat (the default, ``private_info=SINGLE_PLAYER``): the game's
  observation encoding of the seat's view; string: the seat's table as text.
- public (``private_info=NONE``): the same encoding of the spectator's view
  (``PUBLIC``), laid out from seat 0's chair with the seat's private fields
  empty, the same for every player; string: the public table as text.
- all players (``private_info=ALL_PLAYERS``): every seat's observation,
  seat 0 first (tensor ``observations``, players x size); string: the
  referee's table (every hand) as text.
- ``perfect_recall=True`` (the information state): the same, plus the
  viewer's trail, everything it saw and did in order (``cardroom.rl.trail``).
  String: the viewer's view with every event it saw, as canonical JSON,
  plus ``acted``, each decision it knows with its place in its log. Tensor:
  the observation above, ``history_actions`` (each decision it knows, in
  order, as (dense index + 1) / actions, zeros after; the referee also
  ``history_seats``, (seat + 1) / players) and ``history_digest``: a 96-bit
  BLAKE2b digest of the trail as four 24-bit fractions, which makes two
  different information states' tensors differ (tested on random play).
  The game's observation holds every fact the rules need; the digest stands
  for what it drops (the order of past events, earlier rounds' hands). The
  tensor is as long as the game's length cap allows decisions. Called from
  Python, ``state.information_state_tensor``/``observation_tensor`` and the
  game's tensor sizes come straight from these observers (OpenSpiel's C++
  path works out the size by observing a new initial state each call), and
  one position's observation is encoded once for all of them.

- ``resample_from_infostate(player, sampler)``: a state drawn by the game's
  own determinization from that seat's view (``Game.determinize``: hidden
  cards dealt at random consistently with the view, a fresh chance stream),
  never from the true state; its seed comes from ``sampler``. The seat's
  information state (string and tensor) is the same in the sample.
- ``state.serialize()`` and ``game.deserialize_state(text)`` round-trip any
  state: it is kept as its recipe (the seed, or the view and seed it was
  resampled from, plus the actions since, chance outcomes included).
  ``pyspiel.serialize_game_and_state`` does not work on these games: for a
  sampled stochastic game it asks for the game's RNG state
  (``GetRNGState``), which OpenSpiel lets no Python game provide.

Use OpenSpiel's Python algorithms (``open_spiel.python.algorithms.mcts``,
``ismcts``, ``evaluate_bots``): the C++ ``pyspiel.MCTSBot`` crashes on Python
games (docs/research.md).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from cardroom.core.events import PUBLIC, Event, Viewer
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.games import all_games, get_game
from cardroom.rl.chance import DICE, Dice, table_dice
from cardroom.rl.match import Match, default_players
from cardroom.rl.trail import DIGEST_WORDS, WORD, Decision, Trail

SEED_BITS = 63
Vector = np.ndarray[Any, np.dtype[np.float32]]
NEW = -1
"""``Recipe.pending`` while a new game's set-up waits for its opening roll."""
CHANCE = int(pyspiel.PlayerId.CHANCE)


def short_name(game: Game) -> str:
    return "cardroom_" + game.id.replace("-", "_")


_DICE: dict[str, Dice | None] = {}


def dice_of(game: Game, players: int, options: Mapping[str, Any]) -> Dice | None:
    """The table's die source (cached per game, players and options)."""
    if game.id not in DICE:
        return None
    key = f"{game.id}:{players}:{json.dumps(options, sort_keys=True)}"
    if key not in _DICE:
        _DICE[key] = table_dice(game, players, options)
    return _DICE[key]


class Recipe:
    """A state as OpenSpiel holds it: the match, how to rebuild it, and the
    chance and recall bookkeeping.

    ``origin`` is ``["new", seed]`` or ``["resample", seat, view, seed,
    steps]`` plus, optionally, that seat's decisions so far as ``[place in
    its log, action]`` pairs; ``actions`` are the OpenSpiel actions applied
    since (dense decision indexes and chance outcomes). ``match`` is None
    only while a new game waits for its opening roll; ``pending`` is the
    decision (or ``NEW``) waiting at a chance node, ``faces`` the outcomes
    chosen for it so far (the engine's form). ``decisions`` are every
    decision taken, as ``(referee log length, seat, action)``; ``trails``
    each viewer's digest of them (``trail``). Copying clones the engine
    state (cheaply, by its own ``clone``); pickling keeps only the recipe,
    which serialization needs."""

    def __init__(self, game: Game, players: int, options: dict[str, Any],
                 origin: list[Any], actions: Sequence[int] = ()) -> None:
        self.game, self.players, self.options = game, players, options
        self.origin = origin
        self.dice = dice_of(game, players, options)
        self.actions: list[int] = []
        self.decisions: list[Decision] = []
        self.pending: int | None = None
        self.faces: list[Any] = []
        self.trails: dict[Viewer, Trail] = {}
        self.seen: dict[Viewer, Vector] = {}  # this position's observations, by viewer
        self.match: Match | None = None
        if origin[0] == "new":
            if self.dice is None:
                self.match = Match(game, players, options, origin[1])
            else:
                self.pending = NEW
                self._settle()
        else:
            seat, view, seed, steps = origin[1:5]
            self.match = Match.resumed(game, game.determinize(view, Rng(seed)), steps)
            for place, action in (origin[5] if len(origin) > 5 else []):
                self.decisions.append((place, seat, action))
        for action in actions:
            self.apply(action)

    # ----- playing ---------------------------------------------------------
    def current(self) -> int | None:
        """The seat to decide, CHANCE at a chance node, None once done."""
        if self.pending is not None:
            return CHANCE
        assert self.match is not None
        return self.match.current()

    def apply(self, action: int) -> None:
        self.seen = {}
        if self.pending is not None:
            assert self.dice is not None
            if not 0 <= action < len(self.dice.faces):
                raise ValueError(f"{action} is no outcome of the {self.dice.source}")
            self.faces.append(self.dice.faces[action])
            self._settle()
        else:
            m = self.match
            assert m is not None
            seat = m.current()
            if seat is None:
                raise ValueError("the game is over")
            decision = (len(m.state.log), seat, action)
            if self.dice is None:
                m.step(action)
            elif self.dice.may_roll(m.state):
                if not self._try(seat, action, []):
                    self.pending, self.faces = action, []
            else:
                before = self.dice.stream(m.state.rng)
                m.step(action)
                if self.dice.stream(m.state.rng) != before:
                    raise AssertionError(f"{self.game.name} rolled outside its rolling phase")
            self.decisions.append(decision)
        self.actions.append(action)

    def _try(self, seat: int, action: int, faces: list[Any]) -> bool:
        """Take ``action`` on a copy with ``faces`` as the next rolls; keep the
        copy unless it rolled a die beyond them (then another chance node)."""
        m, dice = self.match, self.dice
        assert m is not None and dice is not None
        trial = m.state.clone()
        if faces:
            trial.rng = dice.stacked(trial.rng, faces)
        before = dice.stream(trial.rng)
        trial.apply(seat, self.game.action_from_index(action))  # refuses an illegal one
        if dice.stream(trial.rng) != before:
            return False
        m.state = trial
        m.steps += 1
        return True

    def _settle(self) -> None:
        """Try the waiting decision (or set-up) with the outcomes chosen so far."""
        assert self.dice is not None and self.pending is not None
        if self.pending == NEW:
            state = self.dice.start(self.players, self.origin[1], self.options, self.faces)
            if self.dice.stream(state.rng) is None:
                self.match, self.pending = Match.resumed(self.game, state, 0), None
            return
        assert self.match is not None
        seat = self.match.current()
        assert seat is not None
        if self._try(seat, self.pending, self.faces):
            self.pending = None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.pending is None or self.dice is None:
            return []
        return [(i, self.dice.probability) for i in range(len(self.dice.faces))]

    # ----- what a viewer knows -----------------------------------------------
    def observation(self, viewer: Viewer) -> Vector:
        """The game's observation encoding for a seat, or the public one
        (``public_observation``); kept until the next action, so that the
        observation and the information state of one position cost one
        encoding. All zeros before a new game's opening roll."""
        seen = self.seen.get(viewer)
        if seen is None:
            match = self.match
            if match is None:  # only a game with dice waits for its opening roll
                assert self.dice is not None
                size = self.game.observation_shape(self.players, self.dice.options)[0]
                seen = np.zeros(size, np.float32)
            elif viewer == PUBLIC:
                seen = np.asarray(public_observation(match.state), np.float32)
            else:
                assert isinstance(viewer, int)
                seen = np.asarray(match.observation(viewer), np.float32)
            self.seen[viewer] = seen
        return seen

    def trail(self, viewer: Viewer) -> Trail:
        """``viewer``'s trail, caught up with the game."""
        trail = self.trails.get(viewer)
        if trail is None:
            trail = self.trails[viewer] = Trail(viewer)
        return trail.catch_up(self.log(), self.decisions)

    def log(self) -> Sequence[Event]:
        """The referee's log (empty before a new game's opening roll)."""
        return self.match.state.log if self.match is not None else ()

    def recall_string(self, viewer: Viewer) -> str:
        """``viewer``'s view with its whole log, and the decisions it knows
        (a seat's own, the referee's all), as canonical JSON."""
        if self.match is None:
            view: dict[str, Any] = {"game": self.game.id, "players": self.players,
                                    "seat": viewer, "phase": "opening roll", "log": []}
        else:
            view = self.match.state.view(viewer)
        if viewer != PUBLIC:
            view["acted"] = self.trail(viewer).acted()
        return json.dumps(view, sort_keys=True, separators=(",", ":"))

    # ----- copying and pickling -------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> Recipe:
        out = Recipe.__new__(Recipe)
        out.game, out.players, out.options = self.game, self.players, self.options
        out.origin, out.dice = self.origin, self.dice
        if self.match is None:
            out.match = None
        else:  # a match changes no field in place but its state: the rest is shared
            out.match = copy.copy(self.match)
            out.match.state = self.match.state.clone()
        out.actions, out.decisions = self.actions[:], self.decisions[:]
        out.pending, out.faces = self.pending, self.faces[:]
        out.trails = {key: trail.copy() for key, trail in self.trails.items()}
        out.seen = dict(self.seen)  # arrays never changed once made
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.game.id, self.players, self.options, self.origin, self.actions))


def _rebuild(game_id: str, players: int, options: dict[str, Any], origin: list[Any],
             actions: list[int]) -> Recipe:
    return Recipe(get_game(game_id), players, options, origin, actions)


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
        """The engine state's match (ValueError while a new game of Pile up
        waits for its opening roll: there is no table yet)."""
        match = self.recipe.match
        if match is None:
            raise ValueError("no table yet: the opening roll is a chance node")
        return match

    # ----- the OpenSpiel state API -------------------------------------------
    def current_player(self) -> int:
        seat = self.recipe.current()
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        recipe = self.recipe
        if recipe.pending is not None:
            return [a for a, _ in recipe.chance_outcomes()] if player == CHANCE else []
        return self.match.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.recipe.chance_outcomes()

    # Called from Python, the tensors come straight from the game's observers:
    # OpenSpiel's own path (kept for callers in C++) first works out the
    # tensor's shape by observing a new initial state, a deal every call.
    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(SEAT, True, player)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(SEAT, False, player)

    def _tensor(self, kind: str, perfect_recall: bool, player: int | None) -> list[float]:
        seat = self.current_player() if player is None else int(player)
        if not 0 <= seat < self.num_players():
            raise pyspiel.SpielError(f"no player {seat} to observe for")
        observer = self.get_game().observer(kind, perfect_recall)
        observer.set_from(self, seat)
        values: list[float] = observer.tensor.tolist()
        return values

    def _apply_action(self, action: int) -> None:
        self.recipe.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            dice = self.recipe.dice
            assert dice is not None
            return f"{dice.source} {dice.die.faces[action]}"
        return self.match.state.action_text(self.match.game.action_from_index(action))

    def is_terminal(self) -> bool:
        recipe = self.recipe
        return recipe.pending is None and recipe.match is not None and recipe.match.done

    def returns(self) -> list[float]:
        match = self.recipe.match
        return [0.0] * self.num_players() if match is None else match.final_returns()

    def __str__(self) -> str:
        """The whole table (every hand): for debugging, never for a player."""
        match = self.recipe.match
        if match is None:
            return "the opening roll, not yet rolled"
        return match.game.observation_text(match.state.view(None, log=False))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardroomState:
        """A state drawn from ``player_id``'s information set by the game's
        own determinization of that seat's view (at a decision node)."""
        recipe = self.recipe
        if recipe.pending is not None:
            raise ValueError("resample_from_infostate needs a decision node, not a chance node")
        draws = (int(probability_sampler() * (1 << 53)) for _ in range(2))
        seed = (next(draws) << 53 | next(draws)) & ((1 << SEED_BITS) - 1)
        view = self.match.state.view(player_id)
        acted = recipe.trail(player_id).acted()
        game = self._spiel_game.value
        out = CardroomState(game)
        out._recipe = Recipe(game.cardroom, game.players, game.options,
                             ["resample", player_id, view, seed, self.match.steps, acted])
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
        self.layout = self.cardroom.encoding.layout(self.players, probe.options)
        self.length = self.cardroom.max_game_length(self.players, probe.options)
        self._observers: dict[tuple[str, bool], Observer] = {}
        dice = dice_of(self.cardroom, self.players, self.options)
        low, high = self.cardroom.return_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.cardroom.num_distinct_actions(),
            max_chance_outcomes=0 if dice is None else len(dice.faces),
            num_players=self.players,
            min_utility=low, max_utility=high, utility_sum=0.0,
            max_game_length=self.length)
        super().__init__(game_type(self.cardroom), info, given)

    def next_seed(self) -> int:
        return self._seeds.next64() >> (64 - SEED_BITS)

    def new_initial_state(self) -> CardroomState:
        return CardroomState(self)

    def observer(self, kind: str, perfect_recall: bool) -> Observer:
        """The game's own observer of a kind (made once)."""
        key = (kind, perfect_recall)
        if key not in self._observers:
            self._observers[key] = Observer(self, kind, perfect_recall)
        return self._observers[key]

    # Sizes known without observing a state (OpenSpiel's own, for a Python
    # game, observe a new initial state each time).
    def information_state_tensor_shape(self) -> list[int]:
        return [len(self.observer(SEAT, True).tensor)]

    def information_state_tensor_size(self) -> int:
        return len(self.observer(SEAT, True).tensor)

    def observation_tensor_shape(self) -> list[int]:
        return [len(self.observer(SEAT, False).tensor)]

    def observation_tensor_size(self) -> int:
        return len(self.observer(SEAT, False).tensor)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer ``make_observation`` asks for: one seat's (the
        default), the public one (``private_info=NONE``) or all players'
        (``ALL_PLAYERS``), each with ``perfect_recall`` or without."""
        if params:
            raise ValueError(f"cardroom observers take no parameters, not {params!r}")
        if iig_obs_type is None:
            return Observer(self, SEAT, False)
        if not iig_obs_type.public_info:
            raise ValueError("cardroom observations always hold the public information")
        kind = {pyspiel.PrivateInfoType.SINGLE_PLAYER: SEAT,
                pyspiel.PrivateInfoType.NONE: PUBLIC_KIND,
                pyspiel.PrivateInfoType.ALL_PLAYERS: REFEREE}[iig_obs_type.private_info]
        return Observer(self, kind, bool(iig_obs_type.perfect_recall))


SEAT, PUBLIC_KIND, REFEREE = "seat", "public", "referee"
HISTORY = ("observations", "history_seats", "history_actions", "history_digest")


class Observer:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``) for one kind of viewer: ``seat`` (the player asked
    for), ``public`` or ``referee``; ``dict`` names the game's observation
    fields (or ``observations``, players x size, for the referee), then the
    perfect-recall parts."""

    def __init__(self, game: CardroomGame, kind: str, perfect_recall: bool) -> None:
        self.game, self.kind, self.perfect_recall = game.cardroom, kind, perfect_recall
        self.players, layout = game.players, game.layout
        self.size = layout.size
        clash = {f.name for f in layout.fields} & set(HISTORY)
        if clash:
            raise ValueError(f"observation fields {sorted(clash)} clash with the history's")
        parts: list[tuple[str, tuple[int, ...]]]
        if kind == REFEREE:
            parts = [("observations", (self.players, layout.size))]
        else:
            parts = [(f.name, (f.size,)) for f in layout.fields]
        if perfect_recall:
            if kind == REFEREE:
                parts.append(("history_seats", (game.length,)))
            if kind != PUBLIC_KIND:
                parts.append(("history_actions", (game.length,)))
            parts.append(("history_digest", (DIGEST_WORDS,)))
        self.tensor = np.zeros(sum(math.prod(shape) for _, shape in parts), np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        at = 0
        for name, shape in parts:
            count = math.prod(shape)
            self.dict[name] = self.tensor[at:at + count].reshape(shape)
            at += count
        self._actions = float(game.cardroom.num_distinct_actions())

    def viewer(self, player: int) -> Viewer:
        return player if self.kind == SEAT else PUBLIC if self.kind == PUBLIC_KIND else None

    def set_from(self, state: CardroomState, player: int) -> None:
        recipe, size = state.recipe, self.size
        if self.kind == REFEREE:
            for seat in range(self.players):
                self.tensor[seat * size:(seat + 1) * size] = recipe.observation(seat)
        else:
            self.tensor[:size] = recipe.observation(self.viewer(player))
        if self.perfect_recall:
            trail = recipe.trail(self.viewer(player))
            if "history_actions" in self.dict:
                _fill(self.dict["history_actions"], trail.actions, self._actions)
            if "history_seats" in self.dict:
                _fill(self.dict["history_seats"], trail.seats, float(self.players))
            words = trail.words(recipe.log(), recipe.decisions)
            self.dict["history_digest"][:] = np.asarray(words, np.float32) / WORD

    def string_from(self, state: CardroomState, player: int) -> str:
        recipe = state.recipe
        viewer = self.viewer(player)
        if self.perfect_recall:
            return recipe.recall_string(viewer)
        match = recipe.match
        if match is None:
            return "the opening roll, not yet rolled"
        if self.kind == SEAT:
            return match.text(player)
        return self.game.observation_text(match.state.seen(viewer, log=False))


def _fill(out: np.ndarray[Any, Any], values: list[int], scale: float) -> None:
    """(value + 1) / scale for each of ``values``, zeros after."""
    count = min(len(values), len(out))
    out[:count] = (np.asarray(values[:count], np.float32) + 1.0) / scale
    out[count:] = 0.0


# ----- the public observation ------------------------------------------------
_BLANKS: dict[str, dict[str, Any]] = {}


def private_blanks(game: Game) -> dict[str, Any]:
    """The fields a seat's part of a view adds to the public part, each
    empty (no cards, nothing chosen): what a spectator's view lacks."""
    blanks = _BLANKS.get(game.id)
    if blanks is None:
        seat_part, public_part = game.view_types.seat, game.view_types.public
        public = {f.name for f in dataclasses.fields(public_part)}
        hints = typing.get_type_hints(seat_part)
        blanks = {}
        for f in dataclasses.fields(seat_part):
            if f.name not in public:
                blanks[f.name] = _blank(hints[f.name], f"{game.id}: {f.name}")
        _BLANKS[game.id] = blanks
    return blanks


def _blank(hint: Any, where: str) -> Any:
    if typing.get_origin(hint) is tuple:
        return ()
    if isinstance(hint, types.UnionType) and type(None) in typing.get_args(hint):
        return None
    for kind in (str, int, bool, float):
        if hint is kind:
            return kind()
    raise TypeError(f"{where}: no empty value for a private field of type {hint!r}")


def public_observation(state: State) -> list[float]:
    """The game's observation encoding of the spectator's view, from seat 0's
    chair with the seat's private fields empty: the same for every player."""
    game = state.game
    view = state.seen(PUBLIC, log=False)
    public_part = game.view_types.public
    fields = {f.name: getattr(view.table, f.name) for f in dataclasses.fields(public_part)}
    table = game.view_types.seat(**fields, **private_blanks(game))
    return game.encode_observation(dataclasses.replace(view, seat=0, table=table))


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
