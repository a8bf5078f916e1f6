"""Love Formula's log events as sentences for the terminal (no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.events import Viewer
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.render import cardtext, extras
from cardroom.textui import seat_name, seat_title, standings, subject

by_id = CAT.by_id


def describe_event(event: Mapping[str, Any], viewer: Viewer) -> str | None:
    kind = event["type"]
    handler = EVENTS.get(kind)
    return _punctuated(handler(event, viewer)) if handler else None


def _punctuated(sentence: str) -> str:
    """One closing mark, also after a card name that has its own ("Not Today!")."""
    for doubled, single in (("!!", "!"), ("!.", "!"), ("?.", "?")):
        if sentence.endswith(doubled):
            return sentence[:-2] + single
    return sentence


def _who(event: Mapping[str, Any], viewer: Viewer, key: str = "seat") -> str:
    return seat_title(event[key], viewer)


def _name(code: str) -> str:
    return cardtext.name(by_id[code])


def _place(e: Mapping[str, Any], v: Viewer) -> str:
    card = _name(e["card"])
    if "couple" in e:
        return f"{_who(e, v)} attached {card} to {_name(e['couple'])}."
    if e.get("discarded") == e["card"]:
        return f"{_who(e, v)} had no room for {card} and discarded it."
    if "discarded" in e:
        return f"{_who(e, v)} left {card} unattached and discarded {_name(e['discarded'])}."
    return f"{_who(e, v)} left {card} unattached."


EVENTS: dict[str, Any] = {
    "job": lambda e, v: f"Your Part-Time Job is {_name(e['card'])}.",
    "draft": lambda e, v: (f"Draft {e['stage']}: {e['cards_each']} cards each; keep one and "
                           f"pass the rest {e['direction']}."),
    "play": lambda e, v: f"Play phase {e['stage']} begins: 10 rounds.",
    "round": lambda e, v: f"Round {e['round']}: select a card.",
    "reveal": lambda e, v: "Revealed: " + ", ".join(
        f"{seat_name(s, v)} {_name(c)}" for s, c in e["cards"]) + ".",
    "couple": lambda e, v: f"{_who(e, v)} played the couple {_name(e['card'])}.",
    "place": lambda e, v: _place(e, v),
    "attach": lambda e, v: (f"{_who(e, v)} attached {_name(e['card'])} to {_name(e['couple'])} "
                            f"({seat_name(e['owner'], v)})"
                            + (f" with {e['hearts']} hearts." if e["hearts"] else ".")),
    "move": lambda e, v: f"{_who(e, v)} moved {_name(e['card'])}" + (
        f" to {_name(e['couple'])}." if "couple" in e else " off its couple."),
    "drop": lambda e, v: f"{_who(e, v)} discarded the unattached {_name(e['card'])}.",
    "draw": lambda e, v: f"{_who(e, v)} drew {e['count']} card{'s' * (e['count'] != 1)}.",
    "drawn": lambda e, v: f"You drew {', '.join(_name(c) for c in e['cards'])}.",
    "discard": lambda e, v: f"{_who(e, v)} discarded {_name(e['card'])}.",
    "turn": lambda e, v: f"{_who(e, v)} to play {_name(e['card'])}.",
    "extra_move": extras.extra_move,
    "seen": lambda e, v: f"In {seat_name(e['target'], v)}'s hand: "
                         + (", ".join(_name(c) for c in e["cards"]) or "nothing") + ".",
    "react": lambda e, v: f"{_who(e, v)} answered {_name(e['against'])} with {_name(e['card'])}!",
    "cancelled": lambda e, v: f"{_name(e['card'])} is cancelled.",
    "redirect": lambda e, v: f"{_name(e['card'])} goes to {_name(e['couple'])} instead.",
    "intercept": lambda e, v: f"{_who(e, v)} took {_name(e['card'])} onto {_name(e['couple'])}.",
    "target": lambda e, v: f"{subject(e['seat'], v, 'aims', 'aim')} {_name(e['card'])} at "
                           + (_name(e["couple"]) if "couple" in e else seat_name(e["target"], v))
                           + ".",
    "no_target": lambda e, v: f"{_name(e['card'])} finds no couple and is discarded.",
    "look": lambda e, v: f"{subject(e['seat'], v, 'looks', 'look')} at "
                         f"{seat_name(e['target'], v)}'s hand.",
    "steal": lambda e, v: f"{subject(e['seat'], v, 'takes', 'take')} a card from "
                          f"{seat_name(e['from'], v)}'s hand.",
    "stolen": lambda e, v: f"The card taken is {_name(e['card'])}.",
    "take": lambda e, v: f"{subject(e['seat'], v, 'takes', 'take')} {_name(e['card'])} "
                         f"from the {e['from']}.",
    "removed": lambda e, v: f"{_name(e['card'])} is removed from {_name(e['couple'])}.",
    "skipped": lambda e, v: (f"{subject(e['seat'], v, 'takes', 'take')} back "
                             f"{_name(e['card'])} and "
                             f"{'skip' if e['seat'] == v else 'skips'} the turn."),
    "expire": lambda e, v: f"{_name(e['card'])} on {_name(e['couple'])} runs out of hearts.",
    "couple_ends": lambda e, v: f"{_name(e['couple'])} break up: discarded with all attached.",
    "reshuffle": lambda e, v: f"The deck ran out: {e['cards']} discarded cards are shuffled.",
    "round_end": lambda e, v: f"End of round {e['round']}. VP: " + ", ".join(
        f"{seat_name(s, v)} {p}" for s, p in enumerate(e["vp"])) + ".",
    "phase_end": lambda e, v: "Play 1 is over: hands are discarded, Part-Time Jobs kept.",
    "game_end": lambda e, v: f"Game over: {standings(e['ranking'], v)}.",
    **extras.EVENTS,
}
