"""What a seat may know of a Muzicando state, cheap copies, and invariants."""

from __future__ import annotations

from typing import Any

from cardroom.core.events import Viewer
from cardroom.games.muzicando.actions import action_text
from cardroom.games.muzicando.cards import (
    BID_BY_TEXT,
    CODE,
    FULL_MASK,
    LAYOUT_LETTERS,
    LAYOUT_VALUE,
    PARTNERSHIP,
    bid_text,
    codes,
    contract_value,
    mask_of,
)
from cardroom.games.muzicando.fields import PARTNERSHIP_MODE, PHASE_PLAY, Fields


def _seats(mask: int, players: int) -> list[int]:
    return [s for s in range(players) if mask >> s & 1]


def copy_result(r: dict[str, Any]) -> dict[str, Any]:
    return {k: v[:] if isinstance(v, list) else v for k, v in r.items()}


def _or_none(value: int) -> int | None:
    return value if value >= 0 else None


class StateViews(Fields):
    def table_view(self, seat: Viewer) -> dict[str, Any]:
        n = self.players
        out: dict[str, Any] = {
            "mode": self.mode, "bidding": self.bids,
            "deal": min(self.deal_no + 1, self.deals), "deals": self.deals,
            "deals_done": self.deal_no,
            "dealer": self.dealer, "cards_each": self.hand_size,
            "teams": ([list(t) for t in PARTNERSHIP["teams"]]
                      if self.mode == PARTNERSHIP_MODE else None),
            "calls": [[s, action_text(a)] for s, a in self.calls],
            "contract": bid_text(self.contract) if self.contract >= 0 else None,
            "declarer": _or_none(self.declarer), "opener": _or_none(self.opener),
            "chooser": _or_none(self.chooser),
            "layout": LAYOUT_LETTERS[self.layout] if self.layout >= 0 else None,
            "table": self.table.to_view() if self.table is not None else None,
            "opened": self.opened,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "pile": len(self.pile),
            "blocked": _seats(self.blocked, n), "rest": _or_none(self.rest),
            "passed": _seats(self.passed, n), "out": self.places[:],
            "missing": [codes(m) for m in self.missing],
            "results": [copy_result(r) for r in self.results],
        }
        if seat is None:
            out["hands"] = [codes(h) for h in self.hands]
            out["pile_order"] = [CODE[c] for c in self.pile]
        elif isinstance(seat, int):
            out["hand"] = codes(self.hands[seat])
        return out

    def copy_into(self, c: Fields) -> None:
        self._clone_base(c)
        c.mode, c.bids, c.deals, c.deal_no = self.mode, self.bids, self.deals, self.deal_no
        c.dealer, c.totals, c.phase_name = self.dealer, self.totals[:], self.phase_name
        c.results = self.results[:]  # each record is never changed once made
        c.hand_size, c.hands, c.pile = self.hand_size, self.hands[:], self.pile[:]
        c.turn, c.calls = self.turn, self.calls[:]
        c.contract, c.declarer, c.opener = self.contract, self.declarer, self.opener
        c.chooser, c.layout, c.opened = self.chooser, self.layout, self.opened
        c.table = self.table.clone() if self.table is not None else None
        c.blocked, c.rest, c.passed = self.blocked, self.rest, self.passed
        c.places, c.missing = self.places[:], self.missing[:]

    # ----- invariants ------------------------------------------------------------
    def invariant_errors(self) -> list[str]:
        errors = self.card_errors()
        n = self.players
        if self.phase_name == PHASE_PLAY:
            active = self.active_mask()
            if self.blocked & ~active:
                errors.append("a seat that is out is still blocked")
            if self.blocked >> self.turn & 1:
                errors.append("the seat to play is blocked")
            if self.rest >= 0 and self.rest != self.turn:
                errors.append("the rest's player lost the turn while the rest lasts")
            if not self.hands[self.turn]:
                errors.append("the seat to play holds no card")
        if self.mode == PARTNERSHIP_MODE and (
                self.totals[0] != self.totals[2] or self.totals[1] != self.totals[3]):
            errors.append("partners' totals differ")
        for seat in range(n):
            if sum(r["points"][seat] for r in self.results) != self.totals[seat]:
                errors.append(f"seat {seat}'s total is not the sum of its deals")
        errors.extend(self.result_errors())
        return errors

    def card_errors(self) -> list[str]:
        held = 0
        errors = []
        for h in self.hands:
            if h & held:
                errors.append("a card is in two hands")
            held |= h
        pile = mask_of(self.pile)
        table = self.table.on_table() if self.table is not None else 0
        if len(set(self.pile)) != len(self.pile) or pile & held or table & (held | pile):
            errors.append("a card is in two places")
        if held | pile | table != FULL_MASK:
            errors.append("cards were lost: not all 56 are in hands, pile and table")
        return errors

    def result_errors(self) -> list[str]:
        """Team (or seat) scores equal place points plus or minus the contract."""
        errors = []
        for r in self.results:
            if r.get("cancelled"):
                side = [s for s, p in enumerate(r["points"]) if p]
                if any(r["points"][s] != -r["penalty"] for s in side) or not side:
                    errors.append(f"a cancelled deal scored {r['points']}")
            elif self.expected_points(r) != r["points"]:
                errors.append(f"deal {r['deal']} scored {r['points']}, not place points "
                              "plus or minus the contract")
        return errors

    def expected_points(self, r: dict[str, Any]) -> list[int]:
        n = self.players
        places: list[int] = r["place_points"]
        if r["contract"] is None:  # D13: the chooser adds the layout's value
            bonus = [0] * n
            bonus[r["chooser"]] = LAYOUT_VALUE[LAYOUT_LETTERS.index(r["layout"])]
            return [p + b for p, b in zip(places, bonus, strict=True)]
        value = contract_value(BID_BY_TEXT[r["contract"]]) * (1 if r["made"] else -1)
        if self.mode != PARTNERSHIP_MODE:
            return [p + (value if s == r["declarer"] else 0) for s, p in enumerate(places)]
        teams = [places[0] + places[2], places[1] + places[3]]
        teams[r["declarer"] % 2] += value
        return [teams[s % 2] for s in range(n)]
