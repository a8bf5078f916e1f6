"""The Pile up transitions and scores (rules page: docs/games/pile-up.md).

A turn: roll three dice; on a triple give minus cards away (D4); otherwise
lay cards of one rolled number on its column one action at a time, or, with
nothing playable, reveal the hand and take one card; then refill to six.
What a play does is settled when it ends, by the last card laid. Each
minus card counts one against its holder; the fewest wins. A game has no
rounds: search plays it to the end (the State defaults for
``rounds_completed`` and ``standing``).
"""

from __future__ import annotations

from typing import Any, Final

from cardroom.core.game import Result, rank
from cardroom.core.rng import Rng
from cardroom.games.pile_up.actions import GIVE, KEEP, PLACE, PUSH, STACK, TAKE
from cardroom.games.pile_up.cards import (
    CARD_COUNT,
    DIE_FACES,
    EFFECT_ARM,
    EFFECT_PUSH,
    NUMBER_MASK,
    NUMBERS,
    TYPE_CODE,
    TYPE_EFFECT,
    TYPE_NUMBER,
    codes,
    column_cards,
    column_size,
    one_of,
    type_of_mask,
)
from cardroom.games.pile_up.fields import (
    PHASE_AVOID,
    PHASE_GIVE,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_PUSH,
    PHASE_TAKE,
    PileUpFields,
)
from cardroom.games.pile_up.legal import actor, laying_from, open_mask

HAND_SIZE: Final = 6
DICE: Final = 3
TAKE_AT: Final = 3  # the third visible card takes the column

# What a play does (play_outcome).
NOTHING: Final = 0
TAKES: Final = 1
PUSHES: Final = 2
ARMS: Final = 3


# ----- facts the readers of a view share -----------------------------------
def play_outcome(last_effect: int, armed: bool, visible: int) -> int:
    """What a play does, settled by its last card's effect: white pushes the
    column, black arms it, any other card takes it when the column was armed
    when the play began or now shows ``TAKE_AT`` visible cards."""
    if last_effect == EFFECT_PUSH:
        return PUSHES
    if last_effect == EFFECT_ARM:
        return ARMS
    return TAKES if armed or visible >= TAKE_AT else NOTHING


def armed_for_play(placed: int, armed_before: bool, column_armed: bool) -> bool:
    """Whether a column counts as armed for the turn's play on it: as it was
    when the play began once a card is down, else as it is now."""
    return armed_before if placed else column_armed


# ----- the contract --------------------------------------------------------
def to_act(s: PileUpFields) -> list[int]:
    seat = actor(s)
    return [] if seat < 0 else [seat]


def is_over(s: PileUpFields) -> bool:
    return s.phase_name == PHASE_OVER


def phase(s: PileUpFields) -> str:
    return s.phase_name


def apply(s: PileUpFields, seat: int, action: int) -> None:
    if action < STACK:
        lay(s, action - PLACE, stacked=False)
    elif action < GIVE:
        lay(s, action - STACK, stacked=True)
    elif action < TAKE:
        give(s, action - GIVE)
    elif action < PUSH:
        take_card(s, action - TAKE)
    elif action < KEEP:
        push(s, action - PUSH)
    elif action == KEEP:
        if s.record_events:
            s.log.append({"type": "keep", "seat": seat})
        land(s, seat)
    else:
        end_play(s)


# ----- set-up --------------------------------------------------------------
def setup(s: PileUpFields) -> None:
    n = s.players
    order: list[int] = s.rng.draw("deck", random_deck)
    s.hands = [0] * n
    for i in range(HAND_SIZE * n):  # D2: one card at a time, seat 0 first
        s.hands[i % n] |= 1 << order[i]
    s.pile = order[HAND_SIZE * n:][::-1]
    s.known, s.minus = [0] * n, [0] * n
    s.columns = [[] for _ in NUMBERS]
    s.armed = 0
    s.dice = []
    reset_play(s)
    s.give_left, s.give_next = 0, -1
    s.push_cards, s.push_number, s.push_from, s.push_die = 0, 0, -1, 0
    s.chooser = -1
    if s.record_events:
        s.log.append({"type": "deal", "hand_size": HAND_SIZE, "pile": len(s.pile)})
    for seat in range(n):
        if s.record_events:
            s.log.append({"type": "hand", "seat": seat, "cards": codes(s.hands[seat]),
                          "to": [seat]})
    begin_turn(s, 0)  # D3: seat 0 starts


def random_deck(rng: Rng) -> list[int]:
    order = list(range(CARD_COUNT))
    rng.shuffle(order)
    return order


def reset_play(s: PileUpFields) -> None:
    s.number, s.placed, s.last, s.armed_before = 0, 0, -1, False


def die(s: PileUpFields) -> int:
    return s.rng.draw_below("dice", DIE_FACES, 1)


# ----- a turn --------------------------------------------------------------
def begin_turn(s: PileUpFields, seat: int) -> None:
    while not (s.hands[seat] or s.minus[seat]):
        if s.record_events:
            s.log.append({"type": "skip", "seat": seat})
        seat = (seat + 1) % s.players
    s.turn = seat
    s.from_minus = not s.hands[seat]
    roll(s)


def roll(s: PileUpFields) -> None:
    again = False
    while True:
        dice = [die(s) for _ in range(DICE)]
        s.dice = dice
        event: dict[str, Any] = {"type": "roll", "seat": s.turn, "dice": dice[:]}
        if again:
            event["again"] = True
        if s.record_events:
            s.log.append(event)
        if dice[0] == dice[1] == dice[2]:  # P1: on every roll, re-rolls included
            start_triple(s)
            return
        if laying_from(s.from_minus, s.hands[s.turn], s.minus[s.turn]) & open_mask(dice, 0):
            s.phase_name = PHASE_PLAY
            return
        if not s.from_minus:
            reveal(s)
            return
        again = True  # D5: from minus cards, roll again until a die matches


def reveal(s: PileUpFields) -> None:
    hand = s.hands[s.turn]
    s.known[s.turn] = hand
    if s.record_events:
        s.log.append({"type": "reveal", "seat": s.turn, "cards": codes(hand)})
    s.phase_name = PHASE_TAKE


def start_triple(s: PileUpFields) -> None:
    face = s.dice[0]
    count = min(face * DICE, s.minus[s.turn].bit_count())
    if s.record_events:
        s.log.append({"type": "triple", "seat": s.turn, "number": face,
                      "sum": face * DICE, "give": count})
    if not count:  # no minus cards: nothing happens (D4: the turn ends)
        end_turn(s)
        return
    s.give_left = count
    s.give_next = (s.turn + 1) % s.players
    s.phase_name = PHASE_GIVE


def give(s: PileUpFields, t: int) -> None:
    seat, to = s.turn, s.give_next
    card = one_of(s.minus[seat], t)
    s.minus[seat] ^= card
    s.minus[to] |= card
    if s.record_events:
        s.log.append({"type": "give", "seat": seat, "recipient": to, "card": TYPE_CODE[t]})
    s.give_left -= 1
    nxt = (to + 1) % s.players
    s.give_next = (nxt + 1) % s.players if nxt == seat else nxt
    if not s.give_left:
        s.give_next = -1
        end_turn(s)  # D4: a triple replaces the play


def take_card(s: PileUpFields, t: int) -> None:
    seat = s.turn
    card = one_of(s.hands[seat], t, s.known[seat])  # P3
    s.hands[seat] ^= card
    s.known[seat] &= ~card
    s.minus[seat] |= card
    if s.record_events:
        s.log.append({"type": "take", "seat": seat, "card": TYPE_CODE[t]})
    end_turn(s)


# ----- laying cards --------------------------------------------------------
def lay(s: PileUpFields, t: int, stacked: bool) -> None:
    seat, number = s.turn, TYPE_NUMBER[t]
    if s.from_minus:
        card = one_of(s.minus[seat], t)
        s.minus[seat] ^= card
    else:
        # P3: others only know a shown copy left the hand: lay that one.
        card = one_of(s.hands[seat], t, s.known[seat])
        s.hands[seat] ^= card
        s.known[seat] &= ~card
    column = s.columns[number - 1]
    if not s.placed:
        s.number = number
        s.armed_before = bool(s.armed >> (number - 1) & 1)
    if stacked:  # P4: onto the later identical card
        at = max(i for i, st in enumerate(column) if type_of_mask(st) == t)
        column[at] |= card
    else:
        column.append(card)
    s.placed += 1
    s.last = t
    if s.record_events:
        s.log.append({"type": "place", "seat": seat, "card": TYPE_CODE[t],
                      "stacked": stacked, "minus": s.from_minus,
                      "visible": len(column)})
    # D5: one minus card per turn; from hand, the play ends with the number.
    if s.from_minus or not s.hands[seat] & NUMBER_MASK[number]:
        end_play(s)


def end_play(s: PileUpFields) -> None:
    """The last card laid decides. P2: the event is the same whether the
    play ended by itself or with 'done', so nobody learns the hand ran out."""
    number, seat = s.number, s.turn
    i = number - 1
    column = s.columns[i]
    if s.record_events:
        s.log.append({"type": "play_end", "seat": seat, "number": number,
                      "last": TYPE_CODE[s.last], "visible": len(column)})
    outcome = play_outcome(TYPE_EFFECT[s.last], s.armed_before, len(column))
    if outcome == PUSHES:
        s.push_cards = clear_column(s, i)
        s.push_number, s.push_from, s.chooser = number, seat, seat
        s.phase_name = PHASE_PUSH
        return
    if outcome == ARMS:
        s.armed |= 1 << i
        if s.record_events:
            s.log.append({"type": "armed", "seat": seat, "number": number})
    elif outcome == TAKES:
        cards = clear_column(s, i)
        s.minus[seat] |= cards
        if s.record_events:
            s.log.append({"type": "take_column", "seat": seat, "number": number,
                          "cards": codes(cards), "count": cards.bit_count(),
                          "why": "armed" if s.armed_before else "third"})
    end_turn(s)


def clear_column(s: PileUpFields, i: int) -> int:
    cards = column_cards(s.columns[i])
    s.columns[i] = []
    s.armed &= ~(1 << i)
    return cards


# ----- pushing (a white card laid last) ------------------------------------
def push(s: PileUpFields, target: int) -> None:
    if s.record_events:
        s.log.append({"type": "push", "seat": s.chooser, "target": target,
                      "number": s.push_number, "cards": codes(s.push_cards)})
    s.push_from = s.chooser
    face = die(s)
    s.push_die = face
    avoided = face == s.push_number
    if s.record_events:
        s.log.append({"type": "avoid_roll", "seat": target, "die": face,
                      "number": s.push_number, "avoided": avoided})
    if avoided:
        s.chooser = target
        s.phase_name = PHASE_AVOID
    else:
        land(s, target)


def land(s: PileUpFields, seat: int) -> None:
    cards = s.push_cards
    s.minus[seat] |= cards
    if s.record_events:
        s.log.append({"type": "pushed_onto", "seat": seat, "number": s.push_number,
                      "cards": codes(cards), "count": cards.bit_count()})
    s.push_cards, s.push_number, s.push_from, s.push_die = 0, 0, -1, 0
    s.chooser = -1
    end_turn(s)


# ----- end of a turn and of the game ---------------------------------------
def end_turn(s: PileUpFields) -> None:
    refill(s, s.turn)
    reset_play(s)
    if not s.pile and not any(s.hands):
        finish(s)
        return
    begin_turn(s, (s.turn + 1) % s.players)


def refill(s: PileUpFields, seat: int) -> None:
    drawn = 0
    for _ in range(min(HAND_SIZE - s.hands[seat].bit_count(), len(s.pile))):
        drawn |= 1 << s.pile.pop()
    if drawn:
        s.hands[seat] |= drawn
        if s.record_events:
            s.log.append({"type": "draw", "seat": seat, "count": drawn.bit_count(),
                          "pile": len(s.pile)})
            s.log.append({"type": "drew", "seat": seat, "cards": codes(drawn),
                          "to": [seat]})


def finish(s: PileUpFields) -> None:
    s.phase_name = PHASE_OVER
    points = scores(s)
    if s.record_events:
        s.log.append({"type": "game_end", "scores": points,
                      "ranking": rank(points, higher_is_better=False),
                      "left_in_columns": left_in_columns(s)})


# ----- scores --------------------------------------------------------------
def scores(s: PileUpFields) -> list[Any]:
    return [m.bit_count() for m in s.minus]


def result(s: PileUpFields) -> Result:
    points = scores(s)
    return Result(rank(points, higher_is_better=False), points,
                  {"minus": [codes(m) for m in s.minus],
                   "left_in_columns": left_in_columns(s)})


def left_in_columns(s: PileUpFields) -> int:
    """Cards still in the columns at the end: they count for nobody."""
    return sum(column_size(c) for c in s.columns)
