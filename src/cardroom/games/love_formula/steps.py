"""Constants of the rules machine: steps, choice kinds, frame layout."""

from __future__ import annotations

from cardroom.core.bits import bit_indices

PACK_SIZE = 12
ROUNDS = 10

# Steps. DRAFT and SELECT are simultaneous; TURN, CHOICE and REACT wait for one
# seat; TARGETING, WINDOW, FRAMES and FINISH run without a decision.
DRAFT, SELECT, TURN, TARGETING, WINDOW, FRAMES, FINISH, CHOICE, REACT, OVER = range(10)
STEP_NAMES = ("draft", "select", "turn", "targeting", "window", "frames", "finish",
              "choice", "react", "over")

# Decisions a card asks for (step CHOICE).
(C_NONE, C_TARGET, C_LOOK, C_SKIP, C_PLACE, C_DISCARD, C_TAKE_DISCARDED, C_STEAL,
 C_TAKE_LOOSE, C_REMOVE, C_DISCARD_ATT, C_TAKE_ATT, C_REDIRECT, C_INTERCEPT, C_WIPE) = range(15)
CHOICE_NAMES = ("", "target", "look", "skip", "place", "discard", "take_discarded", "steal",
                "take_loose", "remove", "discard_attached", "take_attached", "redirect",
                "intercept", "wipe")

# A frame runs one op program: [card, player, program, index, count, subject, kind].
F_CARD, F_PLAYER, F_PROG, F_INDEX, F_COUNT, F_SUBJECT, F_KIND = range(7)
MAIN, REACTION, NESTED, CHANCE = range(4)
FRAME_KINDS = ("main", "reaction", "nested", "chance")

# What start_op reports.
DONE, WAIT, STOP, PUSHED = range(4)


def cards_of(mask: int) -> list[int]:
    """The card ints of a bitmask, lowest first."""
    return bit_indices(mask)
