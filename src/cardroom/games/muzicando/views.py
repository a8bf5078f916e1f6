"""What a viewer may know of a Muzicando state (viewtypes.py), and the
state's invariants."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardroom.core.cardset import mask_of
from cardroom.core.events import Viewer
from cardroom.core.views import Maker, Memo
from cardroom.games.muzicando.actions import action_text, xy
from cardroom.games.muzicando.cards import (
    BID_BY_TEXT,
    CODE,
    CODES,
    FULL_MASK,
    IS_OVAL,
    LAYOUT_LETTERS,
    LAYOUT_VALUE,
    bid_text,
    contract_value,
)
from cardroom.games.muzicando.fields import PARTNERSHIP_MODE, PHASE_PLAY, Layout, MuzicandoFields
from cardroom.games.muzicando.rules.grid import Glissando, Sarabanda
from cardroom.games.muzicando.rules.seats import TEAMS, active_mask, team_of
from cardroom.games.muzicando.viewtypes import (
    AnyDeal,
    LaidCards,
    MuzicandoRefereeTable,
    MuzicandoSeatTable,
    MuzicandoTable,
    deal_result,
)

_codes = CODES.tuple_of

def _seats(mask: int, players: int) -> tuple[int, ...]:
    if not mask:
        return ()
    return tuple([s for s in range(players) if mask >> s & 1])


def _or_none(value: int) -> int | None:
    return value if value >= 0 else None


def table_part(s: MuzicandoFields, seat: Viewer, make: Maker) -> Any:
    """What ``seat`` may know, built with ``make`` (views.Maker)."""
    if seat is None:
        return _public(s, make(MuzicandoRefereeTable),
                       hands=tuple([_codes(h) for h in s.hands]),
                       pile_order=tuple([CODE[c] for c in s.pile]))
    if isinstance(seat, int):
        return _public(s, make(MuzicandoSeatTable), hand=_codes(s.hands[seat]))
    return _public(s, make(MuzicandoTable))


def _public(s: MuzicandoFields, build: Callable[..., Any], **more: Any) -> Any:
    n = s.players
    return build(
        mode=s.mode, bidding=s.bids,
        deal=min(s.deal_no + 1, s.deals), deals=s.deals, deals_done=s.deal_no,
        dealer=s.dealer, cards_each=s.hand_size,
        teams=TEAMS if s.mode == PARTNERSHIP_MODE else None,
        calls=tuple([(x, _call(a)) for x, a in s.calls]) if s.calls else (),
        contract=bid_text(s.contract) if s.contract >= 0 else None,
        declarer=_or_none(s.declarer), opener=_or_none(s.opener),
        chooser=_or_none(s.chooser),
        layout=LAYOUT_LETTERS[s.layout] if s.layout >= 0 else None,
        table=_layout(s.table) if s.table is not None else None,
        opened=s.opened,
        hand_sizes=tuple(map(int.bit_count, s.hands)),
        pile=len(s.pile),
        blocked=_seats(s.blocked, n), rest=_or_none(s.rest),
        passed=_seats(s.passed, n), out=tuple(s.places),
        missing=tuple([_codes(m) for m in s.missing]),
        results=tuple([_result(r) for r in s.results]), **more)


_CALLS: Memo[int, str] = Memo()


def _call(action: int) -> str:
    text = _CALLS.get(action)
    if text is None:
        text = _CALLS.keep(action, action_text(action))
    return text


# A layout's cards never move once laid, so its view changes only with the
# cards laid (``on_table``), and most views come between two plays: each is
# built once per layout object and cards laid. By the object's identity; the
# memo holds the object, so that its id stays its own.
_LAYOUTS: Memo[tuple[int, int], tuple[Layout, LaidCards]] = Memo(256)


def _layout(table: Layout) -> LaidCards:
    key = (id(table), table.on_table())
    hit = _LAYOUTS.get(key)
    if hit is None or hit[0] is not table:
        hit = _LAYOUTS.keep(key, (table, table.to_view()))
    return hit[1]


# A deal's record never changes once made (fields.py), and every later view
# shows it: each is read into its part once. By the record's identity (a
# record is a dict); the memo holds the record, so that its id stays its own.
_RESULTS: Memo[int, tuple[Mapping[str, Any], AnyDeal]] = Memo()


def _result(record: Mapping[str, Any]) -> AnyDeal:
    hit = _RESULTS.get(id(record))
    if hit is None or hit[0] is not record:
        hit = _RESULTS.keep(id(record), (record, deal_result(record)))
    return hit[1]


# ----- invariants ----------------------------------------------------------------
def invariant_errors(s: MuzicandoFields) -> list[str]:
    errors = card_errors(s)
    n = s.players
    if s.phase_name == PHASE_PLAY:
        active = active_mask(s)
        if s.blocked & ~active:
            errors.append("a seat that is out is still blocked")
        if s.blocked >> s.turn & 1:
            errors.append("the seat to play is blocked")
        if s.rest >= 0 and s.rest != s.turn:
            errors.append("the rest's player lost the turn while the rest lasts")
        if not s.hands[s.turn]:
            errors.append("the seat to play holds no card")
    if s.mode == PARTNERSHIP_MODE and any(
            len({s.totals[x] for x in team}) > 1 for team in TEAMS):
        errors.append("partners' totals differ")
    for seat in range(n):
        if sum(r["points"][seat] for r in s.results) != s.totals[seat]:
            errors.append(f"seat {seat}'s total is not the sum of its deals")
    errors.extend(result_errors(s))
    if isinstance(s.table, Glissando):
        errors.extend(line_errors(s.table))
    if isinstance(s.table, (Sarabanda, Glissando)):
        errors.extend(grid_errors(s.table))
    return errors


def grid_errors(table: Sarabanda | Glissando) -> list[str]:
    """What a grid keeps as cards are placed matches its cards: the cells a
    sign may cover, and Glissando's row ends (against the table rebuilt
    from its cards, row by row)."""
    errors = []
    open_cells = {c for c in table.cells if c not in table.covers and table.surrounded(c)}
    if table.open_to_signs != open_cells:
        errors.append("the cells open to a sign do not match the cards on the grid")
    if isinstance(table, Glissando):
        fresh = Glissando.from_view(table.to_view())
        if table.ends() != fresh.ends() or table.lines != fresh.lines:
            errors.append("Glissando's row ends do not match its rows")
    return errors


def line_errors(table: Glissando) -> list[str]:
    """Glissando: every card of a line belongs to the line's one row, which
    holds exactly one oval card (D3, D15)."""
    errors = []
    lines = [row[0] for row in table.rows]
    if len(set(lines)) != len(lines):
        errors.append("two rows share a line (D15)")
    spans = {y: (left, right) for y, left, right, _ in table.rows}
    ovals: dict[int, int] = {}
    for cell, card in table.cells.items():
        x, y = xy(cell)
        left, right = spans.get(y, (1, 0))
        if not left <= x <= right:
            errors.append(f"{CODE[card]} at {x} {y} lies outside the row of its line")
        ovals[y] = ovals.get(y, 0) + IS_OVAL[card]
    if any(count != 1 for count in ovals.values()):
        errors.append("a line holds other than one oval card (D3, D15)")
    return errors


def card_errors(s: MuzicandoFields) -> list[str]:
    held = 0
    errors = []
    for h in s.hands:
        if h & held:
            errors.append("a card is in two hands")
        held |= h
    pile = mask_of(s.pile)
    table = s.table.on_table() if s.table is not None else 0
    if len(set(s.pile)) != len(s.pile) or pile & held or table & (held | pile):
        errors.append("a card is in two places")
    if held | pile | table != FULL_MASK:
        errors.append("cards were lost: not all 56 are in hands, pile and table")
    return errors


def result_errors(s: MuzicandoFields) -> list[str]:
    """Team (or seat) scores equal place points plus or minus the contract."""
    errors = []
    for r in s.results:
        if r.get("cancelled"):
            side = [x for x, p in enumerate(r["points"]) if p]
            if any(r["points"][x] != -r["penalty"] for x in side) or not side:
                errors.append(f"a cancelled deal scored {r['points']}")
        elif expected_points(s, r) != r["points"]:
            errors.append(f"deal {r['deal']} scored {r['points']}, not place points "
                          "plus or minus the contract")
    return errors


def expected_points(s: MuzicandoFields, r: dict[str, Any]) -> list[int]:
    n = s.players
    places: list[int] = r["place_points"]
    if r["contract"] is None:  # D13: the chooser adds the layout's value
        bonus = [0] * n
        bonus[r["chooser"]] = LAYOUT_VALUE[LAYOUT_LETTERS.index(r["layout"])]
        return [p + b for p, b in zip(places, bonus, strict=True)]
    value = contract_value(BID_BY_TEXT[r["contract"]]) * (1 if r["made"] else -1)
    if s.mode != PARTNERSHIP_MODE:
        return [p + (value if x == r["declarer"] else 0) for x, p in enumerate(places)]
    teams = [sum(places[x] for x in team) for team in TEAMS]
    teams[team_of(r["declarer"])] += value
    return [teams[team_of(x)] for x in range(n)]
