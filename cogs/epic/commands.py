"""`/epic`: the Epic game of seed 004 at the table (issue 17). Rolls work in a channel
without a game or with an Epic game; the Elite pool is kept in the channel's Epic game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.actors import call_of
from cogs.common.bot import ServicedBot
from cogs.common.replies import lang_of, send
from cogs.epic import options, render


class EpicCog(
    commands.GroupCog,
    group_name="epic",
    group_description="Epic game (seed 004): capabilities rolled, Elite rerolls",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def epic(self):
        return self.bot.services.epic

    @app_commands.command(
        name="regeneration",
        description="Regeneration (X+): one die per wound, each X or more saves one",
    )
    @app_commands.describe(
        wounds="Wounds (PdV) the base should lose",
        regeneration="Its own Regeneration X+ (leave empty if it has none)",
        base_class="The base's class (Medic and Mechanic help different classes)",
        medic="A Medic within 12 cm",
        mechanic="A Mechanic within 12 cm",
        in_transport="The base is in a transport (Medic and Mechanic inactive)",
        reality="The weapon removes the base from reality (Warp Missile, Vortex): no roll",
    )
    @app_commands.choices(base_class=options.CLASSES)
    async def regeneration(
        self,
        interaction: discord.Interaction,
        wounds: int,
        regeneration: int | None = None,
        base_class: str = "other",
        medic: bool = False,
        mechanic: bool = False,
        in_transport: bool = False,
        reality: bool = False,
    ) -> None:
        result = await self.epic.regeneration(
            call_of(interaction),
            wounds,
            regeneration,
            base_class,
            medic=medic,
            mechanic=mechanic,
            in_transport=in_transport,
            reality=reality,
        )
        lang = await lang_of(interaction)
        await send(interaction, render.regeneration(lang, interaction.user.display_name, result))

    @app_commands.command(
        name="dr", description="Close defences DR (X): X shots at 7+ (interception) or 6+"
    )
    @app_commands.describe(
        shots="X, the base's close defences",
        mode="Interception fire (7+) or counter-charge fire (6+)",
        target_class="The target's class (DR are useless against class 3 or more)",
        distance="Distance to the target in cm (DR reach 15 cm)",
    )
    @app_commands.choices(mode=options.MODES)
    async def dr(
        self,
        interaction: discord.Interaction,
        shots: int,
        mode: str,
        target_class: int = 1,
        distance: float | None = None,
    ) -> None:
        result = await self.epic.defences(call_of(interaction), shots, mode, target_class, distance)
        lang = await lang_of(interaction)
        await send(interaction, render.defences(lang, interaction.user.display_name, result))

    @app_commands.command(
        name="shot", description="A shot or assault roll with the weapon's and units' capabilities"
    )
    @app_commands.describe(
        dice="Dice rolled",
        target="The roll needed, X+ as printed",
        kind="Shot (to hit) or assault",
        modifier="Other modifiers to the roll (e.g. -1)",
        cover="The target's cover malus (a positive number)",
        ignores_cover="The weapon Ignores Cover",
        aa="The weapon is Anti-Aircraft (AA): -2 unless the target flies…",
        air="The target's trait that spares an AA weapon its -2",
        target_class="The target's (blocking) class",
        leader="A Leader within 12 cm: +1 to the assault factor",
        templates="Templates the weapon places",
        extra_templates="The weapon has +1D3 extra templates",
        damages_buildings="Damages Buildings (X): X, the AP of the building's save",
        building_save="The target building's save, X+",
    )
    @app_commands.choices(kind=options.KINDS, air=options.AIRS)
    async def shot(
        self,
        interaction: discord.Interaction,
        dice: int,
        target: int,
        kind: str = "shot",
        modifier: int = 0,
        cover: int = 0,
        ignores_cover: bool = False,
        aa: bool = False,
        air: str = "ground",
        target_class: int = 1,
        leader: bool = False,
        templates: int = 0,
        extra_templates: bool = False,
        damages_buildings: int | None = None,
        building_save: int | None = None,
    ) -> None:
        result = await self.epic.shot(
            call_of(interaction),
            kind=kind,
            dice=dice,
            target=target,
            modifier=modifier,
            cover=cover,
            ignores_cover=ignores_cover,
            aa=aa,
            air=air,
            target_class=target_class,
            leader=leader,
            templates=templates,
            extra_templates=extra_templates,
            damages_buildings=damages_buildings,
            building_save=building_save,
        )
        lang = await lang_of(interaction)
        await send(interaction, render.shot(lang, interaction.user.display_name, result))

    @app_commands.command(
        name="elite", description="Set a side's Elite rerolls for the game (Epic game only)"
    )
    @app_commands.describe(
        detachments="Elite (X) of the side's Elite detachments, added up",
        characters="Elite (X) of the attached characters, added up",
        player="Whose pool (the host or a game master sets others')",
    )
    async def elite(
        self,
        interaction: discord.Interaction,
        detachments: int,
        characters: int = 0,
        player: discord.Member | None = None,
    ) -> None:
        call = call_of(interaction)
        done = await self.epic.elite_pool(
            call, detachments, characters, player.id if player else None
        )
        lang = await lang_of(interaction)
        text = render.pool_set(
            lang, done.owner_id, done.before, done.after, done.detachments, done.characters
        )
        view = await self.epic.elite_view(call)
        await send(interaction, f"{text}\n{render.pools(lang, view)}")

    @app_commands.command(
        name="reroll",
        description="Spend an Elite reroll: one die of a to-hit, save or assault roll",
    )
    @app_commands.describe(
        roll="What the roll was",
        dice="The dice as rolled, e.g. 3 7 1",
        die="Which die to reroll, 1 for the first (default: the lowest)",
        needed="The roll needed, X+ (to count the successes)",
        new="A new roll that shows the same dice as the one you rerolled last",
    )
    @app_commands.choices(roll=options.REROLLS)
    async def reroll(
        self,
        interaction: discord.Interaction,
        roll: str,
        dice: str,
        die: int | None = None,
        needed: int | None = None,
        new: bool = False,
    ) -> None:
        result = await self.epic.elite_reroll(call_of(interaction), roll, dice, die, needed, new)
        lang = await lang_of(interaction)
        await send(interaction, render.reroll(lang, interaction.user.display_name, result))
