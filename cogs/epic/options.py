"""The choices of `/epic` options, in English (French: `commands.choices.<key>`)."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str


def _choices(prefix: str, names: dict[str, str]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=locale_str(name, key=f"{prefix}_{value}"), value=value)
        for value, name in names.items()
    ]


CLASSES = _choices(
    "epic_class",
    {
        "infantry": "Infantry",
        "light_artillery": "Light artillery",
        "cavalry": "Cavalry",
        "walker": "Walker",
        "vehicle": "Vehicle",
        "heavy_artillery": "Heavy artillery",
        "other": "Other",
    },
)
MODES = _choices(
    "epic_mode",
    {
        "interception": "Interception fire (7+)",
        "counter_charge": "Counter-charge fire (6+)",
    },
)
KINDS = _choices("epic_kind", {"shot": "Shot (to hit)", "assault": "Assault"})
AIRS = _choices(
    "epic_air",
    {
        "ground": "None of these",
        "flying": "Flying",
        "floating": "Floating",
        "antigrav": "Antigrav over terrain needing it",
        "jump_pack": "Jump pack over terrain needing it",
    },
)
REROLLS = _choices(
    "epic_reroll",
    {
        "hit": "To-hit roll",
        "save": "Save roll",
        "assault": "Assault roll",
        "other": "Another roll",
    },
)
