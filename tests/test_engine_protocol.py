"""The engine protocol driven as a subprocess, as any outside client would."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.engine_client import EngineProcess, error_code


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    proc = EngineProcess()
    yield proc
    proc.close()


def test_games_lists_ids_players_and_typed_options(engine: EngineProcess) -> None:
    reply = engine.ask("games", id=7)
    assert reply["ok"] and reply["id"] == 7
    papayoo = next(g for g in reply["games"] if g["id"] == "papayoo")
    assert papayoo["players"] == [3, 8] and papayoo["name"] == "Papayoo"
    assert papayoo["options"]["rounds"]["type"] == "int"
    assert "description" in papayoo["options"]["stack"]


def test_a_whole_game_over_the_protocol(engine: EngineProcess) -> None:
    reply = engine.ask("new", game="papayoo", players=3, seed=4, options={"rounds": 1})
    assert reply["ok"] and reply["view"]["seat"] is None and reply["view"]["phase"] == "pass"
    steps = 0
    while True:
        view = engine.ask("view", seat=None)["view"]
        if view["over"]:
            break
        seat = view["to_act"][0]
        actions = engine.ask("legal", seat=seat)["actions"]
        reply = engine.ask("act", seat=seat, action=actions[0])
        assert reply["ok"], reply
        assert reply["view"]["seat"] == seat and isinstance(reply["events"], list)
        steps += 1
    assert steps == 3 * 5 + 60
    result = engine.ask("result")
    assert result["over"] is True and sum(result["scores"]) == 250
    assert sorted(s for group in result["ranking"] for s in group) == [0, 1, 2]
    assert engine.ask("legal", seat=0)["actions"] == []
    assert error_code(engine.ask("act", seat=0, action="play 1S")) == "game_over"


def test_stack_fixes_the_papayoo_suit(engine: EngineProcess) -> None:
    engine.ask("new", game="papayoo", players=4, seed=1, options={"stack": {"die": ["H"]}})
    events: list[dict[str, object]] = []
    for seat in range(4):
        for action in engine.ask("legal", seat=seat)["actions"][:5]:
            events = engine.ask("act", seat=seat, action=action)["events"]
    assert {"type": "die", "suit": "H", "papayoo": "7H"} in events


def test_act_returns_the_events_it_caused_including_follow_ups(engine: EngineProcess) -> None:
    engine.ask("new", game="papayoo", players=3, seed=2, options={"stack": {"die": ["D"]}})
    for seat in (0, 1, 2):
        for action in engine.ask("legal", seat=seat)["actions"][:5]:
            last = engine.ask("act", seat=seat, action=action)
    types = [e["type"] for e in last["events"]]
    assert types[-2:] == ["received", "die"] or "die" in types
    received = [e for e in last["events"] if e["type"] == "received"]
    assert all(2 in e["to"] for e in received), "only what seat 2 may see"


def test_views_hide_other_hands_and_choices(engine: EngineProcess) -> None:
    referee = engine.ask("new", game="papayoo", players=4, seed=3)["view"]
    card = referee["hands"][1][0]
    engine.ask("act", seat=1, action=f"pass {card}")
    for seat in (0, 2, 3):
        view = engine.ask("view", seat=seat)["view"]
        assert "hands" not in view and card not in json.dumps(view["hand"])
        assert view["chosen"] == []
    assert engine.ask("view", seat=1)["view"]["chosen"] == [card]


@pytest.mark.parametrize("line, code", [
    (b"this is not json", "bad_json"),
    (b"{\"cmd\": ", "bad_json"),
    (b"\xff\xfe garbage", "bad_json"),
    (b"[1, 2]", "bad_request"),
    (b"{\"cmd\": \"dance\"}", "bad_request"),
    (b"{\"id\": 3}", "bad_request"),
    (b"{\"cmd\": \"new\", \"game\": \"chess\", \"players\": 2}", "unknown_game"),
    (b"{\"cmd\": \"new\", \"game\": \"papayoo\", \"players\": 9}", "bad_option"),
    (b"{\"cmd\": \"new\", \"game\": \"papayoo\", \"players\": 4, \"options\": {\"rounds\": 0}}",
     "bad_option"),
    (b"{\"cmd\": \"new\", \"game\": \"papayoo\", \"players\": 4, \"options\": {\"speed\": 1}}",
     "bad_option"),
    (b"{\"cmd\": \"new\", \"game\": \"papayoo\", \"players\": \"four\"}", "bad_request"),
    (b"{\"cmd\": \"new\", \"game\": \"papayoo\"}", "bad_request"),
    (b"{\"cmd\": \"view\", \"seat\": 0}", "no_game"),
    (b"{\"cmd\": \"result\"}", "no_game"),
    (b"{\"cmd\": \"record\"}", "no_game"),
])
def test_malformed_and_wrong_requests_get_error_codes(
    engine: EngineProcess, line: bytes, code: str
) -> None:
    reply = engine.send_raw(line)
    assert error_code(reply) == code
    if code == "bad_json":
        assert reply["id"] is None
    assert engine.ask("games")["ok"], "the engine keeps serving"


def test_ids_are_echoed_on_errors(engine: EngineProcess) -> None:
    reply = engine.send_raw(b'{"id": "x1", "cmd": "view", "seat": 0}')
    assert reply["id"] == "x1" and error_code(reply) == "no_game"


def test_illegal_and_out_of_turn_actions_change_nothing(engine: EngineProcess) -> None:
    engine.ask("new", game="papayoo", players=3, seed=9, options={"rounds": 1})
    for seat in (0, 1, 2):
        for action in engine.ask("legal", seat=seat)["actions"][:5]:
            engine.ask("act", seat=seat, action=action)
    before = engine.ask("view", seat=None)["view"]
    assert before["to_act"] == [0]
    hand1 = engine.ask("view", seat=1)["view"]["hand"]
    cases = [
        ({"seat": 1, "action": f"play {hand1[0]}"}, "not_your_turn"),
        ({"seat": 0, "action": f"play {hand1[0]}"}, "illegal_action"),
        ({"seat": 0, "action": "dance"}, "illegal_action"),
        ({"seat": 0, "action": "pass 3S"}, "illegal_action"),
        ({"seat": 7, "action": "play 3S"}, "bad_request"),
        ({"seat": "0", "action": "play 3S"}, "bad_request"),
        ({"seat": 0}, "bad_request"),
    ]
    for args, code in cases:
        reply = engine.ask("act", **args)
        assert error_code(reply) == code, (args, reply)
        assert engine.ask("view", seat=None)["view"] == before
    message = engine.ask("act", seat=0, action=f"play {hand1[0]}")["error"]["message"]
    assert "do not hold" in message


def test_suggest_names_a_legal_action_and_applies_nothing(engine: EngineProcess) -> None:
    engine.ask("new", game="papayoo", players=4, seed=5)
    before = engine.ask("view", seat=None)["view"]
    legal = engine.ask("legal", seat=2)["actions"]
    for bot in ("random", "heuristic"):
        reply = engine.ask("suggest", seat=2, bot=bot, seed=1)
        assert reply["ok"] and reply["action"] in legal
    assert engine.ask("suggest", seat=2, bot="heuristic", seed=1) == engine.ask(
        "suggest", seat=2, bot="heuristic", seed=1)
    assert engine.ask("view", seat=None)["view"] == before
    assert error_code(engine.ask("suggest", seat=2, bot="oracle")) == "bad_request"
    # Issue 16: a search adds the moves it weighed; ``action`` stays as it was.
    searched = engine.ask("suggest", seat=2, bot="ismcts", budget={"iterations": 40}, seed=1)
    assert searched["top"][0]["action"] == searched["action"] in legal
    assert "top" not in engine.ask("suggest", seat=2, bot="medium", seed=1)


def test_record_and_load_replay_exactly(engine: EngineProcess) -> None:
    engine.ask("new", game="papayoo", players=3, seed=12, options={"rounds": 1})
    for _ in range(25):
        view = engine.ask("view", seat=None)["view"]
        seat = view["to_act"][-1]
        engine.ask("act", seat=seat, action=engine.ask("legal", seat=seat)["actions"][-1])
    record = engine.ask("record")["record"]
    assert record["game"] == "papayoo" and record["seed"] == 12 and len(record["actions"]) == 25
    before = engine.ask("view", seat=None)["view"]
    engine.ask("new", game="papayoo", players=5, seed=1)
    loaded = engine.ask("load", record=record)
    assert loaded["ok"] and loaded["view"] == before


def test_loading_a_record_with_an_illegal_action_leaves_no_game(engine: EngineProcess) -> None:
    engine.ask("new", game="papayoo", players=3, seed=12)
    record = engine.ask("record")["record"]
    record["actions"] = [[0, "play 99Z"]]
    assert error_code(engine.ask("load", record=record)) == "illegal_action"
    assert error_code(engine.ask("view", seat=None)) == "no_game"
    assert error_code(engine.ask("load", record={"game": "papayoo"})) == "bad_request"


def test_new_without_seed_picks_one_and_records_it(engine: EngineProcess) -> None:
    view = engine.ask("new", game="papayoo", players=3)["view"]
    assert isinstance(view["seed"], int)
    assert engine.ask("record")["record"]["seed"] == view["seed"]


def test_quit_answers_then_exits_zero() -> None:
    proc = EngineProcess()
    assert proc.ask("quit", id=1) == {"id": 1, "ok": True}
    assert proc.close() == 0


def test_end_of_input_ends_the_engine_cleanly() -> None:
    proc = EngineProcess()
    proc.ask("games")
    assert proc.close() == 0


def test_load_works_as_the_first_command() -> None:
    first = EngineProcess()
    first.ask("new", game="papayoo", players=3, seed=2)
    record = first.ask("record")["record"]
    first.close()
    fresh = EngineProcess()
    assert fresh.ask("load", record=record)["ok"]
    fresh.close()


def test_every_view_counts_its_log_and_since_fetches_only_what_is_new(
    engine: EngineProcess,
) -> None:
    engine.ask("new", game="papayoo", players=4, seed=8)
    first = engine.ask("view", seat=2)["view"]
    assert first["log_size"] == len(first["log"]) > 0
    card = first["hand"][0]
    reply = engine.ask("act", seat=2, action=f"pass {card}")
    assert "log" not in reply["view"], "the acting seat's act reply carries no log"
    assert reply["view"]["log_size"] == first["log_size"] + len(reply["events"])
    newer = engine.ask("view", seat=2, since=first["log_size"])["view"]
    assert newer["log"] == reply["events"]
    assert newer["log_size"] == reply["view"]["log_size"]
    assert engine.ask("view", seat=2, since=10_000)["view"]["log"] == []
    # Each viewer counts in its own log: seat 0 did not see the pass.
    seat0 = engine.ask("view", seat=0)["view"]
    assert seat0["log_size"] == len(seat0["log"]) < newer["log_size"]
    referee = engine.ask("view", seat=None)["view"]
    assert referee["log_size"] == len(referee["log"]) >= newer["log_size"]


def test_the_public_view_shows_no_hand_and_no_private_event(engine: EngineProcess) -> None:
    referee = engine.ask("new", game="papayoo", players=4, seed=3)["view"]
    card = referee["hands"][1][0]
    engine.ask("act", seat=1, action=f"pass {card}")
    public = engine.ask("view", seat="public")["view"]
    assert public["seat"] == "public" and public["log_size"] == len(public["log"])
    assert "hand" not in public and "hands" not in public and "seed" not in public
    assert all("to" not in e for e in public["log"])
    assert card not in json.dumps({k: v for k, v in public.items() if k != "log"})
    for hand in referee["hands"]:
        assert not set(hand) & set(json.dumps(public["log"]).split('"'))


@pytest.mark.parametrize("seat", ["everyone", -1, 4, 1.5, True, [0]])
def test_a_viewer_that_is_no_seat_is_refused(engine: EngineProcess, seat: object) -> None:
    engine.ask("new", game="papayoo", players=4, seed=3)
    assert error_code(engine.ask("view", seat=seat)) == "bad_request"


@pytest.mark.parametrize("since", [-1, "3", 1.5])
def test_a_bad_since_is_refused(engine: EngineProcess, since: object) -> None:
    engine.ask("new", game="papayoo", players=4, seed=3)
    assert error_code(engine.ask("view", seat=0, since=since)) == "bad_request"


def test_suggest_does_not_depend_on_the_game_seed() -> None:
    """Two games with the same deal but different seeds: a seedless random
    suggestion must not be a function of the game's seed (which decides
    every hidden card)."""
    engine = EngineProcess()
    try:
        picks = set()
        for _ in range(12):
            engine.ask("new", game="papayoo", players=4, seed=5)
            picks.add(engine.ask("suggest", seat=0, bot="random")["action"])
        assert len(picks) > 1
    finally:
        engine.close()
