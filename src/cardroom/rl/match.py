"""One game played one decision at a time, as learning tools see it.

Every wrapper in ``cardroom.rl`` drives its game through a ``Match``: the
seat to decide is the lowest seat in ``to_act``, so a simultaneous choice
(Papayoo's passing, Love Formula's draft and selection, the endless
Pizzamania's continue/stop) is taken one seat at a time; what a seat chose
stays out of the others' views until the rules reveal it, exactly as at the
table. Actions are the game's dense indexes (``Game.action_index``);
observations and masks are built from the deciding seat's view alone.

``observe`` writes an observation into a buffer the caller owns (a numpy
``float32`` vector or a row of a batch) with the table's layout, which the
match makes once: the cheap path the environments take every step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.encoding import Buffer, Layout
from cardroom.core.game import Game, State
from cardroom.core.views import View
from cardroom.games import get_game


def default_players(game: Game) -> int:
    """Four players where the game allows it, else the nearest count (the
    count the benchmarks and the terminal default to)."""
    return max(game.min_players, min(4, game.max_players))


class Match:
    """A game, its seed and how far it has been played."""

    def __init__(self, game: Game | str, players: int | None = None,
                 options: Mapping[str, Any] | None = None, seed: int = 0) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.players = default_players(self.game) if players is None else players
        self.given = dict(options or {})
        self.state: State = self.game.new(self.players, seed, self.given)
        self.cap = self.game.max_game_length(self.players, self.state.options)
        self.layout: Layout = self.game.encoding.layout(self.players, self.state.options)
        self.steps = 0
        self._rounds = 0
        self._paid = [0.0] * self.players

    @classmethod
    def resumed(cls, game: Game, state: State, steps: int = 0) -> Match:
        """A match around an existing state (a copy or a determinized one)."""
        match = cls.__new__(cls)
        match.game, match.players, match.given = game, state.players, dict(state.given_options)
        match.state = state
        match.cap = game.max_game_length(state.players, state.options)
        match.layout = game.encoding.layout(state.players, state.options)
        match.steps, match._rounds = steps, state.rounds_completed()
        match._paid = [0.0] * state.players
        return match

    # ----- whose turn ------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.is_over()

    @property
    def truncated(self) -> bool:
        """The game reached its length cap without ending (see max_game_length)."""
        return not self.over and self.steps >= self.cap

    @property
    def done(self) -> bool:
        return self.state.is_over() or self.steps >= self.cap  # over or truncated

    def current(self) -> int | None:
        """The seat to decide now, or None when the game is done."""
        if self.done:
            return None
        return min(self.state.to_act())

    # ----- what a seat sees and may do -------------------------------------
    def legal(self, seat: int) -> list[int]:
        """``seat``'s legal action indexes, ascending ([] when it is not to act)."""
        if self.done or seat not in self.state.to_act():
            return []
        return sorted(self.game.action_index(a) for a in self.state.legal_actions(seat))

    def view(self, seat: int, log: bool = False) -> dict[str, Any]:
        return self.state.view(seat, log=log)

    def observation(self, seat: int) -> list[float]:
        """``seat``'s encoded view (``Game.encode_observation``)."""
        return self.game.encoding.encode(self.state.seen(seat, log=False), self.layout)

    def seen(self, seat: int) -> View[Any]:
        """``seat``'s typed view, without its log."""
        return self.state.seen(seat, log=False)

    def observe(self, seat: int, out: Buffer, view: View[Any] | None = None) -> None:
        """``observation(seat)`` written into ``out``, a float buffer of
        ``observation_size()`` entries that the caller owns and may reuse;
        ``view``: ``seen(seat)`` where the caller has it already."""
        if view is None:
            view = self.state.seen(seat, log=False)
        self.game.encoding.encode_into(view, out, self.layout)

    def text(self, seat: int) -> str:
        return self.game.observation_text(self.state.seen(seat, log=False))

    def observation_size(self) -> int:
        return self.game.observation_shape(self.players, self.state.options)[0]

    # ----- acting ----------------------------------------------------------
    def step(self, index: int) -> int:
        """The current seat takes the action with dense index ``index``
        (checked: an illegal one raises the engine's typed error, and
        changes nothing); returns the seat that acted."""
        seat = self.current()
        if seat is None:
            raise ValueError("the game is over")
        self.state.apply(seat, self.game.action_from_index(index))
        self.steps += 1
        return seat

    # ----- rewards ---------------------------------------------------------
    def final_returns(self) -> list[float]:
        """Each seat's return once the game is over; zeros when truncated
        (a cut game has no outcome) or still going."""
        if not self.over:
            return [0.0] * self.players
        return self.game.returns(self.state.result(), self.players)

    def rewards(self, per_round: bool) -> list[float]:
        """What each seat earned since the last call: the final returns at
        the end; with ``per_round``, also the change of the standing's
        returns whenever a round is scored, so that the rewards of a game
        add up to its final returns."""
        target = self._paid
        if self.over:
            target = self.final_returns()
        elif per_round and self.state.rounds_completed() != self._rounds:
            self._rounds = self.state.rounds_completed()
            target = self.game.returns(self.state.standing(), self.players)
        paid, self._paid = self._paid, target
        return [t - p for t, p in zip(target, paid, strict=True)]
