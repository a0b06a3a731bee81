"""🎯 Shoot and 🔁 on the activation card (issue 31 §2): the unit's shot in one form, or again.

🎯 opens one form (``cogs.shooting.form``): the target (a menu, the last target first and
chosen), the distance (the last one written in) and, when the unit has several weapons left,
which of them fire (all chosen: a unit's weapons engage one target). 🔁 fires the weapons left
at the target and distance its custom id carries (the unit's last shot) in one tap. Both are
``DynamicItem``s whose custom ids carry the game and the unit (and 🔁 the target and distance):
each click reads the game again (``ShootingService.aim``: only the unit's owner, the host or
a GM; a stale one, whose activation is over or whose weapons all fired, is refused at the
click, before any form opens).
"""

from __future__ import annotations

import discord

from cogs.common.bot import app_services
from cogs.common.cards import REPEAT_PREFIX, SHOOT_PREFIX
from cogs.common.errors import answers_errors
from cogs.common.replies import lang_of
from cogs.game.options import call_of
from cogs.shooting.fire import inches
from cogs.shooting.form import ShotForm, fire_volley, first_modes
from cogs.shooting.render_aim import repeat_label
from locales import Lang
from services.shooting import Aim, parse_distance

UNIT = r"(?P<game>\d+):(?P<unit>u\d+)"


async def aim_of(interaction: discord.Interaction, game_id: int, unit_id: str) -> Aim:
    return await app_services(interaction).shooting.aim(call_of(interaction), game_id, unit_id)


class ShootButton(discord.ui.DynamicItem[discord.ui.Button], template=SHOOT_PREFIX + UNIT):
    """🎯 Shoot: the one form of a shot by this unit."""

    def __init__(self, game_id: int, unit_id: str, label: str = "Shoot") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🎯",
                style=discord.ButtonStyle.success,
                custom_id=f"{SHOOT_PREFIX}{game_id}:{unit_id}",
            )
        )
        self.game_id, self.unit_id = game_id, unit_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["unit"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        aim = await aim_of(interaction, self.game_id, self.unit_id)
        await interaction.response.send_modal(ShotForm(await lang_of(interaction), aim))


class Repeat(
    discord.ui.DynamicItem[discord.ui.Button],
    template=REPEAT_PREFIX + UNIT + r":(?P<target>u\d+):(?P<distance>[0-9.]+)",
):
    """🔁 The unit's weapons left, at its last target and distance, in one tap."""

    def __init__(
        self, game_id: int, unit_id: str, target_id: str, distance: str, label: str = "Again"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🔁",
                style=discord.ButtonStyle.primary,
                custom_id=f"{REPEAT_PREFIX}{game_id}:{unit_id}:{target_id}:{distance}",
            )
        )
        self.game_id, self.unit_id, self.target_id = game_id, unit_id, target_id
        self.distance = distance

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["unit"], match["target"], match["distance"])

    @classmethod
    def of(cls, lang: Lang, aim: Aim) -> Repeat | None:
        """The button when the unit remembers a target still standing and its distance."""
        shooter = aim.shooter
        target = next((u for u in aim.targets if u.id == shooter.last_target_id), None)
        if target is None or shooter.last_distance is None:
            return None
        reach = inches(shooter.last_distance)
        label = repeat_label(lang, target, shooter.last_distance)
        return cls(aim.game_id, shooter.id, target.id, reach, label)

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        aim = await aim_of(interaction, self.game_id, self.unit_id)
        distance = parse_distance(self.distance)  # the shot refuses a target gone since
        await fire_volley(interaction, aim, self.target_id, distance, first_modes(aim))


AIM_ITEMS = (ShootButton, Repeat)
