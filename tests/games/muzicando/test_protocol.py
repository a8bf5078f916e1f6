"""Muzicando over the engine protocol, as a subprocess: new with a stacked
deal, legal, act (bidding, plays with coordinates), illegal actions refused
with the state unchanged, seat views that hide other hands, record -> load."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.games.muzicando.support import ALL, BASE


class Engine:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardroom", "engine"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.count = 0

    def ask(self, cmd: str, **args: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.count += 1
        self.proc.stdin.write(json.dumps({"id": self.count, "cmd": cmd, **args}) + "\n")
        self.proc.stdin.flush()
        reply: dict[str, Any] = json.loads(self.proc.stdout.readline())
        assert reply["id"] == self.count
        return reply

    def ok(self, cmd: str, **args: Any) -> dict[str, Any]:
        reply = self.ask(cmd, **args)
        assert reply["ok"], reply
        return reply

    def close(self) -> None:
        self.ask("quit")
        self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    e = Engine()
    yield e
    e.close()


def test_games_lists_muzicando_with_its_options(engine: Engine) -> None:
    games = {g["id"]: g for g in engine.ok("games")["games"]}
    assert games["muzicando"]["players"] == [2, 8]
    assert set(games["muzicando"]["options"]) == {"mode", "deals", "bidding", "stack"}


def test_a_stacked_glissando_deal_over_the_protocol(engine: Engine) -> None:
    view = engine.ok("new", game="muzicando", players=4, seed=3,
                     options={"stack": {"deal": [BASE]}})["view"]
    assert set(view["hands"][1]) == set(BASE[1])
    assert engine.ok("legal", seat=1)["actions"][:3] == ["pass", "bid 1S", "bid 1G"]
    assert engine.ok("legal", seat=2)["actions"] == []
    for seat, call in [(1, "bid 1G"), (2, "pass"), (3, "pass"), (0, "pass")]:
        engine.ok("act", seat=seat, action=call)
    assert engine.ok("legal", seat=1)["actions"] == ["play DoR 0 0", "play SiV 0 0"]
    reply = engine.ok("act", seat=1, action="play DoR 0 0")
    assert reply["events"][0] == {"type": "play", "seat": 1, "card": "DoR", "x": 0, "y": 0}
    assert reply["view"]["table"]["cards"] == [["DoR", 0, 0]]
    legal = engine.ok("legal", seat=2)["actions"]
    assert "play ReR 1 0" in legal and "play ReR -1 0" in legal and "pass" not in legal


def test_illegal_actions_are_refused_and_change_nothing(engine: Engine) -> None:
    before = engine.ok("view", seat=None)["view"]
    for action in ["pass", "play ReR 5 5", "play LaR 1 0", "play DoR", "bid 2M", "dance"]:
        reply = engine.ask("act", seat=2, action=action)
        assert not reply["ok"] and reply["error"]["code"] == "illegal_action", action
        assert reply["error"]["message"] and reply["error"]["message"] != "invalid"
    reply = engine.ask("act", seat=0, action="pass")
    assert reply["error"]["code"] == "not_your_turn"
    assert engine.ok("view", seat=None)["view"] == before


def test_a_seat_view_hides_the_other_hands(engine: Engine) -> None:
    view = engine.ok("view", seat=2)["view"]
    assert "hands" not in view and view["hand"] and view["hand_sizes"] == [14, 13, 14, 14]
    text = json.dumps({k: v for k, v in view.items() if k != "log"})
    for code in BASE[0] + BASE[3]:
        assert f'"{code}"' not in text
    assert all(e.get("to") in (None, [2]) for e in view["log"])


def test_record_and_load_replay_the_game(engine: Engine) -> None:
    engine.ok("act", seat=2, action="play ReR 1 0")
    record = engine.ok("record")["record"]
    assert record["actions"][-1] == [2, "play ReR 1 0"]
    before = engine.ok("view", seat=None)["view"]
    loaded = engine.ok("load", record=record)["view"]
    assert loaded == before


def test_bad_stacks_and_options_are_bad_option(engine: Engine) -> None:
    for options, players in [({"stack": {"deal": [[["DoR"]]]}}, 4),
                             ({"mode": "partnership"}, 5),
                             ({"mode": "individual", "bidding": True}, 6)]:
        reply = engine.ask("new", game="muzicando", players=players, seed=1, options=options)
        assert reply["error"]["code"] == "bad_option", reply


def test_individual_choose_play_and_the_stacked_pile(engine: Engine) -> None:
    hands = [["ReR", "SiR", "SiO", "SiY", "SiG", "SiB", "SiI"],
             ["DoR", "LaR", "LaO", "LaY", "LaG", "LaB", "LaI"]]
    dealt = {c for hand in hands for c in hand}
    pile = [c for c in json.loads(json.dumps(ALL)) if c not in dealt]
    engine.ok("new", game="muzicando", players=2, seed=1,
              options={"mode": "individual", "stack": {"deal": [hands], "pile": [pile]}})
    assert engine.ok("legal", seat=1)["actions"] == ["choose S", "choose G", "choose P",
                                                     "choose M"]
    engine.ok("act", seat=1, action="choose M")
    engine.ok("act", seat=1, action="play DoR")
    assert engine.ok("legal", seat=0)["actions"] == ["pass", "play ReR"]
    reply = engine.ok("act", seat=0, action="pass")
    assert {"type": "draw", "seat": 0, "card": pile[0], "to": [0]} in reply["events"]
    other = engine.ok("view", seat=1)["view"]
    assert other["pile"] == len(pile) - 1
    assert not [e for e in other["log"] if e["type"] == "draw"]
