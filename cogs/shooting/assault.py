"""`/assault`: one round of close combat, both sides striking, tracked units updated. A tracked
enemy defender that may react is asked first, on a ⚡ card, as a shot's target is
(``services.shooting.reaction``); the round is fought once its player answers."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.bot import ServicedBot, app_services
from cogs.common.cards import cards
from cogs.common.replies import lang_of
from cogs.game import next_step
from cogs.game.options import call_of, unit_autocomplete
from cogs.shooting import pages, render_combat, render_shot
from cogs.shooting.options import (
    D_SPINNER_CHOICES,
    defender_mode_autocomplete,
    h2h_mode_autocomplete,
    h2h_weapon_autocomplete,
)
from services.shooting import CombatOptions, ReactionAsked, StrikeOptions

SIDE_HELP = "A unit of this game, or stats: str 5 res 6 models 3 (reflex, vehicle…)"
DESCRIPTIONS = {
    "attacker": f"The side that charges. {SIDE_HELP}",
    "defender": f"The side charged. {SIDE_HELP}",
    "weapon": "The attacker's close-combat weapon (default: bare hands, SV 0)",
    "mode": "Its mode, for weapons that have several",
    "attacks": "Attacks per attacking model (default: the weapon's, else 1)",
    "modifier": "Any other Str modifier of the attacker (−10 to 10)",
    "d_spinner": "Attacker's D-Spinner this round: Res +2, or SV 2 counted as a grenade",
    "res_rerolls": "Attacker's rerolls of failed Res tests: medic, medi-drone, leader 2",
    "defender_weapon": "The defender's close-combat weapon (default: bare hands, SV 0)",
    "defender_mode": "Its mode, for weapons that have several",
    "defender_attacks": "Attacks per defending model (default: the weapon's, else 1)",
    "defender_modifier": "Any other Str modifier of the defender (−10 to 10)",
    "defender_d_spinner": "Defender's D-Spinner this round: Res +2, or SV 2 as a grenade",
    "defender_res_rerolls": "Defender's rerolls of failed Res tests: medic, medi-drone, leader 2",
    "round": "Which round of this fight (a draw fights again, up to the ruleset's most rounds)",
    "exception": (
        "A special rule lets this weapon drone or probe fight (“sauf exception”; kept in the log)"
    ),
}
RENAMES = {
    "d_spinner": "d-spinner",
    "res_rerolls": "res-rerolls",
    "defender_weapon": "defender-weapon",
    "defender_mode": "defender-mode",
    "defender_attacks": "defender-attacks",
    "defender_modifier": "defender-modifier",
    "defender_d_spinner": "defender-d-spinner",
    "defender_res_rerolls": "defender-res-rerolls",
}
Attacks = app_commands.Range[int, 1, 10]
Modifier = app_commands.Range[int, -10, 10]


class AssaultCog(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @app_commands.command(name="assault", description="One round of close combat, both sides")
    @app_commands.rename(**RENAMES)
    @app_commands.describe(**DESCRIPTIONS)
    @app_commands.choices(d_spinner=D_SPINNER_CHOICES, defender_d_spinner=D_SPINNER_CHOICES)
    @app_commands.autocomplete(
        attacker=unit_autocomplete,
        defender=unit_autocomplete,
        weapon=h2h_weapon_autocomplete,
        mode=h2h_mode_autocomplete,
        defender_weapon=h2h_weapon_autocomplete,
        defender_mode=defender_mode_autocomplete,
    )
    async def assault(
        self,
        interaction: discord.Interaction,
        attacker: str,
        defender: str,
        weapon: str | None = None,
        mode: str | None = None,
        attacks: Attacks | None = None,
        modifier: Modifier = 0,
        d_spinner: str | None = None,
        res_rerolls: str | None = None,
        defender_weapon: str | None = None,
        defender_mode: str | None = None,
        defender_attacks: Attacks | None = None,
        defender_modifier: Modifier = 0,
        defender_d_spinner: str | None = None,
        defender_res_rerolls: str | None = None,
        round: app_commands.Range[int, 1, 5] = 1,
        exception: bool = False,
    ) -> None:
        options = CombatOptions(
            attacker=attacker,
            defender=defender,
            attack=StrikeOptions(weapon, mode, attacks, modifier, d_spinner, res_rerolls),
            defence=StrikeOptions(
                defender_weapon,
                defender_mode,
                defender_attacks,
                defender_modifier,
                defender_d_spinner,
                defender_res_rerolls,
            ),
            round=round,
            exception=exception,
        )
        shooting = app_services(interaction).shooting
        record = await shooting.assault_or_ask(call_of(interaction), options)
        if isinstance(record, ReactionAsked):  # the defender's player may react first
            await cards(interaction).asked(interaction, record)
            return
        lang = await lang_of(interaction)
        title, lines = render_combat.combat(lang, record)
        colour = render_shot.unit_colour(record.attacker)
        await next_step.offer(
            interaction, lambda extra: pages.reply(interaction, lang, title, lines, colour, extra)
        )
