"""What each viewer may know of a Papayoo table, and the invariants."""

from __future__ import annotations

from typing import Any

from cardroom.core.events import Viewer
from cardroom.games.papayoo.cards import CODE, ROUND_TOTAL, SUIT_LETTERS, codes, deck_mask
from cardroom.games.papayoo.fields import PHASE_OVER, PHASE_PLAY, PapayooFields
from cardroom.games.papayoo.scoring import points


def table_view(s: PapayooFields, seat: Viewer) -> dict[str, Any]:
    n = s.players
    out: dict[str, Any] = {
        "round": min(s.round_index + 1, s.rounds),
        "rounds": s.rounds,
        "dealer": s.dealer,
        "pass_count": s.pass_count,
        "hand_sizes": [h.bit_count() for h in s.hands],
        "papayoo": CODE[s.papayoo] if s.papayoo >= 0 else None,
        "trick": [[st, CODE[c]] for st, c in zip(s.trick_seats, s.trick_cards, strict=True)],
        "leader": s.trick_seats[0] if s.trick_seats else s.turn,
        "turn": s.turn if s.phase_name == PHASE_PLAY else None,
        "played": codes(s.played),
        "taken_points": s.taken[:],
        "voids": [[SUIT_LETTERS[x] for x in range(5) if v >> x & 1] for v in s.voids],
        "round_points": [p[:] for p in s.round_points],
    }
    if seat is None:
        out["hands"] = [codes(h) for h in s.hands]
        out["chosen"] = [codes(c) for c in s.chosen]
        out["passed"] = [codes(p) for p in s.passed]
    elif isinstance(seat, int):
        out["hand"] = codes(s.hands[seat])
        out["chosen"] = codes(s.chosen[seat])
        out["passed"] = codes(s.passed[seat])
        right = (seat - 1) % n
        out["received"] = codes(s.passed[right]) if s.passed[right] else []
    return out


def invariant_errors(s: PapayooFields) -> list[str]:
    errors = []
    table = sum(1 << c for c in s.trick_cards)
    if table & ~s.played:
        errors.append("a card on the table is not marked as played")
    held = 0
    for h in s.hands:
        if h & (held | s.played):
            errors.append("a card is in two hands, or in a hand and played")
        held |= h
    if s.phase_name != PHASE_OVER and (held | s.played) != deck_mask(s.players):
        errors.append("cards were lost or created")
    if s.phase_name == PHASE_PLAY:
        remaining = sum(s.taken) + points(held | table, s.papayoo)
        if remaining != ROUND_TOTAL:
            errors.append(f"round points add up to {remaining}, not {ROUND_TOTAL}")
    if any(sum(p) != ROUND_TOTAL for p in s.round_points):
        errors.append("a round's scores do not sum to 250")
    return errors
