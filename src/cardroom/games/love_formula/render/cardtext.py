"""Card texts in English, written from the card data (names, effects, VP)."""

from __future__ import annotations

from cardroom.games.love_formula.cards.catalog import (
    ACTION,
    CAT,
    CHANCE,
    CONNECTION,
    COUPLE,
    GOAL,
    OBSTACLE,
    PREP,
    REACTION,
    VPCARD,
)
from cardroom.games.love_formula.cards.vocabulary import TABLE_WIDE, Clause, Op
from cardroom.textui import paint

TYPE_WORDS = ("preparation", "couple", "obstacle", "connection", "action", "reaction",
              "chance", "goal", "VP card")
COLOURS = {"event": "yellow", "location": "green", "item": "cyan", COUPLE: "magenta",
           OBSTACLE: "red", CONNECTION: "blue", ACTION: "orange", REACTION: "violet",
           CHANCE: "yellow", GOAL: "magenta", VPCARD: "bold"}


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


def short(card: int, color: bool) -> str:
    """A card with its rules text, without type and priority (chance, goals)."""
    return f"{label(card, color)}: {effect(card)}"


def article(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def op_text(op: Op, chance: bool = False) -> str:
    n = op.n
    cards = f"{n} card{'s' if n != 1 else ''}"
    words = {
        "draw": f"draw {cards}",
        "discard": f"discard {cards}" if op.who == "you"
        else f"the couple's owner discards {cards}",
        "take_discarded": f"take {article(op.card_type or 'card')} from the discard pile",
        "steal_hand": "look at the opponent's hand and take a card from it",
        "take_loose": "take an unattached preparation from an opponent's zone",
        "place": "place it in your zone",
        "remove_obstacle": ("discard every obstacle on " if op.every else "remove an obstacle "
                            "from ") + ("this couple" if op.scope == "this_couple"
                                        else "your couples" if op.every
                                        else "one of your couples"),
        "discard_attached": "discard a preparation attached to the couple",
        "take_attached": "take a preparation attached to the couple into your hand",
        "extra_move": ("make one more preparation move" if n == 1
                       else f"make {n} more preparation moves")
        + (" on your turn this round" if chance else " this turn"),
        "skip_turn": "the opponent takes back their card and skips this turn",
        "end_couple": "the couple ends: it is discarded with all attached to it",
        "cancel": "cancel it (it is discarded without effect)",
        "redirect": "it goes on a couple of its player's instead",
        "intercept": "it comes into your zone, attached to your couple that needs it",
        "wipe_date": "wipe out the date of an opponent's couple: every preparation "
                     "attached to it is discarded",
        "score_vp": f"score {n} VP",
        "remove_hearts": f"every card with heart tokens loses {n} (as at the end of a round)",
        "add_hearts": f"every card with heart tokens gets {n} more",
        "round_rule": RULE_WORDS.get(op.rule, op.rule),
    }
    text = words.get(op.name, op.name)
    if op.else_program >= 0:
        text += "; if there is none, " + program_text(op.else_program, chance)
    return text


RULE_WORDS = {"reverse_priority": "this round, turns go from the lowest priority up",
              "no_reactions": "no reaction may be played this round"}


def program_text(program: int, chance: bool = False, skip: int = 0) -> str:
    ops = [op for op in CAT.programs[program][skip:] if op.name not in ("enter", "attach")]
    if not ops:
        return ""
    return ", then ".join(op_text(op, chance) for op in ops)


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
        return prep_text(card)
    if kind in EXTRA_TEXT:
        return EXTRA_TEXT[kind](card)
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
    if CAT.type[card] > REACTION:  # chance, goal and VP cards have no priority
        return f"{label(card, color)} [{kind_word(card)}]: {effect(card)}"
    return f"{label(card, color)} [{kind_word(card)} {priority(card)}]: {effect(card)}"


def prep_text(card: int) -> str:
    text = f"{CAT.subtype[card]}; 1 VP in your zone"
    if CAT.joker[card]:
        text += "; joker: attaches to any couple of yours (one joker per couple)"
        if CAT.statics[card]:
            text += f", which then scores {static_text(card)}"
    body = program_text(CAT.program[card], skip=1)  # after the placing every one has
    if body:
        text += f"; when played: {body}"
    if CAT.match[card] != CAT.design[card]:
        text += f" (a promo printing: counts as {design_name(CAT.match[card])})"
    return text


def chance_text(card: int) -> str:
    body = program_text(CAT.program[card], chance=True)
    if all(op.name in TABLE_WIDE for op in CAT.programs[CAT.program[card]]):
        return body[0].upper() + body[1:]  # the table itself, not the players
    return f"{'You' if CAT.who[card] == 'you' else 'All players'}: {body}"


MEASURE_WORDS = {  # (one, many)
    "couples": ("couple", "couples"), "perfect": ("perfect date", "perfect dates"),
    "big_perfect": ("perfect date of three preparations",
                    "perfect dates of three preparations"),
    "preparations": ("preparation in the zone", "preparations in the zone"),
    "events": ("event in the zone", "events in the zone"),
    "locations": ("location in the zone", "locations in the zone"),
    "items": ("item in the zone", "items in the zone"),
    "unattached": ("unattached preparation", "unattached preparations"),
    "connections": ("connection", "connections"),
    "obstacles": ("obstacle on their couples", "obstacles on their couples"),
    "hand": ("card in hand", "cards in hand"), "zone_vp": ("VP in the zone", "VP in the zone"),
    "obstacles_played": ("obstacle played on an opponent's couple",
                         "obstacles played on opponents' couples"),
    "reactions_played": ("reaction played", "reactions played"),
    "obstacles_removed": ("obstacle removed from their couples",
                          "obstacles removed from their couples")}


def clause_text(c: Clause) -> str:
    one, many = MEASURE_WORDS[c.measure]
    if c.most:
        return f"the most {many} (at least 1; ties share)"
    if c.at_most == 0:
        return f"no {many}"
    n = c.at_least or c.at_most
    return f"{'at least' if c.at_least else 'at most'} {n} {one if n == 1 else many}"


def goal_text(card: int) -> str:
    kind = "First: the first player to have" if CAT.goal_kind[card] == "first" \
        else "Game End: every player with"
    return f"{kind} " + " and ".join(clause_text(c) for c in CAT.condition[card])


def vp_text(card: int) -> str:
    return f"{CAT.points[card]} VP"


EXTRA_TEXT = {CHANCE: chance_text, GOAL: goal_text, VPCARD: vp_text}
