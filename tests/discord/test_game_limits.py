"""What one game may hold (issue 23): units, markers and mines up to the host's settings
(defaults 100, 30, 30); the change past a cap is refused ephemerally, in the caller's
language, saying what to do, and changes nothing."""

from __future__ import annotations

import pytest

from core.common.limits import UNITS_MAX
from tests.discord.game_kit import refused, skirmish, snapshot, state_of
from tests.discord.test_mines import mined
from tests.support.locale import french

SPOT = "by the crater"


async def test_the_hundred_and_first_unit_is_refused_by_default(simcord_env, table):
    assert UNITS_MAX == 100 and simcord_env.bot.services.units.limits.units == 100
    await skirmish(table)
    for n in range(UNITS_MAX - 2):
        added = await table.alice.slash(table.channel, "unit add", name=f"Squad {n}")
        assert not added.ephemeral, added.response.content
    assert len((await state_of(simcord_env, table.channel)).units) == 100
    await refused(
        simcord_env,
        table.channel,
        table.bob,
        "unit add",
        "This game already has 100 units, the most a game holds on this bot: remove one it"
        " no longer needs with </unit remove>, or start a new game for more.",
        name="One too many",
    )


@pytest.mark.settings(game_max_units=3)
async def test_the_units_cap_is_a_setting_and_frees_up_when_a_unit_goes(simcord_env, table):
    await skirmish(table)
    await table.alice.slash(table.channel, "unit add", name="Scouts", models=3)
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.bob,
            "unit add",
            "Cette partie a déjà 3 unités, le maximum d'une partie sur ce bot : retirez-en une"
            " dont elle n'a plus besoin avec </unit remove>, ou commencez une nouvelle partie"
            " pour en avoir plus.",
            name="Rock Riders",
        )
    await table.alice.slash(table.channel, "unit remove", unit="Scouts")
    again = await table.bob.slash(table.channel, "unit add", name="Rock Riders")
    assert not again.ephemeral, again.response.content


@pytest.mark.settings(game_max_markers=2)
async def test_markers_past_the_cap_are_refused(simcord_env, table):
    await skirmish(table)
    for kind in ("arc", "blur"):
        placed = await table.alice.slash(table.channel, "marker place", type=kind, location=SPOT)
        assert not placed.ephemeral, placed.response.content
    await refused(
        simcord_env,
        table.channel,
        table.bob,
        "marker place",
        "This game already has 2 markers on the table, the most a game holds on this bot:"
        " remove one with </marker remove> first.",
        type="grip",
        location=SPOT,
    )
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.bob,
            "marker place",
            "Cette partie a déjà 2 marqueurs sur la table, le maximum d'une partie sur ce bot :"
            " retirez-en un avec </marker remove> d'abord.",
            type="grip",
            location=SPOT,
        )


@pytest.mark.settings(game_max_mines=1)
async def test_mines_past_the_cap_are_refused(simcord_env, table, dice):
    laid = await mined(table, dice)
    assert not laid.ephemeral, laid.response.content
    dice.script(1)  # Bob's blue die: the only colour left in the bag
    await table.bob.slash(table.channel, "bag draw")
    before = await snapshot(simcord_env, table.channel)
    result = await table.bob.slash(table.channel, "mine lay", unit="Gangers", location=SPOT)
    assert result.ephemeral
    assert result.response.content == (
        "This game already has 1 mine on the table, the most a game holds on this bot:"
        " trigger or remove one first."
    )
    assert await snapshot(simcord_env, table.channel) == before
