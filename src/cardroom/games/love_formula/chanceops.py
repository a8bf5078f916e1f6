"""The ops only chance cards use: heart tokens, a rule for the round, extra
moves on a turn to come, and VP scored at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.games.love_formula import flow as F
from cardroom.games.love_formula.chance import RULE_BITS
from cardroom.games.love_formula.effects import Op
from cardroom.games.love_formula.steps import DONE, F_PLAYER

if TYPE_CHECKING:
    from cardroom.games.love_formula.state import LoveState


def extra_moves(s: LoveState, seat: int, n: int) -> int:
    """R15: more preparation moves on the player's turn of this round."""
    s.extra[seat] += n
    s.log.append({"type": "extra_move", "seat": seat, "moves": 1 + s.extra[seat],
                  "this_round": True})
    return DONE


def op_score_vp(s: LoveState, f: list[int], op: Op) -> int:
    """R17: VP scored at once, public, kept to the end."""
    seat = f[F_PLAYER]
    s.bonus[seat] += op.n
    s.log.append({"type": "score_vp", "seat": seat, "vp": op.n})
    return DONE


def op_remove_hearts(s: LoveState, f: list[int], op: Op) -> int:
    """Every card with heart tokens loses ``n``, as at the end of a round: a card
    left with none is discarded and its expiry effect happens."""
    s.log.append({"type": "hearts", "change": -op.n})
    for _ in range(op.n):
        F.tick_hearts(s)
    return DONE


def op_add_hearts(s: LoveState, f: list[int], op: Op) -> int:
    for card in s.hearts:
        s.hearts[card] += op.n
    s.log.append({"type": "hearts", "change": op.n})
    return DONE


def op_round_rule(s: LoveState, f: list[int], op: Op) -> int:
    s.rules |= RULE_BITS[op.rule]
    s.log.append({"type": "round_rule", "rule": op.rule})
    return DONE


AUTOMATIC = {"score_vp": op_score_vp, "remove_hearts": op_remove_hearts,
             "add_hearts": op_add_hearts, "round_rule": op_round_rule}
