"""Links to a game's web page (issue 34): signed, scoped to one game, read-only, expiring.

A link carries its game, the game's link epoch when it was made (`/game web revoke` moves the
epoch on: every older link is refused), when it expires (0: it follows the game's life, working
while the game runs and `AFTER_END` after it ended) and its scope (`v`: view; `h`: made by the
host or a game master, which also opens the replay of a running game). They are signed with an
HMAC-SHA256 of the server's secret, cut to 128 bits. The link holds no secret beyond its own
game's read access, and no member id.

Pure: the time and the game's epoch and end are given; nothing here reads a clock or a store.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

AFTER_END = timedelta(days=7)  # a link that follows its game works a week after its end
SIGNATURE_BYTES = 16
_DOMAIN = b"antares-web-link/1|"  # what the HMAC signs is never another kind of message
# ASCII digits only (`\d` would take any script's), and nothing after: not even a newline
_TOKEN = re.compile(r"([0-9]{1,18})\.([0-9]{1,9})\.([0-9]{1,12})\.([vh])\.([A-Za-z0-9_-]{22})")
TOKEN_MAX = 80  # characters: longer is refused before any parsing
Scope = Literal["v", "h"]
Refusal = Literal["malformed", "forged", "revoked", "expired", "gone"]


@dataclass(frozen=True, slots=True)
class LinkRules:
    """How links are made (the settings `WEB_*`): where they point (None: the page's own
    address, known once its server listens), how long they last (None: the game's life and
    `AFTER_END`), and the secret from `WEB_SECRET_FILE` (None: kept in the database)."""

    base_url: str | None
    days: float | None = None
    secret: bytes | None = None


@dataclass(frozen=True, slots=True)
class LinkClaims:
    game_id: int
    epoch: int
    expires: int  # Unix seconds; 0: the game's life and AFTER_END
    scope: Scope = "v"

    @property
    def host(self) -> bool:
        return self.scope == "h"


class LinkRefused(Exception):
    """A link that opens nothing: `reason` says why (the page says it in words)."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(reason)
        self.reason: Refusal = reason


def _body(claims: LinkClaims) -> str:
    return f"{claims.game_id}.{claims.epoch}.{claims.expires}.{claims.scope}"


def _signature(secret: bytes, body: str) -> str:
    digest = hmac.new(secret, _DOMAIN + body.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:SIGNATURE_BYTES]).rstrip(b"=").decode()


def sign_link(secret: bytes, claims: LinkClaims) -> str:
    """The token of a link: its claims in clear, then their signature."""
    if not secret:
        raise ValueError("no secret to sign links with")
    body = _body(claims)
    return f"{body}.{_signature(secret, body)}"


def read_link(secret: bytes, token: str) -> LinkClaims:
    """The claims of a token this secret signed; `LinkRefused` (malformed, forged) else."""
    if len(token) > TOKEN_MAX:
        raise LinkRefused("malformed")
    found = _TOKEN.fullmatch(token)
    if found is None:
        raise LinkRefused("malformed")
    game, epoch, expires, scope, signature = found.groups()
    claims = LinkClaims(int(game), int(epoch), int(expires), "h" if scope == "h" else "v")
    if not hmac.compare_digest(signature, _signature(secret, _body(claims))):
        raise LinkRefused("forged")
    return claims


def expiry(claims: LinkClaims, ended_at: datetime | None) -> datetime | None:
    """When the link stops working (None: not before its game ends)."""
    if claims.expires:
        return datetime.fromtimestamp(claims.expires, UTC)
    return None if ended_at is None else ended_at + AFTER_END


def check_link(claims: LinkClaims, *, now: datetime, epoch: int, ended_at: datetime | None) -> None:
    """Refuse a link of an older epoch (revoked) or past its time (expired)."""
    if claims.epoch != epoch:
        raise LinkRefused("revoked")
    ends = expiry(claims, ended_at)
    if ends is not None and now >= ends:
        raise LinkRefused("expired")


def new_claims(
    game_id: int, epoch: int, *, now: datetime, days: float | None, host: bool
) -> LinkClaims:
    """The claims of a link made `now` (`days`: the setting `WEB_LINK_DAYS`)."""
    expires = 0 if days is None else int((now + timedelta(days=days)).timestamp())
    return LinkClaims(game_id, epoch, expires, "h" if host else "v")
