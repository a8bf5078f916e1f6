"""The effect vocabulary: the primitives a card's data may use, checked on load.

A card's effect is a list of ops (``{"op": "draw", "n": 3}``) that the rules
machine interprets in order; an op that needs a decision waits for it. Ops that
can find nothing to act on may carry ``else``: ops run instead. Static effects
(``while_attached``) hold while an obstacle or connection is attached; a
reaction's ``trigger`` says when it may be played. A new set adds data and, where
this vocabulary cannot express a card, a new primitive here and in
``rules/effects.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from cardroom.core.pickling import by_fields

# Where an op may appear: on_play of an action, obstacle (on attach), connection
# (on attach), reaction or preparation (after it is placed); on_expire of an
# obstacle or connection; on_reveal of a chance card.
ACTION: Final = "action"
OBSTACLE: Final = "obstacle"
CONNECTION: Final = "connection"
REACTION: Final = "reaction"
EXPIRE: Final = "expire"
PREPARATION: Final = "preparation"
CHANCE: Final = "chance"
ATTACHED: Final = (OBSTACLE, CONNECTION)
EVERYWHERE: Final = (ACTION, OBSTACLE, CONNECTION, REACTION)


@dataclass(frozen=True)
class OpSpec:
    params: Mapping[str, tuple[type, tuple[Any, ...] | None]]  # name: (type, choices)
    contexts: tuple[str, ...]
    automatic: bool = False  # needs no decision (allowed on expiry)
    may_else: bool = False
    needs_target: str | None = None  # the action target kind it needs
    table_wide: bool = False  # acts on the table, not a player: runs once per card

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # compiled, it pickles so (core.pickling)


CARD_TYPES: Final = ("preparation", "couple", "obstacle", "connection", "action", "reaction",
              "chance", "goal", "vp")
PLAYED_TYPES: Final = CARD_TYPES[:6]  # the cards that are drafted, selected and played
ROUND_RULES: Final = ("reverse_priority", "no_reactions")

OPS: Final[dict[str, OpSpec]] = {
    "draw": OpSpec({"n": (int, None)}, (*EVERYWHERE, EXPIRE, CHANCE), automatic=True),
    "discard": OpSpec({"n": (int, None), "who": (str, ("you", "owner"))}, (*EVERYWHERE, CHANCE)),
    "take_discarded": OpSpec({"type": (str, PLAYED_TYPES)}, (*EVERYWHERE, CHANCE),
                             may_else=True),
    "steal_hand": OpSpec({}, (ACTION,), may_else=True, needs_target="opponent"),
    "take_loose": OpSpec({}, (ACTION, CHANCE), may_else=True),
    "place": OpSpec({}, (ACTION, CHANCE)),
    "remove_obstacle": OpSpec({"from": (str, ("your_couple", "this_couple")),
                               "all": (bool, None)}, (ACTION, CONNECTION, CHANCE),
                              may_else=True),
    "discard_attached": OpSpec({}, ATTACHED),
    "take_attached": OpSpec({}, ATTACHED),
    # On a chance card: one more move on your turn this round.
    "extra_move": OpSpec({"n": (int, None)}, (ACTION, CHANCE), automatic=True),
    "skip_turn": OpSpec({}, (ACTION,), needs_target="waiting_opponent"),
    "end_couple": OpSpec({}, (EXPIRE,), automatic=True),
    "cancel": OpSpec({}, (REACTION,), automatic=True),
    "redirect": OpSpec({}, (REACTION,)),  # the attacker picks the couple of theirs
    "intercept": OpSpec({}, (REACTION,)),
    "wipe_date": OpSpec({}, (PREPARATION,)),  # an opponent's couple loses its preparations
    "score_vp": OpSpec({"n": (int, None)}, (CHANCE,), automatic=True),
    "remove_hearts": OpSpec({"n": (int, None)}, (CHANCE,), automatic=True, table_wide=True),
    "add_hearts": OpSpec({"n": (int, None)}, (CHANCE,), automatic=True, table_wide=True),
    "round_rule": OpSpec({"rule": (str, ROUND_RULES)}, (CHANCE,), automatic=True,
                         table_wide=True),
}
TABLE_WIDE: Final = frozenset(name for name, spec in OPS.items() if spec.table_wide)
# Ops the engine adds by card type (never written in data).
BASE_OPS: Final = {"couple": "enter", "preparation": "place", "obstacle": "attach",
            "connection": "attach"}

STATICS: Final[dict[str, tuple[str, ...]]] = {
    "lock": (),        # no preparation may be attached to the couple
    "no_perfect": (),  # the couple scores as an incomplete date
    "protect": (),     # opponents' obstacles cannot be attached to the couple
    "vp": ("n",),      # the couple is worth n more (or fewer) VP, never below 0
}
ACTION_TARGETS: Final = ("opponent", "waiting_opponent")
TRIGGERS: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    # card type played by an opponent: {extra condition: allowed values}
    "obstacle": {"target": ("your_couple",)},
    "action": {},
    "preparation": {"needed_by": ("your_couple",)},
    "couple": {},
    "connection": {},
    "part-time-job": {},  # "action" means an action that is not a Part-Time Job
}
REACTION_ONLY: Final = ("cancel", "redirect", "intercept")


@dataclass(frozen=True)
class Op:
    name: str
    n: int = 1
    who: str = "you"
    card_type: str = ""
    scope: str = "your_couple"
    every: bool = False
    else_program: int = -1  # the program run when the op finds nothing to act on
    rule: str = ""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # compiled, it pickles so (core.pickling)


class DataError(ValueError):
    """A card data file that breaks the format; the message says where and why."""


def check_ops(where: str, raw: Any, context: str, target: str | None) -> list[dict[str, Any]]:
    """The ops of one effect list, checked against the vocabulary."""
    if not isinstance(raw, list):
        raise DataError(f"{where}: expected a list of ops, got {raw!r}")
    out = []
    for i, op in enumerate(raw):
        at = f"{where}[{i}]"
        if not isinstance(op, dict) or not isinstance(op.get("op"), str):
            raise DataError(f"{at}: an op is an object with an 'op' name, got {op!r}")
        name = op["op"]
        spec = OPS.get(name)
        if spec is None:
            raise DataError(f"{at}: unknown op {name!r} (known: {', '.join(sorted(OPS))})")
        if context not in spec.contexts:
            raise DataError(f"{at}: op {name!r} cannot be used on a card of this kind "
                            f"({context}); it is for: {', '.join(spec.contexts)}")
        if spec.needs_target and spec.needs_target != target:
            raise DataError(f"{at}: op {name!r} needs the card's target to be "
                            f"{spec.needs_target!r}")
        for key, value in op.items():
            if key == "op":
                continue
            if key == "else":
                if not spec.may_else:
                    raise DataError(f"{at}: op {name!r} takes no 'else'")
                check_ops(f"{at}.else", value, context, target)
                continue
            if key not in spec.params:
                raise DataError(f"{at}: op {name!r} has no parameter {key!r}")
            kind, choices = spec.params[key]
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise DataError(f"{at}: {key!r} must be a {kind.__name__}, got {value!r}")
            if choices is not None and value not in choices:
                raise DataError(f"{at}: {key!r} must be one of {', '.join(map(str, choices))}")
            if isinstance(value, int) and not isinstance(value, bool) and value < 1:
                raise DataError(f"{at}: {key!r} must be at least 1, got {value}")
        if context == CHANCE and op.get("from") == "this_couple":
            raise DataError(f"{at}: a chance card has no couple of its own ('this_couple')")
        if name == "discard" and op.get("who") == "owner" and context != OBSTACLE:
            raise DataError(f"{at}: 'who': 'owner' (the targeted couple's owner) is for obstacles")
        if name == "remove_obstacle" and op.get("from") == "this_couple" and context != CONNECTION:
            raise DataError(f"{at}: 'from': 'this_couple' is for connections")
        out.append(op)
    return out


def check_statics(where: str, raw: Any) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        raise DataError(f"{where}: expected a list of static effects, got {raw!r}")
    for i, item in enumerate(raw):
        at = f"{where}[{i}]"
        name = item.get("static") if isinstance(item, dict) else None
        if name not in STATICS:
            raise DataError(f"{at}: unknown static effect {name!r} "
                            f"(known: {', '.join(sorted(STATICS))})")
        extra = set(item) - {"static", *STATICS[name]}
        if extra:
            raise DataError(f"{at}: static {name!r} has no parameter {sorted(extra)[0]!r}")
        for key in STATICS[name]:
            value = item.get(key)
            if isinstance(value, bool) or not isinstance(value, int):
                raise DataError(f"{at}: static {name!r} needs a whole number {key!r}")
    return list(raw)


def check_trigger(where: str, raw: Any) -> dict[str, Any]:
    """A trigger: the card type(s) it answers, and for a single type its extras."""
    kinds = raw.get("card") if isinstance(raw, dict) else None
    listed: list[str] = [k for k in (kinds if isinstance(kinds, list) else [kinds])
                         if isinstance(k, str)]
    if not listed or len(listed) != (len(kinds) if isinstance(kinds, list) else 1) or not all(
            k in TRIGGERS for k in listed):
        raise DataError(f"{where}: a trigger names the card type(s) it answers "
                        f"('card': one or a list of {', '.join(TRIGGERS)}), got {raw!r}")
    assert isinstance(raw, dict)
    for key, value in raw.items():
        if key == "card":
            continue
        allowed = TRIGGERS[listed[0]] if len(listed) == 1 else {}
        if key not in allowed or value not in allowed[key]:
            raise DataError(f"{where}: trigger on {kinds!r} cannot have {key}={value!r}")
    return {**raw, "card": listed}


# ----- goals (#RelationshipGoals) ---------------------------------------------------------
GOAL_KINDS: Final = ("first", "end")
# What a goal measures in a player's zone and play; counters count what the
# player did during the game (they never go down).
COUNTERS: Final = ("obstacles_played", "reactions_played", "obstacles_removed")
MEASURES: Final = ("couples", "perfect", "big_perfect", "preparations", "events", "locations",
            "items", "unattached", "connections", "obstacles", "hand", "zone_vp", *COUNTERS)
NO_LIMIT: Final = 1 << 30


@dataclass(frozen=True)
class Clause:
    """One part of a goal's condition: a measure within bounds, or the most of it."""

    measure: str
    at_least: int = 0
    at_most: int = NO_LIMIT
    most: bool = False

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # compiled, it pickles so (core.pickling)


def check_condition(where: str, raw: Any, kind: str) -> tuple[Clause, ...]:
    """A goal's condition: a non-empty list of clauses, all to be met."""
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{where}: 'condition' must be a non-empty list of clauses")
    clauses = []
    for i, item in enumerate(raw):
        at = f"{where}[{i}]"
        if not isinstance(item, dict) or item.get("measure") not in MEASURES:
            raise DataError(f"{at}: a clause names a 'measure' ({', '.join(MEASURES)})")
        extra = set(item) - {"measure", "at_least", "at_most", "most"}
        if extra:
            raise DataError(f"{at}: a clause has no field {sorted(extra)[0]!r}")
        for key in ("at_least", "at_most"):
            value = item.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise DataError(f"{at}: {key!r} must be a whole number >= 0")
        most = item.get("most", False)
        if most not in (True, False) or (most and kind != "end"):
            raise DataError(f"{at}: 'most' (true) is for Game End goals only")
        if not most and "at_least" not in item and "at_most" not in item:
            raise DataError(f"{at}: give 'at_least', 'at_most' or 'most'")
        clauses.append(Clause(item["measure"], item.get("at_least", 0),
                              item.get("at_most", NO_LIMIT), most))
    return tuple(clauses)
