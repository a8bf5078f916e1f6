"""The contract every game implements: a definition (``Game``) and a state.

A state is a plain rules machine. Seats are 0..players-1. ``to_act`` lists
the seats whose action is awaited (several during a simultaneous choice; empty
when the game is over). Actions are small ints inside the engine and strings
outside it; ``action_text`` and ``parse_action`` convert between the two and
``action_text`` must be a pure function of the int. Chance (deals, dice) is
resolved inside ``apply`` from the state's own ``Rng`` through named random
sources, so a game is fully determined by its seed, options and actions.

Every change to a state goes through ``apply``, which checks the action first
and raises a typed error that changes nothing; search playouts, which only
take actions that ``legal_actions`` just listed, may use ``apply_unchecked``.
A playout that nobody watches may also set ``record_events`` to False: the
rules then build no event for the log, and one cut at the end of the round
may set ``deal_next_round`` to False (the other switches of the fast path;
tests/core/test_fast_paths.py plays every game both ways).

Views are allow-lists built by each game's ``table_view`` for a viewer: a
seat, ``PUBLIC`` (a spectator) or None (the referee); see ``events``. The
game's part is a frozen dataclass of the types it declares (``view_types``);
``seen`` gives the typed ``View`` (core.views), ``view`` its JSON form.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from cardroom.core.bot import Bot
from cardroom.core.encoding import Encoding
from cardroom.core.errors import BadOption, GameOver, IllegalAction, NotYourTurn
from cardroom.core.events import PUBLIC, Event, Log, Viewer, visible
from cardroom.core.options import STACK_OPTION, Option, resolve_options
from cardroom.core.pickling import by_fields
from cardroom.core.ranking import rank
from cardroom.core.record import Record
from cardroom.core.rng import Rng
from cardroom.core.views import (
    View,
    ViewTypes,
    frozen,
    make_view,
    read_view,
    to_json,
    view_json,
)

__all__ = ["PUBLIC", "Event", "Game", "GameParts", "Log", "Result", "State",
           "Viewer", "rank", "visible"]


@dataclass
class Result:
    """The outcome of a finished game."""

    ranking: list[list[int]]
    scores: list[Any]
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"ranking": self.ranking, "scores": self.scores, **self.detail}


# Compiled (cardroom.compiled), yet subclassed by interpreted code.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """A game in progress. Subclasses add their own fields and rules."""

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    given_options: dict[str, Any]
    rng: Rng
    log: Log
    history: list[tuple[int, int]] | None
    record_events: bool = True
    """The named switch for unwatched playouts: False, and the rules append
    nothing to ``log`` from then on (each ``log.append`` in a game sits under
    ``if s.record_events``), so views' logs and ``act``'s return stop there.
    No rule may read the log; records, scores and views are unchanged."""
    deal_next_round: bool = True
    """The named switch for playouts cut at the search horizon (the end of
    the current round): False, and a game with rounds scores a round and
    then stops short of dealing the next one, a deal nobody would play.
    Such a state answers only ``rounds_completed`` and ``standing``."""

    def _init_base(
        self, game: Game, players: int, seed: int, options: dict[str, Any],
        given: Mapping[str, Any], rng: Rng,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.given_options = dict(given)
        self.rng = rng
        self.log = Log()
        self.record_events = True
        self.deal_next_round = True
        # None for a determinized state (see resample): it has no true record.
        self.history = []

    def _clone_base(self, other: State) -> None:
        """Copy the shared bookkeeping into ``other`` (used by ``clone``)."""
        other.game = self.game
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.given_options = self.given_options
        other.rng = self.rng.clone()
        other.log = self.log.clone()
        other.record_events = self.record_events
        other.deal_next_round = self.deal_next_round
        other.history = None if self.history is None else self.history[:]

    # ----- what each game implements -------------------------------------
    @abstractmethod
    def setup(self) -> None:
        """Deal and prepare the first decision (options are in ``self.options``)."""

    @abstractmethod
    def to_act(self) -> Sequence[int]:
        """Seats whose action is awaited now."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def phase(self) -> str: ...

    @abstractmethod
    def legal_actions(self, seat: int) -> list[int]:
        """Every action ``seat`` may take now, in a stable order."""

    @abstractmethod
    def illegal_reason(self, seat: int, action: int) -> str | None:
        """Why ``seat`` (which is to act) may not take ``action``; None if it may."""

    @abstractmethod
    def _apply(self, seat: int, action: int) -> None:
        """Carry out a checked action, append events, resolve chance."""

    @abstractmethod
    def action_text(self, action: int) -> str: ...

    @abstractmethod
    def parse_action(self, text: str) -> int | None:
        """The action a text names, or None when it is no action of this game."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def scores(self) -> list[Any]:
        """Each seat's score so far, in the unit ``result`` reports."""

    @abstractmethod
    def result(self) -> Result:
        """The outcome; only called when the game is over."""

    @abstractmethod
    def table_view(self, seat: Viewer) -> Any:
        """The game's part of a view, of the type ``Game.view_types`` names
        for the viewer: only what ``seat`` may know (a seat number;
        ``PUBLIC``: what every seat may know; None: everything)."""

    def table_json(self, seat: Viewer) -> dict[str, Any]:
        """``table_view``'s JSON. A game whose view function is written for
        ``views.Maker`` overrides this to write the JSON straight from the
        fields (``views.json_builder``), without the part between."""
        return to_json(self.table_view(seat))

    def resample(self, seat: int, rng: Rng) -> State:
        """A state drawn from ``seat``'s information set (see Game.determinize)."""
        return self.game.determinize(self.seen(seat), rng)

    def invariant_errors(self) -> list[str]:
        """Broken invariants of this state, in words (tests check after each action)."""
        return []

    # ----- search hooks (ISMCTS's round horizon) -----------------------------
    def rounds_completed(self) -> int:
        """How many rounds (deals, hands) have been scored so far. A search
        playout stops once this differs from its value at the searched
        position; a game without rounds keeps the default 0 and is always
        played to the end."""
        return 0

    def standing(self) -> Result:
        """The ranking and scores as if the game ended now, in ``result``'s
        form; search calls it only right after a round was scored."""
        return self.result()

    def outlook(self) -> Result:
        """What a search judges a playout cut at its horizon by: by default
        the standing. A game whose VP comes mostly late may add what each
        seat can still expect; once the game is over it must be the standing."""
        return self.standing()

    # ----- provided --------------------------------------------------------
    def apply(self, seat: int, action: int) -> None:
        """The checked path: refuse (a typed error, nothing changed) unless
        ``seat`` is to act and ``action`` is legal, then carry it out."""
        self.check(seat, action)
        self.apply_unchecked(seat, action)

    def apply_unchecked(self, seat: int, action: int) -> None:
        """The unchecked path: carry out an action known to be legal (one
        that ``legal_actions(seat)`` just listed), as search playouts do. An
        action that is not legal here corrupts the state."""
        if self.history is not None:
            self.history.append((seat, action))
        self._apply(seat, action)

    def check(self, seat: int, action: int) -> None:
        if self.is_over():
            raise GameOver("the game is over")
        if seat not in self.to_act():
            raise NotYourTurn(self._not_your_turn(seat))
        reason = self.illegal_reason(seat, action)
        if reason is not None:
            raise IllegalAction(reason)

    def _not_your_turn(self, seat: int) -> str:
        if not 0 <= seat < self.players:
            return f"there is no seat {seat} in a {self.players}-player game"
        waiting = ", ".join(str(s) for s in self.to_act())
        return f"seat {seat} is not to act now (waiting for seat {waiting})"

    def act(self, seat: int, text: str) -> list[Event]:
        """Apply an action given as text (the protocol's form); return the
        events it caused that ``seat`` may see. Every game reads the text the
        same way: runs of spaces count as one, and spaces around are ignored."""
        if self.is_over():
            raise GameOver("the game is over")
        action = self.parse_action(" ".join(text.split()))
        if action is None:
            raise IllegalAction(f"{text!r} is not an action in {self.game.name}")
        self.check(seat, action)
        start = self.log.size(seat)
        self.apply_unchecked(seat, action)
        return self.log.since(seat, start)

    def legal_texts(self, seat: int) -> list[str]:
        if self.is_over() or seat not in self.to_act():
            return []
        return [self.action_text(a) for a in self.legal_actions(seat)]

    def events_for(self, viewer: Viewer, since: int = 0) -> list[Event]:
        """``viewer``'s events from index ``since`` of its own log on."""
        return self.log.since(viewer, since)

    def seen(self, seat: Viewer, since: int = 0, log: bool = True) -> View[Any]:
        """What ``seat`` knows, typed: everything for the referee (None), else
        an allow-list for a seat or ``PUBLIC``. ``log`` holds the viewer's
        events from ``since`` on (None when ``log`` is False); ``log_size``
        counts them all."""
        events = self.log.visible_to(seat)
        referee = seat is None
        return make_view(
            game=self.game.id, players=self.players, phase=self.phase(),
            to_act=tuple(self.to_act()), over=self.is_over(), seat=seat,
            scores=frozen(self.scores()), options=dict(self._shown_options()),
            log_size=len(events), table=self.table_view(seat),
            log=events[max(0, since):] if log else None,
            seed=self.seed if referee else None,
            given_options=self.given_options if referee else None,
        )

    def view(self, seat: Viewer, since: int = 0, log: bool = True) -> dict[str, Any]:
        """``seen`` as the protocol's JSON object (written from the same
        fields, without the ``View`` around them)."""
        events = self.log.visible_to(seat)
        referee = seat is None
        return view_json(
            self.game.id, self.players, self.phase(), self.to_act(), self.is_over(), seat,
            self.scores(), self._shown_options(), len(events), self.table_json(seat),
            events[max(0, since):] if log else None,
            self.seed if referee else None, self.given_options if referee else None)

    def _shown_options(self) -> Mapping[str, Any]:
        """The options a view shows: all but ``stack`` (the cards a test
        stacked, which no viewer may see). The state's own mapping where it
        has none: a caller that keeps it copies it."""
        options = self.options
        if "stack" in options:
            return {k: v for k, v in options.items() if k != "stack"}
        return options

    def record(self) -> Record:
        if self.history is None:
            raise ValueError("a resampled state has no record")
        return Record(
            game=self.game.id,
            players=self.players,
            seed=self.seed,
            options=dict(self.given_options),
            actions=[(s, self.action_text(a)) for s, a in self.history],
        )


@dataclass(frozen=True)
class GameParts:
    """What a game package plugs into its ``Game`` besides rules and data:
    the determinization sampler, the heuristic bot and the text rendering."""

    determinize: Callable[[Game, View[Any], Rng], State]
    heuristic: Callable[[int], Bot]
    render: Callable[[View[Any], bool, bool], str]
    """The table as text: a view, colour on, compact (fits 80x24)."""
    describe_event: Callable[[Mapping[str, Any], Viewer], str | None]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # compiled, it pickles so (core.pickling)


# Compiled (cardroom.compiled), yet subclassed by interpreted code.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game's definition: identity, player range, options, and factories."""

    id: ClassVar[str]
    name: ClassVar[str]
    state_class: ClassVar[type[State]]
    parts: ClassVar[GameParts]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    random_sources: ClassVar[tuple[str, ...]] = ()
    search_iterations: ClassVar[int] = 300
    """ISMCTS iterations per move by default (bench/ismcts_speed.py keeps
    every game's default move under a second on one core)."""
    search_prior: ClassVar[float] = 0.0
    """ISMCTS's default prior: the share of the iterations that the heuristic
    bot's move gets as extra visits (tuned per game with the arena)."""
    search_opponents: ClassVar[str] = "tree"
    """How ISMCTS moves the other seats by default: ``tree``, each by its own
    tree; ``policy``, as the game's playout policy would (an opponent model;
    tuned per game with the arena)."""
    encoding: ClassVar[Encoding]
    """Action index, length cap, returns and observations (core.encoding)."""
    view_types: ClassVar[ViewTypes]
    """The declared parts of a view: a seat's, a spectator's, the referee's."""

    def all_options(self) -> tuple[Option, ...]:
        return (*self.options, STACK_OPTION)

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "players": [self.min_players, self.max_players],
            "options": {o.name: o.describe() for o in self.all_options()},
        }

    def new(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None,
        *, record_events: bool = True,
    ) -> State:
        """A new game; BadOption for a player count or option out of range.
        ``record_events=False`` starts it without a log (State.record_events)."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOption(f"players must be a whole number, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise BadOption(
                f"{self.name} is for {self.min_players} to {self.max_players} "
                f"players, not {players}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOption(f"seed must be a whole number, got {seed!r}")
        given = dict(options or {})
        resolved = resolve_options(self.all_options(), given, players)
        stack = self._convert_stack(resolved.pop("stack"), players, resolved)
        self.check_options(players, resolved, given)
        self.check_stack(stack, players, resolved)
        return self.start(players, seed, resolved, given, Rng(seed, stack), record_events)

    def check_options(
        self, players: int, options: dict[str, Any], given: Mapping[str, Any]
    ) -> None:
        """Checks across options or with the player count (``given`` holds the
        options as the caller wrote them); BadOption if refused."""
        return  # most games need no such check

    def check_stack(
        self, stack: dict[str, list[Any]], players: int, options: dict[str, Any]
    ) -> None:
        """Checks across converted stacked entries (each is checked alone by
        ``convert_stacked``); BadOption if they cannot go together."""
        return  # most games' sources are independent

    def _convert_stack(
        self, stack: Mapping[str, Any] | None, players: int, options: dict[str, Any]
    ) -> dict[str, list[Any]]:
        if not stack:
            return {}
        out: dict[str, list[Any]] = {}
        for source, entries in stack.items():
            if source not in self.random_sources:
                known = ", ".join(self.random_sources) or "none"
                raise BadOption(
                    f"stack: {self.name} has no random source {source!r} (it has: {known})"
                )
            if not isinstance(entries, list):
                raise BadOption(f"stack: {source!r} must be a list of outcomes")
            out[source] = [
                self.convert_stacked(source, entry, i, players, options)
                for i, entry in enumerate(entries)
            ]
        return out

    @abstractmethod
    def convert_stacked(
        self, source: str, entry: Any, index: int, players: int, options: dict[str, Any]
    ) -> Any:
        """One stacked outcome in the game's internal form; BadOption if impossible."""

    def start(
        self, players: int, seed: int, options: dict[str, Any],
        given: Mapping[str, Any], rng: Rng, record_events: bool = True,
    ) -> State:
        """The initial state, with options already checked."""
        state = self.state_class.__new__(self.state_class)
        state._init_base(self, players, seed, options, given, rng)
        state.record_events = record_events
        state.setup()
        return state

    def read_view(self, view: View[Any] | Mapping[str, Any]) -> View[Any]:
        """A view of this game as a ``View``, read from JSON if need be."""
        if not isinstance(view, View) and view.get("game") != self.id:
            raise ValueError(f"a view of {view.get('game')!r} is no view of {self.id!r}")
        return read_view(view, lambda _: self.view_types)

    def determinize(self, view: View[Any] | Mapping[str, Any], rng: Rng) -> State:
        """A full state drawn from one seat's information set, built from that
        seat's view alone (never the referee state): what the seat cannot see
        (other hands, deck order, other seats' unrevealed choices) is dealt
        at random, uniformly among the deals consistent with the view, and
        future chance uses a fresh stream from ``rng``. The state's view for
        that seat equals ``view``; it has no record (``history`` is None)."""
        return self.parts.determinize(self, self.read_view(view), rng)

    def determinized_base(self, state: State, view: View[Any], rng: Rng) -> None:
        """Fill the shared fields of a state built by ``determinize``."""
        state._init_base(self, view.players, 0, dict(view.options), {}, Rng(rng.next64()))
        state.history = None
        state.log = Log(view.log or ())

    def heuristic_bot(self, seed: int) -> Bot:
        return self.parts.heuristic(seed)

    def render(self, view: View[Any] | Mapping[str, Any], color: bool,
               compact: bool = False) -> str:
        """The table as text, from a view (a seat's, the public or the
        referee's); ``compact`` asks for a table that fits 80x24, details
        left out (a game without a compact form ignores it)."""
        return self.parts.render(self.read_view(view), color, compact)

    def describe_event(self, event: Mapping[str, Any], viewer: Viewer) -> str | None:
        """One log event as a sentence for the terminal; None to stay silent."""
        return self.parts.describe_event(event, viewer)

    # ----- numeric interface for learning tools (core.encoding) ------------
    def num_distinct_actions(self) -> int:
        return self.encoding.num_distinct_actions()

    def action_index(self, action: int) -> int:
        return self.encoding.action_index(action)

    def action_from_index(self, index: int) -> int:
        return self.encoding.action_from_index(index)

    def max_game_length(self, players: int, options: Mapping[str, Any]) -> int:
        return self.encoding.max_game_length(players, options)

    def returns(self, result: Result, players: int) -> list[float]:
        return self.encoding.returns(result.ranking, players)

    def return_bounds(self) -> tuple[float, float]:
        return self.encoding.return_bounds()

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        return self.encoding.observation_shape(players, options)

    def encode_observation(self, view: View[Any] | Mapping[str, Any]) -> list[float]:
        """A seat's view (``state.seen(seat)``) as a fixed-length list of numbers."""
        return self.encoding.encode(self.read_view(view))

    def observation_text(self, view: View[Any] | Mapping[str, Any]) -> str:
        """The same view as text, without colour."""
        return self.render(view, False)
