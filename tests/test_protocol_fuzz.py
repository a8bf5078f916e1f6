"""Hostile and malformed protocol lines (issue 20): each gets exactly one
standard JSON reply with a documented error code (or succeeds), and a
refused line leaves the game exactly as it was."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.protocol.session import Session
from cardroom.protocol.stdio import answer

CODES = {"bad_json", "bad_request", "unknown_game", "bad_option", "no_game", "not_your_turn",
         "illegal_action", "game_over"}
COMMANDS = ["games", "new", "view", "legal", "act", "suggest", "result", "record", "load",
            "quit", "dance", "", None]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
                    st.sampled_from(["public", "papayoo", "play 7S", "pass", "NaN", "-1"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
requests = st.fixed_dictionaries(
    {"cmd": st.sampled_from(COMMANDS)},
    optional={"id": values, "seat": values, "action": values, "game": values,
              "players": values, "seed": values, "options": values, "since": values,
              "bot": values, "budget": values, "record": values})


def as_line(request: Any) -> bytes:
    return json.dumps(request).encode()


hostile = st.one_of(
    requests.map(as_line),
    values.map(as_line),
    st.binary(max_size=60),
    st.sampled_from([b'{"id":NaN,"cmd":"quit"}', b'{"cmd":"view","seat":Infinity}',
                     b"[" * 5000 + b"]" * 5000, b'{"cmd":"act","seat":0,"action":"\\ud800"}',
                     b'{"id":"\\xff","cmd":"games"}', b'{"cmd": "new"', b"\\x00\\x00",
                     b'{"cmd":"suggest","seat":0,"bot":"ismcts","budget":{"ms":1e308}}',
                     b'{"cmd":"suggest","seat":0,"bot":"ismcts","budget":{"iterations":1e18}}']),
)


def referee(session: Session) -> str:
    reply = session.handle({"cmd": "view", "seat": None})
    return json.dumps(reply, sort_keys=True)


@settings(max_examples=300, deadline=None)
@given(line=hostile)
def test_every_line_gets_one_json_reply_and_a_refusal_changes_nothing(line: bytes) -> None:
    session = Session()
    assert session.handle({"cmd": "new", "game": "papayoo", "players": 4, "seed": 3})["ok"]
    before = referee(session)
    reply = answer(session, line)
    if reply is None:
        assert not line.decode("utf-8").strip()
        return
    text = json.dumps(reply, allow_nan=False)  # standard JSON, one line
    assert "\n" not in text and json.loads(text) == reply
    if reply["ok"] is False:
        assert reply["error"]["code"] in CODES, reply
        assert reply["error"]["message"] and reply["error"]["message"] != "invalid"
        assert referee(session) == before, f"refused {line!r} but the game changed"
