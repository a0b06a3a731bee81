"""Replying to an interaction: language, ephemeral errors, response or follow-up."""

from __future__ import annotations

from typing import Any

import discord

from locales import Lang, language_for, t

NO_MENTIONS = discord.AllowedMentions.none()
_KNOWN_LOCALES = frozenset(member.value for member in discord.Locale)


async def lang_of(interaction: discord.Interaction) -> Lang:
    """French for `fr*`, English for another known locale, else the server's default."""
    services = interaction.client.services  # type: ignore[attr-defined]
    server_default = await services.servers.language(interaction.guild_id)
    locale = interaction.locale
    known = locale.value in _KNOWN_LOCALES
    return language_for(locale.value if known else None, server_default)


async def send(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    ephemeral: bool = False,
    **kwargs: Any,
) -> int | None:
    """Answer, whether or not the interaction was already deferred or answered; the id of
    the message sent, when Discord says it (no extra request)."""
    kwargs.setdefault("allowed_mentions", NO_MENTIONS)
    if interaction.response.is_done():
        sent = await interaction.followup.send(content, ephemeral=ephemeral, wait=True, **kwargs)
        return sent.id
    callback = await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
    return callback.message_id if callback is not None else None


async def send_key(
    interaction: discord.Interaction, key: str, /, *, ephemeral: bool = True, **values: Any
) -> None:
    await send(interaction, t(await lang_of(interaction), key, **values), ephemeral=ephemeral)
