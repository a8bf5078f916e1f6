"""The rule constants and phase names shared by the state, its checks and views."""

from __future__ import annotations

PHASE_PLAY, PHASE_GIVE, PHASE_TAKE = "play", "give", "take"
PHASE_PUSH, PHASE_AVOID, PHASE_OVER = "push", "avoid", "over"
HAND_SIZE = 6
DICE = 3
TAKE_AT = 3  # the third visible card takes the column


def column_cards(stacks: list[int]) -> int:
    mask = 0
    for stack in stacks:
        mask |= stack
    return mask
