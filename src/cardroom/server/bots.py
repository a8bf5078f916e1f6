"""Bots think in worker processes, so that a search never blocks the
server's event loop. A worker gets a ``BotTurn`` (the bot, the seat's view
and its legal actions; never the referee state) and returns a ``Thought``.

Jobs wait in three lanes and the pool starts them itself, never more than
it has workers: when a worker frees, the oldest job of the first lane that
has one goes (people's tables, then hints, then all-bot tables), and with
two workers or more, hints and all-bot tables together hold all but one, so
that slow bots or a flood of hints never make a person's table wait for
more than the other people's moves in flight. Within a lane, a job of the
table with the fewest jobs in the workers goes first (the oldest among
equals): a table whose bots think at the same time (a simultaneous choice)
takes no more than its share while other tables wait.

The room runs two pools: one for people's tables, and a smaller, niced one
(``keep_one=False``) for hints and all-bot tables, whose work may wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import enum
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from typing import cast

from cardroom.core.table import BotTurn, Thought, think
from cardroom.plugins import load_everything

# How long close() lets the workers finish the move in hand before killing them.
STOP_WAIT_S = 2.0
# How often a worker checks that the server is still there.
PARENT_CHECK_S = 0.5
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


class Lane(enum.Enum):
    """Whose job it is; a lane listed first is started first."""

    PEOPLE = "people"  # a bot seat at a table where a person plays
    HINT = "hint"  # a hint a seat asked for
    BOTS = "bots"  # a bot seat at a table with no person


@dataclass(eq=False)
class Job:
    """A turn waiting for a worker or in one, and its caller's answer."""

    turn: BotTurn
    lane: Lane
    done: asyncio.Future[Thought]
    owner: str = ""  # the table it is for
    queued: float = 0.0  # time.perf_counter() when it was queued


class BotPool:
    """``nice``: the workers' CPU niceness (a pool for work that may wait:
    the operating system then serves the server and the other pool first).
    ``keep_one``: with two workers or more, keep one for people's tables.
    ``waited(lane, seconds)``: told each job's wait for a worker."""

    def __init__(self, workers: int, nice: int = 0, keep_one: bool = True,
                 waited: Callable[[str, float], None] | None = None) -> None:
        self.waited = waited
        self.workers = max(1, workers)
        self.nice, self.keep_one = nice, keep_one
        self.queues: dict[Lane, deque[Job]] = {lane: deque() for lane in Lane}
        self.running: dict[Lane, int] = dict.fromkeys(Lane, 0)
        self.owners: Counter[str] = Counter()  # jobs in the workers, by table
        self.closed = False
        self.executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # spawn: a worker never inherits the server's sockets or threads.
        spawn = multiprocessing.get_context("spawn")
        executor = ProcessPoolExecutor(self.workers, mp_context=spawn, initializer=start_worker,
                                       initargs=(os.getpid(), self.nice))
        # The executor starts a worker inside submit() (a fork and exec, tens
        # of milliseconds) until it has them all: start them from a thread
        # now, so that no bot's first move waits on the event loop for one.
        threading.Thread(target=warm, args=(executor, self.workers),
                         name="cardroom-bot-start", daemon=True).start()
        return executor

    async def think(self, turn: BotTurn, lane: Lane = Lane.PEOPLE, owner: str = "") -> Thought:
        """The turn's bot's decision, computed by a worker when the turn's
        lane is served (``owner``: the table it is for). Raises
        BrokenProcessPool when a worker died during it (fresh workers are
        started; the caller may ask again)."""
        if self.closed:
            raise RuntimeError("the bot pool is closed: the server is stopping")
        job = Job(turn, lane, asyncio.get_running_loop().create_future(), owner,
                  time.perf_counter())
        self.queues[lane].append(job)
        self._dispatch()
        try:
            return await job.done
        except asyncio.CancelledError:
            if job in self.queues[lane]:  # not started: nobody will want it
                self.queues[lane].remove(job)
            raise

    def waiting(self) -> dict[str, int]:
        """Jobs not started yet, by lane."""
        return {lane.value: len(queue) for lane, queue in self.queues.items()}

    def busy(self) -> dict[str, int]:
        """Jobs in the workers' hands, by lane."""
        return {lane.value: count for lane, count in self.running.items()}

    def _dispatch(self) -> None:
        while (job := self._next()) is not None:
            self._submit(job)

    def _next(self) -> Job | None:
        if sum(self.running.values()) >= self.workers:
            return None
        if self.queues[Lane.PEOPLE]:
            return self._pop(self.queues[Lane.PEOPLE])
        others = self.running[Lane.HINT] + self.running[Lane.BOTS]
        if self.keep_one and self.workers >= 2 and others >= self.workers - 1:
            return None  # the last worker is kept for people's tables
        for lane in (Lane.HINT, Lane.BOTS):
            if self.queues[lane]:
                return self._pop(self.queues[lane])
        return None

    def _pop(self, queue: deque[Job]) -> Job:
        """The oldest job of the table with the fewest jobs in the workers."""
        first = min(range(len(queue)), key=lambda i: (self.owners[queue[i].owner], i))
        job = queue[first]
        del queue[first]
        return job

    def _submit(self, job: Job) -> None:
        try:
            executor, running = self._send(job.turn)
        except RuntimeError as err:  # the interpreter is exiting
            job.done.set_exception(err)
            return
        self.running[job.lane] += 1
        if self.waited is not None:
            self.waited(job.lane.value, time.perf_counter() - job.queued)
        self.owners[job.owner] += 1
        loop = job.done.get_loop()

        def finished(result: Future[Thought]) -> None:
            # Runs in the executor's thread; the bookkeeping belongs to the loop.
            with contextlib.suppress(RuntimeError):  # the loop is closed
                loop.call_soon_threadsafe(self._finished, job, result, executor)

        running.add_done_callback(finished)

    def _send(self, turn: BotTurn) -> tuple[ProcessPoolExecutor, Future[Thought]]:
        try:
            return self.executor, self.executor.submit(think, turn)
        except BrokenProcessPool:  # broke after its last job: this one never ran
            executor = self._restart()
            return executor, executor.submit(think, turn)

    def _finished(self, job: Job, result: Future[Thought],
                  executor: ProcessPoolExecutor) -> None:
        self.running[job.lane] -= 1
        self.owners[job.owner] -= 1
        if not self.owners[job.owner]:
            del self.owners[job.owner]
        error = None if result.cancelled() else result.exception()
        if not job.done.done():  # else its caller was cancelled
            if result.cancelled():
                job.done.cancel()
            elif error is not None:
                job.done.set_exception(error)
            else:
                job.done.set_result(result.result())
        if isinstance(error, BrokenProcessPool) and executor is self.executor and not self.closed:
            # A worker died (killed, out of memory): start fresh ones; the
            # jobs it took down fail, and their callers retry.
            self._restart()
        self._dispatch()

    def _restart(self) -> ProcessPoolExecutor:
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.executor = self._start()
        return self.executor

    def close(self) -> None:
        """Cancel the jobs waiting and stop the workers: each may finish the
        move in hand for STOP_WAIT_S, then it is killed. Returns at once;
        the process waits for that before it exits (the thread is not a
        daemon)."""
        self.closed = True
        for queue in self.queues.values():
            while queue:
                queue.popleft().done.cancel()
        processes = list((self.executor._processes or {}).values())
        self.executor.shutdown(wait=False, cancel_futures=True)
        threading.Thread(target=stop_processes, args=(processes, STOP_WAIT_S),
                         name="cardroom-bot-stop").start()


def warm(executor: ProcessPoolExecutor, workers: int) -> None:
    """Have the executor start all its workers (each submit starts one
    while none is idle)."""
    with contextlib.suppress(RuntimeError, BrokenProcessPool):  # shut down meanwhile
        for _ in range(workers):
            executor.submit(int)


def stop_processes(processes: Sequence[BaseProcess], wait_s: float) -> None:
    """Wait up to ``wait_s`` for the processes to exit, then kill the rest."""
    left = {process.sentinel: process for process in processes}
    deadline = time.monotonic() + wait_s
    while left and (remaining := deadline - time.monotonic()) > 0:
        for sentinel in wait(list(left), remaining):
            del left[cast(int, sentinel)]  # the sentinels given: ints
    for process in left.values():
        with contextlib.suppress(OSError, ValueError):
            process.kill()


def start_worker(parent: int, nice: int = 0) -> None:
    """A worker's initializer: it goes when the server goes, leaves Ctrl-C
    to the server (which stops it), runs at its pool's niceness, and loads
    the games."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice > 0:
        with contextlib.suppress(OSError):
            os.nice(nice)
    die_with_parent(parent)
    load_everything()


def die_with_parent(parent: int) -> None:
    """Exit as soon as the process ``parent`` is gone, even if it was killed
    with SIGKILL: a worker left behind would hold its memory, and the pipe
    of multiprocessing's resource tracker, which exits only when every
    holder of that pipe has."""
    if sys.platform == "linux":
        # The kernel's signal is immediate, but it comes when the thread
        # that started the worker ends: the event loop's here (a worker is
        # started as a job is submitted), which outlives the pool. The
        # watch covers the process, wherever the worker was started from.
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # gone before the signal was asked for
        os._exit(1)
    threading.Thread(target=watch_parent, args=(parent,), name="cardroom-parent-watch",
                     daemon=True).start()


def watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os._exit(1)
