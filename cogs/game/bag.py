"""`/bag draw|take|putback|dispute` and `/order`: the order dice of the channel's game.

A die drawn, taken or drawn again, and an order given, are shown on an activation card
(`cogs.common.cards`, issue 31 §2)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.bot import ServicedBot, app_services
from cogs.common.cards import cards
from cogs.common.replies import lang_of, send
from cogs.game import next_step, render
from cogs.game.options import ORDER_CHOICES, VIA_CHOICES, call_of, unit_autocomplete


@app_commands.guild_only()
class BagCog(
    commands.GroupCog,
    group_name="bag",
    group_description="The order-dice bag",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="draw", description="Draw an order die at random")
    async def draw(self, interaction: discord.Interaction) -> None:
        done = await app_services(interaction).bag.draw(call_of(interaction))
        await cards(interaction).drawn(interaction, done)

    @app_commands.command(
        name="take", description="Take a unit's die instead of drawing (Follow, Synchroniser)"
    )
    @app_commands.describe(
        unit="The unit that takes its die",
        by="The unit whose rule allows it (Follow, Synchroniser Drone, Phase-shift Projector)",
        via="Which rule of that unit (when it has both Follow and a Synchroniser Drone)",
        force="Host or GM: Phase Synchronisation without the projector or phase armour tracked",
    )
    @app_commands.choices(via=VIA_CHOICES)
    @app_commands.autocomplete(unit=unit_autocomplete, by=unit_autocomplete)
    async def take(
        self,
        interaction: discord.Interaction,
        unit: str,
        by: str | None = None,
        via: str | None = None,
        force: bool = False,
    ) -> None:
        done = await app_services(interaction).bag.take(call_of(interaction), unit, by, via, force)
        lang = await lang_of(interaction)
        if not done.result.taken:  # the Synchroniser test failed: no die for the unit
            await next_step.reply(interaction, render.not_synchronised(lang, done))
            return
        # the card: the order buttons of the unit, those its rule allows
        await cards(interaction).drawn(interaction, done, head=render.taken(lang, done))

    @app_commands.command(
        name="putback", description="Block!: put the drawn die back and draw another"
    )
    async def putback(self, interaction: discord.Interaction) -> None:
        done = await app_services(interaction).bag.putback(call_of(interaction))
        lang = await lang_of(interaction)
        await cards(interaction).drawn(
            interaction, done.drawn, lead=render.blocked_line(lang, done)
        )

    @app_commands.command(
        name="skip", description="Host or GM: put the drawn die waiting for its order back"
    )
    async def skip(self, interaction: discord.Interaction) -> None:
        done = await app_services(interaction).bag.skip(call_of(interaction))
        await next_step.reply(interaction, render.skipped(await lang_of(interaction), done))

    @app_commands.command(
        name="dispute",
        description="Subverter Matrix: the target's Co test; a fail disputes 1 or 2 dice",
    )
    @app_commands.rename(in_play="in-play")
    @app_commands.describe(
        unit="The enemy vehicle, drone or probe it targets (a probe is destroyed)",
        player="Who disputes them (default: you; someone else: host or GM)",
        in_play="When the bag is short: their units already activated, separated by commas",
    )
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def dispute(
        self,
        interaction: discord.Interaction,
        unit: str,
        player: discord.Member | None = None,
        in_play: str | None = None,
    ) -> None:
        result = await app_services(interaction).bag.dispute(
            call_of(interaction),
            unit,
            player.id if player else None,
            (in_play or "").split(","),
        )
        await send(interaction, render.disputed(await lang_of(interaction), result))


@app_commands.guild_only()
class OrderCog(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="order", description="Give an order with the drawn die (order test if pinned)"
    )
    @app_commands.describe(
        unit="The unit",
        order="The order",
        homer="Run: transported off the table by its Homer Drone instead (for good)",
    )
    @app_commands.choices(order=ORDER_CHOICES)
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def order(
        self, interaction: discord.Interaction, unit: str, order: str, homer: bool = False
    ) -> None:
        done = await app_services(interaction).bag.order(
            call_of(interaction), unit, order, homer=homer
        )
        # a card: Fire or Advance, 🎯 Shoot asks the target, the distance, the weapons
        await cards(interaction).ordered(interaction, done)
