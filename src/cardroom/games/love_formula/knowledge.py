"""What each seat knows about where hidden cards are.

A hidden card a seat has never located may be anywhere it could be by the
rules: a card other than a Part-Time Job in another seat's hand or pack or in
the deck; a Part-Time Job in another seat's hand or out of the game. Those
defaults need no bookkeeping. A seat *locates* a card when the rules show it
where one went: a public card returned to a hand, a hand looked at, a card
taken from its own hand, the discard pile shuffled into the deck. Those cards
are kept per seat as a mask of possible locations (bit per location) and follow
the hidden moves the seat sees happen (draws, deals, picks, passes, thefts).

R1: a seat does not keep the cards it saw in a draft pack once it passes it
on: memory of packs is not part of its information set here, so its view
shows no card of another hand it was not shown by an effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.games.love_formula.cards import CAT

if TYPE_CHECKING:
    from cardroom.games.love_formula.state import LoveState


def hand(h: int) -> int:
    return h


def pack(s: LoveState, h: int) -> int:
    return s.players + h


def deck(s: LoveState) -> int:
    return 2 * s.players


def out(s: LoveState) -> int:
    return 2 * s.players + 1


def loc_name(s: LoveState, loc: int) -> str:
    n = s.players
    if loc < n:
        return f"hand {loc}"
    if loc < 2 * n:
        return f"pack {loc - n}"
    return "deck" if loc == 2 * n else "out"


def loc_by_name(players: int, name: str) -> int:
    word, _, num = name.partition(" ")
    if word == "hand":
        return int(num)
    if word == "pack":
        return players + int(num)
    return 2 * players if word == "deck" else 2 * players + 1


def default(s: LoveState, viewer: int, card: int) -> int:
    others = [h for h in range(s.players) if h != viewer]
    mask = sum(1 << hand(h) for h in others)
    if CAT.jobs >> card & 1:
        return mask | 1 << out(s)
    return mask | sum(1 << pack(s, h) for h in others) | 1 << deck(s)


def allowed(s: LoveState, viewer: int, card: int) -> int:
    return s.known[viewer].get(card) or default(s, viewer, card)


# ----- what seats see -----------------------------------------------------------
def learn(s: LoveState, viewers: list[int] | range, cards: list[int], loc: int) -> None:
    for v in viewers:
        for c in cards:
            s.known[v][c] = 1 << loc


def publicly_to_hand(s: LoveState, card: int, seat: int) -> None:
    """A card everyone saw goes into ``seat``'s hand."""
    learn(s, [v for v in range(s.players) if v != seat], [card], hand(seat))


def forget(s: LoveState, viewer: int, cards: int) -> None:
    known = s.known[viewer]
    for c in list(known):
        if cards >> c & 1:
            del known[c]


def _spread(s: LoveState, viewers: list[int] | range, frm: int, to: int) -> None:
    """Cards a viewer placed at ``frm`` may now also be at ``to``."""
    bit, add = 1 << frm, 1 << to
    for v in viewers:
        known = s.known[v]
        for c, mask in known.items():
            if mask & bit:
                known[c] = mask | add


def drew(s: LoveState, seat: int) -> None:
    _spread(s, [v for v in range(s.players) if v != seat], deck(s), hand(seat))


def dealt_packs(s: LoveState) -> None:
    for h in range(s.players):
        _spread(s, [v for v in range(s.players) if v != h], deck(s), pack(s, h))


def stole(s: LoveState, thief: int, victim: int, card: int) -> None:
    others = [v for v in range(s.players) if v not in (thief, victim)]
    _spread(s, others, hand(victim), hand(thief))
    learn(s, [victim], [card], hand(thief))


def looked(s: LoveState, viewer: int, seat: int) -> None:
    cards = [c for c in range(CAT.size) if s.hands[seat] >> c & 1]
    learn(s, [viewer], cards, hand(seat))


def picked_and_passed(s: LoveState, passed: list[int], dest: list[int]) -> None:
    """After a draft pick: each pack moved from seat h to ``dest[h]``;
    ``passed[h]`` is what h passed on (seen by h, then forgotten: R1)."""
    n = s.players
    for v in range(n):
        known = s.known[v]
        for c, mask in known.items():
            new = mask
            for h in range(n):
                if mask >> pack(s, h) & 1:
                    new &= ~(1 << pack(s, h))
                    new |= 1 << hand(h) | 1 << pack(s, dest[h])
            known[c] = new
        forget(s, v, passed[v])


# ----- views and checks ---------------------------------------------------------
def export(s: LoveState, viewer: int, hidden: int) -> list[dict[str, Any]]:
    out_list = []
    for c in sorted(s.known[viewer]):
        if hidden >> c & 1 and s.known[viewer][c] != default(s, viewer, c):
            mask = s.known[viewer][c]
            where = [loc_name(s, loc) for loc in range(2 * s.players + 2) if mask >> loc & 1]
            out_list.append({"card": CAT.ids[c], "in": where})
    return out_list


def import_known(players: int, items: list[dict[str, Any]]) -> dict[int, int]:
    known = {}
    for item in items:
        mask = 0
        for name in item["in"]:
            mask |= 1 << loc_by_name(players, name)
        known[CAT.by_id[item["card"]]] = mask
    return known


def prune(s: LoveState, viewer: int, hidden: int) -> None:
    known = s.known[viewer]
    for c in [c for c in known if not hidden >> c & 1 or known[c] == default(s, viewer, c)]:
        del known[c]
