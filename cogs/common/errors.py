"""The one error handler of the command tree.

Expected problems (`AntaresError`, failed checks, bad option values) become an ephemeral
reply in the caller's language that says what to do instead. Anything else is a bug: it is
logged with the interaction id and answered with a short apology that quotes that id.

A replay (Discord delivering an interaction it delivered before) is no bug either: a change
it asks for is refused by the service layer (`services.common.applied_once`), and any answer to it
fails with Discord's 40060 "Interaction has already been acknowledged", since the first
delivery was answered. The member keeps that first answer; the replay is logged at INFO.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands
from discord.utils import escape_mentions

from cogs.common.answering import ended
from cogs.common.bot import app_services
from cogs.common.replies import fallback_language, lang_of, send
from cogs.common.terms import in_words
from cogs.common.text import code_fields, ellipsize, literal
from core.common.errors import AntaresError
from locales import Lang, catalog, t

log = logging.getLogger("antares.errors")
_USER = re.compile(r"<@\d{1,20}>")
# Raised by the storage layer when the server is out of reach (`storage.base.DatabaseUnavailable`).
DATABASE_UNAVAILABLE = "errors.database_unavailable"
ALREADY_ACKNOWLEDGED = 40060  # Discord: "Interaction has already been acknowledged"
# A quoted value is cut here: the longest the bot makes itself (the list of the ruleset's
# settings) is about 700 characters, and one message holds at most 2,000.
VALUE_MAX = 300  # characters of a typed value quoted in a refusal (escaped, up to twice as many)
MESSAGE_MAX = 1800  # under Discord's 2,000, leaving room for a hint the handler adds
S = TypeVar("S")  # the item or view whose callback `answers_errors` wraps
P = ParamSpec("P")


class GuildOnly(app_commands.CheckFailure):
    """Raised by `guild_only_check` so the handler can answer in the caller's language."""


class MissingManageServer(app_commands.CheckFailure):
    pass


def _message(lang: Lang, error: BaseException) -> str | None:
    if isinstance(error, AntaresError):
        # Values may be user text (a unit named "@everyone"): shown, never a mention, and
        # cut, so that quoting 6,000 typed characters cannot make the answer fail to send.
        # A bare user mention the bot made itself (`<@id>`) stays: it shows the name, and
        # replies never ping (AllowedMentions.none()).
        values = {
            k: escape_mentions(ellipsize(v, VALUE_MAX))
            if isinstance(v, str) and not _USER.fullmatch(v)
            else v
            for k, v in error.values.items()
        }
        colour = values.get("colour")
        if isinstance(colour, str) and "colour_name" not in values:  # a die's colour, named
            values["colour_name"] = t(lang, f"game.colour.{colour}")
        worded = in_words(lang, error.key, values)
        text = t(lang, error.key, **shown_as_typed(lang, error.key, values, worded))
        return ellipsize(text, MESSAGE_MAX)  # several long values, each escaped, still fit
    if isinstance(error, GuildOnly | app_commands.NoPrivateMessage):
        return t(lang, "errors.guild_only")
    if isinstance(error, MissingManageServer | app_commands.MissingPermissions):
        return t(lang, "errors.manage_server")
    if isinstance(error, app_commands.TransformerError):
        value = literal(escape_mentions(str(error.value)[:100]))  # typed by the member
        return t(lang, "errors.bad_option", value=value)
    if isinstance(error, app_commands.CommandOnCooldown):
        return t(lang, "errors.cooldown", seconds=round(error.retry_after, 1))
    return None


def error_text(lang: Lang, error: AntaresError) -> str:
    """An expected problem in words, as the handler would answer it (e.g. on a card, the
    reason a weapon did not fire)."""
    return _message(lang, error) or error.key


def shown_as_typed(
    lang: Lang, key: str, given: dict[str, object], worded: dict[str, object]
) -> dict[str, object]:
    """The values as typed, shown literally (issue 23): a unit another member named
    `**BIG**` or `||x||` is quoted as written, not as bold or a spoiler. The bot's own words
    (`in_words` replaced the value) and the user mentions it makes stay as they are; a value
    the template puts in a code span has its backticks swapped, so it cannot close it."""
    code = code_fields(catalog().messages[lang].get(key) or "")
    shown = dict(worded)
    for name, value in worded.items():
        if not isinstance(value, str) or value is not given.get(name) or _USER.fullmatch(value):
            continue
        shown[name] = value.replace("`", "ˋ") if name in code else literal(value)
    return shown


def answered_before(error: BaseException) -> bool:
    """Discord refused an answer: this interaction was answered already (a replay)."""
    return isinstance(error, discord.HTTPException) and error.code == ALREADY_ACKNOWLEDGED


def is_expected(error: BaseException) -> bool:
    """An error the handler answers as the user's problem, or a replay (not a bug)."""
    original = getattr(error, "original", error)
    return answered_before(original) or _message("en", original) is not None


async def _your_game(interaction: discord.Interaction, lang: Lang) -> str:
    """Where the caller's game runs, when they host or play one in another channel of the
    server: a channel mention (a link; it never pings)."""
    services = app_services(interaction)
    try:
        channel_id = await services.games.home_channel(interaction.guild_id, interaction.user.id)
    except Exception:  # the refusal still goes out
        log.exception("could not find the game of %s", interaction.user.id)
        return ""
    if channel_id is None or channel_id == interaction.channel_id:
        return ""
    return "\n" + t(lang, "game.your_game_runs", channel=f"<#{channel_id}>")


def _replayed(interaction: discord.Interaction) -> None:
    log.info("interaction %s was answered before (a replay): nothing sent", interaction.id)


async def _language(interaction: discord.Interaction) -> Lang:
    """The caller's language; when the server's default cannot be read (the database is
    down), the bot's own default."""
    try:
        return await lang_of(interaction)
    except Exception:
        return fallback_language(interaction, app_services(interaction).default_language)


async def on_tree_error(interaction: discord.Interaction, error: BaseException) -> None:
    """The tree's `on_error` (an `AppCommandError`), and `answers_errors`' (any error)."""
    original = getattr(error, "original", error)
    if answered_before(original):
        _replayed(interaction)
        return
    if isinstance(original, AntaresError) and original.key == DATABASE_UNAVAILABLE:
        log.warning("interaction %s: %s", interaction.id, original)
    lang = await _language(interaction)
    text = _message(lang, original)
    if text is None:
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error(
            "unexpected error in /%s (interaction %s)", command, interaction.id, exc_info=original
        )
        text = t(lang, "errors.unexpected", reference=interaction.id)
        ended(interaction, "error", reference=interaction.id)
    else:  # an outage is no refusal: the operator's alerts count it with the errors
        unavailable = isinstance(original, AntaresError) and original.key == DATABASE_UNAVAILABLE
        ended(interaction, "error" if unavailable else "refused")
        if isinstance(original, AntaresError) and original.key == "game.none_here":
            text += await _your_game(interaction, lang)
    try:
        await send(interaction, text, ephemeral=True)
    except discord.HTTPException as failed:
        if answered_before(failed):  # e.g. the refusal of a replayed change
            _replayed(interaction)
            return
        log.exception("could not report an error for interaction %s", interaction.id)


def answers_errors(
    callback: Callable[Concatenate[S, discord.Interaction, P], Awaitable[None]],
) -> Callable[Concatenate[S, discord.Interaction, P], Coroutine[Any, Any, None]]:
    """A button's or menu's callback whose errors are answered as a command's are (an
    ephemeral refusal in the caller's language, or the unexpected-error reference).

    discord.py hands an item's error to its view's ``on_error``, which only logs it; a
    dynamic item's view is a plain ``View`` built from the message, so the answer has to
    come from the callback itself."""

    @functools.wraps(callback)
    async def answering(
        self: S, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs
    ) -> None:
        try:
            await callback(self, interaction, *args, **kwargs)
        except Exception as error:
            await on_tree_error(interaction, error)

    return answering
