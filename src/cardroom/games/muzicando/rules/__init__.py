"""The transitions of a Muzicando state: set-up, whose turn it is, and an
action carried out. The steps live by phase: deal.py (dealing, L8, D12),
bidding.py (the contract, D9, D14), play.py (D4-D7), finish.py (the end of
a deal and of the game); the layouts on the table in grid.py and columns.py."""

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
