"""Files the bot sends (exports): built off the event loop, and within the upload limit.

Discord refuses a message whose files pass the server's upload limit (10 MiB without boosts),
and the refusal used to reach the member as an unexpected error. So the files of one reply
are measured together: over the limit, each is compressed with gzip (`.gz`, which every
system opens; JSON and CSV shrink five to ten times); still over, the export is refused with
the sizes and what to do instead (`Conflict(too_big, size=…, limit=…)`, in MiB).
"""

from __future__ import annotations

import gzip

from core.common.errors import Conflict
from services.common.workers import Workers

UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord: a bot's files in a server without boosts
MIB = 1024 * 1024
_LEVEL = 6  # gzip's usual trade: most of the gain of 9, in a fraction of its time


def mib(size: int) -> float:
    """A size in MiB, one decimal, rounded up: "10.1" for a file just over the limit."""
    return -(-size * 10 // MIB) / 10


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, _LEVEL, mtime=0)  # mtime 0: the same export, the same bytes


async def fit_files(
    files: list[tuple[str, bytes]], *, limit: int = UPLOAD_LIMIT, too_big: str, workers: Workers
) -> list[tuple[str, bytes]]:
    """`files` as they are when they fit in `limit` together, else each gzipped; refused with
    `Conflict(too_big)` when even that does not fit. Compression runs in the bot's `workers`."""
    if sum(len(data) for _, data in files) <= limit:
        return files
    packed = [(f"{name}.gz", await workers.run(_gzip, data)) for name, data in files]
    size = sum(len(data) for _, data in packed)
    if size > limit:
        raise Conflict(too_big, size=mib(size), limit=mib(limit))
    return packed
