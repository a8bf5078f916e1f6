"""Seat tokens, account sessions, passwords, account name keys and the
keys that stand for client addresses.

A token is shown to its holder once; only its SHA-256 is stored, and a
presented token is compared with every candidate hash in constant time.

Passwords are hashed with argon2id (argon2-cffi's time and memory costs,
one lane). Every hash and every check runs in one thread of its own, never
on the event loop: a flood of sign-ins then uses at most one core and the
rest of the room goes on. A sign-in for an unknown name is checked against
a dummy hash, so that it costs what a known name costs.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import os
import secrets
import threading
import unicodedata
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from cardroom.server.clock import SystemClock
from cardroom.server.errors import RateLimited
from cardroom.server.limits import Bucket

# The hashing thread's CPU niceness: a flood of sign-ins waits for the CPU
# rather than the event loop and the moves of tables in play.
HASH_NICE = 10


def _lower_priority() -> None:
    # On Linux a thread id given to setpriority names that thread alone;
    # elsewhere the thread keeps the process's priority.
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASH_NICE)


# One lane: a hash keeps to the one thread it runs in (the default, four
# lanes, would spread each hash over four cores).
_HASHER = PasswordHasher(parallelism=1)
_HASHING = ThreadPoolExecutor(1, thread_name_prefix="cardroom-argon2",
                              initializer=_lower_priority)
# Hashes waiting or running at most: about two seconds of hashing.
HASH_QUEUE_MAX = 16
_queued = 0
# Hashes a second across every address (the server's --hash-rate): what a
# flood of sign-ins from many addresses may take of the CPU, about a third
# of a core at the default.
_hash_rate = Bucket(3.0, 6.0, SystemClock())
T = TypeVar("T")

# Each failed sign-in past the free ones locks the account this long,
# doubling each time, up to BACKOFF_MAX_S.
BACKOFF_FIRST_S = 2.0
BACKOFF_MAX_S = 15 * 60.0

# Letters of other scripts that look like Latin ones, as str.casefold leaves
# them (capitals fold to these), each folded onto the Latin letter it is
# mistaken for. Not Unicode's whole confusables list: the letters that pass
# for Latin in a name. Where a capital and its small letter pass for
# different Latin letters (Greek Ν and ν: N and v), the capital wins.
CONFUSABLES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ѕ": "s", "і": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ԁ": "d",
    "ԛ": "q", "ԝ": "w", "ӏ": "l", "һ": "h", "ү": "y", "ї": "ï", "ё": "ë",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m",
    "ν": "n", "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "γ": "y",
    # Armenian
    "օ": "o", "ս": "u", "ո": "n", "հ": "h",
    # Latin letters that pass for others: dotless i and j, alpha, script g
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g", "ɩ": "i",
})


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(stored_hash: str | None, token: str) -> bool:
    if stored_hash is None:
        return False
    return hmac.compare_digest(stored_hash, token_hash(token))


def find(candidates: Iterable[tuple[int, str | None]], token: str) -> int | None:
    """The key whose hash matches ``token``; every candidate is compared so
    that the time taken does not tell which one matched."""
    found: int | None = None
    for key, stored in candidates:
        if matches(stored, token) and found is None:
            found = key
    return found


def address_key(address: str) -> str:
    """What is stored for a client address: a hash, never the address."""
    text = "cardroom-address:" + address
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


# ----- account names -----------------------------------------------------------------
def name_key(name: str) -> str:
    """The key that makes account names unique: the name in NFKC, case-folded,
    with look-alikes of Latin letters folded onto them (``CONFUSABLES``), so
    that 'ＡＤＭＩＮ', 'admın' and a Cyrillic 'аdmin' all key as 'admin'."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return folded.translate(CONFUSABLES)


def folded_name(name: str) -> str:
    """The key names had before look-alikes were folded (NFKC, case-folded):
    an account kept its old key where its new one was already taken."""
    return unicodedata.normalize("NFKC", name).casefold()


# ----- passwords -----------------------------------------------------------------------
def limit_hashing(rate: float, burst: float) -> None:
    global _hash_rate
    _hash_rate = Bucket(rate, burst, SystemClock())


def start_hashing() -> None:
    """Starts the hashing thread and makes the dummy hash there, before the
    event loop runs: starting a thread from the loop would hold it."""
    _HASHING.submit(_dummy_hash)


async def hash_password(password: str) -> str:
    return await _hashing(_HASHER.hash, password)


async def password_ok(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from; with no
    stored hash (an unknown name) a dummy one is checked, and it is False."""
    if stored is None:
        return await _hashing(_check_unknown, password)
    return await _hashing(_check, stored, password)


def needs_rehash(stored: str) -> bool:
    """Whether a hash was made with other settings than today's (it is made
    again at the next sign-in)."""
    try:
        return _HASHER.check_needs_rehash(stored)
    except (InvalidHashError, ValueError):
        return False


def backoff_s(failures: int, free: int) -> float:
    """How long sign-in stays locked after ``failures`` in a row: not at all
    for the first ``free``, then 2 s doubling each time up to 15 minutes."""
    extra = failures - free
    if extra <= 0:
        return 0.0
    return min(BACKOFF_MAX_S, BACKOFF_FIRST_S * 2.0 ** min(extra - 1, 20))


async def _hashing(fn: Callable[..., T], *args: str) -> T:
    """Run a hash or a check in the hashing thread. Past HASH_QUEUE_MAX
    waiting (sign-ins from many addresses at once), refuse at once rather
    than make every honest sign-in wait behind the flood."""
    global _queued
    if _queued >= HASH_QUEUE_MAX or not _hash_rate.allow():
        raise RateLimited("the card room is busy signing people in: try again in a few "
                          "seconds")
    _queued += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_HASHING, fn, *args)
    finally:
        _queued -= 1


def _check(stored: str, password: str) -> bool:
    try:
        return _HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def _check_unknown(password: str) -> bool:
    _check(_dummy_hash(), password)
    return False


@cache
def _dummy_hash() -> str:
    # Made once, in the hashing thread, the first time a name is not found.
    return _HASHER.hash(secrets.token_urlsafe(16))
