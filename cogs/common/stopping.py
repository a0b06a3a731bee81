"""Stopping cleanly (issue 28): SIGTERM (`docker stop`) and SIGINT (Ctrl+C) stop the bot the
same way, through `AntaresBot.close`:

1. no new work: from then on a command, a click or a form is answered "the bot is
   restarting, try again" in the member's language and runs nothing (autocomplete, which
   shows no message, gets no choices); `gate_stopping` wraps the gateway's interaction parser
   for that, the one place that sees every interaction once (as `gate_clicks` does);
2. the interactions already running end, for up to `STOP_GRACE_S` seconds: their
   transactions commit and their replies go out, so every change acknowledged is stored;
3. then the gateway and the database close, and the process exits 0.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from cogs.common.bot import ServicedBot
from cogs.common.replies import NO_MENTIONS, fallback_language
from locales import Lang, t

log = logging.getLogger(__name__)
# Docker waits 10 s after SIGTERM before it kills: what runs gets most of that.
STOP_GRACE_S = 6.0
_AUTOCOMPLETE = 4
# The tasks discord.py runs an interaction in are known by their names (app_commands.tree,
# ui.view, ui.modal); ours are the refusals below. A name discord.py changes only shortens
# the wait: the store still lets a running transaction end before it closes.
RUNNING_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-dynamic-item-",
    "antares-stopping-refusal",
)


def gate_stopping(client: ServicedBot) -> None:
    """Once `client.stopping` is set, refuse every new interaction before discord.py sees it."""
    state = client._connection  # noqa: SLF001 - the one place an interaction is seen once
    parse: Callable[[Any], None] = state.parsers["INTERACTION_CREATE"]
    # this bot's refusals, kept until done (the loop holds weak references)
    refusals: set[asyncio.Task[None]] = set()

    def gated(data: Any) -> None:
        if not client.stopping:
            parse(data)
            return
        if data.get("type") == _AUTOCOMPLETE:
            return
        interaction = discord.Interaction(data=data, state=state)
        task = asyncio.get_running_loop().create_task(
            _refuse(interaction, client.settings.default_language),
            name="antares-stopping-refusal",
        )
        refusals.add(task)
        task.add_done_callback(refusals.discard)

    state.parsers["INTERACTION_CREATE"] = gated


async def _refuse(interaction: discord.Interaction, default_language: Lang) -> None:
    # The member's Discord language, or the server's, or the bot's: the database may be
    # closing, so the server's /config choice is not read.
    lang = fallback_language(interaction, default_language)
    try:
        await interaction.response.send_message(
            t(lang, "errors.stopping"), ephemeral=True, allowed_mentions=NO_MENTIONS
        )
    except Exception:  # nobody awaits this task: say why the interaction went unanswered
        log.exception("could not refuse interaction %s while stopping", interaction.id)


async def running_interactions_end(timeout_s: float = STOP_GRACE_S) -> bool:
    """Wait for the interactions already running; whether they all ended in time."""
    current = asyncio.current_task()
    running = [
        task
        for task in asyncio.all_tasks()
        if task is not current and task.get_name().startswith(RUNNING_PREFIXES)
    ]
    if not running:
        return True
    _, pending = await asyncio.wait(running, timeout=timeout_s)
    if pending:
        log.warning("stopping with %d interactions still running", len(pending))
    return not pending
