"""Replying to an interaction: language, ephemeral errors, response or follow-up."""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterable, Iterator
from typing import Any

import discord

from cogs.common.answering import answer_of, answering
from cogs.common.bot import app_services
from locales import Lang, language_for, t

NO_MENTIONS = discord.AllowedMentions.none()


def pinging(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """A message pings these members (a reminder, a question, a reaction's offer), nobody
    else: no role, no @everyone, no reply ping."""
    users = [discord.Object(user_id) for user_id in user_ids]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


# The automatic deferral's thinking message, closed just before a public answer is posted
# below it, then removed: no words to translate, and nobody reads it.
ANSWERED_BELOW = "⤵"
_KNOWN_LOCALES = frozenset(member.value for member in discord.Locale)


def known_locale(locale: discord.Locale | None) -> str | None:
    """A locale Discord has (discord.py keeps an unknown one as a stand-in value), or None."""
    value = getattr(locale, "value", None)
    return value if value in _KNOWN_LOCALES else None


def fallback_language(
    interaction: discord.Interaction, default: Lang, chosen: Lang | None = None
) -> Lang:
    """The caller's language, from what the interaction says: their client's language when
    Discord has it (French for `fr*`, English for the others); else the language the server
    chose (`/config language`, when known), else the server's own Discord language (its
    `guild_locale`, set in its settings), else `default` (DEFAULT_LANGUAGE)."""
    caller = known_locale(interaction.locale)
    if caller is not None:
        return language_for(caller, default)
    if chosen is not None:
        return chosen
    return language_for(known_locale(interaction.guild_locale), default)


async def lang_of(interaction: discord.Interaction) -> Lang:
    """The caller's language (`fallback_language`); the server's choice is read (cached) only
    for a caller whose client language the bot does not know."""
    services = app_services(interaction)
    if known_locale(interaction.locale) is not None:
        return fallback_language(interaction, services.default_language)
    chosen = await services.servers.chosen_language(interaction.guild_id)
    return fallback_language(interaction, services.default_language, chosen)


def upload_limit(interaction: discord.Interaction) -> int:
    """The bytes of files one reply may carry in this server (more with boosts)."""
    guild = interaction.guild
    default = discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES
    return guild.filesize_limit if guild is not None else default


async def send(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    ephemeral: bool = False,
    **kwargs: Any,
) -> int | None:
    """Answer, whether or not the interaction was already deferred or answered; gives the
    message's id when Discord says it (no extra request). A public answer to a change is the
    message that shows its event: it is recorded (`shown`), so that an undo can strike it out.

    After the automatic deferral (`cogs.common.answering`: ephemeral "thinking…"), an answer
    for the caller only replaces the thinking message; a public one is posted as a message of
    its own, and the thinking message is removed."""
    kwargs.setdefault("allowed_mentions", NO_MENTIONS)
    async with answering(interaction) as answer:
        if interaction.response.is_done():
            thinking = answer is not None and answer.thinking and not ephemeral
            if thinking:  # the ephemeral "thinking…" cannot become public: close it first
                await interaction.edit_original_response(content=ANSWERED_BELOW)
            if answer is not None:
                answer.thinking = False
            # discord.py sends `content=None` as no text; its stubs say `str` only
            message = await interaction.followup.send(  # type: ignore[call-overload]
                content, ephemeral=ephemeral, wait=True, **kwargs
            )
            message_id: int | None = message.id
            if thinking:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.delete_original_response()
        else:
            sent = await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
            message_id = sent.message_id if sent is not None else None
    if not ephemeral and message_id is not None:
        await shown(interaction, message_id)
    return message_id


async def sent_message(
    interaction: discord.Interaction, message_id: int | None
) -> discord.InteractionMessage | discord.WebhookMessage:
    """The message `send` posted (`message_id`, as it gave it): the interaction's original
    response, or a follow-up when the automatic deferral made the answer one (a public
    answer after "thinking…", whose original is gone)."""
    answer = answer_of(interaction)
    if message_id is not None and answer is not None and answer.deferred == "auto":
        return await interaction.followup.fetch_message(message_id)
    return await interaction.original_response()


async def shown(interaction: discord.Interaction, message_id: int) -> None:
    """`message_id` now shows what this interaction changed (a reply, or a message a button
    edited): its events remember it. No database call when the interaction changed nothing;
    none here either while `next_step.offer` posts the reply: it writes this together with
    where 🎲 Draw next sits, in one transaction (`shown_later`)."""
    events = app_services(interaction).shown
    if not events.waiting(interaction.id):
        return
    later = _SHOWN_LATER.get()
    if later is not None:
        later.append(message_id)
        return
    await events.shown(interaction.id, message_id)


_SHOWN_LATER: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar(
    "shown_later", default=None
)


@contextlib.contextmanager
def shown_later() -> Iterator[list[int]]:
    """While it lasts, `shown` only collects the messages (for the caller to record)."""
    collected: list[int] = []
    token = _SHOWN_LATER.set(collected)
    try:
        yield collected
    finally:
        _SHOWN_LATER.reset(token)


async def send_key(
    interaction: discord.Interaction, key: str, /, *, ephemeral: bool = True, **values: Any
) -> None:
    await send(interaction, t(await lang_of(interaction), key, **values), ephemeral=ephemeral)
