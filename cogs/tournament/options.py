"""Option helpers of `/event`: the server's events, offered as they type (at most 25). A
member's saved armies are `/army`'s own offer (`cogs.army.commands.name_autocomplete`)."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.common.actors import call_of
from cogs.common.bot import app_services
from cogs.common.text import ellipsize

CHOICE_NAME_LIMIT = 100
EVENT = "The event (the server's newest if left out)"
TIE_BREAKERS = "Tie-breakers in order: wins, vp, dice, sos"
FIRST_ROUND_CHOICES = [
    app_commands.Choice(name="random", value="random"),
    app_commands.Choice(name="seeded", value="seeded"),
]


async def event_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    if interaction.guild_id is None:
        return []
    found = await app_services(interaction).tournaments.choices(call_of(interaction), current)
    return [
        app_commands.Choice(name=ellipsize(r.name, CHOICE_NAME_LIMIT), value=str(r.id))
        for r in found
    ]
