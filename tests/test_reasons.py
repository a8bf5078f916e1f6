"""The rules' reasons for a refused action carry a key and facts
(core.errors.Reason), so that the page can say them in every language:
every key a game uses has its words in all four catalogs, and those words
name only facts the reason gives."""

from __future__ import annotations

import json
import pickle
import random
import re
from pathlib import Path

import pytest

from cardroom.core.errors import CardroomError, IllegalAction, Reason
from cardroom.core.game import Game
from cardroom.games import all_games
from cardroom.protocol.session import Session

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "src/cardroom/server/static/games"
LANGUAGES = ("en", "uk", "ru", "ja")
GAMES = all_games()
KEY = re.compile(r"""Reason\(\s*["'](\w+)["']""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def package_of(game: Game) -> Path:
    return ROOT / "src/cardroom/games" / game.id.replace("-", "_")


def keys_in_source(game: Game) -> set[str]:
    return {key for path in package_of(game).rglob("*.py")
            for key in KEY.findall(path.read_text(encoding="utf-8"))}


def catalog(game: Game, lang: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((STATIC / game.id / f"{lang}.json").read_text("utf-8"))
    return data


def texts(value: object) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [str(value)]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_reason_key_has_its_words_in_every_language(game: Game) -> None:
    keys = keys_in_source(game)
    assert keys, f"{game.id} gives no Reason: its refusals stay English on the page"
    for lang in LANGUAGES:
        words = catalog(game, lang)
        missing = sorted(k for k in keys if f"reason.{k}" not in words)
        assert not missing, f"{game.id} {lang}: no words for {missing}"
        unused = sorted(k for k in words if k.startswith("reason.")
                        and k.removeprefix("reason.") not in keys)
        assert not unused, f"{game.id} {lang}: words for reasons never given: {unused}"


def refusals(game: Game, seed: int, tries: int = 300) -> list[Reason]:
    """Reasons the rules give along a random game, for actions tried at
    random from every action the game can name."""
    rng = random.Random(seed)
    state = game.new(game.min_players + (seed % 2) * (game.max_players > game.min_players),
                     seed, {})
    found: list[Reason] = []
    count = game.num_distinct_actions()
    for _ in range(tries):
        if state.is_over():
            break
        seat = state.to_act()[0]
        for _ in range(5):
            action = game.action_from_index(rng.randrange(count))
            reason = state.illegal_reason(seat, action)
            if isinstance(reason, Reason):
                found.append(reason)
        state.act(seat, rng.choice(state.legal_texts(seat)))
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_words_name_only_the_facts_a_reason_gives(game: Game) -> None:
    seen = [r for seed in (1, 2) for r in refusals(game, seed)]
    assert seen, f"no Reason met in {game.id}'s random games"
    for lang in LANGUAGES:
        words = catalog(game, lang)
        for reason in seen:
            json.dumps(reason.to_json())  # the facts travel as JSON
            for text in texts(words[f"reason.{reason.key}"]):
                wanted = set(PLACEHOLDER.findall(text)) - {"n"}
                assert wanted <= set(reason.params), (game.id, lang, reason.key, wanted)


def test_a_reason_travels_whole() -> None:
    reason = Reason("not_held", "you do not hold 2S", card="2S")
    again = pickle.loads(pickle.dumps(reason))
    assert again == "you do not hold 2S" and again.key == "not_held"
    assert again.params == {"card": "2S"}
    error = IllegalAction(reason).to_json()
    assert error == {"code": "illegal_action", "message": "you do not hold 2S",
                     "reason": {"key": "not_held", "params": {"card": "2S"}}}
    assert "reason" not in CardroomError("plain words").to_json()


def test_the_engine_protocol_gives_the_reason() -> None:
    session = Session()
    session.handle({"id": 1, "cmd": "new", "game": "papayoo", "players": 3, "seed": 1})
    legal = session.handle({"id": 2, "cmd": "legal", "seat": 0})["actions"]
    held = {a.split()[1] for a in legal}
    missing = next(f"{v}{s}" for s in "SHDC" for v in range(1, 11) if f"{v}{s}" not in held)
    answer = session.handle({"id": 3, "cmd": "act", "seat": 0, "action": f"pass {missing}"})
    assert answer["error"]["reason"] == {"key": "not_held", "params": {"card": missing}}
