"""Reminders of a question a player must answer (issue 33, `services.pace.asks`): posted in
the channel of the question, pinging only those still asked (the host, at the last stage),
with the question's link and the labels of its buttons, in the server's language."""

from __future__ import annotations

from cogs.common.bot import ServicedBot
from cogs.common.durations import duration
from cogs.common.replies import pinging
from cogs.common.text import plain
from core.antares.pace import HOST_STAGE
from locales import Lang, t
from services.pace import AskNudge, TimerRecord

# the buttons each question carries: (answer, refusal) label keys
LABELS = {
    "undo": ("undo.allow", "undo.refuse"),
    "battle": ("campaign.consent_confirm", "campaign.consent_refuse"),
}


def link(nudge: AskNudge) -> str:
    guild = nudge.guild_id if nudge.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{nudge.channel_id}/{nudge.asked.message_id}"


def ask_text(nudge: AskNudge) -> str:
    lang: Lang = nudge.lang
    asked = nudge.asked
    allow, refuse = LABELS[asked.what]
    values = {
        "name": plain(asked.name),
        "waited": duration(lang, nudge.waited_s),
        "allow": t(asked.buttons, allow),  # as the buttons read
        "refuse": t(asked.buttons, refuse),
        "link": link(nudge),
        "number": asked.number or 0,
        "players": ", ".join(f"<@{p}>" for p in nudge.waiting),
    }
    if asked.stage >= HOST_STAGE:  # the last stage: the host is told
        return t(lang, f"pace.ask_host.{asked.what}", host=asked.host_id, **values)
    values["players"] = ", ".join(f"<@{p}>" for p in nudge.to)
    text = t(lang, f"pace.ask.{asked.what}", **values)
    if asked.stage > 1:
        text += " " + t(lang, "pace.nudge_again")
    return text


async def deliver_ask(bot: ServicedBot, timer: TimerRecord) -> None:
    """A question's reminder: sent where it was asked, pinging only its readers."""
    nudge = await bot.services.pace.fire_ask(timer)
    if nudge is None:
        return
    channel = bot.get_partial_messageable(nudge.channel_id)
    await channel.send(ask_text(nudge), allowed_mentions=pinging(nudge.to))
