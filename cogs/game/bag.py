"""`/bag draw|take|putback|dispute` and `/order`: the order dice of the channel's game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.replies import lang_of, send
from cogs.game import render
from cogs.game.options import ORDER_CHOICES, call_of, services, unit_autocomplete
from cogs.game.views import draw_view, orders_view


@app_commands.guild_only()
class BagCog(
    commands.GroupCog,
    group_name="bag",
    group_description="The order-dice bag",
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="draw", description="Draw an order die at random")
    async def draw(self, interaction: discord.Interaction) -> None:
        done = await services(interaction).bag.draw(call_of(interaction))
        lang = await lang_of(interaction)
        await send(interaction, render.drawn(lang, done), view=draw_view(lang, done))

    @app_commands.command(
        name="take", description="Take a unit's die instead of drawing (Follow, Synchroniser)"
    )
    @app_commands.describe(unit="The unit that takes its die", by="The unit whose rule allows it")
    @app_commands.autocomplete(unit=unit_autocomplete, by=unit_autocomplete)
    async def take(
        self, interaction: discord.Interaction, unit: str, by: str | None = None
    ) -> None:
        done = await services(interaction).bag.take(call_of(interaction), unit, by)
        lang = await lang_of(interaction)
        target = next(u for u in done.units if u.id == done.result.for_unit)
        await send(
            interaction, render.taken(lang, done), view=orders_view(lang, done.game_id, target)
        )

    @app_commands.command(
        name="putback", description="Block!: put the drawn die back and draw another"
    )
    async def putback(self, interaction: discord.Interaction) -> None:
        done = await services(interaction).bag.putback(call_of(interaction))
        lang = await lang_of(interaction)
        await send(interaction, render.blocked(lang, done), view=draw_view(lang, done.drawn))

    @app_commands.command(
        name="dispute", description="Subverter Matrix: set 1 or 2 of a player's dice aside"
    )
    @app_commands.rename(in_play="in-play")
    @app_commands.describe(
        unit="A unit of the player whose dice are disputed",
        count="How many dice (1 or 2)",
        player="Who disputes them (default: you; someone else: host or GM)",
        in_play="When the bag is short: their units already activated, separated by commas",
    )
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def dispute(
        self,
        interaction: discord.Interaction,
        unit: str,
        count: app_commands.Range[int, 1, 2] = 1,
        player: discord.Member | None = None,
        in_play: str | None = None,
    ) -> None:
        result = await services(interaction).bag.dispute(
            call_of(interaction),
            unit,
            count,
            player.id if player else None,
            (in_play or "").split(","),
        )
        await send(interaction, render.disputed(await lang_of(interaction), result))


@app_commands.guild_only()
class OrderCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="order", description="Give an order with the drawn die (order test if pinned)"
    )
    @app_commands.describe(unit="The unit", order="The order")
    @app_commands.choices(order=ORDER_CHOICES)
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def order(self, interaction: discord.Interaction, unit: str, order: str) -> None:
        done = await services(interaction).bag.order(call_of(interaction), unit, order)
        await send(interaction, render.ordered(await lang_of(interaction), done.result))
