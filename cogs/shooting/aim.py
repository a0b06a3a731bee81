"""🎯 Shoot under a Fire or Advance order (issue 22): weapon, target, distance, then the shot.

The button asks, in a message only the clicker sees, for the weapon (a menu of the unit's
weapons, skipped when it has one) and the target (a menu of the enemy's living units, ◀ ▶
when they are more than a menu holds); the target opens the distance form
(``cogs.shooting.distance``), whose answer shoots as `/shoot` does (``cogs.shooting.fire``).
Every item is a ``DynamicItem`` whose custom id carries the game, the unit and what was
chosen so far: each step reads the game again (``ShootingService.aim``: only the unit's
owner, the host or a GM), so a step answered after a restart, or after the game moved on,
is checked like the first.
"""

from __future__ import annotations

import discord

from cogs.common.bot import app_services
from cogs.common.errors import answers_errors
from cogs.common.replies import lang_of, send
from cogs.game.options import call_of
from cogs.shooting import render_aim
from cogs.shooting.distance import DistanceForm
from cogs.shooting.render_aim import NO_MODE, parse_weapon
from locales import Lang, t
from services.shooting import Aim, AimWeapon

PER_PAGE = 25  # options in one menu (Discord's limit)
UNIT = r"(?P<game>\d+):(?P<unit>u\d+)"
WEAPON = r"(?P<weapon>[^:]+):(?P<mode>[^:]+)"


async def aim_of(interaction: discord.Interaction, game_id: int, unit_id: str) -> Aim:
    return await app_services(interaction).shooting.aim(call_of(interaction), game_id, unit_id)


def weapon_step(lang: Lang, aim: Aim) -> tuple[str, discord.ui.View]:
    view = discord.ui.View(timeout=None)
    options = render_aim.weapon_options(lang, aim)[:PER_PAGE]
    menu = t(lang, "shoot.aim_weapon_menu")
    view.add_item(WeaponPick(aim.game_id, aim.shooter.id, options, menu))
    return render_aim.weapon_prompt(lang, aim), view


def target_step(lang: Lang, aim: Aim, weapon: AimWeapon, page: int) -> tuple[str, discord.ui.View]:
    """The menu of one page of targets, and ◀ ▶ when there are several pages."""
    pages = (len(aim.targets) - 1) // PER_PAGE + 1
    page = max(0, min(page, pages - 1))
    first = page * PER_PAGE
    shown = aim.targets[first : first + PER_PAGE]
    view = discord.ui.View(timeout=None)
    ids = (aim.game_id, aim.shooter.id, weapon.weapon, weapon.mode or NO_MODE)
    options = [render_aim.target_option(lang, aim, unit) for unit in shown]
    view.add_item(TargetPick(*ids, options, t(lang, "shoot.aim_target_menu")))
    if pages > 1:
        for arrow, to in (("prev", page - 1), ("next", page + 1)):
            turn = TargetPage(*ids, max(0, min(to, pages - 1)), arrow)
            turn.item.disabled = not 0 <= to < pages
            view.add_item(turn)
    return render_aim.target_prompt(lang, aim, weapon, first, len(shown)), view


async def first_step(interaction: discord.Interaction, aim: Aim) -> None:
    lang = await lang_of(interaction)
    if len(aim.weapons) == 1:
        content, view = target_step(lang, aim, aim.weapons[0], 0)
    else:
        content, view = weapon_step(lang, aim)
    await send(interaction, content, view=view, ephemeral=True)


class ShootButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"antares:shoot:{UNIT}"):
    """🎯 Shoot: the questions of a shot by this unit."""

    def __init__(self, game_id: int, unit_id: str, label: str = "Shoot") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🎯",
                style=discord.ButtonStyle.success,
                custom_id=f"antares:shoot:{game_id}:{unit_id}",
            )
        )
        self.game_id, self.unit_id = game_id, unit_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["unit"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await first_step(interaction, await aim_of(interaction, self.game_id, self.unit_id))


class WeaponPick(discord.ui.DynamicItem[discord.ui.Select], template=rf"antares:aimw:{UNIT}"):
    """The weapon (and firing mode) of the shot; the targets follow."""

    def __init__(
        self,
        game_id: int,
        unit_id: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"antares:aimw:{game_id}:{unit_id}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
            )
        )
        self.game_id, self.unit_id = game_id, unit_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["unit"], list(item.options))

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        aim = await aim_of(interaction, self.game_id, self.unit_id)
        chosen = aim.weapon(*parse_weapon(self.item.values[0] if self.item.values else ""))
        content, view = target_step(await lang_of(interaction), aim, chosen, 0)
        await interaction.response.edit_message(content=content, view=view)


class TargetPick(
    discord.ui.DynamicItem[discord.ui.Select], template=rf"antares:aimt:{UNIT}:{WEAPON}"
):
    """The target of the shot; the distance form follows."""

    def __init__(
        self,
        game_id: int,
        unit_id: str,
        weapon: str,
        mode: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"antares:aimt:{game_id}:{unit_id}:{weapon}:{mode}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
            )
        )
        self.game_id, self.unit_id, self.weapon = game_id, unit_id, f"{weapon}:{mode}"

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        ids = (int(match["game"]), match["unit"], match["weapon"], match["mode"])
        return cls(*ids, list(item.options))

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        aim = await aim_of(interaction, self.game_id, self.unit_id)
        weapon = aim.weapon(*parse_weapon(self.weapon))
        target = aim.target(self.item.values[0] if self.item.values else "")
        form = DistanceForm(await lang_of(interaction), aim, weapon, target)
        await interaction.response.send_modal(form)


class TargetPage(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"antares:aimp:{UNIT}:{WEAPON}:(?P<page>\d+):(?P<arrow>prev|next)",
):
    """◀ or ▶: another page of targets (the game read again)."""

    def __init__(
        self, game_id: int, unit_id: str, weapon: str, mode: str, page: int, arrow: str
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label="◀" if arrow == "prev" else "▶",
                style=discord.ButtonStyle.secondary,
                custom_id=f"antares:aimp:{game_id}:{unit_id}:{weapon}:{mode}:{page}:{arrow}",
            )
        )
        self.game_id, self.unit_id, self.weapon, self.page = game_id, unit_id, weapon, page
        self.mode = mode

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        ids = (int(match["game"]), match["unit"], match["weapon"], match["mode"])
        return cls(*ids, int(match["page"]), match["arrow"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        aim = await aim_of(interaction, self.game_id, self.unit_id)
        weapon = aim.weapon(*parse_weapon(f"{self.weapon}:{self.mode}"))
        content, view = target_step(await lang_of(interaction), aim, weapon, self.page)
        await interaction.response.edit_message(content=content, view=view)


AIM_ITEMS = (ShootButton, WeaponPick, TargetPick, TargetPage)
