"""Scoring a deal: place points plus or minus the contract (partnership),
place points plus the chosen layout or the contract (individual); the
scores, result and standing of a state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardroom.core.game import Result, rank
from cardroom.games.muzicando.cards import (
    LAYOUT_VALUE,
    PARTNERSHIP,
    STUCK_POINTS,
    contract_value,
)
from cardroom.games.muzicando.fields import PARTNERSHIP_MODE, MuzicandoFields
from cardroom.games.muzicando.rules.seats import TEAMS, team_of


def place_points(places: list[int], stuck: int, players: int, partnership: bool) -> list[int]:
    """Per seat: 4, 3, 2, 1 in the partnership game, players .. 1 in the
    individual game; a stuck last player gets nothing."""
    table: list[int] = (PARTNERSHIP["place_points"] if partnership
                        else list(range(players, 0, -1)))
    points = [0] * players
    for place, seat in enumerate(places):
        points[seat] = STUCK_POINTS if seat == stuck else table[place]
    return points


def contract_points(contract: int, made: bool) -> int:
    """The declaring side adds the contract value if made, else loses it."""
    value = contract_value(contract)
    return value if made else -value


def contract_bonus(side: list[int], contract: int, made: bool, players: int) -> list[int]:
    """Per seat: the contract's points for each seat of the declaring side."""
    bonus = [0] * players
    for seat in side:
        bonus[seat] = contract_points(contract, made)
    return bonus


def chooser_bonus(chooser: int, layout: int, players: int) -> list[int]:
    """D13: the chooser adds the chosen layout's value."""
    bonus = [0] * players
    bonus[chooser] = LAYOUT_VALUE[layout]
    return bonus


def team_points(per_seat: list[int]) -> list[int]:
    """North-South's and East-West's sums of ``per_seat``."""
    return [sum(per_seat[s] for s in team) for team in TEAMS]


def team_totals(per_seat: Sequence[int]) -> list[int]:
    """Each team's score, North-South first: both partners carry it."""
    return [per_seat[team[0]] for team in TEAMS]


def team_deal(places: list[int], first: int, contract: int,
              declarer: int) -> tuple[list[int], dict[str, Any]]:
    """A played partnership deal: each seat's points (its team's place points
    plus or minus the contract) and what its record adds."""
    made = team_of(first) == team_of(declarer)
    teams = team_points(places)
    teams[team_of(declarer)] += contract_points(contract, made)
    return [teams[team_of(x)] for x in range(len(places))], {"made": made, "team_points": teams}


def individual_deal(places: list[int], first: int, contract: int, declarer: int,
                    chooser: int, layout: int) -> tuple[list[int], dict[str, Any]]:
    """A played individual deal: each seat's points (place points plus the
    contract, D14, or the chosen layout's value, D13) and what its record adds."""
    n = len(places)
    if contract >= 0:
        made = first == declarer
        extra = contract_bonus([declarer], contract, made, n)
        detail: dict[str, Any] = {"made": made}
    else:
        extra, detail = chooser_bonus(chooser, layout, n), {}
    return [p + e for p, e in zip(places, extra, strict=True)], detail


def penalty(side: list[int], amount: int, players: int) -> list[int]:
    """D9: a failed opening cancels the deal and costs the declaring side."""
    points = [0] * players
    for seat in side:
        points[seat] = -amount
    return points


# ----- the state's results -----------------------------------------------------
def copy_result(r: dict[str, Any]) -> dict[str, Any]:
    return {k: v[:] if isinstance(v, list) else v for k, v in r.items()}


def scores(s: MuzicandoFields) -> list[Any]:
    return s.totals[:]


def result(s: MuzicandoFields) -> Result:
    out = standing(s)
    out.detail["deals"] = [copy_result(r) for r in s.results]
    out.detail["mode"] = s.mode
    if s.mode == PARTNERSHIP_MODE:
        out.detail["team_scores"] = team_totals(s.totals)
    return out


# The search horizon (cardroom.search.reward): a playout may stop when a
# deal is scored or cancelled (D9) and stand on the totals so far.
def rounds_completed(s: MuzicandoFields) -> int:
    return len(s.results)


def standing(s: MuzicandoFields) -> Result:
    return Result(rank(s.totals, True), s.totals[:])
