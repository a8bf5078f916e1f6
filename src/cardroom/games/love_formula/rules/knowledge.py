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

from collections.abc import Iterable

from cardroom.core.cardset import cards_of
from cardroom.games.love_formula.cards.catalog import CAT
from cardroom.games.love_formula.fields import LoveFields
from cardroom.games.love_formula.viewtypes import Known


def hand(seat: int) -> int:
    return seat


def pack(s: LoveFields, seat: int) -> int:
    return s.players + seat


def deck(s: LoveFields) -> int:
    return 2 * s.players


def out(s: LoveFields) -> int:
    return 2 * s.players + 1


def loc_name(s: LoveFields, loc: int) -> str:
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


def default(s: LoveFields, viewer: int, card: int) -> int:
    others = [seat for seat in range(s.players) if seat != viewer]
    mask = sum(1 << hand(seat) for seat in others)
    if CAT.jobs >> card & 1:
        return mask | 1 << out(s)
    return mask | sum(1 << pack(s, seat) for seat in others) | 1 << deck(s)


def allowed(s: LoveFields, viewer: int, card: int) -> int:
    return s.known[viewer].get(card) or default(s, viewer, card)


# ----- what seats see ---------------------------------------------------------------------
def clear(s: LoveFields) -> None:
    """Nothing located yet, at the start."""
    s.known = [{} for _ in range(s.players)]


def learn(s: LoveFields, viewers: list[int] | range, cards: list[int], loc: int) -> None:
    for viewer in viewers:
        for c in cards:
            s.known[viewer][c] = 1 << loc


def publicly_to_hand(s: LoveFields, card: int, seat: int) -> None:
    """A card everyone saw goes into ``seat``'s hand."""
    learn(s, [viewer for viewer in range(s.players) if viewer != seat], [card], hand(seat))


def forget(s: LoveFields, viewer: int, cards: int) -> None:
    known = s.known[viewer]
    for c in list(known):
        if cards >> c & 1:
            del known[c]


def _spread(s: LoveFields, viewers: list[int] | range, source: int, to: int) -> None:
    """Cards a viewer placed at ``source`` may now also be at ``to``."""
    bit, add = 1 << source, 1 << to
    for viewer in viewers:
        known = s.known[viewer]
        for c, mask in known.items():
            if mask & bit:
                known[c] = mask | add


def drew(s: LoveFields, seat: int) -> None:
    others = [viewer for viewer in range(s.players) if viewer != seat]
    _spread(s, others, deck(s), hand(seat))


def dealt_packs(s: LoveFields) -> None:
    for seat in range(s.players):
        others = [viewer for viewer in range(s.players) if viewer != seat]
        _spread(s, others, deck(s), pack(s, seat))


def stole(s: LoveFields, thief: int, victim: int, card: int) -> None:
    others = [viewer for viewer in range(s.players) if viewer not in (thief, victim)]
    _spread(s, others, hand(victim), hand(thief))
    learn(s, [victim], [card], hand(thief))


def looked(s: LoveFields, viewer: int, seat: int) -> None:
    learn(s, [viewer], cards_of(s.hands[seat]), hand(seat))


def picked_and_passed(s: LoveFields, passed: list[int], dest: list[int]) -> None:
    """After a draft pick: each pack moved from seat h to ``dest[h]``;
    ``passed[h]`` is what h passed on (seen by h, then forgotten: R1)."""
    n = s.players
    for viewer in range(n):
        known = s.known[viewer]
        for c, mask in known.items():
            new = mask
            for seat in range(n):
                if mask >> pack(s, seat) & 1:
                    new &= ~(1 << pack(s, seat))
                    new |= 1 << hand(seat) | 1 << pack(s, dest[seat])
            known[c] = new
        forget(s, viewer, passed[viewer])


# ----- views and checks -------------------------------------------------------------------
def export(s: LoveFields, viewer: int, hidden: int) -> list[Known]:
    out_list = []
    for c in sorted(s.known[viewer]):
        if hidden >> c & 1 and s.known[viewer][c] != default(s, viewer, c):
            mask = s.known[viewer][c]
            where = [loc_name(s, loc) for loc in range(2 * s.players + 2) if mask >> loc & 1]
            out_list.append(Known(card=CAT.ids[c], places=tuple(where)))
    return out_list


def import_known(players: int, items: Iterable[Known]) -> dict[int, int]:
    known = {}
    for item in items:
        mask = 0
        for name in item.places:
            mask |= 1 << loc_by_name(players, name)
        known[CAT.by_id[item.card]] = mask
    return known

