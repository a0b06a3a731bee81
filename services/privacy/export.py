"""`/config data export`: everything the bot keeps about a server, as one JSON document.

Games (each with its state and its whole log: every die, who did what, undone steps
marked), server settings, campaigns (members, battles with both sides, the log of
corrections and deletions), the current campaign, the armies members imported, and the club
events (issue 35) with the army lists sent to them (the bytes as base64). Left
out: the undo snapshots (copies of a game's state, which its log and state already say) and
the processed-interaction ids (bookkeeping of no one's data, pruned after a day). Discord ids
are written as text, since JSON readers in other languages round numbers that large. The
document is serialised in the bot's pool (`services.common.workers`), off the event loop; one
over the server's upload limit is gzipped (`services.common.fit_files`, as the other
exports).
"""

from __future__ import annotations

import base64
import dataclasses
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from services.common import UPLOAD_LIMIT, Workers, fit_files
from storage.base import EventRecord, GameRecord, Store, Transaction

FORMAT = "antares-bot server data"
FORMAT_VERSION = 1
TOO_BIG = "privacy.export_too_large"
ID_KEYS = ("id", "_id", "_by")  # keys whose values are Discord ids (or the bot's own ids)


@dataclass(frozen=True)
class ServerExport:
    filename: str
    data: bytes
    games: int
    campaigns: int
    compressed: bool


def _ids_as_text(value: Any, key: str = "") -> Any:
    if isinstance(value, dict):
        return {k: _ids_as_text(v, k) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_ids_as_text(v, key) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, int) and not isinstance(value, bool) and key.endswith(ID_KEYS):
        return str(value)
    return value


def _json(text: str | None) -> Any:
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text


def _event(event: EventRecord) -> dict[str, Any]:
    fields = dataclasses.asdict(event)
    fields.pop("state_before")  # an undo snapshot: what the log and state already say
    fields["payload"] = _json(event.payload)
    return fields


async def _game(tx: Transaction, game: GameRecord) -> dict[str, Any]:
    fields = dataclasses.asdict(game)
    fields["state"] = _json(game.state)
    fields["events"] = [_event(e) for e in await tx.events(game.id)]
    pace = await tx.game_pace(game.id)  # issue 33: waits, turn times, clock, reminders
    fields["pace"] = _json(pace.data) if pace is not None else None
    return fields


async def _campaign(tx: Transaction, campaign: Any, current: int | None) -> dict[str, Any]:
    fields = dataclasses.asdict(campaign)
    fields["current"] = campaign.id == current
    fields["members"] = [dataclasses.asdict(m) for m in await tx.members(campaign.id)]
    battles = []
    for battle in await tx.battles(campaign.id):
        record = dataclasses.asdict(battle)
        for side in record["sides"]:
            side["stats"] = _json(side["stats"])
        record["changes"] = [
            {**dataclasses.asdict(c), "before": _json(c.before)}
            for c in await tx.battle_changes(battle.id)
        ]
        battles.append(record)
    fields["battles"] = battles
    return fields


def _army(record: Any) -> dict[str, Any]:
    fields = dataclasses.asdict(record)
    fields["army"] = _json(fields.pop("data"))
    return fields


async def _tournament(tx: Transaction, record: Any) -> dict[str, Any]:
    fields = dataclasses.asdict(record)
    fields["data"] = _json(record.data)
    lists = []
    for sent in await tx.tournament_lists(record.id):
        entry = dataclasses.asdict(sent)
        entry["submitted"] = base64.b64encode(sent.submitted).decode()
        entry["army"] = _json(sent.army)
        lists.append(entry)
    fields["lists"] = lists
    return fields


async def server_document(store: Store, guild_id: int, now: datetime) -> dict[str, Any]:
    async with store.read() as tx:
        settings = await tx.guild_settings(guild_id)
        games = [await _game(tx, g) for g in await tx.guild_games(guild_id)]
        current = await tx.current_campaign_id(guild_id)
        campaigns = [await _campaign(tx, c, current) for c in await tx.campaigns(guild_id)]
        armies = [_army(a) for a in await tx.guild_armies(guild_id)]
        events = [await _tournament(tx, e) for e in await tx.tournaments(guild_id)]
    return _ids_as_text(
        {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "guild_id": guild_id,
            "exported_at": now,
            "settings": settings,
            "games": games,
            "campaigns": campaigns,
            "armies": armies,
            "events": events,
        }
    )


def _encode(document: dict[str, Any]) -> bytes:
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True).encode()


async def export_server(
    store: Store, guild_id: int, now: datetime, limit: int = UPLOAD_LIMIT, *, workers: Workers
) -> ServerExport:
    """The server's document as a file within `limit` bytes (gzipped when only that fits)."""
    document = await server_document(store, guild_id, now)
    data = await workers.run(_encode, document)
    name = f"antares-server-{guild_id}-{now.date().isoformat()}.json"
    packed = await fit_files([(name, data)], limit=limit, too_big=TOO_BIG, workers=workers)
    ((filename, data),) = packed
    return ServerExport(
        filename=filename,
        data=data,
        games=len(document["games"]),
        campaigns=len(document["campaigns"]),
        compressed=filename.endswith(".gz"),
    )
