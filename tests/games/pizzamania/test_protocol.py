"""Pizzamania over the engine protocol, as a subprocess (`cardroom engine`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine_client import EngineProcess, error_code, ok
from tests.games.pizzamania.support import full_order, ladder

STACK = {"deal": [ladder(4)], "bases": [full_order(["x1", "x2"])]}


@pytest.fixture(scope="module")
def engine() -> Iterator[EngineProcess]:
    proc = EngineProcess()
    yield proc
    assert proc.close() == 0


def new(engine: EngineProcess, stack: dict[str, Any] = STACK) -> dict[str, Any]:
    view: dict[str, Any] = ok(engine.ask("new", game="pizzamania", players=4, seed=3,
                                         options={"stack": stack}))["view"]
    return view


def test_games_lists_pizzamania(engine: EngineProcess) -> None:
    games = ok(engine.ask("games"))["games"]
    game = next(g for g in games if g["id"] == "pizzamania")
    assert game["name"] == "Pizzamania" and game["players"] == [2, 8]
    assert game["options"]["rounds"]["default"] == 3
    assert game["options"]["simple"]["default"] is False


def test_new_with_stack_legal_and_act(engine: EngineProcess) -> None:
    view = new(engine)
    assert view["hands"] == ladder(4) and view["base"] == "x1" and view["to_act"] == [0]
    # D11: seat 0 turned this x1 base, so it must play on it.
    assert ok(engine.ask("legal", seat=0))["actions"] == [f"play {v}" for v in range(1, 13)]
    assert ok(engine.ask("legal", seat=1))["actions"] == []
    reply = ok(engine.ask("act", seat=0, action="play 5"))
    assert reply["events"] == [{"type": "play", "seat": 0, "value": 5, "count": 1}]
    assert reply["view"]["seat"] == 0 and 5 not in reply["view"]["hand"]
    assert ok(engine.ask("legal", seat=1))["actions"] == [f"play {v}" for v in range(6, 13)] + [
        "pass"]


def test_illegal_actions_are_refused_and_change_nothing(engine: EngineProcess) -> None:
    new(engine)
    ok(engine.ask("act", seat=0, action="play 5"))
    before = ok(engine.ask("view", seat=None))["view"]
    reply = engine.ask("act", seat=1, action="play 4")
    assert error_code(reply) == "illegal_action"
    assert "higher than the 5" in reply["error"]["message"]
    assert error_code(engine.ask("act", seat=1, action="play 13")) == "illegal_action"
    assert error_code(engine.ask("act", seat=1, action="bake")) == "illegal_action"
    assert error_code(engine.ask("act", seat=2, action="pass")) == "not_your_turn"
    assert ok(engine.ask("view", seat=None))["view"] == before


def test_the_pizza_passes_and_completes_over_the_protocol(engine: EngineProcess) -> None:
    new(engine)
    ok(engine.ask("act", seat=0, action="play 5"))
    for seat in (1, 2):
        ok(engine.ask("act", seat=seat, action="pass"))
    events = ok(engine.ask("act", seat=3, action="pass"))["events"]
    assert [e["type"] for e in events] == ["pass", "pizza", "base"]
    assert events[2] == {"type": "base", "seat": 0, "base": "x2", "deck": 26}
    assert ok(engine.ask("legal", seat=0))["actions"] == ["pass"]  # no pair on an x2


def test_a_seat_view_hides_the_other_hands(engine: EngineProcess) -> None:
    new(engine)
    view = ok(engine.ask("view", seat=1))["view"]
    assert view["hand"] == ladder(4)[1] and view["hand_sizes"] == [12] * 4
    assert "hands" not in view and "aside" not in view and "base_order" not in view
    private = [e for e in view["log"] if "to" in e]
    assert private and all(e["to"] == [1] for e in private)


def test_bad_stacks_are_bad_options(engine: EngineProcess) -> None:
    reply = engine.ask("new", game="pizzamania", players=4, seed=1,
                       options={"stack": {"bases": [["x9"] * 28]}})
    assert error_code(reply) == "bad_option"
    reply = engine.ask("new", game="pizzamania", players=9, seed=1)
    assert error_code(reply) == "bad_option"
    reply = engine.ask("new", game="pizzamania", players=4, seed=1,
                       options={"simple": True, "rounds": 2})
    assert error_code(reply) == "bad_option"


def test_record_and_load_replay_the_game(engine: EngineProcess) -> None:
    new(engine)
    for seat, action in ((0, "play 5"), (1, "play 9"), (2, "pass"), (3, "pass"), (0, "pass")):
        ok(engine.ask("act", seat=seat, action=action))
    before = ok(engine.ask("view", seat=None))["view"]
    record = ok(engine.ask("record"))["record"]
    assert record["actions"][:2] == [[0, "play 5"], [1, "play 9"]]
    assert record["options"] == {"stack": STACK}
    loaded = ok(engine.ask("load", record=record))["view"]
    assert loaded == before
    assert ok(engine.ask("result"))["over"] is False


def test_a_whole_game_to_its_result(engine: EngineProcess) -> None:
    ok(engine.ask("new", game="pizzamania", players=3, seed=4, options={"simple": True}))
    for _ in range(2000):
        view = ok(engine.ask("view", seat=None))["view"]
        if view["over"]:
            break
        seat = view["to_act"][0]
        action = ok(engine.ask("suggest", seat=seat, bot="heuristic"))["action"]
        ok(engine.ask("act", seat=seat, action=action))
    result = ok(engine.ask("result"))
    assert result["over"] is True and sorted(s for g in result["ranking"] for s in g) == [0, 1, 2]
    assert result["winner"] == result["ranking"][0][0]
    assert result["scores"] == [[[g[0] for g in result["ranking"]].index(s) + 1] for s in range(3)]


def test_games_lists_the_opener_and_the_endless_game(engine: EngineProcess) -> None:
    games = ok(engine.ask("games"))["games"]
    options = next(g for g in games if g["id"] == "pizzamania")["options"]
    assert options["opener"]["default"] == 0 and options["opener"]["min"] == 0
    assert options["rounds"]["min"] == 0 and "endless game" in options["rounds"]["description"]


def test_d4_a_bad_opener_is_a_bad_option(engine: EngineProcess) -> None:
    reply = engine.ask("new", game="pizzamania", players=3, seed=1, options={"opener": 3})
    assert error_code(reply) == "bad_option"
    assert reply["error"]["message"] == ("option 'opener': there is no seat 3 in a 3-player "
                                         "game (seats are 0 to 2)")
    view = ok(engine.ask("new", game="pizzamania", players=3, seed=1,
                         options={"opener": 2}))["view"]
    assert view["to_act"] == [2] and view["turner"] == 2


def test_d12_the_endless_choice_over_the_protocol(engine: EngineProcess) -> None:
    ok(engine.ask("new", game="pizzamania", players=2, seed=5, options={"rounds": 0}))
    for _ in range(500):
        view = ok(engine.ask("view", seat=None))["view"]
        if view["phase"] == "choose":
            break
        seat = view["to_act"][0]
        ok(engine.ask("act", seat=seat, action=ok(engine.ask("legal", seat=seat))["actions"][0]))
    assert view["to_act"] == [0, 1]
    for seat in (0, 1):
        assert ok(engine.ask("legal", seat=seat))["actions"] == ["continue", "stop"]
    reply = ok(engine.ask("act", seat=1, action="stop"))
    assert reply["events"] == [{"type": "choice", "seat": 1, "choice": "stop", "to": [1]},
                               {"type": "chosen", "seat": 1}]
    assert reply["view"]["choices"] == [None, "stop"] and reply["view"]["to_act"] == [0]
    assert ok(engine.ask("view", seat=0))["view"]["choices"] == [None, None]
    assert error_code(engine.ask("act", seat=1, action="continue")) == "not_your_turn"
    events = ok(engine.ask("act", seat=0, action="continue"))["events"]
    assert [e["type"] for e in events] == ["choice", "chosen", "choices", "game_end"]
    result = ok(engine.ask("result"))
    assert result["over"] is True and result["ranking"] == [[s] for s in result["rounds"][0]]
