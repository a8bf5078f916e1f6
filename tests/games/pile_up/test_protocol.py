"""Pile up over the engine protocol, as a subprocess (`cardroom engine`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine_client import EngineProcess, error_code, ok
from tests.games.pile_up.support import deck

HANDS = [["3R", "3R", "1B", "2R", "2B", "4R"],
         ["3W", "1G", "4G", "4B", "5R", "6W"],
         ["3B", "2G", "5B", "5G", "6R", "6B"]]


@pytest.fixture(scope="module")
def engine() -> Iterator[EngineProcess]:
    proc = EngineProcess()
    yield proc
    assert proc.close() == 0


def new(engine: EngineProcess, dice: list[int], hands: list[list[str]] = HANDS,
        pile: list[str] | None = None) -> dict[str, Any]:
    stack = {"deck": [deck(hands, pile or [])], "dice": dice}
    view: dict[str, Any] = ok(engine.ask("new", game="pile-up", players=len(hands), seed=5,
                                         options={"stack": stack}))["view"]
    return view


def test_games_lists_pile_up(engine: EngineProcess) -> None:
    games = ok(engine.ask("games"))["games"]
    pile_up = next(g for g in games if g["id"] == "pile-up")
    assert pile_up["name"] == "Pile up" and pile_up["players"] == [2, 5]
    assert list(pile_up["options"]) == ["stack"]


def test_new_with_stack_legal_and_act(engine: EngineProcess) -> None:
    view = new(engine, [3, 5, 6, 3, 1, 2], pile=["6K"])
    assert view["seat"] is None and view["hands"][0] == ["1B", "2R", "2B", "3R", "3R", "4R"]
    assert view["dice"] == [3, 5, 6] and view["to_act"] == [0]
    assert ok(engine.ask("legal", seat=0))["actions"] == ["place 3R"]
    assert ok(engine.ask("legal", seat=1))["actions"] == []
    reply = ok(engine.ask("act", seat=0, action="place 3R"))
    assert reply["view"]["seat"] == 0
    assert ok(engine.ask("legal", seat=0))["actions"] == ["place 3R", "stack 3R", "done"]
    reply = ok(engine.ask("act", seat=0, action="stack 3R"))
    types = [e["type"] for e in reply["events"]]
    assert types == ["place", "play_end", "draw", "drew", "roll"]
    assert reply["events"][3] == {"type": "drew", "seat": 0, "cards": ["1R", "6K"], "to": [0]}
    assert reply["view"]["columns"][2]["stacks"] == [["3R", 2]]
    assert ok(engine.ask("legal", seat=1))["actions"] == ["place 1G", "place 3W"]
    seen = ok(engine.ask("view", seat=1))["view"]["log"]
    assert [e for e in seen if e["type"] == "drew"] == []  # seat 0's draw is private


def test_illegal_actions_are_refused_in_words_and_change_nothing(engine: EngineProcess) -> None:
    new(engine, [3, 5, 6])
    before = ok(engine.ask("view", seat=None))["view"]
    cases = [
        ({"seat": 0, "action": "place 2R"}, "illegal_action", "the dice show 3, 5 and 6"),
        ({"seat": 0, "action": "stack 3R"}, "illegal_action", "no 3R showing in column 3"),
        ({"seat": 0, "action": "place 5R"}, "illegal_action", "you do not hold 5R"),
        ({"seat": 0, "action": "done"}, "illegal_action", "you have not laid a card yet"),
        ({"seat": 0, "action": "push 1"}, "illegal_action", "lay cards"),
        ({"seat": 0, "action": "fly"}, "illegal_action", "not an action"),
        ({"seat": 1, "action": "place 3W"}, "not_your_turn", "waiting for seat 0"),
    ]
    for args, code, words in cases:
        reply = engine.ask("act", **args)
        assert error_code(reply) == code, (args, reply)
        assert words in reply["error"]["message"]
        assert "invalid" not in reply["error"]["message"]
        assert ok(engine.ask("view", seat=None))["view"] == before


def test_bad_stacked_entries_are_bad_options(engine: EngineProcess) -> None:
    stacks: list[dict[str, Any]] = [{"dice": [7]}, {"deck": [["3R"]]}, {"cards": []}]
    for stack in stacks:
        reply = engine.ask("new", game="pile-up", players=2, seed=1, options={"stack": stack})
        assert error_code(reply) == "bad_option"
    assert error_code(engine.ask("new", game="pile-up", players=6, seed=1)) == "bad_option"


def test_a_seat_view_hides_the_other_hands(engine: EngineProcess) -> None:
    new(engine, [3, 5, 6])
    for seat in (0, 2):
        view = ok(engine.ask("view", seat=seat))["view"]
        assert "hands" not in view and "pile" not in view
        assert "6W" not in json.dumps(view) and "3W" not in json.dumps(view)
    assert "6W" in ok(engine.ask("view", seat=1))["view"]["hand"]
    assert "6W" in ok(engine.ask("view", seat=None))["view"]["hands"][1]


def test_a_shown_hand_is_public(engine: EngineProcess) -> None:
    new(engine, [5, 6, 5], hands=[["1R", "1B", "2R", "2B", "3R", "4R"], HANDS[1]])
    assert ok(engine.ask("legal", seat=0))["actions"][0] == "take 1R"
    reply = ok(engine.ask("act", seat=0, action="take 4R"))
    assert reply["events"][0] == {"type": "take", "seat": 0, "card": "4R"}
    view = ok(engine.ask("view", seat=1))["view"]
    assert view["known"][0] == ["1R", "1B", "2R", "2B", "3R"]
    assert view["minus"][0] == ["4R"] and view["scores"] == [1, 0]


def test_white_push_and_the_avoidance_roll(engine: EngineProcess) -> None:
    new(engine, [3, 5, 6, 3, 1, 2, 4])
    ok(engine.ask("act", seat=0, action="place 3R"))
    ok(engine.ask("act", seat=0, action="done"))
    reply = ok(engine.ask("act", seat=1, action="place 3W"))
    assert reply["view"]["phase"] == "push"
    assert ok(engine.ask("legal", seat=1))["actions"] == ["push 0", "push 2"]
    reply = ok(engine.ask("act", seat=1, action="push 2"))
    kinds = [e["type"] for e in reply["events"]]
    assert kinds[:3] == ["push", "avoid_roll", "pushed_onto"]
    assert reply["events"][1]["die"] == 4
    assert reply["view"]["minus"][2] == ["3R", "3W"]


def test_record_then_load_replays_exactly(engine: EngineProcess) -> None:
    new(engine, [3, 5, 6, 3, 1, 2])
    for _ in range(30):
        view = ok(engine.ask("view", seat=None))["view"]
        if view["over"]:
            break
        seat = view["to_act"][0]
        action = ok(engine.ask("suggest", seat=seat, bot="heuristic", seed=1))["action"]
        ok(engine.ask("act", seat=seat, action=action))
    record = ok(engine.ask("record"))["record"]
    assert record["game"] == "pile-up" and "stack" in record["options"]
    before = ok(engine.ask("view", seat=None))["view"]
    ok(engine.ask("new", game="pile-up", players=2, seed=1))
    assert ok(engine.ask("load", record=record))["view"] == before


def test_a_whole_game_to_the_result(engine: EngineProcess) -> None:
    ok(engine.ask("new", game="pile-up", players=4, seed=21))
    while True:
        view = ok(engine.ask("view", seat=None))["view"]
        if view["over"]:
            break
        seat = view["to_act"][0]
        ok(engine.ask("act", seat=seat, action=ok(engine.ask("legal", seat=seat))["actions"][0]))
    result = ok(engine.ask("result"))
    assert result["over"] is True
    assert result["scores"] == [len(m) for m in result["minus"]]
    assert sum(result["scores"]) + result["left_in_columns"] == 66
    assert sorted(s for group in result["ranking"] for s in group) == [0, 1, 2, 3]
    assert error_code(engine.ask("act", seat=0, action="done")) == "game_over"
