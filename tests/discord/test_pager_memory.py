"""Views build their pages when shown and hold bounded memory (issue 23): thirty
`/game status` of a big game used to keep every page of each (132 MB at 600 units) alive
for the pagers' five minutes. A status pager now holds no page and no state: each page is
made from the game when it is shown, so it also shows the game as it is then; laid out as
the live board (issue 31 §2), `/game status` has no pager at all."""

from __future__ import annotations

import gc
import random
import string
import tracemalloc

from cogs.common.pager import Pager
from core.common.limits import UNITS_MAX
from tests.discord.game_kit import page_line, unit_lines
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


def pagers_alive() -> int:
    gc.collect()
    return sum(isinstance(o, Pager) for o in gc.get_objects())


async def test_status_pages_are_held_by_nobody(simcord_env, table):
    """`/game status` is laid out as the live board: no pager at all, its ◀ ▶ make the
    page they lead to from the database."""
    await big_game(table)
    pagers = pagers_alive()
    tracemalloc.start()
    try:
        before = held_bytes()
        shown = [await table.bob.slash(table.channel, "game status") for _ in range(PAGERS)]
        held = held_bytes() - before
    finally:
        tracemalloc.stop()
    # Built up front, the 30 pagers kept 360 embeds and 2.8 MiB; as embeds made when shown,
    # 1.3 MiB; now no pager is left, and 1.1 MiB (SimCord's copies of the messages)
    print(f"{PAGERS} status replies of {UNITS_MAX} units: {held / 2**20:.1f} MiB held")
    assert pagers_alive() == pagers
    assert held < 2 * 2**20, held
    message = shown[0].response
    first = list(unit_lines(message))
    assert first[0] == "Squad 000" and page_line(message).startswith("Page 1/")
    await table.alice.slash(table.channel, "unit remove", unit="Squad 010")
    turned = await table.bob.click(message, label="▶")  # page 2, made now: one unit fewer
    assert page_line(turned.response).startswith("Page 2/")
    assert page_line(turned.response).endswith(" · 99 units")
    second = list(unit_lines(turned.response))
    back = list(unit_lines((await table.bob.click(message, label="◀")).response))
    assert "Squad 010" not in back and back[0] == "Squad 000"
    assert int(second[0].split(" ")[1]) == int(back[-1].split(" ")[1]) + 1  # the game now


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
