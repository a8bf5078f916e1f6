"""Love Formula for learning tools: action index, length cap, observation
fields (documented on docs/games/love-formula.md, "Observation tensor").

Cards are the 232 ints of the global catalog (every set, whatever the
options), so one layout serves every option set of a player count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import cardroom.games.love_formula.actions as act
from cardroom.core.encoding import ActionTable, Encoding, Field, Layout, Writer
from cardroom.core.views import View, seat_part
from cardroom.games.love_formula.cards.catalog import CAT, COUPLE, PREP
from cardroom.games.love_formula.cards.vocabulary import COUNTERS, ROUND_RULES
from cardroom.games.love_formula.fields import CHOICE_NAMES, PACK_SIZE, ROUNDS, STEP_NAMES
from cardroom.games.love_formula.viewtypes import Chance, Goals, LoveSeatTable, Zone

MAX_SEATS: Final = 4
C: Final = CAT.size
PHASES: Final = ("draft-1", "play-1", "draft-2", "play-2", "over")
TURN_DECISIONS: Final = 40  # the cap's allowance for one turn (see max_game_length)
HAND: Final = PACK_SIZE + 1  # the drafted cards and the Part-Time Job
VP_SCALE: Final = 30


def _all_actions() -> list[int]:
    cards = range(C)
    couples = [c for c in cards if CAT.type[c] == COUPLE]
    preps = [c for c in cards if CAT.type[c] == PREP]
    one_card = (act.DRAFT, act.SELECT, act.REACT, act.ATTACH, act.DISCARD, act.TAKE,
                act.REMOVE, act.DROP, act.DETACH)
    out = [act.make(kind, 0, c) for kind in one_card for c in cards]
    out += [act.make(kind) for kind in act.NO_ARG]
    out += [act.make(kind, 0, seat) for kind in act.SEAT_ARG for seat in range(MAX_SEATS)]
    out += [act.make(act.TARGET, seat, c) for seat in range(MAX_SEATS) for c in couples]
    out += [act.make(act.MOVE, p, c) for p in preps for c in couples]
    return out


TABLE: Final = ActionTable(_all_actions())


class LoveFormulaEncoding(Encoding):
    def num_distinct_actions(self) -> int:
        return len(TABLE)

    def action_index(self, action: int) -> int:
        return TABLE.index_of(action)

    def action_from_index(self, index: int) -> int:
        return TABLE.action_at(index)

    def max_game_length(self, players: int, options: Mapping[str, Any]) -> int:
        # Two drafts of 11 picks each (the last card comes unasked), two
        # play phases of 10 rounds: a selection and a turn per seat. A turn
        # (resolve, moves, drops, choices, the reaction window) is counted
        # as at most 40 decisions: a cap, as extra moves and chained
        # choices have no fixed bound.
        drafts = 2 * (PACK_SIZE - 1) * players
        return drafts + 2 * ROUNDS * players * (1 + TURN_DECISIONS)

    def layout(self, players: int, options: Mapping[str, Any]) -> Layout:
        n = players
        return Layout([
            Field("phase", len(PHASES), "one-hot: draft-1, play-1, draft-2, play-2, over"),
            Field("step", len(STEP_NAMES), "one-hot step: " + ", ".join(STEP_NAMES)),
            Field("choice", len(CHOICE_NAMES), "one-hot: the decision asked (0: none)"),
            Field("to_act", n, "1 for each relative seat that is to act"),
            Field("seats", 4 * n,
                  "one-hot relative seat of: turn, chooser, resolving card's player, its target"),
            Field("order", n, "each relative seat's place in this round's turn order / players"),
            Field("queue", n, "1 for each relative seat still to be asked in the reaction window"),
            Field("progress", 4,
                  "round / 10, pick / 12, deck size / 152, preparation moves left / 3"),
            Field("flags", 3, "the turn's card is resolved; it was cancelled; it was diverted"),
            Field("hand_sizes", n, "cards in each relative seat's hand / 13"),
            Field("pack_sizes", n, "cards in each relative seat's pack / 12"),
            Field("vp", 2 * n, "zone VP, then score, of each relative seat / 30"),
            Field("hand", C, "1 for each catalog card in the viewer's hand (job included)"),
            Field("pack", C, "1 for each card in the viewer's draft pack"),
            Field("mine", 2 * C, "one-hot: the viewer's draft pick, then its selection"),
            Field("discard", C, "1 for each card in the discard pile"),
            Field("table", n * C, "per relative seat, one-hot of its revealed selection"),
            Field("couples", n * C, "per relative seat, the couples in its zone"),
            Field("attached", n * C, "per relative seat, cards attached to couples in its zone"),
            Field("loose", n * C, "per relative seat, unattached preparations in its zone"),
            Field("hearts", C, "heart tokens on each card / 3"),
            Field("resolving", 2 * C, "one-hot: the card being resolved, then its target couple"),
            Field("known", n * C,
                  "per relative seat, hidden cards located in its hand (1 / places)"),
            Field("chance", 2 * C + len(ROUND_RULES) + 2 * n,
                  "Chance: the card of the round, the chance discard, round rules, extra moves / 3 "
                  "and chance VP / 10 per relative seat"),
            Field("goals", 2 * C + len(COUNTERS) * n,
                  "#RelationshipGoals: goals in the row, goals won or met by the viewer, then "
                  "per relative seat the three counters / 10"),
        ])

    def fill(self, out: Writer, view: View[Any], seat: int) -> None:
        # Seats are written relative to the viewer: (s - seat) % n.
        _, t = seat_part(view, LoveSeatTable)
        n = view.players
        by_id = CAT.by_id
        self._state(out, view, t, seat, n)
        self._own(out, t)
        for s, zone in enumerate(t.zones):
            self._zone(out, zone, (s - seat) % n * C)
        for s, card in enumerate(t.table):
            if card is not None:
                out.set("table", (s - seat) % n * C + by_id[card])
        out.bits("discard", [by_id[c] for c in t.discard])
        for item in t.known:
            where = item.places
            share = 1 / len(where)
            known = by_id[item.card]
            for p in where:
                if p.startswith("hand "):
                    out.set("known", (int(p[5:]) - seat) % n * C + known, share)
        if t.chance is not None:
            self._chance(out, t.chance, seat, n)
        if t.goals is not None:
            self._goals(out, t.goals, seat, n)

    def _state(self, out: Writer, view: View[Any], t: LoveSeatTable, seat: int,
               n: int) -> None:
        out.one_hot("phase", PHASES.index(view.phase))
        out.one_hot("step", STEP_NAMES.index(t.step))
        out.one_hot("choice", CHOICE_NAMES.index(t.choice or ""))
        out.bits("to_act", [(s - seat) % n for s in view.to_act])
        res = t.resolving
        seats = (t.turn, t.chooser, res.seat if res else None, res.target if res else None)
        for k, who in enumerate(seats):
            if who is not None:
                out.set("seats", k * n + (who - seat) % n)
        for place, s in enumerate(t.order):
            out.set("order", (s - seat) % n, (place + 1) / n)
        if res:
            out.bits("queue", [(s - seat) % n for s in res.queue])
        out.set("progress", 0, t.round / ROUNDS)
        out.set("progress", 1, t.pick / PACK_SIZE)
        out.set("progress", 2, t.deck_size / 152)
        out.set("progress", 3, t.moves / 3)
        out.set("flags", 0, t.resolved)
        out.set("flags", 1, res.cancelled if res else False)
        out.set("flags", 2, res.diverted if res else False)
        if res:
            out.set("resolving", CAT.by_id[res.card])
            if res.couple is not None:
                out.set("resolving", C + CAT.by_id[res.couple])
        scores = view.scores
        for s in range(n):
            r = (s - seat) % n
            out.set("hand_sizes", r, t.hand_sizes[s] / HAND)
            out.set("pack_sizes", r, t.pack_sizes[s] / PACK_SIZE)
            out.set("vp", r, t.zones[s].vp / VP_SCALE)
            out.set("vp", n + r, scores[s] / VP_SCALE)

    def _own(self, out: Writer, t: LoveSeatTable) -> None:
        by_id = CAT.by_id
        out.bits("hand", [by_id[c] for c in t.hand])
        out.bits("pack", [by_id[c] for c in t.pack])
        if t.picked is not None:
            out.set("mine", by_id[t.picked])
        if t.selected is not None:
            out.set("mine", C + by_id[t.selected])

    def _zone(self, out: Writer, zone: Zone, base: int) -> None:
        by_id = CAT.by_id
        for couple in zone.couples:
            out.set("couples", base + by_id[couple.card])
            for item in couple.attached:
                card = by_id[item.card]
                out.set("attached", base + card)
                out.set("hearts", card, (item.hearts or 0) / 3)
        out.bits("loose", [base + by_id[c] for c in zone.loose])

    def _chance(self, out: Writer, chance: Chance, seat: int, n: int) -> None:
        by_id = CAT.by_id
        if chance.card is not None:
            out.set("chance", by_id[chance.card])
        out.bits("chance", [C + by_id[c] for c in chance.discard])
        out.bits("chance", [2 * C + ROUND_RULES.index(r) for r in chance.rules])
        at = 2 * C + len(ROUND_RULES)
        seats = len(chance.vp)
        for s in range(seats):
            r = (s - seat) % n
            out.set("chance", at + r, chance.extra_moves[s] / 3)
            out.set("chance", at + seats + r, chance.vp[s] / 10)

    def _goals(self, out: Writer, goals: Goals, seat: int, n: int) -> None:
        for goal in goals.row:
            card = CAT.by_id[goal.goal]
            out.set("goals", card)
            if goal.won_by == seat or seat in goal.scored:
                out.set("goals", C + card)
        seats = len(goals.counters)
        for s, counts in enumerate(goals.counters):
            r = (s - seat) % n
            for k, name in enumerate(COUNTERS):
                out.set("goals", 2 * C + k * seats + r, getattr(counts, name) / 10)


ENCODING = LoveFormulaEncoding()
