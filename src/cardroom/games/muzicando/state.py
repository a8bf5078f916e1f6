"""The Muzicando state (rules page: docs/games/muzicando.md): its fields
(fields.py) with the State contract bound to the rule functions.

A deal is bid (partnership game, or D14) or chosen (individual game), then
played out on one of the four layouts (rules/); deals repeat until the
agreed number is complete. Actions are ints (actions.py).
"""

from __future__ import annotations

from typing import Any, cast

# Plain imports of the modules: "from the package import" would count as an
# import of the package's __init__, which imports this module (a cycle).
import cardroom.games.muzicando.actions as actions
import cardroom.games.muzicando.legal as legal
import cardroom.games.muzicando.rules.machine as rules
import cardroom.games.muzicando.scoring as scoring
import cardroom.games.muzicando.views as views
from cardroom.core.game import Result, Viewer
from cardroom.core.views import builder, json_builder
from cardroom.games.muzicando.fields import MuzicandoFields
from cardroom.games.muzicando.viewtypes import MuzicandoTable


class MuzicandoState(MuzicandoFields):
    def setup(self) -> None:
        rules.setup(self)

    def to_act(self) -> list[int]:
        return rules.to_act(self)

    def is_over(self) -> bool:
        return rules.is_over(self)

    def phase(self) -> str:
        return rules.phase(self)

    def _apply(self, seat: int, action: int) -> None:
        rules.apply(self, seat, action)

    def legal_actions(self, seat: int) -> list[int]:
        return legal.legal_actions(self, seat)

    def illegal_reason(self, seat: int, action: int) -> str | None:
        return legal.illegal_reason(self, seat, action)

    def action_text(self, action: int) -> str:
        return actions.action_text(action)

    def parse_action(self, text: str) -> int | None:
        return actions.parse_action(text)

    def scores(self) -> list[Any]:
        return scoring.scores(self)

    def result(self) -> Result:
        return scoring.result(self)

    def rounds_completed(self) -> int:
        return scoring.rounds_completed(self)

    def standing(self) -> Result:
        return scoring.standing(self)

    def table_view(self, seat: Viewer) -> MuzicandoTable:
        return cast(MuzicandoTable, views.table_part(self, seat, builder))

    def table_json(self, seat: Viewer) -> dict[str, Any]:
        return cast(dict[str, Any], views.table_part(self, seat, json_builder))

    def invariant_errors(self) -> list[str]:
        return views.invariant_errors(self)
