"""The Love Formula rules machine (rules page: docs/games/love-formula.md).

Cards are ints of the catalog (``cards.CAT``); hands and packs are bitmasks.
The phases are Draft 1, Play 1, Draft 2, Play 2. ``advance`` runs every step
that needs no decision, so between two actions the state always waits for one.
"""

from __future__ import annotations

from typing import Any

from cardroom.core.events import Viewer
from cardroom.core.game import Result, State
from cardroom.games.love_formula import actions as A
from cardroom.games.love_formula import flow, ops, reasons, views
from cardroom.games.love_formula import goals as G
from cardroom.games.love_formula import zones as Z
from cardroom.games.love_formula.cards import CAT
from cardroom.games.love_formula.choices import apply_choice, options
from cardroom.games.love_formula.config import Config, config
from cardroom.games.love_formula.steps import (
    CHOICE,
    DRAFT,
    FINISH,
    FRAMES,
    OVER,
    REACT,
    ROUNDS,
    SELECT,
    TARGETING,
    TURN,
    WINDOW,
    cards_of,
)
from cardroom.games.love_formula.triggers import react_options


class LoveState(State):
    stage: int
    step: int
    round: int
    pick: int
    jobs: list[int]
    hands: list[int]
    packs: list[int]
    picks: list[int]
    waiting: list[int]
    deck: list[int]  # top card last
    discard: list[int]  # top card last
    out: int
    couples: list[list[int]]
    loose: list[list[int]]
    att: dict[int, list[int]]
    host: dict[int, int]
    hearts: dict[int, int]
    by: dict[int, int]
    selected: list[int]
    table: list[int]
    order: list[int]
    turn_pos: int
    actor: int
    moves: int
    resolved: bool
    card: int
    tseat: int
    tcouple: int
    sender: int
    cancelled: bool
    diverted: bool
    queue: list[int]
    reacting: int
    frames: list[list[int]]
    choice: int
    chooser: int
    known: list[dict[int, int]]
    # Expansions (config.py): chance deck, round effects, chance VP, goals.
    cfg: Config
    chance_deck: list[int]  # top card last
    chance_discard: list[int]
    chance_card: int
    revealer: int
    rules: int
    extra: list[int]
    bonus: list[int]
    counters: list[list[int]]
    goal_row: list[int]
    goal_vps: list[int]
    goal_up: list[bool]
    goal_won: list[int]
    goal_scored: list[list[int]]
    goal_rest: list[int]
    vp_rest: list[int]
    value_card: int
    goal_value: int

    def setup(self) -> None:
        n = self.players
        self.cfg = config(self.options, n)
        self.init_expansions()
        self.stage, self.round, self.pick = 1, 0, 0
        self.packs, self.picks, self.waiting = [0] * n, [-1] * n, []
        self.discard, self.couples, self.loose = [], [[] for _ in range(n)], [[] for _ in range(n)]
        self.att, self.host, self.hearts, self.by = {}, {}, {}, {}
        self.selected, self.table, self.order = [-1] * n, [-1] * n, []
        self.turn_pos = self.actor = self.card = self.tseat = self.tcouple = self.sender = -1
        self.moves, self.resolved, self.cancelled, self.diverted = 0, False, False, False
        self.queue, self.reacting, self.frames = [], -1, []
        self.choice, self.chooser = 0, -1
        self.known = [{} for _ in range(n)]
        flow.setup(self)
        self.advance()

    def init_expansions(self) -> None:
        n = self.players
        self.chance_deck, self.chance_discard, self.chance_card, self.revealer = [], [], -1, -1
        self.rules, self.extra, self.bonus = 0, [0] * n, [0] * n
        self.counters = [[0, 0, 0] for _ in range(n)]
        self.goal_row, self.goal_vps, self.goal_up, self.goal_won = [], [], [], []
        self.goal_scored, self.goal_rest, self.vp_rest = [], [], []
        self.value_card, self.goal_value = -1, 0

    # ----- the contract ----------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.step in (DRAFT, SELECT):
            return self.waiting
        if self.step == TURN:
            return [self.actor]
        if self.step in (CHOICE, REACT):
            return [self.chooser]
        return []

    def is_over(self) -> bool:
        return self.step == OVER

    def phase(self) -> str:
        if self.step == OVER:
            return "over"
        return f"{'draft' if self.step == DRAFT else 'play'}-{self.stage}"

    def legal_actions(self, seat: int) -> list[int]:
        if seat not in self.to_act():
            return []
        step = self.step
        if step == DRAFT:
            return [A.act(A.DRAFT, 0, c) for c in cards_of(self.packs[seat])]
        if step == SELECT:
            return [A.act(A.SELECT, 0, c) for c in cards_of(self.hands[seat] & ~CAT.reactions)]
        if step == TURN:
            return self.turn_options()
        if step == REACT:
            return react_options(self, seat)
        return options(self)

    def turn_options(self) -> list[int]:
        """Before or after resolving: the preparation move, discarding unattached
        preparations, and resolving the card or ending the turn."""
        seat = self.actor
        opts = Z.move_options(self, seat) if self.moves > 0 else []
        opts += [A.act(A.DROP, 0, p) for p in self.loose[seat]]
        opts.append(A.act(A.END if self.resolved else A.RESOLVE))
        return opts

    def illegal_reason(self, seat: int, action: int) -> str | None:
        if action in self.legal_actions(seat):
            return None
        return reasons.explain(self, seat, action)

    def _apply(self, seat: int, action: int) -> None:
        kind, card = A.kind_of(action), A.card_arg(action)
        step = self.step
        if step == DRAFT:
            flow.draft(self, seat, card)
        elif step == SELECT:
            flow.select(self, seat, card)
        elif step == TURN:
            self.turn_action(kind, action)
        elif step == REACT:
            if kind == A.REACT:
                ops.react(self, seat, card)
            else:
                ops.decline(self, seat)
        else:
            apply_choice(self, action)
        self.advance()

    def turn_action(self, kind: int, action: int) -> None:
        seat = self.actor
        if kind == A.RESOLVE:
            ops.start_resolution(self)
        elif kind == A.END:
            flow.next_turn(self)
        elif kind == A.DROP:
            prep = A.card_arg(action)
            self.loose[seat].remove(prep)
            self.discard.append(prep)
            self.log.append({"type": "drop", "seat": seat, "card": CAT.ids[prep]})
        else:
            prep = A.first(action) if kind == A.MOVE else A.card_arg(action)
            Z.unhook(self, prep)
            if kind == A.MOVE:
                Z.attach(self, prep, A.second(action))
            else:
                self.loose[seat].append(prep)
            self.moves -= 1
            event = {"type": "move", "seat": seat, "card": CAT.ids[prep]}
            if kind == A.MOVE:
                event["couple"] = CAT.ids[A.second(action)]
            self.log.append(event)

    def advance(self) -> None:
        """Carry out every step that needs no decision."""
        checked = 0 if self.cfg.goals else 1 << 62
        while True:
            if len(self.log) > checked:  # R18: First goals are won at once
                checked = G.check_since(self, checked)
            step = self.step
            if step == TURN:
                if len(self.turn_options()) > 1:
                    return
                if self.resolved:
                    flow.next_turn(self)
                else:
                    ops.start_resolution(self)
            elif step == TARGETING:
                ops.targeting(self)
            elif step == WINDOW:
                ops.window(self)
            elif step == FRAMES:
                ops.step_frames(self)
            elif step == FINISH:
                ops.finish_card(self)
            elif step == CHOICE and len(opts := options(self)) == 1:
                apply_choice(self, opts[0])
            else:
                return

    def action_text(self, action: int) -> str:
        return A.text(action)

    def parse_action(self, text: str) -> int | None:
        return A.parse(text, self.players)

    # ----- results and views -----------------------------------------------------
    def scores(self) -> list[Any]:
        """VP everyone can see: zones, chance VP, goal VP turned up (all at the end)."""
        if self.cfg.chance or self.cfg.goals:
            return [G.public_vp(self, seat) for seat in range(self.players)]
        return [Z.zone_vp(self, seat) for seat in range(self.players)]

    def ranking(self) -> list[list[int]]:
        """Best first by VP, then the four tie-breakers; still equal, shared."""
        vp = self.scores()
        keys = [(vp[seat], *Z.tiebreak_key(self, seat)[1:]) for seat in range(self.players)]
        ordered = sorted(set(keys), reverse=True)
        return [[s for s in range(self.players) if keys[s] == k] for k in ordered]

    def breakdowns(self) -> list[dict[str, Any]]:
        if self.cfg.chance or self.cfg.goals:
            return [G.breakdown(self, h) for h in range(self.players)]
        return [Z.breakdown(self, h) for h in range(self.players)]

    def result(self) -> Result:
        return Result(self.ranking(), self.scores(), {"breakdown": self.breakdowns()})

    # The search horizon (cardroom.search.reward): play rounds completed, and
    # the ranking as if the game ended now (zones keep their VP to the end).
    def rounds_completed(self) -> int:
        if self.step == OVER:
            return 2 * ROUNDS
        done = (self.stage - 1) * ROUNDS
        return done if self.step == DRAFT else done + self.round - 1

    def standing(self) -> Result:
        return self.result()

    def table_view(self, seat: Viewer) -> dict[str, Any]:
        return views.table_view(self, seat)

    def invariant_errors(self) -> list[str]:
        return views.invariant_errors(self)

    # ----- copying -----------------------------------------------------------------
    def clone(self) -> LoveState:
        c = LoveState.__new__(LoveState)
        self._clone_base(c)
        c.stage, c.step, c.round, c.pick = self.stage, self.step, self.round, self.pick
        c.jobs, c.hands, c.packs = self.jobs[:], self.hands[:], self.packs[:]
        c.picks, c.waiting, c.deck = self.picks[:], self.waiting[:], self.deck[:]
        c.discard, c.out = self.discard[:], self.out
        c.couples = [z[:] for z in self.couples]
        c.loose = [z[:] for z in self.loose]
        c.att = {k: v[:] for k, v in self.att.items()}
        c.host, c.hearts, c.by = dict(self.host), dict(self.hearts), dict(self.by)
        c.selected, c.table, c.order = self.selected[:], self.table[:], self.order[:]
        c.turn_pos, c.actor, c.moves, c.resolved = (
            self.turn_pos, self.actor, self.moves, self.resolved)
        c.card, c.tseat, c.tcouple, c.sender = self.card, self.tseat, self.tcouple, self.sender
        c.cancelled, c.diverted, c.queue = self.cancelled, self.diverted, self.queue[:]
        c.reacting, c.frames = self.reacting, [f[:] for f in self.frames]
        c.choice, c.chooser = self.choice, self.chooser
        c.known = [dict(k) for k in self.known]
        c.cfg = self.cfg
        c.chance_deck, c.chance_discard = self.chance_deck[:], self.chance_discard[:]
        c.chance_card, c.revealer, c.rules = self.chance_card, self.revealer, self.rules
        c.extra, c.bonus = self.extra[:], self.bonus[:]
        c.counters = [k[:] for k in self.counters]
        c.goal_row, c.goal_vps, c.goal_up = self.goal_row[:], self.goal_vps[:], self.goal_up[:]
        c.goal_won, c.goal_scored = self.goal_won[:], [g[:] for g in self.goal_scored]
        c.goal_rest, c.vp_rest = self.goal_rest[:], self.vp_rest[:]
        c.value_card, c.goal_value = self.value_card, self.goal_value
        return c
