"""`/unit`: add, list, show, edit, remove units of the channel's game; casualties."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.actors import channel_of
from cogs.common.bot import ServicedBot, app_services
from cogs.common.pager import Pager, page_source
from cogs.common.replies import lang_of, send
from cogs.game import render
from cogs.game.options import (
    ARMOUR_CHOICES,
    KIND_CHOICES,
    REACTION_CHOICES,
    STAT_CHOICES,
    STAT_PREFIX,
    any_unit_autocomplete,
    call_of,
    commander_autocomplete,
    hero_autocomplete,
    unit_autocomplete,
)
from cogs.game.render import kept
from locales import Lang

Stat = app_commands.Range[int, 0, 20]
STAT_HELP = {
    "ag": "Agility (0 to 20)",
    "acc": "Accuracy (0 to 20)",
    "strength": "Strength (0 to 20)",
    "res": "Base Resist, without armour: armour adds its bonus (0 to 20)",
    "init": "Initiative (0 to 20)",
    "co": "Command (0 to 20): order, recovery and break tests",
}
GEAR_HELP = "Rules and drones it has: leader 2, medic, command, camo-drone, synchroniser…"
WEAPONS_HELP = "Weapons it carries: Mag Gun x5, X-Launcher (x5: models carrying it; default all)"
ARMOUR_HELP = 'Its armour: reflex +1, mounted reflex +2, phase +1 within 10" / +2 beyond'


@page_source("unit list")
async def unit_pages(interaction: discord.Interaction, lang: Lang) -> list[discord.Embed]:
    state = await app_services(interaction).units.listing(channel_of(interaction))
    return render.unit_pages(lang, state)


def _stats(**values: int | None) -> dict[str, int | None]:
    return {("str" if k == "strength" else k): v for k, v in values.items() if v is not None}


@app_commands.guild_only()
class UnitCog(
    commands.GroupCog,
    group_name="unit",
    group_description="Units of this channel's game",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="add", description="Add a unit; its order dice go in the bag")
    @app_commands.rename(strength="str")
    @app_commands.describe(
        name="The unit's name, unique in this game (64 characters at most)",
        owner="Whose unit it is (default: you; someone else: host or GM)",
        models="Models in the unit (default 1)",
        dice="Order dice: 1, or 2/3 for MOD2/MOD3 units (default 1)",
        kind="What kind of unit (default infantry)",
        notes="Anything worth remembering about it",
        gear=GEAR_HELP,
        armour=ARMOUR_HELP + " (default none)",
        weapons=WEAPONS_HELP,
        **STAT_HELP,
    )
    @app_commands.choices(kind=KIND_CHOICES, armour=ARMOUR_CHOICES)
    async def add(
        self,
        interaction: discord.Interaction,
        name: str,
        owner: discord.Member | None = None,
        models: app_commands.Range[int, 1, 100] = 1,
        dice: app_commands.Range[int, 1, 3] = 1,
        ag: Stat | None = None,
        acc: Stat | None = None,
        strength: Stat | None = None,
        res: Stat | None = None,
        init: Stat | None = None,
        co: Stat | None = None,
        kind: str = "infantry",
        notes: str | None = None,
        gear: app_commands.Range[str, 1, 200] | None = None,
        armour: str = "none",
        weapons: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        result = await app_services(interaction).units.add(
            call_of(interaction),
            name,
            owner_id=owner.id if owner else None,
            models=models,
            dice=dice,
            kind=kind,
            stats=_stats(ag=ag, acc=acc, strength=strength, res=res, init=init, co=co),
            notes=notes or "",
            gear=gear,
            armour=armour,
            weapons=weapons,
        )
        await send(interaction, render.unit_added(await lang_of(interaction), result))

    @app_commands.command(name="list", description="Every unit of this channel's game")
    async def list(self, interaction: discord.Interaction) -> None:
        await Pager(await unit_pages(interaction, await lang_of(interaction))).start(interaction)

    @app_commands.command(name="show", description="One unit in detail: stats, pins, orders")
    @app_commands.describe(unit="The unit")
    @app_commands.autocomplete(unit=any_unit_autocomplete)
    async def show(self, interaction: discord.Interaction, unit: str) -> None:
        state, found = await app_services(interaction).units.show(channel_of(interaction), unit)
        names = {u.id: u.name for u in state.units.values()}
        lang = await lang_of(interaction)
        card = render.unit_embed(lang, found, names)
        await send(interaction, embed=kept.with_kept(card, lang, state, found))

    @app_commands.command(name="edit", description="Change a unit (its owner, the host or GM)")
    @app_commands.rename(strength="str")
    @app_commands.describe(
        unit="The unit",
        name="A new name",
        models="Models left now",
        starting="Models it started with",
        dice="Order dice: 1, or 2/3 for MOD2/MOD3",
        kind="What kind of unit",
        notes="New notes",
        down="Whether it is Down",
        gear=GEAR_HELP + " (none: clear)",
        commander='Its Commander within 10": its Co is used when higher (none: clear)',
        hero='Its Hero within 10": its Init is used when higher (none: clear)',
        armour=ARMOUR_HELP,
        weapons=WEAPONS_HELP + " (none: clear)",
        **STAT_HELP,
    )
    @app_commands.choices(kind=KIND_CHOICES, armour=ARMOUR_CHOICES)
    @app_commands.autocomplete(
        unit=unit_autocomplete, commander=commander_autocomplete, hero=hero_autocomplete
    )
    async def edit(
        self,
        interaction: discord.Interaction,
        unit: str,
        name: str | None = None,
        models: app_commands.Range[int, 1, 100] | None = None,
        starting: app_commands.Range[int, 1, 100] | None = None,
        dice: app_commands.Range[int, 1, 3] | None = None,
        ag: Stat | None = None,
        acc: Stat | None = None,
        strength: Stat | None = None,
        res: Stat | None = None,
        init: Stat | None = None,
        co: Stat | None = None,
        kind: str | None = None,
        notes: str | None = None,
        down: bool | None = None,
        gear: app_commands.Range[str, 1, 200] | None = None,
        commander: str | None = None,
        hero: str | None = None,
        armour: str | None = None,
        weapons: app_commands.Range[str, 1, 300] | None = None,
    ) -> None:
        stats = _stats(ag=ag, acc=acc, strength=strength, res=res, init=init, co=co)
        result = await app_services(interaction).units.edit(
            call_of(interaction),
            unit,
            name=name,
            models=models,
            starting_models=starting,
            dice=dice,
            kind=kind,
            notes=notes,
            down=down,
            gear=gear,
            stats=stats or None,
            commander=commander,
            hero=hero,
            armour=armour,
            weapons=weapons,
        )
        await send(interaction, render.unit_edited(await lang_of(interaction), result))

    @app_commands.command(name="remove", description="Take a unit out of the game (a mistake)")
    @app_commands.describe(unit="The unit")
    @app_commands.autocomplete(unit=any_unit_autocomplete)
    async def remove(self, interaction: discord.Interaction, unit: str) -> None:
        result = await app_services(interaction).units.remove(call_of(interaction), unit)
        await send(interaction, render.unit_removed(await lang_of(interaction), result))

    @app_commands.command(
        name="casualties", description="Remove models; break test at half (ruleset), gone at 0"
    )
    @app_commands.rename(in_solid="in-solid")
    @app_commands.describe(
        unit="The unit",
        count="Models removed",
        in_solid="Phase Synchronisation: they ended in solid matter (a pin each, no break test)",
    )
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def casualties(
        self,
        interaction: discord.Interaction,
        unit: str,
        count: app_commands.Range[int, 1, 100],
        in_solid: bool = False,
    ) -> None:
        lang = await lang_of(interaction)
        if in_solid:
            stuck = await app_services(interaction).units.in_solid(
                call_of(interaction), unit, count
            )
            await send(interaction, render.in_solid(lang, stuck))
            return
        result = await app_services(interaction).units.casualties(call_of(interaction), unit, count)
        await send(interaction, render.casualties(lang, result))

    @app_commands.command(
        name="test", description="A D10 test on a unit's stat: Init to react, Co… (pins: Init, Co)"
    )
    @app_commands.describe(
        unit="The unit",
        stat="The stat: Init and Co take −1 per pin; a Hero's Init, a Commander's Co",
        modifier="Added to the stat (−10 to +10)",
    )
    @app_commands.choices(stat=STAT_CHOICES)
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def test(
        self,
        interaction: discord.Interaction,
        unit: str,
        stat: str,
        modifier: app_commands.Range[int, -10, 10] = 0,
    ) -> None:
        result = await app_services(interaction).units.test(
            call_of(interaction), unit, stat.removeprefix(STAT_PREFIX), modifier
        )
        await send(interaction, render.stat_tested(await lang_of(interaction), result))

    @app_commands.command(
        name="react",
        description=(
            "React to a shot: Down, Fire or Run (its die, Init test −1 per pin), or Spring Ambush"
        ),
    )
    @app_commands.describe(
        unit="The unit shot at",
        kind="Down, Return Fire, Escape or Spring Ambush (the ruleset and a Scoot marker decide)",
        shooter="The unit that shoots at it (needed for Return Fire and Spring Ambush)",
        assaulted="It reacts to an assault, not a shot (reaction_assault decides the reactions)",
    )
    @app_commands.choices(kind=REACTION_CHOICES)
    @app_commands.autocomplete(unit=unit_autocomplete, shooter=unit_autocomplete)
    async def react(
        self,
        interaction: discord.Interaction,
        unit: str,
        kind: str,
        shooter: str | None = None,
        assaulted: bool = False,
    ) -> None:
        """rules-notes "Reactions": the typed path, for a table that plays without the offer
        ("shot at or assaulted": ``assaulted``, the attacker as ``shooter``; Spring Ambush
        against a shot, the shooter named)."""
        result = await app_services(interaction).units.react(
            call_of(interaction), unit, kind, shooter, "assault" if assaulted else "shot"
        )
        await send(interaction, render.reacted_typed(await lang_of(interaction), result))

    @app_commands.command(
        name="moved",
        description="Moved without an order (reaction, Grip, Scoot): the Fractal Locks on it end",
    )
    @app_commands.describe(unit="The unit that moved")
    @app_commands.autocomplete(unit=unit_autocomplete)
    async def moved(self, interaction: discord.Interaction, unit: str) -> None:
        """Seeds 000/002/003 "Verrouillage Fractal": "tant que la cible ne se déplace pas"."""
        lost = await app_services(interaction).units.moved(call_of(interaction), unit)
        name = next(iter(lost.names.get(k.target_id, "?") for k in lost.dropped), "?")
        await send(interaction, kept.moved(await lang_of(interaction), name, lost))

    @app_commands.command(
        name="lock-drop", description="End a unit's Fractal Locks (on one target, or all of them)"
    )
    @app_commands.describe(
        unit="The unit whose fractal weapon holds the lock",
        target="Only the lock on this unit (default: all of them)",
    )
    @app_commands.autocomplete(unit=unit_autocomplete, target=unit_autocomplete)
    async def lock_drop(
        self, interaction: discord.Interaction, unit: str, target: str | None = None
    ) -> None:
        lost = await app_services(interaction).units.drop_locks(call_of(interaction), unit, target)
        await send(interaction, "\n".join(kept.lock_lines(await lang_of(interaction), lost)))
