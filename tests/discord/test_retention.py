"""The servers the bot leaves (issue 23, "Data retention"): marked, deleted after the grace
period (LEFT_SERVER_RETENTION_DAYS, 30 by default) unless the bot returns; more servers
left within one hour than a sweep may delete (a tenth of the known servers, at least 3) are
refused and logged (issue 28; the rule on 1, 5 and 1,000 servers:
tests/services/privacy/test_retention.py).

Servers come and go through SimCord's gateway (GUILD_DELETE / GUILD_CREATE, as Discord sends
them when the bot is removed or added again); the retention service's clock is the test's.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from simcord.backend import serializers

from tests.discord.game_kit import skirmish
from tests.support.bots import restart

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def days(self, n: float) -> None:
        self.now += timedelta(days=n)


@pytest.fixture
def clock(simcord_env) -> Clock:
    made = Clock()
    simcord_env.bot.services.retention.clock = made
    return made


async def left_at(env, guild_id: int) -> datetime | None:
    async with env.bot.services.store.read() as tx:
        return await tx.guild_left_at(guild_id)


async def games_of(env, guild_id: int) -> int:
    async with env.bot.services.store.read() as tx:
        return len(await tx.guild_games(guild_id))


@dataclass
class Left:
    """A server the bot was removed from, as the backend held it (to add the bot again)."""

    guild: object
    model: object
    channels: dict
    payload: dict

    @property
    def id(self) -> int:
        return self.guild.id


async def remove(env, guild) -> Left:
    """The bot is kicked from `guild` (Discord: GUILD_DELETE without `unavailable`)."""
    model = env.backend.get_guild(guild.id)
    channels = {i: env.backend.channels[i] for i in model.channel_ids}
    payload = dict(serializers.guild_create_payload(env.backend, model))
    env.backend.remove_guild(guild.id)
    await env.settle()
    return Left(guild, model, channels, payload)


async def invite_again(env, left: Left) -> None:
    """The bot is added to the same server again: Discord sends GUILD_CREATE without
    `unavailable` (a join; SimCord's own GUILD_CREATE says `unavailable: false`)."""
    env.backend.guilds[left.id] = left.model
    env.backend.channels.update(left.channels)
    payload = {k: v for k, v in left.payload.items() if k != "unavailable"}
    env.backend.emit("GUILD_CREATE", payload)
    await env.settle()


async def test_a_server_left_is_marked_and_restored_when_the_bot_returns(simcord_env, table, clock):
    await skirmish(table)
    left = await remove(simcord_env, table.guild)
    assert await left_at(simcord_env, table.guild.id) == START
    clock.days(29)
    assert (await simcord_env.bot.services.retention.sweep()).deleted == ()
    joins = []

    async def on_guild_join(guild) -> None:
        joins.append(guild.id)

    simcord_env.bot.add_listener(on_guild_join)
    await invite_again(simcord_env, left)
    assert joins == [table.guild.id]
    assert await left_at(simcord_env, table.guild.id) is None
    clock.days(60)
    assert (await simcord_env.bot.services.retention.sweep()).deleted == ()
    assert await games_of(simcord_env, table.guild.id) == 1  # the game is back, as it was


async def test_after_the_grace_period_the_sweep_deletes_that_server_only(simcord_env, table, clock):
    await skirmish(table)
    other = simcord_env.create_guild("Other club")
    player = other.add_member(simcord_env.create_user("zed"))
    await player.slash(other.create_text_channel("t"), "game start", name="Far")
    await remove(simcord_env, table.guild)
    clock.days(30)
    swept = await simcord_env.bot.services.retention.sweep()
    assert swept.deleted == (table.guild.id,) and swept.rows > 0
    assert await games_of(simcord_env, table.guild.id) == 0
    assert await games_of(simcord_env, other.id) == 1
    async with simcord_env.bot.services.store.read() as tx:
        assert await tx.guilds_known() == 1  # the deleted server is no longer known


async def test_an_outage_is_not_a_leave(simcord_env, table, clock):
    """Discord marks servers it cannot serve `unavailable`: nothing is marked."""
    await skirmish(table)
    simcord_env.backend.emit("GUILD_DELETE", {"id": str(table.guild.id), "unavailable": True})
    await simcord_env.settle()
    assert await left_at(simcord_env, table.guild.id) is None


async def test_more_servers_left_at_once_than_a_sweep_may_delete_are_refused(
    simcord_env, table, clock, caplog
):
    """A sweep may delete a tenth of the known servers, at least 3; more than that left
    within one hour is how an outage looks: nothing is deleted, the log says why."""
    guilds = [simcord_env.create_guild(f"Club {n}") for n in range(9)]
    await simcord_env.settle()
    left = []
    for guild in guilds[:4]:  # 4 of the 10 known servers at once: more than 3
        player = guild.add_member(simcord_env.create_user(f"p{guild.id}"))
        await player.slash(guild.create_text_channel("t"), "game start", name="G")
        left.append(await remove(simcord_env, guild))
    clock.days(31)
    retention = simcord_env.bot.services.retention
    with caplog.at_level(logging.WARNING, logger="services.privacy.retention"):
        swept = await retention.sweep()
    assert swept.deleted == () and swept.known == 10 and len(swept.expired) == 4
    assert "4 of the 10 known servers were left more than 30 days ago" in caplog.text
    assert "4 servers were left within one hour: more than the 3 one sweep" in caplog.text
    assert "how a Discord outage looks" in caplog.text and "--delete-left-servers" in caplog.text
    assert [await games_of(simcord_env, g.id) for g in guilds[:4]] == [1, 1, 1, 1]
    # one of them returns: the 3 others may go
    await invite_again(simcord_env, left[0])
    swept = await retention.sweep()
    assert sorted(swept.deleted) == sorted(g.id for g in guilds[1:4])
    assert [await games_of(simcord_env, g.id) for g in guilds[:4]] == [1, 0, 0, 0]


async def test_the_operator_deletes_what_the_sweep_refused(simcord_env, table, clock):
    guilds = [simcord_env.create_guild(f"Club {n}") for n in range(4)]
    await simcord_env.settle()
    for guild in guilds:
        await remove(simcord_env, guild)
    clock.days(31)
    retention = simcord_env.bot.services.retention
    assert (await retention.sweep()).refused
    swept = await retention.sweep(force=True)
    assert sorted(swept.deleted) == sorted(g.id for g in guilds)


async def test_the_sweep_runs_every_hour(simcord_env, table, clock):
    await skirmish(table)
    await remove(simcord_env, table.guild)
    clock.days(31)
    await simcord_env.advance_time(3600)
    assert await games_of(simcord_env, table.guild.id) == 0


async def test_a_server_left_while_the_bot_was_offline_is_marked_at_start(
    simcord_env, table, make_bot
):
    await skirmish(table)
    gone = simcord_env.create_guild("Gone club")
    await simcord_env.settle()
    await remove(simcord_env, gone)
    async with simcord_env.bot.services.store.transaction() as tx:
        await tx.guild_here(gone.id)  # as if the removal had happened while offline
    await restart(simcord_env, make_bot)
    assert await left_at(simcord_env, gone.id) is not None
    assert await left_at(simcord_env, table.guild.id) is None
