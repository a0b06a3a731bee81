"""French armour reads "Aucune" (issue 22): "armure" is feminine, while the cover choice of
`/shoot` with the same value `none` stays "Aucun" (le couvert). Each choice has its own
French word (`commands.choices.armour_<value>`), in the command Discord shows and in replies."""

from __future__ import annotations

import discord

from tests.discord.game_kit import state_of
from tests.support.locale import french

FRENCH = discord.Locale.french


def french_choices(option) -> dict[str, str]:
    return {c.value: c.name_localizations.get(FRENCH, c.name) for c in option.choices}


def options_of(command) -> dict:
    return {o.name: o for o in command.options}


async def test_armour_choices_are_feminine_and_cover_stays_masculine(simcord_env):
    synced = {c.name: c for c in await simcord_env.bot.tree.fetch_commands()}
    unit = options_of(synced["unit"])
    for sub in ("add", "edit"):
        armour = french_choices(options_of(unit[sub])["armour"])
        assert armour == {
            "none": "Aucune",
            "reflex": "Réflexe",
            "mounted_reflex": "Réflexe montée",
            "phase": "À phases",
        }, sub
    shoot = options_of(synced["shoot"])
    assert french_choices(shoot["armour"])["none"] == "Aucune"
    assert french_choices(shoot["cover"])["none"] == "Aucun"
    assert [c.name for c in shoot["armour"].choices][0] == "None"  # English unchanged


async def test_units_with_and_without_armour_in_french(simcord_env, table):
    with french():
        await table.alice.slash(table.channel, "game start", name="Vorl")
        added = await table.alice.slash(
            table.channel, "unit add", name="Nus", models=5, co=8, res=5, armour="none"
        )
        await table.alice.slash(
            table.channel, "unit add", name="Blindés", models=5, co=8, res=5, armour="reflex"
        )
        bare = await table.alice.slash(table.channel, "unit show", unit="Nus")
        armoured = await table.alice.slash(table.channel, "unit show", unit="Blindés")
        edited = await table.alice.slash(table.channel, "unit edit", unit="Blindés", armour="none")
    assert "Aucun" not in added.response.content
    stats = {f.name: f.value for f in bare.response.embeds[0].fields}["Caractéristiques"]
    assert stats == "Rés 5 · Co 8"  # no armour: nothing added to the Res
    stats = {f.name: f.value for f in armoured.response.embeds[0].fields}["Caractéristiques"]
    assert stats == "Rés 5 + réflexe 1 · Co 8"
    assert "armure" in edited.response.content and "Aucun" not in edited.response.content
    state = await state_of(simcord_env, table.channel)
    assert [u.armour for u in state.units.values()] == ["none", "none"]
