"""Stacked outcomes of the random sources, checked against the game's options.

``jobs``: one Part-Time Job id per seat. ``deck``, ``chance``, ``goals``, ``vp``:
a card order, top first, that may name only the top cards (R10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.errors import BadOption
from cardroom.games.love_formula.cards import promo
from cardroom.games.love_formula.cards.catalog import CAT, CHANCE, GOAL, VPCARD
from cardroom.games.love_formula.cards.config import (
    CHANCE_CARDS,
    GOAL_CARDS,
    VP_CARDS,
    game_config,
)

KIND_WORDS = {CHANCE: "a chance card", GOAL: "a goal card", VPCARD: "a VP card"}


def convert(source: str, entry: Any, where: str, players: int,
            options: Mapping[str, Any]) -> list[int]:
    config = game_config(options, players)
    if source == "jobs":
        return convert_jobs(entry, players, where, config.jobs, config.parts[0])
    if source == "deck":
        return convert_deck(entry, where, config.deck, config.parts)
    if source == "chance" and not config.chance:
        raise BadOption(f"{where}: the Chance expansion is off (set 'chance' to true)")
    if source in ("goals", "vp") and not config.goals:
        raise BadOption(f"{where}: #RelationshipGoals is off (set 'goals' to true)")
    if source == "vp" and not config.uses_vp_cards:
        raise BadOption(f"{where}: the 'equal' variant with goal_vp {config.goal_vp} uses no "
                        "VP cards (goal_vp 0 draws one)")
    allowed = {"chance": CHANCE_CARDS, "goals": GOAL_CARDS, "vp": VP_CARDS}[source]
    what = {"chance": "chance card", "goals": "goal card", "vp": "VP card"}[source]
    cards = card_ints(entry, where)
    for card in cards:
        if not allowed >> card & 1:
            raise BadOption(f"{where}: {CAT.ids[card]} is not a {what}")
    return cards


def card_ints(entry: Any, where: str) -> list[int]:
    if not isinstance(entry, list):
        raise BadOption(f"{where}: expected a list of card ids")
    cards = []
    for item in entry:
        card = CAT.by_id.get(item) if isinstance(item, str) else None
        if card is None:
            raise BadOption(f"{where}: {item!r} is not a card id of Love Formula")
        if card in cards:
            raise BadOption(f"{where}: {item} is listed twice")
        cards.append(card)
    return cards


def convert_jobs(entry: Any, players: int, where: str, pool: int, pool_name: str) -> list[int]:
    cards = card_ints(entry, where)
    if len(cards) != players:
        raise BadOption(f"{where}: give one Part-Time Job per seat ({players}), seat 0 first")
    for card in cards:
        if not CAT.jobs >> card & 1:
            raise BadOption(f"{where}: {CAT.ids[card]} is not a Part-Time Job")
        if not pool >> card & 1:
            raise BadOption(f"{where}: {CAT.ids[card]} is not dealt in this game "
                            f"(promo_jobs is {pool_name!r}; 'base' deals the base jobs, "
                            "'promo' the promo jobs, 'mixed' all eight)")
    return cards


def convert_deck(entry: Any, where: str, deck: int, parts: tuple[str, ...]) -> list[int]:
    cards = card_ints(entry, where)
    for card in cards:
        card_id = CAT.ids[card]
        if CAT.jobs >> card & 1:
            raise BadOption(f"{where}: {card_id} is a Part-Time Job; jobs are dealt "
                            "from the 'jobs' source, never shuffled into the deck")
        if CAT.type[card] in KIND_WORDS:
            raise BadOption(f"{where}: {card_id} is {KIND_WORDS[CAT.type[card]]}, never in "
                            "the main deck")
        if not deck >> card & 1:
            why = promo.why_not_in(card, parts)
            raise BadOption(f"{where}: {card_id} is not in this game's deck ({why})")
    return cards
