"""💥 A drifted overhead template on a shot's reply: its hits, where it landed.

An overhead template that missed drifts; the table sees which unit it now covers. Each such
template of a tracked shot gets, on the shot's reply or card, a menu "Where did template n
land?" (`cogs.shooting.drift_land`, issue 31 §2). When the units are more than a menu
holds, or the reply is the shooter's alone (hidden), the template gets a 💥 button instead
(``buttons``, here): clicking it asks, in a message only the clicker sees, which unit it
covers (◀ ▶ through the pages), and the pick replies with the story. Every item is a
``DynamicItem`` whose custom id carries the game, the shot's event and the template: each
step reads the game and its log again, so a stale menu is refused.
"""

from __future__ import annotations

import discord

from cogs.common.bot import app_services
from cogs.common.errors import answers_errors
from cogs.common.replies import lang_of, send
from cogs.game import next_step
from cogs.game.options import call_of
from cogs.shooting import pages, render_drift
from cogs.shooting.render_shot import unit_colour
from locales import Lang, t
from services.shooting import DriftAim, ShotRecord, resolvable_drifts

PER_PAGE = 25  # options in one menu (Discord's limit)
NOWHERE = "-"  # No unit's value (a unit's id is `u<n>`)
SHOT = r"(?P<game>\d+):(?P<seq>\d+):(?P<template>\d+)"


def buttons(lang: Lang, record: ShotRecord) -> list[discord.ui.Item]:
    """A button per drifted template of a tracked shot (none for an untracked one)."""
    if record.game_id is None or record.event_seq is None or record.shooter is None:
        return []
    ids = (record.game_id, record.event_seq)
    return [
        DriftButton(*ids, index, t(lang, "shoot.drift_button", index=index))
        for index in resolvable_drifts(record.result)
    ]


def menu(lang: Lang, aim: DriftAim, page: int) -> tuple[str, discord.ui.View]:
    """One page of the living units, and ◀ ▶ when there are several pages."""
    pages_count = (len(aim.units) - 1) // PER_PAGE + 1
    page = max(0, min(page, pages_count - 1))
    first = page * PER_PAGE
    shown = aim.units[first : first + PER_PAGE]
    view = discord.ui.View(timeout=None)
    ids = (aim.game_id, aim.shot_seq, aim.template)
    options = [render_drift.unit_option(lang, unit) for unit in shown]
    view.add_item(DriftPick(*ids, options, t(lang, "shoot.drift_ask_menu")))
    if pages_count > 1:
        for arrow, to in (("prev", page - 1), ("next", page + 1)):
            turn = DriftPage(*ids, max(0, min(to, pages_count - 1)), arrow)
            turn.item.disabled = not 0 <= to < pages_count
            view.add_item(turn)
    return render_drift.ask(lang, aim, first, len(shown)), view


async def aim_of(interaction: discord.Interaction, game: int, seq: int, index: int) -> DriftAim:
    return await app_services(interaction).shooting.drift_aim(
        call_of(interaction), game, seq, index
    )


class DriftButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"antares:drift:{SHOT}"):
    """💥 Template n drifted: which unit does it cover now?"""

    def __init__(self, game_id: int, seq: int, index: int, label: str = "Drifted") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="💥",
                style=discord.ButtonStyle.primary,
                custom_id=f"antares:drift:{game_id}:{seq}:{index}",
            )
        )
        self.ids = (game_id, seq, index)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), int(match["seq"]), int(match["template"]), item.label)

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        aim = await aim_of(interaction, *self.ids)
        content, view = menu(await lang_of(interaction), aim, 0)
        await send(interaction, content, view=view, ephemeral=True)


class DriftPick(discord.ui.DynamicItem[discord.ui.Select], template=rf"antares:driftu:{SHOT}"):
    """The unit the template now covers: its hits are resolved there, in public."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        index: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"antares:driftu:{game_id}:{seq}:{index}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
            )
        )
        self.ids = (game_id, seq, index)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        ids = (int(match["game"]), int(match["seq"]), int(match["template"]))
        return cls(*ids, list(item.options))

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        unit = self.item.values[0] if self.item.values else ""
        shooting = app_services(interaction).shooting
        record = await shooting.resolve_drift(call_of(interaction), *self.ids, unit)
        lang = await lang_of(interaction)
        title, lines = render_drift.story(lang, record)
        colour = unit_colour(record.shooter)
        await next_step.offer(
            interaction,
            lambda extra: pages.reply(interaction, lang, title, lines, colour, extra),
        )


class DriftPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"antares:driftp:{SHOT}:(?P<page>\d+):(?P<arrow>prev|next)",
):
    """◀ or ▶: another page of units (the game read again)."""

    def __init__(self, game_id: int, seq: int, index: int, page: int, arrow: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="◀" if arrow == "prev" else "▶",
                style=discord.ButtonStyle.secondary,
                custom_id=f"antares:driftp:{game_id}:{seq}:{index}:{page}:{arrow}",
            )
        )
        self.ids, self.page = (game_id, seq, index), page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        ids = (int(match["game"]), int(match["seq"]), int(match["template"]))
        return cls(*ids, int(match["page"]), match["arrow"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        aim = await aim_of(interaction, *self.ids)
        content, view = menu(await lang_of(interaction), aim, self.page)
        await interaction.response.edit_message(content=content, view=view)


DRIFT_ITEMS = (DriftButton, DriftPick, DriftPage)  # and drift_land.DriftLand
