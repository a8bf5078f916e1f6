"""Love Formula's compact table: what fits an 80x24 terminal beside the menu
(``table.render`` draws it when asked for the compact form, while the game is on).

One line per seat (VP, hand size, couples as preparations attached/needed),
the pack or the hand grouped by type with priorities, whose turn it is. The
full table with every card's text (``table.render``) is one command away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardroom.core.events import Viewer
from cardroom.core.views import View
from cardroom.games.love_formula.cards.catalog import CAT, COUPLE, OBSTACLE, PREP
from cardroom.games.love_formula.render import cardtext
from cardroom.games.love_formula.render.common import headline, pending_line
from cardroom.games.love_formula.viewtypes import Couple, LoveSeatTable, LoveTable
from cardroom.textui import paint, seat_name

WIDTH = 79
by_id = CAT.by_id
Token = tuple[str, str]  # (plain text, as shown): widths come from the plain text
GROUPS: tuple[tuple[str, Callable[[int], bool]], ...] = (
    ("Couples", lambda c: CAT.type[c] == COUPLE),
    ("Preparations", lambda c: CAT.type[c] == PREP),
    ("Others", lambda c: CAT.type[c] not in (COUPLE, PREP)),
)


def render(view: View[Any], color: bool) -> str:
    t: LoveTable = view.table
    drafting = view.phase.startswith("draft")
    lines = [paint(_headline(view), "bold", color)]
    if not drafting or any(z.couples or z.loose for z in t.zones):
        lines += _seat_lines(view, color)
    lines += _expansion_lines(t, view.seat)
    if drafting:
        lines += _draft_lines(t, color)
    else:
        lines += _round_lines(view, color)
        if isinstance(t, LoveSeatTable):
            lines += _cards_lines("Hand ('details' shows the cards' texts)", t.hand, color)
    pending = pending_line(view, color)
    if pending:
        lines.append(pending)
    return "\n".join(lines)


def _headline(view: View[Any]) -> str:
    t: LoveTable = view.table
    return f"{headline(view)}; deck {t.deck_size}, discard {len(t.discard)}"


def _seat_lines(view: View[Any], color: bool) -> list[str]:
    me, t = view.seat, view.table
    lines = ["Zones (couple: preparations attached/needed):"]
    for seat in range(view.players):
        zone = t.zones[seat]
        head = (f"{seat_name(seat, me):<7}{view.scores[seat]:>3} VP  "
                f"hand {t.hand_sizes[seat]:>2}  ")
        tokens = [_couple(c, color) for c in zone.couples]
        if zone.loose:
            tokens.append(_joined("loose: ", zone.loose, color))
        lines += fit(head, tokens or [("-", "-")], 2 if seat == me else 1, ", ")
    return lines


def _couple(couple: Couple, color: bool) -> Token:
    card = by_id[couple.card]
    have = sum(1 for a in couple.attached if CAT.type[by_id[a.card]] == PREP)
    need = have + len(couple.missing)
    obstacles = sum(1 for a in couple.attached if CAT.type[by_id[a.card]] == OBSTACLE)
    extra = f" ({obstacles} obstacle{'s' * (obstacles != 1)})" if obstacles else ""
    plain = f"{cardtext.name(card)} {have}/{need}{extra}"
    return plain, f"{cardtext.label(card, color)} {have}/{need}{extra}"


def _joined(prefix: str, codes: Sequence[str], color: bool) -> Token:
    names = [cardtext.name(by_id[c]) for c in codes]
    shown = [cardtext.label(by_id[c], color) for c in codes]
    return prefix + ", ".join(names), prefix + ", ".join(shown)


def _card(code: str, color: bool) -> Token:
    card = by_id[code]
    prio = cardtext.priority(card)
    return f"{cardtext.name(card)} {prio}", f"{cardtext.label(card, color)} {prio}"


def _expansion_lines(t: LoveTable, me: Viewer) -> list[str]:
    lines = []
    if t.chance and t.chance.card:
        text = f"Chance: {cardtext.short(by_id[t.chance.card], False)}"
        lines.append(text if len(text) <= WIDTH else text[:WIDTH - 3] + "...")
    if t.goals:
        tokens = []
        for g in t.goals.row:
            state = ("won by " + seat_name(g.won_by, me) if g.won_by is not None
                     else "First" if g.kind == "first" else "at the end")
            text = f"{cardtext.name(by_id[g.goal])} ({state})"
            tokens.append((text, text))
        lines += fit("Goals: ", tokens, 1, ", ")
    return lines


def _draft_lines(t: LoveTable, color: bool) -> list[str]:
    if not isinstance(t, LoveSeatTable):
        return []  # a spectator sees no pack (the referee's packs are in 'details')
    lines = _cards_lines("Pack (keep one; 'details' shows the cards' texts)", t.pack, color)
    if t.picked:
        lines.append(f"Kept this pick: {cardtext.label(by_id[t.picked], color)}")
    kept = [c for c in t.hand if c != t.job]
    lines += fit(f"Kept so far ({len(kept)}): ", [_card(c, color) for c in kept] or
                 [("-", "-")], 2, ", ")
    lines.append(f"Part-Time Job: {_card(t.job, color)[1]}")
    return lines


def _cards_lines(title: str, codes: Sequence[str], color: bool) -> list[str]:
    lines = [f"{title}:"]
    for name, belongs in GROUPS:
        cards = [_card(c, color) for c in codes if belongs(by_id[c])]
        if cards:
            lines += fit(f"  {name}: ", cards, 3, ", ")
    return lines


def _round_lines(view: View[Any], color: bool) -> list[str]:
    me, t = view.seat, view.table
    if not t.order:
        waiting = ", ".join(seat_name(s, me) for s in view.to_act)
        return [f"Selecting: waiting for {waiting}" if waiting else "Everyone has selected."]
    tokens = []
    for seat in t.order:
        code = t.table[seat]
        mark = ">" if seat == t.turn else ""
        plain, shown = _card(code, color) if code else ("done", "done")
        tokens.append((f"{mark}{seat_name(seat, me)} {plain}", f"{mark}{seat_name(seat, me)} "
                       f"{shown}"))
    return fit("Order: ", tokens, 2, ", ")


def fit(head: str, tokens: Sequence[Token], most: int, sep: str) -> list[str]:
    """``tokens`` after ``head``, wrapped to WIDTH in at most ``most`` lines;
    what does not fit is counted at the end ("+3 more")."""
    indent = " " * min(len(head), 10)
    lines: list[str] = []
    plain = shown = head
    first = True
    for i, (text, painted) in enumerate(tokens):
        last_line = len(lines) + 1 == most
        limit = WIDTH - (9 if last_line and i + 1 < len(tokens) else 0)
        if not first and len(plain) + len(sep) + len(text) > limit:
            if last_line:
                lines.append(f"{shown}{sep.rstrip()} +{len(tokens) - i} more")
                return lines
            lines.append(shown + sep.rstrip())
            plain = shown = indent
            first = True
        plain += text if first else sep + text
        shown += painted if first else sep + painted
        first = False
    lines.append(shown)
    return lines
