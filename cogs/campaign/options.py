"""Option helpers of `/campaign`: who is acting, fixed choices, autocomplete callbacks.

Autocomplete offers this server's campaigns only (at most 25), the players of the campaign
already chosen in the command (else the current one), and its battles by number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.bot import ServicedBot, app_services
from cogs.common.text import ellipsize
from core.common.campaign import FACTIONS
from services.campaign import CampaignService

FACTION_NAMES = {
    "algoryn": "Algoryn",
    "boromites": "Boromites",
    "concord": "Concord",
    "freeborn": "Freeborn",
    "ghar": "Ghar",
    "ghar-outcasts": "Ghar Outcasts",
    "isorians": "Isorians",
    "virai": "Virai",
    "other": "Other",
}
FACTION_CHOICES = [app_commands.Choice(name=FACTION_NAMES[f], value=f) for f in FACTIONS]
RESULT_CHOICES = [
    app_commands.Choice(name="Win", value="win"),
    app_commands.Choice(name="Draw", value="draw"),
]
CHOICE_NAME_LIMIT = 100
CAMPAIGN = "The campaign (the server's current one if left out)"


# The command mixins are mixed into `CampaignCog` (a GroupCog); at runtime they stay plain
# classes, so that the cog metaclass sees their commands once, through the cog.
if TYPE_CHECKING:
    _Mixin = commands.GroupCog
else:
    _Mixin = object


class UsesCampaigns(_Mixin):
    """Gives the `/campaign` command mixins the campaign service."""

    bot: ServicedBot

    @property
    def campaigns(self) -> CampaignService:
        return self.bot.services.campaigns


def _services(interaction: discord.Interaction) -> CampaignService:
    return app_services(interaction).campaigns


def _chosen_campaign(interaction: discord.Interaction) -> str | None:
    value = getattr(interaction.namespace, "campaign", None)
    return str(value) if value else None


async def campaign_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    if interaction.guild_id is None:
        return []
    found = await _services(interaction).campaign_choices(interaction.guild_id, current)
    return [
        app_commands.Choice(
            name=ellipsize(c.name + (" 🔒" if c.status == "archived" else ""), CHOICE_NAME_LIMIT),
            value=str(c.id),
        )
        for c in found
    ]


async def _players(
    interaction: discord.Interaction, current: str, *, playing_only: bool
) -> list[app_commands.Choice[str]]:
    if interaction.guild_id is None:
        return []
    members = await _services(interaction).player_choices(
        interaction.guild_id, _chosen_campaign(interaction), current, playing_only=playing_only
    )
    return [
        app_commands.Choice(name=ellipsize(m.name, CHOICE_NAME_LIMIT), value=str(m.user_id))
        for m in members
    ]


async def player_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Everyone who played in the campaign (for history and stats)."""
    return await _players(interaction, current, playing_only=False)


async def playing_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The players playing now (for recording and removing)."""
    return await _players(interaction, current, playing_only=True)


async def battle_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    if interaction.guild_id is None:
        return []
    names, battles = await _services(interaction).battle_choices(
        interaction.guild_id, _chosen_campaign(interaction), current
    )
    choices = []
    for battle in battles:
        a, b = (names.get(side.user_id, str(side.user_id)) for side in battle.sides)
        label = f"#{battle.seq} {a} – {b} ({battle.played_at.date().isoformat()})"
        choices.append(
            app_commands.Choice(name=ellipsize(label, CHOICE_NAME_LIMIT), value=battle.seq)
        )
    return choices
