"""Exports within Discord's upload limit (issue 23): `/game export` of a game whose log
passes 10 MiB used to fail as an unexpected error (Discord refuses the file). Now it is
compressed when that is enough, and refused with a clear message when it is not. The big
log is written straight into the store: thousands of commands would only take longer."""

from __future__ import annotations

import base64
import gzip
import json
import random

from services.common import UPLOAD_LIMIT
from tests.discord.game_kit import record_of, skirmish
from tests.support.locale import french
from tests.support.mentions import tokens

EVENTS = 800


async def long_log(env, channel, text_of) -> None:
    """`EVENTS` events of 16 KiB of notes each (13 MB of JSON: over the 10 MiB limit)."""
    record = await record_of(env, channel)
    async with env.bot.services.store.transaction() as tx:
        for n in range(EVENTS):
            payload = json.dumps({"unit": "Troopers", "notes": text_of(n)})
            await tx.append_event(
                record.id, kind="unit_edit", actor_id=1, payload=payload, state_before=None
            )


async def test_a_big_export_is_compressed_to_fit(simcord_env, table):
    await skirmish(table)
    await long_log(simcord_env, table.channel, lambda n: f"Dug in by the ruins, turn {n}. " * 512)
    result = await table.alice.slash(table.channel, "game export")
    assert result.ephemeral
    (attachment,) = result.response.attachments
    record = await record_of(simcord_env, table.channel)
    assert attachment.filename == f"antares-game-{record.id}.json.gz"
    packed = await attachment.read()
    assert len(packed) <= UPLOAD_LIMIT
    document = json.loads(gzip.decompress(packed))
    assert len(gzip.decompress(packed)) > UPLOAD_LIMIT
    assert len(document["events"]) == EVENTS + 3  # start, two units, the long log
    assert result.response.content.endswith(
        "Compressed with gzip (`.gz`) to fit Discord's upload limit: 7-Zip, WinRAR or `gunzip`"
        " open it, as does any archive tool of macOS or Linux."
    )
    with french():
        again = await table.bob.slash(table.channel, "game export")
    assert "Compressé avec gzip (`.gz`)" in again.response.content


async def test_an_export_too_big_even_compressed_is_refused_clearly(simcord_env, table):
    await skirmish(table)
    noise = random.Random(23)
    await long_log(
        simcord_env, table.channel, lambda n: base64.b64encode(noise.randbytes(15_000)).decode()
    )
    result = await table.alice.slash(table.channel, "game export")
    assert result.ephemeral and not result.response.attachments
    text = tokens(result.response.content)
    assert text.startswith("This export is ") and text.endswith(
        " MiB even compressed, more than the 10.0 MiB Discord lets the bot send in this server."
        " </game log> shows the latest changes; for the whole record, ask the bot's host for a"
        " copy of the database."
    )
    size = float(text.removeprefix("This export is ").split(" ")[0])
    assert 10.0 < size < 16
    with french():
        refused = await table.alice.slash(table.channel, "game export")
    assert f"Cet export fait {size:.1f} Mio même compressé".replace(".", ",") in (
        refused.response.content
    )
