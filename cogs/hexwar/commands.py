"""`/hex`: the hex wargame of seed 001 at the table (issue 17). Helpers: nothing is stored;
they work in a channel without a game or with a hex-wargame game, and refuse in a game of
another system."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.answering import defer
from cogs.common.bot import ServicedBot
from cogs.common.charts import rendered
from cogs.common.replies import lang_of, send
from cogs.hexwar import image, options, render
from locales import t


class HexCog(
    commands.GroupCog,
    group_name="hex",
    group_description="Hex wargame (seed 001): Errement, Advantage, stacking, sight",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def hexwar(self):
        return self.bot.services.hexwar

    @app_commands.command(
        name="errement", description="Roll Errement (wandering): 1D6 on the hex's table"
    )
    @app_commands.describe(
        table="The Errement table of the hex (seed 001, in its order)",
        ahead="The hex the planned move enters",
        left="The hex 60° to the left (after a left pivot)",
        right="The hex 60° to the right (after a right pivot)",
        morale="The unit's morale state or profile",
    )
    @app_commands.choices(table=options.TABLES)  # numbers: a decorator of their own
    @app_commands.choices(
        ahead=options.DESTINATIONS,
        left=options.DESTINATIONS,
        right=options.DESTINATIONS,
        morale=options.MORALES,
    )
    async def errement(
        self,
        interaction: discord.Interaction,
        table: int,
        ahead: str = "free",
        left: str = "free",
        right: str = "free",
        morale: str = "steady",
    ) -> None:
        result = await self.hexwar.errement(
            interaction.channel_id, table, ahead, left, right, morale
        )
        lang = await lang_of(interaction)
        await send(interaction, render.errement(lang, interaction.user.display_name, result))

    @app_commands.command(
        name="advantage", description="The Advantage of a shock or fire combat, term by term"
    )
    @app_commands.describe(
        combat="Shock or fire",
        attacker_terrain="Terrain of the attacker's hex",
        target_terrain="Terrain of the target's hex",
        side="The hex side between them",
        level="Level difference",
        facing="Where the target is attacked",
        attacker_position="The attacker's position",
        target_position="The target's position",
        behind="Fire: the target stands just behind the hex side (default yes)",
        same_hex="Both units are in the same hex",
        climber="The attacker is a climbing unit",
        swimmer="The attacker is a swimming unit",
        formation="The attacker is a Formation",
        contact="Shock in the target's hex from close infiltration: it has a Contact marker",
    )
    @app_commands.choices(
        combat=options.COMBATS,
        attacker_terrain=options.TERRAINS,
        target_terrain=options.TERRAINS,
        side=options.SIDES,
        level=options.LEVELS,
        facing=options.FACINGS,
        attacker_position=options.POSITIONS,
        target_position=options.POSITIONS,
    )
    async def advantage(
        self,
        interaction: discord.Interaction,
        combat: str,
        attacker_terrain: str = "clear",
        target_terrain: str = "clear",
        side: str = "normal",
        level: str = "same",
        facing: str = "front",
        attacker_position: str = "ground",
        target_position: str = "ground",
        behind: bool = True,
        same_hex: bool = False,
        climber: bool = False,
        swimmer: bool = False,
        formation: bool = False,
        contact: bool = False,
    ) -> None:
        result = await self.hexwar.advantage(
            interaction.channel_id,
            combat=combat,
            attacker_terrain=attacker_terrain,
            target_terrain=target_terrain,
            side=side,
            level=level,
            facing=facing,
            attacker_position=attacker_position,
            target_position=target_position,
            behind=behind,
            same_hex=same_hex,
            climber=climber,
            swimmer=swimmer,
            formation=formation,
            contact=contact,
        )
        await send(interaction, render.advantage(await lang_of(interaction), combat, result))

    @app_commands.command(
        name="stacking",
        description="May a unit stop in or cross a position? Every rule, the points",
    )
    @app_commands.describe(
        unit="The unit that arrives",
        size="Its size in figures, if a Formation",
        large="Large units already there (not a Formation)",
        small="Small units already there",
        formation="Size of a Formation already there (0: none)",
        hedgehog="That Formation is in Hedgehog",
        inferior="A large unit there has the Inferior command profile",
        unit_inferior="The arriving large unit has the Inferior command profile",
        enemy="The units there are enemies",
        same_facing="The arriving large unit has the facing of the large units there",
        crossing="It only crosses the position (does not stop)",
    )
    @app_commands.choices(unit=options.MOVERS)
    async def stacking(
        self,
        interaction: discord.Interaction,
        unit: str,
        size: int = 0,
        large: int = 0,
        small: int = 0,
        formation: int = 0,
        hedgehog: bool = False,
        inferior: bool = False,
        unit_inferior: bool = False,
        enemy: bool = False,
        same_facing: bool = True,
        crossing: bool = False,
    ) -> None:
        here = {
            "large": large,
            "small": small,
            "formation_size": formation,
            "hedgehog": hedgehog,
            "inferior": inferior,
            "enemy": enemy,
        }
        arrival = {
            "kind": unit,
            "size": size,
            "inferior": unit_inferior,
            "same_facing": same_facing,
            "crossing": crossing,
        }
        result = await self.hexwar.stacking(interaction.channel_id, here, arrival)
        await send(interaction, render.stacking(await lang_of(interaction), result, crossing))

    @app_commands.command(
        name="sight", description="Line of sight on hexes: visible or blocked, by which hex"
    )
    @app_commands.describe(
        source="Ground altitude of the source's hex (0 to 20)",
        target="Ground altitude of the target's hex (0 to 20)",
        line="Hexes crossed from the source: altitude+terrain, e.g. 1 2d 1/2 0w (see /help hex)",
        source_position="The source's position",
        target_position="The target's position",
    )
    @app_commands.choices(source_position=options.POSITIONS, target_position=options.POSITIONS)
    async def sight(
        self,
        interaction: discord.Interaction,
        source: int,
        target: int,
        line: str = "",
        source_position: str = "ground",
        target_position: str = "ground",
    ) -> None:
        result = await self.hexwar.line_of_sight(
            interaction.channel_id, source, target, line, source_position, target_position
        )
        lang = await lang_of(interaction)
        await defer(interaction, ephemeral=False)
        labels = (t(lang, "hex.sight.source_label"), t(lang, "hex.sight.target_label"))
        png = await rendered(interaction, image.sight_png, result, labels)
        picture = discord.File(io.BytesIO(png), filename="line-of-sight.png")
        await send(interaction, render.sight(lang, result), file=picture)

    @app_commands.command(
        name="move", description="Movement cost: the column to read and what the seed adds"
    )
    @app_commands.describe(
        terrain="Terrain of the hex entered",
        side="The hex side crossed",
        climbing="The unit goes up a level",
        position="The unit's position (flight has its own costs)",
        change="Flying: what changes (hex, position or both)",
        cost="The value read in the Movement Table's column (optional)",
    )
    @app_commands.choices(
        terrain=options.TERRAINS,
        side=options.SIDES,
        position=options.POSITIONS,
        change=options.CHANGES,
    )
    async def move(
        self,
        interaction: discord.Interaction,
        terrain: str,
        side: str = "normal",
        climbing: bool = False,
        position: str = "ground",
        change: str = "hex",
        cost: float | None = None,
    ) -> None:
        result = await self.hexwar.move(
            interaction.channel_id,
            terrain=terrain,
            side=side,
            climbing=climbing,
            position=position,
            change=change,
            table_cost=cost,
        )
        await send(interaction, render.move(await lang_of(interaction), result, terrain))
