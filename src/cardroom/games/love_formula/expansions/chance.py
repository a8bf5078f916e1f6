"""The Chance expansion: a chance deck, a card revealed before every round of a
play phase, and the round effects some cards have.

D6: seat 0 reveals the first chance card, or the seat the table chose (option
``first_revealer``); then the player to the left of the previous revealer.
"You" on a card is the revealer; "all players" is everyone, one player at a
time clockwise from the revealer (R14), and an effect on the
table itself (heart tokens, a rule for the round) happens once. The card stays
face up for its round (R15), then goes to the chance discard pile. After Play 1
the chance deck and discard pile are shuffled together (random source
``chance``). Chance cards do nothing during drafts: they are only revealed in
play phases.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from cardroom.core.cardset import cards_of
from cardroom.core.events import Viewer
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.cards.config import CHANCE_CARDS
from cardroom.games.love_formula.cards.shuffle import arrange
from cardroom.games.love_formula.cards.vocabulary import ROUND_RULES
from cardroom.games.love_formula.fields import (
    CHANCE_FRAME,
    NO_REACTIONS,
    REVERSE,
    Frame,
    LoveFields,
)
from cardroom.games.love_formula.viewtypes import Chance, RefereeChance

C = TypeVar("C", bound=Chance)

ids = CAT.ids
RULE_BITS: Final = dict(zip(ROUND_RULES, (REVERSE, NO_REACTIONS), strict=True))


def clear(s: LoveFields) -> None:
    """No chance deck yet, no round effects (also with the expansion off)."""
    s.chance_deck, s.chance_discard, s.chance_card, s.revealer = [], [], -1, -1
    s.round_rules, s.extra_moves, s.chance_vp = 0, [0] * s.players, [0] * s.players


def setup(s: LoveFields) -> None:
    s.chance_deck = arrange(s.rng, cards_of(CHANCE_CARDS), "chance")[::-1]


def reveal(s: LoveFields) -> None:
    """The next revealer turns up the top chance card; its effect is pushed as
    frames, one per player it is for (the rules then run them)."""
    n = s.players
    s.round_rules, s.extra_moves = 0, [0] * n
    if not s.chance_deck:  # cannot happen with 28 cards and 10 rounds; kept safe
        reshuffle(s)
    card = s.chance_deck.pop()
    first = s.config.first_revealer
    s.revealer = first if s.revealer < 0 else (s.revealer + 1) % n  # D6
    s.chance_card = card
    if s.record_events:
        s.log.append({"type": "chance", "seat": s.revealer, "card": ids[card],
                      "who": CAT.who[card], "round": s.round})
    seats = [s.revealer] if CAT.who[card] == "you" else [(s.revealer + i) % n for i in range(n)]
    for seat in reversed(seats):  # the last pushed runs first
        s.frames.append(Frame(card, seat, CAT.program[card], -1, CHANCE_FRAME))


def end_round(s: LoveFields) -> None:
    """The round's chance card goes to the chance discard pile; its effects end."""
    if s.chance_card >= 0:
        s.chance_discard.append(s.chance_card)
        s.chance_card = -1
    s.round_rules, s.extra_moves = 0, [0] * s.players


def reshuffle(s: LoveFields) -> None:
    """The chance deck and its discard pile shuffled together into a new deck."""
    pool = sorted(s.chance_deck + s.chance_discard)
    s.chance_discard = []
    s.chance_deck = arrange(s.rng, pool, "chance")[::-1]
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "chance_reshuffle", "cards": len(pool)})


# ----- round effects and chance VP --------------------------------------------------------
def extra_moves(s: LoveFields, seat: int, n: int) -> None:
    """R15: more preparation moves on the player's turn of this round."""
    s.extra_moves[seat] += n
    if s.record_events:
        s.log.append({"type": "extra_move", "seat": seat, "moves": 1 + s.extra_moves[seat],
                      "this_round": True})


def score_vp(s: LoveFields, seat: int, n: int) -> None:
    """R17: VP scored at once, public, kept to the end."""
    s.chance_vp[seat] += n
    s.goal_changes += 1
    if s.record_events:
        s.log.append({"type": "score_vp", "seat": seat, "vp": n})


def add_round_rule(s: LoveFields, rule: str) -> None:
    s.round_rules |= RULE_BITS[rule]
    if s.record_events:
        s.log.append({"type": "round_rule", "rule": rule})


# ----- views ------------------------------------------------------------------------------
def rule_names(rules: int) -> list[str]:
    return [name for name, bit in RULE_BITS.items() if rules & bit]


def view(s: LoveFields, seat: Viewer) -> Chance:
    """The chance cards as ``seat`` sees them; the referee's adds the deck."""
    if seat is None:
        return _chance(s, RefereeChance, deck=tuple(ids[c] for c in reversed(s.chance_deck)))
    return _chance(s, Chance)


def _chance(s: LoveFields, part: type[C], **more: Any) -> C:
    return part(
        card=ids[s.chance_card] if s.chance_card >= 0 else None,
        revealer=s.revealer if s.revealer >= 0 else None,
        deck_size=len(s.chance_deck), discard=tuple(ids[c] for c in s.chance_discard),
        rules=tuple(rule_names(s.round_rules)), extra_moves=tuple(s.extra_moves),
        vp=tuple(s.chance_vp), **more)
