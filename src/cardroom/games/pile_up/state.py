"""The Pile up state: the State contract bound to the rule functions.

Each method calls its rule function. (A function merely assigned in the
class body would bind as a method, one call fewer in pure Python, but
mypyc compiles this class natively only with the methods spelled out, and
compiled, the call costs next to nothing: cardroom/compiled.py.)
"""

from __future__ import annotations

from typing import Any, cast

import cardroom.games.pile_up.actions as actions
import cardroom.games.pile_up.legal as legal
import cardroom.games.pile_up.rules as rules
import cardroom.games.pile_up.views as views
from cardroom.core.game import Result, Viewer
from cardroom.core.views import builder, json_builder
from cardroom.games.pile_up.fields import PileUpFields
from cardroom.games.pile_up.viewtypes import PileUpTable


class PileUpState(PileUpFields):
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
        return rules.scores(self)

    def result(self) -> Result:
        return rules.result(self)

    def table_view(self, seat: Viewer) -> PileUpTable:
        return cast(PileUpTable, views.table_part(self, seat, builder))

    def table_json(self, seat: Viewer) -> dict[str, Any]:
        return cast(dict[str, Any], views.table_part(self, seat, json_builder))

    def invariant_errors(self) -> list[str]:
        return views.invariant_errors(self)
