"""Checks of one card set file: each design's fields, the counts, the priorities.

``DataError`` says which set, design and field is wrong. Checks across sets
(a requirement naming a preparation of another set, ``counts_as`` and
``replaces``) are in ``catalog.build``.
"""

from __future__ import annotations

import re
from typing import Any, Final

from cardroom.games.love_formula.cards.vocabulary import (
    ACTION_TARGETS,
    CARD_TYPES,
    EXPIRE,
    GOAL_KINDS,
    OPS,
    PLAYED_TYPES,
    DataError,
    check_condition,
    check_ops,
    check_statics,
    check_trigger,
)

SUBTYPES: Final = {"preparation": ("event", "location", "item"), "obstacle": ("rival", "plot"),
            "action": ("part-time-job",)}
JOB_SUBTYPE: Final = "part-time-job"
ID_PATTERN: Final = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
KEYS_BY_TYPE: Final = {
    "preparation": {"subtype", "joker", "while_attached", "on_play", "counts_as"},
    "couple": {"requires", "vp", "replaces"},
    "obstacle": {"subtype", "hearts", "on_play", "while_attached", "on_expire"},
    "connection": {"hearts", "on_play", "while_attached", "on_expire"},
    "action": {"subtype", "target", "on_play"},
    "reaction": {"trigger", "on_play"},
    "chance": {"who", "on_reveal"},
    "goal": {"kind", "condition"},
    "vp": {"points"},
}
COMMON_KEYS: Final = {"key", "ids", "name", "type", "priority", "rulebook"}
CHANCE_WHO: Final = ("you", "all")


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
    check_priority(where, kind, d.get("priority"))
    check_subtype(where, kind, d.get("subtype"))
    CHECKS[kind](where, d)


def check_priority(where: str, kind: str, prio: Any) -> None:
    if kind not in PLAYED_TYPES:  # chance, goal and VP cards are never selected
        if prio is not None:
            raise DataError(f"{where}: a {kind} card has no priority")
        return
    if (not isinstance(prio, list) or len(prio) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in prio)):
        raise DataError(f"{where}: 'priority' must be [main, secondary], whole numbers >= 0")


def check_subtype(where: str, kind: str, subtype: Any) -> None:
    allowed = SUBTYPES.get(kind, ())
    if subtype is None and kind in ("preparation", "obstacle"):
        raise DataError(f"{where}: a {kind} needs a 'subtype' ({', '.join(allowed)})")
    if subtype is not None and subtype not in allowed:
        raise DataError(f"{where}: subtype {subtype!r} is not one of a {kind}'s: "
                        f"{', '.join(allowed) or 'none'}")


def _check_preparation(where: str, d: dict[str, Any]) -> None:
    if d.get("joker", False) not in (True, False):
        raise DataError(f"{where}: 'joker' is true or false")
    statics = check_statics(f"{where}: while_attached", d.get("while_attached", []))
    if any(s["static"] != "vp" for s in statics):
        raise DataError(f"{where}: a preparation's 'while_attached' may only change VP ('vp')")
    if statics and not d.get("joker"):
        raise DataError(f"{where}: only a joker ('joker': true) attaches with an effect")
    check_ops(f"{where}: on_play", d.get("on_play", []), "preparation", None)
    if d.get("joker") and d.get("on_play"):
        raise DataError(f"{where}: a joker that attaches to any couple has no 'on_play'")
    if "counts_as" in d and (d.get("joker") or d.get("on_play")):
        raise DataError(f"{where}: a card that counts as another has no effect of its own")


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
    trigger = trigger_of(d)["card"]
    if "redirect" in kinds and trigger != ["obstacle"]:
        raise DataError(f"{where}: 'redirect' answers an obstacle only")
    if "intercept" in kinds and trigger != ["preparation"]:
        raise DataError(f"{where}: 'intercept' answers a preparation only")


def _check_chance(where: str, d: dict[str, Any]) -> None:
    if d.get("who") not in CHANCE_WHO:
        raise DataError(f"{where}: 'who' must be 'you' (the revealer) or 'all' (every player)")
    ops = check_ops(f"{where}: on_reveal", d.get("on_reveal"), "chance", None)
    if not ops:
        raise DataError(f"{where}: a chance card needs at least one op in 'on_reveal'")
    if d["who"] == "you" and any(OPS[op["op"]].table_wide for op in ops):
        raise DataError(f"{where}: an effect on the whole table is for 'who': 'all'")


def _check_goal(where: str, d: dict[str, Any]) -> None:
    if d.get("kind") not in GOAL_KINDS:
        raise DataError(f"{where}: 'kind' must be 'first' or 'end'")
    check_condition(f"{where}: condition", d.get("condition"), d["kind"])


def _check_vp(where: str, d: dict[str, Any]) -> None:
    points = d.get("points")
    if isinstance(points, bool) or not isinstance(points, int) or points < 1:
        raise DataError(f"{where}: 'points' must be a whole number >= 1")


def trigger_of(d: dict[str, Any]) -> dict[str, Any]:
    raw = d.get("trigger")
    if not raw:
        return {}
    kinds = raw["card"] if isinstance(raw["card"], list) else [raw["card"]]
    return {**raw, "card": kinds}


CHECKS: Final = {"preparation": _check_preparation, "couple": _check_couple,
          "obstacle": _check_attached, "connection": _check_attached,
          "action": _check_action, "reaction": _check_reaction,
          "chance": _check_chance, "goal": _check_goal, "vp": _check_vp}


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


def identity(d: dict[str, Any]) -> str:
    """The card a design is a printing of: itself, or the one it counts as."""
    key: str = d.get("counts_as", d["key"])
    return key


def check_priorities(name: str, designs: list[dict[str, Any]],
                     seen: dict[tuple[int, int], str] | None = None) -> None:
    # D3: a (main, secondary) pair is unique except between copies of one card
    # (a promo printing that counts as a base card is such a copy).
    seen = {} if seen is None else seen
    for d in designs:
        if "priority" not in d:
            continue
        pair = (d["priority"][0], d["priority"][1])
        if pair in seen and seen[pair] != identity(d):
            raise DataError(f"{name}: {d['key']} and {seen[pair]} share priority "
                            f"{pair[0]}/{pair[1]} (D3: only copies of one card may)")
        seen[pair] = identity(d)
