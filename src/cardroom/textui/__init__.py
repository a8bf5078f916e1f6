"""Small text helpers shared by the games' renderers (no I/O)."""

from __future__ import annotations

from cardroom.core.events import Viewer

ANSI = {
    "red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35",
    "cyan": "36", "white": "37", "bold": "1", "dim": "2", "orange": "38;5;208",
    "indigo": "38;5;62", "violet": "38;5;135", "grey": "90",
}


def paint(text: str, colour: str | None, on: bool) -> str:
    if not on or colour is None:
        return text
    return f"\x1b[{ANSI[colour]}m{text}\x1b[0m"


def seat_name(seat: int, viewer: Viewer) -> str:
    return "you" if seat == viewer else f"seat {seat}"


def seat_title(seat: int, viewer: Viewer) -> str:
    name = seat_name(seat, viewer)
    return name[0].upper() + name[1:]


def table(rows: list[list[str]]) -> str:
    """Left-aligned columns (no colour codes inside cells)."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows)
    return "\n".join(line.rstrip() for line in lines)


def standings(ranking: list[list[int]], viewer: Viewer) -> str:
    """'1. seat 2; 2. you and seat 0; 4. seat 1' (tied seats share a place)."""
    parts = []
    place = 1
    for group in ranking:
        parts.append(f"{place}. " + " and ".join(seat_name(s, viewer) for s in group))
        place += len(group)
    return "; ".join(parts)


def subject(seat: int, viewer: Viewer, does: str, do: str) -> str:
    """A seat doing something, at the start of a sentence: "Seat 2 aims",
    "You aim" (the verb agrees with "you")."""
    if seat == viewer:
        return f"You {do}"
    return f"{seat_title(seat, viewer)} {does}"
