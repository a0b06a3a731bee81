"""Club nights (issue 33): `/club night` creates a Discord scheduled event members can mark
interested, at the game channel or a voice channel, weekly if asked (the next evening's event
created as each one starts); a game started that evening links to it. Discord's own recurring
events are not used: discord.py 2.7 cannot send a recurrence rule, nor SimCord take one."""

from __future__ import annotations

from datetime import datetime, timedelta

import discord

from tests.discord.game_kit import card_text
from tests.discord.pace_kit import DAY, HOUR, english, quiet_board
from tests.support.locale import french
from tests.support.mentions import tokens


def events(env, guild) -> list:
    """The server's scheduled events, oldest first (SimCord's records)."""
    found = env.backend.get_guild(guild.id).scheduled_events.values()
    return sorted(found, key=lambda e: e.id)


def starts(event) -> datetime:
    return datetime.fromisoformat(event.scheduled_start_time)


def organiser(table):
    """A member who may create events (Manage Events)."""
    role = table.guild.create_role(
        "Organisers", permissions=discord.Permissions(manage_events=True)
    )
    return table.guild.add_member(table.guild._env.create_user("carol"), roles=[role])


async def test_a_weekly_club_night_and_the_game_played_during_it(simcord_env, table):
    env, guild, channel, alice = simcord_env, table.guild, table.channel, table.alice
    quiet_board(env)
    await english(table)
    carol = organiser(table)
    made = await carol.slash(channel, "club night", when="20:00", name="Thursday games", weeks=3)
    assert not made.ephemeral
    (night,) = events(env, guild)
    assert (night.name, night.entity_type) == ("Thursday games", 3)  # at the game channel
    assert night.entity_metadata["location"].endswith(f"/{guild.id}/{channel.id}")
    assert starts(night) == env.now() + timedelta(hours=20)
    assert starts(night) + timedelta(hours=4) == datetime.fromisoformat(night.scheduled_end_time)
    text = made.response.content
    assert text.startswith("📅 Club night **Thursday games** on <t:")
    assert f"at <#{channel.id}>" in text and f"https://discord.com/events/{guild.id}/" in text
    assert "Weekly for 3 evenings" in text
    await table.bob.subscribe_event(night.id)  # members mark it interested
    assert table.bob.id in night.user_ids

    await env.advance_time(20 * HOUR)  # the evening starts: next week's appears
    first, second = events(env, guild)
    assert starts(second) - starts(first) == timedelta(days=7)
    await env.advance_time(HOUR // 2)
    started = await alice.slash(channel, "game start", name="Vorl")
    assert (
        f"📅 Played during the club night **Thursday games**: https://discord.com/events/{guild.id}/{first.id}"
        in started.response.content
    )
    status = await alice.slash(channel, "game status")
    assert "club night **Thursday games**" in card_text(status.response)

    await env.advance_time(7 * DAY)
    assert len(events(env, guild)) == 3
    await env.advance_time(14 * DAY)
    assert len(events(env, guild)) == 3  # three evenings, as asked


async def test_a_voice_channel_night_and_the_refusals(simcord_env, table):
    env, guild, channel = simcord_env, table.guild, table.channel
    carol = organiser(table)
    voice = guild.create_voice_channel("Club room")
    made = await carol.slash(channel, "club night", when="2026-01-09 20:00", place=voice)
    (night,) = events(env, guild)
    assert (night.entity_type, night.channel_id) == (2, voice.id)
    assert made.response.content.startswith("📅 Club night **Club night** on <t:")
    assert f"at <#{voice.id}>" in made.response.content
    refused = await table.alice.slash(channel, "club night", when="20:00")
    assert (
        refused.ephemeral
        and "Manage Events (or Manage Server) permission" in refused.response.content
    )
    with french():
        refusé = await table.alice.slash(channel, "club night", when="20:00")
        assert refusé.ephemeral and "Gérer les évènements" in refusé.response.content
        bad = await carol.slash(channel, "club night", when="jeudi")
        assert bad.ephemeral and "« jeudi » n'est pas un moment" in tokens(bad.response.content)
    far = await carol.slash(channel, "club night", when="2028-01-01 20:00")
    assert far.ephemeral and "more than 366 days ahead" in far.response.content
    assert len(events(env, guild)) == 1


def bot_without_events(env, guild) -> None:
    """The bot's own role (its integration's, the server's one managed role) loses Manage
    Events: Discord refuses it any event."""
    backend = env.backend
    (role,) = [r for r in backend.get_guild(guild.id).roles.values() if r.managed]
    allowed = discord.Permissions(role.permissions)
    allowed.manage_events = False
    backend.edit_role(guild.id, role.id, {"permissions": allowed.value})


async def test_a_bot_that_may_not_create_events_says_what_to_give_it(simcord_env, table):
    env, guild, channel = simcord_env, table.guild, table.channel
    carol = organiser(table)
    bot_without_events(env, guild)
    refused = await carol.slash(channel, "club night", when="20:00", weeks=3)
    assert refused.ephemeral
    assert "I may not create events on this server" in refused.response.content
    assert "Create Events (or Manage Events) permission" in refused.response.content
    with french():
        refus = await carol.slash(channel, "club night", when="20:00")
        assert refus.ephemeral
        assert "Je ne peux pas créer d'évènements" in tokens(refus.response.content)
    assert events(env, guild) == []
    async with env.bot.services.store.read() as tx:
        assert await tx.next_timer_due() is None  # no weekly series left to repeat
