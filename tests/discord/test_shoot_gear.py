"""Drones and equipment in `/shoot` and `/assault`: the Camo Drone (002's second "BATTER
DRONE" heading, 003 "CAMO DRONE"), the Scout Probe that cancels it (000/002/003 "SCOUT
PROBE"), the Breaching Kit (003 "BREACHING KIT"), and a tracked unit's own drones and rules
(`/unit add gear:`) applied without being typed again (seeds 002/003 "SHIELD DRONE",
"SPOTTER DRONE", "MEDI-DRONE", "RÈGLES SPÉCIALES COMMUNES", 000 "BORER DRONE")."""

from __future__ import annotations

from tests.discord.game_kit import snapshot
from tests.discord.test_shoot_kit import armies, assault, faces, refused, shoot, shown
from tests.support.locale import french


async def camo_gangers(table) -> None:
    await armies(table)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", gear="camo", down=True)


async def test_a_down_camo_unit_cannot_be_targeted_beyond_ten_inches(simcord_env, table, dice):
    """003 "CAMO DRONE": "Une unité qui inclut un drone de camouflage est Down, elle ne peut
    pas être ciblée à des portées supérieures à 10"": refused, nothing rolled or changed."""
    await camo_gangers(table)
    await refused(
        simcord_env, table.channel, table.alice, "shoot",
        "cannot be targeted beyond 10\" (15\" here)",
        weapon="mag-gun", models=5, shooter="Troopers", target="Gangers", distance=15,
    )
    with french():
        await refused(
            simcord_env, table.channel, table.alice, "shoot",
            "ne peut pas être visée au-delà de 10\" (15\" ici)",
            weapon="mag-gun", models=5, shooter="Troopers", target="Gangers", distance=15,
        )
    await refused(
        simcord_env, table.channel, table.alice, "shoot", "give the distance",
        weapon="mag-gun", models=5, shooter="Troopers", target="Gangers", band="effective",
    )
    assert dice.rolled == []


async def test_camo_within_ten_inches_or_with_a_scout_probe_is_shot_as_down(
    simcord_env, table, dice
):
    """Within 10" the Camo unit is shot as any Down unit (hits rerolled: rules-notes); an
    enemy Scout Probe within 10" cancels the drone beyond 10" too (003 "SCOUT PROBE": "la
    cible comptera toujours comme étant Down")."""
    await camo_gangers(table)
    dice.script(2, 9)  # two Acc tests at 5 + 1 (Fire) = 6: one hit
    dice.script(7)  # the hit is rerolled against a Down target: missed
    fired = await shoot(
        table.alice, table.channel, weapon="mag-gun", models=2,
        shooter="Troopers", target="Gangers", distance=8,
    )
    assert not fired.ephemeral, fired.response.content
    assert "No hits: nothing happens to the target." in shown(fired)

    dice.script(1, 3, 4)  # a hit (a 1), rerolled against Down: hits again; Res test passed
    with french():
        fired = await shoot(
            table.alice, table.channel, weapon="mag-gun", models=1,
            shooter="Troopers", target="Gangers", distance=25, extras="scout-probe",
        )
    assert not fired.ephemeral, fired.response.content
    assert faces(shown(fired)) == [1, 3, 4]
    dice.assert_used()


async def test_breaching_kit_against_a_structure(simcord_env, table, dice):
    """003 "BREACHING KIT": +1 Acc to shoot at buildings, walls, doors, and +1 SV within 5"
    ("une unité avec un Kit de Démolition reçoit un bonus de +1 à son Acc et un bonus de +1
    à sa VI lorsqu'elle cible des bâtiments")."""
    await armies(table)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", gear="breaching-kit")
    dice.script(7, 3)  # Acc 5 + 1 (Fire) + 1 (Breaching Kit) = 7: one hit; Res 8 − 1 − 1 = 6
    fired = await shoot(
        table.alice, table.channel, weapon="mag-gun", models=1, shooter="Troopers",
        res=8, distance=4, extras="structure",
    )
    text = shown(fired)
    assert "Fire order +1 · Breaching Kit +1 → hits on **7**" in text
    assert "Breaching Kit (+1 SV) −1" in text and "passes on **6** or less" in text
    dice.script(7)  # beyond 5": +1 Acc only
    with french():
        fired = await shoot(
            table.alice, table.channel, weapon="mag-gun", models=1, shooter="Troopers",
            res=8, distance=12, extras="bâtiment",
        )
    text = shown(fired)
    assert "kit de démolition +1" in text and "+1 VI" not in text
    await refused(
        simcord_env, table.channel, table.alice, "shoot", "give the distance",
        weapon="mag-gun", models=1, shooter="Troopers", res=8, band="effective",
        extras="structure",
    )
    dice.assert_used()


async def test_a_tracked_units_own_drones_and_rules_apply_untyped(simcord_env, table, dice):
    """The target's Shield Drone (a D10 per hit: 1 blocked, drone kept) and Medi-Drone
    (a failed Res test rerolled), the shooter's Spotter Drone (a missed Acc test rerolled),
    all from `/unit edit gear:`; a typed option still wins."""
    await armies(table)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", gear="spotter")
    await table.bob.slash(
        table.channel, "unit edit", unit="Gangers", gear="shield-drone, medi-drone"
    )
    dice.script(9)  # Acc test at 6: missed, the Spotter rerolls it
    dice.script(4)  # the reroll hits
    dice.script(5)  # Shield Drone: 2–9 blocks, the drone is lost
    fired = await shoot(
        table.alice, table.channel, weapon="mag-gun", models=1,
        shooter="Troopers", target="Gangers", distance=12,
    )
    text = shown(fired)
    assert not fired.ephemeral, text
    assert faces(text) == [9, 4, 5]
    assert "Shield" in text and "Spotter" in text

    dice.script(3)  # Acc hit
    dice.script(9, 2)  # Res 6 − 1 = 5: failed, the Medi-Drone's reroll passes
    fired = await shoot(
        table.alice, table.channel, weapon="mag-gun", models=1, shooter="Troopers",
        target="Gangers", distance=12, shield_drones=0, spotter=False,
    )
    text = shown(fired)
    assert faces(text) == [3, 9, 2] and "Medi-Drone" in text
    dice.assert_used()


async def test_a_tracked_borer_drone_adds_one_strength_in_assault(simcord_env, table, dice):
    """000 "BORER DRONE": "L'unité bénéficie d'un bonus de Force de +1 ... y compris le combat
    au corps-à-corps" — from the unit's gear, with no word typed."""
    await armies(table)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", gear="borer")
    before = await snapshot(simcord_env, table.channel)
    fought = await assault(table.alice, table.channel, attacker="Troopers", defender="Gangers")
    text = shown(fought)
    assert "**Str** 6 · Borer Drone +1 → hits on **7** or less" in text
    assert "**Str** 5 → hits on **5** or less" in text  # the Troopers have no drone
    assert await snapshot(simcord_env, table.channel) != before  # one event, applied
