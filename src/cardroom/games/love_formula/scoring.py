"""What the zones hold and what they are worth: couples, their preparations
and static effects, VP, the tie-breakers, goal and chance VP, the result."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from cardroom.core.cardset import cards_of
from cardroom.core.game import Result
from cardroom.core.ranking import rank
from cardroom.games.love_formula.cards.catalog import CAT, COUPLE, OBSTACLE, PREP
from cardroom.games.love_formula.fields import DRAFT, OVER, ROUNDS, LoveFields

ids = CAT.ids


# ----- reading the zones ------------------------------------------------------------------
def owner_of(s: LoveFields, couple: int) -> int:
    for seat in range(s.players):
        if couple in s.couples[seat]:
            return seat
    return -1


def preps_on(s: LoveFields, couple: int) -> list[int]:
    return [c for c in s.attached[couple] if CAT.type[c] == PREP]


def obstacles_on(s: LoveFields, couple: int) -> list[int]:
    return [c for c in s.attached[couple] if CAT.type[c] == OBSTACLE]


def static(s: LoveFields, couple: int, name: str) -> int:
    """The sum of one static effect of the cards on a couple (0: none)."""
    return sum(CAT.statics[c].get(name, 0) for c in s.attached[couple])


def lacking(couple: int, attached: Iterable[int]) -> list[int]:
    """The designs ``couple`` requires that none of the ``attached`` preparations
    meets (a joker meets none)."""
    have = {CAT.match[c] for c in attached if CAT.type[c] == PREP}
    return [d for d in CAT.requires[couple] if d not in have]


def date(couple: int, attached: Sequence[int]) -> tuple[bool, int]:
    """A couple's date with these cards attached: whether it is perfect (no
    design lacking, no attached card forbidding it) and its VP (perfect or
    incomplete, changed by the attached cards' VP effects, at least 0)."""
    change = 0
    spoilt = False
    for card in attached:
        statics = CAT.statics[card]
        if statics:
            change += statics.get("vp", 0)
            spoilt = spoilt or "no_perfect" in statics
    perfect = not spoilt and not lacking(couple, attached)
    base = CAT.vp_perfect[couple] if perfect else CAT.vp_incomplete[couple]
    return perfect, max(0, base + change)


def missing(s: LoveFields, couple: int) -> list[int]:
    return lacking(couple, s.attached[couple])


def complete(s: LoveFields, couple: int) -> bool:
    return not missing(s, couple)


# ----- zone VP and the tie-breakers -------------------------------------------------------
def couple_vp(s: LoveFields, couple: int) -> int:
    return date(couple, s.attached[couple])[1]


def perfect(s: LoveFields, couple: int) -> bool:
    return date(couple, s.attached[couple])[0]


def prep_count(s: LoveFields, seat: int) -> int:
    return len(s.unattached[seat]) + sum(len(preps_on(s, c)) for c in s.couples[seat])


def obstacle_count(s: LoveFields, seat: int) -> int:
    return sum(len(obstacles_on(s, c)) for c in s.couples[seat])


def zone_vp(s: LoveFields, seat: int) -> int:
    return prep_count(s, seat) + sum(couple_vp(s, c) for c in s.couples[seat])


def tiebreak_key(s: LoveFields, seat: int) -> tuple[int, int, int, int, int]:
    """VP, then more preparations, more couples, fewer obstacles, more cards in hand."""
    return (zone_vp(s, seat), prep_count(s, seat), len(s.couples[seat]),
            -obstacle_count(s, seat), s.hands[seat].bit_count())


def zone_breakdown(s: LoveFields, seat: int) -> dict[str, Any]:
    key = tiebreak_key(s, seat)
    return {"vp": key[0], "preparations": key[1], "couples": key[2],
            "obstacles": -key[3], "hand": key[4],
            "couple_vp": {ids[c]: couple_vp(s, c) for c in s.couples[seat]},
            "perfect": [ids[c] for c in s.couples[seat] if perfect(s, c)]}


# ----- goal and chance VP -----------------------------------------------------------------
def goal_visible(s: LoveFields, i: int) -> bool:
    return s.goal_vp_cards[i] < 0 or s.goal_face_up[i]


def goal_worth(s: LoveFields, i: int) -> int:
    card = s.goal_vp_cards[i]
    return s.goal_value if card < 0 else CAT.points[card]


def goal_vp(s: LoveFields, seat: int) -> int:
    """The goal VP of ``seat`` that everyone can see (all of it at the end)."""
    total = 0
    for i in range(len(s.goal_row)):
        if goal_visible(s, i) and (s.goal_winner[i] == seat or seat in s.goal_scorers[i]):
            total += goal_worth(s, i)
    return total


def public_vp(s: LoveFields, seat: int) -> int:
    vp = zone_vp(s, seat) + s.chance_vp[seat]
    return vp + goal_vp(s, seat) if s.config.goals else vp


def breakdown(s: LoveFields, seat: int) -> dict[str, Any]:
    """The base breakdown, with the VP from chance cards and goals (all known at the end)."""
    out = zone_breakdown(s, seat)
    out["zone_vp"] = zone_vp(s, seat)
    out["chance_vp"] = s.chance_vp[seat]
    if s.config.goals:
        out["goals"] = {ids[s.goal_row[i]]: goal_worth(s, i) for i in range(len(s.goal_row))
                        if goal_visible(s, i)
                        and (s.goal_winner[i] == seat or seat in s.goal_scorers[i])}
    out["vp"] = public_vp(s, seat)
    return out


# ----- the contract's scores and result ---------------------------------------------------
def scores(s: LoveFields) -> list[Any]:
    """VP everyone can see: zones, chance VP, goal VP turned up (all at the end)."""
    if s.config.chance or s.config.goals:
        return [public_vp(s, seat) for seat in range(s.players)]
    return [zone_vp(s, seat) for seat in range(s.players)]


def ranking(s: LoveFields) -> list[list[int]]:
    """Best first by VP, then the four tie-breakers; still equal, shared."""
    vp = scores(s)
    keys = [(vp[seat], *tiebreak_key(s, seat)[1:]) for seat in range(s.players)]
    ordered = sorted(set(keys), reverse=True)
    return [[seat for seat in range(s.players) if keys[seat] == k] for k in ordered]


def breakdowns(s: LoveFields) -> list[dict[str, Any]]:
    if s.config.chance or s.config.goals:
        return [breakdown(s, seat) for seat in range(s.players)]
    return [zone_breakdown(s, seat) for seat in range(s.players)]


def result(s: LoveFields) -> Result:
    return Result(ranking(s), scores(s), {"breakdown": breakdowns(s)})


# The search horizon (cardroom.search.reward): play rounds completed, and
# the ranking as if the game ended now (zones keep their VP to the end).
def rounds_completed(s: LoveFields) -> int:
    if s.step == OVER:
        return 2 * ROUNDS
    done = (s.stage - 1) * ROUNDS
    return done if s.step == DRAFT else done + s.round - 1


def standing(s: LoveFields) -> Result:
    # The search reads ranking and scores only: no VP breakdown, which is costly.
    return Result(ranking(s), scores(s))


# ----- the search's outlook at its horizon -------------------------------------------------
# A play round settles little: most of a seat's VP is still in its hand and
# in the preparations its couples lack, so a cut playout is judged by the VP
# each seat can expect at the end (State.outlook; docs/bots.md).
HELD_CHANCE: Final = 0.9  # a design held is likely attached in time
PLAY_CHANCE: Final = 0.8  # a card in hand is likely played in time
LATER_DRAFT_CHANCE: Final = 0.5  # a design not held, with Draft 2 still to come


def find_chance(s: LoveFields, rounds_left: int) -> float:
    """How likely a design not held yet still comes to the seat in time."""
    if s.stage == 1:
        return LATER_DRAFT_CHANCE
    return min(0.3, 0.03 * rounds_left)


def completion(s: LoveFields, couple: int, lacking: Iterable[int], held: set[int],
               chance: float) -> float:
    """How likely the couple ends perfect: each design it lacks is held or found."""
    if couple in s.attached and (static(s, couple, "lock")
                                 or static(s, couple, "no_perfect")):
        return 0.0
    p = 1.0
    for design in lacking:
        p *= HELD_CHANCE if design in held else chance
    return p


def expected_vp(s: LoveFields, seat: int, chance: float) -> float:
    """The VP still to come to ``seat`` from its couples and its hand."""
    hand = cards_of(s.hands[seat])
    held = {CAT.match[c] for c in hand if CAT.type[c] == PREP}
    held.update(CAT.match[c] for c in s.unattached[seat])
    gain = 0.0
    for couple in s.couples[seat]:
        # missing(), not a count of preparations: a joker (a promo
        # preparation) fills none of a couple's designs.
        lacking = missing(s, couple)
        if lacking:
            upgrade = CAT.vp_perfect[couple] - CAT.vp_incomplete[couple]
            gain += upgrade * completion(s, couple, lacking, held, chance)
    for card in hand:
        kind = CAT.type[card]
        if kind == COUPLE:
            upgrade = CAT.vp_perfect[card] - CAT.vp_incomplete[card]
            p = completion(s, card, CAT.requires[card], held, chance)
            gain += PLAY_CHANCE * (CAT.vp_incomplete[card] + upgrade * p)
        elif kind == PREP:
            gain += PLAY_CHANCE
    return gain


def outlook(s: LoveFields) -> Result:
    if s.step == OVER:
        return standing(s)
    phase_left = ROUNDS if s.step == DRAFT else ROUNDS - s.round + 1
    chance = find_chance(s, phase_left + (ROUNDS if s.stage == 1 else 0))
    now = scores(s)
    vp = [now[seat] + expected_vp(s, seat, chance) for seat in range(s.players)]
    return Result(rank(vp, higher_is_better=True), vp)
