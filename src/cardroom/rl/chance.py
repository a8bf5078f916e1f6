"""Dice as explicit chance nodes, for the OpenSpiel wrapper (cardroom.rl.openspiel).

The engines resolve chance inside ``apply``, from the state's named random
sources (cardroom.core.rng). A source whose outcomes are few and equally
likely, a die, can still be offered to OpenSpiel as chance nodes without
touching the rules, because the engine takes a source's *stacked* outcomes
before it draws from that source's stream (the ``stack`` option,
docs/protocol.md "Randomness and stacking"):

1. a decision is tried on a clone of the engine state; if it draws nothing
   from the die's stream, the clone is the new state and no chance node
   comes of it;
2. if it did draw, the clone is dropped and the state becomes a chance node
   (the decision waits); each chance outcome is appended to the source's
   stacked outcomes and the decision is tried again from the state before
   it, until it draws nothing from the stream: then every die it rolled was
   one of the chance outcomes, in order, and the rules ran unchanged.

The count of dice an action rolls may depend on earlier faces (Pile up's
re-rolls), which the loop covers: one chance node per die. The opening
roll, inside the engine's set-up, is handled the same way with the initial
state as the chance node (``start``).

Only the die sources are offered. Deals and deck orders stay sampled inside
the action that deals: one outcome is an ordering of a whole deck (66! / ...
orders for Pile up), which no ``chance_outcomes()`` list can hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.core.game import Game, State
from cardroom.core.rng import Rng


@dataclass(frozen=True)
class Die:
    """A random source whose every draw is one of ``faces``, each equally
    likely, in the ``stack`` option's form (checked against the engine by
    tests/rl/test_openspiel_observers.py)."""

    source: str
    faces: tuple[Any, ...]


DICE: dict[str, Die] = {
    # papayoo/rules.py roll_die: rng.below(8) // 2, each suit on two faces of eight.
    "papayoo": Die("die", ("S", "H", "D", "C")),
    # pile_up/rules.py die: rng.draw_below("dice", 6, 1), faces 1 to 6.
    "pile-up": Die("dice", (1, 2, 3, 4, 5, 6)),
}

# Papayoo rolls only when the passes are handed over: a decision outside the
# passing phase needs no trial (it is applied and checked afterwards).
ROLLS_ONLY_IN: dict[str, str] = {"papayoo": "pass"}


class Dice:
    """A game's die source, bound to a table (players and resolved options)."""

    def __init__(self, game: Game, die: Die, players: int, options: dict[str, Any],
                 stack: Mapping[str, Sequence[Any]]) -> None:
        self.game, self.die, self.source = game, die, die.source
        self.options = options  # resolved, without the stack
        self.stack = dict(stack)  # the table's own stacked outcomes, converted
        self.faces = [game.convert_stacked(die.source, face, 0, players, options)
                      for face in die.faces]
        self.probability = 1.0 / len(die.faces)
        self.phase = ROLLS_ONLY_IN.get(game.id)

    def may_roll(self, state: State) -> bool:
        return self.phase is None or state.phase() == self.phase

    def start(self, players: int, seed: int, given: Mapping[str, Any],
              faces: Sequence[Any]) -> State:
        """A new game whose set-up takes ``faces`` (internal form) for its
        first rolls, after any the table's own stack holds."""
        stack = dict(self.stack)
        stack[self.source] = [*stack.get(self.source, ()), *faces]
        return self.game.start(players, seed, dict(self.options), given, Rng(seed, stack))

    def stacked(self, rng: Rng, faces: Sequence[Any]) -> Rng:
        """``rng`` with ``faces`` appended to the die's stacked outcomes (the
        stream and every other source unchanged). Through ``__reduce__``,
        which both the interpreted and the compiled Rng share."""
        rebuild, (seed, s, stack, used, streams) = rng.__reduce__()
        stack = dict(stack)
        stack[self.source] = [*stack.get(self.source, ()), *faces]
        out: Rng = rebuild(seed, s, stack, dict(used), dict(streams))
        return out

    def stream(self, rng: Rng) -> int | None:
        """Where the die's own stream stands (None: never drawn from)."""
        streams: dict[str, int] = rng.__reduce__()[1][4]
        return streams.get(self.source)


def table_dice(game: Game, players: int, given: Mapping[str, Any]) -> Dice | None:
    """The die source of ``game`` at this table, or None for a game without one."""
    die = DICE.get(game.id)
    if die is None:
        return None
    probe = game.new(players, 0, given)  # resolves and checks the options and the stack
    stack: Mapping[str, Sequence[Any]] = probe.rng.__reduce__()[1][2]
    return Dice(game, die, players, dict(probe.options), stack)
