"""The heuristic's judgement: what it reads from its seat's view (zones,
needs) and what cards are worth to it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardroom.core.views import View, seat_part
from cardroom.games.love_formula.cards.catalog import (
    CAT,
    CONNECTION,
    COUPLE,
    OBSTACLE,
    PREP,
    REACTION,
)
from cardroom.games.love_formula.fields import ROUNDS
from cardroom.games.love_formula.scoring import lacking
from cardroom.games.love_formula.viewtypes import LoveSeatTable


def by_id(code: str) -> int:
    return CAT.by_id[code]


@dataclass
class Couple:
    card: int
    owner: int
    vp: int
    """What it scores now, as the view says (scoring.date)."""
    preps: list[int] = field(default_factory=list)
    obstacles: list[int] = field(default_factory=list)
    connections: list[int] = field(default_factory=list)
    hearts: dict[int, int] = field(default_factory=dict)

    def static(self, name: str) -> int:
        return sum(CAT.statics[c].get(name, 0)
                   for c in self.obstacles + self.connections + self.preps)

    def missing(self) -> list[int]:
        return lacking(self.card, self.preps)

    def needs(self, prep: int) -> bool:
        if CAT.joker[prep]:  # R23: any couple, one joker each
            return not self.static("lock") and not any(CAT.joker[p] for p in self.preps)
        return CAT.match[prep] in self.missing() and not self.static("lock")

    def doomed(self, rounds_left: int) -> bool:
        """An obstacle will end this couple before the game does."""
        return any(CAT.expire[o] >= 0 and self.hearts.get(o, 99) <= rounds_left
                   for o in self.obstacles)


@dataclass
class Position:
    """The bot's seat, what it holds and the zones, read from its view."""

    view: LoveSeatTable
    me: int
    players: int
    hand: list[int]
    couples: list[list[Couple]]
    loose: list[list[int]]
    vp: list[int]
    rounds_left: int  # in the game, the current round included
    phase_left: int   # in this play phase (0 during a draft)
    discard: list[int]
    stage: int
    drafting: bool

    def find_chance(self) -> float:
        """How likely a preparation not in hand yet still comes to me in time."""
        if self.stage == 1:
            return 0.5
        if self.drafting:
            return 0.35
        return min(0.3, 0.03 * self.rounds_left)

    def mine(self) -> list[Couple]:
        return self.couples[self.me]

    def leader_weight(self, seat: int) -> float:
        best_other = max(v for seat, v in enumerate(self.vp) if seat != self.me)
        return 1.0 + 0.15 * (self.vp[seat] - best_other + 2) if self.vp[seat] >= best_other \
            else 1.0

    def couple(self, card: int) -> Couple | None:
        for zone in self.couples:
            for c in zone:
                if c.card == card:
                    return c
        return None


def read(view: View[Any]) -> Position:
    me, t = seat_part(view, LoveSeatTable)
    couples: list[list[Couple]] = []
    loose = []
    for seat, zone in enumerate(t.zones):
        row = []
        for item in zone.couples:
            c = Couple(by_id(item.card), seat, item.vp)
            for a in item.attached:
                card = by_id(a.card)
                kind = CAT.type[card]
                (c.preps if kind == PREP else c.obstacles if kind == OBSTACLE
                 else c.connections).append(card)
                if a.hearts is not None:
                    c.hearts[card] = a.hearts
            row.append(c)
        couples.append(row)
        loose.append([by_id(x) for x in zone.loose])
    playing = view.phase.startswith("play")
    left = ROUNDS - t.round + 1 if playing else ROUNDS
    game_left = left + (ROUNDS if t.stage == 1 else 0)
    return Position(t, me, view.players, [by_id(x) for x in t.hand], couples, loose,
                    list(view.scores), game_left, left if playing else 0,
                    [by_id(x) for x in t.discard], t.stage, not playing)


def op_names(card: int) -> list[str]:
    return [op.name for op in CAT.programs[CAT.program[card]]]


def held_designs(table: Position) -> set[int]:
    designs = {CAT.match[c] for c in table.hand if CAT.type[c] == PREP}
    designs |= {CAT.match[c] for c in table.loose[table.me]}
    return designs


def couple_promise(table: Position, couple: int, preps_on: list[int]) -> float:
    """Expected VP of a couple of mine: 1 now, the perfect VP if it gets done.
    Each requirement held is likely to be attached; each missing one must
    still be drafted or drawn, which gets less likely as the game runs out."""
    have = {CAT.match[p] for p in preps_on} | held_designs(table)
    chance = 1.0
    for design in CAT.requires[couple]:
        chance *= 0.9 if design in have else table.find_chance()
    return 1 + (CAT.vp_perfect[couple] - 1) * chance


def potential(table: Position, couple: Couple, preps: list[int], moving: int = -1) -> float:
    """Expected VP of one of my couples with these preparations attached."""
    have = {CAT.match[p] for p in preps}
    held = held_designs(table) - ({CAT.match[moving]} if moving >= 0 else set())
    chance = 1.0
    for design in CAT.requires[couple.card]:
        if design not in have:
            locked = couple.static("lock")
            chance *= 0.0 if locked else 0.9 if design in held else table.find_chance()
    if couple.static("no_perfect"):
        chance = 0.0
    value = 1 + (CAT.vp_perfect[couple.card] - 1) * chance + couple.static("vp")
    return value * (0.2 if couple.doomed(table.rounds_left) else 1.0)


def attach_gain(table: Position, prep: int, target: Couple) -> float:
    return (potential(table, target, [*target.preps, prep], prep)
            - potential(table, target, target.preps, prep))


def move_gain(table: Position, prep: int, target: Couple | None) -> float:
    """What moving a preparation of my zone onto ``target`` (None: detach) gains."""
    source = next((c for c in table.mine() if prep in c.preps), None)
    gain = attach_gain(table, prep, target) if target is not None else 0.0
    if source is None:
        return gain + 0.2  # an unattached one attached frees its subtype's place
    rest = [p for p in source.preps if p != prep]
    before = potential(table, source, source.preps, prep)
    return gain + potential(table, source, rest, prep) - before


def prep_gain(table: Position, prep: int) -> float:
    """What playing a preparation into my zone is worth now."""
    if CAT.joker[prep] and any(c.needs(prep) and not c.doomed(table.rounds_left)
                               for c in table.mine()):
        return 1 + CAT.statics[prep].get("vp", 0)
    if "wipe_date" in op_names(prep):
        return 1 + wipe_damage(table)
    best = 0.0
    for c in table.mine():
        if c.needs(prep) and not c.doomed(table.rounds_left):
            after = len(c.missing()) - 1
            gain = (CAT.vp_perfect[c.card] - 1) * (1.0 if after == 0 else 0.45 / after)
            best = max(best, gain)
    if best:
        return 1 + best
    if any(x for x in table.loose[table.me] if CAT.subtype[x] == CAT.subtype[prep]):
        return 0.1  # one of the two would be discarded
    later = any(CAT.type[c] == COUPLE and CAT.match[prep] in CAT.requires[c] for c in table.hand)
    return 1.4 if later else 1.0


def wipe_damage(table: Position) -> float:
    """The most a joker wiping out a date costs an opponent (VP, weighted)."""
    best = 0.0
    for seat, zone in enumerate(table.couples):
        for c in zone:
            if seat != table.me and c.preps:
                lost = len(c.preps) + (c.vp - 1 if not c.missing() else 0.5)
                best = max(best, lost * table.leader_weight(seat))
    return best


def obstacle_damage(table: Position, obstacle: int, target: Couple) -> float:
    """VP an obstacle is likely to cost the target couple's owner."""
    if target.static("protect"):
        return 0.0
    statics = CAT.statics[obstacle]
    names = op_names(obstacle)
    value = 0.0
    missing = len(target.missing())
    if CAT.expire[obstacle] >= 0 and CAT.hearts[obstacle] <= table.rounds_left - 1:
        value += 0.7 * (target.vp + len(target.preps))
    if "vp" in statics:
        value += min(-statics["vp"], target.vp)
    if "no_perfect" in statics and CAT.hearts[obstacle] >= table.rounds_left:
        value += target.vp - 1
    if "lock" in statics:
        lasting = CAT.hearts[obstacle] == 0 or CAT.hearts[obstacle] >= table.rounds_left
        value += missing * (0.8 if lasting else 0.3) if missing else 0.0
    if ("discard_attached" in names or "take_attached" in names) and target.preps:
        value += 1.0 + (target.vp - 1 if not missing else 0.8)
        value += 1.0 if "take_attached" in names else 0.0
    if "discard" in names:
        value += 0.6
    return value * table.leader_weight(target.owner)


def best_target(table: Position, obstacle: int) -> tuple[float, Couple | None]:
    best: tuple[float, Couple | None] = (0.0, None)
    for seat, zone in enumerate(table.couples):
        if seat == table.me:
            continue
        for c in zone:
            damage = obstacle_damage(table, obstacle, c)
            if best[1] is None or damage > best[0]:
                best = (damage, c)
    return best


def obstacle_harm(table: Position, obstacle: int, couple: Couple) -> float:
    """How much an obstacle already on my couple hurts me."""
    statics = CAT.statics[obstacle]
    harm = 0.2
    if CAT.expire[obstacle] >= 0 and couple.hearts.get(obstacle, 99) <= table.rounds_left:
        harm += couple.vp + len(couple.preps) + 1
    harm += -statics.get("vp", 0) + (CAT.vp_perfect[couple.card] - 1) * bool(
        statics.get("no_perfect"))
    harm += len(couple.missing()) * bool(statics.get("lock"))
    return harm


def card_value(table: Position, card: int) -> float:
    """What playing ``card`` this round is worth to me (the selection heuristic)."""
    kind = CAT.type[card]
    if kind == COUPLE:
        return couple_promise(table, card, []) * min(1.0, 0.4 + table.rounds_left / 10)
    if kind == PREP:
        return prep_gain(table, card)
    if kind == OBSTACLE:
        # Timing: a low-priority obstacle resolves late in the round, after the
        # couples opponents play this round, so it breaks ties.
        return best_target(table, card)[0] + 0.01 * (20 - CAT.priority[card][0])
    if kind == CONNECTION:
        return connection_value(table, card)
    if kind == REACTION:
        return -1.0
    return action_value(table, card)


def connection_value(table: Position, card: int) -> float:
    mine = table.mine()
    if not mine:
        return 0.0
    statics = CAT.statics[card]
    value = 0.3
    if "vp" in statics:
        value += statics["vp"] * 0.9
    if "protect" in statics:
        value += 0.4 * max(c.vp + len(c.preps) for c in mine) / 3
    if "remove_obstacle" in op_names(card):
        value += max(sum(obstacle_harm(table, o, c) for o in c.obstacles) for c in mine)
    draws = sum(op.n for op in CAT.programs[CAT.program[card]] if op.name == "draw")
    return value + draws * draw_worth(table)


def draw_worth(table: Position) -> float:
    """A drawn card is worth something only if there are rounds left to play it."""
    spare = table.phase_left - len(table.hand)
    return 0.55 if spare > 0 else 0.25 if table.phase_left > 2 else 0.05


def action_value(table: Position, card: int) -> float:
    value = 0.0
    for op in CAT.programs[CAT.program[card]]:
        value += op_value(table, op.name, op.n)
    if CAT.jobs >> card & 1:
        value = min(value, 0.9)  # it comes back: better spent when nothing else is worth it
    return value


def op_value(table: Position, name: str, n: int) -> float:
    if name == "draw":
        return n * draw_worth(table)
    if name == "discard":
        return -0.3 * n
    if name == "remove_obstacle":
        harms = [obstacle_harm(table, o, c) for c in table.mine() for o in c.obstacles]
        return max(harms) if harms else 0.0
    if name == "take_discarded":
        return 0.6 if table.discard else 0.0
    if name == "steal_hand":
        return draw_worth(table) + (0.5 if table.phase_left > 1 else 0.0)
    if name == "take_loose":
        others = [seat for seat in range(table.players) if seat != table.me]
        return 1.5 if any(table.loose[seat] for seat in others) else 0.0
    if name == "skip_turn":
        return 0.7
    if name == "extra_move":
        return 0.2
    return 0.0


# What a card is worth to keep in a draft, from its effect alone (no table yet).
DRAFT_OPS = {"draw": 0.4, "steal_hand": 1.1, "take_loose": 1.4, "take_discarded": 0.9,
             "remove_obstacle": 1.0, "skip_turn": 0.7, "extra_move": 0.2,
             "discard_attached": 1.4, "take_attached": 2.0, "cancel": 1.2,
             "redirect": 1.7, "intercept": 1.8, "discard": -0.2}


def effect_worth(card: int) -> float:
    """A rough, table-free value of an obstacle, connection, action or reaction."""
    value = 0.0
    for op in CAT.programs[CAT.program[card]]:
        weight = DRAFT_OPS.get(op.name, 0.0)
        if op.name == "discard" and op.who == "owner":
            weight = 0.6
        value += weight * (op.n if op.name == "draw" else 1)
        if op.scope == "this_couple" and op.name == "remove_obstacle":
            value += 0.6
    hearts = CAT.hearts[card]
    lasting = 1.0 if not hearts else min(1.0, 0.12 * hearts)
    for name, n in CAT.statics[card].items():
        value += lasting * {"vp": 0.9 * abs(n), "lock": 1.0, "no_perfect": 2.4,
                            "protect": 1.2}[name]
    if CAT.expire[card] >= 0:
        value += 2.4
    if CAT.jobs >> card & 1:
        value = 0.0
    return value
