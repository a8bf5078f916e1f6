"""Limits on what one client may send."""

from __future__ import annotations

from dataclasses import dataclass

from cardroom.server.clock import Clock

# A request body or WebSocket message larger than this is refused unread.
MAX_BODY_BYTES = 16 * 1024
MAX_MESSAGE_BYTES = 16 * 1024
# A WebSocket message (its frames together) over this closes the connection
# with code 1009, unread; one over MAX_MESSAGE_BYTES and up to this is
# answered ``too_large`` and the connection stays open (uvicorn's ws_max_size).
WS_FRAME_MAX_BYTES = 64 * 1024
CHAT_MAX_CHARS = 500
NAME_MAX_CHARS = 32


@dataclass
class Bucket:
    """A token bucket: ``rate`` requests a second, bursts up to ``burst``."""

    rate: float
    burst: float
    clock: Clock
    tokens: float = -1.0
    last: float = 0.0

    def allow(self) -> bool:
        now = self.clock.now()
        if self.tokens < 0:
            self.tokens, self.last = self.burst, now
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Buckets:
    """One bucket per key (a client address), forgetting idle ones."""

    def __init__(self, rate: float, burst: float, clock: Clock, keep: int = 10_000) -> None:
        self.rate, self.burst, self.clock, self.keep = rate, burst, clock, keep
        self.buckets: dict[str, Bucket] = {}

    def allow(self, key: str) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.keep:
                self.buckets.clear()
            bucket = self.buckets[key] = Bucket(self.rate, self.burst, self.clock)
        return bucket.allow()


def clean_text(text: str, limit: int) -> str:
    """Text as a person typed it: control characters dropped, runs of
    whitespace as one space, at most ``limit`` characters kept."""
    kept = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(kept.split())[:limit]
