"""Default permissions (issue 16): Discord hides the server-admin commands (`/config`:
language, GM role, ruleset, inline look-ups, the server's data) from members without Manage
Server; the bot's own checks stay (tests/discord/test_foundation.py). Everything members
use carries none: `/forget-me` (PRIVACY.md), `/campaign` (its organisers need not manage the
server), the game."""

from __future__ import annotations

from contextlib import nullcontext

import discord
import pytest

from tests.support.locale import french

MANAGE_SERVER = discord.Permissions(manage_guild=True).value


def payloads(env) -> dict[str, dict]:
    tree = env.bot.tree
    return {c.name: c.to_dict(tree) for c in tree.get_commands(type=None)}


async def test_only_config_carries_manage_server(simcord_env):
    found = payloads(simcord_env)
    assert found["config"]["default_member_permissions"] == MANAGE_SERVER
    others = {n: p["default_member_permissions"] for n, p in found.items() if n != "config"}
    assert {"forget-me", "campaign", "game", "roll"} <= set(others)
    assert set(others.values()) == {None}


async def test_the_synced_commands_carry_them(simcord_env):
    """What Discord stored from the sync, as the bot reads it back."""
    synced = {c.name: c for c in await simcord_env.bot.tree.fetch_commands()}
    assert synced["config"].default_member_permissions == discord.Permissions(manage_guild=True)
    assert synced["forget-me"].default_member_permissions is None


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_members_see_forget_me_and_not_config(simcord_env, table, lang):
    offered = table.alice.available_commands(table.channel)
    assert "forget-me" in offered and "config language" not in offered
    assert "config language" in table.admin.available_commands(table.channel)
    with french() if lang == "fr" else nullcontext():
        asked = await table.alice.slash(table.channel, "forget-me")
    assert asked.ephemeral
    question = "Ceci vous retire des données" if lang == "fr" else "This takes you out of"
    assert asked.response.content.startswith(question)
