"""The order of play: drafts, the select/reveal/turn rounds of a play phase,
end of round (heart tokens), end of phase, end of game; drawing (D5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core.rng import Rng
from cardroom.games.love_formula import chance as C
from cardroom.games.love_formula import goals as G
from cardroom.games.love_formula import knowledge as K
from cardroom.games.love_formula import shuffles
from cardroom.games.love_formula import zones as Z
from cardroom.games.love_formula.cards import CAT
from cardroom.games.love_formula.steps import (
    DRAFT,
    OVER,
    PACK_SIZE,
    ROUNDS,
    SELECT,
    TURN,
    cards_of,
)

if TYPE_CHECKING:
    from cardroom.games.love_formula.state import LoveState

ids = CAT.ids


# ----- the deck (D5) ---------------------------------------------------------------
def arrange(s: LoveState, pool: list[int]) -> list[int]:
    """A shuffle of ``pool``, top first, through the random source ``deck`` (R10)."""
    return shuffles.arrange(s.rng, pool, "deck")


def reshuffle(s: LoveState) -> None:
    """D5: the discard pile becomes the new deck."""
    pile = sorted(s.discard)
    s.discard = []
    s.deck = arrange(s, pile)[::-1]
    K.learn(s, range(s.players), pile, K.deck(s))
    s.log.append({"type": "reshuffle", "cards": len(pile)})


def draw_one(s: LoveState) -> int:
    if not s.deck and s.discard:
        reshuffle(s)
    return s.deck.pop() if s.deck else -1  # D5: nothing left anywhere, nothing drawn


def draw(s: LoveState, seat: int, n: int) -> None:
    got = []
    for _ in range(n):
        card = draw_one(s)
        if card < 0:
            break
        s.hands[seat] |= 1 << card
        K.drew(s, seat)
        got.append(card)
    s.log.append({"type": "draw", "seat": seat, "count": len(got)})
    if got:
        s.log.append({"type": "drawn", "seat": seat, "cards": [ids[c] for c in got],
                      "to": [seat]})


# ----- set-up and drafts --------------------------------------------------------------
def setup(s: LoveState) -> None:
    n = s.players
    job_cards = cards_of(s.cfg.jobs)

    def deal_jobs(rng: Rng) -> list[int]:
        pool = job_cards[:]
        rng.shuffle(pool)
        return pool[:n]

    s.jobs = list(s.rng.draw("jobs", deal_jobs))
    s.hands = [1 << j for j in s.jobs]
    s.out = s.cfg.jobs & ~sum(s.hands)
    s.deck = arrange(s, cards_of(s.cfg.deck))[::-1]
    s.log.append({"type": "setup", "players": n, "unused_jobs": s.out.bit_count()})
    for seat in range(n):
        s.log.append({"type": "job", "seat": seat, "card": ids[s.jobs[seat]], "to": [seat]})
    if s.cfg.chance:
        C.setup(s)
    if s.cfg.goals:
        G.setup(s)
    start_draft(s)


def start_draft(s: LoveState) -> None:
    n = s.players
    size = min(PACK_SIZE, (len(s.deck) + len(s.discard)) // n)
    s.packs = [0] * n
    for seat in range(n):
        for _ in range(size):
            s.packs[seat] |= 1 << draw_one(s)
    K.dealt_packs(s)
    s.pick = 1
    s.step = DRAFT
    s.picks = [-1] * n
    s.waiting = list(range(n))
    s.log.append({"type": "draft", "stage": s.stage, "cards_each": size,
                  "direction": "left" if s.stage == 1 else "right"})
    settle_draft(s)


def draft(s: LoveState, seat: int, card: int) -> None:
    s.picks[seat] = card
    s.waiting.remove(seat)
    if not s.waiting:
        pass_packs(s)
        settle_draft(s)


def settle_draft(s: LoveState) -> None:
    """Take the last card of each pack without asking; end the draft when empty."""
    while s.packs[0].bit_count() == 1:
        s.picks = [p.bit_length() - 1 for p in s.packs]
        pass_packs(s)
    if not s.packs[0]:
        start_play(s)
    else:
        s.waiting = list(range(s.players))


def pass_packs(s: LoveState) -> None:
    n = s.players
    step = 1 if s.stage == 1 else -1  # Draft 1 passes left (next higher seat), Draft 2 right
    dest = [(h + step) % n for h in range(n)]
    passed = [s.packs[h] & ~(1 << s.picks[h]) for h in range(n)]
    packs = [0] * n
    for h in range(n):
        s.hands[h] |= 1 << s.picks[h]
        packs[dest[h]] = passed[h]
    s.packs = packs
    K.picked_and_passed(s, passed, dest)
    s.picks = [-1] * n
    s.log.append({"type": "pick", "stage": s.stage, "pick": s.pick})
    s.pick += 1


# ----- play phases ------------------------------------------------------------------
def start_play(s: LoveState) -> None:
    s.round = 1
    s.pick = 0
    s.log.append({"type": "play", "stage": s.stage})
    begin_round(s)


def begin_round(s: LoveState) -> None:
    """A new round: with Chance, its chance card first (D6), then selection."""
    s.rules, s.extra = 0, [0] * s.players
    s.log.append({"type": "round", "stage": s.stage, "round": s.round})
    if s.cfg.chance:
        C.reveal(s)  # its effects run as frames; selection opens after them
    else:
        open_select(s)


def open_select(s: LoveState) -> None:
    s.step = SELECT
    s.waiting = list(range(s.players))


def select(s: LoveState, seat: int, card: int) -> None:
    s.selected[seat] = card
    s.waiting.remove(seat)
    s.log.append({"type": "selected", "seat": seat})
    if not s.waiting:
        reveal(s)


def priority_key(card: int, seat: int, reverse: bool = False) -> tuple[int, int, int]:
    # Highest main number first, then highest secondary; D3: copies go lower seat
    # first. A chance card may reverse the order for a round (R16), not D3.
    main, secondary = CAT.priority[card]
    return (main, secondary, seat) if reverse else (-main, -secondary, seat)


def reveal(s: LoveState) -> None:
    n = s.players
    for h in range(n):
        s.hands[h] &= ~(1 << s.selected[h])
        s.table[h] = s.selected[h]
        s.selected[h] = -1
    reverse = bool(s.rules & C.REVERSE)
    s.order = sorted(range(n), key=lambda h: priority_key(s.table[h], h, reverse))
    s.log.append({"type": "reveal", "stage": s.stage, "round": s.round,
                  "cards": [[h, ids[s.table[h]]] for h in s.order]})
    s.turn_pos = -1
    next_turn(s)


def next_turn(s: LoveState) -> None:
    s.turn_pos += 1
    while s.turn_pos < len(s.order) and s.table[s.order[s.turn_pos]] < 0:
        s.turn_pos += 1  # skipped this round (Rain Check)
    if s.turn_pos >= len(s.order):
        end_round(s)
        return
    s.actor = s.order[s.turn_pos]
    s.moves = 1 + s.extra[s.actor]
    s.resolved = False
    s.step = TURN
    s.log.append({"type": "turn", "seat": s.actor, "card": ids[s.table[s.actor]]})


def end_round(s: LoveState) -> None:
    s.actor = s.turn_pos = -1
    s.order = []
    tick_hearts(s)
    if s.cfg.chance:
        C.end_round(s)
    s.rules, s.extra = 0, [0] * s.players
    s.log.append({"type": "round_end", "stage": s.stage, "round": s.round,
                  "vp": s.scores()})
    if s.round == ROUNDS:
        end_phase(s)
        return
    s.round += 1
    begin_round(s)


def tick_hearts(s: LoveState) -> None:
    """Each card with heart tokens loses one; at none it is discarded and its
    expiry effect happens. Tokens carry over from Play 1 into Play 2."""
    for seat in range(s.players):
        for couple in s.couples[seat][:]:
            for card in s.att.get(couple, [])[:]:
                if card in s.hearts and s.host.get(card) == couple:
                    s.hearts[card] -= 1
                    if s.hearts[card] == 0:
                        expire(s, card, couple, seat)


def expire(s: LoveState, card: int, couple: int, seat: int) -> None:
    controller = s.by.get(card, seat)
    Z.unhook(s, card)
    s.discard.append(card)
    s.log.append({"type": "expire", "card": ids[card], "seat": seat, "couple": ids[couple]})
    if CAT.expire[card] < 0:
        return
    for op in CAT.programs[CAT.expire[card]]:
        if op.name == "end_couple" and couple in s.att:
            gone = Z.discard_couple(s, couple)
            s.log.append({"type": "couple_ends", "seat": seat, "couple": ids[couple],
                          "with": [ids[c] for c in gone]})
        elif op.name == "draw":
            draw(s, controller, op.n)


def end_phase(s: LoveState) -> None:
    if s.stage == 2:
        # R2: hands are kept at the end of the game: the fourth tie-breaker counts them.
        s.step = OVER
        s.waiting = []
        if s.cfg.goals:
            G.end_game(s)
        s.log.append({"type": "game_end", "ranking": s.ranking(), "vp": s.scores(),
                      "breakdown": s.breakdowns()})
        return
    gone = []
    for h in range(s.players):
        cards = cards_of(s.hands[h] & ~(1 << s.jobs[h]))  # the Part-Time Job stays
        s.discard.extend(cards)
        s.hands[h] = 1 << s.jobs[h]
        gone.append([ids[c] for c in cards])
    s.log.append({"type": "phase_end", "stage": 1, "discarded": gone})
    if s.cfg.chance:
        C.reshuffle(s)
    s.stage = 2
    start_draft(s)
