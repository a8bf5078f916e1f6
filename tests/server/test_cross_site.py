"""Writes from other web sites, and framing (security review, finding 12).

A browser sends a text/plain POST to any origin without a preflight, so any
page a visitor opened could create tables, accounts and seats from their
browser. Writes must come as JSON and from the card room's own pages (or
from a client that is not a browser); every answer carries the headers that
keep the pages from being framed or running another site's script."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from cardroom.server.headers import CROSS_SITE, NOT_JSON, origin_allowed
from tests.server.support import LiveServer, sqlite_url

EVIL = "https://evil.example"
FRIEND = "https://friends.example"  # allowed with --origin
SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]
TABLE = {"game": "papayoo", "players": 3, "seats": SEATS}
CROSS_SITE_HEADERS = [
    {"Origin": EVIL},
    {"Origin": EVIL, "Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "null"},  # a sandboxed frame or a file:// page
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("cross-site")),
                    origins=[FRIEND]) as live:
        yield live


@pytest.fixture(scope="module")
def table(server: LiveServer) -> str:
    created: str = server.create("papayoo", 3, seats=SEATS)["table"]
    return created


def refusal(answer: httpx.Response) -> tuple[int, str, str]:
    error = answer.json()["error"]
    return answer.status_code, error["code"], error["message"]


def lobby(server: LiveServer) -> set[str]:
    """The tables the lobby lists."""
    return {table["id"] for table in server.http.get("/api/tables").json()["tables"]}


def writes(table: str) -> list[tuple[str, dict[str, Any]]]:
    """Each lobby write a page could make, with a body it would accept."""
    return [("/api/tables", TABLE), (f"/api/tables/{table}/join", {"name": "Eve"}),
            (f"/api/tables/{table}/stop", {}),
            ("/api/accounts", {"name": "mallory", "password": "correct horse"}),
            ("/api/sessions", {"name": "mallory", "password": "correct horse"})]


def test_a_text_plain_post_is_refused_and_creates_nothing(server: LiveServer) -> None:
    before = lobby(server)
    body = json.dumps(TABLE)
    for kind in ("text/plain", "text/plain;charset=UTF-8",
                 "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        answer = server.http.post("/api/tables", content=body, headers={"Content-Type": kind})
        assert refusal(answer) == (400, "bad_request", NOT_JSON), kind
    # A JSON body that does not say so, as curl -d or a bare fetch sends it.
    bare = server.http.post("/api/tables", content=body)
    assert refusal(bare) == (400, "bad_request", NOT_JSON)
    # Even empty: a cross-site form with no fields still names its type.
    empty = server.http.post("/api/sessions", headers={"Content-Type": "text/plain"})
    assert refusal(empty) == (400, "bad_request", NOT_JSON)
    assert lobby(server) == before


@pytest.mark.parametrize("headers", CROSS_SITE_HEADERS)
def test_writes_from_another_site_are_refused(server: LiveServer, table: str,
                                              headers: dict[str, str]) -> None:
    before = lobby(server)
    for path, body in writes(table):
        answer = server.http.post(path, json=body, headers=headers)
        assert refusal(answer) == (403, "forbidden", CROSS_SITE), (path, headers)
    assert lobby(server) == before
    seats = server.http.get(f"/api/tables/{table}").json()["seats"]
    assert not any(seat["taken"] for seat in seats if seat["kind"] == "human")


def test_a_cross_site_write_is_refused_whatever_its_type(server: LiveServer) -> None:
    answer = server.http.post("/api/tables", content=json.dumps(TABLE),
                              headers={"Origin": EVIL, "Content-Type": "text/plain"})
    assert refusal(answer) == (403, "forbidden", CROSS_SITE)
    for method in ("PUT", "PATCH", "DELETE"):
        other = server.http.request(method, "/api/tables", headers={"Origin": EVIL})
        assert refusal(other)[:2] == (403, "forbidden"), method


def test_the_card_rooms_own_pages_may_write(server: LiveServer) -> None:
    own = {"Origin": server.url, "Sec-Fetch-Site": "same-origin",
           "Content-Type": "application/json; charset=utf-8"}
    created = server.http.post("/api/tables", content=json.dumps(TABLE), headers=own)
    assert created.status_code == 200, created.text
    table = created.json()["table"]
    joined = server.http.post(f"/api/tables/{table}/join", json={"name": "Ann"}, headers=own)
    assert joined.status_code == 200, joined.text
    account = {"name": "ownpage", "password": "correct horse"}
    made = server.http.post("/api/accounts", json=account, headers=own)
    assert made.status_code == 200, made.text
    signed = server.http.post("/api/sessions", json=account, headers=own)
    assert signed.status_code == 200, signed.text


def test_clients_that_are_not_browsers_may_write(server: LiveServer) -> None:
    created = server.http.post("/api/tables", json=TABLE)  # no Origin, no Sec-Fetch-Site
    assert created.status_code == 200, created.text
    table = created.json()["table"]
    typed = server.http.post(f"/api/tables/{table}/join", json={"name": "Bo"},
                             headers={"Sec-Fetch-Site": "none"})  # an address typed in
    assert typed.status_code == 200, typed.text
    # An empty write needs no type: it reaches the route and is answered there.
    empty = server.http.post("/api/sessions")
    assert refusal(empty)[:2] == (400, "bad_request")
    assert refusal(empty)[2] not in (NOT_JSON, CROSS_SITE)
    assert refusal(server.http.delete("/api/games"))[:2] == (405, "bad_request")


def test_an_origin_allowed_with_the_origin_flag_may_write(server: LiveServer) -> None:
    friend = {"Origin": FRIEND, "Sec-Fetch-Site": "cross-site"}
    created = server.http.post("/api/tables", json=TABLE, headers=friend)
    assert created.status_code == 200, created.text
    table = created.json()["table"]
    joined = server.http.post(f"/api/tables/{table}/join", json={"name": "Cy"},
                              headers={"Origin": FRIEND + "/"})
    assert joined.status_code == 200, joined.text


def test_reads_from_anywhere_are_answered(server: LiveServer) -> None:
    """Reads change nothing, and without CORS headers another site cannot
    read the answer; links to the lobby from other sites keep working."""
    answer = server.http.get("/api/games", headers={"Origin": EVIL, "Sec-Fetch-Site":
                                                    "cross-site"})
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers


@pytest.mark.parametrize("path", ["/", "/tables/nothing", "/api/games", "/api/nothing-here",
                                  "/static/app.js", "/static/room.css"])
def test_every_answer_carries_the_security_headers(server: LiveServer, path: str) -> None:
    check_headers(server, server.http.get(path))


def test_refusals_carry_the_security_headers_too(server: LiveServer) -> None:
    check_headers(server, server.http.post("/api/tables", json=TABLE, headers={"Origin": EVIL}))
    check_headers(server, server.http.post("/api/tables", content=b"x"))
    check_headers(server, server.http.delete("/api/games"))
    huge = b'{"game": "' + b"x" * 40_000 + b'"}'
    too_large = server.http.post("/api/tables", content=huge,
                                 headers={"Content-Type": "application/json"})
    assert too_large.status_code == 413
    check_headers(server, too_large)


def check_headers(server: LiveServer, answer: httpx.Response) -> None:
    headers = answer.headers
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"
    assert headers["x-frame-options"] == "DENY"
    policy = {name: sources for name, *sources in
              (part.split() for part in headers["content-security-policy"].split(";"))}
    assert policy["script-src"] == ["'self'"]  # no inline script, no eval
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert policy["default-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    host = server.url.removeprefix("http://")
    assert policy["connect-src"] == ["'self'", f"ws://{host}", f"wss://{host}"]


@pytest.mark.parametrize(("headers", "allowed"), [
    ({}, True),
    ({"origin": "http://room.example:8000", "host": "room.example:8000"}, True),
    ({"origin": "https://Room.Example", "host": "room.example"}, True),
    ({"origin": "http://room.example:8000", "host": "room.example"}, False),  # another port
    ({"origin": "https://room.example.evil.example", "host": "room.example"}, False),
    ({"origin": "null", "host": "room.example"}, False),
    ({"origin": "", "host": ""}, False),
    ({"origin": "https://friends.example/", "host": "room.example"}, True),
    ({"origin": "HTTPS://FRIENDS.EXAMPLE", "host": "room.example"}, True),
])
def test_which_origins_are_the_servers_own(headers: dict[str, str], allowed: bool) -> None:
    assert origin_allowed(headers, [FRIEND]) is allowed
