"""Any node answers for any table: a request about a table that another
node plays is passed on to that node, HTTP and WebSocket alike
(docs/deploy.md, "Several nodes").

The node passing a request on has already checked it as it checks its own
(origin, size); it signs it with the room's node key and names the client's
address, which the owner then counts for its limits. A request that comes
signed is never passed on again: if its table moved meanwhile, the client
is told to try again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import re
import time

import httpx
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from cardroom.server.cluster import Owner
from cardroom.server.config import Config
from cardroom.server.errors import error_response
from cardroom.server.headers import origin_allowed
from cardroom.server.limits import WS_FRAME_MAX_BYTES
from cardroom.server.room import Room

log = logging.getLogger("cardroom.server")
TABLE_PATH = re.compile(r"^/(?:api|ws)/tables/([A-Za-z0-9_-]{1,32})(?:/|$)")
NODE_HEADER = "x-cardroom-node"
CLIENT_HEADER = "x-cardroom-client"
# What the owner's answer keeps on its way back (this node adds its own
# security headers).
KEPT = {"content-type", "retry-after", "cache-control", "www-authenticate"}
# What a passed-on request leaves out: hop-by-hop headers, and what this
# node has checked already (the owner would see another site's origin).
DROPPED = {"host", "connection", "keep-alive", "transfer-encoding", "upgrade", "origin",
           "referer", "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest", "sec-fetch-user",
           "content-length", "sec-websocket-key", "sec-websocket-version",
           "sec-websocket-extensions", "sec-websocket-protocol", NODE_HEADER, CLIENT_HEADER}
NOT_ANSWERING = ("the server playing this table is not answering; another server takes the "
                 "table over within seconds: try again")
# WebSocket close: try again later.
TRY_AGAIN = 1013
# A node that did not answer is not tried again for this long (its clients
# ask again and again while its tables wait to be taken over).
DOWN_S = 1.0
# How often a WebSocket held for a table of a node that does not answer
# asks again who plays the table.
HOLD_STEP_S = 0.25


class Peers:
    """The HTTP client that passes requests on, made on first use and
    closed with the app."""

    def __init__(self) -> None:
        self.client: httpx.AsyncClient | None = None

    def get(self) -> httpx.AsyncClient:
        if self.client is None:
            self.client = httpx.AsyncClient(timeout=10.0)
        return self.client

    async def close(self) -> None:
        if self.client is not None:
            await self.client.aclose()
            self.client = None


class Forward:
    """ASGI middleware: requests about another node's table go to it."""

    def __init__(self, app: ASGIApp, room: Room, config: Config, peers: Peers) -> None:
        self.app, self.room, self.config, self.peers = app, room, config, peers
        self.down: dict[str, float] = {}  # a node's url: not tried again until then

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or not self.room.node.several:
            await self.app(scope, receive, send)  # a lone node passes nothing on
            return
        signed = self._signed(scope)
        match = TABLE_PATH.match(scope["path"])
        if match is None:
            await self.app(scope, receive, send)
            return
        try:
            owner = await self.room.owner_of(match.group(1))
        except Exception:
            owner = None
        if (owner is not None and not owner.here and self._is_down(owner.url)
                and scope["type"] == "websocket" and not signed):
            owner = await self._hold(match.group(1), owner.url)
        if owner is not None and owner.here:
            await self.app(scope, receive, send)
        elif owner is None or signed or not owner.url or self._is_down(owner.url):
            await _unavailable(scope, receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send, owner.url)
        else:
            await self._socket(scope, receive, send, match.group(1), owner.url)

    async def _hold(self, table_id: str, dead: str) -> Owner | None:
        """A WebSocket for a table of a node that does not answer waits, up
        to a lease's time and a renewal period, for the table to be taken
        over (by this node: then it is served here; by another: then it is
        passed on there), so that its client is served the moment the table
        plays again instead of asking again and again. None: still not taken."""
        deadline = time.monotonic() + self.config.lease_ttl_s + self.config.lease_renew_s
        while time.monotonic() < deadline:
            await asyncio.sleep(HOLD_STEP_S)
            with contextlib.suppress(Exception):
                owner = await self.room.owner_of(table_id)
                if owner.here or owner.url != dead:
                    return owner
        return None

    def _is_down(self, url: str) -> bool:
        until = self.down.get(url)
        if until is None:
            return False
        if until > time.monotonic():
            return True
        del self.down[url]
        return False

    def _not_answering(self, url: str, path: str, err: Exception) -> None:
        log.warning("passing %s on to %s failed: %s", path, url, err)
        self.down[url] = time.monotonic() + DOWN_S

    def _signed(self, scope: Scope) -> bool:
        """Whether another node of the room passed this request on (then
        the client is the one it names); other clients' copies of the
        node headers are dropped."""
        headers = Headers(scope=scope)
        key, client = headers.get(NODE_HEADER), headers.get(CLIENT_HEADER)
        scope["headers"] = [(k, v) for k, v in scope["headers"]
                            if k.decode("latin-1") not in (NODE_HEADER, CLIENT_HEADER)]
        if not key or not self.room.node.key or client is None:
            return False
        if not hmac.compare_digest(key.encode(), self.room.node.key.encode()):
            return False
        scope["client"] = (client, 0)
        return True

    def _passed_on(self, scope: Scope) -> dict[str, str]:
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]
                   if k.decode("latin-1").lower() not in DROPPED}
        address = scope["client"][0] if scope.get("client") else "?"
        return {**headers, NODE_HEADER: self.room.node.key, CLIENT_HEADER: address}

    async def _http(self, scope: Scope, receive: Receive, send: Send, url: str) -> None:
        body = await _whole_body(receive)
        target = url + scope["path"] + (("?" + scope["query_string"].decode("latin-1"))
                                        if scope.get("query_string") else "")
        try:
            answer = await self.peers.get().request(scope["method"], target, content=body,
                                                    headers=self._passed_on(scope))
        except httpx.HTTPError as err:
            self._not_answering(url, scope["path"], err)
            await _unavailable(scope, receive, send)
            return
        headers = [(k.encode(), v.encode()) for k, v in answer.headers.items()
                   if k.lower() in KEPT]
        headers.append((b"content-length", str(len(answer.content)).encode()))
        await send({"type": "http.response.start", "status": answer.status_code,
                    "headers": headers})
        await send({"type": "http.response.body", "body": answer.content})

    async def _socket(self, scope: Scope, receive: Receive, send: Send, table_id: str,
                      url: str) -> None:
        if (await receive())["type"] != "websocket.connect":
            return
        if not origin_allowed(Headers(scope=scope), self.config.origins):
            await send({"type": "websocket.close", "code": 1008})
            return
        target = "ws" + url.removeprefix("http") + scope["path"]
        try:
            upstream = await connect(target, additional_headers=self._passed_on(scope),
                                     max_size=WS_FRAME_MAX_BYTES, open_timeout=5,
                                     ping_interval=None)
        except InvalidStatus as err:
            await _deny(scope, send, err.response.status_code, bytes(err.response.body or b""))
            return
        except Exception as err:  # refused, timed out, reset: the owner is not there
            self._not_answering(url, scope["path"], err)
            await self._after_dead_owner(scope, receive, send, table_id, url)
            return
        await send({"type": "websocket.accept"})
        await _pipe(upstream, receive, send)


    async def _after_dead_owner(self, scope: Scope, receive: Receive, send: Send,
                                table_id: str, dead: str) -> None:
        """The owner did not answer a WebSocket already asked for: hold it
        until the table is taken over, then serve it here, or tell the
        client to try again."""
        owner = await self._hold(table_id, dead)
        if owner is not None and owner.here:
            await self.app(scope, _replaying({"type": "websocket.connect"}, receive), send)
            return
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": TRY_AGAIN})


def _replaying(first: Message, receive: Receive) -> Receive:
    """``receive`` with a message already taken from it given back first."""
    pending = [first]

    async def again() -> Message:
        return pending.pop() if pending else await receive()
    return again


async def _pipe(upstream: ClientConnection, receive: Receive, send: Send) -> None:
    """Messages both ways until one side closes; the other is closed with
    the same code (1012 when the owner stops: the client connects again)."""
    async def up() -> None:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                await upstream.close(message.get("code", 1000))
                return
            data = message.get("text")
            await upstream.send(data if data is not None else message.get("bytes", b""))

    async def down() -> None:
        code = 1000
        try:
            async for data in upstream:
                key = "text" if isinstance(data, str) else "bytes"
                await send({"type": "websocket.send", key: data})
        except ConnectionClosed:
            pass
        if upstream.close_code is not None:
            code = upstream.close_code if upstream.close_code != 1006 else TRY_AGAIN
        with contextlib.suppress(Exception):
            await send({"type": "websocket.close", "code": code})

    tasks = [asyncio.ensure_future(up()), asyncio.ensure_future(down())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await upstream.close()
        await asyncio.gather(*tasks, return_exceptions=True)


async def _whole_body(receive: Receive) -> bytes:
    chunks: list[bytes] = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


async def _unavailable(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "http":
        answer = error_response("unavailable", NOT_ANSWERING)
        answer.headers["retry-after"] = "2"
        await answer(scope, receive, send)
        return
    if (await receive())["type"] == "websocket.connect":
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": TRY_AGAIN})


async def _deny(scope: Scope, send: Send, status: int, body: bytes) -> None:
    """The owner refused the handshake: so does this node, alike."""
    if "websocket.http.response" in scope.get("extensions", {}):
        await send({"type": "websocket.http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json")]})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008})
