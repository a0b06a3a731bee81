"""Views build their pages when shown and hold bounded memory (issue 23): thirty
`/game status` of a big game used to keep every page of each (132 MB at 600 units) alive
for the pagers' five minutes. A status pager now holds no page and no state: each page is
made from the game when it is shown, so it also shows the game as it is then."""

from __future__ import annotations

import gc
import random
import string
import tracemalloc

import discord

from core.common.limits import UNITS_MAX
from tests.support.locale import french

PAGERS = 30


def noise(seed: int, length: int = 1000) -> str:
    """Notes that do not compress: the worst a member can store in a unit."""
    rnd = random.Random(seed)
    return "".join(rnd.choice(string.ascii_letters) for _ in range(length))


async def big_game(table) -> None:
    await table.alice.slash(table.channel, "game start", name="Crowded")
    for n in range(UNITS_MAX):
        await table.alice.slash(
            table.channel, "unit add", name=f"Squad {n:03}", models=5, notes=noise(n)
        )


def held_bytes() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def embeds_alive() -> int:
    gc.collect()
    return sum(isinstance(o, discord.Embed) for o in gc.get_objects())


async def test_status_pagers_hold_no_pages(simcord_env, table):
    await big_game(table)
    embeds = embeds_alive()
    tracemalloc.start()
    try:
        before = held_bytes()
        shown = [await table.bob.slash(table.channel, "game status") for _ in range(PAGERS)]
        held = held_bytes() - before
    finally:
        tracemalloc.stop()
    # Built up front, the 30 pagers kept 360 embeds (10 pages each, and two copies of the
    # message shown: discord.py's message cache, the pager's message) and 2.8 MiB; now only
    # the two copies of the page shown, and 1.3 MiB (mostly SimCord's copy of the messages)
    print(f"{PAGERS} status pagers of {UNITS_MAX} units: {held / 2**20:.1f} MiB held")
    assert embeds_alive() - embeds == 2 * PAGERS
    assert held < 2 * 2**20, held
    message = shown[0].response
    assert message.embeds[0].footer.text.startswith("Page 1/10")
    await table.alice.slash(table.channel, "unit remove", unit="Squad 010")
    turned = await table.bob.click(message, label="▶")  # page 2, made now: one unit fewer
    assert [f.name.split(" ", 1)[1] for f in turned.response.embeds[0].fields][:2] == [
        "Squad 011",
        "Squad 012",
    ]
    assert turned.response.embeds[0].footer.text.startswith("Page 2/10 · 99 units")


async def test_log_pages_turn_in_both_languages(simcord_env, table):
    await table.alice.slash(table.channel, "game start", name="Vorl")
    for n in range(20):
        await table.alice.slash(table.channel, "unit add", name=f"Squad {n:02}")
    log = await table.alice.slash(table.channel, "game log", last=21)
    message = log.response
    assert message.embeds[0].footer.text == "Page 1/2"
    last = await table.bob.click(message, label="▶")
    assert last.response.embeds[0].footer.text == "Page 2/2"
    with french():
        again = await table.bob.slash(table.channel, "game log", last=21)
        back = await table.alice.click(again.response, label="▶")
    assert back.response.embeds[0].footer.text == "Page 2/2"
