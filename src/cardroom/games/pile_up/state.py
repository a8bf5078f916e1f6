"""The Pile up state: the State contract bound to the rule functions.

Each method is the function itself assigned in the class body (so it binds
as a method and costs no extra call on the hot paths).
"""

from __future__ import annotations

import cardroom.games.pile_up.actions as actions
import cardroom.games.pile_up.legal as legal
import cardroom.games.pile_up.rules as rules
import cardroom.games.pile_up.scoring as scoring
import cardroom.games.pile_up.views as views
from cardroom.games.pile_up.fields import PileUpFields


class PileUpState(PileUpFields):
    setup = rules.setup
    to_act = rules.to_act
    is_over = rules.is_over
    phase = rules.phase
    _apply = rules.apply
    legal_actions = legal.legal_actions
    illegal_reason = legal.illegal_reason
    action_text = actions.action_text
    parse_action = actions.parse_action
    scores = scoring.scores
    result = scoring.result
    table_view = views.table_view
    invariant_errors = views.invariant_errors
