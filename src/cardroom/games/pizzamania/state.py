"""The Pizzamania state: the State contract bound to the rule functions.

Each method calls its rule function. (A function merely assigned in the
class body would bind as a method, one call fewer in pure Python, but
mypyc compiles this class natively only with the methods spelled out, and
compiled, the call costs next to nothing: cardroom/compiled.py.)
"""

from __future__ import annotations

from typing import Any, cast

import cardroom.games.pizzamania.actions as actions
import cardroom.games.pizzamania.rules.flow as rules
import cardroom.games.pizzamania.rules.legal as legal
import cardroom.games.pizzamania.rules.scoring as scoring
import cardroom.games.pizzamania.views as views
from cardroom.core.game import Result, Viewer
from cardroom.core.views import builder, json_builder
from cardroom.games.pizzamania.fields import PizzamaniaFields
from cardroom.games.pizzamania.viewtypes import PizzamaniaTable


class PizzamaniaState(PizzamaniaFields):
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
        return actions.action_text(self, action)

    def parse_action(self, text: str) -> int | None:
        return actions.parse_action(self, text)

    def scores(self) -> list[Any]:
        return scoring.scores(self)

    def result(self) -> Result:
        return scoring.result(self)

    def rounds_completed(self) -> int:
        return scoring.rounds_completed(self)

    def standing(self) -> Result:
        return scoring.standing(self)

    def table_view(self, seat: Viewer) -> PizzamaniaTable:
        return cast(PizzamaniaTable, views.table_part(self, seat, builder))

    def table_json(self, seat: Viewer) -> dict[str, Any]:
        return cast(dict[str, Any], views.table_part(self, seat, json_builder))

    def invariant_errors(self) -> list[str]:
        return views.invariant_errors(self)
