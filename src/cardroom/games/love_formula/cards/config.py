"""Which cards and rules a game uses, from its options (expansions and promo pack).

Card ints are global (``catalog.CAT``); a game's ``Config`` says which of them
are in it: the Part-Time Jobs dealt from, the main deck (both from the promo
pack's choices, ``promo``), the chance deck and its first revealer (D6), the
goal and VP cards, the #RelationshipGoals variant and the goals the table
named (D7). A config is a pure function of the options and the player count,
so a determinized state rebuilds it from the view's options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from cardroom.core.errors import BadOption
from cardroom.core.options import Option
from cardroom.core.pickling import by_fields
from cardroom.games.love_formula.cards import promo
from cardroom.games.love_formula.cards.catalog import CAT, GOAL, VPCARD

PROMO_MODES: Final = tuple(promo.SHORTHAND)
VARIANTS: Final = ("standard", "equal", "open", "hidden", "planned")
CHANCE_CARDS: Final = CAT.mask_of_set("chance")
GOAL_CARDS: Final = CAT.mask_of_type(GOAL)
VP_CARDS: Final = CAT.mask_of_type(VPCARD)
FIRST_GOALS: Final = sum(1 << c for c in range(CAT.size) if CAT.goal_kind[c] == "first")
END_GOALS: Final = GOAL_CARDS & ~FIRST_GOALS


def check_seat(value: int, players: int) -> str | None:
    """D6: the first revealer is a seat of this game."""
    if value < players:
        return None
    return (f"seat {value} is not at the table: a {players}-player game has seats "
            f"0 to {players - 1}")


def check_goal_cards(value: Any, players: int) -> str | None:
    """D7: goal card ids, each once (the option's type makes it a list)."""
    seen: set[str] = set()
    for item in value:
        card = CAT.by_id.get(item) if isinstance(item, str) else None
        if card is None:
            return f"{item!r} is not a card id of Love Formula"
        if not GOAL_CARDS >> card & 1:
            what = "a VP card" if VP_CARDS >> card & 1 else "no goal card"
            return f"{item} is {what}; name goal cards such as cupid or first-date"
        if item in seen:
            return f"{item} is named twice"
        seen.add(item)
    return None


PRINTING_MODES: Final = {part: promo.copy_modes(key) for part, key in promo.PRINTINGS.items()}

OPTIONS: Final = (
    Option("chance", "bool", False, "The Chance expansion: a chance card is revealed "
           "before every round of a play phase."),
    Option("first_revealer", "int", 0, "Chance: the seat that reveals the first chance "
           "card (the table decides; seat 0 by default); then the player to the left of "
           "the previous revealer.", min=0, check=check_seat),
    Option("goals", "bool", False, "The #RelationshipGoals expansion: players + 1 goals, "
           "each with a VP card."),
    Option("goals_variant", "str", "standard", "How #RelationshipGoals is played: "
           "standard; equal (every goal worth goal_vp); open (VP cards face up); hidden "
           "(won VP cards stay face down to the end); planned (first_goals and end_goals, "
           "goal_cards).", choices=VARIANTS),
    Option("goal_vp", "int", 5, "Variant 'equal': what every goal is worth; 0 draws a "
           "random VP card to set it.", min=0, max=20),
    Option("first_goals", "int", None, "Variant 'planned': the number of First goals "
           "(default: players + 1 less end_goals; 4 players: 3).", min=0,
           max=FIRST_GOALS.bit_count()),
    Option("end_goals", "int", None, "Variant 'planned': the number of Game End goals "
           "(default: half of players + 1, rounded down; 4 players: 2).", min=0,
           max=END_GOALS.bit_count()),
    Option("goal_cards", "list", None, "Variant 'planned': goal card ids the table lays "
           "out, e.g. [\"cupid\", \"first-date\"]; at most first_goals First and "
           "end_goals Game End goals; the places left are drawn at random.",
           check=check_goal_cards),
    Option("promo", "str", "none", "The promo pack, shorthand for the five promo_* "
           "options: none (all out); replace (promo Part-Time Jobs, promo couples, Parks "
           "and Valentine's Days instead of their base counterparts, the others added); "
           "add (all promo cards added, the 8 jobs dealt from together). A promo_* option "
           "given overrides its part.", choices=PROMO_MODES),
    Option("promo_jobs", "str", None, "Promo pack: the Part-Time Jobs dealt from: "
           "base (the 4 base jobs), promo (the 4 promo jobs), mixed (all 8 shuffled) "
           "(default: from promo).", choices=tuple(promo.JOB_POOLS)),
    Option("promo_couples", "str", None, "Promo pack: the 4 promo couples: out, add "
           "(with the base couples), replace (instead of the 4 base couples with the same "
           "requirements) (default: from promo).", choices=promo.COUPLE_MODES),
    Option("promo_parks", "str", None, "Promo pack: the 3 promo Parks: out, add, or "
           "replace-1/2/3 (that many base Parks swapped one for one) (default: from "
           "promo).", choices=PRINTING_MODES["promo_parks"]),
    Option("promo_valentines", "str", None, "Promo pack: the 6 promo Valentine's Days "
           "(2 sets of 3): out, add (all 6), or replace-1/2/3 (that many base copies swapped "
           "one for one for cards of the first set; the second set is added) (default: from "
           "promo).",
           choices=PRINTING_MODES["promo_valentines"]),
    Option("promo_others", "str", None, "Promo pack: the other promo cards (5 joker "
           "preparations, 2 obstacles): out or add (default: from promo).",
           choices=promo.OTHER_MODES),
)


@dataclass(frozen=True)
class Config:
    parts: tuple[str, ...]  # the promo pack's choices, in promo.PARTS order (D8)
    jobs: int  # the Part-Time Jobs dealt from
    deck: int  # every other card of the main deck
    chance: bool
    first_revealer: int  # D6
    goals: bool
    variant: str
    goal_vp: int
    first_goals: int  # 'planned' only
    end_goals: int
    goal_cards: tuple[int, ...]  # 'planned': the goals the table named (D7)

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

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_fields(self)  # compiled, it pickles so (core.pickling)


def game_config(options: Mapping[str, Any], players: int) -> Config:
    named = tuple(CAT.by_id[g] for g in options.get("goal_cards") or ())
    return _cached_config(bool(options.get("chance")), options.get("first_revealer") or 0,
                          bool(options.get("goals")), options.get("goals_variant") or "standard",
                          options.get("goal_vp", 5), options.get("first_goals"),
                          options.get("end_goals"), named, promo.choices(options), players)


@lru_cache(maxsize=256)
def _cached_config(chance: bool, first_revealer: int, goals: bool, variant: str, goal_vp: int,
                   first: int | None, end: int | None, named: tuple[int, ...],
                   parts: tuple[str, ...], players: int) -> Config:
    jobs, deck = promo.cards(parts)
    planned = variant == "planned"
    first_n, end_n = planned_counts(first, end, players) if planned else (0, 0)
    return Config(parts, jobs, deck, chance, first_revealer, goals, variant, goal_vp,
                  first_n, end_n, named if planned else ())


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
    if "first_revealer" in named and not options["chance"]:
        raise BadOption("option 'first_revealer' belongs to the Chance expansion: "
                        "set 'chance' to true as well")
    for name in ("goals_variant", "goal_vp", "first_goals", "end_goals", "goal_cards"):
        if name in named and not options["goals"]:
            raise BadOption(f"option {name!r} belongs to #RelationshipGoals: "
                            "set 'goals' to true as well")
    if "goal_vp" in named and variant != "equal":
        raise BadOption("option 'goal_vp' is for the 'equal' variant "
                        f"(goals_variant is {variant!r})")
    for name in ("first_goals", "end_goals", "goal_cards"):
        if name in named and variant != "planned":
            raise BadOption(f"option {name!r} is for the 'planned' variant "
                            f"(goals_variant is {variant!r})")
    if options["goals"] and variant == "planned":
        check_planned(options, players)
    for problem in promo.problems(promo.choices(options), players):
        raise BadOption(f"the promo pack: {problem}")


def check_planned(options: Mapping[str, Any], players: int) -> None:
    first, end = planned_counts(options["first_goals"], options["end_goals"], players)
    vp_cards = VP_CARDS.bit_count()
    if first + end < 1:
        raise BadOption("the 'planned' variant needs at least one goal "
                        "(first_goals + end_goals >= 1)")
    if first + end > vp_cards:
        raise BadOption(f"the 'planned' variant lays out {first} + {end} goals, but "
                        f"there are only {vp_cards} VP cards to put under them")
    goal_cards = [CAT.by_id[g] for g in options["goal_cards"] or ()]
    for kind, option, room in (("first", "first_goals", first), ("end", "end_goals", end)):
        chosen = [CAT.ids[g] for g in goal_cards if CAT.goal_kind[g] == kind]
        if len(chosen) > room:
            words = "First" if kind == "first" else "Game End"
            raise BadOption(f"option 'goal_cards' names {len(chosen)} {words} goals "
                            f"({', '.join(chosen)}) but the planned row holds {room} "
                            f"(set {option!r} to {len(chosen)} or more)")
