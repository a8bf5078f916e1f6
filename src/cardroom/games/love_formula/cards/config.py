"""Which cards and rules a game uses, from its options (expansions and promo pack).

Card ints are global (``catalog.CAT``); a game's ``Config`` says which of them
are in it: the Part-Time Jobs dealt from, the main deck, the chance deck, the
goal and VP cards, and the #RelationshipGoals variant. A config is a pure
function of the options and the player count, so a determinized state rebuilds
it from the view's options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardroom.core.errors import BadOption
from cardroom.core.options import Option
from cardroom.games.love_formula.cards.catalog import CAT, GOAL, VPCARD

PROMO_MODES = ("none", "replace", "add")
VARIANTS = ("standard", "equal", "open", "hidden", "planned")
BASE, PROMO = CAT.mask_of_set("base"), CAT.mask_of_set("promo")
CHANCE_CARDS = CAT.mask_of_set("chance")
GOAL_CARDS, VP_CARDS = CAT.mask_of_type(GOAL), CAT.mask_of_type(VPCARD)
FIRST_GOALS = sum(1 << c for c in range(CAT.size) if CAT.goal_kind[c] == "first")
END_GOALS = GOAL_CARDS & ~FIRST_GOALS

OPTIONS = (
    Option("chance", "bool", False, "The Chance expansion: a chance card is revealed "
           "before every round of a play phase."),
    Option("goals", "bool", False, "The #RelationshipGoals expansion: players + 1 goals, "
           "each with a VP card."),
    Option("goals_variant", "str", "standard", "How #RelationshipGoals is played: "
           "standard; equal (every goal worth goal_vp); open (VP cards face up); hidden "
           "(won VP cards stay face down to the end); planned (first_goals and end_goals).",
           choices=VARIANTS),
    Option("goal_vp", "int", 5, "Variant 'equal': what every goal is worth; 0 draws a "
           "random VP card to set it.", min=0, max=20),
    Option("first_goals", "int", None, "Variant 'planned': the number of First goals "
           "(default: players + 1 less end_goals; 4 players: 3).", min=0,
           max=FIRST_GOALS.bit_count()),
    Option("end_goals", "int", None, "Variant 'planned': the number of Game End goals "
           "(default: half of players + 1, rounded down; 4 players: 2).", min=0,
           max=END_GOALS.bit_count()),
    Option("promo", "str", "none", "The promo pack: none; replace (promo Part-Time Jobs, "
           "promo cards instead of their base counterparts, the rest added); add (all "
           "promo cards added, the 8 jobs dealt from together).", choices=PROMO_MODES),
)


@dataclass(frozen=True)
class Config:
    promo: str
    jobs: int  # the Part-Time Jobs dealt from
    deck: int  # every other card of the main deck
    chance: bool
    goals: bool
    variant: str
    goal_vp: int
    first_goals: int  # 'planned' only
    end_goals: int

    @property
    def main(self) -> int:
        return self.jobs | self.deck

    @property
    def universe(self) -> int:
        extra = (CHANCE_CARDS if self.chance else 0) | (
            GOAL_CARDS | VP_CARDS if self.goals else 0)
        return self.main | extra

    @property
    def uses_vp_cards(self) -> bool:
        return self.goals and (self.variant != "equal" or self.goal_vp == 0)


def replaced_by_promo() -> int:
    """R25: the base cards the promo pack's counterparts replace (couples,
    Parks, Valentine's Days), as its data names them."""
    designs = {CAT.replaces[d] for d in range(len(CAT.keys))
               if CAT.design_set[d] == "promo" and CAT.replaces[d] >= 0}
    return sum(1 << c for d in designs for c in CAT.copies[d])


def game_config(options: Mapping[str, Any], players: int) -> Config:
    return _cached_config(bool(options.get("chance")), bool(options.get("goals")),
                   options.get("goals_variant") or "standard", options.get("goal_vp", 5),
                   options.get("first_goals"), options.get("end_goals"),
                   options.get("promo") or "none", players)


@lru_cache(maxsize=256)
def _cached_config(chance: bool, goals: bool, variant: str, goal_vp: int, first: int | None,
            end: int | None, promo: str, players: int) -> Config:
    jobs = {"none": BASE & CAT.jobs, "replace": PROMO & CAT.jobs, "add": CAT.jobs}[promo]
    others = {"none": BASE, "replace": (BASE & ~replaced_by_promo()) | PROMO,
              "add": BASE | PROMO}[promo] & ~CAT.jobs
    first_n, end_n = planned_counts(first, end, players) if variant == "planned" else (0, 0)
    return Config(promo, jobs, others, chance, goals, variant, goal_vp, first_n, end_n)


def planned_counts(first: int | None, end: int | None, players: int) -> tuple[int, int]:
    """The 'planned' numbers of First and Game End goals: what was given, the
    rest up to players + 1 (4 players: 3 and 2)."""
    total = players + 1
    if first is None and end is None:
        end = total // 2
    if first is None:
        assert end is not None
        first = max(0, total - end)
    if end is None:
        end = max(0, total - first)
    return first, end


def check_options(options: Mapping[str, Any], given: Mapping[str, Any], players: int) -> None:
    """Options that only make sense together; BadOption says what is wrong."""
    named = {k for k, v in given.items() if v is not None}
    variant = options["goals_variant"]
    for name in ("goals_variant", "goal_vp", "first_goals", "end_goals"):
        if name in named and not options["goals"]:
            raise BadOption(f"option {name!r} belongs to #RelationshipGoals: "
                            "set 'goals' to true as well")
    if "goal_vp" in named and variant != "equal":
        raise BadOption("option 'goal_vp' is for the 'equal' variant "
                        f"(goals_variant is {variant!r})")
    for name in ("first_goals", "end_goals"):
        if name in named and variant != "planned":
            raise BadOption(f"option {name!r} is for the 'planned' variant "
                            f"(goals_variant is {variant!r})")
    if options["goals"] and variant == "planned":
        first, end = planned_counts(options["first_goals"], options["end_goals"], players)
        vp_cards = VP_CARDS.bit_count()
        if first + end < 1:
            raise BadOption("the 'planned' variant needs at least one goal "
                            "(first_goals + end_goals >= 1)")
        if first + end > vp_cards:
            raise BadOption(f"the 'planned' variant lays out {first} + {end} goals, but "
                            f"there are only {vp_cards} VP cards to put under them")
