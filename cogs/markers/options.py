"""Choices and autocomplete of `/mine` and `/marker`: the channel's running game's mines,
markers and units (values carry the game id), and the launchers of marker ammo."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.common.bot import app_services
from cogs.game.options import COLOUR_TAGS, fit
from core.antares.table_markers.models import MARKER_NAMES, MARKER_TYPES

MARKER_EMOJI = {"arc": "⚡", "blur": "🌫️", "grip": "🕸️", "scoot": "💨", "scrambler": "📡"}
MINE_EMOJI = "💣"
MARKER_CHOICES = [app_commands.Choice(name=MARKER_NAMES[k], value=k) for k in MARKER_TYPES]
GRENADE_CHOICES = [
    app_commands.Choice(name="Plasma Grenades (SV 1)", value="plasma-grenades"),
    app_commands.Choice(name="Implosion Grenades (SV 2)", value="implosion-grenades"),
    app_commands.Choice(name="Solar Charges (SV 1, Blast D3)", value="solar-charges"),
]


async def mine_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    if interaction.channel_id is None:
        return []
    found = await app_services(interaction).markers.mine_choices(interaction.channel_id, current)
    return [
        app_commands.Choice(
            name=fit(f"{MINE_EMOJI} #{c.mine.number} {c.mine.unit_name} {c.mine.location}".strip()),
            value=c.value,
        )
        for c in found
    ]


async def marker_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    if interaction.channel_id is None:
        return []
    found = await app_services(interaction).markers.marker_choices(interaction.channel_id, current)
    return [
        app_commands.Choice(
            name=fit(
                f"{MARKER_EMOJI[c.marker.type]} {MARKER_NAMES[c.marker.type]} #{c.marker.number}"
                f" {c.marker.location}".strip()
            ),
            value=c.value,
        )
        for c in found
    ]


async def launcher_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    weapons = app_services(interaction).markers.launchers(current)
    return [app_commands.Choice(name=w.name_en, value=w.id) for w in weapons[:25]]


def tag(colour: str) -> str:
    return COLOUR_TAGS.get(colour, "")
