"""`/rule` and `/weapon`: look-ups with autocomplete, answered from memory."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.bot import ServicedBot
from cogs.common.installs import everywhere
from cogs.common.pager import Pager
from cogs.common.replies import lang_of, send
from cogs.rules import render
from rulesdb.models import Weapon

SYSTEMS = [
    app_commands.Choice(name="Antares", value="antares"),
    app_commands.Choice(name="Hex wargame", value="hex"),
    app_commands.Choice(name="Epic", value="epic"),
]
FACTIONS = [
    app_commands.Choice(name="Boromite", value="boromite"),
    app_commands.Choice(name="Isorian", value="isorian"),
    app_commands.Choice(name="Algoryn", value="algoryn"),
]


def _choices(hits) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=hit.name[:100], value=hit.id) for hit in hits]


class RulesCog(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @property
    def rules(self):
        return self.bot.services.rules

    async def channel_system(self, interaction: discord.Interaction) -> str | None:
        """The channel's game system: its entries rank first (issue 17)."""
        systems = self.bot.services.systems
        return await systems.system_of(interaction.channel_id)

    @everywhere()
    @app_commands.command(
        name="rule", description="Look a rule up: special rules, equipment, tables…"
    )
    @app_commands.describe(
        query="A rule, in French or English (Cycle, pins, Blast…)", system="Only this game system"
    )
    @app_commands.choices(system=SYSTEMS)
    async def rule(
        self, interaction: discord.Interaction, query: str, system: str | None = None
    ) -> None:
        lang = await lang_of(interaction)
        prefer = await self.channel_system(interaction)
        entry = self.rules.find(query, system=system, lang=lang, prefer=prefer)
        if isinstance(entry, Weapon):
            await send(interaction, embed=render.weapon_card(self.rules.db, entry, lang))
            return
        pages = render.entry_pages(entry, self.rules.related(entry), lang)
        await Pager(pages, interaction.user.id).start(interaction)

    @rule.autocomplete("query")
    async def rule_complete(self, interaction: discord.Interaction, current: str):
        system = getattr(interaction.namespace, "system", None)
        prefer = await self.channel_system(interaction)
        lang = await lang_of(interaction)
        hits = self.rules.complete(current, lang=lang, system=system, prefer=prefer)
        return _choices(hits)

    @everywhere()
    @app_commands.command(
        name="weapon", description="A weapon's profile: ranges, SV, special rules, factions"
    )
    @app_commands.describe(
        name="The weapon (Mag Gun, Plasma Carbine…)", faction="Only weapons of this army"
    )
    @app_commands.choices(faction=FACTIONS)
    async def weapon(
        self, interaction: discord.Interaction, name: str, faction: str | None = None
    ) -> None:
        lang = await lang_of(interaction)
        found = self.rules.weapon(name, faction=faction, lang=lang)
        await send(interaction, embed=render.weapon_card(self.rules.db, found, lang))

    @weapon.autocomplete("name")
    async def weapon_complete(self, interaction: discord.Interaction, current: str):
        faction = getattr(interaction.namespace, "faction", None)
        lang = await lang_of(interaction)
        return _choices(self.rules.complete(current, lang=lang, kind="weapon", faction=faction))
