"""The choices of `/hex` options, in English (French: `commands.choices.<key>`)."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str

from cogs.common.translator import keyed_choices

TERRAINS = keyed_choices(
    "hex_terrain",
    {
        "clear": "Clear",
        "rough": "Rough",
        "difficult": "Difficult",
        "water": "Water",
        "lava": "Lava",
        "fortification": "Fortification",
        "impassable": "Impassable",
    },
)
SIDES = keyed_choices(
    "hex_side",
    {
        "normal": "Normal",
        "rough": "Rough side",
        "impassable": "Impassable side",
        "water": "Water side",
        "road": "Path/Road",
        "fortification_entrance": "Fortification entrance",
        "fortification": "Fortification side",
    },
)
POSITIONS = keyed_choices(
    "hex_position",
    {
        "ground": "Ground",
        "close_flight": "Close flight",
        "distant_flight": "Distant flight",
        "close_infiltration": "Close infiltration",
        "deep_infiltration": "Deep infiltration",
    },
)
COMBATS = keyed_choices("hex_combat", {"shock": "Shock", "fire": "Fire"})
LEVELS = keyed_choices(
    "hex_level",
    {
        "same": "Same level",
        "higher": "Attacker above",
        "lower": "Attacker below",
    },
)
FACINGS = keyed_choices("hex_facing", {"front": "Front", "flank": "Flank", "rear": "Rear"})
DESTINATIONS = keyed_choices(
    "hex_dest",
    {
        "free": "Free",
        "forbidden": "Forbidden hex",
        "deadly": "Deadly hex (pit, lava, fire)",
        "stacking": "Stacking not allowed",
    },
)
MORALES = keyed_choices(
    "hex_morale",
    {
        "steady": "Steady",
        "shaken": "Already shaken",
        "routed": "Routed",
        "magic": "Magic morale profile",
        "unshakeable": "Unshakeable",
    },
)
MOVERS = keyed_choices(
    "hex_mover",
    {
        "large": "Large unit",
        "small": "Small unit",
        "formation": "Formation",
    },
)
CHANGES = keyed_choices(
    "hex_change",
    {
        "hex": "Hex",
        "position": "Position",
        "both": "Hex and position",
    },
)
# The four tables of seed 001 "Errement", in the seed's order (rulesdb: Table d'Errement n)
TABLES = [
    app_commands.Choice(name=locale_str(name, key=f"hex_table_{value}"), value=value)
    for value, name in (
        (1, "Wandering Table 1 (1 left, 2-5 move, 6 right)"),
        (2, "Wandering Table 2 (1 no move, 2 left, 3-5 move, 6 right)"),
        (3, "Wandering Table 3 (1-2 no move, 3 left, 4-5 move, 6 right)"),
        (4, "Wandering Table 4 (1-3 no move, 4 left, 5 move, 6 right)"),
    )
]
