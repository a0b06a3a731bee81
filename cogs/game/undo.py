"""`/game undo` in the channel: the reply, then the channel made truthful again.

The reply says what was undone and what happens next (🎲 "Draw next" under it when that is
the next step). Every message that showed an undone event is edited: a mark naming what was
undone, its text struck through (and its embeds' titles, greyed) when all it showed is
undone, its buttons removed. A drawn die the undo put back to wait is posted again with its
buttons (`cogs.game.views`).

Undoing another player's events asks first (`services.game.undo`): "Allow undo" / "Refuse"
buttons that those players, the host or a game master may click. They are `DynamicItem`s
whose custom ids carry the request, so they work after a restart; a request lapses after
`CONSENT_TIMEOUT` (the buttons go then, or at the first click after a restart) or as soon
as the game changes. The undo runs in the clicker's interaction, applied once.
"""

from __future__ import annotations

import contextlib
from datetime import timedelta

import discord

from cogs.common.bot import app_services
from cogs.common.cards import cards
from cogs.common.errors import on_tree_error
from cogs.common.layout import is_layout
from cogs.common.live import HoldsDynamicItems
from cogs.common.replies import NO_MENTIONS, lang_of, send
from cogs.game import next_step, render
from cogs.game.options import call_of
from core.common.errors import Conflict
from locales import Lang, t
from services.game import UndoAsked, UndoDone, UndoRequest

CONSENT_TIMEOUT = 600.0
CONSENT_PREFIX = "antares:undo:"
STALE = ("undo.changed", "game.stale_message")


async def answer_undo(interaction: discord.Interaction, result: UndoDone | UndoAsked) -> None:
    lang = await lang_of(interaction)
    if isinstance(result, UndoAsked):
        await ask_consent(interaction, lang, result)
        return
    # 🎲 Draw next when drawing is the next step, taken off the reply that had it
    await next_step.reply(interaction, render.undone(lang, result))
    await make_truthful(interaction, lang, result)


async def make_truthful(interaction: discord.Interaction, lang: Lang, done: UndoDone) -> None:
    """Strike out the messages of the undone events; post the dice waiting again."""
    await strike_out(interaction.channel, lang, done)
    for waiting in done.waiting:  # a card again, as when it was drawn
        posted = await cards(interaction).waiting(interaction, lang, done.game_id, waiting)
        if posted is not None and waiting.event_id is not None:  # the draw's message now
            await app_services(interaction).shown.moved(waiting.event_id, posted)


async def strike_out(channel: object, lang: Lang, done: UndoDone) -> None:
    """Each message: read (its text is needed to strike it), then edited. One that is gone,
    or that the bot may no longer edit, is left as it is: the log still says it all."""
    fetch = getattr(channel, "fetch_message", None)
    if fetch is None:
        return
    names = {u.id: u.name for u in done.state.units.values()}
    for shown in done.messages:
        with contextlib.suppress(discord.HTTPException):
            message = await fetch(shown.message_id)
            mark = render.mark(lang, shown, done.entries, names)
            if is_layout(message):  # an activation card: laid out, no content
                card = render.struck_card(message, mark, shown.whole)
                await message.edit(view=card, allowed_mentions=NO_MENTIONS)
                continue
            embeds = [
                discord.Embed.from_dict(render.struck_embed(e.to_dict())) if shown.whole else e
                for e in message.embeds
            ]
            await message.edit(
                content=render.struck_content(message.content, mark, shown.whole),
                embeds=embeds,
                view=None,
                allowed_mentions=NO_MENTIONS,
            )


# --- consent --------------------------------------------------------------------------------


class ConsentView(HoldsDynamicItems):
    """The two buttons; in this process, the buttons go when the request lapses (`kept`: a
    game with reminders, where it stands until answered or the game changes)."""

    def __init__(self, lang: Lang, request: UndoRequest, kept: bool = False) -> None:
        super().__init__(timeout=None if kept else CONSENT_TIMEOUT)
        self.lang = lang
        self.channel: object = None
        self.message_id: int | None = None
        allow = UndoConsent("allow", request, t(lang, "undo.allow"), kept)
        allow.item.style = discord.ButtonStyle.danger
        self.add_item(allow)
        self.add_item(UndoConsent("refuse", request, t(lang, "undo.refuse"), kept))

    async def on_timeout(self) -> None:
        await super().on_timeout()  # other requests' buttons keep working
        fetch = getattr(self.channel, "fetch_message", None)
        if fetch is None or self.message_id is None:
            return
        with contextlib.suppress(discord.HTTPException):
            message = await fetch(self.message_id)
            if asks_consent(message):  # still unanswered (an answer replaced the buttons)
                await lapse(message, self.lang)


def asks_consent(message: discord.Message) -> bool:
    return any(
        str(getattr(child, "custom_id", "")).startswith(CONSENT_PREFIX)
        for row in message.components
        for child in getattr(row, "children", [])
    )


async def lapse(message: discord.Message, lang: Lang) -> None:
    await message.edit(
        content=f"{message.content}\n{t(lang, 'undo.expired')}",
        view=None,
        allowed_mentions=NO_MENTIONS,
    )


async def ask_consent(interaction: discord.Interaction, lang: Lang, asked: UndoAsked) -> None:
    kept = asked.reminders.on  # a game with reminders (issue 33): its players are reminded
    view = ConsentView(lang, asked.request, kept)
    view.client = interaction.client
    minutes = int(CONSENT_TIMEOUT // 60)
    view.channel = interaction.channel
    text = render.asked(lang, asked, None if kept else minutes)
    view.message_id = await send(interaction, text, view=view)
    if kept and view.message_id is not None:
        await app_services(interaction).pace.ask_undo(
            asked,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            message_id=view.message_id,
            lang=lang,
        )


class UndoConsent(
    discord.ui.DynamicItem[discord.ui.Button],
    template=CONSENT_PREFIX
    + r"(?P<choice>allow|refuse):(?P<game>\d+):(?P<user>\d+):(?P<steps>\d+):(?P<seq>\d+)"
    + r"(?P<kept>:k)?",
):
    """Allow or refuse the undo a player asked for (the request is in the custom id; `:k`:
    a request that does not lapse, in a game with reminders)."""

    def __init__(
        self, choice: str, request: UndoRequest, label: str = "", kept: bool = False
    ) -> None:
        r = request
        super().__init__(
            discord.ui.Button(
                label=label or choice,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{CONSENT_PREFIX}{choice}:{r.game_id}:{r.requester_id}:{r.steps}"
                f":{r.newest_seq}" + (":k" if kept else ""),
            )
        )
        self.choice = choice
        self.request = request
        self.kept = kept

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        request = UndoRequest(
            int(match["game"]), int(match["user"]), int(match["steps"]), int(match["seq"])
        )
        return cls(match["choice"], request, item.label or "", bool(match["kept"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._answer(interaction)
        except Conflict as error:
            if error.key not in STALE:
                await on_tree_error(interaction, error)
                return
            lang = await lang_of(interaction)  # the request no longer stands: it goes
            content = interaction.message.content if interaction.message else ""
            await interaction.response.edit_message(
                content=f"{content}\n{t(lang, error.key)}", view=None, allowed_mentions=NO_MENTIONS
            )
        except Exception as error:  # answered like a command's error
            await on_tree_error(interaction, error)

    async def _answer(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        message = interaction.message
        if (
            not self.kept
            and message is not None
            and discord.utils.utcnow() - message.created_at > timedelta(seconds=CONSENT_TIMEOUT)
        ):
            content = f"{message.content}\n{t(lang, 'undo.expired')}"
            await interaction.response.edit_message(
                content=content, view=None, allowed_mentions=NO_MENTIONS
            )
            return
        games = app_services(interaction).games
        if self.choice == "refuse":
            await games.refuse_undo(call_of(interaction), self.request)
            text = render.refused(lang, interaction.user.id, self.request.requester_id)
            await interaction.response.edit_message(
                content=text, view=None, allowed_mentions=NO_MENTIONS
            )
            return
        done = await games.allow_undo(call_of(interaction), self.request)
        content = render.undone(lang, done)

        async def post(extra: list[discord.ui.Item]) -> int | None:  # 🎲 Draw next, if next
            await interaction.response.edit_message(
                content=content,
                view=next_step.joined(None, extra) if extra else None,
                allowed_mentions=NO_MENTIONS,
            )
            return message.id if message is not None else None

        await next_step.offer(interaction, post)
        await make_truthful(interaction, lang, done)


DYNAMIC_ITEMS = (UndoConsent,)
