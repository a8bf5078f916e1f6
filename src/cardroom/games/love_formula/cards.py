"""The card catalog: every card of the loaded sets as a small int, from data.

Card data lives in ``data/<set>.json`` (one file per set, checked on load;
``DataError`` says what is wrong and where). A *design* is one printed card
with its copies; each physical card has its own id (``kiss-2``) and int. Ints
are global across sets so an action's text never depends on the options.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardroom.games.love_formula.effects import (
    ACTION_TARGETS,
    BASE_OPS,
    CARD_TYPES,
    EXPIRE,
    OPS,
    DataError,
    Op,
    check_ops,
    check_statics,
    check_trigger,
)

DATA_DIR = Path(__file__).parent / "data"
SETS = ("base",)
PREP, COUPLE, OBSTACLE, CONNECTION, ACTION, REACTION = range(6)
SUBTYPES = {"preparation": ("event", "location", "item"), "obstacle": ("rival", "plot"),
            "action": ("part-time-job",)}
JOB_SUBTYPE = "part-time-job"
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
KEYS_BY_TYPE = {
    "preparation": {"subtype"},
    "couple": {"requires", "vp"},
    "obstacle": {"subtype", "hearts", "on_play", "while_attached", "on_expire"},
    "connection": {"hearts", "on_play", "while_attached", "on_expire"},
    "action": {"subtype", "target", "on_play"},
    "reaction": {"trigger", "on_play"},
}
COMMON_KEYS = {"key", "ids", "name", "type", "priority", "rulebook"}


@dataclass
class Catalog:
    ids: list[str] = field(default_factory=list)
    by_id: dict[str, int] = field(default_factory=dict)
    design: list[int] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    name_en: list[str] = field(default_factory=list)
    name_uk: list[str] = field(default_factory=list)
    copies: list[tuple[int, ...]] = field(default_factory=list)
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
    jobs: int = 0
    reactions: int = 0
    everything: int = 0

    @property
    def size(self) -> int:
        return len(self.ids)

    def mask_of_type(self, kind: int) -> int:
        return sum(1 << c for c in range(self.size) if self.type[c] == kind)


def load_file(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise DataError(f"{path.name}: cannot read card data: {err}") from None
    if not isinstance(doc, dict):
        raise DataError(f"{path.name}: the file must hold one JSON object")
    return doc


def check_set(name: str, doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The designs of one set file, each checked; raises DataError."""
    designs = doc.get("designs")
    if not isinstance(designs, list) or not designs:
        raise DataError(f"{name}: 'designs' must be a non-empty list")
    counts = doc.get("counts")
    if not isinstance(counts, dict):
        raise DataError(f"{name}: 'counts' must give the number of cards of each type")
    for i, d in enumerate(designs):
        check_design(f"{name}: design {i + 1}", d)
    check_counts(name, designs, counts)
    check_priorities(name, designs)
    return designs


def check_design(where: str, d: Any) -> None:
    if not isinstance(d, dict):
        raise DataError(f"{where}: a design is an object")
    key = d.get("key")
    if not isinstance(key, str) or not ID_PATTERN.match(key):
        raise DataError(f"{where}: 'key' must be a lower-case slug like 'first-aid-kit'")
    where = f"{where} ({key})"
    kind = d.get("type")
    if kind not in CARD_TYPES:
        raise DataError(f"{where}: 'type' must be one of {', '.join(CARD_TYPES)}")
    unknown = set(d) - COMMON_KEYS - KEYS_BY_TYPE[kind]
    if unknown:
        raise DataError(f"{where}: a {kind} has no field {sorted(unknown)[0]!r}")
    ids = d.get("ids")
    if (not isinstance(ids, list) or not ids
            or not all(isinstance(i, str) and ID_PATTERN.match(i) for i in ids)):
        raise DataError(f"{where}: 'ids' must list one slug per physical card")
    name = d.get("name")
    if not isinstance(name, dict) or not all(isinstance(name.get(k), str) for k in ("uk", "en")):
        raise DataError(f"{where}: 'name' needs 'uk' and 'en' strings")
    prio = d.get("priority")
    if (not isinstance(prio, list) or len(prio) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in prio)):
        raise DataError(f"{where}: 'priority' must be [main, secondary], whole numbers >= 0")
    check_subtype(where, kind, d.get("subtype"))
    CHECKS[kind](where, d)


def check_subtype(where: str, kind: str, subtype: Any) -> None:
    allowed = SUBTYPES.get(kind, ())
    if subtype is None and kind in ("preparation", "obstacle"):
        raise DataError(f"{where}: a {kind} needs a 'subtype' ({', '.join(allowed)})")
    if subtype is not None and subtype not in allowed:
        raise DataError(f"{where}: subtype {subtype!r} is not one of a {kind}'s: "
                        f"{', '.join(allowed) or 'none'}")


def _check_couple(where: str, d: dict[str, Any]) -> None:
    reqs = d.get("requires")
    if (not isinstance(reqs, list) or not reqs or len(set(reqs)) != len(reqs)
            or not all(isinstance(r, str) for r in reqs)):
        raise DataError(f"{where}: 'requires' must list distinct preparation keys")
    vp = d.get("vp")
    if not isinstance(vp, dict) or set(vp) != {"incomplete", "perfect"} or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in vp.values()):
        raise DataError(f"{where}: 'vp' must be {{'incomplete': n, 'perfect': n}}")


def _check_attached(where: str, d: dict[str, Any]) -> None:
    kind = d["type"]
    hearts = d.get("hearts", 0)
    if isinstance(hearts, bool) or not isinstance(hearts, int) or hearts < 0:
        raise DataError(f"{where}: 'hearts' must be a whole number >= 0")
    check_ops(f"{where}: on_play", d.get("on_play", []), kind, None)
    check_statics(f"{where}: while_attached", d.get("while_attached", []))
    expiry = check_ops(f"{where}: on_expire", d.get("on_expire", []), EXPIRE, None)
    if expiry and not hearts:
        raise DataError(f"{where}: 'on_expire' needs heart tokens ('hearts' > 0)")
    if not all(OPS[op["op"]].automatic and "else" not in op for op in expiry):
        raise DataError(f"{where}: expiry ops must need no decision")


def _check_action(where: str, d: dict[str, Any]) -> None:
    target = d.get("target")
    if target is not None and target not in ACTION_TARGETS:
        raise DataError(f"{where}: 'target' must be one of {', '.join(ACTION_TARGETS)}")
    ops = check_ops(f"{where}: on_play", d.get("on_play"), "action", target)
    if not ops:
        raise DataError(f"{where}: an action needs at least one op in 'on_play'")


def _check_reaction(where: str, d: dict[str, Any]) -> None:
    check_trigger(f"{where}: trigger", d.get("trigger"))
    ops = check_ops(f"{where}: on_play", d.get("on_play"), "reaction", None)
    if not ops:
        raise DataError(f"{where}: a reaction needs at least one op in 'on_play'")
    kinds = {op["op"] for op in ops}
    trigger = _trigger(d)["card"]
    if "redirect" in kinds and trigger != ["obstacle"]:
        raise DataError(f"{where}: 'redirect' answers an obstacle only")
    if "intercept" in kinds and trigger != ["preparation"]:
        raise DataError(f"{where}: 'intercept' answers a preparation only")


def _trigger(d: dict[str, Any]) -> dict[str, Any]:
    raw = d.get("trigger")
    if not raw:
        return {}
    kinds = raw["card"] if isinstance(raw["card"], list) else [raw["card"]]
    return {**raw, "card": kinds}


CHECKS = {"preparation": lambda where, d: None, "couple": _check_couple,
          "obstacle": _check_attached, "connection": _check_attached,
          "action": _check_action, "reaction": _check_reaction}


def check_counts(name: str, designs: list[dict[str, Any]], counts: dict[str, Any]) -> None:
    found: dict[str, int] = {}
    for d in designs:
        found[d["type"]] = found.get(d["type"], 0) + len(d["ids"])
        if d.get("subtype") == JOB_SUBTYPE:
            found[JOB_SUBTYPE] = found.get(JOB_SUBTYPE, 0) + len(d["ids"])
    for kind in sorted(set(found) | set(counts)):
        if found.get(kind, 0) != counts.get(kind, 0):
            raise DataError(f"{name}: {found.get(kind, 0)} {kind} cards, but 'counts' says "
                            f"{counts.get(kind, 0)}")


def check_priorities(name: str, designs: list[dict[str, Any]]) -> None:
    # D3: a (main, secondary) pair is unique within a set except between copies.
    seen: dict[tuple[int, int], str] = {}
    for d in designs:
        pair = (d["priority"][0], d["priority"][1])
        if pair in seen:
            raise DataError(f"{name}: {d['key']} and {seen[pair]} share priority "
                            f"{pair[0]}/{pair[1]} (D3: only copies of one card may)")
        seen[pair] = d["key"]


def build(sets: Sequence[tuple[str, dict[str, Any]]]) -> Catalog:
    """A catalog from (set name, parsed file) pairs, checked as a whole."""
    cat = Catalog()
    designs = [(name, d) for name, doc in sets for d in check_set(name, doc)]
    keys = [d["key"] for _, d in designs]
    for key in keys:
        if keys.count(key) > 1:
            raise DataError(f"design key {key!r} is used twice")
    kinds = {d["key"]: d["type"] for _, d in designs}
    for index, (name, d) in enumerate(designs):
        for req in d.get("requires", ()):
            if kinds.get(req) != "preparation":
                raise DataError(f"{name}: couple {d['key']} requires {req!r}, "
                                "which is no preparation")
        _add_design(cat, index, name, d, keys)
    cat.jobs = sum(1 << c for c in range(cat.size) if cat.subtype[c] == JOB_SUBTYPE)
    cat.reactions = cat.mask_of_type(REACTION)
    cat.everything = (1 << cat.size) - 1
    return cat


def _add_design(cat: Catalog, index: int, set_name: str, d: dict[str, Any],
                keys: list[str]) -> None:
    kind = CARD_TYPES.index(d["type"])
    base = [{"op": BASE_OPS[d["type"]]}] if d["type"] in BASE_OPS else []
    program = _compile(cat, [*base, *d.get("on_play", [])])
    expire = _compile(cat, d["on_expire"]) if d.get("on_expire") else -1
    statics: dict[str, int] = {}
    for s in d.get("while_attached", []):
        statics[s["static"]] = statics.get(s["static"], 0) + s.get("n", 1)
    cards = []
    for card_id in d["ids"]:
        if card_id in cat.by_id:
            raise DataError(f"{set_name}: card id {card_id!r} is used twice")
        c = cat.size
        cards.append(c)
        cat.by_id[card_id] = c
        cat.ids.append(card_id)
        cat.design.append(index)
        cat.type.append(kind)
        cat.subtype.append(d.get("subtype", ""))
        cat.priority.append((d["priority"][0], d["priority"][1]))
        cat.requires.append(tuple(keys.index(r) for r in d.get("requires", ())))
        vp = d.get("vp", {"incomplete": 0, "perfect": 0})
        cat.vp_incomplete.append(vp["incomplete"])
        cat.vp_perfect.append(vp["perfect"])
        cat.hearts.append(d.get("hearts", 0))
        cat.statics.append(statics)
        cat.target.append(d.get("target", ""))
        cat.trigger.append(_trigger(d))
        cat.program.append(program)
        cat.expire.append(expire)
        cat.set_of.append(set_name)
    cat.keys.append(d["key"])
    cat.name_en.append(d["name"]["en"])
    cat.name_uk.append(d["name"]["uk"])
    cat.copies.append(tuple(cards))


def _compile(cat: Catalog, ops: list[dict[str, Any]]) -> int:
    compiled = []
    for op in ops:
        orelse = _compile(cat, op["else"]) if "else" in op else -1
        compiled.append(Op(op["op"], op.get("n", 1), op.get("who", "you"), op.get("type", ""),
                           op.get("from", "your_couple"), op.get("all", False), orelse))
    cat.programs.append(tuple(compiled))
    return len(cat.programs) - 1


def load(set_names: Sequence[str] = SETS, data_dir: Path = DATA_DIR) -> Catalog:
    return build([(f"{n}.json", load_file(data_dir / f"{n}.json")) for n in set_names])


CAT = load()
