"""What every request to the web board passes first: its Host and Origin, its method, its
address's rate; and the headers every answer carries.

- **Host and Origin**, as the playground's page checks them (against DNS rebinding and other
  sites' pages): the Host must be the board's own (`WEB_BASE_URL`'s, or the address it listens
  on, by a loopback name), and an Origin, when the browser sends one, that same site's.
- **Nothing is written through the page**: GET and HEAD only (405 otherwise).
- **Rate**: each address may make `per_minute` requests (bursts of `burst`) and hold
  `streams` live pages at once; past that, 429 with Retry-After. Behind a reverse proxy every
  request comes from the proxy, so a request from a loopback or private address is counted
  by the last address of its `X-Forwarded-For` (the one the proxy added).
- **Headers**: a Content-Security-Policy allowing only the board's own style and script, no
  framing, no referrer (a link's token never leaks to another site), no caching of pages.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

PER_MINUTE = 120
BURST = 60
STREAMS = 16  # live pages one address may hold open
ADDRESSES_KEPT = 50_000  # the limiter forgets the least recent addresses past this many
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self';"
        " img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


@dataclass
class Sites:
    """The Host values and Origins the board answers."""

    hosts: set[str] = field(default_factory=set)
    origins: set[str] = field(default_factory=set)

    def host_ok(self, host: str | None) -> bool:
        return host is not None and host.lower().rstrip(".") in self.hosts

    def origin_ok(self, origin: str | None) -> bool:
        return origin is None or origin.lower().rstrip("/") in self.origins


def sites(base_url: str | None, bound_host: str, port: int) -> Sites:
    """The board's own names: its base URL's, and the address it listens on (by loopback
    names too, for a check on the machine itself)."""
    found = Sites()
    if base_url:
        parts = urlsplit(base_url)
        netloc = parts.netloc.lower()
        found.hosts.add(netloc)
        default = {"http": 80, "https": 443}.get(parts.scheme)
        if parts.port == default and default is not None:  # https://x:443 is asked as x
            found.hosts.add(netloc.rsplit(":", 1)[0])
        elif parts.port is None and default is not None:
            found.hosts.add(f"{netloc}:{default}")
        for host in list(found.hosts):
            found.origins.add(f"{parts.scheme}://{host}")
    own = bound_host.strip("[]")
    names: list[str] = list(LOOPBACK_NAMES)
    if own not in ("0.0.0.0", "::", ""):
        names.append(f"[{own}]" if ":" in own else own)
    for name in names:
        host = f"{name.lower()}:{port}"
        found.hosts.add(host)
        found.origins.add(f"http://{host}")
    return found


def url_host(host: str) -> str:
    """A host as an address writes it: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _is_near(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_private


def client_address(peer: str | None, forwarded_for: str | None) -> str:
    """Who is asking: the peer, or the address a proxy (loopback or private) says it
    forwards for."""
    address = peer or "?"
    if forwarded_for and _is_near(address):
        last = forwarded_for.split(",")[-1].strip()[:64]
        if last:
            return last
    return address


class AddressLimiter:
    """A token bucket per address: `per_minute` requests, bursts of `burst`."""

    def __init__(
        self,
        per_minute: float = PER_MINUTE,
        burst: float = BURST,
        *,
        clock: Callable[[], float] = time.monotonic,
        kept: int = ADDRESSES_KEPT,
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst
        self.clock = clock
        self.kept = kept
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, address: str) -> float:
        """0 and one request counted, or the seconds to wait before the next one."""
        now = self.clock()
        tokens, then = self._buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens >= 1:
            self._buckets[address] = (tokens - 1, now)
            waited = 0.0
        else:
            self._buckets[address] = (tokens, now)
            waited = (1 - tokens) / self.rate
        while len(self._buckets) > self.kept:
            self._buckets.popitem(last=False)
        return waited


class StreamCount:
    """Live pages held open, per address."""

    def __init__(self, most: int = STREAMS) -> None:
        self.most = most
        self.open: dict[str, int] = {}

    def take(self, address: str) -> bool:
        if self.open.get(address, 0) >= self.most:
            return False
        self.open[address] = self.open.get(address, 0) + 1
        return True

    def give_back(self, address: str) -> None:
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)


def allowed_methods() -> Iterable[str]:
    return ("GET", "HEAD")
