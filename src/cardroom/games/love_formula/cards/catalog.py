"""The card catalog: every card of the loaded sets as a small int, from data.

Card data lives in ``data/<set>.json`` (one file per set: base, chance, goals,
promo; checked on load by ``checks``; ``DataError`` says what is wrong and
where). A *design* is one printed card with its copies; each physical card has
its own id (``kiss-2``) and int. Ints are global across sets so an action's
text never depends on the options; which cards a game uses is ``config``'s.
``CODES`` turns card ints into their ids (the protocol's card codes) and back.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final

from cardroom.core.cardset import CardCodes
from cardroom.games.love_formula.cards.checks import (
    JOB_SUBTYPE,
    check_priorities,
    check_set,
    identity,
    trigger_of,
)
from cardroom.games.love_formula.cards.vocabulary import (
    BASE_OPS,
    CARD_TYPES,
    Clause,
    DataError,
    Op,
    check_condition,
)

# Found through the package, not __file__ (a compiled module lives elsewhere).
DATA_DIR: Final = Path(str(resources.files(__name__.rpartition(".")[0]).joinpath("data")))
SETS: Final = ("base", "chance", "goals", "promo")
PREP: Final = 0
COUPLE: Final = 1
OBSTACLE: Final = 2
CONNECTION: Final = 3
ACTION: Final = 4
REACTION: Final = 5
CHANCE: Final = 6
GOAL: Final = 7
VPCARD: Final = 8


@dataclass
class Catalog:
    ids: list[str] = field(default_factory=list)
    by_id: dict[str, int] = field(default_factory=dict)
    design: list[int] = field(default_factory=list)
    match: list[int] = field(default_factory=list)  # the design a card counts as (promo Park: park)
    keys: list[str] = field(default_factory=list)
    name_en: list[str] = field(default_factory=list)
    name_uk: list[str] = field(default_factory=list)
    copies: list[tuple[int, ...]] = field(default_factory=list)
    design_set: list[str] = field(default_factory=list)
    replaces: list[int] = field(default_factory=list)  # per design: the design it replaces
    type: list[int] = field(default_factory=list)
    subtype: list[str] = field(default_factory=list)
    priority: list[tuple[int, int]] = field(default_factory=list)
    requires: list[tuple[int, ...]] = field(default_factory=list)  # design ids
    vp_incomplete: list[int] = field(default_factory=list)
    vp_perfect: list[int] = field(default_factory=list)
    hearts: list[int] = field(default_factory=list)
    statics: list[dict[str, int]] = field(default_factory=list)
    target: list[str] = field(default_factory=list)
    trigger: list[dict[str, Any]] = field(default_factory=list)
    program: list[int] = field(default_factory=list)
    expire: list[int] = field(default_factory=list)
    programs: list[tuple[Op, ...]] = field(default_factory=list)
    set_of: list[str] = field(default_factory=list)
    joker: list[bool] = field(default_factory=list)
    who: list[str] = field(default_factory=list)  # a chance card: "you" or "all"
    goal_kind: list[str] = field(default_factory=list)
    condition: list[tuple[Clause, ...]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    jobs: int = 0
    reactions: int = 0
    everything: int = 0

    @property
    def size(self) -> int:
        return len(self.ids)

    def mask_of_type(self, kind: int) -> int:
        return sum(1 << c for c in range(self.size) if self.type[c] == kind)

    def mask_of_set(self, name: str) -> int:
        return sum(1 << c for c in range(self.size) if self.set_of[c] == name)


def load_file(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise DataError(f"{path.name}: cannot read card data: {err}") from None
    if not isinstance(doc, dict):
        raise DataError(f"{path.name}: the file must hold one JSON object")
    return doc


def build(sets: Sequence[tuple[str, dict[str, Any]]]) -> Catalog:
    """A catalog from (set name, parsed file) pairs, checked as a whole."""
    cat = Catalog()
    designs = [(name, d) for name, doc in sets for d in check_set(name, doc)]
    keys = [d["key"] for _, d in designs]
    for key in keys:
        if keys.count(key) > 1:
            raise DataError(f"design key {key!r} is used twice")
    by_key = {d["key"]: d for _, d in designs}
    seen: dict[tuple[int, int], str] = {}
    for name, d in designs:
        check_links(name, d, by_key)
        check_priorities(name, [d], seen)  # D3 across every set of a game
    for index, (name, d) in enumerate(designs):
        _add_design(cat, index, name, d, keys)
    cat.jobs = sum(1 << c for c in range(cat.size) if cat.subtype[c] == JOB_SUBTYPE)
    cat.reactions = cat.mask_of_type(REACTION)
    cat.everything = (1 << cat.size) - 1
    return cat


def check_links(name: str, d: dict[str, Any], by_key: dict[str, dict[str, Any]]) -> None:
    """Requirements, ``counts_as`` and ``replaces`` name cards that fit."""
    for req in d.get("requires", ()):
        if by_key.get(req, {}).get("type") != "preparation":
            raise DataError(f"{name}: couple {d['key']} requires {req!r}, which is no preparation")
    where = f"{name}: {d['key']}"
    if "counts_as" in d:
        other = by_key.get(d["counts_as"])
        if other is None or "counts_as" in other or other["type"] != d["type"]:
            raise DataError(f"{where} counts as {d['counts_as']!r}, which is no base card "
                            "of its type")
        if other.get("subtype") != d.get("subtype") or other["priority"] != d["priority"]:
            raise DataError(f"{where} counts as {other['key']} but differs in subtype or "
                            "priority")
    if "replaces" in d:
        other = by_key.get(d["replaces"])
        if other is None or other["type"] != "couple" or "replaces" in other:
            raise DataError(f"{where} replaces {d['replaces']!r}, which is no base couple")
        if sorted(other["requires"]) != sorted(d["requires"]):
            raise DataError(f"{where} replaces {other['key']} but its requirements differ")


def _add_design(cat: Catalog, index: int, set_name: str, d: dict[str, Any],
                keys: list[str]) -> None:
    kind = CARD_TYPES.index(d["type"])
    base = [{"op": BASE_OPS[d["type"]]}] if d["type"] in BASE_OPS else []
    program = _compile(cat, [*base, *d.get("on_play", []), *d.get("on_reveal", [])])
    expire = _compile(cat, d["on_expire"]) if d.get("on_expire") else -1
    statics: dict[str, int] = {}
    for s in d.get("while_attached", []):
        statics[s["static"]] = statics.get(s["static"], 0) + s.get("n", 1)
    condition = check_condition(d["key"], d["condition"], d["kind"]) if kind == GOAL else ()
    vp = d.get("vp", {"incomplete": 0, "perfect": 0})
    cards = []
    for card_id in d["ids"]:
        if card_id in cat.by_id:
            raise DataError(f"{set_name}: card id {card_id!r} is used twice")
        c = cat.size
        cards.append(c)
        cat.by_id[card_id] = c
        cat.ids.append(card_id)
        cat.design.append(index)
        cat.match.append(keys.index(identity(d)))
        cat.type.append(kind)
        cat.subtype.append(d.get("subtype", ""))
        cat.priority.append((d["priority"][0], d["priority"][1]) if "priority" in d else (0, 0))
        cat.requires.append(tuple(keys.index(r) for r in d.get("requires", ())))
        cat.vp_incomplete.append(vp["incomplete"])
        cat.vp_perfect.append(vp["perfect"])
        cat.hearts.append(d.get("hearts", 0))
        cat.statics.append(statics)
        cat.target.append(d.get("target", ""))
        cat.trigger.append(trigger_of(d))
        cat.program.append(program)
        cat.expire.append(expire)
        cat.set_of.append(set_name.removesuffix(".json"))
        cat.joker.append(bool(d.get("joker", False)))
        cat.who.append(d.get("who", ""))
        cat.goal_kind.append(d.get("kind", ""))
        cat.condition.append(condition)
        cat.points.append(d.get("points", 0))
    cat.keys.append(d["key"])
    cat.name_en.append(d["name"]["en"])
    cat.name_uk.append(d["name"]["uk"])
    cat.copies.append(tuple(cards))
    cat.design_set.append(set_name.removesuffix(".json"))
    replaced = d.get("counts_as", d.get("replaces"))
    cat.replaces.append(keys.index(replaced) if replaced else -1)


def _compile(cat: Catalog, ops: list[dict[str, Any]]) -> int:
    compiled = []
    for op in ops:
        otherwise = _compile(cat, op["else"]) if "else" in op else -1
        compiled.append(Op(op["op"], op.get("n", 1), op.get("who", "you"), op.get("type", ""),
                           op.get("from", "your_couple"), op.get("all", False), otherwise,
                           op.get("rule", "")))
    cat.programs.append(tuple(compiled))
    return len(cat.programs) - 1


def load(set_names: Sequence[str] = SETS, data_dir: Path = DATA_DIR) -> Catalog:
    return build([(f"{n}.json", load_file(data_dir / f"{n}.json")) for n in set_names])


CAT: Final = load()
CODES: Final = CardCodes(CAT.ids)
codes = CODES.of
