"""Card texts in English, written from the card data (names, effects, VP)."""

from __future__ import annotations

from cardroom.games.love_formula.cards import (
    ACTION,
    CAT,
    CONNECTION,
    COUPLE,
    OBSTACLE,
    PREP,
    REACTION,
)
from cardroom.games.love_formula.effects import Op
from cardroom.textui import paint

TYPE_WORDS = ("preparation", "couple", "obstacle", "connection", "action", "reaction")
COLOURS = {"event": "yellow", "location": "green", "item": "cyan", COUPLE: "magenta",
           OBSTACLE: "red", CONNECTION: "blue", ACTION: "orange", REACTION: "violet"}


def name(card: int) -> str:
    return CAT.name_en[CAT.design[card]]


def design_name(design: int) -> str:
    return CAT.name_en[design]


def colour(card: int) -> str:
    kind = CAT.type[card]
    return COLOURS[CAT.subtype[card]] if kind == PREP else COLOURS[kind]


def label(card: int, color: bool) -> str:
    return paint(name(card), colour(card), color)


def kind_word(card: int) -> str:
    if CAT.jobs >> card & 1:
        return "part-time job"
    sub = CAT.subtype[card]
    return f"{TYPE_WORDS[CAT.type[card]]}" + (f", {sub}" if sub else "")


def priority(card: int) -> str:
    main, secondary = CAT.priority[card]
    return f"{main}/{secondary}"


def op_text(op: Op) -> str:
    n = op.n
    cards = f"{n} card{'s' if n != 1 else ''}"
    words = {
        "draw": f"draw {cards}",
        "discard": f"discard {cards}" if op.who == "you"
        else f"the couple's owner discards {cards}",
        "take_discarded": f"take {'a ' + op.ctype if op.ctype else 'a card'} "
                          "from the discard pile",
        "steal_hand": "look at the opponent's hand and take a card from it",
        "take_loose": "take an unattached preparation from an opponent's zone",
        "place": "place it in your zone",
        "remove_obstacle": ("discard every obstacle on " if op.every else "remove an obstacle "
                            "from ") + ("this couple" if op.scope == "this_couple"
                                        else "your couples" if op.every
                                        else "one of your couples"),
        "discard_attached": "discard a preparation attached to the couple",
        "take_attached": "take a preparation attached to the couple into your hand",
        "extra_move": "make one more preparation move this turn",
        "skip_turn": "the opponent takes back their card and skips this turn",
        "end_couple": "the couple ends: it is discarded with all attached to it",
        "cancel": "cancel it (it is discarded without effect)",
        "redirect": "it goes on a couple of its player's instead",
        "intercept": "it comes into your zone, attached to your couple that needs it",
    }
    text = words.get(op.name, op.name)
    if op.orelse >= 0:
        text += "; if there is none, " + program_text(op.orelse)
    return text


def program_text(program: int) -> str:
    ops = [op for op in CAT.programs[program] if op.name not in ("enter", "attach")]
    if not ops:
        return ""
    return ", then ".join(op_text(op) for op in ops)


STATIC_WORDS = {"lock": "no preparation can be attached to it",
                "no_perfect": "it scores as an incomplete date",
                "protect": "opponents' obstacles cannot be attached to it"}


def static_text(card: int) -> str:
    parts = []
    for key, value in CAT.statics[card].items():
        parts.append(f"{value:+d} VP" if key == "vp" else STATIC_WORDS[key])
    return "; ".join(parts)


def target_text(card: int) -> str:
    return {"opponent": "Choose an opponent: ",
            "waiting_opponent": "Choose an opponent whose turn is still to come this "
                                "round: "}.get(CAT.target[card], "")


def trigger_text(card: int) -> str:
    t = CAT.trigger[card]
    if t.get("target") == "your_couple":
        return "When an opponent plays an obstacle on your couple: "
    if t.get("needed_by") == "your_couple":
        return "When an opponent plays a preparation one of your couples needs: "
    words = {"action": "action (not a Part-Time Job)", "part-time-job": "Part-Time Job"}
    kinds = " or ".join(("an " if k[0] in "aeiou" else "a ") + words.get(k, k)
                        for k in t["card"])
    return f"When an opponent plays {kinds}: "


def effect(card: int) -> str:
    """The card's rules text."""
    kind = CAT.type[card]
    if kind == PREP:
        return f"{CAT.subtype[card]}; 1 VP in your zone"
    if kind == COUPLE:
        needs = ", ".join(design_name(d) for d in CAT.requires[card])
        return (f"needs {needs}; {CAT.vp_incomplete[card]} VP incomplete, "
                f"{CAT.vp_perfect[card]} VP perfect")
    if kind in (OBSTACLE, CONNECTION):
        return attached_text(card)
    body = program_text(CAT.program[card])
    if kind == REACTION:
        return trigger_text(card) + body
    return target_text(card) + body + (" (returns to your hand)" if CAT.jobs >> card & 1 else "")


def attached_text(card: int) -> str:
    kind = CAT.type[card]
    where = "an opponent's couple" if kind == OBSTACLE else "your couple"
    parts = [f"attach to {where}"]
    on_play = program_text(CAT.program[card])
    if on_play:
        parts.append(on_play)
    statics = static_text(card)
    hearts = CAT.hearts[card]
    if statics:
        parts.append(("while attached: " if not hearts else f"for {hearts} rounds: ") + statics)
    if hearts:
        expiry = program_text(CAT.expire[card]) if CAT.expire[card] >= 0 else ""
        parts.append(f"{hearts} hearts" + (f"; when the last goes, {expiry}" if expiry else ""))
    return "; ".join(parts)


def full(card: int, color: bool) -> str:
    return f"{label(card, color)} [{kind_word(card)} {priority(card)}]: {effect(card)}"
