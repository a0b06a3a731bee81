"""What the game commands share: who is calling, fixed choices, autocomplete callbacks.

Unit autocomplete offers the channel's running game's units (at most 25, names matching what
is typed); the value carries the game id so a unit of another game is refused.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs.common import settings_words
from cogs.common.actors import call_of as call_of  # the cogs of the game import it here
from cogs.common.bot import app_services
from cogs.common.replies import lang_of
from cogs.common.text import ellipsize
from cogs.common.translator import keyed_choices
from core.antares.game import ORDERS
from core.antares.units import UNIT_KINDS

CHOICE_NAME_LIMIT = 100
COLOUR_TAGS = {
    "red": "🟥",
    "blue": "🟦",
    "green": "🟩",
    "yellow": "🟨",
    "purple": "🟪",
    "orange": "🟧",
    "white": "⬜",
    "black": "⬛",
}
ORDER_NAMES = {
    "fire": "Fire",
    "advance": "Advance",
    "run": "Run",
    "ambush": "Ambush",
    "rally": "Rally",
    "down": "Down",
}
KIND_NAMES = {
    "infantry": "Infantry",
    "weapon_drone": "Weapon drone",
    "vehicle": "Vehicle",
    "heavy_weapon": "Heavy weapon",
    "probe": "Probe",
    "beast": "Beast",
    "other": "Other",
}
ORDER_CHOICES = [app_commands.Choice(name=ORDER_NAMES[o], value=o) for o in ORDERS]
KIND_CHOICES = [app_commands.Choice(name=KIND_NAMES[k], value=k) for k in UNIT_KINDS]
# Armour types of the armouries (000/003 "ARMURES RÉFLEXES", 002 "ARMURES À PHASES")
ARMOUR_NAMES = {
    "none": "None",
    "reflex": "Reflex",
    "mounted_reflex": "Mounted reflex",
    "phase": "Phase",
}
# Keyed `armour_<value>` for the translator: French armour is feminine ("Aucune"), and the
# cover choice "none" ("Aucun") shares its value.
ARMOUR_CHOICES = keyed_choices("armour", ARMOUR_NAMES)
# /game start activations (core.antares.activations): the bot runs the bag, or the table does
ACTIVATION_CHOICES = [
    app_commands.Choice(name="Strict: the bot runs the bag (default)", value="strict"),
    app_commands.Choice(name="Free: the table uses its own bag", value="free"),
]
# /game start system: (issue 17)
SYSTEM_CHOICES = [
    app_commands.Choice(
        name=locale_str("Beyond the Gates of Antares (default)", key="system_antares"),
        value="antares",
    ),
    app_commands.Choice(name=locale_str("Hex wargame (seed 001)", key="system_hex"), value="hex"),
    app_commands.Choice(name=locale_str("Epic (seed 004)", key="system_epic"), value="epic"),
]
# /bag take via: the rule that lets `by` take another unit's die (core.antares.synchronise)
VIA_CHOICES = [
    app_commands.Choice(name="Follow", value="follow"),
    app_commands.Choice(name="Synchroniser Drone (test)", value="synchroniser"),
    app_commands.Choice(name="Phase Synchronisation (Advance or Run)", value="phase_sync"),
]
# /unit test stat: values carry a prefix, since choice names are translated by value and
# "res" already names another choice
# rules-notes "Reactions": Go Down, Return Fire, Escape, Spring Ambush (core.antares.reactions)
REACTION_CHOICES = keyed_choices(
    "react", {"down": "Down", "fire": "Return Fire", "run": "Escape", "ambush": "Spring Ambush"}
)
STAT_PREFIX = "stat_"
STAT_CHOICES = [
    app_commands.Choice(name=name, value=f"{STAT_PREFIX}{key}")
    for key, name in (
        ("init", "Init (reactions)"),
        ("co", "Co"),
        ("ag", "Ag"),
        ("acc", "Acc"),
        ("str", "Str"),
        ("res", "Res"),
    )
]
NO_LEADER_CHOICE = "none"


def fit(text: str, limit: int = CHOICE_NAME_LIMIT) -> str:
    """A choice name Discord accepts (at most 100 characters)."""
    return ellipsize(text, limit)


async def _units(
    interaction: discord.Interaction, current: str, *, living_only: bool
) -> list[app_commands.Choice[str]]:
    if interaction.channel_id is None:
        return []
    found = await app_services(interaction).units.choices(
        interaction.channel_id, current, living_only=living_only
    )
    return [
        app_commands.Choice(
            name=fit(f"{COLOUR_TAGS.get(c.unit.colour, '')} {c.unit.name}".strip()),
            value=c.value,
        )
        for c in found
    ]


async def unit_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Living units of the channel's game."""
    return await _units(interaction, current, living_only=True)


async def any_unit_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Every unit of the channel's game, destroyed ones too (show, remove)."""
    return await _units(interaction, current, living_only=False)


async def _leaders(
    interaction: discord.Interaction, current: str, rule: str
) -> list[app_commands.Choice[str]]:
    """Living units with the rule (Command, Hero), and "none" to clear the link."""
    if interaction.channel_id is None:
        return []
    found = await app_services(interaction).units.choices(
        interaction.channel_id, current, gear=rule
    )
    choices = [
        app_commands.Choice(
            name=fit(f"{COLOUR_TAGS.get(c.unit.colour, '')} {c.unit.name}".strip()),
            value=c.value,
        )
        for c in found[:24]
    ]
    return [*choices, app_commands.Choice(name="none / aucun", value=NO_LEADER_CHOICE)]


async def commander_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Units with the Command rule (seeds 002/003 "Command")."""
    return await _leaders(interaction, current, "command")


async def hero_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Units with the Hero rule (seeds 002/003 "Hero")."""
    return await _leaders(interaction, current, "hero")


async def setting_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Ruleset settings, by their label in the caller's language (the value is the key)."""
    found = settings_words.matching(await lang_of(interaction), current)
    return [app_commands.Choice(name=fit(name), value=key) for name, key in found[:25]]


async def setting_value_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """What the chosen setting takes (on/off, its numbers or its words), and default."""
    setting = getattr(interaction.namespace, "setting", None)
    if not setting:
        return []
    key = settings_words.key_of(str(setting))
    found = settings_words.value_choices(await lang_of(interaction), key, current)
    return [app_commands.Choice(name=fit(name), value=value) for name, value in found[:25]]
