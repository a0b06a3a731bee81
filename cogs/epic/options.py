"""The choices of `/epic` options, in English (French: `commands.choices.<key>`)."""

from __future__ import annotations

from cogs.common.translator import keyed_choices

CLASSES = keyed_choices(
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
MODES = keyed_choices(
    "epic_mode",
    {
        "interception": "Interception fire (7+)",
        "counter_charge": "Counter-charge fire (6+)",
    },
)
KINDS = keyed_choices("epic_kind", {"shot": "Shot (to hit)", "assault": "Assault"})
AIRS = keyed_choices(
    "epic_air",
    {
        "ground": "None of these",
        "flying": "Flying",
        "floating": "Floating",
        "antigrav": "Antigrav over terrain needing it",
        "jump_pack": "Jump pack over terrain needing it",
    },
)
REROLLS = keyed_choices(
    "epic_reroll",
    {
        "hit": "To-hit roll",
        "save": "Save roll",
        "assault": "Assault roll",
        "other": "Another roll",
    },
)
