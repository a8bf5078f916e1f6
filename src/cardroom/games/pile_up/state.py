"""The Pile up rules machine (our rules page: docs/games/pile-up.md).

A turn: roll three dice; on a triple give minus cards away (D4); otherwise
lay cards of one rolled number on its column one action at a time, or, with
nothing playable, reveal the hand and take one card; then refill to six.
What a play does is settled when it ends, by the last card laid.
"""

from __future__ import annotations

from typing import Any

from cardroom.core.events import Viewer
from cardroom.core.game import Result, State, rank
from cardroom.core.rng import Rng
from cardroom.games.pile_up import legal, view
from cardroom.games.pile_up.actions import (
    GIVE,
    KEEP,
    PLACE,
    PUSH,
    STACK,
    TAKE,
    action_text,
    parse_action,
)
from cardroom.games.pile_up.cards import (
    CARD_COUNT,
    CODE,
    DIE_FACES,
    EFFECT_ARM,
    EFFECT_PUSH,
    NUMBER_MASK,
    NUMBERS,
    TYPE_CODE,
    TYPE_EFFECT,
    TYPE_NUMBER,
    codes,
    numbers_mask,
    one_of,
    type_of_mask,
)
from cardroom.games.pile_up.rules import (
    DICE,
    HAND_SIZE,
    PHASE_AVOID,
    PHASE_GIVE,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_PUSH,
    PHASE_TAKE,
    TAKE_AT,
    column_cards,
)


class PileUpState(State):
    hands: list[int]
    known: list[int]  # per seat: hand cards everyone knows of (a revealed hand)
    minus: list[int]
    pile: list[int]  # card ids, top of the pile last
    columns: list[list[int]]  # per number - 1: the visible cards, each a stack mask
    armed: int  # bit number - 1: a black card armed that column
    turn: int
    phase_name: str
    dice: list[int]
    from_minus: bool  # the turn's player has no hand and lays a minus card
    number: int  # the number being played this turn (0: no card laid yet)
    placed: int
    last: int  # type of the last card laid this turn (-1: none)
    armed_before: bool  # the played column was armed when this play began
    give_left: int
    give_next: int
    push_cards: int  # cards on their way to a player
    push_number: int
    push_from: int
    push_die: int
    chooser: int  # who names the next push target (or keeps)

    # ----- set-up ----------------------------------------------------------
    def setup(self) -> None:
        n = self.players
        order: list[int] = self.rng.draw("deck", self.random_deck)
        self.hands = [0] * n
        for i in range(HAND_SIZE * n):  # D2: one card at a time, seat 0 first
            self.hands[i % n] |= 1 << order[i]
        self.pile = order[HAND_SIZE * n:][::-1]
        self.known, self.minus = [0] * n, [0] * n
        self.columns = [[] for _ in NUMBERS]
        self.armed = 0
        self.dice = []
        self.reset_play()
        self.give_left, self.give_next = 0, -1
        self.push_cards, self.push_number, self.push_from, self.push_die = 0, 0, -1, 0
        self.chooser = -1
        self.log.append({"type": "deal", "hand_size": HAND_SIZE, "pile": len(self.pile)})
        for seat in range(n):
            self.log.append({"type": "hand", "seat": seat, "cards": codes(self.hands[seat]),
                             "to": [seat]})
        self.begin_turn(0)  # D3: seat 0 starts

    @staticmethod
    def random_deck(rng: Rng) -> list[int]:
        order = list(range(CARD_COUNT))
        rng.shuffle(order)
        return order

    def reset_play(self) -> None:
        self.number, self.placed, self.last, self.armed_before = 0, 0, -1, False

    def die(self) -> int:
        face: int = self.rng.draw("dice", lambda rng: rng.below(DIE_FACES) + 1)
        return face

    # ----- the contract ----------------------------------------------------
    def actor(self) -> int:
        if self.phase_name in (PHASE_PUSH, PHASE_AVOID):
            return self.chooser
        return -1 if self.phase_name == PHASE_OVER else self.turn

    def to_act(self) -> list[int]:
        actor = self.actor()
        return [] if actor < 0 else [actor]

    def is_over(self) -> bool:
        return self.phase_name == PHASE_OVER

    def phase(self) -> str:
        return self.phase_name

    def legal_actions(self, seat: int) -> list[int]:
        return legal.legal_actions(self, seat)

    def illegal_reason(self, seat: int, action: int) -> str | None:
        return legal.illegal_reason(self, seat, action)

    def action_text(self, action: int) -> str:
        return action_text(action)

    def parse_action(self, text: str) -> int | None:
        return parse_action(text)

    def _apply(self, seat: int, action: int) -> None:
        if action < STACK:
            self.lay(action - PLACE, stacked=False)
        elif action < GIVE:
            self.lay(action - STACK, stacked=True)
        elif action < TAKE:
            self.give(action - GIVE)
        elif action < PUSH:
            self.take_card(action - TAKE)
        elif action < KEEP:
            self.push(action - PUSH)
        elif action == KEEP:
            self.log.append({"type": "keep", "seat": seat})
            self.land(seat)
        else:
            self.end_play()

    # ----- a turn ----------------------------------------------------------
    def begin_turn(self, seat: int) -> None:
        while not (self.hands[seat] or self.minus[seat]):
            self.log.append({"type": "skip", "seat": seat})
            seat = (seat + 1) % self.players
        self.turn = seat
        self.from_minus = not self.hands[seat]
        self.roll()

    def roll(self) -> None:
        again = False
        while True:
            dice = [self.die() for _ in range(DICE)]
            self.dice = dice
            event: dict[str, Any] = {"type": "roll", "seat": self.turn, "dice": dice[:]}
            if again:
                event["again"] = True
            self.log.append(event)
            if dice[0] == dice[1] == dice[2]:  # P1: on every roll, re-rolls included
                self.start_triple()
                return
            source = self.minus[self.turn] if self.from_minus else self.hands[self.turn]
            if source & numbers_mask(dice):
                self.phase_name = PHASE_PLAY
                return
            if not self.from_minus:
                self.reveal()
                return
            again = True  # D5: from minus cards, roll again until a die matches

    def reveal(self) -> None:
        hand = self.hands[self.turn]
        self.known[self.turn] = hand
        self.log.append({"type": "reveal", "seat": self.turn, "cards": codes(hand)})
        self.phase_name = PHASE_TAKE

    def start_triple(self) -> None:
        face = self.dice[0]
        count = min(face * DICE, self.minus[self.turn].bit_count())
        self.log.append({"type": "triple", "seat": self.turn, "number": face,
                         "sum": face * DICE, "give": count})
        if not count:  # no minus cards: nothing happens (D4: the turn ends)
            self.end_turn()
            return
        self.give_left = count
        self.give_next = (self.turn + 1) % self.players
        self.phase_name = PHASE_GIVE

    def give(self, t: int) -> None:
        seat, to = self.turn, self.give_next
        card = one_of(self.minus[seat], t)
        self.minus[seat] ^= card
        self.minus[to] |= card
        self.log.append({"type": "give", "seat": seat, "recipient": to, "card": TYPE_CODE[t]})
        self.give_left -= 1
        nxt = (to + 1) % self.players
        self.give_next = (nxt + 1) % self.players if nxt == seat else nxt
        if not self.give_left:
            self.give_next = -1
            self.end_turn()  # D4: a triple replaces the play

    def take_card(self, t: int) -> None:
        seat = self.turn
        card = one_of(self.hands[seat], t, self.known[seat])  # P3
        self.hands[seat] ^= card
        self.known[seat] &= ~card
        self.minus[seat] |= card
        self.log.append({"type": "take", "seat": seat, "card": TYPE_CODE[t]})
        self.end_turn()

    # ----- laying cards ----------------------------------------------------
    def lay(self, t: int, stacked: bool) -> None:
        seat, number = self.turn, TYPE_NUMBER[t]
        if self.from_minus:
            card = one_of(self.minus[seat], t)
            self.minus[seat] ^= card
        else:
            # P3: others only know a shown copy left the hand: lay that one.
            card = one_of(self.hands[seat], t, self.known[seat])
            self.hands[seat] ^= card
            self.known[seat] &= ~card
        column = self.columns[number - 1]
        if not self.placed:
            self.number = number
            self.armed_before = bool(self.armed >> (number - 1) & 1)
        if stacked:  # P4: onto the later identical card
            at = max(i for i, s in enumerate(column) if type_of_mask(s) == t)
            column[at] |= card
        else:
            column.append(card)
        self.placed += 1
        self.last = t
        self.log.append({"type": "place", "seat": seat, "card": TYPE_CODE[t],
                         "stacked": stacked, "minus": self.from_minus,
                         "visible": len(column)})
        # D5: one minus card per turn; from hand, the play ends with the number.
        if self.from_minus or not self.hands[seat] & NUMBER_MASK[number]:
            self.end_play()

    def end_play(self) -> None:
        """The last card laid decides. P2: the event is the same whether the
        play ended by itself or with 'done', so nobody learns the hand ran out."""
        number, seat = self.number, self.turn
        i = number - 1
        column = self.columns[i]
        effect = TYPE_EFFECT[self.last]
        self.log.append({"type": "play_end", "seat": seat, "number": number,
                         "last": TYPE_CODE[self.last], "visible": len(column)})
        if effect == EFFECT_PUSH:
            self.push_cards = self.clear_column(i)
            self.push_number, self.push_from, self.chooser = number, seat, seat
            self.phase_name = PHASE_PUSH
            return
        if effect == EFFECT_ARM:
            self.armed |= 1 << i
            self.log.append({"type": "armed", "seat": seat, "number": number})
        elif self.armed_before or len(column) >= TAKE_AT:
            cards = self.clear_column(i)
            self.minus[seat] |= cards
            self.log.append({"type": "take_column", "seat": seat, "number": number,
                             "cards": codes(cards), "count": cards.bit_count(),
                             "why": "armed" if self.armed_before else "third"})
        self.end_turn()

    def clear_column(self, i: int) -> int:
        cards = column_cards(self.columns[i])
        self.columns[i] = []
        self.armed &= ~(1 << i)
        return cards

    # ----- pushing (a white card laid last) --------------------------------
    def push(self, target: int) -> None:
        self.log.append({"type": "push", "seat": self.chooser, "target": target,
                         "number": self.push_number, "cards": codes(self.push_cards)})
        self.push_from = self.chooser
        face = self.die()
        self.push_die = face
        avoided = face == self.push_number
        self.log.append({"type": "avoid_roll", "seat": target, "die": face,
                         "number": self.push_number, "avoided": avoided})
        if avoided:
            self.chooser = target
            self.phase_name = PHASE_AVOID
        else:
            self.land(target)

    def land(self, seat: int) -> None:
        cards = self.push_cards
        self.minus[seat] |= cards
        self.log.append({"type": "pushed_onto", "seat": seat, "number": self.push_number,
                         "cards": codes(cards), "count": cards.bit_count()})
        self.push_cards, self.push_number, self.push_from, self.push_die = 0, 0, -1, 0
        self.chooser = -1
        self.end_turn()

    # ----- end of a turn and of the game -----------------------------------
    def end_turn(self) -> None:
        self.refill(self.turn)
        self.reset_play()
        if not self.pile and not any(self.hands):
            self.finish()
            return
        self.begin_turn((self.turn + 1) % self.players)

    def refill(self, seat: int) -> None:
        drawn = 0
        for _ in range(min(HAND_SIZE - self.hands[seat].bit_count(), len(self.pile))):
            drawn |= 1 << self.pile.pop()
        if drawn:
            self.hands[seat] |= drawn
            self.log.append({"type": "draw", "seat": seat, "count": drawn.bit_count(),
                             "pile": len(self.pile)})
            self.log.append({"type": "drew", "seat": seat, "cards": codes(drawn),
                             "to": [seat]})

    def finish(self) -> None:
        self.phase_name = PHASE_OVER
        scores = self.scores()
        self.log.append({"type": "game_end", "scores": scores,
                         "ranking": rank(scores, higher_is_better=False),
                         "left_in_columns": self.left_in_columns()})

    def left_in_columns(self) -> int:
        return sum(column_cards(c).bit_count() for c in self.columns)

    # ----- results, views, copies ------------------------------------------
    def scores(self) -> list[Any]:
        return [m.bit_count() for m in self.minus]

    def result(self) -> Result:
        scores = self.scores()
        return Result(rank(scores, higher_is_better=False), scores,
                      {"minus": [codes(m) for m in self.minus],
                       "left_in_columns": self.left_in_columns()})

    def table_view(self, seat: Viewer) -> dict[str, Any]:
        return view.table_view(self, seat)

    def invariant_errors(self) -> list[str]:
        return view.invariant_errors(self)

    def pile_codes(self) -> list[str]:
        return [CODE[c] for c in reversed(self.pile)]

    def clone(self) -> PileUpState:
        c = PileUpState.__new__(PileUpState)
        self._clone_base(c)
        c.hands, c.known, c.minus = self.hands[:], self.known[:], self.minus[:]
        c.pile, c.columns, c.armed = self.pile[:], [s[:] for s in self.columns], self.armed
        c.turn, c.phase_name, c.dice = self.turn, self.phase_name, self.dice[:]
        c.from_minus, c.number, c.placed = self.from_minus, self.number, self.placed
        c.last, c.armed_before = self.last, self.armed_before
        c.give_left, c.give_next = self.give_left, self.give_next
        c.push_cards, c.push_number = self.push_cards, self.push_number
        c.push_from, c.push_die, c.chooser = self.push_from, self.push_die, self.chooser
        return c
