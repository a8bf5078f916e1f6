"""Love Formula over the engine protocol, as a subprocess (`cardroom engine`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine_client import EngineProcess, error_code
from tests.games.love_formula.support import ORDINARY, packs_for

GAME = "love-formula"


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    proc = EngineProcess()
    yield proc
    proc.close()


def stacked(hands: list[list[str]]) -> dict[str, Any]:
    spare = [c for c in ORDINARY if c not in {x for h in hands for x in h}]
    return {"jobs": [["barista", "florist"]], "deck": [packs_for(2, hands, spare)]}


def draft_to(engine: EngineProcess, hands: list[list[str]]) -> None:
    while True:
        view = engine.ask("view", seat=None)["view"]
        if not view["phase"].startswith("draft"):
            return
        for seat in view["to_act"]:
            legal = engine.ask("legal", seat=seat)["actions"]
            pick = next((a for a in legal if a.split()[1] in hands[seat]), legal[0])
            assert engine.ask("act", seat=seat, action=pick)["ok"]


def test_the_game_is_listed_with_its_stack_sources(engine: EngineProcess) -> None:
    games = engine.ask("games")["games"]
    entry = next(g for g in games if g["id"] == GAME)
    assert entry["players"] == [2, 4] and entry["name"] == "Love Formula"
    assert "stack" in entry["options"]


def test_new_with_stack_then_draft_select_and_resolve(engine: EngineProcess) -> None:
    hands = [["kiss-1", "daisuke-chi"], ["home-1"]]
    reply = engine.ask("new", game=GAME, players=2, seed=5, options={"stack": stacked(hands)})
    assert reply["ok"] and reply["view"]["jobs"] == ["barista", "florist"]
    assert reply["view"]["phase"] == "draft-1"
    assert all(a.startswith("draft ") for a in engine.ask("legal", seat=0)["actions"])
    draft_to(engine, hands)
    legal = engine.ask("legal", seat=0)["actions"]
    assert "select kiss-1" in legal and "select barista" in legal
    assert engine.ask("act", seat=0, action="select daisuke-chi")["ok"]
    reply = engine.ask("act", seat=1, action="select florist")
    types = [e["type"] for e in reply["events"]]
    assert "reveal" in types and "couple" in types  # the couple resolved at once
    assert reply["view"]["zones"][0]["couples"][0]["card"] == "daisuke-chi"


def test_illegal_actions_are_refused_and_change_nothing(engine: EngineProcess) -> None:
    hands = [["not-today-1"], ["home-1"]]
    engine.ask("new", game=GAME, players=2, seed=5, options={"stack": stacked(hands)})
    draft_to(engine, hands)
    before = engine.ask("view", seat=None)["view"]
    for action in ("select not-today-1", "select home-1", "draft kiss-1", "resolve",
                   "target 1 daisuke-chi", "fly away", ""):
        reply = engine.ask("act", seat=0, action=action)
        assert error_code(reply) == "illegal_action", action
        assert engine.ask("view", seat=None)["view"] == before
    message = engine.ask("act", seat=0, action="select not-today-1")["error"]["message"]
    assert "reactions are never selected" in message
    assert error_code(engine.ask("act", seat=5, action="end")) == "bad_request"


def test_a_seat_view_hides_the_other_hand_and_the_deck(engine: EngineProcess) -> None:
    hands = [["kiss-1"], ["home-1", "amnesia-1"]]
    engine.ask("new", game=GAME, players=2, seed=5, options={"stack": stacked(hands)})
    draft_to(engine, hands)
    referee = engine.ask("view", seat=None)["view"]
    view = engine.ask("view", seat=0)["view"]
    text = json.dumps({k: v for k, v in view.items() if k != "log"})
    assert "hands" not in view and "deck" not in view and "packs" not in view
    hidden = set(referee["hands"][1]) - {"florist"}
    assert not [c for c in hidden if f'"{c}"' in text]
    engine.ask("act", seat=1, action="select amnesia-1")
    assert '"amnesia-1"' not in json.dumps(engine.ask("view", seat=0)["view"])


def test_a_whole_game_then_record_and_load(engine: EngineProcess) -> None:
    engine.ask("new", game=GAME, players=3, seed=21)
    steps = 0
    while True:
        view = engine.ask("view", seat=None)["view"]
        if view["over"]:
            break
        seat = view["to_act"][-1]
        actions = engine.ask("legal", seat=seat)["actions"]
        assert engine.ask("act", seat=seat, action=actions[steps % len(actions)])["ok"]
        steps += 1
    result = engine.ask("result")
    assert result["over"] and sorted(s for g in result["ranking"] for s in g) == [0, 1, 2]
    assert len(result["breakdown"]) == 3
    record = engine.ask("record")["record"]
    assert record["game"] == GAME and len(record["actions"]) == steps
    final = engine.ask("view", seat=None)["view"]
    engine.ask("new", game=GAME, players=2, seed=1)
    loaded = engine.ask("load", record=record)
    assert loaded["ok"] and loaded["view"] == final


def test_a_bad_stack_entry_is_a_bad_option(engine: EngineProcess) -> None:
    reply = engine.ask("new", game=GAME, players=2, seed=1,
                       options={"stack": {"deck": [["kiss-1", "nope"]]}})
    assert error_code(reply) == "bad_option" and "nope" in reply["error"]["message"]
