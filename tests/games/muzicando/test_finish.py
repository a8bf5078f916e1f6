"""Going out, the lone last player, being stuck, deadlock (D7) and the rest
laid as the last card (D6, L5), on stacked deals played by a fixed policy."""

from __future__ import annotations

import functools
import operator

from cardroom.games.muzicando.cards import CODE, NOTE_NAMES
from cardroom.games.muzicando.state import MuzicandoState
from tests.games.muzicando.support import bid_to, new

SIGNS = ("#", "n", "b", "p")


def is_sign_play(text: str) -> bool:
    return text.startswith("play ") and text.split()[1].startswith(SIGNS)


def notes_first(state: MuzicandoState, seat: int, legal: list[str],
                signs_from: tuple[int, ...] = ()) -> str:
    """Lay the first note that goes; a sign only as the last card, or for a
    seat in ``signs_from`` whenever no note goes; else pass."""
    notes = [t for t in legal if t.startswith("play") and not is_sign_play(t)]
    if notes:
        return notes[0]
    if (state.hands[seat].bit_count() == 1 or seat in signs_from) and len(legal) > 1:
        return next(t for t in legal if t != "pass")
    return "pass" if "pass" in legal else legal[0]


def play_deal(state: MuzicandoState, signs_from: tuple[int, ...] = (),
              no_signs: bool = False) -> list[tuple[int, str, int]]:
    """Play the deal out; (seat, action, log index before it) for each action."""
    done = []
    deal = len(state.results)
    while len(state.results) == deal:
        seat = state.to_act()[0]
        legal = state.legal_texts(seat)
        if no_signs:
            legal = [t for t in legal if not is_sign_play(t)] or legal
        action = notes_first(state, seat, legal, signs_from)
        done.append((seat, action, len(state.log)))
        state.act(seat, action)
    return done


def events(state: MuzicandoState, kind: str) -> list[dict[str, object]]:
    return [e for e in state.log if e["type"] == kind]


HANDOVER = [
    ["ReR", "ReO", "ReY", "ReG", "ReB", "ReI", "ReV", "FaR", "FaO", "FaY", "FaG", "FaB", "FaI",
     "FaV"],
    ["DoR", "DoO", "DoY", "DoG", "DoB", "DoI", "DoV", "MiR", "MiO", "MiY", "MiG", "MiB", "MiI",
     "pV"],
    ["SolR", "SolO", "SolY", "SolG", "SolB", "SolI", "SolV", "#R", "#O", "nY", "nG", "bB", "bI",
     "MiV"],
    ["LaR", "LaO", "LaY", "LaG", "LaB", "LaI", "LaV", "SiR", "SiO", "SiY", "SiG", "SiB", "SiI",
     "SiV"],
]


def test_d6_rest_as_last_card_hands_the_turn_to_the_partner() -> None:
    state = new(4, HANDOVER)
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    trace = play_deal(state)
    at = [i for i, (_, action, _) in enumerate(trace) if action == "play pV"]
    assert len(at) == 1 and trace[at[0]][0] == 1
    mark = trace[at[0]][2]
    assert [e["type"] for e in state.log[mark:mark + 3]] == ["play", "out", "hand_over"]
    assert state.log[mark + 2]["target"] == 3 and state.log[mark + 2]["partner"]
    assert trace[at[0] + 1][0] == 3  # seat 2, next in turn, was passed over
    assert trace[at[0] + 2][0] == 0  # L5: one ordinary turn, then clockwise on


def test_d6_rest_as_last_card_goes_to_the_next_player_when_the_partner_is_out() -> None:
    hands = [
        ["LaR", "LaO", "LaY", "LaG", "LaB", "LaI", "LaV", "SiR", "SiO", "SiY", "SiG", "SiB",
         "SiI", "MiR"],
        ["DoR", "DoO", "DoY", "DoG", "DoB", "DoI", "DoV", "SiV", "MiO", "MiY", "MiG", "MiB",
         "MiI", "pV"],
        HANDOVER[2],
        ["ReR", "ReO", "ReY", "ReG", "ReB", "ReI", "ReV", "FaR", "FaO", "FaY", "FaG", "FaB",
         "FaI", "FaV"],
    ]
    state = new(4, hands)
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    play_deal(state)
    handover = events(state, "hand_over")
    assert len(handover) == 1 and handover[0]["seat"] == 1
    assert handover[0]["target"] == 2 and not handover[0]["partner"]
    assert state.results[-1]["places"][:2] == [3, 0]  # the partner was out already


def test_d6_individual_rest_as_last_card_goes_to_the_next_player() -> None:
    state = new(4, HANDOVER, {"mode": "individual", "bidding": True})
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    play_deal(state)
    handover = events(state, "hand_over")
    assert len(handover) == 1 and handover[0]["target"] == 2


def test_lone_last_player_plays_on_alone_and_is_stuck_when_they_cannot() -> None:
    state = new(4, HANDOVER)
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    trace = play_deal(state)
    result = state.results[-1]
    assert result["places"] == [1, 0, 3, 2] and result["stuck"] == 2
    last_out = max(m for s, a, m in trace if s == 3)
    alone = [(s, a) for s, a, m in trace if m > last_out]
    assert alone == [(2, "pass")]  # seat 2 holds only signs: it passes and is stuck
    assert result["place_points"] == [3, 4, 0, 2]
    # 1M by seat 1 (East-West), made: EW 4 + 2 + 5 = 11, NS 3 + 0 = 3.
    assert result["team_points"] == [3, 11] and result["made"] is True


def test_lone_last_player_who_lays_everything_takes_last_place_normally() -> None:
    state = new(4, HANDOVER)
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    trace = play_deal(state, signs_from=(2,))  # seat 2 lays its signs when no note goes
    result = state.results[-1]
    outs = events(state, "out")
    assert [e["place"] for e in outs] == [1, 2, 3, 4]  # all four went out
    last = result["places"][-1]
    third_out = [m for s, _, m in trace if s == result["places"][2]][-1]
    alone = [s for s, _, m in trace if m > third_out]
    assert alone and set(alone) == {last}  # it played on alone to its last card
    assert result["stuck"] is None and result["place_points"][last] == 1


def sign_deadlock_hands() -> list[list[str]]:
    """Every note dealt round the table; the signs stay in hand at the end."""
    notes = [f"{n}{c}" for c in "ROYGBIV" for n in NOTE_NAMES]
    signs = {0: ["#R", "#O", "nY"], 1: ["nG", "bB"], 2: ["bI"], 3: ["pV"]}
    hands = [list(signs[s]) for s in range(4)]
    seat = 1
    for code in notes:
        while len(hands[seat]) == 14:
            seat = (seat + 1) % 4
        hands[seat].append(code)
        seat = (seat + 1) % 4
    assert sorted(functools.reduce(operator.iadd, hands, [])) == sorted(CODE)
    return hands


def test_d7_deadlock_places_by_fewer_cards_then_turn_order_last_is_stuck() -> None:
    state = new(4, sign_deadlock_hands())
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    trace = play_deal(state, no_signs=True)
    result = state.results[-1]
    last_passer = trace[-1][0]
    assert trace[-1][1] == "pass" and result["stuck"] == 0
    after = [(last_passer + k) % 4 for k in range(1, 5)]
    ones = sorted([2, 3], key=after.index)  # one card each: turn order breaks the tie
    assert result["places"] == [*ones, 1, 0]
    assert result["place_points"][0] == 0  # stuck: no points
    # L6: place 1 by D7 decides the contract (1M by seat 1, East-West).
    assert result["made"] is (result["places"][0] == 3)
    # The last round was four passes in succession.
    assert [a for _, a, _ in trace[-4:]] == ["pass"] * 4


def test_going_out_takes_the_next_place() -> None:
    state = new(4, HANDOVER)
    bid_to(state, ["bid 1M", "pass", "pass", "pass"])
    play_deal(state)
    outs = events(state, "out")
    assert [(e["seat"], e["place"]) for e in outs] == [(1, 1), (0, 2), (3, 3)]
