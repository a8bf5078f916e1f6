"""Constants of the rules machine: steps, choice kinds, frame layout."""

from __future__ import annotations

PACK_SIZE = 12
ROUNDS = 10

# Steps. DRAFT and SELECT are simultaneous; TURN, CHOICE and REACT wait for one
# seat; TARGETING, WINDOW, FRAMES and FINISH run without a decision.
DRAFT, SELECT, TURN, TARGETING, WINDOW, FRAMES, FINISH, CHOICE, REACT, OVER = range(10)
STEP_NAMES = ("draft", "select", "turn", "targeting", "window", "frames", "finish",
              "choice", "react", "over")

# Decisions a card asks for (step CHOICE).
(C_NONE, C_TARGET, C_LOOK, C_SKIP, C_PLACE, C_DISCARD, C_TAKE_DISCARDED, C_STEAL,
 C_TAKE_LOOSE, C_REMOVE, C_DISCARD_ATT, C_TAKE_ATT, C_REDIRECT, C_INTERCEPT) = range(14)
CHOICE_NAMES = ("", "target", "look", "skip", "place", "discard", "take_discarded", "steal",
                "take_loose", "remove", "discard_attached", "take_attached", "redirect",
                "intercept")

# A frame runs one op program: [card, player, program, index, count, subject, kind].
F_CARD, F_PLAYER, F_PROG, F_INDEX, F_COUNT, F_SUBJECT, F_KIND = range(7)
MAIN, REACTION, NESTED = range(3)
FRAME_KINDS = ("main", "reaction", "nested")

# What start_op reports.
DONE, WAIT, STOP, PUSHED = range(4)


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
