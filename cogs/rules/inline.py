"""Inline look-ups: `[[Mag Gun]]` in a message gets a compact answer (at most 3).

Off unless the server turned it on with `/config inline-lookups`, and only possible when the
bot runs with the privileged Message Content intent (setting MESSAGE_CONTENT_INTENT)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.actors import call_of
from cogs.common.bot import ServicedBot, bot_of
from cogs.common.checks import manage_server
from cogs.common.replies import NO_MENTIONS, send_key
from cogs.rules import render
from core.common.errors import Conflict
from locales import t

SETTING = "inline_lookups"


class InlineLookups(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or "[[" not in message.content:
            return
        services = self.bot.services
        if not (await services.servers.get(message.guild.id)).get(SETTING):
            return
        lang = await services.servers.language(message.guild.id)
        answers, left_out = services.rules.inline(message.content, lang=lang)
        if not answers:
            return
        lines = [
            render.compact(services.rules.db, a.entry, lang)
            if a.entry
            else t(
                lang,
                "rules.inline_unknown",
                query=discord.utils.escape_markdown(a.query)[:80],
                suggestions=", ".join(h.name for h in a.suggestions) or "—",
            )
            for a in answers
        ]
        if left_out:
            lines.append(t(lang, "rules.inline_more", limit=len(answers), more=left_out))
        await message.reply(
            "\n".join(lines)[:2000], allowed_mentions=NO_MENTIONS, mention_author=False
        )


def inline_lookups_command() -> app_commands.Command:
    """`/config inline-lookups`, built per bot: a command belongs to one parent group."""

    @app_commands.command(
        name="inline-lookups", description="Answer [[Mag Gun]] in messages on this server"
    )
    @app_commands.describe(enabled="On or off")
    @manage_server()
    async def inline_lookups(interaction: discord.Interaction, enabled: bool) -> None:
        bot = bot_of(interaction.client)
        if enabled and not bot.intents.message_content:
            raise Conflict("rules.inline_needs_intent")
        services = bot.services
        await services.servers.update(call_of(interaction), **{SETTING: enabled})
        key = "rules.inline_enabled" if enabled else "rules.inline_disabled"
        await send_key(interaction, key, ephemeral=False)

    return inline_lookups
