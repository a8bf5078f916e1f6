"""The Love Formula rules machine (rules page: docs/games/love-formula.md):
the ``State`` contract, each method bound to its rule function."""

from __future__ import annotations

from typing import Any, cast

import cardroom.games.love_formula.actions as actions
import cardroom.games.love_formula.scoring as scoring
import cardroom.games.love_formula.views as views
from cardroom.core.game import Result, Viewer
from cardroom.core.views import builder, json_builder
from cardroom.games.love_formula.fields import LoveFields
from cardroom.games.love_formula.legal import listing, reasons
from cardroom.games.love_formula.rules import machine
from cardroom.games.love_formula.viewtypes import LoveTable


class LoveState(LoveFields):
    def setup(self) -> None:
        machine.setup(self)

    def to_act(self) -> list[int]:
        return listing.to_act(self)

    def is_over(self) -> bool:
        return machine.is_over(self)

    def phase(self) -> str:
        return machine.phase(self)

    def legal_actions(self, seat: int) -> list[int]:
        return listing.legal_actions(self, seat)

    def illegal_reason(self, seat: int, action: int) -> str | None:
        return reasons.illegal_reason(self, seat, action)

    def _apply(self, seat: int, action: int) -> None:
        machine.apply(self, seat, action)

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

    def outlook(self) -> Result:
        return scoring.outlook(self)

    def table_view(self, seat: Viewer) -> LoveTable:
        return cast(LoveTable, views.table_part(self, seat, builder))

    def table_json(self, seat: Viewer) -> dict[str, Any]:
        return cast(dict[str, Any], views.table_part(self, seat, json_builder))

    def invariant_errors(self) -> list[str]:
        return views.invariant_errors(self)
