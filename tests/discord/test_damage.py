"""`/damage`: a damage chart rolled on its own with its nested dice, applied to a tracked
unit as one undoable event (seed 002 "TABLEAUX DES DÉGÂTS"; Massive Damage: ruleset
massive_damage, rules-notes "Shooting")."""

from __future__ import annotations

from tests.discord.game_kit import forged_options, state_of
from tests.discord.test_shoot_kit import armies, damage, faces, refused, shown
from tests.support.locale import french


async def hauler(table) -> None:
    await armies(table)
    await table.bob.slash(
        table.channel, "unit add", name="Hauler", kind="vehicle", models=1, res=14, co=8, dice=2
    )


async def test_massive_damage_on_a_tracked_vehicle(simcord_env, table, dice):
    """Vehicle chart rolled twice, the worse (9: "+D6 Stress, Test de Moral, Down, DOM -1 Dé
    d'Ordre") applies; its D6 and the break test it asks for are rolled and shown."""
    await hauler(table)
    before = await state_of(simcord_env, table.channel)
    dice.script(3, 9)  # the chart twice
    dice.script(4)  # the D6 pins of row 9
    dice.script(2)  # break test: Co 8 − 4 pins = 4
    rolled = await damage(table.bob, table.channel, table="vehicle", unit="Hauler", massive=True)
    text = shown(rolled)
    assert not rolled.ephemeral
    assert "💥 Vehicle damage chart — Hauler" in text
    assert "— Massive Damage: rolled twice, the worse counts" in text
    assert "~~D10 `3` → +1 pin.~~ (the other roll counts)" in text
    assert "D10 `9` → +D6 pins, Break test, Down, MOD -1 order die (D6: `4`)" in text
    assert "→ +4 pins · MOD −1 · Down · break test" in text
    assert "**Hauler**: pins 0 → **4**." in text and "**Hauler** goes **Down**" in text
    assert "Break test (damage chart): Co 8 − 4 pins = 4: rolled `2` ✅" in text
    assert faces(text) == [3, 9, 4, 2]
    vehicle = (await state_of(simcord_env, table.channel)).units["u3"]
    assert (vehicle.pins, vehicle.down, vehicle.dice, vehicle.destroyed) == (4, True, 1, False)
    await table.bob.slash(table.channel, "game undo")  # his own roll: no consent asked
    assert await state_of(simcord_env, table.channel) == before
    dice.assert_used()


async def test_a_chart_rolled_without_a_unit_in_french(simcord_env, table, dice):
    dice.script(10)
    with french():
        rolled = await damage(table.alice, table.channel, table="heavy_weapon")
    text = shown(rolled)
    assert "💥 Table des dégâts des armes lourdes" in text
    assert "D10 `10` → " in text and "→ détruite" in text
    dice.assert_used()


async def test_a_destroyed_result_removes_the_weapon_drone(simcord_env, table, dice):
    await armies(table)
    await table.bob.slash(
        table.channel, "unit add", name="Drone", kind="weapon_drone", models=1, res=9, co=7
    )
    dice.script(10)
    text = shown(await damage(table.alice, table.channel, table="weapon_drone", unit="Drone"))
    assert "☠️ **Drone** is destroyed." in text
    assert (await state_of(simcord_env, table.channel)).units["u3"].destroyed
    dice.assert_used()


async def test_damage_refusals(simcord_env, table):
    await hauler(table)
    env, channel = simcord_env, table.channel
    with forged_options():
        await refused(
            env,
            channel,
            table.alice,
            "damage",
            "tank is not a choice of table: use one of vehicle, weapon_drone, heavy_weapon.",
            table="tank",
            unit="Hauler",
        )
    carol = table.guild.add_member(simcord_env.create_user("carol"))
    await refused(
        env, channel, carol, "damage", "Only this game's players", table="vehicle", unit="Hauler"
    )
    await refused(
        env, channel, table.alice, "damage", "No unit “Tank”", table="vehicle", unit="Tank"
    )
    with french():
        await refused(
            env,
            channel,
            table.alice,
            "damage",
            "Aucune unité « Tank »",
            table="vehicle",
            unit="Tank",
        )
