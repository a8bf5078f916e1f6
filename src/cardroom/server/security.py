"""Seat tokens, account sessions and passwords.

A token is shown to its holder once; only its SHA-256 is stored, and a
presented token is compared with every candidate hash in constant time.
Passwords are hashed with argon2 (argon2-cffi's defaults).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()


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


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def password_ok(stored: str, password: str) -> bool:
    try:
        return _HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False
