"""The #RelationshipGoals expansion: goals laid out with VP cards, First goals
claimed at once, Game End goals scored at the end, and the five variants.

Set-up lays out players + 1 goals from the shuffled goal deck (random source
``goals``), each with a VP card from the shuffled VP cards (source ``vp``)
face down under it. R18: First goals are checked after every step of a play
phase; when several players meet one in the same step, the acting player comes
first, then the others in this round's turn order from there (clockwise when
no turn is on), so the card resolved first by priority wins it. R19: a "most"
Game End goal needs at least one and is shared by all who tie. Variants:
``equal`` (every goal worth ``goal_vp``; R22: 0 draws a VP card, face up, to
set it), ``open`` (VP cards face up from the start), ``hidden`` (R20: a won VP
card stays face down, seen by nobody, until the end), ``planned`` (R21: the
first ``first_goals`` First goals and ``end_goals`` Game End goals of the
shuffled deck; D7: the goals named by ``goal_cards`` first, the places left
drawn that way). Won goals are not replaced. At the end every VP card is turned
up.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from cardroom.core.cardset import cards_of, mask_of
from cardroom.core.events import Viewer
from cardroom.games.love_formula.cards.catalog import CAT, CONNECTION, PREP
from cardroom.games.love_formula.cards.config import GOAL_CARDS, VP_CARDS
from cardroom.games.love_formula.cards.shuffle import arrange
from cardroom.games.love_formula.cards.vocabulary import COUNTERS
from cardroom.games.love_formula.fields import DRAFT, LoveFields
from cardroom.games.love_formula.scoring import date, goal_visible, goal_worth
from cardroom.games.love_formula.viewtypes import Counters, Goal, Goals, RefereeGoals

G = TypeVar("G", bound=Goals)

ids = CAT.ids


# ----- set-up -----------------------------------------------------------------------------
def clear(s: LoveFields) -> None:
    """No goals laid out, nothing counted (also with the expansion off)."""
    s.counters = [[0, 0, 0] for _ in range(s.players)]
    s.goal_row, s.goal_vp_cards, s.goal_face_up, s.goal_winner = [], [], [], []
    s.goal_scorers, s.unused_goals, s.unused_vp_cards = [], [], []
    s.goal_value_card, s.goal_value = -1, 0


def setup(s: LoveFields) -> None:
    config = s.config
    order = arrange(s.rng, cards_of(GOAL_CARDS), "goals")
    if config.variant == "planned":
        row = planned_row(config.goal_cards, order, config.first_goals, config.end_goals)
    else:
        row = order[:s.players + 1]
    n = len(row)
    s.goal_row, s.unused_goals = row, sorted(set(order) - set(row))
    s.goal_winner, s.goal_scorers = [-1] * n, [[] for _ in row]
    # Face up from the start: 'open' VP cards, and 'equal' goals (their worth is agreed).
    s.goal_vp_cards, s.goal_face_up = [-1] * n, [config.variant in ("open", "equal")] * n
    s.goal_value_card, s.goal_value = -1, config.goal_vp
    vps = arrange(s.rng, cards_of(VP_CARDS), "vp") if config.uses_vp_cards else []
    if config.variant == "equal" and vps:
        s.goal_value_card, s.goal_value = vps[0], CAT.points[vps[0]]  # R22
        vps = vps[1:]
    elif config.variant != "equal":
        s.goal_vp_cards, vps = vps[:n], vps[n:]
    used = mask_of(c for c in [*s.goal_vp_cards, s.goal_value_card] if c >= 0)
    s.unused_vp_cards = cards_of(VP_CARDS & ~used)
    if s.record_events:
        s.log.append({"type": "goals", "variant": config.variant,
                      "goals": [goal_item(s, i, -1) for i in range(n)],
                      "value": s.goal_value if config.variant == "equal" else None})


def planned_row(named: tuple[int, ...], order: list[int], first: int, end: int) -> list[int]:
    """R21, D7: the goals the table named, in the order named, then the places
    left of each kind filled from the top of the shuffled goal deck (in deck
    order)."""
    room = {"first": first, "end": end}
    for g in named:
        room[CAT.goal_kind[g]] -= 1
    left = [g for g in order if g not in named]
    drawn = {*[g for g in left if CAT.goal_kind[g] == "first"][:room["first"]],
             *[g for g in left if CAT.goal_kind[g] == "end"][:room["end"]]}
    return [*named, *(g for g in left if g in drawn)]


def count(s: LoveFields, seat: int, counter: int) -> None:
    """R26: one more of what a seat did (OBSTACLES_PLAYED, ...), for the goals."""
    s.counters[seat][counter] += 1


# ----- measures and conditions ------------------------------------------------------------
def measures(s: LoveFields, seat: int) -> dict[str, int]:
    """Every goal measure of ``seat`` in one pass over its zone."""
    # Counted in locals and built into one dict at the end: R18 measures
    # every seat after each event that may change one (a hot path).
    kinds = {"event": 0, "location": 0, "item": 0}  # preparations by subtype
    unattached = s.unattached[seat]
    for p in unattached:
        kinds[CAT.subtype[p]] += 1
    preps, vp = len(unattached), 0
    perfects = big_perfects = connections = obstacles = 0
    for c in s.couples[seat]:
        attached = s.attached[c]
        for a in attached:
            kind = CAT.type[a]
            if kind == PREP:
                preps += 1
                kinds[CAT.subtype[a]] += 1
            elif kind == CONNECTION:
                connections += 1
            else:
                obstacles += 1
        perfect, couple_vp = date(c, attached)
        perfects += perfect
        big_perfects += perfect and len(CAT.requires[c]) >= 3
        vp += couple_vp
    played, reactions, removed = s.counters[seat]
    return {"perfect": perfects, "big_perfect": big_perfects, "connections": connections,
            "obstacles": obstacles, "couples": len(s.couples[seat]), "preparations": preps,
            "unattached": len(unattached), "events": kinds["event"],
            "locations": kinds["location"], "items": kinds["item"],
            "hand": s.hands[seat].bit_count(), "zone_vp": vp + preps,
            COUNTERS[0]: played, COUNTERS[1]: reactions, COUNTERS[2]: removed}


def meets(s: LoveFields, seat: int, goal: int,
          memo: dict[int, dict[str, int]] | None = None) -> bool:
    """Whether ``seat`` meets every clause of ``goal`` now (``memo`` caches the
    measures within one check)."""
    memo = {} if memo is None else memo

    def value(other: int, name: str) -> int:
        if other not in memo:
            memo[other] = measures(s, other)
        return memo[other][name]

    for clause in CAT.condition[goal]:
        mine = value(seat, clause.measure)
        if clause.most:
            if mine <= 0 or any(value(o, clause.measure) > mine for o in range(s.players)):
                return False
        elif not clause.at_least <= mine <= clause.at_most:
            return False
    return True


# ----- claiming and scoring ---------------------------------------------------------------
def claim_order(s: LoveFields) -> list[int]:
    """R18: the acting player first, then this round's turn order from there."""
    n = s.players
    if s.actor >= 0:
        first = s.actor
    elif s.frames:
        first = s.frames[-1].player
    else:
        first = max(s.revealer, 0)
    ring = s.order if len(s.order) == n else list(range(n))
    at = ring.index(first)
    return ring[at:] + ring[:at]


# Events after which no goal measure can have changed (hands, zones, counters);
# every other event adds one to ``s.goal_changes`` where the rules log it, and
# machine.advance checks the First goals after any (tests/core/test_fast_paths.py
# counts them in the log).
QUIET: Final = frozenset(("selected", "resolve", "target", "round", "chance", "look", "seen",
                   "round_rule", "extra_move", "cancelled", "no_target", "play", "draft",
                   "pick", "setup", "job", "goals", "goal"))


def check_first(s: LoveFields) -> bool:
    """Award every open First goal that a player now meets (play phases only);
    False when nothing was checked (a draft)."""
    if s.step == DRAFT:
        return False
    seats: list[int] | None = None
    memo: dict[int, dict[str, int]] = {}
    for i, goal in enumerate(s.goal_row):
        if s.goal_winner[i] >= 0 or CAT.goal_kind[goal] != "first":
            continue
        seats = seats or claim_order(s)
        for seat in seats:
            if meets(s, seat, goal, memo):
                award(s, i, seat)
                break
    return True


def award(s: LoveFields, i: int, seat: int) -> None:
    s.goal_winner[i] = seat
    if s.config.variant != "hidden":
        s.goal_face_up[i] = True  # its VP card is turned up and added to the winner
    if s.record_events:
        s.log.append({"type": "goal", "seat": seat, **goal_item(s, i, -1)})


def end_game(s: LoveFields) -> None:
    """Game End goals for everyone who meets them; R27: every VP card turned up."""
    check_first(s)
    memo: dict[int, dict[str, int]] = {}
    for i, goal in enumerate(s.goal_row):
        if CAT.goal_kind[goal] == "end":
            s.goal_scorers[i] = [other for other in range(s.players) if meets(s, other, goal, memo)]
    s.goal_face_up = [True] * len(s.goal_row)
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "goals_end",
                      "goals": [goal_item(s, i, -1) for i in range(len(s.goal_row))]})


# ----- views ------------------------------------------------------------------------------
def goal_item(s: LoveFields, i: int, seat: Viewer) -> dict[str, Any]:
    """One goal as a seat sees it (``seat`` -1: what everyone sees; None: all)."""
    shown = seat is None or goal_visible(s, i)
    card = s.goal_vp_cards[i]
    won = s.goal_winner[i]
    return {"goal": ids[s.goal_row[i]], "kind": CAT.goal_kind[s.goal_row[i]],
            "face_up": goal_visible(s, i),
            "vp_card": ids[card] if shown and card >= 0 else None,
            "vp": goal_worth(s, i) if shown else None,
            "won_by": won if won >= 0 else None, "scored": s.goal_scorers[i][:]}


def view(s: LoveFields, seat: Viewer) -> Goals:
    """The goal row as ``seat`` sees it; the referee's adds the boxes."""
    if seat is None:
        return _goals(s, seat, RefereeGoals, goal_box=tuple(ids[c] for c in s.unused_goals),
                      vp_box=tuple(ids[c] for c in s.unused_vp_cards))
    return _goals(s, seat, Goals)


def _goals(s: LoveFields, seat: Viewer, part: type[G], **more: Any) -> G:
    return part(
        variant=s.config.variant,
        row=tuple(goal_view(s, i, seat) for i in range(len(s.goal_row))),
        value=s.goal_value if s.config.variant == "equal" else None,
        value_card=ids[s.goal_value_card] if s.goal_value_card >= 0 else None,
        counters=tuple(Counters(**dict(zip(COUNTERS, c, strict=True))) for c in s.counters),
        unused_goals=len(s.unused_goals), unused_vp=len(s.unused_vp_cards), **more)


def goal_view(s: LoveFields, i: int, seat: Viewer) -> Goal:
    item = goal_item(s, i, seat)
    return Goal(**{**item, "scored": tuple(item["scored"])})
