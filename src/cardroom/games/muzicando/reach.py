"""Hand reading for the bot: how far a hand gets on a layout by itself.

``solo_run`` plays a hand alone on a table, always choosing the note that
opens the most further notes of the same hand, and counts the cards it
places: opening cards and sequences are what make it long.
"""

from __future__ import annotations

from cardroom.games.muzicando.actions import split_play
from cardroom.games.muzicando.cards import LAYOUT_LETTERS, NOTE_MASK, OPENING_MASK, cards_of
from cardroom.games.muzicando.layout import Table, new_table

MOVES_TRIED = 12  # a long list of grid moves is mostly the same cards on other cells


def _place(table: Table, action: int) -> int:
    card, cell = split_play(action)
    table.place(card, cell)
    return card


def solo_run(table: Table, hand: int, limit: int = 60) -> int:
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


def follow_ups(table: Table, hand: int, action: int) -> int:
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
