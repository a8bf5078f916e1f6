"""A search's answer to "why this move": its top few root moves, the chosen
one first, with the share of the search's visits each got and its mean
reward (0 to 1, higher is better for the searching seat)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.search.ismcts import Node

TOP = 3
"""How many moves a hint lists: enough to compare, few enough to read."""


def top_moves(children: Mapping[int, Node], by_action: Mapping[int, str], chosen: int,
              top: int = TOP) -> list[dict[str, Any]]:
    """The chosen move, then the most visited others (ties: higher mean)."""
    total = sum(node.visits for node in children.values()) or 1

    def entry(action: int) -> dict[str, Any]:
        node = children.get(action)
        visits = node.visits if node is not None else 0
        value = node.total / visits if node is not None and visits else None
        return {"action": by_action[action], "share": round(visits / total, 3),
                "value": None if value is None else round(value, 3)}

    others = sorted((a for a in children if a != chosen and a in by_action),
                    key=lambda a: (-children[a].visits, -_mean(children[a])))
    return [entry(a) for a in [chosen, *others][:top]]


def _mean(node: Node) -> float:
    return node.total / node.visits if node.visits else 0.0


def single(action: str) -> list[dict[str, Any]]:
    """The explanation of a forced move: the only legal one."""
    return [{"action": action, "share": 1.0, "value": None}]


def describe(top: Sequence[Mapping[str, Any]], label: Any = str) -> str:
    """``a 62% · b 25% · c 13%``: a hint's moves for a person (``label``
    turns an action into what the person reads)."""
    return " · ".join(f"{label(m['action'])} {round(100 * float(m['share']))}%" for m in top)
