"""`/shoot`: one weapon fired at one target, every die shown, tracked units updated."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.bot import ServicedBot
from cogs.game.options import ARMOUR_CHOICES, KIND_CHOICES, unit_autocomplete
from cogs.shooting.fire import fire
from cogs.shooting.options import (
    AMMO_CHOICES,
    BAND_CHOICES,
    COVER_CHOICES,
    MOTION_CHOICES,
    SHOOT_ORDER_CHOICES,
    shoot_mode_autocomplete,
    shoot_weapon_autocomplete,
)
from services.shooting import ShotOptions

DESCRIPTIONS = {
    "weapon": "The weapon fired (default: the shooter's only weapon; needed without a shooter)",
    "models": "How many models fire it (default: the shooter's models carrying it)",
    "mode": "Its firing mode, for weapons that have several",
    "shooter": "The firing unit of this game (its Acc, pins and order are used)",
    "target": (
        "The target unit of this game (default: the shooter's last target; it takes the hits)"
    ),
    "acc": "Shooter's Acc (needed without a shooter unit; overrides the unit's)",
    "res": (
        "Target's base Res, without armour (needed without a target unit; overrides the unit's)"
    ),
    "distance": "Distance to the target in inches (default: the last one, at the same target)",
    "band": "Range band, when no distance is given",
    "order": "The shooter's order (default: its activation's, else its current one, else Fire)",
    "cover": "The target's cover",
    "target_state": "What the target is doing: Down, running, sprinting (default: from the unit)",
    "modifier": "Any other Acc modifier the table agrees on (−10 to 10)",
    "targeters": "Targeter Probes marking the target (+1 Acc each, at most +3)",
    "spotter": (
        "A Spotter rerolls one missed Acc test, not a 10 (default: the shooter's Spotter Drone)"
    ),
    "res_rerolls": "Rerolls of failed Res tests: medic, medi-drone, medi-probe, leader 2",
    "ammo": "Special ammo (X-Launcher, X-Howitzer, Mag Mortar, X-Sling, Micro-X)",
    "armour": "The target's armour, added to its Res (default: the unit's, else none)",
    "target_kind": "The target's kind: vehicles, weapon drones, heavy weapons roll damage charts",
    "shield_drones": (
        "Target's Shield Drones, a D10 per hit (default: the unit's; extras no-shield: declined)"
    ),
    "force": "Host or GM: shoot out of sequence, without an activation (written to the log)",
    "pins": "Pins on the shooter (overhead drift; default: the unit's)",
    "target_models": "Models in an untracked target (caps the casualties)",
    "extras": (
        "More: large, batter-drone, blur:2, sensor, res+1, camo, structure, blind, hidden (secret)"
    ),
    "arcs": (
        'Arcs the line of fire crosses (OH: within 3" of its aim point); '
        "a d10 each per shot, 6–10 a miss"
    ),
}


# Discord's names of the options whose ShotOptions field is named otherwise
FIELDS = {"target_state": "motion", "res_rerolls": "rerolls", "target_kind": "kind"}
DASHED = ("target_state", "res_rerolls", "target_kind", "shield_drones", "target_models")


def shot_parameters(descriptions: dict[str, str]):
    """The option decorators `/shoot` and `/odds` share (names, choices, autocompletes):
    goes under ``@app_commands.command``, as each of them would."""

    def apply(command):
        command = app_commands.autocomplete(
            weapon=shoot_weapon_autocomplete,
            mode=shoot_mode_autocomplete,
            shooter=unit_autocomplete,
            target=unit_autocomplete,
        )(command)
        command = app_commands.choices(
            band=BAND_CHOICES,
            order=SHOOT_ORDER_CHOICES,
            cover=COVER_CHOICES,
            target_state=MOTION_CHOICES,
            ammo=AMMO_CHOICES,
            armour=ARMOUR_CHOICES,
            target_kind=KIND_CHOICES,
        )(command)
        command = app_commands.describe(**descriptions)(command)
        return app_commands.rename(**{name: name.replace("_", "-") for name in DASHED})(command)

    return apply


def shot_options(parameters: dict[str, Any], *, leave: tuple[str, ...] = ()) -> ShotOptions:
    """The ShotOptions of a command's parameters (its ``locals()`` before anything else),
    but ``self``, ``interaction`` and those it ``leave``s."""
    skip = {"self", "interaction", *leave}
    return ShotOptions(
        **{FIELDS.get(name, name): value for name, value in parameters.items() if name not in skip}
    )


class ShootCog(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="shoot", description="Fire a weapon: every die shown, damage applied"
    )
    @shot_parameters(DESCRIPTIONS)
    async def shoot(
        self,
        interaction: discord.Interaction,
        weapon: str | None = None,
        models: app_commands.Range[int, 1, 100] | None = None,
        mode: str | None = None,
        shooter: str | None = None,
        target: str | None = None,
        acc: app_commands.Range[int, 1, 20] | None = None,
        res: app_commands.Range[int, 1, 20] | None = None,
        distance: app_commands.Range[float, 0, 1000] | None = None,
        band: str | None = None,
        order: str | None = None,
        cover: str | None = None,
        target_state: str | None = None,
        modifier: app_commands.Range[int, -10, 10] = 0,
        targeters: app_commands.Range[int, 0, 10] = 0,
        spotter: bool | None = None,
        res_rerolls: str | None = None,
        ammo: str | None = None,
        armour: str | None = None,
        target_kind: str | None = None,
        shield_drones: app_commands.Range[int, 0, 10] | None = None,
        force: bool = False,
        pins: app_commands.Range[int, 0, 50] | None = None,
        target_models: app_commands.Range[int, 1, 100] | None = None,
        extras: str | None = None,
        arcs: app_commands.Range[int, 0, 5] = 0,
    ) -> None:
        await fire(interaction, shot_options(locals()))
