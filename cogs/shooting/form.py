"""The one form of a shot from the activation card (issue 31 §2), and the volley it fires.

The form (``ShotForm``) asks the target (a menu of the enemy's living units, the last target
first and chosen), the distance in inches (the last one written in) and, when the unit has
several weapons (or firing modes) left, which of them fire: all of them are chosen, the
first mode of each, since a unit's weapons engage one target (rules-notes "Shooting"). Its
custom id carries the game and the shooter, so its answer needs nothing kept in memory:
``FormCog`` answers every submitted form of this kind from the interaction alone, even one
opened before a restart (discord.py would drop it: forms are not dynamic items). The form
object is stopped before it is sent, and discord.py keeps nothing of it.

The answer fires the weapons chosen, each its own shot (``ShootingService.volley``), and the
card shows them (``cogs.common.cards``).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.ext import commands

from cogs.common.bot import ServicedBot, app_services
from cogs.common.cards import cards
from cogs.common.forms import answer_form, picked
from cogs.common.replies import lang_of
from cogs.game.options import call_of
from cogs.shooting import render_markers
from cogs.shooting.fire import inches
from cogs.shooting.render_aim import (
    form_title,
    parse_weapon,
    target_option,
    weapon_options,
    weapon_value,
)
from core.common.errors import BadInput
from locales import Lang, t
from services.shooting import Aim, AimWeapon, ShotOptions, parse_distance

FORM = re.compile(r"antares:shot:(?P<game>\d+):(?P<shooter>u\d+)")
TARGET, DISTANCE, WEAPONS = "target", "distance", "weapons"
PER_MENU = 25  # options in one menu (Discord's limit)
FORM_ROWS = 5  # questions of one form (Discord's limit): the targets take what is left
FIELD_MAX = 20


class ShotForm(discord.ui.Modal):
    """Target, distance and weapons of the unit's shot; ``FormCog`` answers it."""

    def __init__(self, lang: Lang, aim: Aim) -> None:
        shooter = aim.shooter
        super().__init__(
            title=form_title(lang, aim), custom_id=f"antares:shot:{aim.game_id}:{shooter.id}"
        )
        weapons = weapon_options(lang, aim)[:PER_MENU]
        menus = FORM_ROWS - 1 - (len(weapons) > 1)  # the targets' menus, the last target first
        targets = aim.targets[: menus * PER_MENU]
        last = targets[0].id if targets[0].id == shooter.last_target_id else None
        chosen = last or (targets[0].id if len(targets) == 1 else None)
        pages = [targets[n : n + PER_MENU] for n in range(0, len(targets), PER_MENU)]
        for number, page in enumerate(pages):
            options = [target_option(lang, aim, unit) for unit in page]
            for option in options:
                option.default = option.value == chosen
            target: discord.ui.Select[ShotForm] = discord.ui.Select(
                custom_id=f"{TARGET}{number or ''}",
                options=options,
                placeholder=t(lang, "shoot.aim_target_menu"),
                required=len(pages) == 1,
                min_values=1 if len(pages) == 1 else 0,
            )
            text = t(lang, "card.form_target")
            if len(pages) > 1:  # several menus: which targets each holds
                first = number * PER_MENU + 1
                text = t(lang, "card.form_targets", first=first, last=first + len(page) - 1)
            self.add_item(discord.ui.Label(text=text, component=target))
        known = shooter.last_distance if last is not None else None
        distance: discord.ui.TextInput[ShotForm] = discord.ui.TextInput(
            custom_id=DISTANCE,
            placeholder=t(lang, "shoot.distance_placeholder"),
            default=inches(known) if known is not None else None,
            max_length=FIELD_MAX,
        )
        self.add_item(discord.ui.Label(text=t(lang, "shoot.distance_label"), component=distance))
        if len(weapons) > 1:
            firing = {weapon_value(w) for w in first_modes(aim)}
            for option in weapons:
                option.default = option.value in firing
            menu: discord.ui.Select[ShotForm] = discord.ui.Select(
                custom_id=WEAPONS,
                options=weapons,
                min_values=1,
                max_values=len(weapons),
                placeholder=t(lang, "shoot.aim_weapon_menu"),
            )
            self.add_item(discord.ui.Label(text=t(lang, "card.form_weapons"), component=menu))
        self.stop()  # answered from its custom id by FormCog, not from memory


def first_modes(aim: Aim) -> list[AimWeapon]:
    """Each weapon left once, in its first firing mode: what fires unless chosen otherwise."""
    seen: dict[str, AimWeapon] = {}
    for weapon in aim.weapons:
        seen.setdefault(weapon.weapon, weapon)
    return list(seen.values())


async def fire_volley(
    interaction: discord.Interaction,
    aim: Aim,
    target_id: str,
    distance: float,
    weapons: list[AimWeapon],
) -> None:
    """Fire `weapons` of the aim's unit at the target, each its own shot, and show them on
    the card."""
    lang = await lang_of(interaction)
    game, shooter = aim.game_id, aim.shooter.id
    shots = [
        ShotOptions(
            shooter=f"{game}:{shooter}",
            target=f"{game}:{target_id}",
            weapon=weapon.weapon,
            mode=weapon.mode,
            distance=distance,
        )
        for weapon in weapons
    ]

    def where(target: str | None, at: int | None) -> str:
        return render_markers.location(lang, target, at)

    volley = await app_services(interaction).shooting.volley(
        call_of(interaction), game, shooter, shots, where
    )
    await cards(interaction).shot(interaction, volley)


class FormCog(commands.Cog):
    """Answers the shot forms (a listener: forms have no persistent dispatch)."""

    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_form(interaction, FORM, self._fire)

    async def _fire(
        self, interaction: discord.Interaction, match: re.Match[str], given: dict[str, Any]
    ) -> None:
        distance = parse_distance(str(given.get(DISTANCE) or ""))
        targets = picked(given, TARGET)
        if len(targets) != 1:  # none, or one in each of several menus
            raise BadInput("card.no_target" if not targets else "card.one_target")
        shooting = app_services(interaction).shooting
        aim = await shooting.aim(call_of(interaction), int(match["game"]), match["shooter"])
        chosen = given.get(WEAPONS)
        if chosen is None:  # one weapon left: no menu
            weapons = first_modes(aim)
        else:
            weapons = [aim.weapon(*parse_weapon(str(value))) for value in chosen]
        # the shot refuses a target destroyed or gone since the form opened
        await fire_volley(interaction, aim, str(targets[0]), distance, weapons)
