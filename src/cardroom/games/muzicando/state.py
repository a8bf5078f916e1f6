"""The Muzicando rules machine (rules page: docs/games/muzicando.md).

A deal is bid (partnership game, or D14) or chosen (individual game), then
played out on one of the four layouts (turns.py); deals repeat until the
agreed number is complete. Actions are ints (actions.py).
"""

from __future__ import annotations

from typing import Any

from cardroom.core.game import Result, rank
from cardroom.games.muzicando import actions as act
from cardroom.games.muzicando.actions import BID, CHOOSE, PASS, is_bid, is_choose
from cardroom.games.muzicando.cards import (
    ANY_OPENING,
    BIDS,
    CODE,
    INDIVIDUAL,
    LAYOUT_LETTERS,
    LAYOUT_NAMES,
    OPENING_MASK,
    OPENS_WITH,
    PARTNERSHIP,
    bid_layout,
    bid_text,
    codes,
    contract_value,
)
from cardroom.games.muzicando.deal import (
    cards_each,
    deal_count,
    game_mode,
    random_hands,
    random_pile,
    uses_bidding,
)
from cardroom.games.muzicando.fields import (
    PARTNERSHIP_MODE,
    PHASE_BIDDING,
    PHASE_CHOOSING,
    PHASE_OVER,
    PHASE_PLAY,
)
from cardroom.games.muzicando.layout import new_table
from cardroom.games.muzicando.scoring import (
    chooser_bonus,
    contract_bonus,
    penalty,
    place_points,
    team_points,
)
from cardroom.games.muzicando.turns import PlayRules
from cardroom.games.muzicando.views import StateViews, copy_result

BID_ORDER = "1S < 1G < 1P < 1M < 2S < ... < 4M"


class MuzicandoState(StateViews, PlayRules):
    # ----- set-up ------------------------------------------------------------
    def setup(self) -> None:
        n = self.players
        self.mode = game_mode(self.options, n)
        self.bids = uses_bidding(self.options, n)
        self.deals = deal_count(self.options, n)
        self.hand_size = cards_each(self.options, n)
        self.deal_no = 0
        self.dealer = 0  # D8, D11: seat 0 deals first
        self.totals = [0] * n
        self.results = []
        self.start_deal()

    def start_deal(self) -> None:
        while True:
            self.deal_cards()
            if self.bids:
                self.phase_name = PHASE_BIDDING
                self.turn = (self.dealer + 1) % self.players
                return
            if self.find_chooser():
                return
            # L8: nobody can open any layout: the same dealer deals again.
            self.log.append({"type": "redeal", "dealer": self.dealer})

    def deal_cards(self) -> None:
        n, rng, size = self.players, self.rng, self.hand_size
        self.hands = list(rng.draw("deal", lambda r: random_hands(r, n, size)))
        self.pile = []
        if n * size < len(CODE):
            self.pile = list(rng.draw("pile", lambda r: random_pile(r, self.hands)))
        self.calls, self.places = [], []
        self.contract = self.declarer = self.opener = self.chooser = self.layout = -1
        self.table, self.opened = None, False
        self.blocked, self.rest, self.passed = 0, -1, 0
        self.missing = [0] * n
        self.log.append({"type": "deal", "deal": self.deal_no + 1, "dealer": self.dealer,
                         "cards_each": size, "pile": len(self.pile)})
        for seat in range(n):
            self.log.append({"type": "hand", "seat": seat, "cards": codes(self.hands[seat]),
                             "to": [seat]})

    # ----- the contract ------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase_name == PHASE_OVER else [self.turn]

    def is_over(self) -> bool:
        return self.phase_name == PHASE_OVER

    def phase(self) -> str:
        return self.phase_name

    def legal_actions(self, seat: int) -> list[int]:
        if self.phase_name == PHASE_OVER or seat != self.turn:
            return []
        if self.phase_name == PHASE_BIDDING:
            return self.bid_actions()
        if self.phase_name == PHASE_CHOOSING:
            return self.choose_actions(seat)
        return self.play_actions(seat)

    def illegal_reason(self, seat: int, action: int) -> str | None:
        if self.phase_name == PHASE_BIDDING:
            return self.bid_reason(action)
        if self.phase_name == PHASE_CHOOSING:
            return self.choose_reason(seat, action)
        return self.play_reason(seat, action)

    def _apply(self, seat: int, action: int) -> None:
        if self.phase_name == PHASE_BIDDING:
            self.call(seat, action)
        elif self.phase_name == PHASE_CHOOSING:
            self.choose(seat, action - CHOOSE)
        elif action == PASS:
            self.play_pass(seat)
        else:
            self.play_card(seat, action)

    def action_text(self, action: int) -> str:
        return act.action_text(action)

    def parse_action(self, text: str) -> int | None:
        return act.parse_action(text)

    # ----- bidding -------------------------------------------------------------
    def high_bid(self) -> tuple[int, int]:
        for seat, action in reversed(self.calls):
            if action != PASS:
                return action - BID, seat
        return -1, -1

    def forced(self) -> bool:
        """After all players pass, the player left of the dealer must bid."""
        return len(self.calls) >= self.players and self.high_bid()[0] < 0

    def bid_actions(self) -> list[int]:
        out = [] if self.forced() else [PASS]
        return out + [BID + b for b in range(self.high_bid()[0] + 1, BIDS)]

    def bid_reason(self, action: int) -> str | None:
        if action == PASS:
            if self.forced():
                return ("everyone passed, so as the player left of the dealer you must "
                        "now bid a contract")
            return None
        if not is_bid(action):
            return "the bidding is on: call 'bid <level><layout>' (e.g. 'bid 1S') or 'pass'"
        high = self.high_bid()[0]
        if action - BID <= high:
            return f"your bid must be higher than {bid_text(high)} ({BID_ORDER})"
        return None

    def call(self, seat: int, action: int) -> None:
        self.calls.append((seat, action))
        self.log.append({"type": "call", "seat": seat, "call": act.action_text(action)})
        high, high_seat = self.high_bid()
        trailing = 0
        for _, a in reversed(self.calls):
            if a != PASS:
                break
            trailing += 1
        # A bid followed by a pass from everyone else (three with four players, L9).
        if high >= 0 and trailing == self.players - 1:
            self.finish_bidding(high, high_seat)
            return
        if high < 0 and len(self.calls) == self.players:
            self.log.append({"type": "forced_bid", "seat": (self.dealer + 1) % self.players})
        self.turn = (seat + 1) % self.players

    def finish_bidding(self, contract: int, declarer: int) -> None:
        layout = bid_layout(contract)
        side = self.side_of(declarer)
        self.opener = next(s for s, a in self.calls
                           if s in side and a != PASS and bid_layout(a - BID) == layout)
        self.contract, self.declarer, self.layout = contract, declarer, layout
        if self.mode != PARTNERSHIP_MODE:
            self.chooser = declarer  # D14: the declarer deals next
        self.log.append({"type": "contract", "contract": bid_text(contract),
                         "declarer": declarer, "side": side, "opener": self.opener})
        if self.hands[self.opener] & OPENING_MASK[layout]:
            self.start_play(self.opener)
        else:
            self.fail_opening(side)

    def fail_opening(self, side: list[int]) -> None:
        """D9: the opener cannot open; the deal is cancelled and does not count
        (L7); an individual declarer loses 11, the rulebook's individual penalty (L9)."""
        partnership = self.mode == PARTNERSHIP_MODE
        amount = PARTNERSHIP["failure_penalty"] if partnership else INDIVIDUAL["failure_penalty"]
        points = penalty(side, amount, self.players)
        self.add_result(points, {"cancelled": True, "penalty": amount})
        self.log.append({"type": "failed_opening", "seat": self.opener,
                         "contract": bid_text(self.contract), "penalty": amount,
                         "points": points, "totals": self.totals[:]})
        self.next_deal()

    # ----- choosing (individual game) ----------------------------------------
    def find_chooser(self) -> bool:
        """D12: the first seat from the dealer's left that can open a layout."""
        n = self.players
        for k in range(1, n + 1):
            seat = (self.dealer + k) % n
            if self.hands[seat] & ANY_OPENING:
                self.phase_name, self.turn = PHASE_CHOOSING, seat
                return True
            self.missing[seat] |= ANY_OPENING
            self.log.append({"type": "cannot_choose", "seat": seat})
        return False

    def choose_actions(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        return [CHOOSE + x for x in range(len(LAYOUT_LETTERS)) if hand & OPENING_MASK[x]]

    def choose_reason(self, seat: int, action: int) -> str | None:
        if not is_choose(action):
            return ("you choose the layout and open it: 'choose S', 'choose G', "
                    "'choose P' or 'choose M'")
        layout = action - CHOOSE
        if not self.hands[seat] & OPENING_MASK[layout]:
            return (f"you cannot open {LAYOUT_NAMES[layout]}: it opens with "
                    f"{OPENS_WITH[layout]} and "
                    "you hold none (D12)")
        return None

    def choose(self, seat: int, layout: int) -> None:
        self.layout, self.chooser = layout, seat
        self.log.append({"type": "choose", "seat": seat, "layout": LAYOUT_LETTERS[layout]})
        self.start_play(seat)

    # ----- play and the end of a deal -------------------------------------------
    def start_play(self, opener: int) -> None:
        self.opener = opener
        self.table = new_table(self.layout)
        self.phase_name, self.turn = PHASE_PLAY, opener

    def end_deal(self, stuck: bool) -> None:
        order = self.places + self.remaining_order(self.turn)
        stuck_seat = order[-1] if stuck else -1
        if stuck:
            self.log.append({"type": "stuck", "seat": stuck_seat,
                             "cards_left": [len(self.hand_codes(s)) for s in range(self.players)]})
        n = self.players
        partnership = self.mode == PARTNERSHIP_MODE
        places = place_points(order, stuck_seat, n, partnership)
        detail: dict[str, Any] = {"places": order, "stuck": stuck_seat if stuck else None,
                                  "place_points": places}
        if partnership:
            made = order[0] in self.side_of(self.declarer)
            teams = team_points(places)
            value = contract_value(self.contract)
            teams[self.declarer % 2] += value if made else -value
            points = [teams[s % 2] for s in range(n)]
            detail.update(made=made, team_points=teams)
        else:
            if self.bids:
                made = order[0] == self.declarer
                extra = contract_bonus([self.declarer], self.contract, made, n)
                detail["made"] = made
            else:
                extra = chooser_bonus(self.chooser, self.layout, n)
            points = [p + e for p, e in zip(places, extra, strict=True)]
        self.deal_no += 1
        self.add_result(points, detail)
        self.log.append({"type": "deal_end", **self.results[-1], "totals": self.totals[:]})
        self.next_deal()

    def add_result(self, points: list[int], detail: dict[str, Any]) -> None:
        for seat, p in enumerate(points):
            self.totals[seat] += p
        self.results.append({
            "deal": self.deal_no if not detail.get("cancelled") else None,
            "dealer": self.dealer, "layout": LAYOUT_LETTERS[self.layout],
            "contract": bid_text(self.contract) if self.contract >= 0 else None,
            "declarer": self.declarer if self.declarer >= 0 else None,
            "chooser": self.chooser if self.chooser >= 0 else None,
            "opener": self.opener, **detail, "points": points,
        })

    def next_deal(self) -> None:
        if self.mode == PARTNERSHIP_MODE:
            self.dealer = (self.dealer + 1) % self.players  # D8
        else:
            self.dealer = self.chooser  # D11: the chooser deals next
        if self.deal_no >= self.deals:
            self.phase_name = PHASE_OVER
            self.log.append({"type": "game_end", "ranking": rank(self.totals, True),
                             "totals": self.totals[:]})
            return
        self.start_deal()

    # ----- results -------------------------------------------------------------
    def scores(self) -> list[Any]:
        return self.totals[:]

    def result(self) -> Result:
        out = self.standing()
        out.detail["deals"] = [copy_result(r) for r in self.results]
        out.detail["mode"] = self.mode
        if self.mode == PARTNERSHIP_MODE:
            out.detail["team_scores"] = [self.totals[0], self.totals[1]]
        return out

    # The search horizon (cardroom.search.reward): a playout may stop when a
    # deal is scored or cancelled (D9) and stand on the totals so far.
    def rounds_completed(self) -> int:
        return len(self.results)

    def standing(self) -> Result:
        return Result(rank(self.totals, True), self.totals[:])

    def clone(self) -> MuzicandoState:
        c = MuzicandoState.__new__(MuzicandoState)
        self.copy_into(c)
        return c
