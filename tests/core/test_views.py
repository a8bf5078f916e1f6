"""The view machinery's quick paths give what the plain ones give."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any

import pytest

from cardroom.core.cardset import CardCodes
from cardroom.core.events import PUBLIC
from cardroom.core.game import Game, State
from cardroom.core.rng import Rng
from cardroom.core.views import Memo, absent_when_none, builder, json_builder, prepare, to_json
from cardroom.games import all_games


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Part:
    name: str
    cards: tuple[str, ...]
    size: int | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class _Trick:
    plays: tuple[tuple[int, str], ...]
    winner: int = -1
    """A positional field with a default."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Bid:
    level: int
    bonus: int | None = absent_when_none()


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Table:
    round: int
    trick: _Trick | None
    taken: tuple[tuple[str, ...], ...]
    bonus: int | None = absent_when_none("in")
    out: tuple[str, ...]
    """Named as the generated code's own variables might be."""
    dict: Mapping[str, int]
    """Named as a built-in the generated code calls."""
    call: _Trick | _Bid | None
    """A union of parts: each written by its own class."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class _Unslotted:
    """A part the quick paths do not apply to: its JSON builder builds it."""

    name: str
    cards: tuple[str, ...] = ()


def _same(made: dict[str, Any], written: dict[str, Any]) -> None:
    """Equal values (lists, not tuples) and the keys in the same order."""
    assert made == written and list(made) == list(written)


def test_a_parts_json_builder_writes_what_its_writer_writes() -> None:
    trick = _Trick(((0, "7S"), (1, "1H")), 1)
    cases = [dict(round=1, trick=None, taken=(), out=(), dict={}, call=None),
             dict(round=2, trick=trick, taken=(("a",), ()), bonus=5, out=("x", "y"),
                  dict={"a": 1}, call=_Bid(3, bonus=2)),
             dict(round=3, trick=_Trick(()), taken=(), out=(), dict={}, call=trick)]
    for fields in cases:
        made = json_builder(_Table)(**fields)
        _same(made, to_json(_Table(**fields)))
    assert list(made) == ["round", "trick", "taken", "out", "dict", "call"]
    assert made["trick"] == {"plays": [], "winner": -1}
    assert made["call"] == {"plays": [[0, "7S"], [1, "1H"]], "winner": 1}
    assert json_builder(_Table)(**cases[1])["in"] == 5
    _same(json_builder(_Unslotted)(name="a", cards=("1",)), {"name": "a", "cards": ["1"]})


def test_a_memo_empties_itself_at_its_limit() -> None:
    memo: Memo[int, str] = Memo(limit=3)
    for key in range(3):
        memo.keep(key, str(key))
    assert len(memo) == 3
    assert memo.keep(3, "3") == "3"
    assert dict(memo) == {3: "3"}


def test_a_part_built_by_its_builder_equals_one_built_by_its_class() -> None:
    prepare(_Part)
    make = builder(_Part)
    assert make is not _Part
    built = make(name="a", cards=("1", "2"))
    assert built == _Part(name="a", cards=("1", "2")) and built.size is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.name = "b"  # type: ignore[misc]


@pytest.mark.parametrize("size", [5, 8, 36, 60, 64, 70])
def test_codes_of_a_mask_as_a_tuple_are_its_codes_in_order(size: int) -> None:
    codes = CardCodes([f"c{i}" for i in range(size)])
    rng = random.Random(size)
    masks = [0, 1, (1 << size) - 1, 1 << (size - 1)]
    masks += [rng.randrange(1 << size) for _ in range(200)]
    for mask in masks:
        assert codes.tuple_of(mask) == tuple(codes.of(mask))


GAMES = sorted(all_games(), key=lambda g: g.id)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_json_view_is_the_typed_views_json_for_every_viewer(game: Game) -> None:
    """``State.view`` writes the JSON from the state's fields without the
    ``View``; it must stay what ``seen(...).to_json()`` gives."""
    state = game.new(game.min_players, 5)
    rng = Rng(9)
    for _ in range(80):
        for viewer in [*range(state.players), PUBLIC, None]:
            for since, log in ((0, True), (3, False)):
                _same(state.view(viewer, since, log), state.seen(viewer, since, log).to_json())
        if state.is_over():
            break
        seat = min(state.to_act())
        state.act(seat, rng.choice(state.legal_texts(seat)))


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_games_table_json_is_what_the_default_writes_from_its_table_view(game: Game) -> None:
    """A game that writes only ``table_view`` gets ``table_json`` from the
    base class: the same JSON, keys in the same order."""
    state = game.new(game.max_players, 3)
    rng = Rng(4)
    for _ in range(40):
        for viewer in [*range(state.players), PUBLIC, None]:
            _same(state.table_json(viewer), State.table_json(state, viewer))
        if state.is_over():
            break
        seat = min(state.to_act())
        state.act(seat, rng.choice(state.legal_texts(seat)))
