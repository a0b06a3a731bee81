"""Rate limits at the door (issue 23): a command or a click past its limit is answered with
an ephemeral message in the caller's language saying how long to wait, and runs nothing.

The bookkeeping is `services.common.RateLimiter` (one per bot, None when RATE_LIMITS is off).
Commands are checked by the tree (`AntaresTree.interaction_check`), which knows the command
and whether it is expensive (`extras=EXPENSIVE` on its decorator). Clicks (buttons, menus,
modal forms) are checked before discord.py hands them to a view: a click may be dispatched
to a live view *and* to a dynamic item (`cogs.common.live`), so the one place that sees
each click once is the gateway's interaction parser, which `gate_clicks` wraps.
Autocomplete is never limited: Discord shows no message there, and it writes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable
from typing import Any

import discord

from cogs.common.answering import ended
from cogs.common.bot import bot_of
from cogs.common.errors import answered_before
from cogs.common.mentions import mention
from cogs.common.replies import lang_of, send
from locales import t
from services.common import Limited, RateLimiter

log = logging.getLogger(__name__)
EXPENSIVE = {"expensive": True}  # `@app_commands.command(..., extras=EXPENSIVE)`
_CLICK, _FORM = 3, 5  # interaction types limited as clicks (commands: 2; autocomplete: 4)


def limiter_of(client: discord.Client) -> RateLimiter | None:
    return bot_of(client).rate_limiter


async def command_allowed(interaction: discord.Interaction) -> bool:
    """Counts the command; refuses it (answered) when its member or channel is over a limit."""
    limiter = limiter_of(interaction.client)
    if limiter is None or interaction.type is not discord.InteractionType.application_command:
        return True
    command = interaction.command
    name = command.qualified_name if command is not None else "?"
    expensive = bool(command is not None and command.extras.get("expensive"))
    limited = limiter.command(
        interaction.user.id, interaction.channel_id, name, expensive=expensive
    )
    if limited is None:
        return True
    await refuse(interaction, limited, name)
    return False


def seconds_of(limited: Limited) -> int:
    """Whole seconds to wait, rounded up: "wait 1 s" after which it is accepted."""
    return max(1, math.ceil(limited.wait - 1e-9))


async def refuse(interaction: discord.Interaction, limited: Limited, command: str) -> None:
    ended(interaction, "refused")
    metrics = getattr(interaction.client, "metrics", None)
    if metrics is not None:
        metrics.rate_limited(limited.scope)
    lang = await lang_of(interaction)
    seconds = seconds_of(limited)
    if limited.scope == "channel":
        limiter = limiter_of(interaction.client)
        period = round(limiter.rules.expensive_seconds) if limiter else seconds
        text = t(
            lang, "limits.channel", command=mention(command, lang), period=period, seconds=seconds
        )
    else:
        text = t(lang, f"limits.{limited.scope}", seconds=seconds)
    try:
        await send(interaction, text, ephemeral=True)
    except discord.HTTPException as error:
        if not answered_before(error):  # a replay keeps its first answer
            raise


async def _refuse_click(interaction: discord.Interaction, limited: Limited) -> None:
    try:
        await refuse(interaction, limited, "")
    except Exception:  # nobody awaits this task: say why the click went unanswered
        log.exception("could not refuse click %s over the rate limit", interaction.id)


def _user_id(data: dict[str, Any]) -> int | None:
    user = (data.get("member") or {}).get("user") or data.get("user") or {}
    try:
        return int(user["id"])
    except (KeyError, TypeError, ValueError):
        return None


def gate_clicks(client: discord.Client) -> None:
    """Refuse clicks past the member's limit before any view or dynamic item sees them.

    discord.py parses each gateway event with the function its connection state keeps in
    `parsers`; that table is built once per client, so wrapping its INTERACTION_CREATE entry
    reaches every click, of every shard, for the life of the bot."""
    state = client._connection  # noqa: SLF001 - the one place a click is seen once
    parse: Callable[[Any], None] = state.parsers["INTERACTION_CREATE"]
    # this bot's refusals, kept until done (the loop holds weak references)
    refusals: set[asyncio.Task[None]] = set()

    def gated(data: Any) -> None:
        limiter = limiter_of(client)
        user_id = _user_id(data) if data.get("type") in (_CLICK, _FORM) else None
        limited = limiter.click(user_id) if limiter and user_id is not None else None
        if limited is None:
            parse(data)
            return
        interaction = discord.Interaction(data=data, state=state)
        task = asyncio.get_running_loop().create_task(_refuse_click(interaction, limited))
        refusals.add(task)
        task.add_done_callback(refusals.discard)

    state.parsers["INTERACTION_CREATE"] = gated
