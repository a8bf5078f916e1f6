"""The order of play: set-up, drafts, the select/reveal/turn rounds of a play
phase, preparation moves, end of round (heart tokens), end of phase, end of
game. Changes the phase, draft and turn fields (``stage``, ``round``,
``pick``, ``packs``, ``picks``, ``waiting``, ``selected``, ``table``,
``order``, ``turn_pos``, ``actor``, ``moves_left``)."""

from __future__ import annotations

import cardroom.games.love_formula.scoring as scoring
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.expansions import chance, goals
from cardroom.games.love_formula.fields import (
    DRAFT,
    FRAMES,
    OVER,
    PACK_SIZE,
    REVERSE,
    ROUNDS,
    SELECT,
    TURN,
    LoveFields,
)
from cardroom.games.love_formula.rules import knowledge, piles, zones

ids = CAT.ids


# ----- set-up and drafts ------------------------------------------------------------------
def clear(s: LoveFields) -> None:
    """Before the deal: stage 1, no packs, no round yet."""
    n = s.players
    s.stage, s.round, s.pick = 1, 0, 0
    s.packs, s.picks, s.waiting = [0] * n, [-1] * n, []
    s.selected, s.table, s.order = [-1] * n, [-1] * n, []
    s.turn_pos = s.actor = -1
    s.moves_left, s.resolved = 0, False


def setup(s: LoveFields) -> None:
    piles.deal(s)
    if s.config.chance:
        chance.setup(s)
    if s.config.goals:
        goals.setup(s)
    start_draft(s)


def start_draft(s: LoveFields) -> None:
    n = s.players
    size = min(PACK_SIZE, (len(s.deck) + len(s.discard)) // n)
    s.packs = [0] * n
    for seat in range(n):
        for _ in range(size):
            s.packs[seat] |= 1 << piles.draw_one(s)
    knowledge.dealt_packs(s)
    s.pick = 1
    s.step = DRAFT
    s.picks = [-1] * n
    s.waiting = list(range(n))
    if s.record_events:
        s.log.append({"type": "draft", "stage": s.stage, "cards_each": size,
                      "direction": "left" if s.stage == 1 else "right"})
    settle_draft(s)


def draft(s: LoveFields, seat: int, card: int) -> None:
    s.picks[seat] = card
    s.waiting.remove(seat)
    if not s.waiting:
        pass_packs(s)
        settle_draft(s)


def settle_draft(s: LoveFields) -> None:
    """Take the last card of each pack without asking; end the draft when empty."""
    while s.packs[0].bit_count() == 1:
        s.picks = [p.bit_length() - 1 for p in s.packs]
        pass_packs(s)
    if not s.packs[0]:
        start_play(s)
    else:
        s.waiting = list(range(s.players))


def pass_packs(s: LoveFields) -> None:
    n = s.players
    step = 1 if s.stage == 1 else -1  # Draft 1 passes left (next higher seat), Draft 2 right
    dest = [(seat + step) % n for seat in range(n)]
    passed = [s.packs[seat] & ~(1 << s.picks[seat]) for seat in range(n)]
    packs = [0] * n
    for seat in range(n):
        piles.keep(s, seat, s.picks[seat])
        packs[dest[seat]] = passed[seat]
    s.packs = packs
    knowledge.picked_and_passed(s, passed, dest)
    s.picks = [-1] * n
    if s.record_events:
        s.log.append({"type": "pick", "stage": s.stage, "pick": s.pick})
    s.pick += 1


# ----- play phases: rounds ----------------------------------------------------------------
def start_play(s: LoveFields) -> None:
    s.round = 1
    s.pick = 0
    if s.record_events:
        s.log.append({"type": "play", "stage": s.stage})
    begin_round(s)


def begin_round(s: LoveFields) -> None:
    """A new round: with Chance, its chance card first (D6), then selection."""
    if s.record_events:
        s.log.append({"type": "round", "stage": s.stage, "round": s.round})
    if s.config.chance:
        chance.reveal(s)  # its effects run as frames; selection opens after them
        s.step = FRAMES
    else:
        open_select(s)


def open_select(s: LoveFields) -> None:
    s.step = SELECT
    s.waiting = list(range(s.players))


def select(s: LoveFields, seat: int, card: int) -> None:
    s.selected[seat] = card
    s.waiting.remove(seat)
    if s.record_events:
        s.log.append({"type": "selected", "seat": seat})
    if not s.waiting:
        reveal(s)


def priority_key(card: int, seat: int, reverse: bool = False) -> tuple[int, int, int]:
    # Highest main number first, then highest secondary; D3: copies go lower seat
    # first. A chance card may reverse the order for a round (R16), not D3.
    main, secondary = CAT.priority[card]
    return (main, secondary, seat) if reverse else (-main, -secondary, seat)


def reveal(s: LoveFields) -> None:
    n = s.players
    for seat in range(n):
        piles.play_from_hand(s, seat, s.selected[seat])
        s.table[seat] = s.selected[seat]
        s.selected[seat] = -1
    reverse = bool(s.round_rules & REVERSE)
    s.order = sorted(range(n), key=lambda seat: priority_key(s.table[seat], seat, reverse))
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "reveal", "stage": s.stage, "round": s.round,
                      "cards": [[seat, ids[s.table[seat]]] for seat in s.order]})
    s.turn_pos = -1
    next_turn(s)


# ----- turns ------------------------------------------------------------------------------
def next_turn(s: LoveFields) -> None:
    s.turn_pos += 1
    while s.turn_pos < len(s.order) and s.table[s.order[s.turn_pos]] < 0:
        s.turn_pos += 1  # skipped this round (Rain Check)
    if s.turn_pos >= len(s.order):
        end_round(s)
        return
    s.actor = s.order[s.turn_pos]
    s.moves_left = 1 + s.extra_moves[s.actor]
    s.resolved = False
    s.step = TURN
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "turn", "seat": s.actor, "card": ids[s.table[s.actor]]})


def leave_table(s: LoveFields, seat: int) -> None:
    """The seat's revealed card is resolved into a zone, or discarded."""
    s.table[seat] = -1


def skip_turn(s: LoveFields, seat: int) -> None:
    """Rain Check: a seat whose turn is still to come takes back its card."""
    card = s.table[seat]
    s.table[seat] = -1
    piles.return_to_hand(s, seat, card)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "skipped", "seat": seat, "card": ids[card]})


def move(s: LoveFields, seat: int, prep: int, couple: int) -> None:
    """The preparation move: onto ``couple``, or detached (``couple`` -1)."""
    zones.unhook(s, prep)
    if couple >= 0:
        zones.attach(s, prep, couple)
    else:
        zones.leave_unattached(s, seat, prep)
    s.moves_left -= 1
    s.goal_changes += 1
    if s.record_events:
        event = {"type": "move", "seat": seat, "card": ids[prep]}
        if couple >= 0:
            event["couple"] = ids[couple]
        s.log.append(event)


def drop(s: LoveFields, seat: int, prep: int) -> None:
    """An unattached preparation discarded on the player's turn."""
    zones.discard_unattached(s, seat, prep)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "drop", "seat": seat, "card": ids[prep]})


def add_moves(s: LoveFields, seat: int, n: int) -> None:
    s.moves_left += n
    if s.record_events:
        s.log.append({"type": "extra_move", "seat": seat, "moves": s.moves_left})


# ----- end of round, phase and game -------------------------------------------------------
def end_round(s: LoveFields) -> None:
    s.actor = s.turn_pos = -1
    s.order = []
    zones.tick_hearts(s)
    if s.config.chance:
        chance.end_round(s)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "round_end", "stage": s.stage, "round": s.round,
                      "vp": scoring.scores(s)})
    if s.round == ROUNDS:
        end_phase(s)
        return
    s.round += 1
    begin_round(s)


def end_phase(s: LoveFields) -> None:
    if s.stage == 2:
        # R2: hands are kept at the end of the game: the fourth tie-breaker counts them.
        s.step = OVER
        s.waiting = []
        if s.config.goals:
            goals.end_game(s)
        s.goal_changes += 1
        if s.record_events:
            s.log.append({"type": "game_end", "ranking": scoring.ranking(s),
                          "vp": scoring.scores(s), "breakdown": scoring.breakdowns(s)})
        return
    gone = piles.discard_hands(s)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "phase_end", "stage": 1, "discarded": gone})
    if s.config.chance:
        chance.reshuffle(s)
    s.stage = 2
    start_draft(s)
