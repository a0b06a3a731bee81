"""Fixed choices and autocomplete callbacks of `/shoot`, `/assault` and `/damage`.

Choice names are English here; their French names are `commands.choices.<value>` in
`locales/fr/commands/shooting.toml`. Weapon and mode autocomplete answer from the rules
database in memory; unit options reuse the game's autocomplete (this channel's units).
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.common.bot import app_services
from cogs.common.replies import lang_of
from core.common.errors import AntaresError
from services.shooting import Choice, mode_choices, weapon_choices


def choices(names: dict[str, str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=value) for value, name in names.items()]


BAND_CHOICES = choices({"effective": "Effective", "long": "Long", "extreme": "Extreme"})
SHOOT_ORDER_CHOICES = choices({"fire": "Fire", "advance": "Advance"})
COVER_CHOICES = choices({"none": "None", "light": "Light", "dense": "Dense"})
MOTION_CHOICES = choices(
    {
        "normal": "Normal",
        "down": "Down",
        "run": "Running",
        "fast_run": "Fast unit running",
        "sprint": "Sprinting",
    }
)
AMMO_CHOICES = choices(
    {
        "arc": "Arc",
        "blur": "Blur",
        "grip": "Grip",
        "net": "Net",
        "scoot": "Scoot",
        "scrambler": "Scrambler",
        "slingnet": "SlingNet",
        "overload": "Overload",
    }
)
TABLE_CHOICES = choices(
    {"vehicle": "Vehicle", "weapon_drone": "Weapon drone", "heavy_weapon": "Heavy weapon"}
)
CHOICES_MAX = 25
D_SPINNER_CHOICES = choices({"res": "Res +2", "sv": "SV 2 (grenade)"})


def as_choices(found: list[Choice]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c.name, value=c.value) for c in found]


async def _weapons(interaction: discord.Interaction, current: str, use: str):
    lookup = app_services(interaction).rules
    return as_choices(weapon_choices(lookup, current, await lang_of(interaction), use))


async def _modes(interaction: discord.Interaction, current: str, weapon_option: str, use: str):
    weapon = getattr(interaction.namespace, weapon_option, None)
    lookup = app_services(interaction).rules
    lang = await lang_of(interaction)
    return as_choices(mode_choices(lookup, weapon, current, lang, use))


async def shoot_weapon_autocomplete(interaction: discord.Interaction, current: str):
    """Weapons that shoot, matching what is typed (French or English names); the tracked
    shooter's own weapons first."""
    found = await _weapons(interaction, current, "shoot")
    own = await _shooter_weapons(interaction, current)
    values = {c.value for c in own}
    return (own + [c for c in found if c.value not in values])[:CHOICES_MAX]


async def _shooter_weapons(interaction: discord.Interaction, current: str):
    shooter = getattr(interaction.namespace, "shooter", None)
    if not shooter or interaction.channel_id is None:
        return []
    try:
        _, unit = await app_services(interaction).units.show(interaction.channel_id, shooter)
    except AntaresError:
        return []
    lang = await lang_of(interaction)
    wanted = " ".join(current.split()).casefold()
    own = []
    for carried in unit.weapons:
        name = (carried.name_fr if lang == "fr" else carried.name_en) or carried.weapon
        if wanted in name.casefold():
            own.append(app_commands.Choice(name=name[:100], value=carried.weapon))
    return own


async def shoot_mode_autocomplete(interaction: discord.Interaction, current: str):
    """The firing modes of the weapon chosen in the same command."""
    return await _modes(interaction, current, "weapon", "shoot")


async def h2h_weapon_autocomplete(interaction: discord.Interaction, current: str):
    """Weapons that strike in close combat."""
    return await _weapons(interaction, current, "h2h")


async def h2h_mode_autocomplete(interaction: discord.Interaction, current: str):
    return await _modes(interaction, current, "weapon", "h2h")


async def defender_mode_autocomplete(interaction: discord.Interaction, current: str):
    return await _modes(interaction, current, "defender-weapon", "h2h")
