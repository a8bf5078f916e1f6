"""Pile up: lay cards on six numbered columns by the dice; the third card takes them."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardroom.core.errors import BadOption
from cardroom.core.game import Game, GameParts
from cardroom.core.registry import register
from cardroom.games.pile_up import render
from cardroom.games.pile_up.bot import PileUpHeuristic
from cardroom.games.pile_up.cards import (
    BY_CODE,
    CARD_COUNT,
    COLOUR_CODES,
    DIE_FACES,
    TYPE_CODE,
    TYPE_COPIES,
    IdPool,
)
from cardroom.games.pile_up.encoding import ENCODING
from cardroom.games.pile_up.playout import choose as choose_playout
from cardroom.games.pile_up.playout import heuristic as play_heuristic
from cardroom.games.pile_up.sampler import determinize
from cardroom.games.pile_up.state import PileUpState
from cardroom.games.pile_up.viewtypes import VIEW_TYPES


class PileUp(Game):
    id = "pile-up"
    state_class = PileUpState
    parts = GameParts(determinize=determinize, heuristic=PileUpHeuristic,
                      render=render.render, describe_event=render.describe_event)
    encoding = ENCODING
    view_types = VIEW_TYPES
    name = "Pile up"
    min_players = 2
    max_players = 5
    options = ()
    random_sources = ("deck", "dice")
    # The long game's noisy playouts need more iterations (docs/bots.md).
    search_iterations = 3000
    # The heuristic's move stands unless the search clearly prefers another (docs/bots.md).
    search_prior = 0.15
    # Playouts follow the heuristic's rules of thumb one card ahead (playout.py).
    playout_policy = staticmethod(choose_playout)
    # The other seats move in the tree as the heuristic bot would (judgement.py, docs/bots.md).
    opponent_policy = staticmethod(play_heuristic)
    search_opponents = "policy"

    def convert_stacked(
        self, source: str, entry: Any, index: int, players: int, options: dict[str, Any]
    ) -> Any:
        where = f"stack {source} entry {index + 1}"
        if source == "dice":
            if isinstance(entry, bool) or not isinstance(entry, int) \
                    or not 1 <= entry <= DIE_FACES:
                raise BadOption(f"{where}: a die face is a whole number from 1 to "
                                f"{DIE_FACES}, not {entry!r}")
            return entry
        return self.convert_deck(entry, where)

    def convert_deck(self, entry: Any, where: str) -> list[int]:
        """A whole deck order, top first, as card ids."""
        if not isinstance(entry, list) or len(entry) != CARD_COUNT:
            raise BadOption(f"{where}: a deck order is a list of all {CARD_COUNT} card "
                            "codes, top card first")
        for code in entry:
            if not isinstance(code, str) or code.upper() not in BY_CODE:
                raise BadOption(f"{where}: {code!r} is not a card of the deck (a code is a "
                                f"number 1-6 and a colour, one of "
                                f"{', '.join(COLOUR_CODES)}: e.g. 3R)")
        entry = [code.upper() for code in entry]
        counts = Counter(entry)
        wrong = [f"{code} {counts[code]} times (the deck has {TYPE_COPIES[t]})"
                 for t, code in enumerate(TYPE_CODE) if counts[code] != TYPE_COPIES[t]]
        if wrong:
            raise BadOption(f"{where}: this order has " + ", ".join(wrong))
        pool = IdPool()
        return [pool.take(code) for code in entry]


GAME = register(PileUp())
