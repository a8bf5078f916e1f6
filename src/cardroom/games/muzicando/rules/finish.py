"""The end of a deal: places (D7, L6), the deal's score or the cancelled
deal's penalty (D9, L7), the next dealer (D8, L9) and the end of the game."""

from __future__ import annotations

from typing import Any

from cardroom.core.game import rank
from cardroom.games.muzicando.cards import INDIVIDUAL, LAYOUT_LETTERS, PARTNERSHIP, bid_text
from cardroom.games.muzicando.fields import PARTNERSHIP_MODE, PHASE_OVER, MuzicandoFields
from cardroom.games.muzicando.rules.deal import start_deal
from cardroom.games.muzicando.scoring import individual_deal, penalty, place_points, team_deal


def end_deal(s: MuzicandoFields, stuck: bool) -> None:
    """Place the seats still holding cards, score the deal, deal the next."""
    order = s.places + remaining_order(s, s.turn)
    stuck_seat = order[-1] if stuck else -1
    if stuck and s.record_events:
        s.log.append({"type": "stuck", "seat": stuck_seat,
                      "cards_left": [s.hands[x].bit_count() for x in range(s.players)]})
    n = s.players
    partnership = s.mode == PARTNERSHIP_MODE
    places = place_points(order, stuck_seat, n, partnership)
    detail: dict[str, Any] = {"places": order, "stuck": stuck_seat if stuck else None,
                              "place_points": places}
    if partnership:
        points, more = team_deal(places, order[0], s.contract, s.declarer)
    else:
        points, more = individual_deal(places, order[0], s.contract, s.declarer,
                                       s.chooser, s.layout)
    detail.update(more)
    s.deal_no += 1
    add_result(s, points, detail)
    if s.record_events:
        s.log.append({"type": "deal_end", **s.results[-1], "totals": s.totals[:]})
    next_deal(s)


def remaining_order(s: MuzicandoFields, last: int) -> list[int]:
    """D7: seats still holding cards, fewer cards first, then in turn
    order from the seat after ``last``, the last passer (L6)."""
    n = s.players
    order = [(last + k) % n for k in range(1, n + 1)]
    held = [x for x in order if s.hands[x]]
    return sorted(held, key=lambda x: s.hands[x].bit_count())


def fail_opening(s: MuzicandoFields, side: list[int]) -> None:
    """D9: the opener cannot open; the deal is cancelled and does not count
    (L7); an individual declarer loses 11, the rulebook's individual penalty (L9)."""
    partnership = s.mode == PARTNERSHIP_MODE
    amount = PARTNERSHIP["failure_penalty"] if partnership else INDIVIDUAL["failure_penalty"]
    points = penalty(side, amount, s.players)
    add_result(s, points, {"cancelled": True, "penalty": amount})
    if s.record_events:
        s.log.append({"type": "failed_opening", "seat": s.opener,
                      "contract": bid_text(s.contract), "penalty": amount,
                      "points": points, "totals": s.totals[:]})
    next_deal(s)


def add_result(s: MuzicandoFields, points: list[int], detail: dict[str, Any]) -> None:
    for seat, p in enumerate(points):
        s.totals[seat] += p
    s.results.append({
        "deal": s.deal_no if not detail.get("cancelled") else None,
        "dealer": s.dealer, "layout": LAYOUT_LETTERS[s.layout],
        "contract": bid_text(s.contract) if s.contract >= 0 else None,
        "declarer": s.declarer if s.declarer >= 0 else None,
        "chooser": s.chooser if s.chooser >= 0 else None,
        "opener": s.opener, **detail, "points": points,
    })


def next_deal(s: MuzicandoFields) -> None:
    if s.mode == PARTNERSHIP_MODE:
        s.dealer = (s.dealer + 1) % s.players  # D8
    else:
        s.dealer = s.chooser  # the chooser (or the declarer, L9) deals next
    if s.deal_no >= s.deals:
        s.phase_name = PHASE_OVER
        if s.record_events:
            s.log.append({"type": "game_end", "ranking": rank(s.totals, True),
                          "totals": s.totals[:]})
        return
    if s.deal_next_round:
        start_deal(s)
