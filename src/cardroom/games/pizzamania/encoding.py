"""Pizzamania for learning tools: action index, length cap, observation
fields (documented on docs/games/pizzamania.md, "Observation tensor")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardroom.core.encoding import Encoding, Field, Layout, Writer
from cardroom.core.views import View, seat_part
from cardroom.games.pizzamania.actions import CONTINUE, PASS, STOP
from cardroom.games.pizzamania.cards import (
    BASE_BY_CODE,
    BASE_CODES,
    BASE_COUNT,
    BASE_TOTAL,
    CHEFS,
    COPIES,
    HIGHEST,
    TOPPING_TOTAL,
    deal_size,
)
from cardroom.games.pizzamania.fields import PHASE_CHOOSE, PHASE_OVER, PHASE_PLAY
from cardroom.games.pizzamania.rules.facts import place
from cardroom.games.pizzamania.viewtypes import PizzamaniaSeatTable

PHASES: Final = (PHASE_PLAY, PHASE_CHOOSE, PHASE_OVER)
# play <value> is the value itself (PASS is 0); the two choices of the
# endless game (negative ints) come after the highest value.
CHOICES: Final = (CONTINUE, STOP)
ACTIONS: Final = HIGHEST + 1 + len(CHOICES)
MOST_COPIES: Final = max(COPIES.values())
KINDS: Final = len(BASE_CODES)
CHEF_IDS: Final = tuple(c.id for c in CHEFS)
# Dead bases in a row: at most the non-x1 bases at the end of one base deck
# and at the start of the next (D6, D7, D11).
DEAD_RUN: Final = 2 * (BASE_TOTAL - BASE_COUNT[0])
ENDLESS_ROUNDS: Final = 20  # the cap's allowance for the endless game (D12)


def rounds_of(options: Mapping[str, Any]) -> int:
    if options.get("simple"):
        return 1
    return int(options["rounds"]) or ENDLESS_ROUNDS


class PizzamaniaEncoding(Encoding):
    def num_distinct_actions(self) -> int:
        return ACTIONS

    def action_index(self, action: int) -> int:
        if action in CHOICES:
            return HIGHEST + 1 + CHOICES.index(action)
        if not PASS <= action <= HIGHEST:
            raise ValueError(f"{action} is no Pizzamania action")
        return action

    def action_from_index(self, index: int) -> int:
        if not 0 <= index < ACTIONS:
            raise ValueError(f"action index {index} is out of 0..{ACTIONS - 1}")
        return index if index <= HIGHEST else CHOICES[index - HIGHEST - 1]

    def max_game_length(self, players: int, options: Mapping[str, Any]) -> int:
        # Per round: every play sheds a topping; each seat passes at most
        # once per base; every live base gets a play and follows at most
        # DEAD_RUN dead ones. Exact bound except the endless game's rounds.
        toppings = deal_size(players) * players
        per_round = toppings + players * (DEAD_RUN + 1) * toppings + players
        return rounds_of(options) * per_round

    def layout(self, players: int, options: Mapping[str, Any]) -> Layout:
        n, v = players, HIGHEST
        return Layout([
            Field("phase", len(PHASES), "one-hot: play, choose (endless game), over"),
            Field("to_act", n, "1 for each relative seat that is to act"),
            Field("turn", n, "one-hot: the relative seat whose turn it is"),
            Field("turner", n, "one-hot: the relative seat that turned the current base"),
            Field("hand", v, "copies of each value 1-12 in the viewer's hand / 4"),
            Field("played", n * v,
                  "per relative seat, copies of each value it played this round / 4"),
            Field("unseen", v,
                  "copies of each value neither in the hand nor played this round / 4"),
            Field("base", KINDS, "one-hot: the current base (x1, x2, x3)"),
            Field("top", v, "one-hot: the value on top of the current base"),
            Field("top_seat", n, "one-hot: the relative seat that made the top play"),
            Field("passed", n, "1 for each relative seat that passed on this base"),
            Field("finished", n,
                  "each relative seat's finish place this round / players (0: playing)"),
            Field("hand_sizes", n, "toppings in each relative seat's hand / the deal size"),
            Field("set_aside", 1, "toppings set aside this round / 48"),
            Field("base_deck", KINDS + 1,
                  "bases of each kind left in the base deck / their count, then deck size / 28"),
            Field("chefs", len(CHEF_IDS) * n,
                  "per chef card (nonna, pro, novice, loser), one-hot holder"),
            Field("exchange", 2 * v,
                  "toppings the viewer gave, then received, in this round's exchange / 4"),
            Field("last_places", n, "each relative seat's place in the previous round / players"),
            Field("wins", n, "rounds each relative seat won / rounds in the game"),
            Field("round", 2, "rounds finished / rounds (endless game: / 20); 1 in the last round"),
            Field("choices", 2 * n, "per relative seat, continue / stop once seen (endless game)"),
        ])

    def fill(self, out: Writer, view: View[Any], seat: int) -> None:
        # Seats are written relative to the viewer: (s - seat) % n.
        _, t = seat_part(view, PizzamaniaSeatTable)
        n = view.players
        out.one_hot("phase", PHASES.index(view.phase))
        out.bits("to_act", [(s - seat) % n for s in view.to_act])
        if t.turn is not None:
            out.set("turn", (t.turn - seat) % n)
        out.set("turner", (t.turner - seat) % n)
        self._toppings(out, seat, n, t)
        out.set("base", BASE_BY_CODE[t.base])
        if t.pile:
            who, value = t.pile[-1]
            out.set("top", value - 1)
            out.set("top_seat", (who - seat) % n)
        out.bits("passed", [(s - seat) % n for s in t.passed])
        for s, finish in enumerate(t.places):
            if finish is not None:
                out.set("finished", (s - seat) % n, finish / n)
        deal = deal_size(n)
        for s in range(n):
            out.set("hand_sizes", (s - seat) % n, t.hand_sizes[s] / deal)
        out.scalar("set_aside", t.set_aside, TOPPING_TOTAL)
        makeup = t.base_deck_makeup
        for k, code in enumerate(BASE_CODES):
            out.set("base_deck", k, makeup.get(code, 0) / BASE_COUNT[k])
        out.set("base_deck", KINDS, t.base_deck / BASE_TOTAL)
        for chef, holder in t.chefs.items():
            out.set("chefs", CHEF_IDS.index(chef) * n + (holder - seat) % n)
        self._rounds(out, seat, n, view, t)

    def _toppings(self, out: Writer, me: int, n: int, t: PizzamaniaSeatTable) -> None:
        share = 1 / MOST_COPIES
        unseen = dict(COPIES)
        for value in t.hand:
            out.add("hand", value - 1, share)
            unseen[value] -= 1
        for s, values in enumerate(t.played):
            base = (s - me) % n * HIGHEST - 1
            for value in values:
                out.add("played", base + value, share)
                unseen[value] -= 1
        for value, left in unseen.items():
            out.set("unseen", value - 1, left / MOST_COPIES)
        for ex in t.exchanges:
            cards = ex.cards
            if cards is None:
                continue
            for value in cards:
                if ex.giver == me:
                    out.add("exchange", value - 1, share)
                if ex.receiver == me:
                    out.add("exchange", HIGHEST + value - 1, share)

    def _rounds(self, out: Writer, seat: int, n: int, view: View[Any],
                t: PizzamaniaSeatTable) -> None:
        orders = t.orders
        rounds = rounds_of(view.options)
        if orders:
            last = orders[-1]
            for s in last:
                out.set("last_places", (s - seat) % n, place(last, s) / n)
        for order in orders:
            out.add("wins", (order[0] - seat) % n, 1 / rounds)
        out.set("round", 0, len(orders) / rounds)
        out.set("round", 1, t.rounds > 0 and t.round == t.rounds)
        for s, choice in enumerate(t.choices):
            if choice is not None:
                out.set("choices", 2 * ((s - seat) % n) + (choice == "stop"))


ENCODING = PizzamaniaEncoding()
