"""The pages' string catalogs: every language has every key, every key the
modules use exists, every option and every event type an engine can emit
has its words, and translations keep the same placeholders."""

from __future__ import annotations

import json
import random
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from cardroom.games import all_games
from cardroom.protocol.session import Session

STATIC = Path(str(resources.files("cardroom.server") / "static"))
LANGS = ["en", "uk", "ru", "ja"]
PLURAL_FORMS = {"en": {"one", "other"}, "uk": {"one", "few", "many", "other"},
                "ru": {"one", "few", "many", "other"}, "ja": {"other"}}
GAMES = [g.describe() for g in all_games()]
GAME_IDS = [g["id"] for g in GAMES]
USED_KEY = re.compile(r"""\bt\(\s*["']([\w.-]+)["']""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def catalogs(stem: str) -> dict[str, dict[str, Any]]:
    return {lang: load(STATIC / stem.format(lang=lang)) for lang in LANGS}


SETS = {"shared": catalogs("i18n/{lang}.json"), "lobby": catalogs("i18n/lobby.{lang}.json"),
        **{g: catalogs(f"games/{g}/{{lang}}.json") for g in GAME_IDS}}


@pytest.mark.parametrize("name", list(SETS))
def test_every_language_has_every_key(name: str) -> None:
    english = set(SETS[name]["en"])
    for lang, catalog in SETS[name].items():
        assert set(catalog) == english, (
            f"{name} {lang}: missing {sorted(english - set(catalog))}, "
            f"extra {sorted(set(catalog) - english)}")


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


@pytest.mark.parametrize("name", list(SETS))
def test_translations_keep_placeholders_and_plural_forms(name: str) -> None:
    english = SETS[name]["en"]
    for lang, catalog in SETS[name].items():
        for key, value in catalog.items():
            if key == "rules":
                continue
            want = {p for s in strings(english[key]) for p in PLACEHOLDER.findall(s)}
            got = {p for s in strings(value) for p in PLACEHOLDER.findall(s)}
            assert got == want, f"{name} {lang} {key}: placeholders {got} != {want}"
            assert all(s.strip() for s in strings(value)), f"{name} {lang} {key} is empty"
            if isinstance(value, dict):
                assert set(value) == PLURAL_FORMS[lang], (
                    f"{name} {lang} {key}: plural forms {sorted(value)}, "
                    f"want {sorted(PLURAL_FORMS[lang])}")


@pytest.mark.parametrize("game", GAME_IDS)
def test_rules_are_whole_in_every_language(game: str) -> None:
    sizes = set()
    for lang, catalog in SETS[game].items():
        rules = catalog["rules"]
        assert isinstance(rules, list) and len(rules) >= 3, f"{game} {lang}: no rules"
        for section in rules:
            assert section["title"].strip() and section["body"], f"{game} {lang}: {section}"
            assert all(isinstance(p, str) and p.strip() for p in section["body"])
        sizes.add(len(rules))
    assert len(sizes) == 1, f"{game}: rules have {sizes} sections across languages"


@pytest.mark.parametrize("described", GAMES, ids=GAME_IDS)
def test_every_option_has_a_label_help_and_choice_words(described: dict[str, Any]) -> None:
    catalog = SETS[described["id"]]["en"]
    for name, option in described["options"].items():
        if name == "stack":
            continue  # for tests and puzzles; the lobby does not offer it
        assert f"option.{name}" in catalog and f"option.{name}.help" in catalog, name
        for choice in option.get("choices") or []:
            assert f"option.{name}.{choice}" in catalog, f"{name}: {choice}"


def option_variants(described: dict[str, Any]) -> list[dict[str, Any]]:
    """The default game, and each option's other values one at a time."""
    variants: list[dict[str, Any]] = [{}]
    for name, option in described["options"].items():
        if option["type"] == "bool":
            variants.append({name: not option["default"]})
        for choice in option.get("choices") or []:
            variants.append({name: choice})
    return variants


def event_types(game: str, players: int, options: dict[str, Any], seed: int) -> set[str]:
    session = Session()
    started = session.handle({"cmd": "new", "game": game, "players": players, "seed": seed,
                              "options": options})
    if not started["ok"]:
        return set()  # an option that needs another one first (e.g. a goals variant)
    rng = random.Random(seed)
    for _ in range(5000):
        view = session.handle({"cmd": "view", "seat": None})["view"]
        if view["over"]:
            break
        seat = view["to_act"][0]
        actions = session.handle({"cmd": "legal", "seat": seat})["actions"]
        session.handle({"cmd": "act", "seat": seat, "action": rng.choice(actions)})
    log = session.handle({"cmd": "view", "seat": None})["view"]["log"]
    return {event["type"] for event in log}


@pytest.mark.parametrize("described", GAMES, ids=GAME_IDS)
def test_every_event_type_has_a_sentence(described: dict[str, Any]) -> None:
    game, (low, high) = described["id"], described["players"]
    seen: set[str] = set()
    for number, options in enumerate(option_variants(described)):
        for players in {low, high}:
            seen |= event_types(game, players, options, number)
    keys = SETS[game]["en"]
    # A type may be told in several forms: event.<type>.<form> (take.discard).
    missing = sorted(t for t in seen if f"event.{t}" not in keys
                     and not any(k.startswith(f"event.{t}.") for k in keys))
    assert seen and not missing, f"{game}: no sentence for {missing}"


def modules() -> list[tuple[str, Path]]:
    games = STATIC / "games"
    shell = [("shared", p) for p in sorted(STATIC.rglob("*.js")) if games not in p.parents]
    return shell + [(g, p) for g in GAME_IDS for p in (games / g).glob("*.js")]


@pytest.mark.parametrize(("owner", "path"), modules(), ids=lambda v: str(v))
def test_every_key_a_module_names_exists(owner: str, path: Path) -> None:
    pool = {**SETS["shared"]["en"], **SETS["lobby"]["en"]}
    if owner != "shared":
        pool.update(SETS[owner]["en"])
    every_game = set.intersection(*(set(SETS[g]["en"]) for g in GAME_IDS))
    used = set(USED_KEY.findall(path.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if k not in pool and k not in every_game)
    assert not missing, f"{path.name} uses keys no catalog has: {missing}"
