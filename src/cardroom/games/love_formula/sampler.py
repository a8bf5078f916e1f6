"""Determinization: a full Love Formula state built from one seat's view.

Public cards (zones, table, discard pile) and the seat's own hand and pack are
copied. Every other card is hidden: each may be wherever the seat's knowledge
allows (``knowledge.allowed``). Part-Time Jobs go first, one to each other
seat that has none on the table and the rest out of the game, uniformly among
the consistent assignments. The other hidden cards fill the hands, packs and
deck to their public sizes: a random order, each card to a random place with
room among those allowed, and an augmenting path when a card finds none, so a
consistent deal is always found (the true one exists). The deck order is then
shuffled; other seats' unrevealed picks and selections are drawn at random.
A search reads the view once (``prepare``: the template state, the hidden
cards, where each may be, the consistent job deals) and deals from it per
iteration (``Determinizer.sample``).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Sequence
from typing import Any

from cardroom.core.cardset import cards_of
from cardroom.core.game import Game
from cardroom.core.rng import Rng
from cardroom.core.sampling import Shuffler
from cardroom.core.views import View, seat_part
from cardroom.games.love_formula.cards.catalog import CAT, CODES
from cardroom.games.love_formula.cards.config import (
    CHANCE_CARDS,
    GOAL_CARDS,
    VP_CARDS,
    game_config,
)
from cardroom.games.love_formula.cards.vocabulary import COUNTERS
from cardroom.games.love_formula.expansions import chance, goals
from cardroom.games.love_formula.fields import (
    CHOICE_NAMES,
    DRAFT,
    NO_CHOICE,
    SELECT,
    STEP_NAMES,
    Frame,
)
from cardroom.games.love_formula.rules import knowledge
from cardroom.games.love_formula.state import LoveState
from cardroom.games.love_formula.viewtypes import Chance, Goals, LoveSeatTable, LoveTable, Resolving

by_id = CAT.by_id
mask_of = CODES.mask


def card(code: str | None) -> int:
    return -1 if code is None else by_id[code]


def determinize(game: Game, view: View[Any], rng: Rng) -> LoveState:
    return prepare(game, view, rng).sample()


def prepare(game: Game, view: View[Any], rng: Rng) -> Determinizer:
    """Read the view once; ``sample`` then deals the hidden cards anew."""
    return Determinizer(game, view, rng)


class Determinizer:
    """One seat's view read into a template state, the hidden cards, where
    each may be and the consistent job deals; each ``sample`` copies the
    template and deals the hidden cards at random."""

    def __init__(self, game: Game, view: View[Any], rng: Rng) -> None:
        self.shuffler = sh = Shuffler(rng)
        self.template = s = LoveState.__new__(LoveState)
        game.determinized_base(s, view, rng)
        self.seat, t = seat_part(view, LoveSeatTable)
        self.goals = t.goals
        seat = self.seat
        n = s.players
        s.config = game_config(s.options, n)
        chance.clear(s)
        goals.clear(s)
        copy_public(s, view.to_act, t)
        if s.config.chance and t.chance is not None:
            copy_chance(s, t.chance, sh)
        if s.config.goals and t.goals is not None:
            copy_goals(s, t.goals, sh)
        s.known = [{} for _ in range(n)]
        s.known[seat] = knowledge.import_known(n, t.known)
        s.hands, s.packs = [0] * n, [0] * n
        s.hands[seat], s.packs[seat] = mask_of(t.hand), mask_of(t.pack)
        s.jobs = [-1] * n
        s.jobs[seat] = by_id[t.job]
        s.selected, s.picks = [-1] * n, [-1] * n
        s.selected[seat], s.picks[seat] = card(t.selected), card(t.picked)
        s.deck, s.unused_jobs = [], 0
        hidden = s.config.main & ~(public_cards(s) | s.hands[seat] | s.packs[seat])
        self.room = room = [0] * (2 * n + 2)
        for other in range(n):
            if other != seat:
                room[knowledge.hand(other)] = t.hand_sizes[other]
                room[knowledge.pack(s, other)] = t.pack_sizes[other]
        room[knowledge.deck(s)] = t.deck_size
        self.holders, self.job_deals = job_deals(s, seat, hidden & CAT.jobs, t.out_size)
        self.jobs = hidden & CAT.jobs
        self.cards = cards_of(hidden & ~CAT.jobs)
        self.allowed = [knowledge.allowed(s, seat, c) for c in self.cards]

    def sample(self) -> LoveState:
        s = self.template.clone()
        sh, seat = self.shuffler, self.seat
        s.rng = sh.next_rng()
        room = self.room[:]
        chosen = sh.choice(self.job_deals)
        for job, other in zip(chosen, self.holders, strict=True):
            s.jobs[other] = job
            s.hands[other] |= 1 << job
            room[knowledge.hand(other)] -= 1
        s.unused_jobs = self.jobs & ~sum(1 << job for job in chosen)
        place(s, self.cards, fill(self.cards, self.allowed, room, sh), sh)
        choose_for_others(s, seat, sh)
        if s.config.chance:
            sh.shuffle(s.chance_deck)
        if s.config.goals and self.goals is not None:
            copy_goals(s, self.goals, sh)
        return s


def copy_public(s: LoveState, to_act: Sequence[int], t: LoveTable) -> None:
    n = s.players
    s.stage, s.round, s.pick = t.stage, t.round, t.pick
    s.step = STEP_NAMES.index(t.step)
    s.waiting = list(to_act) if s.step in (DRAFT, SELECT) else []
    s.discard = [by_id[c] for c in t.discard]
    s.couples, s.unattached = [[] for _ in range(n)], [[] for _ in range(n)]
    s.attached, s.attached_to, s.hearts, s.attached_by = {}, {}, {}, {}
    for seat, zone in enumerate(t.zones):
        s.unattached[seat] = [by_id[c] for c in zone.loose]
        for item in zone.couples:
            couple = by_id[item.card]
            s.couples[seat].append(couple)
            s.attached[couple] = []
            for a in item.attached:
                c = by_id[a.card]
                s.attached[couple].append(c)
                s.attached_to[c] = couple
                if a.hearts is not None:
                    s.hearts[c] = a.hearts
                if a.by is not None:
                    s.attached_by[c] = a.by
    s.table = [card(c) for c in t.table]
    s.order, s.turn_pos = list(t.order), t.turn_pos
    s.actor = -1 if t.turn is None else t.turn
    s.moves_left, s.resolved = t.moves, t.resolved
    copy_resolving(s, t.resolving)
    s.frames = [Frame(by_id[f[0]], f[1], f[2], card(f[5]), f[6], f[3], f[4]) for f in t.frames]
    s.choice = CHOICE_NAMES.index(t.choice) if t.choice else NO_CHOICE
    s.chooser = -1 if t.chooser is None else t.chooser


def copy_resolving(s: LoveState, r: Resolving | None) -> None:
    if r is None:
        s.resolving = s.target_seat = s.target_couple = s.reacting = s.sender = -1
        s.cancelled = s.diverted = False
        s.react_queue = []
        return
    s.resolving = by_id[r.card]
    s.target_seat = -1 if r.target is None else r.target
    s.target_couple, s.reacting = card(r.couple), card(r.reacting)
    s.sender, s.cancelled, s.diverted = r.sender, r.cancelled, r.diverted
    s.react_queue = list(r.queue)


def public_cards(s: LoveState) -> int:
    mask = 0
    for c in [*s.discard, *s.table, s.reacting, *s.attached, *s.attached_to]:
        if c >= 0:
            mask |= 1 << c
    for seat in range(s.players):
        for c in s.unattached[seat]:
            mask |= 1 << c
    return mask


def place(s: LoveState, cards: list[int], where: list[int], sh: Shuffler) -> None:
    """Put each hidden card where ``fill`` sent it; the deck in a random order."""
    n = s.players
    deck_loc = knowledge.deck(s)
    deck = []
    for c, loc in zip(cards, where, strict=True):
        if loc == deck_loc:
            deck.append(c)
        elif loc < n:
            s.hands[loc] |= 1 << c
        else:
            s.packs[loc - n] |= 1 << c
    sh.shuffle(deck)
    s.deck = deck


def job_deals(s: LoveState, seat: int, jobs: int,
              out_size: int) -> tuple[list[int], list[tuple[int, ...]]]:
    """The seats whose Part-Time Job is hidden, and every assignment of the
    hidden jobs to them that the seat's knowledge allows (the rest out of
    the game); a job on the table is its seat's."""
    for other in range(s.players):
        if s.table[other] >= 0 and CAT.jobs >> s.table[other] & 1:
            s.jobs[other] = s.table[other]
    holders = [other for other in range(s.players) if s.jobs[other] < 0]
    pool = cards_of(jobs)
    allowed = {job: knowledge.allowed(s, seat, job) for job in pool}
    out = knowledge.out(s)
    fits = []
    for perm in itertools.permutations(pool, len(holders)):
        spare = [job for job in pool if job not in perm]
        if len(spare) == out_size and all(
                allowed[job] >> knowledge.hand(other) & 1
                for job, other in zip(perm, holders, strict=True)
        ) and all(allowed[job] >> out & 1 for job in spare):
            fits.append(perm)
    if not fits:
        raise ValueError("no deal of the Part-Time Jobs is consistent with this view")
    return holders, fits


def fill(cards: list[int], allowed: list[int], room: list[int], rng: Shuffler) -> list[int]:
    """A location per card, each allowed, filling every location to its room."""
    if sum(room) != len(cards):
        raise ValueError(f"{len(cards)} hidden cards for {sum(room)} hidden places")
    places = [i for i, r in enumerate(room) if r > 0]
    everywhere = sum(1 << p for p in places)
    load = [0] * len(room)
    members: list[list[int]] = [[] for _ in room]
    where = [-1] * len(cards)
    order = list(range(len(cards)))
    rng.shuffle(order)
    left = len(cards)  # room not yet filled
    for i in order:
        left -= 1
        if allowed[i] & everywhere == everywhere:
            # A card allowed anywhere (most unseen cards): _weighted's pick
            # over every place with room, without building the lists.
            p = _anywhere(places, room, load, left + 1, rng)
            where[i], load[p] = p, load[p] + 1
            members[p].append(i)
            continue
        free = [p for p in places if allowed[i] >> p & 1 and load[p] < room[p]]
        if free:
            weights = [room[p] - load[p] for p in free]
            p = _weighted(free, weights, rng)
            where[i], load[p] = p, load[p] + 1
            members[p].append(i)
        elif not _augment(i, allowed, room, load, members, where):
            raise ValueError("no deal of the hidden cards is consistent with this view")
    return where


def _anywhere(places: list[int], room: list[int], load: list[int], left: int,
              rng: Shuffler) -> int:
    """``_weighted`` over every place with room, weighted by the room left
    (``left`` in all): the same draw and the same place."""
    pick = rng.below(left)
    for p in places:
        w = room[p] - load[p]
        if pick < w:
            return p
        pick -= w
    raise AssertionError("the places hold less room than counted")


def _weighted(items: list[int], weights: list[int], rng: Shuffler) -> int:
    pick = rng.below(sum(weights))
    for item, w in zip(items, weights, strict=True):
        if pick < w:
            return item
        pick -= w
    return items[-1]


def _augment(i: int, allowed: list[int], room: list[int], load: list[int],
             members: list[list[int]], where: list[int]) -> bool:
    """Shift cards along a path of places so that card ``i`` finds room."""
    starts = [p for p in range(len(room)) if allowed[i] >> p & 1 and room[p] > 0]
    prev: dict[int, tuple[int, int] | None] = {p: None for p in starts}
    queue = deque(starts)
    while queue:
        p = queue.popleft()
        if load[p] < room[p]:
            step = prev[p]
            while step is not None:
                q, moved = step
                members[q].remove(moved)
                members[p].append(moved)
                where[moved] = p
                load[q] -= 1
                load[p] += 1
                p, step = q, prev[q]
            where[i] = p
            members[p].append(i)
            load[p] += 1
            return True
        for j in members[p]:
            for q in range(len(room)):
                if q not in prev and room[q] > 0 and allowed[j] >> q & 1:
                    prev[q] = (p, j)
                    queue.append(q)
    return False


def choose_for_others(s: LoveState, seat: int, rng: Shuffler) -> None:
    """Other seats' simultaneous choices not yet revealed: drawn at random."""
    for other in range(s.players):
        if other == seat or other in s.waiting:
            continue
        if s.step == DRAFT:
            s.picks[other] = rng.choice(cards_of(s.packs[other]))
        elif s.step == SELECT:
            s.selected[other] = rng.choice(cards_of(s.hands[other] & ~CAT.reactions))


def copy_chance(s: LoveState, view: Chance, rng: Shuffler) -> None:
    """The chance card, discard pile and round effects as seen; the unseen chance
    cards are the chance deck, in a random order."""
    s.chance_card = card(view.card)
    s.revealer = -1 if view.revealer is None else view.revealer
    s.chance_discard = [by_id[c] for c in view.discard]
    s.round_rules = sum(chance.RULE_BITS[r] for r in view.rules)
    s.extra_moves, s.chance_vp = list(view.extra_moves), list(view.vp)
    seen = mask_of(view.discard) | (1 << s.chance_card if s.chance_card >= 0 else 0)
    deck = cards_of(CHANCE_CARDS & ~seen)
    if len(deck) != view.deck_size:
        raise ValueError("the chance deck size does not match the unseen chance cards")
    rng.shuffle(deck)
    s.chance_deck = deck


def copy_goals(s: LoveState, view: Goals, rng: Shuffler) -> None:
    """The goal row as seen; face-down VP cards dealt at random from the unseen ones."""
    row = view.row
    s.goal_row = [by_id[g.goal] for g in row]
    s.unused_goals = cards_of(GOAL_CARDS & ~mask_of(g.goal for g in row))
    s.goal_winner = [-1 if g.won_by is None else g.won_by for g in row]
    s.goal_scorers = [list(g.scored) for g in row]
    s.goal_face_up = [g.face_up for g in row]
    s.goal_value_card = card(view.value_card)
    s.goal_value = s.config.goal_vp if view.value is None else view.value
    s.counters = [[getattr(c, name) for name in COUNTERS] for c in view.counters]
    seen = mask_of(g.vp_card for g in row if g.vp_card) | mask_of(
        [view.value_card] if view.value_card else [])
    unseen = cards_of(VP_CARDS & ~seen)
    rng.shuffle(unseen)
    s.goal_vp_cards = []
    for g in row:
        if g.vp_card is not None:
            s.goal_vp_cards.append(by_id[g.vp_card])
        elif s.config.variant == "equal":
            s.goal_vp_cards.append(-1)
        else:
            s.goal_vp_cards.append(unseen.pop())
    s.unused_vp_cards = sorted(unseen)
