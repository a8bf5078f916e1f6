"""The Pizzamania state: the State contract bound to the rule functions.

Each method is the function itself assigned in the class body (so it binds
as a method and costs no extra call on the hot paths).
"""

from __future__ import annotations

import cardroom.games.pizzamania.actions as actions
import cardroom.games.pizzamania.legal as legal
import cardroom.games.pizzamania.rules as rules
import cardroom.games.pizzamania.scoring as scoring
import cardroom.games.pizzamania.views as views
from cardroom.games.pizzamania.fields import PizzamaniaFields


class PizzamaniaState(PizzamaniaFields):
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
