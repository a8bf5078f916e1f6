"""What the heuristic bot reads about the expansions: the goals it can still
win (and what they are worth to it) and the chance card's rules for the round.

A card's value for goals is the expected VP of the goals it would meet now,
plus a share of those it brings closer: a First goal reached with this card is
worth its VP card (face down: the mean of the VP cards not seen), a Game End
"most" goal a share of its VP while the bot can lead it.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.games.love_formula.bot.judgement import Position
from cardroom.games.love_formula.cards.catalog import (
    ACTION,
    CAT,
    CONNECTION,
    COUPLE,
    OBSTACLE,
    PREP,
    REACTION,
    VPCARD,
)
from cardroom.games.love_formula.cards.vocabulary import COUNTERS, Clause
from cardroom.games.love_formula.viewtypes import Goal as GoalView
from cardroom.games.love_formula.viewtypes import Goals, LoveTable

VP_CARD_POINTS = [CAT.points[c] for c in range(CAT.size) if CAT.type[c] == VPCARD]


@dataclass
class Goal:
    card: int
    first: bool
    worth: float


def expected_worth(goals: Goals, item: GoalView) -> float:
    if item.vp is not None:
        return float(item.vp)
    seen = [CAT.points[CAT.by_id[g.vp_card]] for g in goals.row if g.vp_card]
    pool = VP_CARD_POINTS[:]
    for points in seen:
        pool.remove(points)
    return sum(pool) / len(pool) if pool else 0.0


def open_goals(t: LoveTable) -> list[Goal]:
    goals = t.goals
    if goals is None:
        return []
    out = []
    for item in goals.row:
        first = item.kind == "first"
        if (first and item.won_by is not None) or item.scored:
            continue
        out.append(Goal(CAT.by_id[item.goal], first, expected_worth(goals, item)))
    return out


def measures(t: LoveTable) -> list[dict[str, int]]:
    """Every seat's goal measures, from the public part of the view."""
    out = []
    counters = t.goals.counters if t.goals else None
    for seat, zone in enumerate(t.zones):
        m = dict.fromkeys(("couples", "perfect", "big_perfect", "preparations", "events",
                           "locations", "items", "connections", "obstacles"), 0)
        m["couples"] = len(zone.couples)
        m["unattached"] = len(zone.loose)
        preps = [CAT.by_id[c] for c in zone.loose]
        for couple in zone.couples:
            attached = [CAT.by_id[a.card] for a in couple.attached]
            preps += [a for a in attached if CAT.type[a] == PREP]
            m["connections"] += sum(1 for a in attached if CAT.type[a] == CONNECTION)
            m["obstacles"] += sum(1 for a in attached if CAT.type[a] == OBSTACLE)
            if couple.perfect:
                m["perfect"] += 1
                m["big_perfect"] += len(CAT.requires[CAT.by_id[couple.card]]) >= 3
        m["preparations"] = len(preps)
        for p in preps:
            m[CAT.subtype[p] + "s"] += 1
        m["hand"] = t.hand_sizes[seat]
        m["zone_vp"] = zone.vp
        for name in COUNTERS:
            m[name] = getattr(counters[seat], name) if counters else 0
        out.append(m)
    return out


def deltas(table: Position, card: int) -> dict[str, int]:
    """How playing ``card`` this round would change the bot's own measures."""
    kind = CAT.type[card]
    if kind == COUPLE:
        return {"couples": 1}
    if kind == OBSTACLE:
        return {"obstacles_played": 1}
    if kind == CONNECTION:
        return {"connections": 1} if table.mine() else {}
    if kind == REACTION:
        return {"reactions_played": 1}
    if kind != PREP:
        names = [op.name for op in CAT.programs[CAT.program[card]]]
        mine = any(c.obstacles for c in table.mine())
        return {"obstacles_removed": 1} if "remove_obstacle" in names and mine else {}
    out = {"preparations": 1, CAT.subtype[card] + "s": 1}
    for c in table.mine():
        if c.needs(card) and len(c.missing()) == 1 and not c.static("no_perfect"):
            out["perfect"] = 1
            out["big_perfect"] = int(len(CAT.requires[c.card]) >= 3)
            out["zone_vp"] = CAT.vp_perfect[c.card]
            break
    else:
        out["unattached"] = 1
        out["zone_vp"] = 1
    return out


def clause_progress(c: Clause, mine: int, after: int, best_other: int) -> float:
    """0..1: how far this card takes the bot towards meeting one clause."""
    if c.most:
        return 0.35 if after > mine and after >= best_other and after > 0 else 0.0
    if c.at_most < mine or after > c.at_most:
        return 0.0
    if mine >= c.at_least:
        return 0.0  # met already: the card adds nothing to it
    if after >= c.at_least:
        return 1.0
    return 0.25 * (after - mine) / (c.at_least - mine)


def goal_bonus(table: Position, card: int) -> float:
    goals = open_goals(table.view)
    if not goals:
        return 0.0
    every = measures(table.view)
    me = every[table.me]
    change = deltas(table, card)
    bonus = 0.0
    for goal in goals:
        clauses = CAT.condition[goal.card]
        progress = 1.0
        for c in clauses:
            mine = me[c.measure]
            best = max(m[c.measure] for seat, m in enumerate(every) if seat != table.me)
            step = clause_progress(c, mine, mine + change.get(c.measure, 0), best)
            met = (not c.most and c.at_least <= mine <= c.at_most)
            progress *= step if not met else 1.0
        if all(not c.most and c.at_least <= me[c.measure] <= c.at_most for c in clauses):
            progress = 0.0  # already met: this card does not win it
        bonus += goal.worth * progress * (0.9 if goal.first else 0.6)
    return bonus


def chance_adjust(t: LoveTable, card: int) -> float:
    """This round's chance rules: with no reactions attacks and actions are safe;
    with the order reversed an obstacle resolves late when its priority is high."""
    rules = t.chance.rules if t.chance else ()
    kind = CAT.type[card]
    value = 0.3 if "no_reactions" in rules and kind in (OBSTACLE, CONNECTION, ACTION) else 0.0
    if "reverse_priority" in rules and kind == OBSTACLE:
        value += 0.02 * (CAT.priority[card][0] - 10)  # undoes the usual late-obstacle bias
    return value
