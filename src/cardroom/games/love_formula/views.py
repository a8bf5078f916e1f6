"""Views (allow-lists per seat) and the invariants the tests check after each action."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.core.events import Viewer
from cardroom.games.love_formula import chance as C
from cardroom.games.love_formula import goals as G
from cardroom.games.love_formula import knowledge as K
from cardroom.games.love_formula import zones as Z
from cardroom.games.love_formula.cards import CAT, CONNECTION, OBSTACLE, PREP, REACTION
from cardroom.games.love_formula.steps import (
    CHOICE,
    CHOICE_NAMES,
    OVER,
    REACT,
    STEP_NAMES,
    cards_of,
)

if TYPE_CHECKING:
    from cardroom.games.love_formula.state import LoveState

ids = CAT.ids


def codes(mask: int) -> list[str]:
    return [ids[c] for c in cards_of(mask)]


def code(card: int) -> str | None:
    return ids[card] if card >= 0 else None


def zone_mask(s: LoveState) -> int:
    m = 0
    for h in range(s.players):
        for c in s.loose[h]:
            m |= 1 << c
        for couple in s.couples[h]:
            m |= 1 << couple
            for a in s.att[couple]:
                m |= 1 << a
    return m


def public_mask(s: LoveState) -> int:
    m = zone_mask(s)
    for c in s.discard:
        m |= 1 << c
    for c in s.table:
        if c >= 0:
            m |= 1 << c
    if s.reacting >= 0:
        m |= 1 << s.reacting
    return m


def hidden_from(s: LoveState, seat: int) -> int:
    """The main cards (jobs and deck) the seat cannot see."""
    return s.cfg.main & ~(public_mask(s) | s.hands[seat] | s.packs[seat])


def table_view(s: LoveState, seat: Viewer) -> dict[str, Any]:
    out: dict[str, Any] = {
        "stage": s.stage, "round": s.round, "pick": s.pick, "step": STEP_NAMES[s.step],
        "deck_size": len(s.deck), "discard": [ids[c] for c in s.discard],
        "out_size": s.out.bit_count(),
        "hand_sizes": [h.bit_count() for h in s.hands],
        "pack_sizes": [p.bit_count() for p in s.packs],
        "zones": [Z.zone_view(s, h) for h in range(s.players)],
        "table": [code(c) for c in s.table],
        "order": s.order[:], "turn": s.actor if s.actor >= 0 else None,
        "turn_pos": s.turn_pos, "moves": s.moves, "resolved": s.resolved,
        "resolving": resolving(s), "frames": frames(s),
        "choice": CHOICE_NAMES[s.choice] if s.step == CHOICE else None,
        "chooser": s.chooser if s.step in (CHOICE, REACT) else None,
    }
    if s.step == OVER:
        out["breakdown"] = s.breakdowns()
    if s.cfg.chance:
        out["chance"] = C.view(s, seat)
    if s.cfg.goals:
        out["goals"] = G.view(s, seat)
    if seat is None:
        out["hands"] = [codes(h) for h in s.hands]
        out["packs"] = [codes(p) for p in s.packs]
        out["deck"] = [ids[c] for c in reversed(s.deck)]
        out["selected"] = [code(c) for c in s.selected]
        out["picks"] = [code(c) for c in s.picks]
        out["jobs"] = [ids[j] for j in s.jobs]
        out["out"] = codes(s.out)
        out["known"] = [K.export(s, v, hidden_from(s, v)) for v in range(s.players)]
    elif isinstance(seat, int):
        out["hand"] = codes(s.hands[seat])
        out["pack"] = codes(s.packs[seat])
        out["job"] = ids[s.jobs[seat]]
        out["selected"] = code(s.selected[seat])
        out["picked"] = code(s.picks[seat])
        out["known"] = K.export(s, seat, hidden_from(s, seat))
    return out


def resolving(s: LoveState) -> dict[str, Any] | None:
    if s.card < 0:
        return None
    return {"card": ids[s.card], "seat": s.actor, "target": s.tseat if s.tseat >= 0 else None,
            "couple": code(s.tcouple), "sender": s.sender,
            "cancelled": s.cancelled, "diverted": s.diverted,
            "queue": s.queue[:], "reacting": code(s.reacting)}


def frames(s: LoveState) -> list[list[Any]]:
    return [[ids[f[0]], f[1], f[2], f[3], f[4], code(f[5]), f[6]] for f in s.frames]


# ----- invariants -------------------------------------------------------------------
def locations(s: LoveState) -> dict[int, str]:
    """Where each card is, in words; a card found twice is reported under 'twice'."""
    where: dict[int, str] = {}
    twice: list[int] = []

    def put(card: int, place: str) -> None:
        if card in where:
            twice.append(card)
        where[card] = place

    for h in range(s.players):
        for c in cards_of(s.hands[h]):
            put(c, f"hand {h}")
        for c in cards_of(s.packs[h]):
            put(c, f"pack {h}")
    for c in s.deck:
        put(c, "deck")
    for c in s.discard:
        put(c, "discard")
    for c in cards_of(s.out):
        put(c, "out")
    for h, c in enumerate(s.table):
        if c >= 0:
            put(c, f"table {h}")
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


def expansion_places(s: LoveState) -> list[tuple[str, list[int]]]:
    places = [("chance deck", s.chance_deck), ("chance discard", s.chance_discard),
              ("goal row", s.goal_row), ("goal box", s.goal_rest), ("vp box", s.vp_rest),
              ("under a goal", [c for c in s.goal_vps if c >= 0])]
    if s.chance_card >= 0:
        places.append(("chance card", [s.chance_card]))
    if s.value_card >= 0:
        places.append(("goal value", [s.value_card]))
    return places


def invariant_errors(s: LoveState) -> list[str]:
    errors = []
    where = locations(s)
    universe = s.cfg.universe
    if set(where) != set(cards_of(universe)):
        errors.append(f"{universe.bit_count() - len(where)} cards of the game are nowhere")
    errors += [f"{ids[c]} is in two places" for c, w in where.items() if w == "twice"]
    errors += zone_errors(s)
    for h, job in enumerate(s.jobs):
        if where.get(job) not in (f"hand {h}", f"table {h}"):
            errors.append(f"seat {h}'s Part-Time Job is in {where.get(job)}")
    if any(CAT.type[c] == REACTION for c in s.table if c >= 0):
        errors.append("a reaction was selected")
    errors += knowledge_errors(s, where)
    errors += expansion_errors(s)
    return errors


def expansion_errors(s: LoveState) -> list[str]:
    errors = []
    if any(b < 0 for b in s.bonus):
        errors.append("a seat has negative chance VP")
    for i, seat in enumerate(s.goal_won):
        if seat >= 0 and CAT.goal_kind[s.goal_row[i]] != "first":
            errors.append(f"{ids[s.goal_row[i]]} is a Game End goal but was won early")
    if s.cfg.goals and s.cfg.variant != "planned" and len(s.goal_row) != (
            s.players + 1):
        errors.append("the goal row does not hold players + 1 goals")
    if s.cfg.goals and any(s.goal_up) and s.cfg.variant == "hidden" and s.step != OVER:
        errors.append("a VP card is face up before the end in the hidden variant")
    return errors


def zone_errors(s: LoveState) -> list[str]:
    errors = []
    for h in range(s.players):
        subtypes = [CAT.subtype[c] for c in s.loose[h]]
        if len(set(subtypes)) != len(subtypes):
            errors.append(f"seat {h} has two unattached preparations of one subtype")
        for couple in s.couples[h]:
            preps = Z.preps_on(s, couple)
            designs = [CAT.match[p] for p in preps if not CAT.joker[p]]
            jokers = len(preps) - len(designs)
            if (len(set(designs)) != len(designs) or jokers > 1
                    or not set(designs) <= set(CAT.requires[couple])):
                errors.append(f"{ids[couple]} has a preparation it does not need")
            for a in s.att[couple]:
                kind = CAT.type[a]
                if s.host.get(a) != couple or kind not in (PREP, OBSTACLE, CONNECTION):
                    errors.append(f"{ids[a]} is attached wrongly to {ids[couple]}")
                elif kind != PREP and (s.by.get(a) == h) != (kind == CONNECTION):
                    errors.append(f"{ids[a]} is in the wrong zone")
    for card in s.hearts:
        if card not in s.host or s.hearts[card] <= 0:
            errors.append(f"{ids[card]} has heart tokens but is not attached")
    return errors


def knowledge_errors(s: LoveState, where: dict[int, str]) -> list[str]:
    errors = []
    for v in range(s.players):
        hidden = hidden_from(s, v)
        for c in cards_of(hidden):
            place = where.get(c, "")
            loc = K.loc_by_name(s.players, place)
            if not K.allowed(s, v, c) >> loc & 1:
                errors.append(f"seat {v} rules out where {ids[c]} is ({place})")
    return errors
