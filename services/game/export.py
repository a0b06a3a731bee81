"""`/game export`: the whole game as one JSON document (the record, the state, every event).

A long game has thousands of events: reading their payloads and writing the document is
CPU work that grows with the game, so it runs in the bot's own pool
(`services.common.workers`), never on the event loop that serves every server nor in its
default executor; the file is then fitted to the upload limit (`services.common.uploads`:
compressed, or refused with a clear message). Each event's payload is as the log stores it:
a shot, a close-combat round or a damage chart without its fields at their default
(`services.shooting.records`, issue 31), every die kept.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from core.antares.game import GameState
from services.common import UPLOAD_LIMIT, Workers, fit_files
from storage.base import EventRecord, GameRecord

TOO_BIG = "game.export_too_big"


def export_document(record: GameRecord, state: GameState, events: Sequence[EventRecord]) -> bytes:
    document = {
        "format": "antares-bot game export",
        "game": {
            "id": record.id,
            "guild_id": record.guild_id,
            "channel_id": record.channel_id,
            "status": record.status,
            "version": record.version,
            "schema_version": record.schema_version,
            "created_at": record.created_at.isoformat(),
            "updated_at": record.updated_at.isoformat(),
        },
        "state": state.model_dump(mode="json"),
        "events": [
            {
                "seq": e.seq,
                "kind": e.kind,
                "actor_id": e.actor_id,
                "created_at": e.created_at.isoformat(),
                "undone": e.undone,
                "payload": json.loads(e.payload),
            }
            for e in events
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=1).encode()


async def export_file(
    record: GameRecord,
    state: GameState,
    events: Sequence[EventRecord],
    limit: int = UPLOAD_LIMIT,
    *,
    workers: Workers,
) -> tuple[str, bytes]:
    """(file name, content): `antares-game-<id>.json`, or `.json.gz` when only that fits."""
    blob = await workers.run(export_document, record, state, events)
    ((name, data),) = await fit_files(
        [(f"antares-game-{record.id}.json", blob)], limit=limit, too_big=TOO_BIG, workers=workers
    )
    return name, data
