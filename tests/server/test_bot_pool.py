"""The bot pool's lanes: which waiting job a free worker takes, the worker
kept for people's tables, cancelling, and a worker that dies. The executor
is a fake whose jobs finish when the test says, so the order is exact."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, cast

import pytest

from cardroom.core.bot import Bot
from cardroom.core.table import BotTurn, Thought
from cardroom.server.bots import BotPool, Lane
from cardroom.server.room import BACKGROUND_NICE
from tests.server.support import LiveServer, sqlite_url


class FakeExecutor:
    """Takes jobs like a ProcessPoolExecutor; the test finishes them."""

    def __init__(self) -> None:
        self.jobs: dict[str, Future[Thought]] = {}
        self.started: list[str] = []
        self._processes: dict[int, Any] = {}
        self.shut = self.broken = False

    def submit(self, fn: Callable[[BotTurn], Thought], turn: BotTurn) -> Future[Thought]:
        if self.broken:
            raise BrokenProcessPool("a worker died while idle")
        name = turn.legal[0]
        self.started.append(name)
        self.jobs[name] = Future()
        return self.jobs[name]

    def finish(self, name: str) -> None:
        self.jobs.pop(name).set_result(Thought(0, 0, name, cast(Bot, None)))

    def fail(self, name: str, error: BaseException) -> None:
        self.jobs.pop(name).set_exception(error)

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.shut = True


class FakePool(BotPool):
    def _start(self) -> Any:
        self.executors: list[FakeExecutor] = [*getattr(self, "executors", []), FakeExecutor()]
        return self.executors[-1]

    @property
    def fake(self) -> FakeExecutor:
        return self.executors[-1]


def turn(name: str) -> BotTurn:
    return BotTurn(0, 0, cast(Bot, None), {}, [name])


def ask(pool: BotPool, name: str, lane: Lane) -> asyncio.Task[Thought]:
    return asyncio.create_task(pool.think(turn(name), lane))


async def settle() -> None:
    """Let every task and callback that can run, run."""
    for _ in range(10):
        await asyncio.sleep(0)


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(test(), 10))


def test_a_free_worker_takes_people_then_hints_then_all_bot_tables_oldest_first() -> None:
    async def scenario() -> None:
        pool = FakePool(1)
        asks = [ask(pool, "first", Lane.BOTS)]
        await settle()
        for name, lane in [("bots1", Lane.BOTS), ("hint1", Lane.HINT), ("people1", Lane.PEOPLE),
                           ("bots2", Lane.BOTS), ("hint2", Lane.HINT), ("people2", Lane.PEOPLE)]:
            asks.append(ask(pool, name, lane))
            await settle()
        assert pool.waiting() == {"people": 2, "hint": 2, "bots": 2}
        assert pool.busy() == {"people": 0, "hint": 0, "bots": 1}
        for _ in range(6):
            pool.fake.finish(pool.fake.started[-1])
            await settle()
        pool.fake.finish(pool.fake.started[-1])
        assert pool.fake.started == ["first", "people1", "people2", "hint1", "hint2", "bots1",
                                     "bots2"]
        assert [(await a).action for a in asks] == ["first", "bots1", "hint1", "people1",
                                                    "bots2", "hint2", "people2"]
        assert pool.waiting() == {"people": 0, "hint": 0, "bots": 0}

    run(scenario)


def test_hints_and_all_bot_tables_leave_one_worker_to_people() -> None:
    async def scenario() -> None:
        pool = FakePool(3)
        for name in ("bots0", "bots1", "bots2"):
            ask(pool, name, Lane.BOTS)
        ask(pool, "hint", Lane.HINT)
        await settle()
        assert pool.fake.started == ["bots0", "bots1"]
        assert pool.waiting() == {"people": 0, "hint": 1, "bots": 1}
        people = ask(pool, "people", Lane.PEOPLE)
        await settle()
        assert pool.fake.started[-1] == "people"  # at once: the third worker was kept
        pool.fake.finish("people")
        assert (await people).action == "people"
        await settle()
        assert len(pool.fake.jobs) == 2  # a worker free, and still kept
        pool.fake.finish("bots0")
        await settle()
        assert pool.fake.started[-1] == "hint"  # the hint before the older all-bot table
        assert pool.busy() == {"people": 0, "hint": 1, "bots": 1}
        assert pool.waiting() == {"people": 0, "hint": 0, "bots": 1}

    run(scenario)


def test_a_single_worker_serves_every_lane() -> None:
    async def scenario() -> None:
        pool = FakePool(1)
        bots = ask(pool, "bots", Lane.BOTS)
        await settle()
        assert pool.fake.started == ["bots"]
        pool.fake.finish("bots")
        assert (await bots).action == "bots"

    run(scenario)


def test_think_without_a_lane_is_a_people_job() -> None:
    async def scenario() -> None:
        pool = FakePool(2)
        ask(pool, "bots", Lane.BOTS)
        await settle()
        plain = asyncio.create_task(pool.think(turn("plain")))
        await settle()
        assert pool.busy() == {"people": 1, "hint": 0, "bots": 1}
        pool.fake.finish("plain")
        assert (await plain).action == "plain"

    run(scenario)


def test_a_cancelled_job_that_has_not_started_is_dropped() -> None:
    async def scenario() -> None:
        pool = FakePool(1)
        running = ask(pool, "running", Lane.PEOPLE)
        dropped = ask(pool, "dropped", Lane.PEOPLE)
        kept = ask(pool, "kept", Lane.BOTS)
        await settle()
        dropped.cancel()
        running.cancel()  # already in a worker: it holds it until done
        await settle()
        assert pool.waiting() == {"people": 0, "hint": 0, "bots": 1}
        assert pool.fake.started == ["running"]
        pool.fake.finish("running")
        await settle()
        assert pool.fake.started == ["running", "kept"]
        pool.fake.finish("kept")
        assert (await kept).action == "kept"
        assert dropped.cancelled() and running.cancelled()

    run(scenario)


def test_a_dead_worker_fails_its_job_and_fresh_workers_take_the_rest() -> None:
    async def scenario() -> None:
        pool = FakePool(1)
        broken = ask(pool, "broken", Lane.PEOPLE)
        waiting = ask(pool, "waiting", Lane.PEOPLE)
        await settle()
        old = pool.fake
        old.fail("broken", BrokenProcessPool("a worker died"))
        with pytest.raises(BrokenProcessPool):
            await broken
        await settle()
        assert old.shut and pool.fake is not old
        assert pool.fake.started == ["waiting"]
        pool.fake.finish("waiting")
        assert (await waiting).action == "waiting"

    run(scenario)


def test_a_job_for_workers_that_died_idle_goes_to_fresh_ones() -> None:
    async def scenario() -> None:
        pool = FakePool(1)
        pool.fake.broken = True
        job = ask(pool, "job", Lane.BOTS)
        await settle()
        assert len(pool.executors) == 2 and pool.executors[0].shut
        pool.fake.finish("job")
        assert (await job).action == "job"

    run(scenario)


def test_closing_cancels_the_jobs_waiting_and_starts_nothing_more() -> None:
    async def scenario() -> None:
        pool = FakePool(1)
        running = ask(pool, "running", Lane.PEOPLE)
        waiting = ask(pool, "waiting", Lane.HINT)
        await settle()
        pool.close()
        await settle()
        assert waiting.cancelled() and pool.fake.shut
        assert pool.waiting() == {"people": 0, "hint": 0, "bots": 0}
        pool.fake.fail("running", BrokenProcessPool("killed as the server stops"))
        with pytest.raises(BrokenProcessPool):
            await running
        assert len(pool.executors) == 1  # no fresh workers
        with pytest.raises(RuntimeError, match="closed"):
            await pool.think(turn("late"))

    run(scenario)


def test_a_pool_that_keeps_no_worker_lets_hints_and_bots_use_them_all() -> None:
    async def test() -> None:
        pool = FakePool(2, keep_one=False)
        hint, bots = ask(pool, "h1", Lane.HINT), ask(pool, "b1", Lane.BOTS)
        await settle()
        assert pool.fake.started == ["h1", "b1"]
        pool.fake.finish("h1")
        pool.fake.finish("b1")
        await asyncio.gather(hint, bots)

    run(test)


def test_the_background_workers_run_niced_and_the_room_sends_them_hints(tmp_path: Path) -> None:
    """The room's second pool (hints, bots-only tables) runs at a lower CPU
    priority than the server, so a busy machine serves people first."""
    with LiveServer(sqlite_url(tmp_path), bot_workers=2) as server:
        table = server.create("papayoo", 3, seats=[{"kind": "human"}] * 2 + [
            {"kind": "bot", "bot": "random"}])["table"]
        tokens = [server.join(table, name)["token"] for name in ("Ada", "Bo")]
        with server.ws(table) as ada:
            ada.ok("hello", token=tokens[0])
            ada.ok("suggest", bot="random")
        background = server.room.background
        assert background is not None and background.workers == 1
        workers = list((background.executor._processes or {}).values())
        assert workers, "the hint did not run in the background pool"
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        assert all(os.getpriority(os.PRIO_PROCESS, w.pid) == mine + BACKGROUND_NICE
                   for w in workers)


def test_a_table_whose_bots_think_at_once_takes_no_more_than_its_share() -> None:
    async def scenario() -> None:
        pool = FakePool(2)
        asks = [asyncio.create_task(pool.think(turn(name), Lane.PEOPLE, "a"))
                for name in ("a1", "a2", "a3")]  # a simultaneous choice at table a
        await settle()
        asks.append(asyncio.create_task(pool.think(turn("b1"), Lane.PEOPLE, "b")))
        await settle()
        assert pool.fake.started == ["a1", "a2"]
        pool.fake.finish("a1")
        await settle()
        # Table b has nothing in the workers, a has one: b's job goes
        # before a's older one.
        assert pool.fake.started == ["a1", "a2", "b1"]
        pool.fake.finish("b1")
        await settle()
        assert pool.fake.started[-1] == "a3"
        assert (await asks[-1]).action == "b1"

    run(scenario)
