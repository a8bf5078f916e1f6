"""Love Formula as text: the table a seat sees, and a sentence per event."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.core.events import Viewer
from cardroom.games.love_formula import cardtext as T
from cardroom.games.love_formula import render_extras as X
from cardroom.games.love_formula.cards import CAT
from cardroom.textui import paint, seat_name, seat_title, standings, table

by_id = CAT.by_id


def lab(code: str, color: bool) -> str:
    return T.label(by_id[code], color)


def labels(codes: Sequence[str], color: bool) -> str:
    return ", ".join(lab(c, color) for c in codes) or "-"


def render(view: Mapping[str, Any], color: bool) -> str:
    lines = [paint(headline(view), "bold", color), vp_table(view)]
    lines += X.goal_lines(view, color)
    if view["phase"].startswith("draft"):
        lines += draft_lines(view, color)
    else:
        lines += X.chance_lines(view, color)
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


def headline(view: Mapping[str, Any]) -> str:
    stage = view["stage"]
    if view["over"]:
        return "Love Formula - game over"
    if view["phase"].startswith("draft"):
        way = "left" if stage == 1 else "right"
        return f"Love Formula - Draft {stage}, pick {view['pick']} (packs pass {way})"
    return f"Love Formula - Play {stage}, round {view['round']} of 10"


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
        info += f" (top: {T.name(by_id[view['discard'][-1]])})"
    return table(rows) + "\n" + info


def _kind(code: str) -> int:
    return CAT.type[by_id[code]]


def draft_lines(view: Mapping[str, Any], color: bool) -> list[str]:
    if view["seat"] is None:
        return [f"Seat {s} pack: {labels(p, color)}" for s, p in enumerate(view["packs"])]
    if not isinstance(view["seat"], int):
        return []  # a spectator sees no pack, pick or job
    lines = [paint("Pack (keep one):", "bold", color)]
    lines += [f"  {T.full(by_id[c], color)}" for c in view["pack"]]
    if view["picked"]:
        lines.append(f"  kept this pick: {lab(view['picked'], color)}")
    kept = [c for c in view["hand"] if c != view["job"]]
    lines.append(f"Kept so far ({len(kept)}): {labels(kept, color)}")
    lines.append(f"Part-Time Job: {T.full(by_id[view['job']], color)}")
    return lines


def round_lines(view: Mapping[str, Any], color: bool) -> list[str]:
    me = view["seat"]
    if not view["order"]:
        waiting = ", ".join(seat_name(s, me) for s in view["to_act"])
        return [f"Selecting (waiting for {waiting or 'nobody'})"]
    shown = []
    for i, seat in enumerate(view["order"]):
        code = view["table"][seat]
        mark = "> " if seat == view["turn"] else "  "
        what = f"{lab(code, color)} ({T.priority(by_id[code])})" if code else "done"
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
        text = lab(a["card"], color)
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
    return (f"{T.label(card, color)} [{c['vp']} VP, perfect {CAT.vp_perfect[card]}]: "
            + "; ".join(parts))


def hand_lines(view: Mapping[str, Any], color: bool) -> list[str]:
    if view["phase"].startswith("draft"):
        return []
    lines = [paint("Your hand:", "bold", color)]
    lines += [f"  {T.full(by_id[c], color)}" for c in view["hand"]]
    if view["selected"]:
        lines.append(f"  selected this round: {lab(view['selected'], color)}")
    return lines


def pending_line(view: Mapping[str, Any], color: bool) -> str:
    me = view["seat"]
    r = view["resolving"]
    if view["step"] == "react" and r:
        return (f"{seat_title(view['chooser'], me)} may answer {lab(r['card'], color)} "
                "with a reaction.")
    if view["step"] == "choice" and r:
        return f"{lab(r['card'], color)}: {seat_name(view['chooser'], me)} to {view['choice']}."
    return ""


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
        parts = [f"{T.name(by_id[c])} {v}" for c, v in b["couple_vp"].items()]
        lines.append(f"  {seat_name(seat, me)}: {' + '.join(parts) or 'no couples'}"
                     f" + {b['preparations']} preparations = {b['vp']} VP")
    return "\n".join(lines)


def describe_event(event: Mapping[str, Any], viewer: Viewer) -> str | None:
    kind = event["type"]
    handler = EVENTS.get(kind)
    return handler(event, viewer) if handler else None


def _who(event: Mapping[str, Any], viewer: Viewer, key: str = "seat") -> str:
    return seat_title(event[key], viewer)


def _n(code: str) -> str:
    return T.name(by_id[code])


def _place(e: Mapping[str, Any], v: Viewer) -> str:
    card = _n(e["card"])
    if "couple" in e:
        return f"{_who(e, v)} attached {card} to {_n(e['couple'])}."
    if e.get("discarded") == e["card"]:
        return f"{_who(e, v)} had no room for {card} and discarded it."
    if "discarded" in e:
        return f"{_who(e, v)} left {card} unattached and discarded {_n(e['discarded'])}."
    return f"{_who(e, v)} left {card} unattached."


EVENTS: dict[str, Any] = {
    "job": lambda e, v: f"Your Part-Time Job is {_n(e['card'])}.",
    "draft": lambda e, v: (f"Draft {e['stage']}: {e['cards_each']} cards each; keep one and "
                           f"pass the rest {e['direction']}."),
    "play": lambda e, v: f"Play phase {e['stage']} begins: 10 rounds.",
    "round": lambda e, v: f"Round {e['round']}: select a card.",
    "reveal": lambda e, v: "Revealed: " + ", ".join(
        f"{seat_name(s, v)} {_n(c)}" for s, c in e["cards"]) + ".",
    "couple": lambda e, v: f"{_who(e, v)} played the couple {_n(e['card'])}.",
    "place": lambda e, v: _place(e, v),
    "attach": lambda e, v: (f"{_who(e, v)} attached {_n(e['card'])} to {_n(e['couple'])} "
                            f"({seat_name(e['owner'], v)})"
                            + (f" with {e['hearts']} hearts." if e["hearts"] else ".")),
    "move": lambda e, v: f"{_who(e, v)} moved {_n(e['card'])}" + (
        f" to {_n(e['couple'])}." if "couple" in e else " off its couple."),
    "drop": lambda e, v: f"{_who(e, v)} discarded the unattached {_n(e['card'])}.",
    "draw": lambda e, v: f"{_who(e, v)} drew {e['count']} card{'s' * (e['count'] != 1)}.",
    "drawn": lambda e, v: f"You drew {', '.join(_n(c) for c in e['cards'])}.",
    "discard": lambda e, v: f"{_who(e, v)} discarded {_n(e['card'])}.",
    "turn": lambda e, v: f"{_who(e, v)} to play {_n(e['card'])}.",
    "extra_move": X.extra_move,
    "seen": lambda e, v: f"In {seat_name(e['target'], v)}'s hand: "
                         + (", ".join(_n(c) for c in e["cards"]) or "nothing") + ".",
    "react": lambda e, v: f"{_who(e, v)} answered {_n(e['against'])} with {_n(e['card'])}!",
    "cancelled": lambda e, v: f"{_n(e['card'])} is cancelled.",
    "redirect": lambda e, v: f"{_n(e['card'])} goes to {_n(e['couple'])} instead.",
    "intercept": lambda e, v: f"{_who(e, v)} took {_n(e['card'])} onto {_n(e['couple'])}.",
    "target": lambda e, v: f"{_who(e, v)} aims {_n(e['card'])} at "
                           + (_n(e["couple"]) if "couple" in e else seat_name(e["target"], v))
                           + ".",
    "no_target": lambda e, v: f"{_n(e['card'])} finds no couple and is discarded.",
    "look": lambda e, v: f"{_who(e, v)} looks at {seat_name(e['target'], v)}'s hand.",
    "steal": lambda e, v: f"{_who(e, v)} takes a card from {seat_name(e['from'], v)}'s hand.",
    "stolen": lambda e, v: f"The card taken is {_n(e['card'])}.",
    "take": lambda e, v: f"{_who(e, v)} takes {_n(e['card'])} from the {e['from']}.",
    "removed": lambda e, v: f"{_n(e['card'])} is removed from {_n(e['couple'])}.",
    "skipped": lambda e, v: f"{_who(e, v)} takes back {_n(e['card'])} and skips the turn.",
    "expire": lambda e, v: f"{_n(e['card'])} on {_n(e['couple'])} runs out of hearts.",
    "couple_ends": lambda e, v: f"{_n(e['couple'])} break up: discarded with all attached.",
    "reshuffle": lambda e, v: f"The deck ran out: {e['cards']} discarded cards are shuffled.",
    "round_end": lambda e, v: f"End of round {e['round']}. VP: " + ", ".join(
        f"{seat_name(s, v)} {p}" for s, p in enumerate(e["vp"])) + ".",
    "phase_end": lambda e, v: "Play 1 is over: hands are discarded, Part-Time Jobs kept.",
    "game_end": lambda e, v: f"Game over: {standings(e['ranking'], v)}.",
    **X.EVENTS,
}
