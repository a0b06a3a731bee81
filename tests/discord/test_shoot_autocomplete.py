"""Autocomplete of `/shoot` and `/assault`: weapons by name in the caller's language, the
chosen weapon's modes, this channel's units (issue 5)."""

from __future__ import annotations

from tests.discord.test_shoot_kit import armies
from tests.support.locale import french


async def test_weapons_and_their_modes(simcord_env, table):
    found = await table.alice.autocomplete(table.channel, "shoot", "weapon", "plasma")
    values = [c["value"] for c in found]
    assert "plasma-carbine" in values and "plasma-cannon" in values
    melee = await table.alice.autocomplete(table.channel, "shoot", "weapon", "tractor")
    assert [c["value"] for c in melee] == ["heavy-tractor-maul"]  # the Tractor Maul only strikes

    modes = await table.alice.autocomplete(
        table.channel, "shoot", "mode", "", weapon="plasma-lance"
    )
    assert [(c["name"], c["value"]) for c in modes] == [
        ("Scatter", "scatter"),
        ("Single Shot", "single-shot"),
        ("Lance", "lance"),
    ]
    with french():
        modes = await table.alice.autocomplete(
            table.channel, "shoot", "mode", "dis", weapon="plasma-carbine"
        )
    assert [(c["name"], c["value"]) for c in modes] == [("Dispersion", "scatter")]
    torus = await table.alice.autocomplete(
        table.channel, "assault", "mode", "", weapon="compressor-torus"
    )
    assert [c["value"] for c in torus] == ["h2h"]
    none = await table.alice.autocomplete(table.channel, "shoot", "mode", "", weapon="nothing")
    assert none == []


async def test_close_combat_weapons_and_units(simcord_env, table):
    melee = await table.alice.autocomplete(table.channel, "assault", "weapon", "")
    values = {c["value"] for c in melee}
    assert {"tractor-maul", "lectro-lash", "d-spinner", "plasma-grenades"} <= values
    assert "mag-gun" not in values
    await armies(table)
    units = await table.bob.autocomplete(table.channel, "shoot", "target", "tro")
    assert [c["name"] for c in units] == ["🟥 Troopers"]
    assert units[0]["value"].endswith(":u1")
