"""The Papayoo rules machine (rules page: docs/games/papayoo.md).

Actions are ints: ``c`` plays card ``c``; ``PASS + c`` chooses card ``c`` to
pass. The phases of a round are ``pass`` (simultaneous) and ``play``.
"""

from __future__ import annotations

from typing import Any

from cardroom.core.events import Viewer
from cardroom.core.game import Result, State, rank
from cardroom.core.rng import Rng
from cardroom.games.papayoo.cards import (
    BY_CODE,
    CARD_COUNT,
    CODE,
    DEAL_TABLE,
    PAPAYOO_POINTS,
    PAYOO_POINTS,
    RANK,
    ROUND_TOTAL,
    SUIT,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_NAMES,
    cards_of,
    codes,
    deck_mask,
    papayoo_card,
    points,
)

PASS = CARD_COUNT  # action offset of "pass <card>"
PHASE_PASS, PHASE_PLAY, PHASE_OVER = "pass", "play", "over"


class PapayooState(State):
    dealer: int
    round_index: int
    rounds: int
    hand_size: int
    pass_count: int
    phase_name: str
    hands: list[int]
    chosen: list[int]
    waiting: list[int]
    passed: list[int]
    papayoo: int
    trick_seats: list[int]
    trick_cards: list[int]
    turn: int
    taken: list[int]
    voids: list[int]
    played: int
    totals: list[int]
    round_points: list[list[int]]

    # ----- set-up ----------------------------------------------------------
    def setup(self) -> None:
        n = self.players
        self.hand_size, self.pass_count = DEAL_TABLE[n]
        self.rounds = self.options["rounds"] or n  # D2: default one deal per seat
        self.round_index = 0
        self.dealer = 0  # D1: seat 0 deals the first round
        self.totals = [0] * n
        self.round_points = []
        self.start_round()

    def start_round(self) -> None:
        n = self.players
        self.hands = list(self.rng.draw("deal", self.random_deal))
        self.chosen = [0] * n
        self.passed = [0] * n
        self.waiting = list(range(n))
        self.papayoo = -1
        self.trick_seats, self.trick_cards = [], []
        self.turn = self.dealer
        self.taken = [0] * n
        self.voids = [0] * n
        self.played = 0
        self.phase_name = PHASE_PASS
        self.log.append(
            {"type": "deal", "round": self.round_index + 1, "dealer": self.dealer,
             "cards_each": self.hand_size, "pass_count": self.pass_count}
        )
        for seat in range(n):
            self.log.append({"type": "hand", "seat": seat, "cards": codes(self.hands[seat]),
                             "to": [seat]})

    def random_deal(self, rng: Rng) -> list[int]:
        deck = cards_of(deck_mask(self.players))
        rng.shuffle(deck)
        size = self.hand_size
        hands = []
        for seat in range(self.players):
            mask = 0
            for c in deck[seat * size:(seat + 1) * size]:
                mask |= 1 << c
            hands.append(mask)
        return hands

    # ----- the contract ----------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase_name == PHASE_PLAY:
            return [self.turn]
        return self.waiting

    def is_over(self) -> bool:
        return self.phase_name == PHASE_OVER

    def phase(self) -> str:
        return self.phase_name

    def legal_actions(self, seat: int) -> list[int]:
        if self.phase_name == PHASE_PLAY:
            if seat != self.turn:
                return []
            return cards_of(self.playable(seat))
        if self.phase_name == PHASE_PASS and seat in self.waiting:
            return [PASS + c for c in cards_of(self.hands[seat] & ~self.chosen[seat])]
        return []

    def playable(self, seat: int) -> int:
        hand = self.hands[seat]
        if self.trick_cards:
            follow = hand & SUIT_MASK[SUIT[self.trick_cards[0]]]
            if follow:
                return follow
        return hand

    def illegal_reason(self, seat: int, action: int) -> str | None:
        if self.phase_name == PHASE_PASS:
            return self.pass_reason(seat, action)
        if not 0 <= action < CARD_COUNT:
            return "the passing is over: play a card with 'play <card>'"
        if not self.hands[seat] >> action & 1:
            return f"you do not hold {CODE[action]}"
        if not self.playable(seat) >> action & 1:
            led = SUIT[self.trick_cards[0]]
            return (f"you must follow suit: {SUIT_NAMES[led]} were led and you hold "
                    f"{SUIT_NAMES[led]}, so play one of them")
        return None

    def pass_reason(self, seat: int, action: int) -> str | None:
        if not PASS <= action < PASS + CARD_COUNT:
            return (f"first every player passes {self.pass_count} cards to the left: "
                    "choose them with 'pass <card>'")
        card = action - PASS
        if self.chosen[seat] >> card & 1:
            return f"you have already chosen {CODE[card]} to pass"
        if not self.hands[seat] >> card & 1:
            return f"you do not hold {CODE[card]}"
        return None

    def _apply(self, seat: int, action: int) -> None:
        if action >= PASS:
            self.choose_pass(seat, action - PASS)
        else:
            self.play(seat, action)

    def action_text(self, action: int) -> str:
        if action >= PASS:
            return "pass " + CODE[action - PASS]
        return "play " + CODE[action]

    def parse_action(self, text: str) -> int | None:
        verb, _, arg = text.partition(" ")
        card = BY_CODE.get(arg.upper())
        if card is None:
            return None
        if verb == "play":
            return card
        if verb == "pass":
            return PASS + card
        return None

    # ----- passing ---------------------------------------------------------
    def choose_pass(self, seat: int, card: int) -> None:
        self.chosen[seat] |= 1 << card
        self.log.append({"type": "pass_card", "seat": seat, "card": CODE[card], "to": [seat]})
        if self.chosen[seat].bit_count() == self.pass_count:
            self.waiting = [s for s in self.waiting if s != seat]
            self.log.append({"type": "passed", "seat": seat})
            if not self.waiting:
                self.deliver_passes()

    def deliver_passes(self) -> None:
        n = self.players
        for seat in range(n):
            self.hands[seat] &= ~self.chosen[seat]
        for seat in range(n):
            left = (seat + 1) % n
            self.hands[left] |= self.chosen[seat]
            self.passed[seat] = self.chosen[seat]
            self.log.append({"type": "received", "seat": left, "from": seat,
                             "cards": codes(self.chosen[seat]), "to": [left, seat]})
        self.chosen = [0] * n
        self.roll_die()

    def roll_die(self) -> None:
        # Four suits, each on two faces of the die.
        suit: int = self.rng.draw("die", lambda rng: rng.below(8) // 2)
        self.papayoo = papayoo_card(suit)
        self.phase_name = PHASE_PLAY
        self.turn = self.dealer
        self.log.append({"type": "die", "suit": SUIT_LETTERS[suit],
                         "papayoo": CODE[self.papayoo]})

    # ----- tricks ----------------------------------------------------------
    def play(self, seat: int, card: int) -> None:
        if self.trick_cards and SUIT[card] != SUIT[self.trick_cards[0]]:
            self.voids[seat] |= 1 << SUIT[self.trick_cards[0]]
        self.hands[seat] ^= 1 << card
        self.played |= 1 << card
        self.trick_seats.append(seat)
        self.trick_cards.append(card)
        self.log.append({"type": "play", "seat": seat, "card": CODE[card]})
        if len(self.trick_cards) == self.players:
            self.finish_trick()
        else:
            self.turn = (seat + 1) % self.players

    def finish_trick(self) -> None:
        cards = self.trick_cards
        led = SUIT[cards[0]]
        best = 0
        for i in range(1, len(cards)):
            if SUIT[cards[i]] == led and RANK[cards[i]] > RANK[cards[best]]:
                best = i
        winner = self.trick_seats[best]
        value = sum(PAYOO_POINTS[c] for c in cards)
        if self.papayoo in cards:
            value += PAPAYOO_POINTS
        self.taken[winner] += value
        self.log.append({"type": "trick", "winner": winner,
                         "cards": [CODE[c] for c in cards], "points": value})
        self.trick_seats, self.trick_cards = [], []
        self.turn = winner
        if not self.hands[winner]:
            self.finish_round()

    def finish_round(self) -> None:
        points = self.taken[:]
        self.round_points.append(points)
        for seat, p in enumerate(points):
            self.totals[seat] += p
        self.round_index += 1
        self.log.append({"type": "round_end", "round": self.round_index,
                         "points": points, "totals": self.totals[:]})
        if self.round_index >= self.rounds:
            self.phase_name = PHASE_OVER
            self.log.append({"type": "game_end", "ranking": rank(self.totals, False),
                             "totals": self.totals[:]})
            return
        self.dealer = (self.dealer + 1) % self.players  # D1: the deal moves clockwise
        self.start_round()

    # ----- results and views ----------------------------------------------
    def scores(self) -> list[Any]:
        return self.totals[:]

    def result(self) -> Result:
        out = self.standing()
        out.detail["rounds"] = [p[:] for p in self.round_points]
        return out

    # The search horizon (cardroom.search.reward): a playout may stop when a
    # round is scored and stand on the totals so far (D2: lowest wins).
    def rounds_completed(self) -> int:
        return len(self.round_points)

    def standing(self) -> Result:
        return Result(rank(self.totals, higher_is_better=False), self.totals[:])

    def table_view(self, seat: Viewer) -> dict[str, Any]:
        n = self.players
        out: dict[str, Any] = {
            "round": min(self.round_index + 1, self.rounds),
            "rounds": self.rounds,
            "dealer": self.dealer,
            "pass_count": self.pass_count,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "papayoo": CODE[self.papayoo] if self.papayoo >= 0 else None,
            "trick": [[s, CODE[c]]
                      for s, c in zip(self.trick_seats, self.trick_cards, strict=True)],
            "leader": self.trick_seats[0] if self.trick_seats else self.turn,
            "turn": self.turn if self.phase_name == PHASE_PLAY else None,
            "played": codes(self.played),
            "taken_points": self.taken[:],
            "voids": [[SUIT_LETTERS[s] for s in range(5) if v >> s & 1] for v in self.voids],
            "round_points": [p[:] for p in self.round_points],
        }
        if seat is None:
            out["hands"] = [codes(h) for h in self.hands]
            out["chosen"] = [codes(c) for c in self.chosen]
            out["passed"] = [codes(p) for p in self.passed]
        elif isinstance(seat, int):
            out["hand"] = codes(self.hands[seat])
            out["chosen"] = codes(self.chosen[seat])
            out["passed"] = codes(self.passed[seat])
            right = (seat - 1) % n
            out["received"] = codes(self.passed[right]) if self.passed[right] else []
        return out

    def invariant_errors(self) -> list[str]:
        errors = []
        table = sum(1 << c for c in self.trick_cards)
        if table & ~self.played:
            errors.append("a card on the table is not marked as played")
        held = 0
        for h in self.hands:
            if h & (held | self.played):
                errors.append("a card is in two hands, or in a hand and played")
            held |= h
        if self.phase_name != PHASE_OVER and (held | self.played) != deck_mask(self.players):
            errors.append("cards were lost or created")
        if self.phase_name == PHASE_PLAY:
            remaining = sum(self.taken) + points(held | table, self.papayoo)
            if remaining != ROUND_TOTAL:
                errors.append(f"round points add up to {remaining}, not {ROUND_TOTAL}")
        if any(sum(p) != ROUND_TOTAL for p in self.round_points):
            errors.append("a round's scores do not sum to 250")
        return errors

    # ----- copying and resampling -----------------------------------------
    def clone(self) -> PapayooState:
        c = PapayooState.__new__(PapayooState)
        self._clone_base(c)
        c.dealer, c.round_index, c.rounds = self.dealer, self.round_index, self.rounds
        c.hand_size, c.pass_count, c.phase_name = self.hand_size, self.pass_count, self.phase_name
        c.hands, c.chosen, c.waiting = self.hands[:], self.chosen[:], self.waiting[:]
        c.passed, c.papayoo, c.turn = self.passed[:], self.papayoo, self.turn
        c.trick_seats, c.trick_cards = self.trick_seats[:], self.trick_cards[:]
        c.taken, c.voids, c.played = self.taken[:], self.voids[:], self.played
        c.totals = self.totals[:]
        c.round_points = [p[:] for p in self.round_points]
        return c
