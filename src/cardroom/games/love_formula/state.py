"""The Love Formula rules machine (rules page: docs/games/love-formula.md):
the ``State`` contract, each method bound to its rule function."""

from __future__ import annotations

import cardroom.games.love_formula.actions as actions
import cardroom.games.love_formula.scoring as scoring
import cardroom.games.love_formula.views as views
from cardroom.games.love_formula.fields import LoveFields
from cardroom.games.love_formula.legal import listing, reasons
from cardroom.games.love_formula.rules import machine


class LoveState(LoveFields):
    setup = machine.setup
    to_act = listing.to_act
    is_over = machine.is_over
    phase = machine.phase
    legal_actions = listing.legal_actions
    illegal_reason = reasons.illegal_reason
    _apply = machine.apply
    action_text = actions.action_text
    parse_action = actions.parse_action
    scores = scoring.scores
    result = scoring.result
    rounds_completed = scoring.rounds_completed
    standing = scoring.standing
    table_view = views.table_view
    invariant_errors = views.invariant_errors
