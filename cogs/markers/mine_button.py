"""💣 Set off a mine, on the activation card and the ⚡ reaction card (issue 31 leftover).

Seeds 000/002/003 "POSER DES GRENADES EN TANT QUE MINES": a mine's owner may set it off when
an enemy unit acts or reacts within 5", before that action ends. A card whose unit was given
an order (it acts) or reacted (it reacts) carries this button while another player has a
mine that may go off (``CardOffer.mines``, from the rules' ``mines_against``). Its custom id
carries the game and the acting unit, so it works after a restart; each click reads the game
again (``MarkerService.set_off``): only an owner of such a mine may use it (the host and game
masters too are refused, as `/mine trigger` refuses them), and a stale click (the mine gone,
the unit destroyed, the game over) is refused before any form opens.

The click opens one form (``MineForm``): the clicker's mine (chosen when it is the only one),
the other units within 5" (optional, at most five, as `/mine trigger others:`) and their
cover (one for all). Its answer is read from its custom id by ``MineFormCog`` (forms are not
dynamic items), even across a restart, and goes through the same ``MarkerService.trigger``
as `/mine trigger`: one event, undone by `/game undo`; its reply shows every die.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ext import commands

from cogs.common.bot import ServicedBot, app_services
from cogs.common.errors import answers_errors
from cogs.common.forms import answer_form, picked
from cogs.common.replies import lang_of
from cogs.common.text import ellipsize
from cogs.game import next_step
from cogs.game.options import call_of
from cogs.markers import mine_render
from cogs.markers.options import MINE_EMOJI
from cogs.markers.render import weapon_name
from cogs.shooting.render_aim import OPTION_TEXT, TITLE_LIMIT
from cogs.shooting.render_drift import unit_option
from core.antares.table_markers.mines import COVERS, TARGETS_MAX
from core.antares.table_markers.models import Mine
from core.common.errors import BadInput
from locales import Lang, t
from services.markers import MineAim

PREFIX = "antares:mine:"
FORM = re.compile(r"antares:mine-form:(?P<game>\d+):(?P<unit>u\d+)")
MINE, OTHERS, COVER = "mine", "others", "cover"
PER_MENU = 25  # options in one menu (Discord's limit)
OTHER_MENUS = 3  # a form holds five questions: the mine, the cover, and these
OTHERS_MAX = TARGETS_MAX - 1  # as `/mine trigger others:` (the acting unit and five others)


class MineButton(
    discord.ui.DynamicItem[discord.ui.Button], template=PREFIX + r"(?P<game>\d+):(?P<unit>u\d+)"
):
    """💣 Set off a mine as this unit acts: its click opens the form, or says why not."""

    def __init__(self, game_id: int, unit_id: str, label: str = "Set off a mine") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=MINE_EMOJI,
                style=discord.ButtonStyle.danger,
                custom_id=f"{PREFIX}{game_id}:{unit_id}",
            )
        )
        self.game_id, self.unit_id = game_id, unit_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["unit"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        markers = app_services(interaction).markers
        aim = await markers.set_off(call_of(interaction), self.game_id, self.unit_id)
        await interaction.response.send_modal(MineForm(await lang_of(interaction), aim))


def mine_button(lang: Lang, game_id: int, unit_id: str, offered: bool) -> list[discord.ui.Item]:
    """The card's 💣 for the unit acting, when the services say a mine may go off."""
    if not offered:
        return []
    return [MineButton(game_id, unit_id, t(lang, "mine.set_off_button"))]


class MineForm(discord.ui.Modal):
    """The mine, the other units within 5" and their cover; ``MineFormCog`` answers it."""

    def __init__(self, lang: Lang, aim: MineAim) -> None:
        title = ellipsize(t(lang, "mine.set_off_title", unit=aim.unit.name), TITLE_LIMIT)
        super().__init__(title=title, custom_id=f"antares:mine-form:{aim.game_id}:{aim.unit.id}")
        mines = [mine_option(m, only=len(aim.mines) == 1) for m in aim.mines[:PER_MENU]]
        menu: discord.ui.Select[MineForm] = discord.ui.Select(
            custom_id=MINE, options=mines, placeholder=t(lang, "mine.set_off_mine_menu")
        )
        self.add_item(discord.ui.Label(text=t(lang, "mine.set_off_mine"), component=menu))
        units = aim.others[: OTHER_MENUS * PER_MENU]
        pages = [units[n : n + PER_MENU] for n in range(0, len(units), PER_MENU)]
        for number, page in enumerate(pages):
            others: discord.ui.Select[MineForm] = discord.ui.Select(
                custom_id=f"{OTHERS}{number or ''}",
                options=[unit_option(lang, unit) for unit in page],
                placeholder=t(lang, "mine.set_off_others_menu"),
                required=False,
                min_values=0,
                max_values=min(OTHERS_MAX, len(page)),
            )
            text = t(lang, "mine.set_off_others")
            if len(pages) > 1:  # several menus: which units each holds
                first = number * PER_MENU + 1
                text = t(lang, "mine.set_off_others_some", first=first, last=first + len(page) - 1)
            self.add_item(discord.ui.Label(text=text, component=others))
        cover: discord.ui.Select[MineForm] = discord.ui.Select(
            custom_id=COVER,
            options=[
                discord.SelectOption(
                    label=t(lang, f"mine.set_off_cover_{word}"), value=word, default=word == "none"
                )
                for word in COVERS
            ],
        )
        self.add_item(discord.ui.Label(text=t(lang, "mine.set_off_cover"), component=cover))
        self.stop()  # answered from its custom id by MineFormCog, not from memory


def mine_option(mine: Mine, *, only: bool) -> discord.SelectOption:
    """A mine of the clicker: its number and the unit that laid it; where, and its grenades."""
    place = " · ".join(p for p in (mine.location, weapon_name(mine.weapon)) if p)
    return discord.SelectOption(
        label=ellipsize(f"#{mine.number} {mine.unit_name}", OPTION_TEXT),
        value=mine.id,
        description=ellipsize(place, OPTION_TEXT) or None,
        emoji=MINE_EMOJI,
        default=only,
    )


class MineFormCog(commands.Cog):
    """Answers the 💣 forms (a listener: forms have no persistent dispatch)."""

    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_form(interaction, FORM, set_off)


async def set_off(
    interaction: discord.Interaction, match: re.Match[str], given: dict[str, Any]
) -> None:
    """The mine goes off as `/mine trigger` sets it off: the same service, the same reply."""
    game, unit = match["game"], match["unit"]
    chosen = list(given.get(MINE) or [])
    if len(chosen) != 1:
        raise BadInput("mine.set_off_no_mine")
    others = picked(given, OTHERS)
    cover = next(iter(given.get(COVER) or []), None)
    done = await app_services(interaction).markers.trigger(
        call_of(interaction),
        f"{game}:{chosen[0]}",
        f"{game}:{unit}",
        [f"{game}:{other}" for other in others],
        cover,
    )
    await next_step.reply(
        interaction, embed=mine_render.triggered(await lang_of(interaction), done)
    )
