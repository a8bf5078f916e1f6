"""Views (allow-lists per seat) and the invariants the tests check after each action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cardroom.games.love_formula.scoring as scoring
from cardroom.core.cardset import cards_of
from cardroom.core.events import Viewer
from cardroom.core.views import Maker, Memo
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
from cardroom.games.love_formula.scoring import date, missing, preps_on, zone_vp
from cardroom.games.love_formula.viewtypes import (
    Attached,
    Breakdown,
    Couple,
    Frame,
    LoveRefereeTable,
    LoveSeatTable,
    LoveTable,
    Resolving,
    Zone,
)

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


def table_part(s: LoveFields, seat: Viewer, make: Maker) -> Any:
    """What ``seat`` may know, built with ``make`` (views.Maker)."""
    if seat is None:
        return _public(
            s, seat, make(LoveRefereeTable),
            hands=tuple([tuple(codes(hand)) for hand in s.hands]),
            packs=tuple([tuple(codes(pack)) for pack in s.packs]),
            deck=tuple([ids[c] for c in reversed(s.deck)]),
            selected=tuple([code(c) for c in s.selected]),
            picks=tuple([code(c) for c in s.picks]),
            jobs=tuple([ids[job] for job in s.jobs]), out=tuple(codes(s.unused_jobs)),
            known=tuple([tuple(knowledge.export(s, viewer, hidden_from(s, viewer)))
                        for viewer in range(s.players)]))
    if isinstance(seat, int):
        return _public(
            s, seat, make(LoveSeatTable), hand=tuple(codes(s.hands[seat])),
            pack=tuple(codes(s.packs[seat])), job=ids[s.jobs[seat]],
            selected=code(s.selected[seat]), picked=code(s.picks[seat]),
            known=tuple(knowledge.export(s, seat, hidden_from(s, seat))))
    return _public(s, seat, make(LoveTable))


def _public(s: LoveFields, seat: Viewer, build: Callable[..., Any], **more: Any) -> Any:
    """What everyone sees; the expansions' parts as ``seat`` sees them (the
    referee's hold more)."""
    return build(
        stage=s.stage, round=s.round, pick=s.pick, step=STEP_NAMES[s.step],
        deck_size=len(s.deck), discard=tuple([ids[c] for c in s.discard]),
        out_size=s.unused_jobs.bit_count(),
        hand_sizes=tuple(map(int.bit_count, s.hands)),
        pack_sizes=tuple(map(int.bit_count, s.packs)),
        zones=tuple([zone_view(s, owner) for owner in range(s.players)]),
        table=tuple([code(c) for c in s.table]), order=tuple(s.order),
        turn=s.actor if s.actor >= 0 else None, turn_pos=s.turn_pos, moves=s.moves_left,
        resolved=s.resolved, resolving=resolving_view(s), frames=frames_view(s),
        choice=CHOICE_NAMES[s.choice] if s.step == CHOICE else None,
        chooser=s.chooser if s.step in (CHOICE, REACT) else None,
        breakdown=breakdown_view(s) if s.step == OVER else None,
        chance=chance.view(s, seat) if s.config.chance else None,
        goals=goals.view(s, seat) if s.config.goals else None, **more)


def breakdown_view(s: LoveFields) -> tuple[Breakdown, ...]:
    out = []
    for b in scoring.breakdowns(s):
        out.append(Breakdown(
            vp=b["vp"], preparations=b["preparations"], couples=b["couples"],
            obstacles=b["obstacles"], hand=b["hand"], couple_vp=b["couple_vp"],
            perfect=tuple(b["perfect"]), zone_vp=b.get("zone_vp"),
            chance_vp=b.get("chance_vp"), goals=b.get("goals")))
    return tuple(out)


# A zone changes only when a card joins or leaves it or a heart token
# expires, and every view shows every zone: each is built once (a memo by
# what it is built from: its couples, the cards on each with their hearts
# and who attached them, and its loose preparations).
_ZONES: Memo[tuple[Any, ...], Zone] = Memo()


def zone_view(s: LoveFields, seat: int) -> Zone:
    hearts, by, attached = s.hearts, s.attached_by, s.attached
    couples, loose = s.couples[seat], s.unattached[seat]
    key = (tuple([(c, *attached[c], *map(hearts.get, attached[c]), *map(by.get, attached[c]))
                  for c in couples]), *loose)
    zone = _ZONES.get(key)
    if zone is None:
        zone = _ZONES.keep(key, Zone(
            couples=tuple([couple_view(s, couple) for couple in couples]),
            loose=tuple([ids[c] for c in loose]), vp=zone_vp(s, seat)))
    return zone


def couple_view(s: LoveFields, couple: int) -> Couple:
    attached = tuple([Attached(card=ids[c], hearts=s.hearts.get(c), by=s.attached_by.get(c))
                      for c in s.attached[couple]])
    perfect, vp = date(couple, s.attached[couple])
    return Couple(card=ids[couple], attached=attached,
                  missing=tuple([CAT.keys[d] for d in missing(s, couple)]), vp=vp,
                  perfect=perfect)


def resolving_view(s: LoveFields) -> Resolving | None:
    if s.resolving < 0:
        return None
    return Resolving(card=ids[s.resolving], seat=s.actor,
                     target=s.target_seat if s.target_seat >= 0 else None,
                     couple=code(s.target_couple), sender=s.sender,
                     cancelled=s.cancelled, diverted=s.diverted,
                     queue=tuple(s.react_queue), reacting=code(s.reacting))


def frames_view(s: LoveFields) -> tuple[Frame, ...]:
    return tuple([(ids[f.card], f.player, f.program, f.index, f.count, code(f.subject), f.kind)
                  for f in s.frames])


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
