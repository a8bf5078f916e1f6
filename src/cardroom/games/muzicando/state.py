"""The Muzicando state (rules page: docs/games/muzicando.md): its fields
(fields.py) with the State contract bound to the rule functions.

A deal is bid (partnership game, or D14) or chosen (individual game), then
played out on one of the four layouts (rules/); deals repeat until the
agreed number is complete. Actions are ints (actions.py).
"""

from __future__ import annotations

# Plain imports of the modules: "from the package import" would count as an
# import of the package's __init__, which imports this module (a cycle).
import cardroom.games.muzicando.actions as actions
import cardroom.games.muzicando.legal as legal
import cardroom.games.muzicando.rules as rules
import cardroom.games.muzicando.scoring as scoring
import cardroom.games.muzicando.views as views
from cardroom.games.muzicando.fields import MuzicandoFields


class MuzicandoState(MuzicandoFields):
    setup = rules.setup
    to_act = rules.to_act
    is_over = rules.is_over
    phase = rules.phase
    _apply = rules.apply
    legal_actions = legal.legal_actions
    illegal_reason = legal.illegal_reason
    # An action's text is a function of the int alone (core.game).
    action_text = staticmethod(actions.action_text)
    parse_action = staticmethod(actions.parse_action)
    scores = scoring.scores
    result = scoring.result
    rounds_completed = scoring.rounds_completed
    standing = scoring.standing
    table_view = views.table_view
    invariant_errors = views.invariant_errors
