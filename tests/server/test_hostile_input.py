"""Hostile values at every HTTP route and every WebSocket command, on
SQLite and on PostgreSQL (a security review): whatever a stranger sends,
the answer is a refusal in the server's own words. Never a 500, never an
error body that is not JSON on an /api route, never a WebSocket
``internal_error``, and nothing logged at ERROR (a traceback) by the server.

The routes are FastAPI's own list, so a route added later is covered too.
One server per database for the module; each example is a fresh request,
or a fresh connection to fresh tables. The examples are derandomized, so
CI sees the same ones every run."""

from __future__ import annotations

import json
import logging
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from argon2 import PasswordHasher
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from starlette.routing import Mount, Route
from websockets.exceptions import ConnectionClosed

from cardroom.server import security
from cardroom.server.app import create_app
from cardroom.server.config import Config
from tests.server.support import LiveServer, WsClient, sqlite_url

# Shrinking would replay many slow requests; the first failing example is
# printed as it came (the explicit cases below are the readable ones).
PROFILE = dict(deadline=None, derandomize=True, database=None,
               phases=(Phase.explicit, Phase.generate),
               suppress_health_check=list(HealthCheck))
API_EXAMPLES, PAGE_EXAMPLES, WS_EXAMPLES = 40, 15, 60

# The fuzz swaps in a cheap hasher; the loop guard's test wants the real one.
REAL_HASHER = getattr(security, "_HASHER", None)
GAME = {"game": "pizzamania", "players": 2, "options": {"simple": True}}  # ~40 moves

# ----- hostile values ---------------------------------------------------------
SURROGATES = ["\ud800", "\udfff", "a\udc80b", "\ud83d", "ok\ud800\udc00"]
ODD = ["", " ", "\x00", "nul\x00name", "ß" * 20, "ß" * 17, "İ" * 20, "ﬃ" * 12, "²", "٣",
       "¹²", "-1", "+1", " 1", "1.0", "1e3", "0x1", "007", "9" * 400, "NaN", "Infinity",
       "null", "true", "public", "PUBLIC", "None", "\u202eevil", "<b>x</b>", "../../etc",
       "%00", "%ED%A0%80", "\r\n", "\t", "a" * 33, "😀" * 9, "\ufeff", "\uffff",
       "\U0010ffff", "alice", "random", "hard", "ismcts", "heuristic", "papayoo", "play 7S"]
LONG = ["x" * 5000, "ß" * 3000, "\ud800" * 500, "9" * 5000]
FIELDS = ["game", "players", "options", "seats", "clock", "rated", "hints", "seed", "name",
          "seat", "password", "new_password", "owner_token", "token", "stack", "rounds",
          "kind", "bot", "budget", "initial_s", "per_move_s", "iterations", "ms"]

# What fits in a URL (a request line over 16 KiB is uvicorn's to refuse).
short_texts = st.one_of(st.sampled_from(SURROGATES + ODD), st.text(max_size=12),
                        st.text(st.characters(categories=["Cs", "Cc", "Nd", "No", "Zs"]),
                                max_size=6))
texts = short_texts | st.sampled_from(LONG)
numbers = st.one_of(
    st.sampled_from([0, 1, -1, 2, 3, 8, 2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64,
                     -(2**63) - 1, 10**40, 0.5, -0.0, 1.0, 1e308, -1e308, 5e-324,
                     True, False]),
    st.integers(), st.floats(allow_nan=False, allow_infinity=False))
scalars = st.one_of(st.none(), numbers, texts)
values = st.one_of(
    st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                 | st.dictionaries(st.sampled_from(FIELDS) | texts, inner, max_size=4),
                 max_leaves=10),
    st.sampled_from([[[[[[[[[[["deep"]]]]]]]]]], {"stack": {"deck": ["\ud800"] * 3}},
                     {"kind": "bot", "bot": "hard", "budget": {"ms": 10**30}},
                     {"kind": "bot", "bot": "random", "budget": {"iterations": "²"}},
                     {"initial_s": 1e308, "per_move_s": -1}, {"simple": "yes"},
                     {"rounds": 10**30}, [{"kind": "human"}] * 9]))


def raw(value: Any) -> bytes:
    return json.dumps(value).encode()  # lone surrogates go as \\ud800 escapes


RAW_BODIES = [
    b"", b"null", b"[]", b"[1]", b'"text"', b"0", b"NaN", b'{"players": NaN}',
    b'{"seed": Infinity}', b'{"players": 1e999}', b"{", b'{"a": 1,}', b"\xff\xfe\x00",
    b"\xef\xbb\xbf{}", b'{"name": "\xed\xa0\x80"}', b'{"a": 1, "a": {"b": 2}}',
    b"[" * 3000 + b"]" * 3000, b'{"a":' * 3000 + b"1" + b"}" * 3000,
    b'{"seed": 1' + b"0" * 5000 + b"}", b"x" * 20_000, b'{"\\ud800": 1}',
]


def tweaked(good: Any) -> st.SearchStrategy[Any]:
    """A good value, spoiled: hostile text around a good string (so that it
    still passes a length check), hostile fields in a good object."""
    if isinstance(good, str):
        return st.one_of(texts.map(lambda t: good + t), texts.map(lambda t: t + good),
                         texts, values)
    if isinstance(good, dict):
        return st.dictionaries(st.sampled_from(FIELDS) | texts, values,
                               max_size=2).map(lambda more: {**good, **more}) | values
    return values


def near(base: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A good body with some fields dropped, some spoiled, some added."""
    def build(drop: set[str], spoiled: dict[str, Any], more: dict[str, Any]) -> dict[str, Any]:
        return {**{k: v for k, v in base.items() if k not in drop}, **spoiled, **more}

    return st.builds(build, st.sets(st.sampled_from(sorted(base) or ["-"])),
                     st.fixed_dictionaries({}, optional={k: tweaked(v) for k, v in base.items()}),
                     st.dictionaries(st.sampled_from(FIELDS) | texts, values, max_size=2))


def bodies(base: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """A body near a good one, or something else entirely."""
    return st.one_of(near(base).map(raw), near(base).map(raw), values.map(raw),
                     st.sampled_from(RAW_BODIES), st.binary(max_size=40))


SEGMENTS = ["", ".", "..", "%2e%2e", "..%2f..%2fetc%2fpasswd", "%00", "%ff", "%ED%A0%80",
            "a%2Fb", "a;b=c", "%3F", "%23", "~", "tables", "x" * 1000, "%C3%9F" * 300]


def segment(value: str) -> str:
    return quote(value.encode("utf-8", "surrogatepass"), safe="")


def query_value(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    return segment(text)


# Numbers as a query string spells them, and what passes for one.
NUMERALS = ["0", "1", "-1", "+1", " 1", "1 ", "1.0", "1e3", "0x1", "007", "²", "٣", "١", "¹²",
            "٠", "9" * 30, "9" * 5000, "", "public", "PUBLIC", "null", "\x00", "1\x00"]
query_values = st.one_of(st.sampled_from(NUMERALS), st.none(), numbers, short_texts)


def queries(declared: tuple[str, ...]) -> st.SearchStrategy[list[tuple[Any, Any]]]:
    """The route's own query parameters, and others, with hostile values."""
    names = st.sampled_from(declared) if declared else st.nothing()
    return st.lists(st.tuples(names | names | short_texts, query_values), max_size=3)


# Header values HTTP allows (no control characters, nothing around them).
header_tokens = st.one_of(
    st.sampled_from([b"", b"Bearer", b"bearer x", b"Basic YWxhZGRpbjpvcGVu", b"Bearer \xff\xfe",
                     b"Bearer " + b"A" * 4000, b"Bearer a b c", b"Bearer %00", b"Bearer \xed"]),
    st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=40)
    .map(lambda t: b"Bearer " + t.encode()))


# ----- the routes, from FastAPI itself ----------------------------------------
def http_routes() -> list[tuple[str, str, tuple[str, ...]]]:
    """(method, path, query parameters) of every HTTP route of the app, the
    static files as ``/static/{path}``; HEAD answers have no body to check."""
    app = create_app(Config(db="sqlite://"))
    found: list[tuple[str, str, tuple[str, ...]]] = []
    for route in app.routes:
        if isinstance(route, Mount):
            found.append(("GET", route.path + "/{path}", ()))
        elif isinstance(route, Route):
            dependant = getattr(route, "dependant", None)
            query = tuple(q.name for q in getattr(dependant, "query_params", []))
            found += [(m, route.path, query) for m in sorted(route.methods or ()) if m != "HEAD"]
    return found


ROUTES = http_routes()


# ----- the servers, their tables and their logs --------------------------------
class ErrorLog(logging.Handler):
    """Every record at ERROR or above (a traceback the server logged), with
    the test that was running when it came."""

    NAMES = ("cardroom", "uvicorn", "asyncio")

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def __enter__(self) -> ErrorLog:
        for name in self.NAMES:
            logging.getLogger(name).addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        for name in self.NAMES:
            logging.getLogger(name).removeHandler(self)

    def emit(self, record: logging.LogRecord) -> None:
        test = os.environ.get("PYTEST_CURRENT_TEST", "no test")
        trace = logging.Formatter().formatException(record.exc_info) if record.exc_info else ""
        self.records.append(f"{record.name}: {record.getMessage()} (during {test})\n{trace}")

    def check(self) -> None:
        self.__enter__()  # again: a server set up since drops handlers from uvicorn's loggers
        records, self.records = self.records, []
        assert not records, "the server logged an error:\n" + "\n".join(records)


@dataclass
class Served:
    """A running server, the names and secrets of things in it, its log."""

    server: LiveServer
    errors: ErrorLog
    over: str = ""  # a finished game, played by two people
    over_token: str = ""
    session: str = ""  # a signed-in account's token
    games: list[str] = field(default_factory=list)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def room(request: pytest.FixtureRequest,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    if request.param == "sqlite":
        url = sqlite_url(tmp_path_factory.mktemp("hostile"))
    else:
        url = request.getfixturevalue("postgres_cluster").fresh_database()
    with pytest.MonkeyPatch.context() as patch:
        if hasattr(security, "_HASHER"):
            # argon2 at full cost is a quarter second an example; the loop
            # guard's own test below keeps the real cost.
            patch.setattr(security, "_HASHER", PasswordHasher(1, 8, 1))
        server = LiveServer(url)
        with server, ErrorLog() as errors:  # after uvicorn set its loggers up
            here = Served(server, errors)
            setup(here)
            errors.check()
            yield here


def setup(room: Served) -> None:
    http = room.server.http
    room.games = [g["id"] for g in http.get("/api/games").json()["games"]]
    account = http.post("/api/accounts", json={"name": "hostile_user", "password": "pass-word"})
    assert account.status_code == 200, account.text
    room.session = account.json()["token"]
    http.post("/api/tables", json={**GAME, "seed": 1,
                                   "seats": [{"kind": "bot", "bot": "random"}] * 2})
    room.over, room.over_token = play_to_the_end(room.server)


def play_to_the_end(server: LiveServer) -> tuple[str, str]:
    """A game two people played to its end, by their first legal move."""
    table = server.create(**GAME, seed=7)["table"]
    tokens = [server.join(table, name, seat=i)["token"] for i, name in enumerate("AB")]
    seats = [server.ws(table) for _ in tokens]
    for ws, token in zip(seats, tokens, strict=True):
        ws.ok("hello", token=token)
    for _ in range(1000):
        if seats[0].ok("result")["over"]:
            break
        for ws in seats:
            if legal := ws.ok("legal")["actions"]:
                ws.ok("act", action=legal[0])
    assert seats[0].ok("result")["over"]
    for ws in seats:
        ws.close()
    return table, tokens[0]


@dataclass
class Fresh:
    """Tables made for one test: one waiting for a second person, one
    being played; with their seat 0 and owner tokens."""

    waiting: str
    playing: str
    secrets: list[str]


def fresh_tables(server: LiveServer) -> Fresh:
    waiting = server.create(**GAME)
    playing = server.create(**GAME, clock={"initial_s": 600, "per_move_s": 5})
    secrets = [waiting.get("owner_token"), playing.get("owner_token"),
               server.join(waiting["table"], "W0")["token"],
               server.join(playing["table"], "P0")["token"]]
    server.join(playing["table"], "P1")
    return Fresh(waiting["table"], playing["table"], [s for s in secrets if s])


@pytest.fixture(autouse=True)
def quiet_server(request: pytest.FixtureRequest) -> Iterator[None]:
    here = request.getfixturevalue("room") if "room" in request.fixturenames else None
    settle(here)
    yield
    settle(here)


def settle(here: Served | None) -> None:
    """Nothing logged at ERROR (each line says during which test it came),
    and the loop never held."""
    if here is not None:
        here.server.http.get("/api/games")  # a round trip: late log lines land
        here.errors.check()
        here.server.check_loop()


# ----- HTTP -------------------------------------------------------------------
def check_http(answer: httpx.Response, path: str) -> None:
    assert answer.status_code < 500, f"{answer.status_code} {answer.text[:2000]}"
    if answer.status_code < 400 or not path.startswith("/api"):
        return
    try:
        error = answer.json()["error"]
    except (ValueError, KeyError, TypeError):
        text = answer.text[:500]
        raise AssertionError(f"not a JSON error: {answer.status_code} {text!r}") from None
    assert isinstance(error["code"], str) and error["code"], error
    assert isinstance(error["message"], str) and error["message"].strip(), error


def base_body(method: str, path: str, room: Served, fresh: Fresh) -> dict[str, Any]:
    """A body the route would take, for the hostile ones to start from."""
    if method != "POST":
        return {}
    if path == "/api/tables":
        return dict(GAME)
    if path.endswith("/join"):
        return {"name": "Guest"}
    if path in ("/api/accounts", "/api/sessions"):
        return {"name": "hostile_user", "password": "pass-word"}
    if path.endswith("/password"):
        return {"password": "pass-word", "new_password": "pass-word"}
    if path.endswith("/stop"):
        return {"owner_token": fresh.secrets[0]}
    return {}


def path_values(name: str, room: Served, fresh: Fresh) -> st.SearchStrategy[str]:
    known = {"table_id": [room.over, fresh.waiting, fresh.playing], "game": room.games,
             "path": ["app.js", "index.html", "../app.py", "%2e%2e/%2e%2e/server/app.py"]}
    real = st.sampled_from(known.get(name, [room.over]) or ["x"])
    return st.one_of(real, real, st.sampled_from(SEGMENTS), short_texts.map(segment))


@st.composite
def http_requests(draw: st.DrawFn, route: tuple[str, str, tuple[str, ...]], room: Served,
                  fresh: Fresh) -> tuple[str, str, bytes | None, dict[str, bytes]]:
    method, path, declared = route
    url = re.sub(r"\{(\w+)(?::\w+)?\}",
                 lambda m: draw(path_values(m.group(1), room, fresh)), path)
    pairs = draw(queries(declared))
    if pairs:
        url += "?" + "&".join(f"{segment(str(k))}={query_value(v)}" for k, v in pairs)
    wrong = draw(st.sampled_from([method] * 9 + ["PUT", "DELETE", "PATCH"]))
    body = draw(bodies(base_body(method, path, room, fresh))) if wrong != "GET" else None
    secret = [room.session, *fresh.secrets]
    auth = draw(st.one_of(st.none(), header_tokens,
                          st.sampled_from(secret).map(lambda t: b"Bearer " + t.encode())))
    headers = {"authorization": auth} if auth is not None else {}
    if draw(st.booleans()):
        headers["origin"] = draw(st.sampled_from([b"null", b"http://evil.example",
                                                  b"\xff", room.server.url.encode()]))
    return wrong, url, body, headers


@pytest.mark.parametrize("route", ROUTES, ids=[f"{m} {p}" for m, p, _ in ROUTES])
def test_every_route_refuses_hostile_input_in_words(
        room: Served, route: tuple[str, str, tuple[str, ...]]) -> None:
    path = route[1]
    fresh = fresh_tables(room.server)
    examples = API_EXAMPLES if path.startswith("/api") else PAGE_EXAMPLES

    @settings(max_examples=examples, **PROFILE)  # type: ignore[arg-type]
    @given(request=http_requests(route, room, fresh))
    def hostile(request: tuple[str, str, bytes | None, dict[str, bytes]]) -> None:
        verb, url, body, headers = request
        answer = room.server.http.request(verb, url, content=body, headers=headers)
        check_http(answer, httpx.URL(url).path)
        room.errors.check()

    hostile()


# ----- WebSocket ----------------------------------------------------------------
COMMANDS = ["hello", "games", "view", "legal", "act", "suggest", "result", "record", "chat",
            "back", "leave", "new", "load", "quit", "dance", "", "HELLO", "view "]
BOTS = ["heuristic", "random", "easy", "medium", "hard", "ismcts", "\ud800", "", "x" * 300]
BUDGETS = st.sampled_from([None, {}, {"iterations": -1}, {"iterations": 0}, {"ms": 0},
                           {"iterations": 10**30}, {"ms": 1e308}, {"ms": -1e308},
                           {"iterations": "5"}, {"ms": [1]}, {"iterations": 1.5},
                           {"iterations": True}, {"\ud800": 1}, [], "fast", 5])
ARGS = {"id": values, "seat": values, "since": values, "action": values | texts,
        "bot": st.sampled_from(BOTS) | values, "budget": BUDGETS | values, "seed": values,
        "text": values | texts, "token": values, "spectate": values}
ws_json = st.fixed_dictionaries({"cmd": st.sampled_from(COMMANDS) | values},
                                optional=ARGS).map(lambda r: json.dumps(r))
frames = st.one_of(
    ws_json, ws_json, ws_json, values.map(json.dumps),
    st.sampled_from(['{"cmd": "view", "seat": NaN}', '{"id": Infinity, "cmd": "games"}',
                     "not json", "{", "[" * 3000 + "]" * 3000, '{"cmd": "chat", "text": "'
                     + "x" * 20_000 + '"}', "", "null", '{"cmd": "\\ud800"}',
                     '{"id": "\\udfff", "cmd": "hello", "spectate": true}']),
    st.binary(max_size=30))
SENTINEL = "end-of-example"


def check_ws(message: dict[str, Any]) -> None:
    if message.get("ok") is False:
        error = message["error"]
        assert error["code"] != "internal_error", message
        assert isinstance(error["message"], str) and error["message"].strip(), message


def exchange(ws: WsClient, frame: str | bytes) -> bool:
    """Send one frame, then a line that is surely refused; every message
    before that refusal is checked. False once the server closed."""
    try:
        ws.send_raw(frame)
        ws.send_raw(json.dumps({"id": SENTINEL, "cmd": SENTINEL}))
        while (message := ws.receive(15)).get("id") != SENTINEL:
            check_ws(message)
    except ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd else None
        assert code != 1011, f"the server failed and closed the connection: {closed}"
        return False
    check_ws(message)
    return True


@dataclass
class Visit:
    table: str  # waiting, playing, over, or a hostile path segment
    role: str  # none (no hello yet), spectator, seat
    frames: list[str | bytes]


visits = st.builds(
    Visit, st.sampled_from(["waiting", "playing", "over"] * 5 + ["hostile"]),
    st.sampled_from(["none", "spectator", "seat"]), st.lists(frames, min_size=1, max_size=4))


def test_every_command_refuses_hostile_input_in_words(room: Served) -> None:
    server = room.server

    @settings(max_examples=WS_EXAMPLES, **PROFILE)  # type: ignore[arg-type]
    @given(visit=visits, odd_path=short_texts)
    def hostile(visit: Visit, odd_path: str) -> None:
        fresh = fresh_tables(server)
        tables = {"over": (room.over, room.over_token),
                  "waiting": (fresh.waiting, fresh.secrets[-2]),
                  "playing": (fresh.playing, fresh.secrets[-1]),
                  "hostile": (segment(odd_path) or "%00", "")}
        table, token = tables[visit.table]
        with server.ws(table) as ws:
            hello = {"none": None, "spectator": {"spectate": True},
                     "seat": {"token": token}}[visit.role]
            if hello is not None:
                exchange(ws, json.dumps({"cmd": "hello", **hello}))
            for frame in visit.frames:
                if not exchange(ws, frame):
                    break
        room.errors.check()

    hostile()


# ----- the known cases, by name ---------------------------------------------------
OVER, PLAYING = "/api/tables/{over}", "/api/tables/{playing}"
# name: method, path, body, the status wanted (None: any but a 5xx)
KNOWN: dict[str, tuple[str, str, bytes | None, int | None]] = {
    "replay seat superscript 2 (isdigit, yet not int)": (
        "GET", OVER + "/replay?seat=%C2%B2", None, 400),
    "replay seat Arabic-Indic 1 (int reads it as 1)": (
        "GET", OVER + "/replay?seat=%D9%A1", None, 400),
    "replay seat of 5000 digits": ("GET", OVER + "/replay?seat=" + "1" * 5000, None, 400),
    "a lone surrogate in a table's options": (
        "POST", "/api/tables", raw({**GAME, "options": {"simple": True, "\ud800": 1}}), 400),
    "a lone surrogate in a display name": (
        "POST", PLAYING + "/join", raw({"name": "x\ud800"}), 400),
    "a lone surrogate in a new account's password": (
        "POST", "/api/accounts", raw({"name": "surrogate", "password": "pass\ud800word"}), 400),
    "a lone surrogate in a sign-in": (
        "POST", "/api/sessions", raw({"name": "hostile_user", "password": "\ud800" * 9}), 400),
    "an account name of 20 sharp s (case-folds to 40 letters)": (
        "POST", "/api/accounts", raw({"name": "ß" * 20, "password": "pass-word"}), None),
    "NUL in a sign-in name": (
        "POST", "/api/sessions", raw({"name": "nul\x00name", "password": "pass-word"}), None),
}


@pytest.mark.parametrize("case", list(KNOWN))
def test_known_hostile_requests(room: Served, case: str) -> None:
    method, path, body, wanted = KNOWN[case]
    fresh = fresh_tables(room.server)
    url = path.format(over=room.over, playing=fresh.playing)
    answer = room.server.http.request(method, url, content=body)
    check_http(answer, httpx.URL(url).path)
    assert wanted is None or answer.status_code == wanted, answer.text
    room.errors.check()


KNOWN_MESSAGES: list[dict[str, Any]] = [
    {"cmd": "chat", "text": "hi \ud800"}, {"cmd": "chat", "text": "\x00" * 5},
    {"cmd": "act", "action": "\ud800"}, {"cmd": "act", "action": "play \x00"},
    {"cmd": "suggest", "bot": "\ud800"}, {"cmd": "suggest", "budget": {"ms": "²"}},
    {"cmd": "suggest", "bot": "random", "budget": {"iterations": -1}},
    {"cmd": "suggest", "bot": "hard", "budget": {"iterations": "5"}},
    {"cmd": "suggest", "seed": 2**64}, {"cmd": "suggest", "seed": -1},
    {"cmd": "view", "seat": "٣"}, {"cmd": "view", "since": 2**70},
    {"cmd": "view", "since": True}, {"cmd": "legal", "seat": "0"},
    {"cmd": "hello", "token": "\ud800"}, {"cmd": "\ud800"},
]


def test_known_hostile_messages(room: Served) -> None:
    fresh = fresh_tables(room.server)
    with room.server.ws(fresh.playing) as ws:
        assert ws.request("hello", token=fresh.secrets[-1])["ok"]
        for request in KNOWN_MESSAGES:
            answer = ws.request(**request)
            check_ws(answer)


# ----- the loop guard -------------------------------------------------------------------
@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server for the guard's tests."""
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("guard"))) as server:
        yield server


def test_the_loop_guard_names_a_callback_that_holds_the_loop(plain: LiveServer) -> None:
    async def hold() -> None:
        time.sleep(0.3)  # what the guard is for: blocking work on the loop

    plain.call(hold())
    with pytest.raises(AssertionError, match=r"of test_the_loop_guard.*hold: Executing"):
        plain.check_loop()
    plain.check_loop()  # a check clears what it reported


def test_unknown_name_sign_ins_do_not_hold_the_loop(plain: LiveServer,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Signing in under an unknown name hashes a password all the same (so
    that timing tells nothing); that hash must not run on the event loop."""
    if REAL_HASHER is not None:  # the module's other servers may be up, hashing cheaply
        monkeypatch.setattr(security, "_HASHER", REAL_HASHER)
    for i in range(10):
        answer = plain.http.post("/api/sessions",
                                 json={"name": f"nobody{i}", "password": "not-a-password"})
        assert answer.status_code in (401, 429), answer.text
    plain.check_loop()
