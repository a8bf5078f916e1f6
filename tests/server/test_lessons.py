"""Lessons over real HTTP and WebSockets (issue 41): a lesson's table is
dealt from the game's lesson, its scripted seats play their script, the
learner can play only what each step asks, and nobody else sees it."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from cardroom.core.lessons import Lesson, load_lesson
from cardroom.games import all_games, get_game
from tests.server.support import LiveServer, WsClient, sqlite_url

LESSONS = [(game.id, lesson) for game in all_games()
           if (lesson := load_lesson(game)) is not None]


def start(server: LiveServer, game: str, name: str = "Ada") -> dict[str, Any]:
    answer = server.http.post(f"/api/lessons/{game}", json={"name": name})
    assert answer.status_code == 200, answer.text
    made: dict[str, Any] = answer.json()
    return made


def legal_when(client: WsClient, wanted: str | None, timeout: float = 30) -> list[str]:
    """The learner's legal moves once ``wanted`` is one of them (None: once
    the learner has any, or the game is over)."""
    deadline = time.monotonic() + timeout
    while True:
        legal: list[str] = client.ok("legal")["actions"]
        if (wanted in legal) if wanted is not None else bool(legal):
            return legal
        if wanted is None and client.ok("view")["view"]["over"]:
            return legal
        assert time.monotonic() < deadline, f"{wanted} never became legal (legal: {legal})"
        time.sleep(0.02)


def play_lesson(client: WsClient, lesson: Lesson) -> None:
    """The learner plays every step, trying another legal move first where
    there is one (refused in the lesson's words, nothing changes)."""
    for step in lesson.steps:
        if not step.do:
            legal_when(client, None)
        for action in step.do:
            legal = legal_when(client, action)
            other = next((a for a in legal if a != action), None)
            if other is not None:
                refused = client.request("act", action=other)
                assert refused["error"]["code"] == "illegal_action", refused
                assert "lesson asks for another move" in refused["error"]["message"]
            client.ok("act", action=action)


@pytest.mark.parametrize("game, lesson", LESSONS, ids=[g for g, _ in LESSONS])
def test_a_lesson_plays_through_on_the_server(tmp_path: Path, game: str,
                                              lesson: Lesson) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        made = start(server, game)
        table = made["table"]
        assert made["seat"] == lesson.seat and table["lesson"] == game
        assert table["status"] == "playing" and table["prepared"] and not table["hints"]
        assert "stack" not in table["options"]
        with server.ws(table["id"]) as client:
            client.ok("hello", token=made["token"])
            play_lesson(client, lesson)
        live = server.room.tables[table["id"]]
        for seat, script in lesson.script.items():
            played = [a for s, a in live.data.actions if s == seat][:len(script)]
            assert played == list(script), f"seat {seat} did not follow its script"
        learner = [a for s, a in live.data.actions if s == lesson.seat]
        assert learner == lesson.learner_actions()


def test_a_lesson_is_unlisted_and_its_script_stays_with_the_server(tmp_path: Path) -> None:
    game, lesson = LESSONS[0]
    with LiveServer(sqlite_url(tmp_path)) as server:
        public = server.http.get(f"/api/lessons/{game}").json()
        assert set(public) == {"game", "players", "seat", "steps"}
        assert public["steps"] == [s.to_json() for s in lesson.steps]
        made = start(server, game)
        lobby = server.http.get("/api/tables").json()["tables"]
        assert made["table"]["id"] not in {t["id"] for t in lobby}
        games = {g["id"]: g for g in server.http.get("/api/games").json()["games"]}
        assert all(games[g]["lesson"] for g, _ in LESSONS)
        # A spectator of a lesson sees what any spectator sees: no hand.
        with server.ws(made["table"]["id"]) as watcher:
            view = watcher.ok("hello", spectate=True)["view"]
            assert view["seat"] == "public"
            assert get_game(game).read_view(view).seat == "public"


def test_a_move_the_rules_refuse_gets_the_engines_reason(tmp_path: Path) -> None:
    game = LESSONS[0][0]
    with LiveServer(sqlite_url(tmp_path)) as server:
        made = start(server, game)
        with server.ws(made["table"]["id"]) as client:
            client.ok("hello", token=made["token"])
            refused = client.request("act", action="no such move")
            assert refused["error"]["code"] == "illegal_action"
            assert "lesson" not in refused["error"]["message"]


@pytest.mark.parametrize("path, status", [
    ("/api/lessons/no-such-game", 400), ("/learn/no-such-game", 404),
])
def test_an_unknown_lesson_is_refused_in_words(tmp_path: Path, path: str, status: int) -> None:
    with LiveServer(sqlite_url(tmp_path)) as server:
        answer = server.http.get(path)
        assert answer.status_code == status
        if path.startswith("/api"):
            assert answer.json()["error"]["code"] == "unknown_game"
        assert server.http.get(f"/learn/{LESSONS[0][0]}").status_code == 200
        bad = server.http.post(f"/api/lessons/{LESSONS[0][0]}", json={"name": ""})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_request"


def test_a_lesson_goes_on_after_a_restart(tmp_path: Path) -> None:
    game, lesson = LESSONS[0]
    db = sqlite_url(tmp_path)
    with LiveServer(db) as server:
        made = start(server, game)
        with server.ws(made["table"]["id"]) as client:
            client.ok("hello", token=made["token"])
            first = lesson.learner_actions()[0]
            legal_when(client, first)
            client.ok("act", action=first)
    with LiveServer(db) as server:
        with server.ws(made["table"]["id"]) as client:
            client.ok("hello", token=made["token"])
            for action in lesson.learner_actions()[1:]:
                legal_when(client, action)
                client.ok("act", action=action)
        assert server.room.tables[made["table"]["id"]].lesson is not None


def test_lessons_are_bounded_apart_from_tables(tmp_path: Path) -> None:
    """A learner has at most lessons_per_creator going: one more ends the
    oldest; lessons leave the table quota to tables."""
    game = LESSONS[0][0]
    with LiveServer(sqlite_url(tmp_path), lessons_per_creator=2, tables_per_creator=1) as server:
        first, second, third = (start(server, game)["table"]["id"] for _ in range(3))
        status = {t: server.http.get(f"/api/tables/{t}").json() for t in (first, second, third)}
        assert status[first]["status"] == "over" and status[first]["ended"] == "stopped"
        assert status[second]["status"] == status[third]["status"] == "playing"
        server.create("papayoo", 3)  # the one table this address may have
        refused = server.http.post("/api/tables", json={"game": "papayoo", "players": 3})
        assert refused.status_code == 429, refused.text
        assert start(server, game)["table"]["status"] == "playing"
