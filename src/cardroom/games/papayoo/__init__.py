"""Papayoo: trick-taking with passing and a die that picks the 40-point 7."""

from __future__ import annotations

from typing import Any

from cardroom.core.errors import BadOption
from cardroom.core.game import Game, GameParts
from cardroom.core.options import Option
from cardroom.core.registry import register
from cardroom.games.papayoo import render
from cardroom.games.papayoo.bot import PapayooHeuristic
from cardroom.games.papayoo.cards import BY_CODE, DEAL_TABLE, SUIT_LETTERS, deck_mask
from cardroom.games.papayoo.encoding import ENCODING
from cardroom.games.papayoo.sampler import determinize
from cardroom.games.papayoo.state import PapayooState
from cardroom.games.papayoo.viewtypes import VIEW_TYPES


class Papayoo(Game):
    id = "papayoo"
    state_class = PapayooState
    parts = GameParts(determinize=determinize, heuristic=PapayooHeuristic,
                      render=render.render, describe_event=render.describe_event)
    encoding = ENCODING
    view_types = VIEW_TYPES
    name = "Papayoo"
    min_players = 3
    max_players = 8
    options = (
        Option("rounds", "int", None,
               "Rounds to play (default: one per player, so each deals once; at most 40).",
               min=1, max=40),
    )
    random_sources = ("deal", "die")
    # ISMCTS iterations per move by default: the most that keeps a move well
    # under a second on one core (bench/ismcts_speed.py; docs/bots.md).
    search_iterations = 1000

    def convert_stacked(
        self, source: str, entry: Any, index: int, players: int, options: dict[str, Any]
    ) -> Any:
        where = f"stack {source} entry {index + 1}"
        if source == "die":
            if entry not in ("S", "H", "D", "C"):
                raise BadOption(f"{where}: a die face is one of S, H, D, C, not {entry!r}")
            return SUIT_LETTERS.index(entry)
        return self.convert_deal(entry, players, where)

    def convert_deal(self, entry: Any, players: int, where: str) -> list[int]:
        size = DEAL_TABLE[players][0]
        if not isinstance(entry, list) or len(entry) != players:
            raise BadOption(f"{where}: a deal is a list of {players} hands, seat 0 first")
        hands = []
        seen = 0
        for seat, hand in enumerate(entry):
            if not isinstance(hand, list) or len(hand) != size:
                raise BadOption(f"{where}: seat {seat} must get exactly {size} cards")
            mask = 0
            for code in hand:
                card = BY_CODE.get(code) if isinstance(code, str) else None
                if card is None or not deck_mask(players) >> card & 1:
                    raise BadOption(
                        f"{where}: {code!r} is not a card of the {players}-player deck")
                if (seen | mask) >> card & 1:
                    raise BadOption(f"{where}: {code} is dealt twice")
                mask |= 1 << card
            seen |= mask
            hands.append(mask)
        # Every hand has the table's size and no card repeats, so the whole deck is dealt.
        return hands


GAME = register(Papayoo())
