"""The Chance expansion: a chance deck, a card revealed before every round of a
play phase, and the round effects some cards have.

D6: seat 0 reveals the first chance card; then the player to the left of the
previous revealer. "You" on a card is the revealer; "all players" is everyone,
one player at a time clockwise from the revealer (R14), and an effect on the
table itself (heart tokens, a rule for the round) happens once. The card stays
face up for its round (R15), then goes to the chance discard pile. After Play 1
the chance deck and discard pile are shuffled together (random source
``chance``). Chance cards do nothing during drafts: they are only revealed in
play phases.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.core.events import Viewer
from cardroom.games.love_formula import shuffles
from cardroom.games.love_formula.cards import CAT
from cardroom.games.love_formula.config import CHANCE_CARDS
from cardroom.games.love_formula.effects import ROUND_RULES
from cardroom.games.love_formula.steps import CHANCE, FRAMES, cards_of

if TYPE_CHECKING:
    from cardroom.games.love_formula.state import LoveState

ids = CAT.ids
REVERSE, NO_REACTIONS = 1, 2  # round rules, as bits of ``LoveState.rules``
RULE_BITS = dict(zip(ROUND_RULES, (REVERSE, NO_REACTIONS), strict=True))


def setup(s: LoveState) -> None:
    s.chance_deck = shuffles.arrange(s.rng, cards_of(CHANCE_CARDS), "chance")[::-1]


def reveal(s: LoveState) -> None:
    """The next revealer turns up the top chance card; its effect runs as frames."""
    if not s.chance_deck:  # cannot happen with 28 cards and 10 rounds; kept safe
        reshuffle(s)
    card = s.chance_deck.pop()
    n = s.players
    s.revealer = 0 if s.revealer < 0 else (s.revealer + 1) % n  # D6
    s.chance_card = card
    s.log.append({"type": "chance", "seat": s.revealer, "card": ids[card],
                  "who": CAT.who[card], "round": s.round})
    seats = [s.revealer] if CAT.who[card] == "you" else [(s.revealer + i) % n for i in range(n)]
    for seat in reversed(seats):  # the last pushed runs first
        s.frames.append([card, seat, CAT.program[card], 0, -1, -1, CHANCE])
    s.step = FRAMES


def end_round(s: LoveState) -> None:
    if s.chance_card >= 0:
        s.chance_discard.append(s.chance_card)
        s.chance_card = -1


def reshuffle(s: LoveState) -> None:
    """The chance deck and its discard pile shuffled together into a new deck."""
    pool = sorted(s.chance_deck + s.chance_discard)
    s.chance_discard = []
    s.chance_deck = shuffles.arrange(s.rng, pool, "chance")[::-1]
    s.log.append({"type": "chance_reshuffle", "cards": len(pool)})


def rule_names(rules: int) -> list[str]:
    return [name for name, bit in RULE_BITS.items() if rules & bit]


def view(s: LoveState, seat: Viewer) -> dict[str, Any]:
    out: dict[str, Any] = {
        "card": ids[s.chance_card] if s.chance_card >= 0 else None,
        "revealer": s.revealer if s.revealer >= 0 else None,
        "deck_size": len(s.chance_deck),
        "discard": [ids[c] for c in s.chance_discard],
        "rules": rule_names(s.rules), "extra_moves": s.extra[:], "vp": s.bonus[:],
    }
    if seat is None:
        out["deck"] = [ids[c] for c in reversed(s.chance_deck)]
    return out
