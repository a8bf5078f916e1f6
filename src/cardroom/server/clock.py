"""Time for the card room, injected so that tests run clocks without sleeping
(tests/server/support.py has a clock that moves only when told to)."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds, monotonic within one server run."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.monotonic()

