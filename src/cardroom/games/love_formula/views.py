"""Views (allow-lists per seat) and the invariants the tests check after each action."""

from __future__ import annotations

from typing import Any

import cardroom.games.love_formula.scoring as scoring
from cardroom.core.cardset import cards_of
from cardroom.core.events import Viewer
from cardroom.games.love_formula.cards.catalog import (
    CAT,
    CONNECTION,
    OBSTACLE,
    PREP,
    REACTION,
    codes,
)
from cardroom.games.love_formula.expansions import chance, goals
from cardroom.games.love_formula.fields import (
    CHOICE,
    CHOICE_NAMES,
    OVER,
    REACT,
    STEP_NAMES,
    LoveFields,
)
from cardroom.games.love_formula.rules import knowledge
from cardroom.games.love_formula.scoring import couple_vp, missing, preps_on, zone_vp

ids = CAT.ids


def code(card: int) -> str | None:
    return ids[card] if card >= 0 else None


def zone_mask(s: LoveFields) -> int:
    m = 0
    for seat in range(s.players):
        for c in s.unattached[seat]:
            m |= 1 << c
        for couple in s.couples[seat]:
            m |= 1 << couple
            for a in s.attached[couple]:
                m |= 1 << a
    return m


def public_mask(s: LoveFields) -> int:
    m = zone_mask(s)
    for c in s.discard:
        m |= 1 << c
    for c in s.table:
        if c >= 0:
            m |= 1 << c
    if s.reacting >= 0:
        m |= 1 << s.reacting
    return m


def hidden_from(s: LoveFields, seat: int) -> int:
    """The main cards (jobs and deck) the seat cannot see."""
    return s.config.main & ~(public_mask(s) | s.hands[seat] | s.packs[seat])


def table_view(s: LoveFields, seat: Viewer) -> dict[str, Any]:
    out: dict[str, Any] = {
        "stage": s.stage, "round": s.round, "pick": s.pick, "step": STEP_NAMES[s.step],
        "deck_size": len(s.deck), "discard": [ids[c] for c in s.discard],
        "out_size": s.unused_jobs.bit_count(),
        "hand_sizes": [hand.bit_count() for hand in s.hands],
        "pack_sizes": [pack.bit_count() for pack in s.packs],
        "zones": [zone_view(s, owner) for owner in range(s.players)],
        "table": [code(c) for c in s.table],
        "order": s.order[:], "turn": s.actor if s.actor >= 0 else None,
        "turn_pos": s.turn_pos, "moves": s.moves_left, "resolved": s.resolved,
        "resolving": resolving_view(s), "frames": frames_view(s),
        "choice": CHOICE_NAMES[s.choice] if s.step == CHOICE else None,
        "chooser": s.chooser if s.step in (CHOICE, REACT) else None,
    }
    if s.step == OVER:
        out["breakdown"] = scoring.breakdowns(s)
    if s.config.chance:
        out["chance"] = chance.view(s, seat)
    if s.config.goals:
        out["goals"] = goals.view(s, seat)
    if seat is None:
        out["hands"] = [codes(hand) for hand in s.hands]
        out["packs"] = [codes(pack) for pack in s.packs]
        out["deck"] = [ids[c] for c in reversed(s.deck)]
        out["selected"] = [code(c) for c in s.selected]
        out["picks"] = [code(c) for c in s.picks]
        out["jobs"] = [ids[job] for job in s.jobs]
        out["out"] = codes(s.unused_jobs)
        out["known"] = [knowledge.export(s, viewer, hidden_from(s, viewer))
                        for viewer in range(s.players)]
    elif isinstance(seat, int):
        out["hand"] = codes(s.hands[seat])
        out["pack"] = codes(s.packs[seat])
        out["job"] = ids[s.jobs[seat]]
        out["selected"] = code(s.selected[seat])
        out["picked"] = code(s.picks[seat])
        out["known"] = knowledge.export(s, seat, hidden_from(s, seat))
    return out


def zone_view(s: LoveFields, seat: int) -> dict[str, Any]:
    couples = []
    for couple in s.couples[seat]:
        attached = []
        for c in s.attached[couple]:
            item: dict[str, Any] = {"card": ids[c]}
            if c in s.hearts:
                item["hearts"] = s.hearts[c]
            if c in s.attached_by:
                item["by"] = s.attached_by[c]
            attached.append(item)
        couples.append({"card": ids[couple], "attached": attached,
                        "missing": [CAT.keys[d] for d in missing(s, couple)],
                        "vp": couple_vp(s, couple)})
    return {"couples": couples, "loose": [ids[c] for c in s.unattached[seat]],
            "vp": zone_vp(s, seat)}


def resolving_view(s: LoveFields) -> dict[str, Any] | None:
    if s.resolving < 0:
        return None
    return {"card": ids[s.resolving], "seat": s.actor,
            "target": s.target_seat if s.target_seat >= 0 else None,
            "couple": code(s.target_couple), "sender": s.sender,
            "cancelled": s.cancelled, "diverted": s.diverted,
            "queue": s.react_queue[:], "reacting": code(s.reacting)}


def frames_view(s: LoveFields) -> list[list[Any]]:
    return [[ids[f.card], f.player, f.program, f.index, f.count, code(f.subject), f.kind]
            for f in s.frames]


# ----- invariants -------------------------------------------------------------------------
def locations(s: LoveFields) -> dict[int, str]:
    """Where each card is, in words; a card found twice is reported under 'twice'."""
    where: dict[int, str] = {}
    twice: list[int] = []

    def put(card: int, place: str) -> None:
        if card in where:
            twice.append(card)
        where[card] = place

    for seat in range(s.players):
        for c in cards_of(s.hands[seat]):
            put(c, f"hand {seat}")
        for c in cards_of(s.packs[seat]):
            put(c, f"pack {seat}")
    for c in s.deck:
        put(c, "deck")
    for c in s.discard:
        put(c, "discard")
    for c in cards_of(s.unused_jobs):
        put(c, "out")
    for seat, c in enumerate(s.table):
        if c >= 0:
            put(c, f"table {seat}")
    if s.reacting >= 0:
        put(s.reacting, "reacting")
    for c in cards_of(zone_mask(s)):
        put(c, "zone")
    for place, cards in expansion_places(s):
        for c in cards:
            put(c, place)
    for c in twice:
        where[c] = "twice"
    return where


def expansion_places(s: LoveFields) -> list[tuple[str, list[int]]]:
    places = [("chance deck", s.chance_deck), ("chance discard", s.chance_discard),
              ("goal row", s.goal_row), ("goal box", s.unused_goals),
              ("vp box", s.unused_vp_cards),
              ("under a goal", [c for c in s.goal_vp_cards if c >= 0])]
    if s.chance_card >= 0:
        places.append(("chance card", [s.chance_card]))
    if s.goal_value_card >= 0:
        places.append(("goal value", [s.goal_value_card]))
    return places


def invariant_errors(s: LoveFields) -> list[str]:
    errors = []
    where = locations(s)
    universe = s.config.universe
    if set(where) != set(cards_of(universe)):
        errors.append(f"{universe.bit_count() - len(where)} cards of the game are nowhere")
    errors += [f"{ids[c]} is in two places" for c, w in where.items() if w == "twice"]
    errors += zone_errors(s)
    for seat, job in enumerate(s.jobs):
        if where.get(job) not in (f"hand {seat}", f"table {seat}"):
            errors.append(f"seat {seat}'s Part-Time Job is in {where.get(job)}")
    if any(CAT.type[c] == REACTION for c in s.table if c >= 0):
        errors.append("a reaction was selected")
    errors += knowledge_errors(s, where)
    errors += expansion_errors(s)
    return errors


def expansion_errors(s: LoveFields) -> list[str]:
    errors = []
    if any(vp < 0 for vp in s.chance_vp):
        errors.append("a seat has negative chance VP")
    for i, seat in enumerate(s.goal_winner):
        if seat >= 0 and CAT.goal_kind[s.goal_row[i]] != "first":
            errors.append(f"{ids[s.goal_row[i]]} is a Game End goal but was won early")
    if s.config.goals and s.config.variant != "planned" and len(s.goal_row) != (
            s.players + 1):
        errors.append("the goal row does not hold players + 1 goals")
    if s.config.goals and s.config.variant == "planned":
        kinds = [CAT.goal_kind[g] for g in s.goal_row]
        if (kinds.count("first"), kinds.count("end")) != (
                s.config.first_goals, s.config.end_goals):
            errors.append("the planned goal row does not hold first_goals and end_goals")
        if s.goal_row[:len(s.config.goal_cards)] != list(s.config.goal_cards):
            errors.append("the planned goal row does not start with the named goal_cards")
    if s.config.goals and any(s.goal_face_up) and s.config.variant == "hidden" \
            and s.step != OVER:
        errors.append("a VP card is face up before the end in the hidden variant")
    return errors


def zone_errors(s: LoveFields) -> list[str]:
    errors = []
    for seat in range(s.players):
        subtypes = [CAT.subtype[c] for c in s.unattached[seat]]
        if len(set(subtypes)) != len(subtypes):
            errors.append(f"seat {seat} has two unattached preparations of one subtype")
        for couple in s.couples[seat]:
            preps = preps_on(s, couple)
            designs = [CAT.match[p] for p in preps if not CAT.joker[p]]
            jokers = len(preps) - len(designs)
            if (len(set(designs)) != len(designs) or jokers > 1
                    or not set(designs) <= set(CAT.requires[couple])):
                errors.append(f"{ids[couple]} has a preparation it does not need")
            for a in s.attached[couple]:
                kind = CAT.type[a]
                if s.attached_to.get(a) != couple or kind not in (PREP, OBSTACLE, CONNECTION):
                    errors.append(f"{ids[a]} is attached wrongly to {ids[couple]}")
                elif kind != PREP and (s.attached_by.get(a) == seat) != (kind == CONNECTION):
                    errors.append(f"{ids[a]} is in the wrong zone")
    for card in s.hearts:
        if card not in s.attached_to or s.hearts[card] <= 0:
            errors.append(f"{ids[card]} has heart tokens but is not attached")
    return errors


def knowledge_errors(s: LoveFields, where: dict[int, str]) -> list[str]:
    errors = []
    for viewer in range(s.players):
        hidden = hidden_from(s, viewer)
        for c in cards_of(hidden):
            place = where.get(c, "")
            loc = knowledge.loc_by_name(s.players, place)
            if not knowledge.allowed(s, viewer, c) >> loc & 1:
                errors.append(f"seat {viewer} rules out where {ids[c]} is ({place})")
    return errors
