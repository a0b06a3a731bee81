"""`/config data export|delete|forget-me` (issue 23, "Data retention and privacy"; PRIVACY.md).

Admins (Manage Server) export every record of their server as a JSON file, or delete them all
once confirmed; any member has their name and id taken out of the server's records, once
confirmed, their results kept anonymous. Every answer is ephemeral, in the caller's language.
"""

from __future__ import annotations

import gzip
import importlib
import json

import pytest

from tests.discord.campaign_kit import create, join, record
from tests.discord.game_kit import labels, skirmish
from tests.discord.permissions_kit import allow_config
from tests.support.bots import restart
from tests.support.locale import french
from tests.support.mentions import mention


async def club_with_history(env, table) -> dict[str, int]:
    """Winter league (alice beat bob, recorded by the admin), an ended game of alice and bob,
    a running one in another channel, the server's language; and another server's game."""
    await create(table)
    await join(table, table.alice, army="Vorl Prosperate")
    await join(table, table.bob, faction="boromites", army="Rock Guild")
    recorded = await record(table.admin, table.channel, table.alice, table.bob, table.alice)
    assert not recorded.ephemeral, recorded.response.content
    await skirmish(table)
    ended = await table.alice.slash(table.channel, "game end")
    assert not ended.ephemeral, ended.response.content
    other_channel = table.guild.create_text_channel("table-2")
    await table.bob.slash(other_channel, "game start", name="Ridge")
    await table.admin.slash(table.channel, "config language", value="en")
    elsewhere = env.create_guild("Other club")
    stranger = elsewhere.add_member(env.create_user("zed"))
    await stranger.slash(elsewhere.create_text_channel("t"), "game start", name="Far")
    return {"other_channel": other_channel.id, "elsewhere": elsewhere.id}


async def counts(env, guild_id: int) -> tuple[int, int, dict]:
    async with env.bot.services.store.read() as tx:
        games = await tx.guild_games(guild_id)
        campaigns = await tx.campaigns(guild_id)
        return len(games), len(campaigns), await tx.guild_settings(guild_id)


# ---------------------------------------------------------------- export


async def test_an_admin_exports_every_record_of_the_server(simcord_env, table):
    made = await club_with_history(simcord_env, table)
    result = await table.admin.slash(table.channel, "config data export")
    assert result.ephemeral
    assert result.response.content.startswith("📦 Everything the bot keeps about this server:")
    assert "2 games with their logs, 1 campaign" in result.response.content
    (attachment,) = result.response.attachments
    assert attachment.filename.startswith(f"antares-server-{table.guild.id}-")
    document = json.loads(await attachment.read())
    assert document["format"] == "antares-bot server data"
    assert document["guild_id"] == str(table.guild.id)
    assert document["settings"]["language"] == "en"
    ended, running = document["games"]
    assert (ended["status"], running["status"]) == ("ended", "running")
    assert running["channel_id"] == str(made["other_channel"])
    assert ended["state"]["name"] == "Vorl" and ended["events"][0]["kind"]
    assert all("state_before" not in e for e in ended["events"])  # the undo copies stay out
    (campaign,) = document["campaigns"]
    assert campaign["name"] == "Winter league" and campaign["current"] is True
    assert {m["name"] for m in campaign["members"]} == {"admin", "alice", "bob"}
    assert campaign["battles"][0]["winner_id"] == str(table.alice.id)
    assert "Far" not in json.dumps(document)  # nothing of the other server


async def test_a_large_export_is_compressed(simcord_env, table, monkeypatch):
    commands = importlib.import_module("cogs.privacy.commands")  # the package names another

    await club_with_history(simcord_env, table)
    # the server's upload limit, as the cog reads it: the plain JSON no longer fits (about
    # 16 KB since each event keeps its replay patch, issue 34; 2.2 KB compressed)
    monkeypatch.setattr(commands, "upload_limit", lambda interaction: 4000)
    result = await table.admin.slash(table.channel, "config data export")
    assert "gzip-compressed to fit Discord's upload limit" in result.response.content
    (attachment,) = result.response.attachments
    assert attachment.filename.endswith(".json.gz")
    assert json.loads(gzip.decompress(await attachment.read()))["format"]


async def test_an_export_too_large_even_compressed_is_refused(simcord_env, table, monkeypatch):
    commands = importlib.import_module("cogs.privacy.commands")  # the package names another

    await club_with_history(simcord_env, table)
    monkeypatch.setattr(commands, "upload_limit", lambda interaction: 50)
    with french():
        result = await table.admin.slash(table.channel, "config data export")
    assert result.ephemeral and result.response.attachments == []
    assert "trop volumineuses pour un seul envoi sur Discord" in result.response.content


async def test_members_cannot_export_or_delete_the_server(simcord_env, table):
    await club_with_history(simcord_env, table)
    before = await counts(simcord_env, table.guild.id)
    # Discord hides /config from him; shown to him by the server, the bot still refuses.
    assert "config data export" not in table.bob.available_commands(table.channel)
    allow_config(simcord_env, table, table.bob)
    for command in ("config data export", "config data delete"):
        refused = await table.bob.slash(table.channel, command)
        assert refused.ephemeral and refused.response.attachments == []
        assert "Manage Server" in refused.response.content, refused.response.content
        with french():
            refused = await table.bob.slash(table.channel, command)
        assert "gérer le serveur" in refused.response.content.lower(), refused.response.content
    assert await counts(simcord_env, table.guild.id) == before


# ---------------------------------------------------------------- delete


async def test_delete_asks_first_and_cancel_deletes_nothing(simcord_env, table):
    await club_with_history(simcord_env, table)
    before = await counts(simcord_env, table.guild.id)
    asked = await table.admin.slash(table.channel, "config data delete")
    assert asked.ephemeral and "**everything**" in asked.response.content
    assert labels(asked.response) == ["Delete everything", "Cancel"]
    cancelled = await table.admin.click(asked.response, label="Cancel")
    assert cancelled.response.content == "Cancelled: nothing was deleted."
    assert cancelled.response.components == []
    assert await counts(simcord_env, table.guild.id) == before


async def test_delete_removes_everything_of_the_server_only(simcord_env, table):
    made = await club_with_history(simcord_env, table)
    with french():
        asked = await table.admin.slash(table.channel, "config data delete")
        assert labels(asked.response) == ["Tout supprimer", "Annuler"]
        done = await table.admin.click(asked.response, label="Tout supprimer")
    assert done.response.content.startswith("🗑️ Tout ce que le bot gardait sur ce serveur")
    assert done.response.components == []
    assert await counts(simcord_env, table.guild.id) == (0, 0, {})
    games, _, _ = await counts(simcord_env, made["elsewhere"])
    assert games == 1
    # the server starts afresh: its default language again, a new game in the channel
    status = await table.alice.slash(table.channel, "campaign standings")
    assert status.ephemeral
    started = await table.alice.slash(table.channel, "game start", name="Anew")
    assert not started.ephemeral, started.response.content


async def test_the_confirmation_works_after_a_restart_and_expires(simcord_env, table, make_bot):
    await club_with_history(simcord_env, table)
    asked = await table.admin.slash(table.channel, "config data delete")
    await restart(simcord_env, make_bot)
    done = await table.admin.click(asked.response, label="Delete everything")
    assert done.response.content.startswith("🗑️ Deleted everything the bot kept")
    assert await counts(simcord_env, table.guild.id) == (0, 0, {})

    await skirmish(table)
    asked = await table.alice.slash(table.channel, "forget-me")
    await restart(simcord_env, make_bot)
    await simcord_env.advance_time(301)
    late = await table.alice.click(asked.response, label="Forget me")
    assert late.response.content.startswith("This confirmation has expired")
    assert (await counts(simcord_env, table.guild.id))[0] == 1


# ---------------------------------------------------------------- forget-me


async def test_forget_me_keeps_the_results_under_an_alias(simcord_env, table):
    await club_with_history(simcord_env, table)
    with french():
        asked = await table.alice.slash(table.channel, "forget-me")
        assert asked.ephemeral and labels(asked.response) == ["M'oublier", "Annuler"]
        done = await table.alice.click(asked.response, label="M'oublier")
    assert "sous le nom **Former player 1**" in done.response.content  # the server speaks en
    standings = await table.bob.slash(table.channel, "campaign standings")
    text = _embed_text(standings.response.embeds[0])
    # her win still counts, under the alias; the army name she typed is gone
    assert "1 Former player… —             1    1-0-0   3" in text
    assert "alice" not in text and "Vorl" not in text
    exported = await table.admin.slash(table.channel, "config data export")
    document = (await exported.response.attachments[0].read()).decode()
    assert str(table.alice.id) not in document and "Vorl Prosperate" not in document
    assert str(table.bob.id) in document and "Rock Guild" in document
    again = await table.alice.slash(table.channel, "forget-me")
    nothing = await table.alice.click(again.response, label="Forget me")
    assert nothing.response.content.startswith("This server's records hold nothing about you")


async def test_forget_me_is_refused_while_playing(simcord_env, table):
    made = await club_with_history(simcord_env, table)
    before = await counts(simcord_env, table.guild.id)
    asked = await table.bob.slash(table.channel, "forget-me")
    refused = await table.bob.click(asked.response, label="Forget me")
    assert f"You play in the running game of <#{made['other_channel']}>" in (
        refused.response.content if refused.response else refused.followups[0].content
    )
    assert await counts(simcord_env, table.guild.id) == before


def _embed_text(embed) -> str:
    return (embed.description or "") + "".join(f.value for f in embed.fields)


# ---------------------------------------------------------------- /help points at the policy


async def test_help_says_what_is_kept_and_how_to_delete_it(simcord_env, table):
    overview = await table.alice.slash(table.channel, "help")
    line = overview.response.embeds[0].description.splitlines()[-1]
    assert line.startswith("🔒 Privacy: the bot keeps this server's games (with every die)")
    assert "deletes them 30 days after it leaves the server" in line
    assert "PRIVACY.md, beside the bot's code, says what is kept" in line
    assert mention(simcord_env, "forget-me") in line
    with french():
        overview = await table.alice.slash(table.channel, "help")
    line = overview.response.embeds[0].description.splitlines()[-1]
    assert line.startswith("🔒 Confidentialité : le bot garde les parties de ce serveur")
    assert mention(simcord_env, "config data export") in line


@pytest.mark.settings(
    privacy_url="https://example.org/antares/privacy", left_server_retention_days=14
)
async def test_help_links_the_operator_s_own_policy(simcord_env, table):
    overview = await table.alice.slash(table.channel, "help")
    line = overview.response.embeds[0].description.splitlines()[-1]
    assert "[The privacy policy](https://example.org/antares/privacy) says" in line
    assert "deletes them 14 days after it leaves the server" in line
