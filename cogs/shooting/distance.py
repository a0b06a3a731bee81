"""The distance form of 🎯 Shoot: one text field, then the shot, as `/shoot` would fire it.

A form's custom id carries the game, the shooter, the target, the weapon and the mode, so
its answer needs nothing kept in memory: ``DistanceCog`` answers every submitted form of
this kind from the interaction alone, even one opened before a restart (discord.py would
drop it: forms are not dynamic items). The form object is therefore stopped before it is
sent, and discord.py keeps nothing of it. The field is prefilled with the distance the
shooter last shot at this target from, when known.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord
from discord.ext import commands

from cogs.common.bot import ServicedBot
from cogs.common.errors import on_tree_error
from cogs.shooting.fire import fire, inches
from cogs.shooting.render_aim import NO_MODE, form_title
from locales import Lang, t
from services.shooting import Aim, AimWeapon, ShotOptions, parse_distance

FORM = re.compile(
    r"antares:aimd:(?P<game>\d+):(?P<shooter>u\d+):(?P<target>u\d+)"
    r":(?P<weapon>[^:]+):(?P<mode>[^:]+)"
)
FIELD = "distance"
FIELD_MAX = 20


class DistanceForm(discord.ui.Modal):
    """How far the target is (inches); ``DistanceCog`` answers it."""

    def __init__(self, lang: Lang, aim: Aim, weapon: AimWeapon, target) -> None:
        shooter = aim.shooter
        custom_id = (
            f"antares:aimd:{aim.game_id}:{shooter.id}:{target.id}"
            f":{weapon.weapon}:{weapon.mode or NO_MODE}"
        )
        super().__init__(title=form_title(lang, aim, target), custom_id=custom_id)
        known = shooter.last_distance if shooter.last_target_id == target.id else None
        field: discord.ui.TextInput[DistanceForm] = discord.ui.TextInput(
            custom_id=FIELD,
            placeholder=t(lang, "shoot.distance_placeholder"),
            default=inches(known) if known is not None else None,
            max_length=FIELD_MAX,
        )
        self.add_item(discord.ui.Label(text=t(lang, "shoot.distance_label"), component=field))
        self.stop()  # answered from its custom id by DistanceCog, not from memory


def typed(components: list[dict[str, Any]]) -> str:
    """The text of the distance field in a submitted form (in a label or an action row)."""
    for component in components:
        if component.get("custom_id") == FIELD:
            return str(component.get("value") or "")
        inner = component.get("components") or []
        if component.get("component"):
            inner = [component["component"], *inner]
        found = typed(inner)
        if found:
            return found
    return ""


def options_of(match: re.Match[str], distance: float) -> ShotOptions:
    game = match["game"]
    return ShotOptions(
        shooter=f"{game}:{match['shooter']}",
        target=f"{game}:{match['target']}",
        weapon=match["weapon"],
        mode=None if match["mode"] == NO_MODE else match["mode"],
        distance=distance,
    )


class DistanceCog(commands.Cog):
    """Answers the distance forms (a listener: forms have no persistent dispatch)."""

    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Mapping[str, Any] = interaction.data or {}
        match = FORM.fullmatch(str(data.get("custom_id", "")))
        if match is None:
            return
        try:
            distance = parse_distance(typed(data.get("components", [])))
            await fire(interaction, options_of(match, distance))
        except Exception as error:  # answered like a command's error
            await on_tree_error(interaction, error)
