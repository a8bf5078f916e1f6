"""The menu of legal actions at the terminal, and reading what a person types.

One rule in every game: menu entries are picked by letter (a, b, ... z, then
aa, ab, ...), never by number, so that a number typed alone always means the
number inside an action (a topping's value in Pizzamania, a seat or column
in Pile up) and cannot be taken for a menu position. An action may also be
typed whole ('play 7S') or by its end when only one action ends that way
('7S', '3'). A text that could mean a menu letter and an action at once is
refused with both readings named.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import ascii_lowercase


def label(index: int) -> str:
    """The menu letter of entry ``index`` (0 -> a, 25 -> z, 26 -> aa, ...)."""
    text = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        text = ascii_lowercase[rest] + text
    return text


def menu(legal: list[str], width: int = 79) -> str:
    """The entries in as few rows as fit ``width``, each column as wide as
    its widest entry."""
    items = [f"{label(i):>2}) {a}" for i, a in enumerate(legal)]
    for per_row in range(len(items), 0, -1):
        rows = [items[i:i + per_row] for i in range(0, len(items), per_row)]
        widths = [max(len(row[c]) for row in rows if c < len(row)) + 2
                  for c in range(per_row)]
        if sum(widths) - 2 <= width or per_row == 1:
            break
    return "\n".join("".join(s.ljust(w) for s, w in zip(row, widths, strict=False)).rstrip()
                     for row in rows)


@dataclass(frozen=True)
class Reading:
    """What a typed line means: an action, or why it means none."""

    action: str | None
    problem: str = ""


def read_action(line: str, legal: list[str]) -> Reading:
    text = " ".join(line.split()).lower()
    exact = [a for a in legal if a.lower() == text]
    if exact:
        return Reading(exact[0])
    by_letter = _by_letter(text, legal)
    ends = [a for a in legal if a.lower().endswith(" " + text)]
    if by_letter and ends:
        return Reading(None, f"'{line}' could mean menu entry {text} ({by_letter}) or "
                             f"'{ends[0]}': type the whole action")
    if by_letter:
        return Reading(by_letter)
    if len(ends) == 1:
        return Reading(ends[0])
    if ends:
        shown = ", ".join(f"'{a}'" for a in ends[:4]) + (", ..." if len(ends) > 4 else "")
        return Reading(None, f"'{line}' ends several actions ({shown}): say which")
    hint = " (menu entries are letters, not numbers)" if text.isdigit() else ""
    return Reading(None, f"'{line}' is not one of the actions above{hint}; type a letter, "
                         "an action, or 'help'")


def _by_letter(text: str, legal: list[str]) -> str | None:
    if not text.isalpha() or not text.isascii():
        return None
    index = 0
    for char in text:
        index = index * 26 + ascii_lowercase.index(char) + 1
    index -= 1
    return legal[index] if index < len(legal) else None


def example(legal: list[str]) -> str:
    """Ways to type one of ``legal``, for the help: "'b', 'play 6' or '6'"."""
    for i, action in enumerate(legal):
        tail = action.split()[-1]
        if " " in action and read_action(tail, legal).action == action:
            return f"'{label(i)}', '{action}' or '{tail}'"
    return f"'a' or '{legal[0]}'" if legal else "'a'"
