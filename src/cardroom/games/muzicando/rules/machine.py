"""The contract's transitions (the state binds them in state.py): whose
turn it is and an action carried out, handed to its phase's module. Kept
out of the package's ``__init__`` because that one is not compiled
(cardroom/compiled.py), and every step of a playout goes through here."""

from __future__ import annotations

from cardroom.games.muzicando.actions import CHOOSE, PASS
from cardroom.games.muzicando.fields import (
    PHASE_BIDDING,
    PHASE_CHOOSING,
    PHASE_OVER,
    MuzicandoFields,
)
from cardroom.games.muzicando.rules.bidding import call, choose
from cardroom.games.muzicando.rules.deal import setup
from cardroom.games.muzicando.rules.play import play_card, play_pass

__all__ = ["apply", "is_over", "phase", "setup", "to_act"]


def to_act(s: MuzicandoFields) -> list[int]:
    return [] if s.phase_name == PHASE_OVER else [s.turn]


def is_over(s: MuzicandoFields) -> bool:
    return s.phase_name == PHASE_OVER


def phase(s: MuzicandoFields) -> str:
    return s.phase_name


def apply(s: MuzicandoFields, seat: int, action: int) -> None:
    if s.phase_name == PHASE_BIDDING:
        call(s, seat, action)
    elif s.phase_name == PHASE_CHOOSING:
        choose(s, seat, action - CHOOSE)
    elif action == PASS:
        play_pass(s, seat)
    else:
        play_card(s, seat, action)
