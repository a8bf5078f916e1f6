"""Bots think in worker processes, so that a search never blocks the
server's event loop. A worker gets a ``BotTurn`` (the bot, the seat's view
and its legal actions; never the referee state) and returns a ``Thought``."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from cardroom.core.table import BotTurn, Thought, think
from cardroom.frontend import load_everything


class BotPool:
    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self.executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # spawn: a worker never inherits the server's sockets or threads.
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=load_everything)

    async def think(self, turn: BotTurn) -> Thought:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, think, turn)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start fresh ones; the
            # caller retries the turn.
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._start()
            raise

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
