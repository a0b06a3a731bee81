"""Where commands can be installed and used (issue 16): `/roll`, `/rule`, `/weapon` from a
user install, in any server, DM or group DM; every other command in servers only."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from cogs.common.installs import EVERYWHERE
from tests.discord.user_install_kit import foreign_server, group_dm
from tests.support.locale import french

GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
GUILD_INSTALL, USER_INSTALL = 0, 1
LANGS = ["en", "fr"]
PLACES = {"dm": nullcontext, "group_dm": group_dm, "foreign_server": foreign_server}


def speaking(lang: str):
    return french() if lang == "fr" else nullcontext()


def payloads(env) -> dict[str, dict]:
    tree = env.bot.tree
    return {c.name: c.to_dict(tree) for c in tree.get_commands(type=None)}


def test_user_installable_commands_are_listed():
    assert set(EVERYWHERE) >= {"roll", "rule", "weapon"}


async def test_sync_payloads_say_where_each_command_runs(simcord_env):
    found = payloads(simcord_env)
    for name in EVERYWHERE:
        assert found[name]["integration_types"] == [GUILD_INSTALL, USER_INSTALL], name
        assert found[name]["contexts"] == [GUILD, BOT_DM, PRIVATE_CHANNEL], name
    others = [n for n in found if n not in EVERYWHERE]
    assert {"game", "bag", "shoot", "config", "campaign", "unit"} <= set(others)
    for name in others:
        assert found[name]["integration_types"] == [GUILD_INSTALL], name
        assert found[name]["contexts"] == [GUILD], name


async def test_a_dm_offers_only_the_user_installable_commands(simcord_env):
    user = simcord_env.create_user("carol")
    slash = {name for name in EVERYWHERE if " " not in name}  # not the message menu
    assert set(user.available_commands()) == slash


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("where", ["dm", "group_dm", "foreign_server"])
async def test_roll_in_a_dm_group_dm_or_server_without_the_bot(simcord_env, dice, lang, where):
    user = simcord_env.create_user("carol")
    dice.script(4, 7)
    with speaking(lang), PLACES[where]():
        result = await user.slash("roll", dice="2d10")
    total = "Total : **11**" if lang == "fr" else "Total: **11**"
    assert "2d10 [4, 7]" in result.response.content and total in result.response.content
    dice.assert_used()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("where", ["dm", "group_dm", "foreign_server"])
async def test_rule_and_weapon_wherever_installed(simcord_env, lang, where):
    user = simcord_env.create_user("carol")
    with speaking(lang), PLACES[where]():
        weapon = await user.slash("weapon", name="Mag Gun")
        rule = await user.slash("rule", query="Blast")
        missing = await user.slash("rule", query="zzqqxx")
    assert not weapon.ephemeral
    assert "Mag" in weapon.response.embeds[0].title
    assert rule.response.embeds, rule.response.content
    assert missing.ephemeral  # refused in the caller's language
    no_match = "Rien trouvé" if lang == "fr" else "Nothing found"
    assert no_match.lower() in missing.response.content.lower(), missing.response.content


async def test_the_dm_language_is_the_callers_or_the_bots_default(simcord_env, dice):
    """No server, no server setting: the caller's locale, else the bot's default (fr here)."""
    from tests.support.locale import discord_locale

    user = simcord_env.create_user("carol")
    with discord_locale("xx-YY"):  # a locale Discord does not have
        result = await user.slash("roll", dice="1000d10")
    assert result.response.content.startswith("1000 dés")
