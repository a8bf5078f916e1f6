"""Pile up for learning tools: action index, length cap, observation fields
(documented on docs/games/pile-up.md, "Observation tensor")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardroom.core.encoding import Encoding, Field, Layout, Writer
from cardroom.core.views import View, seat_part
from cardroom.games.pile_up.actions import ACTION_COUNT
from cardroom.games.pile_up.cards import BY_CODE, CARD_COUNT, DIE_FACES, TYPES
from cardroom.games.pile_up.fields import (
    PHASE_AVOID,
    PHASE_GIVE,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_PUSH,
    PHASE_TAKE,
)
from cardroom.games.pile_up.viewtypes import Column, Give, PileUpSeatTable, Push

PHASES: Final = (PHASE_PLAY, PHASE_GIVE, PHASE_TAKE, PHASE_PUSH, PHASE_AVOID, PHASE_OVER)
COPIES: Final = 3  # the most copies of one type; counts are divided by it
HAND: Final = 6
# The cap on game length (see max_game_length).
TRIPLES_ALLOWED: Final = 10
TURN_DECISIONS: Final = 3 * DIE_FACES  # giving after a triple of 6s: the longest turn
PUSH_DECISIONS: Final = 5


class PileUpEncoding(Encoding):
    def num_distinct_actions(self) -> int:
        return ACTION_COUNT

    def action_index(self, action: int) -> int:
        if not 0 <= action < ACTION_COUNT:
            raise ValueError(f"{action} is no Pile up action")
        return action  # the action ints are already dense

    def action_from_index(self, index: int) -> int:
        return self.action_index(index)

    def max_game_length(self, players: int, options: Mapping[str, Any]) -> int:
        # A turn of a seat holding cards uses up a card of the pile or of a
        # hand, except a triple's turn; while anyone holds cards every round
        # of turns has such a turn. So turns <= players x (cards + triples).
        # A turn takes at most 18 decisions plus its push chain. Triples and
        # push-ons (a die showing the column) can repeat without end: the
        # cap allows 10 triples and chains of 5 pushes.
        turns = players * (CARD_COUNT + TRIPLES_ALLOWED)
        return turns * (TURN_DECISIONS + PUSH_DECISIONS)

    def layout(self, players: int, options: Mapping[str, Any]) -> Layout:
        n = players
        return Layout([
            Field("phase", len(PHASES), "one-hot: play, give, take, push, avoid, over"),
            Field("to_act", n, "1 for each relative seat that is to act"),
            Field("turn", n, "one-hot: the relative seat whose turn it is"),
            Field("dice", DIE_FACES, "per face 1-6, how many of the three dice show it / 3"),
            Field("number", DIE_FACES, "one-hot: the number being played this turn"),
            Field("placed", 1, "cards laid this turn / 6"),
            Field("last", TYPES, "one-hot: the type of the card laid last this turn"),
            Field("flags", 2, "the column was armed when this play began; laying from minus cards"),
            Field("hand", TYPES, "copies of each card type in the viewer's hand / 3"),
            Field("column_cards", DIE_FACES * TYPES, "per column, copies of each type on it / 3"),
            Field("column_visible", DIE_FACES, "per column, visible cards (stacks) / 6"),
            Field("column_top", DIE_FACES * TYPES,
                  "per column, one-hot type of its last visible card"),
            Field("armed", DIE_FACES, "1 for each armed column"),
            Field("minus", n * TYPES,
                  "per relative seat, copies of each type among its minus cards / 3"),
            Field("known", n * TYPES, "per relative seat, shown hand cards still in its hand / 3"),
            Field("hand_sizes", n, "cards in each relative seat's hand / 6"),
            Field("scores", n, "minus cards of each relative seat / 66"),
            Field("pile", 1, "cards in the draw pile / 66"),
            Field("give", 1 + n,
                  "after a triple: cards still to give / 18, then one-hot next taker"),
            Field("push_cards", TYPES, "cards being pushed, copies per type / 3"),
            Field("push_seats", 2 * n, "one-hot: who pushed them, then who chooses now"),
            Field("push_die", DIE_FACES, "one-hot: the avoiding die just rolled"),
        ])

    def fill(self, out: Writer, view: View[Any], seat: int) -> None:
        # Seats are written relative to the viewer: (s - seat) % n.
        _, t = seat_part(view, PileUpSeatTable)
        n = view.players
        out.one_hot("phase", PHASES.index(view.phase))
        out.bits("to_act", [(s - seat) % n for s in view.to_act])
        out.set("turn", (t.turn - seat) % n)
        for face in t.dice:
            out.add("dice", face - 1, 1 / 3)
        if t.number:
            out.set("number", t.number - 1)
        out.scalar("placed", t.placed, HAND)
        if t.last is not None:
            out.set("last", BY_CODE[t.last])
        out.set("flags", 0, t.armed_before)
        out.set("flags", 1, t.from_minus)
        counts(out, "hand", t.hand, 0)
        self._columns(out, t.columns)
        scores = view.scores
        for s in range(n):
            r = (s - seat) % n
            counts(out, "minus", t.minus[s], r * TYPES)
            counts(out, "known", t.known[s], r * TYPES)
            out.set("hand_sizes", r, t.hand_sizes[s] / HAND)
            out.set("scores", r, scores[s] / CARD_COUNT)
        out.scalar("pile", t.pile_size, CARD_COUNT)
        self._give(out, t.give, seat, n)
        self._push(out, t.push, seat, n)

    def _columns(self, out: Writer, columns: Sequence[Column]) -> None:
        for i, column in enumerate(columns):
            stacks = column.stacks
            for code, count in stacks:
                out.add("column_cards", i * TYPES + BY_CODE[code], count / COPIES)
            out.set("column_visible", i, len(stacks) / HAND)
            if stacks:
                out.set("column_top", i * TYPES + BY_CODE[stacks[-1][0]])
            out.set("armed", i, column.armed)

    def _give(self, out: Writer, give: Give | None, seat: int, n: int) -> None:
        if give is not None:
            out.set("give", 0, give.left / TURN_DECISIONS)
            out.set("give", 1 + (give.next - seat) % n)

    def _push(self, out: Writer, push: Push | None, seat: int, n: int) -> None:
        if push is None:
            return
        counts(out, "push_cards", push.cards, 0)
        out.set("push_seats", (push.from_ - seat) % n)
        out.set("push_seats", n + (push.chooser - seat) % n)
        if push.die:
            out.set("push_die", push.die - 1)


def counts(out: Writer, name: str, codes: Sequence[str], base: int) -> None:
    """A third more at ``base`` + each card's type for each card."""
    for code in codes:
        out.add(name, base + BY_CODE[code], 1 / COPIES)


ENCODING = PileUpEncoding()
