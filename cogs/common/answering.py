"""No command times out silently (issue 32): one mechanism watches every slash command and
context-menu command from its receipt to its end.

Discord gives 3 s for the first response, then shows "The application did not respond".
The tree (`cogs.common.tree.AntaresTree`) starts a watch for each command:

- a command not answered after `DEFER_AFTER_S` (2 s) is deferred here, ephemerally
  ("thinking…", seen by its caller only), whatever it is doing: a slow database, a busy
  process. Its answer then replaces the thinking message when it is for the caller only
  (a refusal, "database unavailable, try again"); a public answer is posted as a message of
  its own and the thinking message is removed (`cogs.common.replies.send` does both), so a
  refusal is never shown to the channel and a result always is;
- a command that defers on its own (charts, exports: it knows its answer takes long) calls
  `defer` below, the same way: the deferral happens once, whoever asks first;
- the answer (`send`) and the deferral take the interaction's lock, so the two never both
  answer (Discord would refuse the second: 40060);
- when the command ends, the watch is closed: the timer is cancelled, and its outcome
  (answered, refused, error), the time from receipt to the first response and whether it
  was deferred go to the bot's metrics (`cogs.common.metrics`) and to one log line
  (`antares.interactions`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Literal

import discord

log = logging.getLogger("antares.interactions")
DEFER_AFTER_S = 2.0  # of Discord's 3 s: room for the deferral's own trip
_KEY = "antares.answer"
Outcome = Literal["answered", "refused", "error"]
_deferrals: set[asyncio.Task[None]] = set()  # kept until done (the loop holds weak references)


@dataclass
class Answer:
    """One command's watch: when it arrived, when it was first answered, how it ended."""

    command: str
    received: float = field(default_factory=lambda: time.monotonic())
    first_response: float | None = None
    deferred: Literal["", "auto", "command"] = ""
    # the automatic deferral's ephemeral "thinking…" still waits for the answer
    thinking: bool = False
    outcome: Outcome = "answered"
    reference: int | None = None  # the id an unexpected error's apology quotes
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.TimerHandle | None = None

    def responded(self) -> None:
        if self.first_response is None:
            self.first_response = time.monotonic()

    def latency_s(self) -> float | None:
        return None if self.first_response is None else self.first_response - self.received


def answer_of(interaction: discord.Interaction) -> Answer | None:
    found = interaction.extras.get(_KEY)
    return found if isinstance(found, Answer) else None


def ended(interaction: discord.Interaction, outcome: Outcome, reference: int | None = None) -> None:
    """How the command ended, when not as answered (a refusal, a bug): the error handler and
    the rate limits say it."""
    answer = answer_of(interaction)
    if answer is not None:
        answer.outcome = outcome
        answer.reference = reference


@contextlib.asynccontextmanager
async def answering(interaction: discord.Interaction) -> AsyncIterator[Answer | None]:
    """Hold the interaction's lock while answering it (no watch: no lock, e.g. a click)."""
    answer = answer_of(interaction)
    if answer is None:
        yield None
        return
    async with answer.lock:
        yield answer
        if interaction.response.is_done():
            answer.responded()


async def defer(interaction: discord.Interaction, *, ephemeral: bool) -> bool:
    """Defer with "thinking…" unless the interaction was answered or deferred already;
    whether this call deferred it. The way for a command to defer: its deferral and the
    automatic one never collide."""
    async with answering(interaction) as answer:
        if interaction.response.is_done():
            return False
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        if answer is not None:
            answer.deferred = "command"
        _count_deferral(interaction, "command")
        return True


def _start_deferral(interaction: discord.Interaction, answer: Answer) -> None:
    """The timer's callback: a loop timer (not a task asleep), cancelled by the end of the
    command; the deferral itself runs as a task of its own."""
    task = asyncio.get_running_loop().create_task(
        _defer_late(interaction, answer), name=f"antares-deferral-{interaction.id}"
    )
    _deferrals.add(task)
    task.add_done_callback(_deferrals.discard)


async def _defer_late(interaction: discord.Interaction, answer: Answer) -> None:
    async with answer.lock:
        if interaction.response.is_done():
            return
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException:  # too late already, or a replay answered before
            log.info("interaction %s could not be deferred", interaction.id, exc_info=True)
            return
        answer.responded()
        answer.deferred, answer.thinking = "auto", True
    _count_deferral(interaction, "auto")
    log.info(
        "interaction %s (/%s) not answered after %.1f s: deferred",
        interaction.id,
        answer.command,
        DEFER_AFTER_S,
    )


def _count_deferral(interaction: discord.Interaction, kind: str) -> None:
    metrics = _metrics(interaction.client)
    if metrics is not None:
        metrics.deferral(kind)


def _metrics(client: discord.Client) -> Any:
    return getattr(client, "metrics", None)


def command_name(interaction: discord.Interaction) -> str:
    """The command's full name (`game status`), or "unknown" for one the bot does not have
    (a forged or stale name: metrics labels and logs take only names the bot defined)."""
    try:
        command = interaction.command
    except Exception:  # malformed data: discord.py reports it on its own
        command = None
    if command is None:
        return "unknown"
    return str(getattr(command, "qualified_name", None) or command.name)


@contextlib.asynccontextmanager
async def watched(interaction: discord.Interaction) -> AsyncIterator[Answer]:
    """The watch of one command, from its receipt to its end (`AntaresTree._call`)."""
    answer = Answer(command=command_name(interaction))
    interaction.extras[_KEY] = answer
    loop = asyncio.get_running_loop()
    answer.timer = loop.call_later(DEFER_AFTER_S, _start_deferral, interaction, answer)
    try:
        yield answer
    except BaseException:
        answer.outcome = "error"
        raise
    finally:
        answer.timer.cancel()
        if interaction.response.is_done():
            answer.responded()  # a response made past `send` and `defer`: at most now
        close_watch(interaction, answer)


def close_watch(interaction: discord.Interaction, answer: Answer) -> None:
    """The command's log line and metrics."""
    latency = answer.latency_s()
    latency_ms = None if latency is None else round(latency * 1000)
    extra = {
        "event": "interaction",
        "interaction": interaction.id,
        "command": answer.command,
        "guild": interaction.guild_id,
        "latency_ms": latency_ms,
        "outcome": answer.outcome,
        "deferred": answer.deferred or None,
        "reference": answer.reference,
    }
    reference = f" reference={answer.reference}" if answer.reference is not None else ""
    log.info(
        "/%s guild=%s latency=%sms outcome=%s%s%s",
        answer.command,
        interaction.guild_id,
        latency_ms if latency_ms is not None else "-",
        answer.outcome,
        f" deferred={answer.deferred}" if answer.deferred else "",
        reference,
        extra=extra,
    )
    metrics = _metrics(interaction.client)
    if metrics is not None:
        metrics.interaction(answer.command, answer.outcome, latency)
