"""The heuristic's judgement of a hand: how far it gets alone on each layout.

``solo_run`` plays a hand alone on a table, always choosing the note that
opens the most further notes of the same hand, and counts the cards it
places: opening cards and sequences make it long. ``strength`` compares
that reach with what an average hand reaches.
"""

from __future__ import annotations

from cardroom.core.cardset import cards_of
from cardroom.games.muzicando.actions import split_play
from cardroom.games.muzicando.cards import LAYOUT_LETTERS, NOTE_MASK, OPENING_MASK
from cardroom.games.muzicando.fields import Layout
from cardroom.games.muzicando.rules.layouts import new_table

# What a random 14-card hand that can open S, G, P, M reaches alone there:
# the median and the top decile (layout_reach over random deals).
# Almost every hand lays all its notes in Sarabanda, so it never earns more
# than a level 1 bid.
REACH_MEDIAN = (1.0, 0.73, 0.23, 0.2)
REACH_TOP = (1.1, 0.92, 0.42, 0.4)
LEVEL_STEPS = (0.0, 0.5, 1.0, 1.5)  # strength needed for levels 1..4
MOVES_TRIED = 12  # a long list of grid moves is mostly the same cards on other cells


def _place(table: Layout, action: int) -> int:
    card, cell = split_play(action)
    table.place(card, cell)
    return card


def solo_run(table: Layout, hand: int, limit: int = 60) -> int:
    """Cards of ``hand`` a player alone could place one after another."""
    placed = 0
    hand &= NOTE_MASK
    while hand and placed < limit:
        moves = table.note_moves(hand)
        if not moves:
            break
        best = max(moves[:MOVES_TRIED], key=lambda a: follow_ups(table, hand, a))
        card = _place(table, best)
        hand &= ~(1 << card)
        placed += 1
    return placed


def follow_ups(table: Layout, hand: int, action: int) -> int:
    """How many other cards of ``hand`` could go right after ``action``."""
    trial = table.clone()
    card = _place(trial, action)
    return (trial.playable_notes() & hand & ~(1 << card)).bit_count()


def layout_reach(hand: int) -> list[float]:
    """Per layout S, G, P, M: the share of the hand's notes a player could
    lay alone after opening it (0 when the hand cannot open the layout)."""
    notes = (hand & NOTE_MASK).bit_count() or 1
    out = []
    for layout in range(len(LAYOUT_LETTERS)):
        best = 0
        for opening in cards_of(hand & OPENING_MASK[layout])[:3]:
            table = new_table(layout)
            action = table.opening_moves(1 << opening)[0]
            _place(table, action)
            best = max(best, 1 + solo_run(table, hand & ~(1 << opening), 20))
        out.append(best / notes)
    return out


def strength(reach: list[float], hand: int) -> list[float]:
    """Per layout: how far above an average hand's reach this one lies, in
    steps of the spread to the top decile (-9 where it cannot open)."""
    out = []
    for layout, r in enumerate(reach):
        if not hand & OPENING_MASK[layout]:
            out.append(-9.0)
            continue
        span = REACH_TOP[layout] - REACH_MEDIAN[layout]
        out.append((r - REACH_MEDIAN[layout]) / span)
    return out
