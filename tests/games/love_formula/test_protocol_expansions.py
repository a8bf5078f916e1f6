"""The expansions over the engine protocol, as a subprocess (`cardroom engine`):
options, the stacked sources chance, goals and vp, hidden VP cards in seat
views, a refused action during a chance card, and record then load."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine_client import EngineProcess, error_code, ok
from tests.games.love_formula.support import ORDINARY, packs_for

GAME = "love-formula"
EVERYTHING = {"chance": True, "goals": True, "promo": "add"}


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    proc = EngineProcess()
    yield proc
    proc.close()


def draft_through(engine: EngineProcess) -> None:
    while engine.ask("view", seat=None)["view"]["phase"].startswith("draft"):
        view = engine.ask("view", seat=None)["view"]
        for seat in view["to_act"]:
            legal = engine.ask("legal", seat=seat)["actions"]
            ok(engine.ask("act", seat=seat, action=legal[0]))


def test_the_expansion_options_are_listed(engine: EngineProcess) -> None:
    entry = next(g for g in engine.ask("games")["games"] if g["id"] == GAME)
    options = entry["options"]
    assert options["chance"]["type"] == "bool" and options["goals"]["default"] is False
    assert options["goals_variant"]["choices"] == ["standard", "equal", "open", "hidden",
                                                   "planned"]
    assert options["promo"]["choices"] == ["none", "replace", "add"]
    assert {"goal_vp", "first_goals", "end_goals"} <= set(options)


def stacked_new(engine: EngineProcess, chance: list[str]) -> dict[str, Any]:
    spare = [c for c in ORDINARY if c != "home-1"]
    stack = {"jobs": [["barista", "florist"]], "deck": [[*packs_for(2, [], spare), "home-1"]],
             "chance": [chance], "goals": [["sorry-not-sorry", "cupid", "first-date"]],
             "vp": [["vp-6-1", "vp-3-1", "vp-2-1"]]}
    reply = ok(engine.ask("new", game=GAME, players=2, seed=3,
                          options={"chance": True, "goals": True, "stack": stack}))
    view: dict[str, Any] = reply["view"]
    return view


def test_new_with_stacked_chance_goals_and_vp(engine: EngineProcess) -> None:
    ref = stacked_new(engine, ["senpai-noticed-me-2", "pop-quiz-1"])
    assert ref["chance"]["deck"][:2] == ["senpai-noticed-me-2", "pop-quiz-1"]
    assert [g["vp_card"] for g in ref["goals"]["row"]] == ["vp-6-1", "vp-3-1", "vp-2-1"]
    draft_through(engine)
    view = engine.ask("view", seat=0)["view"]
    assert view["chance"]["card"] == "senpai-noticed-me-2" and view["chance"]["revealer"] == 0
    assert "home-1" in view["hand"]  # Senpai Noticed Me!: its revealer drew a card
    assert "select barista" in engine.ask("legal", seat=0)["actions"]


def test_seat_views_hide_face_down_vp_cards(engine: EngineProcess) -> None:
    stacked_new(engine, ["senpai-noticed-me-2"])
    for seat in (0, 1):
        view = engine.ask("view", seat=seat)["view"]
        text = json.dumps(view)
        assert not [c for c in ("vp-6-1", "vp-3-1", "vp-2-1") if f'"{c}"' in text]
        assert all(g["vp"] is None for g in view["goals"]["row"])
        assert "deck" not in view["chance"]
    assert "vp-6-1" in json.dumps(engine.ask("view", seat=None)["view"])


def test_a_refused_action_during_a_chance_card_changes_nothing(engine: EngineProcess) -> None:
    stacked_new(engine, ["pop-quiz-1"])
    draft_through(engine)
    before = engine.ask("view", seat=None)["view"]
    assert before["choice"] == "discard" and before["to_act"] == [0]
    for action in ("discard barista", "select kiss-1", "discard nothing", "pass"):
        reply = engine.ask("act", seat=0, action=action)
        assert error_code(reply) == "illegal_action", action
        assert engine.ask("view", seat=None)["view"] == before
    message = engine.ask("act", seat=0, action="discard barista")["error"]["message"]
    assert "never your Part-Time Job" in message
    assert error_code(engine.ask("act", seat=1, action="discard kiss-1")) == "not_your_turn"


@pytest.mark.parametrize("options, words", [
    ({"goals_variant": "hidden"}, "set 'goals' to true"),
    ({"stack": {"chance": [["pop-quiz-1"]]}}, "the Chance expansion is off"),
    ({"promo": "everything"}, "must be one of none, replace, add"),
    ({"chance": True, "first_revealer": 2}, "seat 2 is not at the table"),
    ({"goals": True, "goals_variant": "planned", "goal_cards": ["kiss-1"]},
     "kiss-1 is no goal card"),
    ({"promo_parks": "replace-9"}, "must be one of out, add, replace-1"),
])
def test_bad_expansion_options_are_bad_options(engine: EngineProcess, options: dict[str, Any],
                                               words: str) -> None:
    reply = engine.ask("new", game=GAME, players=2, seed=1, options=options)
    assert error_code(reply) == "bad_option" and words in reply["error"]["message"]


def test_d6_d7_d8_options_over_the_protocol_then_record_and_load(
        engine: EngineProcess) -> None:
    options = {"chance": True, "first_revealer": 1, "goals": True, "goals_variant": "planned",
               "goal_cards": ["cupid", "first-date"], "promo_parks": "replace-2",
               "promo_jobs": "mixed"}
    entry = next(g for g in engine.ask("games")["games"] if g["id"] == GAME)
    assert entry["options"]["goal_cards"]["type"] == "list"
    assert entry["options"]["first_revealer"]["default"] == 0
    view = ok(engine.ask("new", game=GAME, players=2, seed=4, options=options))["view"]
    assert [g["goal"] for g in view["goals"]["row"]][:2] == ["cupid", "first-date"]
    draft_through(engine)
    assert engine.ask("view", seat=0)["view"]["chance"]["revealer"] == 1
    record = engine.ask("record")["record"]
    assert record["options"] == options
    before = engine.ask("view", seat=None)["view"]
    assert ok(engine.ask("load", record=record))["view"] == before


def test_a_whole_game_with_every_expansion_then_record_and_load(engine: EngineProcess) -> None:
    ok(engine.ask("new", game=GAME, players=3, seed=17, options=EVERYTHING))
    steps = 0
    while not (view := engine.ask("view", seat=None)["view"])["over"]:
        seat = view["to_act"][0]
        actions = engine.ask("legal", seat=seat)["actions"]
        ok(engine.ask("act", seat=seat, action=actions[steps * 7 % len(actions)]))
        steps += 1
    result = engine.ask("result")
    assert result["over"] and all("goals" in b for b in result["breakdown"])
    record = engine.ask("record")["record"]
    assert record["options"] == EVERYTHING and len(record["actions"]) == steps
    ok(engine.ask("new", game=GAME, players=2, seed=1))
    loaded = ok(engine.ask("load", record=record))
    assert loaded["view"] == view
