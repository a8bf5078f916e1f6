"""The promo pack's choices (D8), each independent: which cards each puts in or
takes out of a game.

- ``promo_jobs``: the Part-Time Jobs dealt from: ``base`` (the 4 base jobs),
  ``promo`` (the promo jobs) or ``mixed`` (all of them shuffled together).
- ``promo_couples``: the promo couples ``out``, ``add`` (added to the base
  couples) or ``replace`` (instead of the base couples their data
  ``replaces``).
- ``promo_parks``, ``promo_valentines``: the promo printings that count as
  the base Park / Valentine's Day (data ``counts_as``): ``out``, ``add`` (all
  added to the base copies) or ``replace-k`` (R28: k base copies leave, the
  highest-numbered first, and k promo printings take their places one for
  one, in data order; promo printings beyond the base card's number of copies,
  the second set of Valentine's Days, come in with ``replace-k`` as with
  ``add``).
- ``promo_others``: every other promo card (jokers, obstacles) ``out`` or
  ``add``.

The option ``promo`` is the shorthand (``SHORTHAND``): ``none`` is all out
(base jobs), ``replace`` is promo jobs, couples and both printings
``replace-3`` and the others added, ``add`` is everything added (all jobs
mixed). A choice given on its own overrides the shorthand's for its part.
Everything here is computed from the card data, so another printing of the
promo pack needs no code change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardroom.core.cardset import mask_of
from cardroom.games.love_formula.cards.catalog import CAT, COUPLE

BASE: Final = CAT.mask_of_set("base")
PROMO: Final = CAT.mask_of_set("promo")
BASE_JOBS: Final = BASE & CAT.jobs
PROMO_JOBS: Final = PROMO & CAT.jobs
JOB_POOLS: Final = {"base": BASE_JOBS, "promo": PROMO_JOBS, "mixed": BASE_JOBS | PROMO_JOBS}
COUPLE_MODES: Final = ("out", "add", "replace")
OTHER_MODES: Final = ("out", "add")

# The base cards whose promo printings (``counts_as``) each have an option.
PRINTINGS: Final = {"promo_parks": "park", "promo_valentines": "valentines-day"}


def _design(key: str) -> int:
    return CAT.keys.index(key)


def printings_of(base_key: str) -> list[int]:
    """The promo printings of a base card, in data order (design, then copy)."""
    base = _design(base_key)
    return [c for d in range(len(CAT.keys)) if CAT.design_set[d] == "promo"
            and CAT.replaces[d] == base for c in CAT.copies[d]]


def copy_modes(base_key: str) -> tuple[str, ...]:
    """``out``, ``add`` and one ``replace-k`` per base copy (D2: 3 copies)."""
    copies = len(CAT.copies[_design(base_key)])
    return ("out", "add", *(f"replace-{k}" for k in range(1, copies + 1)))


def replaced_count(mode: str) -> int:
    """How many base copies a printing mode takes out (``replace-2``: 2)."""
    return int(mode.removeprefix("replace-")) if mode.startswith("replace-") else 0


PROMO_COUPLES: Final = sum(1 << c for d in range(len(CAT.keys))
                    if CAT.design_set[d] == "promo" and CAT.type[CAT.copies[d][0]] == COUPLE
                    and CAT.replaces[d] >= 0 for c in CAT.copies[d])
REPLACED_COUPLES: Final = sum(1 << c for d in range(len(CAT.keys))
                       if CAT.design_set[d] == "promo"
                       and CAT.type[CAT.copies[d][0]] == COUPLE and CAT.replaces[d] >= 0
                       for c in CAT.copies[CAT.replaces[d]])
PRINTED: Final = mask_of(c for key in PRINTINGS.values() for c in printings_of(key))
PROMO_OTHERS: Final = PROMO & ~CAT.jobs & ~PROMO_COUPLES & ~PRINTED

PARTS: Final = ("promo_jobs", "promo_couples", "promo_parks", "promo_valentines", "promo_others")
SHORTHAND: Final[dict[str, dict[str, str]]] = {
    "none": {"promo_jobs": "base", "promo_couples": "out", "promo_parks": "out",
             "promo_valentines": "out", "promo_others": "out"},
    "replace": {"promo_jobs": "promo", "promo_couples": "replace",
                "promo_parks": "replace-3", "promo_valentines": "replace-3",
                "promo_others": "add"},
    "add": {"promo_jobs": "mixed", "promo_couples": "add", "promo_parks": "add",
            "promo_valentines": "add", "promo_others": "add"},
}


def choices(options: Mapping[str, Any]) -> tuple[str, ...]:
    """The five choices, in ``PARTS`` order: each as given, else the shorthand's."""
    bundle = SHORTHAND[options.get("promo") or "none"]
    return tuple(options.get(part) or bundle[part] for part in PARTS)


def printing_cards(base_key: str, mode: str) -> tuple[int, int]:
    """(cards in, base cards out) for one printing choice; R28 for ``replace-k``."""
    printed = printings_of(base_key)
    if mode == "out":
        return 0, 0
    if mode == "add":
        return mask_of(printed), 0
    k = replaced_count(mode)
    base = CAT.copies[_design(base_key)]
    counterparts, extra = printed[:len(base)], printed[len(base):]
    return mask_of(counterparts[:k] + extra), mask_of(base[len(base) - k:])


def cards(parts: tuple[str, ...]) -> tuple[int, int]:
    """(the Part-Time Jobs dealt from, every other card of the main deck)."""
    jobs, couples, parks, valentines, others = parts
    deck = BASE & ~CAT.jobs
    if couples != "out":
        deck |= PROMO_COUPLES
    if couples == "replace":
        deck &= ~REPLACED_COUPLES
    for key, mode in ((PRINTINGS["promo_parks"], parks),
                      (PRINTINGS["promo_valentines"], valentines)):
        put_in, take_out = printing_cards(key, mode)
        deck = (deck & ~take_out) | put_in
    if others == "add":
        deck |= PROMO_OTHERS
    return JOB_POOLS[jobs], deck


def problems(parts: tuple[str, ...], players: int) -> list[str]:
    """What makes a combination of choices impossible with this card data."""
    found = []
    jobs = JOB_POOLS[parts[0]].bit_count()
    if jobs < players:
        found.append(f"promo_jobs {parts[0]!r} deals from {jobs} Part-Time Jobs, too few "
                     f"for {players} players")
    for part, mode in zip(PARTS[2:4], parts[2:4], strict=True):
        key = PRINTINGS[part]
        k, printed = replaced_count(mode), len(printings_of(key))
        if k > printed:
            found.append(f"{part} {mode!r} needs {k} promo printings of "
                         f"{CAT.name_en[_design(key)]}, but the promo pack has {printed}")
    return found


def part_of(card: int) -> str:
    """The choice that decides whether a promo card (or a base card a promo card
    may replace) is in a game."""
    if PROMO_COUPLES >> card & 1 or REPLACED_COUPLES >> card & 1:
        return "promo_couples"
    for part, key in PRINTINGS.items():
        if CAT.match[card] == _design(key):
            return part
    return "promo_jobs" if CAT.jobs >> card & 1 else "promo_others"


def why_not_in(card: int, parts: tuple[str, ...]) -> str:
    """Why a main-deck card is not in a game with these choices, in words."""
    part = part_of(card)
    mode = parts[PARTS.index(part)]
    if CAT.set_of[card] == "base":
        return f"{part} {mode!r} swaps it for its promo counterpart"
    if mode == "out":
        return (f"it is a promo card and {part} is 'out': set 'promo' to 'add' or "
                f"'replace', or {part}")
    return f"{part} {mode!r} puts in only the first {replaced_count(mode)} promo printings"
