"""The skeleton through the simulated Discord: help, languages, errors, restart, sync (issue 2)."""

from __future__ import annotations

import discord
from discord import app_commands

from tests.discord.locale_kit import server_locale
from tests.discord.permissions_kit import allow_config
from tests.support.bots import restart
from tests.support.locale import discord_locale, french
from tests.support.mentions import tokens

CHAT_INPUT = discord.AppCommandType.chat_input


def _fits(embed) -> bool:
    return (
        len(embed) <= 6000
        and len(embed.fields) <= 25
        and all(len(f.value) <= 1024 and len(f.name) <= 256 for f in embed.fields)
        and len(embed.description or "") <= 4096
    )


async def test_help_lists_commands_in_english(table):
    """One line per top-level command or group: its description and its subcommands, each a
    command mention to click."""
    result = await table.alice.slash(table.channel, "help")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert embed.title.startswith("antares-bot")
    lines = tokens("\n".join(field.value for field in embed.fields)).splitlines()
    assert "</roll> — Roll dice: 2d10, d6+1, 3d5+d3…, or count successes: 5d10<=6, 5d10 7+" in lines
    assert any(line.startswith("</test> — Roll a D10 test") for line in lines)
    config = next(line for line in lines if line.startswith("`/config`"))
    assert config.startswith("`/config` — Server settings: ") and "</config language>" in config
    bag = next(line for line in lines if line.startswith("`/bag`"))
    assert "</bag draw>" in bag and "</bag take>" in bag
    assert not any(line.startswith("</bag draw>") for line in lines)  # groups: one line
    # /game has too many commands for one line in Discord's 6,000 characters: summed up,
    # with where to read them all
    game = next(line for line in lines if line.startswith("`/game`"))
    assert game.endswith("commands: </help> command:game")
    assert "</help> command:<name>" in tokens(embed.description)
    assert _fits(embed)


async def test_help_in_french(table):
    with french():
        result = await table.alice.slash(table.channel, "help")
    embed = result.response.embeds[0]
    assert "à la table" in embed.title
    assert embed.fields[0].name == "Commandes"
    text = tokens("\n".join(field.value for field in embed.fields))
    assert "</roll> — Lancer des dés" in text
    assert "`/stress` — Le Stress des unités : </pins add> · </pins set> · </pins remove>" in text
    assert "</help> commande:<nom>" in tokens(embed.description)
    assert _fits(embed)


async def test_help_for_each_command_fits_in_both_languages(simcord_env, table):
    names = [c.name for c in simcord_env.bot.tree.get_commands(type=CHAT_INPUT)]
    for name in names:
        for locale in ("en-US", "fr"):
            with discord_locale(locale):
                result = await table.alice.slash(table.channel, "help", command=name)
            embed = result.response.embeds[0]
            assert result.ephemeral and embed.fields, (name, locale)
            assert _fits(embed), (name, locale)
    detail = await table.alice.slash(table.channel, "help", command="config")
    shown = tokens(detail.response.embeds[0].fields[0].value)
    assert "</config gm-role> — The game-master role" in shown
    choices = await table.alice.autocomplete(table.channel, "help", "command", "ga")
    assert {"name": "/game", "value": "game"} in choices
    with french():
        choices = await table.alice.autocomplete(table.channel, "help", "command", "par")
    assert {"name": "/partie", "value": "game"} in choices


async def test_french_localisations_are_synced(simcord_env, table):
    """Command names stay English; Discord gets the French names as localisations."""
    synced = {c.name: c for c in await simcord_env.bot.tree.fetch_commands()}
    assert synced["roll"].name_localizations[discord.Locale.french] == "lancer"
    options = {o.name: o for o in synced["test"].options}
    assert options["pins"].name_localizations[discord.Locale.french] == "stress"


async def test_unknown_locale_uses_server_default(table):
    # The settings' default is French; an admin switches this server to English. The server
    # has no Discord language of its own here (tests/discord/test_server_language.py).
    with discord_locale("xx-YY"), server_locale(None):
        before = await table.alice.slash(table.channel, "roll", dice="1000d10")
    assert before.response.content.startswith("1000 dés")
    await table.admin.slash(table.channel, "config language", value="en")
    with discord_locale("xx-YY"):
        after = await table.alice.slash(table.channel, "roll", dice="1000d10")
    assert after.response.content.startswith("1000 dice")


async def test_config_needs_manage_server(simcord_env, table):
    # Discord hides /config from her (default permissions); were a server to grant it to her
    # in its Integrations settings, the bot's own check still refuses.
    assert "config language" not in table.alice.available_commands(table.channel)
    allow_config(simcord_env, table, table.alice)
    result = await table.alice.slash(table.channel, "config language", value="en")
    assert result.ephemeral
    assert "Manage Server" in result.response.content
    with french():
        result = await table.alice.slash(table.channel, "config language", value="en")
    assert "Gérer le serveur" in result.response.content
    with discord_locale("xx-YY"), server_locale(None):
        unchanged = await table.alice.slash(table.channel, "roll", dice="1000d10")
    assert unchanged.response.content.startswith("1000 dés")  # still the French default


async def test_config_is_not_offered_in_direct_messages(simcord_env):
    """Server-only (issue 16): Discord does not offer /config in a DM at all."""
    user = simcord_env.create_user("dm-user")
    assert "config language" not in user.available_commands()


async def test_roll_works_in_direct_messages(simcord_env, dice):
    dice.script(4)
    user = simcord_env.create_user("dm-user")
    result = await user.slash("roll", dice="d6")
    assert "Total: **4**" in result.response.content


async def test_unexpected_error_gets_an_apology_not_a_traceback(simcord_env, table):
    @app_commands.command(name="boom", description="fails")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("bug")

    simcord_env.bot.tree.add_command(boom)
    await simcord_env.bot.tree.sync()
    result = await table.alice.slash(table.channel, "boom")
    assert result.ephemeral
    assert result.response.content.startswith("Sorry, something went wrong on our side.")
    assert "Traceback" not in result.response.content
    assert f"reference {result.response.message.interaction_metadata.id}" in result.response.content
    errors = simcord_env.errors  # acknowledged: this test wants it
    assert any(isinstance(getattr(e, "original", e), RuntimeError) for e in errors)


async def test_settings_survive_a_restart_without_resync(simcord_env, table, make_bot):
    await table.admin.slash(table.channel, "config language", value="en")
    syncs_before = _sync_calls(simcord_env)
    await restart(simcord_env, make_bot)
    with discord_locale("xx-YY"):
        result = await table.alice.slash(table.channel, "roll", dice="1000d10")
    assert result.response.content.startswith("1000 dice")
    assert _sync_calls(simcord_env) == syncs_before  # same command set: not synced again


def _sync_calls(env) -> int:
    return sum(1 for r in env.http_requests if r.method == "PUT" and "/commands" in r.path)
