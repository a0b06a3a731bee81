"""The buttons of `/event`, `DynamicItem`s whose custom ids carry what they act on, registered
in the cog's setup, so they work after a restart:
- Join, under an event's announcement: joining answers the member alone; a refusal (joined
  already, rounds begun) too, in their language;
- ▶ Start the game, in a table's thread: the table's game, for the event's campaign, with
  dice down where the round timer says (`/game dice-down`, issue 33)."""

from __future__ import annotations

import discord

from cogs.common.actors import call_of
from cogs.common.bot import app_services
from cogs.common.errors import answers_errors
from cogs.common.replies import lang_of, send
from cogs.common.text import plain
from cogs.game import render as game_render
from cogs.pace.render import dice_down_set_text
from locales import Lang, t

JOIN_PREFIX = "antares:event:join:"
TABLE_PREFIX = "antares:event:table:"


def join_view(lang: Lang, event_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinEvent(event_id, t(lang, "tournament.join_button")))
    return view


class JoinEvent(
    discord.ui.DynamicItem[discord.ui.Button],
    template=JOIN_PREFIX + r"(?P<event>\d+)",
):
    def __init__(self, event_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Join",
                style=discord.ButtonStyle.success,
                custom_id=f"{JOIN_PREFIX}{event_id}",
            )
        )
        self.event_id = event_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["event"]), item.label or "")

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        services = app_services(interaction)
        joined = await services.tournaments.join(call_of(interaction), str(self.event_id))
        lang = await lang_of(interaction)
        text = t(
            lang, "tournament.joined", event=plain(joined.name), count=len(joined.event.active)
        )
        await send(interaction, text, ephemeral=True)


def table_view(lang: Lang, event_id: int, number: int, table: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(StartTable(event_id, number, table, t(lang, "tournament.start_button")))
    return view


class StartTable(
    discord.ui.DynamicItem[discord.ui.Button],
    template=TABLE_PREFIX + r"(?P<event>\d+):(?P<round>\d+):(?P<table>\d+)",
):
    def __init__(self, event_id: int, number: int, table: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Start the game",
                style=discord.ButtonStyle.primary,
                custom_id=f"{TABLE_PREFIX}{event_id}:{number}:{table}",
            )
        )
        self.event_id, self.number, self.table = event_id, number, table

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["event"]), int(match["round"]), int(match["table"]), item.label or "")

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        services = app_services(interaction)
        call = call_of(interaction)
        game = await services.tournaments.table_game(call, self.event_id, self.number, self.table)
        # dice down as the round's time left says, set with the game: one transaction
        timer = None if game.minutes is None else services.pace.round_timer(game.minutes)
        _, state, linked = await services.campaign_games.start(
            call, game.name, str(game.campaign_id), then=timer.then if timer else None
        )
        lang = await lang_of(interaction)
        text = game_render.started(lang, state, linked)
        if timer is not None:
            timer.committed()
            text += "\n" + dice_down_set_text(lang, state.name, timer.at)
        await send(interaction, text)


DYNAMIC_ITEMS = (JoinEvent, StartTable)
