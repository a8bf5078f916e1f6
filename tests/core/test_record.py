from __future__ import annotations

import pytest

from cardroom.core.errors import BadRecord, IllegalAction
from cardroom.core.record import Record
from cardroom.core.registry import replay
from cardroom.games import get_game


def test_record_replays_to_the_same_state() -> None:
    state = get_game("papayoo").new(3, 11, {"rounds": 1})
    for _ in range(20):
        seat = state.to_act()[0]
        state.act(seat, state.legal_texts(seat)[0])
    again = replay(Record.from_json(state.record().to_json()))
    assert again.view(None) == state.view(None)


@pytest.mark.parametrize("bad", [
    [], {"game": 1, "players": 3, "seed": 1}, {"game": "papayoo", "players": "3", "seed": 1},
    {"game": "papayoo", "players": 3, "seed": 1, "actions": [[0]]},
    {"game": "papayoo", "players": 3, "seed": 1, "actions": "pass 1S"},
])
def test_malformed_records_say_what_is_wrong(bad: object) -> None:
    with pytest.raises(BadRecord) as err:
        Record.from_json(bad)
    assert "record" in err.value.message


def test_an_illegal_action_in_a_record_names_its_position() -> None:
    record = Record("papayoo", 3, 1, {}, [(0, "play 1S")])
    with pytest.raises(IllegalAction) as err:
        replay(record)
    assert "record action 1" in err.value.message
