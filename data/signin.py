"""Signing in to the dashboard, without Streamlit: the signed, expiring token a write needs, and the limiter of
sign-in attempts (issue 33, items 1 and 4). ``views.parts.signin`` binds them to the browser's connection.

- ``Signer``: ``issue(name, nonce)`` gives a token, HMAC-SHA256 under a secret of the server process (random
  at start: a restarted server asks everyone to sign in again) over the account's name, the expiry (8 hours
  after signing in) and a nonce; ``check(token, name, nonce)`` says why a token is no good (``Refusal``) or
  None. The nonce is the one the server tagged the live connection with at sign-in: a token copied into
  another connection, or a session joined by another websocket, does not carry the connection's nonce.
- ``Limiter``: sign-in attempts per name and per client address. An attempt counts as a failure as it begins
  (so parallel attempts count too, and so does one refused for a wait: trying early makes the wait longer)
  and a success takes it back and clears the name; after ``Policy.free``
  failures (15 minutes without one forgets them all) the next attempt must wait
  ``base * 2 ** (failures - free)`` seconds (30 s, 60 s, ... at most ``cap``, 10 minutes) after the last. The limiter does not know which names exist: an unknown name and
  a wrong password are counted and refused alike. It keeps at most ``max_keys`` names and addresses (the
  oldest forgotten first), so a flood of names cannot fill the server's memory.

Both take a clock (seconds), so their tests need no waiting.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

LIFETIME = 8 * 3600.0  # seconds a sign-in lasts
KEPT = 64  # the most failures kept per name or address (the wait reaches its cap long before)


class Refusal(Enum):
    """Why a token is refused."""

    MALFORMED = "malformed"  # not a token of ours (missing, cut, not text)
    SIGNATURE = "signature"  # its HMAC does not match: changed, or made by another server process
    EXPIRED = "expired"
    OTHER_USER = "other user"  # signed for another name than the session's
    OTHER_CONNECTION = "other connection"  # the live connection is not the one signed in


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Signer:
    """Issues and checks sign-in tokens: ``name.expiry.nonce.mac`` (the name base64url, the expiry in whole
    seconds of ``clock``, the MAC hex)."""

    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)
    clock: Callable[[], float] = time.time
    lifetime: float = LIFETIME

    def _mac(self, name64: str, expiry: str, nonce: str) -> str:
        message = f"fupan-signin/1|{name64}|{expiry}|{nonce}".encode("ascii")
        return hmac.new(self.secret, message, hashlib.sha256).hexdigest()

    def issue(self, name: str, nonce: str) -> str:
        """A token for the account ``name`` on the connection tagged ``nonce`` (letters, digits, ``-``, ``_``)."""
        if not nonce or not nonce.replace("-", "").replace("_", "").isalnum() or not nonce.isascii():
            raise ValueError("a nonce is letters, digits, '-' and '_'")
        name64 = _b64(name.encode("utf-8"))
        expiry = str(int(self.clock() + self.lifetime))
        return f"{name64}.{expiry}.{nonce}.{self._mac(name64, expiry, nonce)}"

    def check(self, token: object, name: str, nonce: str | None) -> Refusal | None:
        """Why ``token`` does not let ``name`` write on the connection tagged ``nonce`` (None: no tag), or None
        when it does. The MAC first (compared in constant time), then the expiry, the name, the connection."""
        if not isinstance(token, str) or not token.isascii():
            return Refusal.MALFORMED
        parts = token.split(".")
        if len(parts) != 4 or not parts[1].isdigit():
            return Refusal.MALFORMED
        name64, expiry, signed_nonce, mac = parts
        if not hmac.compare_digest(self._mac(name64, expiry, signed_nonce), mac):
            return Refusal.SIGNATURE
        if int(expiry) <= self.clock():
            return Refusal.EXPIRED
        try:
            signed_name = _unb64(name64).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            return Refusal.MALFORMED
        if signed_name != name:
            return Refusal.OTHER_USER
        if nonce is None or not hmac.compare_digest(signed_nonce, nonce):
            return Refusal.OTHER_CONNECTION
        return None


@dataclass(frozen=True)
class Policy:
    """How attempts of one name or one address are slowed: ``free`` failures, then a wait of
    ``base * 2 ** (failures - free)`` seconds after the last failure, at most ``cap``; failures are forgotten
    once ``window`` seconds passed without one."""

    free: int = 5
    window: float = 15 * 60.0
    base: float = 30.0
    cap: float = 10 * 60.0  # below the window: waiting out the cap does not forget the failures

    def wait(self, failures: list[float], now: float) -> float:
        """Seconds still to wait after these failures (times, oldest first)."""
        if len(failures) < self.free:
            return 0.0
        delay = min(self.cap, self.base * 2.0 ** (len(failures) - self.free))
        return max(0.0, failures[-1] + delay - now)


@dataclass(frozen=True)
class Attempt:
    """An attempt let through: its keys and the time counted for it (taken back on success)."""

    keys: tuple[str, ...]
    at: float


class Limiter:
    """Sign-in attempts per name and per address (see the module's text). Thread-safe."""

    def __init__(
        self,
        by_name: Policy = Policy(),
        by_address: Policy = Policy(),
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 10_000,
    ) -> None:
        self.by_name, self.by_address, self.clock, self.max_keys = by_name, by_address, clock, max_keys
        self._failures: OrderedDict[str, list[float]] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def _keys(name: str, address: str | None) -> tuple[str, str]:
        return f"name:{name[:256]}", f"address:{(address or 'local')[:64]}"  # no account name is that long

    def _recent(self, key: str, policy: Policy, now: float) -> list[float]:
        """The key's failures since it was last quiet for a whole window (all forgotten then)."""
        found = self._failures.get(key)
        if found and now - found[-1] >= policy.window:
            del self._failures[key]
            return []
        return found or []

    def _wait(self, name: str, address: str | None, now: float) -> float:
        name_key, address_key = self._keys(name, address)
        return max(
            self.by_name.wait(self._recent(name_key, self.by_name, now), now),
            self.by_address.wait(self._recent(address_key, self.by_address, now), now),
        )

    def wait(self, name: str, address: str | None) -> float:
        """Seconds before ``name`` may be tried again from ``address`` (0: now)."""
        with self._lock:
            return self._wait(name, address, self.clock())

    def begin(self, name: str, address: str | None) -> Attempt | float:
        """Let an attempt through (counted as a failure until ``succeeded``), or the seconds to wait first: the
        attempt is refused unchecked and counted all the same (an attempt before the wait ended makes it longer)."""
        with self._lock:
            now = self.clock()
            wait = self._wait(name, address, now)
            keys = self._keys(name, address)
            for key in keys:
                found = self._failures.setdefault(key, [])
                found.append(now)
                del found[:-KEPT]
                self._failures.move_to_end(key)
            while len(self._failures) > self.max_keys:
                self._failures.popitem(last=False)
            if wait > 0:
                return self._wait(name, address, now)
            return Attempt(keys, now)

    def succeeded(self, attempt: Attempt) -> None:
        """The attempt signed in: the name's failures are forgotten, the address's count loses this attempt."""
        with self._lock:
            name_key, address_key = attempt.keys
            self._failures.pop(name_key, None)
            found = self._failures.get(address_key)
            if found is not None and attempt.at in found:
                found.remove(attempt.at)
