"""Love Formula as text: the table a seat (or a spectator, or the referee) sees."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.core.events import Viewer
from cardroom.core.views import View
from cardroom.games.love_formula.cards.catalog import CAT, CONNECTION, OBSTACLE, PREP
from cardroom.games.love_formula.render import cardtext, extras
from cardroom.games.love_formula.render import compact as compact_table
from cardroom.games.love_formula.render.common import headline, pending_line
from cardroom.games.love_formula.viewtypes import (
    Couple,
    LoveRefereeTable,
    LoveSeatTable,
    LoveTable,
)
from cardroom.textui import paint, seat_name, seat_title, table

by_id = CAT.by_id


def card_label(code: str, color: bool) -> str:
    return cardtext.label(by_id[code], color)


def labels(codes: Sequence[str], color: bool) -> str:
    return ", ".join(card_label(c, color) for c in codes) or "-"


def render(view: View[Any], color: bool, compact: bool = False) -> str:
    """The table ``view``'s viewer sees; ``compact``: the compact one (fits
    80x24) while the game is on."""
    if compact and not view.over:
        return compact_table.render(view, color)
    t: LoveTable = view.table
    lines = [paint(headline(view), "bold", color), vp_table(view)]
    lines += extras.goal_lines(t, view.seat, color)
    if view.phase.startswith("draft"):
        lines += draft_lines(t, color)
    else:
        lines += extras.chance_lines(t, view.seat, color)
        lines += round_lines(view, color)
    lines.append(paint("Zones:", "bold", color))
    for seat in range(view.players):
        lines += zone_lines(t, seat, view.seat, color)
    if isinstance(t, LoveSeatTable):
        lines += hand_lines(view.phase, t, color)
    if view.over:
        lines.append(final_table(t, view.seat))
    else:
        pending = pending_line(view, color)
        if pending:
            lines.append(pending)
    return "\n".join(lines)


def vp_table(view: View[Any]) -> str:
    t: LoveTable = view.table
    rows = [["", "VP", "hand", "couples", "prep."]]
    for seat in range(view.players):
        zone = t.zones[seat]
        preps = len(zone.loose) + sum(
            1 for c in zone.couples for a in c.attached if _kind(a.card) == PREP)
        rows.append([seat_name(seat, view.seat), str(view.scores[seat]),
                     str(t.hand_sizes[seat]), str(len(zone.couples)), str(preps)])
    info = f"deck {t.deck_size}, discard {len(t.discard)}"
    if t.discard:
        info += f" (top: {cardtext.name(by_id[t.discard[-1]])})"
    return table(rows) + "\n" + info


def _kind(code: str) -> int:
    return CAT.type[by_id[code]]


def draft_lines(t: LoveTable, color: bool) -> list[str]:
    if isinstance(t, LoveRefereeTable):
        return [f"Seat {s} pack: {labels(p, color)}" for s, p in enumerate(t.packs)]
    if not isinstance(t, LoveSeatTable):
        return []  # a spectator sees no pack, pick or job
    lines = [paint("Pack (keep one):", "bold", color)]
    lines += [f"  {cardtext.full(by_id[c], color)}" for c in t.pack]
    if t.picked:
        lines.append(f"  kept this pick: {card_label(t.picked, color)}")
    kept = [c for c in t.hand if c != t.job]
    lines.append(f"Kept so far ({len(kept)}): {labels(kept, color)}")
    lines.append(f"Part-Time Job: {cardtext.full(by_id[t.job], color)}")
    return lines


def round_lines(view: View[Any], color: bool) -> list[str]:
    me, t = view.seat, view.table
    if view.over:
        return []
    if not t.order:
        waiting = ", ".join(seat_name(s, me) for s in view.to_act)
        return [f"Selecting (waiting for {waiting})" if waiting else "Everyone has selected."]
    shown = []
    for i, seat in enumerate(t.order):
        code = t.table[seat]
        mark = "> " if seat == t.turn else "  "
        what = f"{card_label(code, color)} ({cardtext.priority(by_id[code])})" if code else "done"
        shown.append(f"{mark}{i + 1}. {seat_name(seat, me)}: {what}")
    return ["Revealed, in priority order:", *shown]


def zone_lines(t: LoveTable, seat: int, me: Viewer, color: bool) -> list[str]:
    zone = t.zones[seat]
    head = f" {seat_title(seat, me)} ({zone.vp} VP):"
    lines = [head]
    for c in zone.couples:
        lines.append("   " + couple_line(c, color))
    if zone.loose:
        lines.append(f"   unattached: {labels(zone.loose, color)}")
    if not zone.couples and not zone.loose:
        lines[0] += " (empty)"
    return lines


def couple_line(c: Couple, color: bool) -> str:
    card = by_id[c.card]
    groups: dict[int, list[str]] = {PREP: [], OBSTACLE: [], CONNECTION: []}
    for a in c.attached:
        text = card_label(a.card, color)
        notes = [f"seat {a.by}"] if _kind(a.card) == OBSTACLE else []
        if a.hearts is not None:
            notes.append(f"{a.hearts} heart{'s' * (a.hearts != 1)}")
        groups[_kind(a.card)].append(text + (f" ({', '.join(notes)})" if notes else ""))
    parts = [", ".join(groups[PREP]) or "no preparations", date_words(c)]
    if groups[OBSTACLE]:
        parts.append("obstacles: " + ", ".join(groups[OBSTACLE]))
    if groups[CONNECTION]:
        parts.append("connections: " + ", ".join(groups[CONNECTION]))
    return (f"{cardtext.label(card, color)} [{c.vp} VP, perfect {CAT.vp_perfect[card]}]: "
            + "; ".join(parts))


def date_words(c: Couple) -> str:
    if c.missing:
        return "missing " + ", ".join(CAT.name_en[CAT.keys.index(k)] for k in c.missing)
    return "perfect date" if c.perfect else "prepared, but no perfect date"


def hand_lines(phase: str, t: LoveSeatTable, color: bool) -> list[str]:
    if phase.startswith("draft"):
        return []
    lines = [paint("Your hand:", "bold", color)]
    lines += [f"  {cardtext.full(by_id[c], color)}" for c in t.hand]
    if t.selected:
        lines.append(f"  selected this round: {card_label(t.selected, color)}")
    return lines


def final_table(t: LoveTable, me: Viewer) -> str:
    rows = [["", "VP", "couples", "perfect", "prep.", "obstacles", "hand"]]
    breakdown = t.breakdown or ()
    for seat, b in enumerate(breakdown):
        rows.append([seat_name(seat, me), str(b.vp), str(b.couples), str(len(b.perfect)),
                     str(b.preparations), str(b.obstacles), str(b.hand)])
    lines = ["Final score (ties: more preparations, more couples, fewer obstacles, "
             "more cards in hand):", table(rows)]
    for seat, b in enumerate(breakdown):
        parts = [f"{cardtext.name(by_id[c])} {v}" for c, v in b.couple_vp.items()]
        lines.append(f"  {seat_name(seat, me)}: {' + '.join(parts) or 'no couples'}"
                     f" + {b.preparations} preparations = {b.vp} VP")
    return "\n".join(lines)
