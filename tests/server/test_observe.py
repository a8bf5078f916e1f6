"""What an operator sees (issue 42, item 5): ``/healthz``, ``/readyz``,
``/metrics`` in the Prometheus text format, and the log as one JSON object
a line that names the table and connection of each line and never a token,
a password or a hidden card.

The format and the log formatter are checked on their own; the routes and
the figures on a room served over HTTP and WebSockets; the log on a real
``cardroom serve --log-format json`` process that played a game."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import math
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine

from cardroom.cli.main import build_parser
from cardroom.cli.serve import config_of, uvicorn_options
from cardroom.server import logs
from cardroom.server.app import create_app
from cardroom.server.config import Config
from cardroom.server.metrics import Registry, allowed, parse_allowed
from tests.server.support import LiveServer, WsClient, free_port, sqlite_url

SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"'
                    r'(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")*)?\})? (\S+)$')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')
METRICS = {
    "cardroom_live_tables": "gauge", "cardroom_connections": "gauge",
    "cardroom_acts_total": "counter", "cardroom_act_to_push_seconds": "histogram",
    "cardroom_bot_queue_depth": "gauge", "cardroom_bot_workers_busy": "gauge",
    "cardroom_bot_wait_seconds": "histogram", "cardroom_db_seconds": "histogram",
    "cardroom_leases_held": "gauge", "cardroom_takeovers_total": "counter",
}
BOTS = [{"kind": "bot", "bot": "random"}] * 3


# ----- reading the text format as a scraper does ---------------------------------
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def parse(text: str) -> tuple[dict[str, str], Samples]:
    """The types and samples of a scrape, checking the text format 0.0.4 as
    it goes: HELP then TYPE before a family's samples, each sample line
    well formed and of a declared family, histograms cumulative."""
    assert text.endswith("\n")
    types: dict[str, str] = {}
    helped: set[str] = set()
    samples: Samples = {}
    for line in text.splitlines():
        if line.startswith("# HELP "):
            helped.add(line.split()[2])
            continue
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split()
            assert name in helped and name not in types, line
            types[name] = kind
            continue
        match = SAMPLE.match(line)
        assert match, f"not a sample line: {line!r}"
        name, value = match.group(1), match.group(3)
        family = re.sub(r"_(bucket|sum|count)$", "", name)
        assert family in types or name in types, f"{name} has no TYPE line"
        labels = frozenset(LABEL.findall(match.group(2) or ""))
        samples[(name, labels)] = float(value)
    for name, kind in types.items():
        if kind == "histogram":
            check_histogram(name, samples)
    return types, samples


def check_histogram(name: str, samples: Samples) -> None:
    counts = {labels: v for (n, labels), v in samples.items() if n == f"{name}_count"}
    for labels, count in counts.items():
        buckets = sorted((float(dict(bucket)["le"]), v) for (n, bucket), v in samples.items()
                         if n == f"{name}_bucket"
                         and bucket - {("le", dict(bucket)["le"])} == labels)
        assert buckets[-1][0] == math.inf and buckets[-1][1] == count, name
        assert [v for _, v in buckets] == sorted(v for _, v in buckets), name


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


# ----- the registry ------------------------------------------------------------------
def test_the_text_format_of_each_kind_of_metric() -> None:
    registry = Registry()
    hits = registry.counter("x_hits_total", "Hits.\nSecond line \\ here.", ("path",))
    hits.labels('a"b\\c\nd').inc(2)
    registry.gauge("x_level", "A level.").set(-1.5)
    latency = registry.histogram("x_seconds", "Latency.", (), buckets=(0.1, 1.0))
    for seconds in (0.05, 0.1, 0.5, 3.0):
        latency.observe(seconds)
    assert registry.render() == (
        "# HELP x_hits_total Hits.\\nSecond line \\\\ here.\n"
        "# TYPE x_hits_total counter\n"
        'x_hits_total{path="a\\"b\\\\c\\nd"} 2\n'
        "# HELP x_level A level.\n"
        "# TYPE x_level gauge\n"
        "x_level -1.5\n"
        "# HELP x_seconds Latency.\n"
        "# TYPE x_seconds histogram\n"
        'x_seconds_bucket{le="0.1"} 2\n'  # an observation equal to a bound is in its bucket
        'x_seconds_bucket{le="1"} 3\n'
        'x_seconds_bucket{le="+Inf"} 4\n'
        "x_seconds_sum 3.65\n"
        "x_seconds_count 4\n")
    parse(registry.render())


def test_the_registry_refuses_what_prometheus_would() -> None:
    registry = Registry()
    counter = registry.counter("x_total", "X.", ("by",))
    with pytest.raises(ValueError, match="counts up"):
        registry.counter("y_total", "Y.").inc(-1)
    with pytest.raises(ValueError, match="takes the labels"):
        counter.labels("a", "b")
    with pytest.raises(ValueError, match="already registered"):
        registry.gauge("x_total", "again")
    with pytest.raises(ValueError, match="rise"):
        registry.histogram("z_seconds", "Z.", buckets=(1.0, 0.5))


def test_each_room_keeps_its_own_figures(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    rooms = [create_app(Config(db=sqlite_url(tmp_path / name)), None).state.room
             for name in ("a", "b")]
    rooms[0].metrics.acts.labels("person").inc(3)
    rooms[0].metrics.takeovers.inc()
    first, second = (parse(room.metrics.render())[1] for room in rooms)
    assert value(first, "cardroom_acts_total", by="person") == 3
    assert value(first, "cardroom_takeovers_total") == 1
    assert value(second, "cardroom_acts_total", by="person") == 0
    assert value(second, "cardroom_takeovers_total") == 0


def test_metrics_allow_takes_addresses_and_networks() -> None:
    networks = parse_allowed(["127.0.0.1", " ::1 ", "10.0.0.0/8", ""])
    assert allowed("127.0.0.1", networks) and allowed("::1", networks)
    assert allowed("10.20.30.40", networks) and allowed("::ffff:10.1.2.3", networks)
    assert not allowed("192.168.1.1", networks) and not allowed("::2", networks)
    assert not allowed("?", networks) and not allowed("127.0.0.1", [])
    with pytest.raises(ValueError, match="'localhost' is not an IP address or network"):
        parse_allowed(["localhost"])


def serve_config(*flags: str) -> Config:
    return config_of(build_parser().parse_args(["serve", *flags]))


def test_the_serve_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert serve_config().metrics_allow == ["127.0.0.1", "::1"]
    # uvicorn keeps the room's log handler, and writes no access log.
    options = uvicorn_options(Config())
    assert options["log_config"] is None and options["access_log"] is False
    assert serve_config("--metrics-allow", "10.0.0.0/8, 192.168.0.7").metrics_allow == [
        "10.0.0.0/8", "192.168.0.7"]
    assert serve_config("--metrics-allow", "").metrics_allow == []
    for flags in (["--metrics-allow", "127.0.0.1,my-laptop"], ["--log-format", "xml"]):
        with pytest.raises(SystemExit):
            serve_config(*flags)
        said = capsys.readouterr().err
        assert "my-laptop' is not an IP address" in said or "invalid choice: 'xml'" in said
        assert "Traceback" not in said


# ----- the log formatter ---------------------------------------------------------------
@contextlib.contextmanager
def root_kept() -> Iterator[None]:
    """logs.setup sets the process's root logger up: put it back after."""
    root, alembic = logging.getLogger(), logging.getLogger("alembic")
    handlers, level, alembic_level = list(root.handlers), root.level, alembic.level
    try:
        yield
    finally:
        logging.captureWarnings(False)
        root.handlers[:] = handlers
        root.setLevel(level)
        alembic.setLevel(alembic_level)


def log_lines(log_format: str, emit: Any) -> list[str]:
    stream = io.StringIO()
    with root_kept():
        logs.setup(log_format, stream)
        emit(logging.getLogger("cardroom.test"))
    return stream.getvalue().splitlines()


def test_a_json_line_names_the_table_and_connection_it_concerns() -> None:
    def emit(log: logging.Logger) -> None:
        log.info("before")
        logs.about("tbl-1", "7")
        log.warning("inside %s", "it")
        log.info("made", extra={"table": "other"})
        logs.about(None)

    before, inside, made = (json.loads(line) for line in log_lines("json", emit))
    assert set(before) == {"time", "level", "logger", "message"}
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", before["time"])
    assert inside == {**inside, "level": "WARNING", "logger": "cardroom.test",
                      "message": "inside it", "table": "tbl-1", "conn": "7"}
    assert made["table"] == "other"


def test_the_node_is_named_once_the_room_has_one() -> None:
    class Room:
        node_id: str | None = None

    room = Room()
    stream = io.StringIO()
    with root_kept():
        logs.follow_node(logs.setup("json", stream), room)
        logging.getLogger("cardroom.test").info("one")
        room.node_id = "node-a"
        logging.getLogger("cardroom.test").info("two")
    one, two = (json.loads(line) for line in stream.getvalue().splitlines())
    assert "node" not in one and two["node"] == "node-a"


def test_no_token_reaches_a_line_even_in_an_error() -> None:
    token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123-_"  # security.new_token's shape
    assert len(token) == 32

    def emit(log: logging.Logger) -> None:
        try:
            raise ValueError(f"no seat for {token}")
        except ValueError:
            log.exception("hello failed with %s", token)
        log.error("headers: Authorization: Bearer %s", "short-token")

    for log_format in logs.FORMATS:
        said = "\n".join(log_lines(log_format, emit))
        assert token not in said and "short-token" not in said, said
        assert "[redacted]" in said and "ValueError" in said
    first = json.loads(log_lines("json", emit)[0])
    assert first["message"] == "hello failed with [redacted]"
    assert "no seat for [redacted]" in first["error"]


def test_a_request_about_a_table_names_it_in_its_lines() -> None:
    seen: list[str | None] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed", None, None)
        logs.Context().filter(record)
        seen.append(getattr(record, "table", None))

    async def requests() -> None:
        for path in ("/api/tables/Tb1/join", "/api/games"):
            # each request runs in a task of its own, as under uvicorn
            await asyncio.create_task(logs.RequestContext(app)(
                {"type": "http", "path": path}, None, None))  # type: ignore[arg-type]

    asyncio.run(requests())
    assert seen == ["Tb1", None]


def test_a_table_is_read_off_an_http_path() -> None:
    assert logs.table_of("/api/tables/Ab_c-9/join") == "Ab_c-9"
    assert logs.table_of("/api/tables/Ab_c-9") == "Ab_c-9"
    for path in ("/api/tables", "/api/tables/", "/api/games", "/api/tables/a%0Ab",
                 "/api/tables/" + "x" * 33, "/api/tables/ü"):
        assert logs.table_of(path) is None, path


def test_a_database_url_is_shown_without_its_password() -> None:
    assert logs.safe_url("postgresql+psycopg://cards:s3cret@db/cards") == (
        "postgresql+psycopg://cards:***@db/cards")
    assert logs.safe_url("sqlite:///cardroom.db") == "sqlite:///cardroom.db"


# ----- the routes and the figures of a room at play ---------------------------------------
@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url(tmp_path)) as live:
        yield live


@pytest.fixture
def either_server(db_url: str) -> Iterator[LiveServer]:
    """A room on SQLite, then on PostgreSQL."""
    with LiveServer(db_url) as live:
        yield live


def scrape(server: LiveServer) -> Samples:
    answer = server.http.get("/metrics")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8"
    types, samples = parse(answer.text)
    assert {name: types.get(name) for name in METRICS} == METRICS
    return samples


def test_health_and_readiness(either_server: LiveServer) -> None:
    server = either_server
    assert server.http.get("/healthz").json() == {"ok": True}
    assert server.http.get("/readyz").json() == {"ok": True}
    room = server.room
    room.draining = True
    try:
        answer = server.http.get("/readyz")
        assert answer.status_code == 503 and "draining" in answer.json()["reason"]
        assert server.http.get("/healthz").status_code == 200  # it still serves
    finally:
        room.draining = False
    engine = room.store.engine
    room.store.engine = create_engine(f"sqlite:///{Path('/nonexistent') / 'no' / 'x.db'}")
    try:
        answer = server.http.get("/readyz")
        assert answer.status_code == 503, answer.text
        assert answer.json() == {"ok": False,
                                 "reason": "the database is not answering: OperationalError"}
    finally:
        room.store.engine.dispose()
        room.store.engine = engine
    assert server.http.get("/readyz").status_code == 200


def test_readiness_waits_two_seconds_for_the_database(
        server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardroom.server import metrics

    monkeypatch.setattr(metrics, "ping", lambda room: time.sleep(5))
    started = time.monotonic()
    answer = server.http.get("/readyz")
    assert answer.status_code == 503
    assert answer.json()["reason"] == "the database did not answer within 2 s"
    assert 1.9 < time.monotonic() - started < 4.5
    again = server.http.get("/readyz")  # no second check piles up behind the first
    assert again.json()["reason"] == "the database has not answered the last check yet"
    monkeypatch.undo()
    deadline = time.monotonic() + 20
    while server.http.get("/readyz").status_code != 200:  # once the slow check is done
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_metrics_are_served_only_to_the_allowed_addresses(tmp_path: Path) -> None:
    with LiveServer(sqlite_url(tmp_path), metrics_allow=["10.0.0.0/8"]) as server:
        refused = server.http.get("/metrics")
        unknown = server.http.get("/no-such-page")
        assert refused.status_code == unknown.status_code == 404
        assert refused.json() == unknown.json()
        assert server.http.get("/healthz").status_code == 200


def play_some(server: LiveServer, moves: int) -> tuple[str, list[WsClient], WsClient]:
    """A table of three people, each at a connection, and a watcher; the
    seats make ``moves`` moves. The clients are left open."""
    table = server.create("papayoo", 3, options={"rounds": 1})["table"]
    tokens = [server.join(table, f"p{seat}")["token"] for seat in range(3)]
    seats = [server.ws(table) for _ in range(3)]
    for client, token in zip(seats, tokens, strict=True):
        client.ok("hello", token=token)
    watcher = server.ws(table)
    watcher.ok("hello", spectate=True)
    made = 0
    while made < moves:
        for client in seats:
            actions = client.ok("legal")["actions"]
            if actions and made < moves:
                client.ok("act", action=actions[0])
                made += 1
    return table, seats, watcher


def test_the_figures_follow_the_play(either_server: LiveServer) -> None:
    server = either_server
    before = scrape(server)
    assert value(before, "cardroom_acts_total", by="person") == 0
    table, seats, watcher = play_some(server, 12)
    idle = server.ws(table)  # open, not said hello yet
    try:
        seen = scrape(server)
        assert value(seen, "cardroom_acts_total", by="person") == 12
        assert value(seen, "cardroom_act_to_push_seconds_count", by="person") == 12
        assert 0 < value(seen, "cardroom_act_to_push_seconds_sum", by="person") < 12 * 0.5
        assert value(seen, "cardroom_db_seconds_count", call="append") == 12
        assert value(seen, "cardroom_live_tables", status="playing") == 1
        assert value(seen, "cardroom_connections", holds="seat") == 3
        assert value(seen, "cardroom_connections", holds="public") == 1
        assert value(seen, "cardroom_connections", holds="nothing") == 1
    finally:
        for client in [*seats, watcher, idle]:
            client.close()


def test_bots_moves_and_waits_are_counted(server: LiveServer) -> None:
    table = server.create("papayoo", 3, seats=BOTS, options={"rounds": 1})["table"]
    live = server.room.tables[table]
    deadline = time.monotonic() + 60
    while len(live.data.actions) < 20:
        assert time.monotonic() < deadline, "the bots did not play"
        time.sleep(0.05)
    seen = scrape(server)
    bot_moves = value(seen, "cardroom_acts_total", by="bot")
    assert bot_moves >= 20 and value(seen, "cardroom_acts_total", by="person") == 0
    assert value(seen, "cardroom_act_to_push_seconds_count", by="bot") == bot_moves
    # Each move was thought out by a worker of the bots-only lane, after a wait.
    assert value(seen, "cardroom_bot_wait_seconds_count", lane="bots") >= bot_moves
    assert value(seen, "cardroom_bot_wait_seconds_count", lane="people") == 0


def test_queue_depth_is_read_when_scraped(server: LiveServer) -> None:
    pool = server.room.pool
    assert pool is not None
    seen = scrape(server)
    assert value(seen, "cardroom_bot_queue_depth", lane="people") == 0
    for lane in ("people", "hint", "bots"):
        assert (("cardroom_bot_queue_depth", frozenset({("lane", lane)})) in seen)
    waiting = server.call(_queued_jobs(server))
    assert waiting == 2


async def _queued_jobs(server: LiveServer) -> float:
    """With every worker taken, two more people's jobs wait: the gauge says 2."""
    from cardroom.server.bots import Job, Lane

    pool = server.room.pool
    assert pool is not None
    loop = asyncio.get_running_loop()
    jobs = [Job(None, Lane.PEOPLE, loop.create_future(), "t")  # type: ignore[arg-type]
            for _ in range(2)]
    pool.queues[Lane.PEOPLE].extend(jobs)
    try:
        samples = parse(server.room.metrics.render())[1]
        return value(samples, "cardroom_bot_queue_depth", lane="people")
    finally:
        for job in jobs:
            pool.queues[Lane.PEOPLE].remove(job)


def test_each_connection_names_its_table_and_itself_in_the_log(
        server: LiveServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.handler.addFilter(logs.Context())
    caplog.set_level(logging.INFO, "cardroom")
    table, seats, watcher = play_some(server, 1)
    for client in [*seats, watcher]:
        client.close()
    deadline = time.monotonic() + 10
    while sum("connection closed" in r.getMessage() for r in caplog.records) < 4:
        assert time.monotonic() < deadline, [r.getMessage() for r in caplog.records]
        time.sleep(0.02)
    opened = [r for r in caplog.records if r.getMessage() == "connection opened"]
    closed = [r for r in caplog.records if r.getMessage().startswith("connection closed")]
    assert {getattr(r, "table", None) for r in opened + closed} == {table}
    conns = {getattr(r, "conn", None) for r in opened}
    assert len(conns) == 4 and None not in conns
    assert {getattr(r, "conn", None) for r in closed} == conns
    assert sorted(r.getMessage() for r in closed) == [
        "connection closed; it held seat 0", "connection closed; it held seat 1",
        "connection closed; it held seat 2", "connection closed; it held the public view"]
    made = [r for r in caplog.records if r.getMessage().startswith("table made")]
    assert [getattr(r, "table", None) for r in made] == [table]


# ----- a real server process, its JSON log ------------------------------------------------
@contextlib.contextmanager
def json_server(folder: Path) -> Iterator[tuple[str, Path]]:
    """``cardroom serve --log-format json``: its address and its stderr's file."""
    port = free_port()
    err = folder / "err.log"
    with (folder / "out.log").open("wb") as out, err.open("wb") as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "cardroom", "serve", "--db", sqlite_url(folder),
             "--port", str(port), "--bot-workers", "1", "--bot-delay", "0",
             "--log-format", "json", "--ws-rate", "1000"],
            stdout=out, stderr=errors, cwd=folder, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not ready(url):
            assert process.poll() is None, err.read_text()
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield url, err
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0, err.read_text()
    finally:
        with contextlib.suppress(ProcessLookupError):
            import os
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(30)


def ready(url: str) -> bool:
    with contextlib.suppress(httpx.HTTPError):
        return httpx.get(f"{url}/readyz", timeout=1).status_code == 200
    return False


def play_out(url: str) -> tuple[str, list[str], set[str]]:
    """A game of Papayoo (one round) played to its end by three people,
    one signed in, with a watcher: the table, every token and password the
    server handed out or was given, and every card code dealt."""
    http = httpx.Client(base_url=url, timeout=30)
    account = http.post("/api/accounts", json={"name": "Ada", "password": "hunter2-horse"})
    assert account.status_code == 200, account.text
    session = account.json()["token"]
    made = http.post("/api/tables", json={"game": "papayoo", "players": 3,
                                          "options": {"rounds": 1}}).json()
    table = made["table"]
    tokens = [http.post(f"/api/tables/{table}/join", json={"name": f"p{seat}"},
                        headers={"Authorization": f"Bearer {session}"} if seat == 0 else {}
                        ).json()["token"] for seat in range(3)]
    ws_url = url.replace("http", "ws") + f"/ws/tables/{table}"
    seats = [WsClient(ws_url) for _ in range(3)]
    watcher = WsClient(ws_url)
    try:
        for client, token in zip(seats, tokens, strict=True):
            client.ok("hello", token=token)
        watcher.ok("hello", spectate=True)
        while not seats[0].ok("result").get("over"):
            for client in seats:
                actions = client.ok("legal")["actions"]
                if actions:
                    client.ok("act", action=actions[0])
        cards = {card for client in seats for event in client.stream()
                 if event.get("type") == "hand" for card in event["cards"]}
    finally:
        for client in [*seats, watcher]:
            client.close()
    metrics = http.get("/metrics").text
    assert 'cardroom_acts_total{by="person"} ' in metrics
    http.close()
    return table, [session, made["owner_token"], *tokens, "hunter2-horse"], cards


def test_the_json_log_of_a_played_game_names_tables_and_hides_secrets(tmp_path: Path) -> None:
    with json_server(tmp_path) as (url, err):
        table, secrets, cards = play_out(url)
        time.sleep(0.5)  # the connections' closing lines
    lines = [line for line in err.read_text().splitlines()
             if not line.startswith("cardroom: ")]  # what the command itself says
    entries = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "logger", "message"} <= set(e) for e in entries)
    about = [e for e in entries if e.get("table") == table]
    assert any(e["message"] == "table made: papayoo for 3" for e in about), lines
    assert any(e["message"] == "table ended: the game is over" for e in about), lines
    opened = {e["conn"] for e in about if e["message"] == "connection opened"}
    assert len(opened) == 4, lines
    said = err.read_text()
    for secret in secrets:
        assert secret not in said, "a token or password is in the log"
    assert len(cards) == 60
    for card in cards:
        assert not re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", said), card
    assert "pass " not in said and "play " not in said


def test_a_bots_line_names_its_table_not_the_connection_that_woke_it(
        server: LiveServer, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    async def failing(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a broken bot")

    caplog.handler.addFilter(logs.Context())
    caplog.set_level(logging.INFO, "cardroom")
    assert server.room.pool is not None
    monkeypatch.setattr(server.room.pool, "think", failing)
    made = server.create("papayoo", 3, options={"rounds": 1},
                         seats=[{"kind": "human"}, *BOTS[:2]])
    table, token = made["table"], server.join(made["table"], "Ada")["token"]
    with server.ws(table) as ada:
        ada.ok("hello", token=token)
        for _ in range(8):  # the passes, then cards: the bots answer each move
            deadline = time.monotonic() + 30
            while not (actions := ada.ok("legal")["actions"]):
                assert time.monotonic() < deadline, "seat 0 was never awaited"
                time.sleep(0.02)
            ada.ok("act", action=actions[0])
    failed = [r for r in caplog.records if r.getMessage().startswith("a bot failed")]
    assert len(failed) >= 8
    assert {(getattr(r, "table", None), getattr(r, "conn", None)) for r in failed} == {
        (table, None)}
