"""Papayoo for learning tools: action index, length, observation fields
(documented on docs/games/papayoo.md, "Observation tensor")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardroom.core.encoding import Encoding, Field, Layout, Writer
from cardroom.core.views import View, seat_part
from cardroom.games.papayoo.actions import PASS
from cardroom.games.papayoo.cards import (
    BY_CODE,
    CARD_COUNT,
    DEAL_TABLE,
    ROUND_TOTAL,
    SUIT_LETTERS,
    deck_mask,
)
from cardroom.games.papayoo.fields import PHASE_OVER, PHASE_PASS, PHASE_PLAY
from cardroom.games.papayoo.viewtypes import PapayooSeatTable

PHASES: Final = (PHASE_PASS, PHASE_PLAY, PHASE_OVER)
ACTIONS: Final = PASS + CARD_COUNT  # play <card> then pass <card>: already dense


def rounds_of(players: int, options: Mapping[str, Any]) -> int:
    return int(options.get("rounds") or players)  # D2: one round per player by default


class PapayooEncoding(Encoding):
    def num_distinct_actions(self) -> int:
        return ACTIONS

    def action_index(self, action: int) -> int:
        if not 0 <= action < ACTIONS:
            raise ValueError(f"{action} is no Papayoo action")
        return action

    def action_from_index(self, index: int) -> int:
        return self.action_index(index)

    def max_game_length(self, players: int, options: Mapping[str, Any]) -> int:
        # Exact: every round each seat names its cards to pass, then the
        # whole deck is played one card per action.
        cards = deck_mask(players).bit_count()
        return rounds_of(players, options) * (players * DEAL_TABLE[players][1] + cards)

    def layout(self, players: int, options: Mapping[str, Any]) -> Layout:
        n = players
        return Layout([
            Field("phase", len(PHASES), "one-hot: pass, play, over"),
            Field("to_act", n, "1 for each relative seat that is to act"),
            Field("hand", CARD_COUNT, "1 for each card in the viewer's hand"),
            Field("chosen", CARD_COUNT, "cards the viewer has chosen to pass, not yet handed over"),
            Field("passed", CARD_COUNT, "cards the viewer passed this round"),
            Field("received", CARD_COUNT, "cards the viewer received this round"),
            Field("played", CARD_COUNT, "cards played this round (the trick included)"),
            Field("trick", n * CARD_COUNT,
                  "per relative seat, one-hot of the card it laid in the current trick"),
            Field("leader", n, "one-hot: the relative seat that leads (or will lead) the trick"),
            Field("dealer", n, "one-hot: the relative seat that dealt this round"),
            Field("papayoo", 4,
                  "one-hot suit of this round's Papayoo (S, H, D, C); 0 before the die"),
            Field("voids", n * 5,
                  "per relative seat, 1 for each suit (S, H, D, C, P) it showed void in"),
            Field("hand_sizes", n, "cards in each relative seat's hand / 20"),
            Field("taken_points", n, "points each relative seat took this round / 250"),
            Field("totals", n, "each relative seat's total so far / (250 x rounds)"),
            Field("round", 1, "rounds finished / rounds"),
        ])

    def fill(self, out: Writer, view: View[Any], seat: int) -> None:
        # Seats are written relative to the viewer: (s - seat) % n.
        _, t = seat_part(view, PapayooSeatTable)
        n = view.players
        out.one_hot("phase", PHASES.index(view.phase))
        out.bits("to_act", [(s - seat) % n for s in view.to_act])
        out.bits("hand", [BY_CODE[c] for c in t.hand])
        out.bits("chosen", [BY_CODE[c] for c in t.chosen])
        out.bits("passed", [BY_CODE[c] for c in t.passed])
        out.bits("received", [BY_CODE[c] for c in t.received])
        out.bits("played", [BY_CODE[c] for c in t.played])
        out.bits("trick", [(who - seat) % n * CARD_COUNT + BY_CODE[code]
                           for who, code in t.trick])
        out.set("leader", (t.leader - seat) % n)
        out.set("dealer", (t.dealer - seat) % n)
        if t.papayoo is not None:
            out.set("papayoo", SUIT_LETTERS.index(t.papayoo[-1]))
        for s, suits in enumerate(t.voids):
            base = (s - seat) % n * 5
            out.bits("voids", [base + SUIT_LETTERS.index(x) for x in suits])
        rounds = t.rounds
        hand_sizes, taken, scores = t.hand_sizes, t.taken_points, view.scores
        for s in range(n):
            r = (s - seat) % n
            out.set("hand_sizes", r, hand_sizes[s] / 20)
            out.set("taken_points", r, taken[s] / ROUND_TOTAL)
            out.set("totals", r, scores[s] / (ROUND_TOTAL * rounds))
        out.scalar("round", len(t.round_points), rounds)


ENCODING = PapayooEncoding()
