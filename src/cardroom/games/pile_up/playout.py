"""Pile up's policies for the search (cardroom.search.policy).

``choose``, the playout policy (``rollout: policy``): after the heuristic
bot's rules of thumb but looking one card ahead only, it lays the card (or
ends the play with ``done``) whose play, were it to end right there, is
worth most: cards shed from the hand, a column pushed on (white last) or
armed (black last), and no column taken back (a plain card last on an armed
column or as the third visible card). It pushes onto the player with the
fewest minus cards, never keeps a pushed column, and gives and takes plain
cards before white and black ones. One move in ``SLIP`` is any legal move,
so playouts still explore.

``heuristic``, the opponent model (``opponents: policy``): the heuristic
bot's own move, exactly (planning.py), about 13 times the cost of
``choose``: cheap enough for the other seats' moves in the tree, too dear
for every move of every playout.

Both read the determinized state, only what the seat to move could know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardroom.games.pile_up.actions import DONE, GIVE, KEEP, PLACE, PUSH, STACK, TAKE
from cardroom.games.pile_up.cards import (
    BY_CODE,
    EFFECT_ARM,
    EFFECT_PLAIN,
    EFFECT_PUSH,
    TYPE_CODE,
    TYPE_EFFECT,
    TYPE_NUMBER,
    TYPES,
)
from cardroom.games.pile_up.fields import PHASE_GIVE, PHASE_PLAY, PHASE_TAKE, PileUpFields
from cardroom.games.pile_up.planning import (  # the heuristic's judgement and weights
    BLACK_KEEP,
    PUSH_GAIN,
    SHED_HAND,
    SHED_HAND_LATE,
    SHED_MINUS,
    TRAP_GAIN,
    WHITE_KEEP,
    Planner,
    Table,
    give_order,
    keep_value,
    leader,
)
from cardroom.games.pile_up.rules import TAKE_AT

SLIP: Final = 0.1


def choose(s: PileUpFields, seat: int, actions: list[int],
           rand: Callable[[], float]) -> int:
    if len(actions) == 1 or rand() < SLIP:
        return actions[int(rand() * len(actions))]
    phase = s.phase_name
    if phase == PHASE_PLAY:
        return lay(s, actions)
    if phase in (PHASE_GIVE, PHASE_TAKE):  # card actions: the type is the action mod TYPES
        plain = [a for a in actions if TYPE_EFFECT[a % TYPES] == EFFECT_PLAIN]
        pool = plain or actions
        return pool[int(rand() * len(pool))]
    minus = s.minus  # a push: onto the leader, never keep
    return min((a for a in actions if a != KEEP), key=lambda a: minus[a - PUSH].bit_count())


def lay(s: PileUpFields, actions: list[int]) -> int:
    shed = SHED_MINUS if s.from_minus else SHED_HAND_LATE if not s.pile else SHED_HAND
    best, pick = -1e9, actions[0]
    for a in actions:
        if a == DONE:
            n, t, added, grows = s.number, s.last, 0, 0
        else:
            t = a - STACK if a >= STACK else a
            n, added, grows = TYPE_NUMBER[t], 1, int(a < STACK)
        column = s.columns[n - 1]
        armed = s.armed_before if s.placed else bool(s.armed >> (n - 1) & 1)
        total = added
        for stack in column:
            total += stack.bit_count()
        laid = s.placed + added
        value = ending(s, TYPE_EFFECT[t], len(column) + grows, total, armed, laid, shed)
        if value > best:
            best, pick = value, a
    return pick


def ending(s: PileUpFields, effect: int, visible: int, total: int, armed: bool,
           laid: int, shed: float) -> float:
    """What the play is worth if it ends with this card last."""
    if effect == EFFECT_PUSH:
        return shed * laid + PUSH_GAIN * total - WHITE_KEEP
    if effect == EFFECT_ARM:
        return shed * laid + TRAP_GAIN * total - BLACK_KEEP
    if armed or visible >= TAKE_AT:  # the column comes back as minus cards
        return (SHED_MINUS * laid if s.from_minus else 0.0) - total
    return shed * laid


def heuristic(s: PileUpFields, seat: int, actions: list[int],
              rand: Callable[[], float]) -> int:
    """The heuristic bot's own move (planning.py), read from the state for
    the seat to move: only what that seat knows. No randomness."""
    if len(actions) == 1:
        return actions[0]
    phase = s.phase_name
    if phase == PHASE_GIVE:
        return min(actions, key=lambda a: give_order(TYPE_CODE[a - GIVE]))
    table = Table.of_state(s, seat)
    if phase == PHASE_TAKE:
        return min(actions, key=lambda a: keep_value(table, TYPE_CODE[a - TAKE]))
    if phase != PHASE_PLAY:  # a push: onto the leader
        return PUSH + leader(table)
    step = Planner(table).best_first_step()
    action = DONE if step is None else _lay(*step)
    return action if action in actions else actions[0]


def _lay(verb: str, code: str) -> int:
    return (PLACE if verb == "place" else STACK) + BY_CODE[code]
