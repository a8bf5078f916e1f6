"""What the heuristic bot reads about the expansions: the goals it can still
win (and what they are worth to it) and the chance card's rules for the round.

A card's value for goals is the expected VP of the goals it would meet now,
plus a share of those it brings closer: a First goal reached with this card is
worth its VP card (face down: the mean of the VP cards not seen), a Game End
"most" goal a share of its VP while the bot can lead it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardroom.games.love_formula.bot.model import Table
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

VP_CARD_POINTS = [CAT.points[c] for c in range(CAT.size) if CAT.type[c] == VPCARD]


@dataclass
class Goal:
    card: int
    first: bool
    worth: float


def expected_worth(goals: Mapping[str, Any], item: Mapping[str, Any]) -> float:
    if item["vp"] is not None:
        return float(item["vp"])
    seen = [CAT.points[CAT.by_id[g["vp_card"]]] for g in goals["row"] if g["vp_card"]]
    pool = VP_CARD_POINTS[:]
    for points in seen:
        pool.remove(points)
    return sum(pool) / len(pool) if pool else 0.0


def open_goals(view: Mapping[str, Any]) -> list[Goal]:
    goals = view.get("goals")
    if goals is None:
        return []
    out = []
    for item in goals["row"]:
        first = item["kind"] == "first"
        if (first and item["won_by"] is not None) or item["scored"]:
            continue
        out.append(Goal(CAT.by_id[item["goal"]], first, expected_worth(goals, item)))
    return out


def measures(view: Mapping[str, Any]) -> list[dict[str, int]]:
    """Every seat's goal measures, from the public part of the view."""
    out = []
    counters = view["goals"]["counters"] if view.get("goals") else None
    for seat, zone in enumerate(view["zones"]):
        m = dict.fromkeys(("couples", "perfect", "big_perfect", "preparations", "events",
                           "locations", "items", "connections", "obstacles"), 0)
        m["couples"] = len(zone["couples"])
        m["unattached"] = len(zone["loose"])
        preps = [CAT.by_id[c] for c in zone["loose"]]
        for couple in zone["couples"]:
            attached = [CAT.by_id[a["card"]] for a in couple["attached"]]
            preps += [a for a in attached if CAT.type[a] == PREP]
            m["connections"] += sum(1 for a in attached if CAT.type[a] == CONNECTION)
            m["obstacles"] += sum(1 for a in attached if CAT.type[a] == OBSTACLE)
            if not couple["missing"] and not any("no_perfect" in CAT.statics[a]
                                                 for a in attached):
                m["perfect"] += 1
                m["big_perfect"] += len(CAT.requires[CAT.by_id[couple["card"]]]) >= 3
        m["preparations"] = len(preps)
        for p in preps:
            m[CAT.subtype[p] + "s"] += 1
        m["hand"] = view["hand_sizes"][seat]
        m["zone_vp"] = zone["vp"]
        for name in COUNTERS:
            m[name] = counters[seat][name] if counters else 0
        out.append(m)
    return out


def deltas(table: Table, card: int) -> dict[str, int]:
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


def goal_bonus(view: Mapping[str, Any], table: Table, card: int) -> float:
    goals = open_goals(view)
    if not goals:
        return 0.0
    every = measures(view)
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


def chance_adjust(view: Mapping[str, Any], card: int) -> float:
    """This round's chance rules: with no reactions attacks and actions are safe;
    with the order reversed an obstacle resolves late when its priority is high."""
    rules = view["chance"]["rules"] if view.get("chance") else []
    kind = CAT.type[card]
    value = 0.3 if "no_reactions" in rules and kind in (OBSTACLE, CONNECTION, ACTION) else 0.0
    if "reverse_priority" in rules and kind == OBSTACLE:
        value += 0.02 * (CAT.priority[card][0] - 10)  # undoes the usual late-obstacle bias
    return value
