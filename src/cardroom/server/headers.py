"""Security headers on every HTTP answer, and the guard on writes.

A browser lets any web site a visitor opens send a "simple" request to
another origin: a POST with a text/plain or form body needs no preflight, so
without this guard any page could create tables, accounts and seats from a
visitor's browser. A write is therefore taken only

* with its body as JSON (a cross-origin JSON request needs a preflight,
  which this server never grants), and
* from this server's own pages, or from a client that is not a browser
  (it sends neither ``Origin`` nor ``Sec-Fetch-Site``; its token is its
  authority).

The headers keep the pages from being framed (clickjacking), from running
script that is not this server's own files, and from leaking their address
to other sites. The middleware is pure ASGI: WebSockets (which check their
Origin in ``ws.serve``) and streamed bodies pass through untouched.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardroom.server.errors import error_response

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Sec-Fetch-Site values of a request the card room's own pages made, or a
# person typing an address; "same-site" is a neighbour (another subdomain).
OWN_SITE = frozenset({"same-origin", "none"})
NOT_JSON = "send the body as JSON (Content-Type: application/json)"
CROSS_SITE = ("this request came from another web site; "
              "the card room only takes writes from its own pages")

# A Host header fit to be named in the policy: a name or IPv4 address, maybe
# a port. Anything else (the client chooses it; CSP has no IPv6 literals)
# gets 'self' alone.
HOST = re.compile(r"[A-Za-z0-9.-]+(?::[0-9]{1,5})?")
# The pages need no inline script or style, eval, plugin, data: URL or
# <base>: everything they load is the card room's own file.
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; "
          "img-src 'self'; font-src 'self'; "
          "object-src 'none'; base-uri 'none'; form-action 'self'; "
          "frame-ancestors 'none'; connect-src 'self'")
FIXED = [
    (b"x-content-type-options", b"nosniff"),
    # Invite and replay addresses never go to another site in a Referer;
    # the card room's own requests keep theirs (proxy logs can use them).
    (b"referrer-policy", b"same-origin"),
    # frame-ancestors for browsers that predate it.
    (b"x-frame-options", b"DENY"),
]


def content_security_policy(host: str | None) -> str:
    """The policy for a page served under ``host``. CSP Level 3 browsers let
    'self' cover ws:/wss: of the same host; older ones (Safari before 15.4)
    need the host named, so the table connection is named when it can be."""
    if host is None or not HOST.fullmatch(host):
        return POLICY
    return f"{POLICY} ws://{host} wss://{host}"


def origin_allowed(headers: Mapping[str, str], allowed: Iterable[str]) -> bool:
    """A browser's Origin must be this server's own address (as the Host
    header names it) or one of ``allowed`` (``--origin``); a client that
    sends none (not a browser) is let in. The scheme is not compared: behind
    a TLS proxy the server itself is reached over plain HTTP."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if _configured(origin, allowed):
        return True
    own = urlsplit(origin.strip()).netloc.lower()
    return bool(own) and own == (headers.get("host") or "").strip().lower()


def _configured(origin: str, allowed: Iterable[str]) -> bool:
    wanted = origin.strip().rstrip("/").lower()
    return any(wanted == entry.strip().rstrip("/").lower() for entry in allowed)


def from_own_pages(headers: Mapping[str, str], allowed: Iterable[str]) -> bool:
    """Whether a write may come from where it came from. A browser that
    says the request is cross-site (or same-site) is believed over an
    Origin that matches the Host header; only a configured origin may
    write from another site."""
    allowed = list(allowed)
    if not origin_allowed(headers, allowed):
        return False
    site = headers.get("sec-fetch-site")
    if site is None or site.strip().lower() in OWN_SITE:
        return True
    origin = headers.get("origin")
    return origin is not None and _configured(origin, allowed)


def json_or_empty(headers: Mapping[str, str]) -> bool:
    """A write's body is JSON, or there is none. A type other than JSON is
    refused even with an empty body: that is what a cross-site form sends."""
    kind = headers.get("content-type")
    if kind is not None:
        return kind.split(";", 1)[0].strip().lower() == "application/json"
    length = headers.get("content-length")
    chunked = headers.get("transfer-encoding") is not None
    return not chunked and (length is None or length.strip() == "0")


class SecurityHeaders:
    """Adds the security headers to every HTTP answer (refusals included)
    and refuses a write from another site (403) or not in JSON (400)."""

    def __init__(self, app: ASGIApp, origins: Iterable[str] = ()) -> None:
        self.app, self.origins = app, list(origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        send = _with_headers(send, content_security_policy(headers.get("host")))
        refusal = self._refusal(scope["method"], headers)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        code, message = refusal
        await error_response(code, message)(scope, receive, send)

    def _refusal(self, method: str, headers: Headers) -> tuple[str, str] | None:
        if method.upper() not in WRITES:
            return None
        if not from_own_pages(headers, self.origins):
            return "forbidden", CROSS_SITE
        if not json_or_empty(headers):
            return "bad_request", NOT_JSON
        return None


def _with_headers(send: Send, policy: str) -> Send:
    """``send`` that adds the headers to the response's start, leaving any
    a route set itself."""
    extra = [(b"content-security-policy", policy.encode("latin-1")), *FIXED]

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            present = {name.lower() for name, _ in message.get("headers", [])}
            added = [(name, value) for name, value in extra if name not in present]
            message = {**message, "headers": [*message.get("headers", []), *added]}
        await send(message)

    return sending
