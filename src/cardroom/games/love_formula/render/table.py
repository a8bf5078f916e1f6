"""Love Formula as text: the table a seat (or a spectator, or the referee) sees."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.render import cardtext, compact, extras
from cardroom.games.love_formula.render.common import headline, pending_line
from cardroom.textui import is_compact, paint, seat_name, seat_title, table

by_id = CAT.by_id


def card_label(code: str, color: bool) -> str:
    return cardtext.label(by_id[code], color)


def labels(codes: Sequence[str], color: bool) -> str:
    return ", ".join(card_label(c, color) for c in codes) or "-"


def render(view: Mapping[str, Any], color: bool) -> str:
    if is_compact(view) and not view["over"]:
        return compact.render(view, color)
    lines = [paint(headline(view), "bold", color), vp_table(view)]
    lines += extras.goal_lines(view, color)
    if view["phase"].startswith("draft"):
        lines += draft_lines(view, color)
    else:
        lines += extras.chance_lines(view, color)
        lines += round_lines(view, color)
    lines.append(paint("Zones:", "bold", color))
    for seat in range(view["players"]):
        lines += zone_lines(view, seat, color)
    if isinstance(view["seat"], int):
        lines += hand_lines(view, color)
    if view["over"]:
        lines.append(final_table(view))
    else:
        pending = pending_line(view, color)
        if pending:
            lines.append(pending)
    return "\n".join(lines)


def vp_table(view: Mapping[str, Any]) -> str:
    me = view["seat"]
    rows = [["", "VP", "hand", "couples", "prep."]]
    for seat in range(view["players"]):
        zone = view["zones"][seat]
        preps = len(zone["loose"]) + sum(
            1 for c in zone["couples"] for a in c["attached"] if _kind(a["card"]) == 0)
        rows.append([seat_name(seat, me), str(view["scores"][seat]),
                     str(view["hand_sizes"][seat]), str(len(zone["couples"])), str(preps)])
    info = f"deck {view['deck_size']}, discard {len(view['discard'])}"
    if view["discard"]:
        info += f" (top: {cardtext.name(by_id[view['discard'][-1]])})"
    return table(rows) + "\n" + info


def _kind(code: str) -> int:
    return CAT.type[by_id[code]]


def draft_lines(view: Mapping[str, Any], color: bool) -> list[str]:
    if view["seat"] is None:
        return [f"Seat {s} pack: {labels(p, color)}" for s, p in enumerate(view["packs"])]
    if not isinstance(view["seat"], int):
        return []  # a spectator sees no pack, pick or job
    lines = [paint("Pack (keep one):", "bold", color)]
    lines += [f"  {cardtext.full(by_id[c], color)}" for c in view["pack"]]
    if view["picked"]:
        lines.append(f"  kept this pick: {card_label(view['picked'], color)}")
    kept = [c for c in view["hand"] if c != view["job"]]
    lines.append(f"Kept so far ({len(kept)}): {labels(kept, color)}")
    lines.append(f"Part-Time Job: {cardtext.full(by_id[view['job']], color)}")
    return lines


def round_lines(view: Mapping[str, Any], color: bool) -> list[str]:
    me = view["seat"]
    if view["over"]:
        return []
    if not view["order"]:
        waiting = ", ".join(seat_name(s, me) for s in view["to_act"])
        return [f"Selecting (waiting for {waiting})" if waiting else "Everyone has selected."]
    shown = []
    for i, seat in enumerate(view["order"]):
        code = view["table"][seat]
        mark = "> " if seat == view["turn"] else "  "
        what = f"{card_label(code, color)} ({cardtext.priority(by_id[code])})" if code else "done"
        shown.append(f"{mark}{i + 1}. {seat_name(seat, me)}: {what}")
    return ["Revealed, in priority order:", *shown]


def zone_lines(view: Mapping[str, Any], seat: int, color: bool) -> list[str]:
    zone = view["zones"][seat]
    head = f" {seat_title(seat, view['seat'])} ({zone['vp']} VP):"
    lines = [head]
    for c in zone["couples"]:
        lines.append("   " + couple_line(c, color))
    if zone["loose"]:
        lines.append(f"   unattached: {labels(zone['loose'], color)}")
    if not zone["couples"] and not zone["loose"]:
        lines[0] += " (empty)"
    return lines


def couple_line(c: Mapping[str, Any], color: bool) -> str:
    card = by_id[c["card"]]
    groups: dict[int, list[str]] = {0: [], 2: [], 3: []}
    for a in c["attached"]:
        text = card_label(a["card"], color)
        notes = [f"seat {a['by']}"] if _kind(a["card"]) == 2 else []
        if "hearts" in a:
            notes.append(f"{a['hearts']} heart{'s' * (a['hearts'] != 1)}")
        groups[_kind(a["card"])].append(text + (f" ({', '.join(notes)})" if notes else ""))
    missing = [CAT.name_en[CAT.keys.index(k)] for k in c["missing"]]
    parts = [", ".join(groups[0]) or "no preparations",
             f"missing {', '.join(missing)}" if missing else "perfect date"]
    if groups[2]:
        parts.append("obstacles: " + ", ".join(groups[2]))
    if groups[3]:
        parts.append("connections: " + ", ".join(groups[3]))
    return (f"{cardtext.label(card, color)} [{c['vp']} VP, perfect {CAT.vp_perfect[card]}]: "
            + "; ".join(parts))


def hand_lines(view: Mapping[str, Any], color: bool) -> list[str]:
    if view["phase"].startswith("draft"):
        return []
    lines = [paint("Your hand:", "bold", color)]
    lines += [f"  {cardtext.full(by_id[c], color)}" for c in view["hand"]]
    if view["selected"]:
        lines.append(f"  selected this round: {card_label(view['selected'], color)}")
    return lines


def final_table(view: Mapping[str, Any]) -> str:
    me = view["seat"]
    rows = [["", "VP", "couples", "perfect", "prep.", "obstacles", "hand"]]
    for seat, b in enumerate(view["breakdown"]):
        rows.append([seat_name(seat, me), str(b["vp"]), str(b["couples"]),
                     str(len(b["perfect"])), str(b["preparations"]), str(b["obstacles"]),
                     str(b["hand"])])
    lines = ["Final score (ties: more preparations, more couples, fewer obstacles, "
             "more cards in hand):", table(rows)]
    for seat, b in enumerate(view["breakdown"]):
        parts = [f"{cardtext.name(by_id[c])} {v}" for c, v in b["couple_vp"].items()]
        lines.append(f"  {seat_name(seat, me)}: {' + '.join(parts) or 'no couples'}"
                     f" + {b['preparations']} preparations = {b['vp']} VP")
    return "\n".join(lines)
