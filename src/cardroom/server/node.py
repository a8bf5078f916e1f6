"""The process of a node: uvicorn's server, which on SIGTERM drains
before it stops (docs/deploy.md, "Upgrades, node by node")."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import socket
from types import FrameType
from typing import Any

import uvicorn
from fastapi import FastAPI

from cardroom.server.room import Room

log = logging.getLogger("cardroom.server")
# The collector's first threshold: a node makes many short-lived objects
# (messages, events), and at the default (700) a young collection runs
# every few moves; the full collections that stop the loop come rarer too.
GC_YOUNG = 20_000
# The longest a drain may take before the node stops anyway (its leases
# then run out and other nodes take its tables).
DRAIN_S = 30.0


class Node(uvicorn.Server):
    """Told to stop by SIGTERM, it first stops taking connections, lets the
    moves in flight be stored, hands its tables over and tells its clients
    to connect again (close 1012); then it shuts down as uvicorn does."""

    def __init__(self, config: uvicorn.Config, room: Room) -> None:
        super().__init__(config)
        self.room = room
        self.loop: asyncio.AbstractEventLoop | None = None
        self.draining = False

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().startup(sockets)
        quiet_collector()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if sig != signal.SIGTERM or self.draining or self.loop is None:
            super().handle_exit(sig, frame)
            return
        self.draining = True
        self.loop.call_soon_threadsafe(self.room.spawn, self.drain(sig, frame))

    async def drain(self, sig: int, frame: FrameType | None) -> None:
        for server in getattr(self, "servers", []):
            server.close()
        try:
            await asyncio.wait_for(self.room.drain(), DRAIN_S)
        except Exception:
            log.exception("draining failed; stopping anyway")
        super().handle_exit(sig, frame)


def quiet_collector() -> None:
    """Keep the cyclic collector's pauses off the event loop: what start-up
    made (modules, games, the app) lives as long as the process, so it is
    moved out of the collector's sight (gc.freeze), and young collections
    run less often."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, middle, old)


def serve_node(app: FastAPI, options: dict[str, Any]) -> None:
    """Run the app as a node until it is told to stop."""
    Node(uvicorn.Config(app, **options), app.state.room).run()
