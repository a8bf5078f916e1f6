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
bot's own move, exactly (judgement.py), about 13 times the cost of
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
    EFFECT_PLAIN,
    TYPE_CODE,
    TYPE_EFFECT,
    TYPE_NUMBER,
    TYPES,
    column_size,
)
from cardroom.games.pile_up.fields import PHASE_GIVE, PHASE_PLAY, PHASE_TAKE, PileUpFields
from cardroom.games.pile_up.judgement import (
    Knowledge,
    Planner,
    give_order,
    keep_value,
    leader,
    play_value,
    shed_value,
)
from cardroom.games.pile_up.rules import armed_for_play, play_outcome

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
    shed = shed_value(s.from_minus, len(s.pile))
    best, pick = -1e9, actions[0]
    for a in actions:
        if a == DONE:
            n, t, added, grows = s.number, s.last, 0, 0
        else:
            t = a - STACK if a >= STACK else a
            n, added, grows = TYPE_NUMBER[t], 1, int(a < STACK)
        column = s.columns[n - 1]
        armed = armed_for_play(s.placed, s.armed_before, bool(s.armed >> (n - 1) & 1))
        outcome = play_outcome(TYPE_EFFECT[t], armed, len(column) + grows)
        value = play_value(outcome, s.placed + added, column_size(column) + added, shed,
                           s.from_minus)
        if value > best:
            best, pick = value, a
    return pick


def heuristic(s: PileUpFields, seat: int, actions: list[int],
              rand: Callable[[], float]) -> int:
    """The heuristic bot's own move (judgement.py), read from the state for
    the seat to move: only what that seat knows. No randomness."""
    if len(actions) == 1:
        return actions[0]
    phase = s.phase_name
    if phase == PHASE_GIVE:
        return min(actions, key=lambda a: give_order(TYPE_CODE[a - GIVE]))
    known = Knowledge.of_state(s, seat)
    if phase == PHASE_TAKE:
        return min(actions, key=lambda a: keep_value(known, TYPE_CODE[a - TAKE]))
    if phase != PHASE_PLAY:  # a push: onto the leader
        return PUSH + leader(known)
    step = Planner(known).best_first_step()
    action = DONE if step is None else _lay(*step)
    return action if action in actions else actions[0]


def _lay(verb: str, code: str) -> int:
    return (PLACE if verb == "place" else STACK) + BY_CODE[code]
