"""The Papayoo state: the State contract bound to the rule functions.

Each method is the function itself assigned in the class body (so it binds
as a method and costs no extra call on the hot paths).
"""

from __future__ import annotations

# Plain module imports: ``from cardroom.games.papayoo import legal`` would
# count as importing the package's __init__ (tests/test_layering.py), a cycle.
import cardroom.games.papayoo.actions as actions
import cardroom.games.papayoo.legal as legal
import cardroom.games.papayoo.rules as rules
import cardroom.games.papayoo.scoring as scoring
import cardroom.games.papayoo.views as views
from cardroom.games.papayoo.fields import PapayooFields


class PapayooState(PapayooFields):
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
    rounds_completed = scoring.rounds_completed
    standing = scoring.standing
    table_view = views.table_view
    invariant_errors = views.invariant_errors
