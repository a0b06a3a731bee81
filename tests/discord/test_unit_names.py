"""Typed unit names match as the rules search does (issue 22): case- and accent-insensitive,
a unique prefix or part of the name finds the unit; an ambiguous name lists its candidates."""

from __future__ import annotations

import pytest

from tests.discord.game_kit import skirmish
from tests.support.locale import french


async def scouts(table) -> None:
    await skirmish(table)  # u1 Troopers (Alice), u2 Gangers (Bob)
    await table.alice.slash(table.channel, "unit add", name="Éclaireurs Alpha", models=3, co=8)
    await table.alice.slash(table.channel, "unit add", name="Éclaireurs Bêta", models=3, co=8)


@pytest.mark.parametrize(
    ("typed", "unit"),
    [
        ("troopers", "Troopers"),  # case
        ("TROOP", "Troopers"),  # a unique prefix
        ("eclaireurs alpha", "Éclaireurs Alpha"),  # accents
        ("beta", "Éclaireurs Bêta"),  # a unique part of the name
        ("u3", "Éclaireurs Alpha"),  # ids still work
    ],
)
async def test_typed_names_find_the_unit(table, typed, unit):
    await scouts(table)
    result = await table.alice.slash(table.channel, "pins add", unit=typed, count=1)
    assert not result.ephemeral, result.response.content
    assert result.response.content.startswith(f"**{unit}**: pins 0 → **1**")


async def test_autocomplete_values_still_work(table):
    await scouts(table)
    choices = await table.alice.autocomplete(table.channel, "pins add", "unit", "bêta")
    value = next(c["value"] for c in choices if "Bêta" in c["name"])
    assert value.endswith(":u4")  # <game>:<unit>
    result = await table.alice.slash(table.channel, "pins add", unit=value, count=1)
    assert result.response.content.startswith("**Éclaireurs Bêta**: pins 0 → **1**")


async def test_an_ambiguous_name_is_refused_with_its_candidates(table):
    await scouts(table)
    result = await table.alice.slash(table.channel, "pins add", unit="eclair", count=1)
    assert result.ephemeral
    assert result.response.content == (
        "“eclair” could be 2 units: “Éclaireurs Alpha” (u3), “Éclaireurs Bêta” (u4)."
        " Type more of the name, or pick one from the list."
    )
    with french():
        result = await table.alice.slash(table.channel, "pins add", unit="ÉCLAIREURS", count=1)
    assert result.ephemeral
    assert result.response.content == (
        "« ÉCLAIREURS » peut désigner 2 unités : “Éclaireurs Alpha” (u3), “Éclaireurs Bêta” (u4)."
        " Tapez davantage du nom, ou choisissez-en une dans la liste."
    )
    exact = await table.alice.slash(table.channel, "pins add", unit="Éclaireurs Alpha", count=1)
    assert exact.response.content.startswith("**Éclaireurs Alpha**: pins 0 → **1**")


async def test_an_unknown_name_is_still_refused(table):
    await scouts(table)
    result = await table.alice.slash(table.channel, "pins add", unit="Zorg", count=1)
    assert result.ephemeral
    assert "No unit “Zorg” in this channel's game" in result.response.content
    with french():
        result = await table.alice.slash(table.channel, "pins add", unit="!!", count=1)
    assert result.ephemeral and "Aucune unité « !! »" in result.response.content


async def test_the_whole_name_wins_over_a_longer_one(table):
    await skirmish(table)
    await table.alice.slash(table.channel, "unit add", name="Squad", models=3, co=8)
    await table.alice.slash(table.channel, "unit add", name="Squad Two", models=3, co=8)
    result = await table.alice.slash(table.channel, "pins add", unit="squad", count=1)
    assert result.response.content.startswith("**Squad**: pins 0 → **1**")
