"""Res rerolls of Medics, Medi-Drones and Medi-Probes (issue 21, items 2 and 5b) through the
real `/shoot` and `/assault`, in English and French: they heal only humans (002/003
"MEDI-DRONE", "MEDI PROBE (MÉDI-SONDE)", 003 "MEDIC"), and a unit's own Medic (n) gives
one reroll as printed (002/003 "Medic (n)"; ruleset medic_n_rerolls)."""

from __future__ import annotations

from tests.discord.test_shoot_kit import armies, assault, faces, shoot, shown
from tests.support.locale import french

AT_DRONE = {
    "weapon": "mag-gun",
    "models": 1,
    "shooter": "Troopers",
    "target": "Gun Drone",
    "distance": 10,
}
UNTRACKED = {"weapon": "mag-gun", "models": 1, "acc": 5, "res": 5, "distance": 10}


async def drone_with_medics(table) -> None:
    """Bob's Gun Drone (a weapon drone, Res 5) with a Medic and a Medi-Drone in its gear."""
    await armies(table)
    await table.bob.slash(
        table.channel,
        "unit add",
        name="Gun Drone",
        kind="weapon_drone",
        res=5,
        co=8,
        gear="medic, medi-drone",
    )


async def test_medics_do_not_heal_a_weapon_drone(simcord_env, table, dice):
    """002/003 "MEDI-DRONE", 003 "MEDIC": "ne peuvent soigner que des victimes humaines – ils
    ne peuvent pas s'occuper de machines": the drone's failed Res test is not rerolled (its
    gear's Medic and Medi-Drone), it rolls the damage chart, and the reply says why."""
    await drone_with_medics(table)
    dice.script(2, 9, 1)  # Acc 6: a hit; Res 5 − 1 = 4: 9 fails, no reroll; chart d10 1
    text = shown(await shoot(table.alice, table.channel, **AT_DRONE))
    assert "Res tests: `9`❌\n🩺 Not used: Medic, Medi-Drone — in human armies they heal " in text
    assert "not machines or non-human creatures: the target is a weapon drone" in text
    assert "Res tests failed: **1** of 1 (rerolled: 0)." in text
    assert faces(text) == [2, 9, 1]
    await table.alice.slash(table.channel, "game undo")  # her shot: the chart put it Down
    dice.script(2, 9, 1)
    with french():
        text = shown(await shoot(table.alice, table.channel, **AT_DRONE))
    assert "🩺 Non utilisées : Médecin, Médi-Drone — dans les armées humaines ils ne soignent" in (
        text
    )
    assert "la cible est une unité de type drone d'arme" in text
    dice.assert_used()


async def test_typed_rerolls_are_refused_to_machines_but_not_the_leaders(table, dice):
    """The same for rerolls typed in `res-rerolls` (a vehicle, no game); Leader (n) is the
    Leader's own rule, not a medic's: it still rerolls the Leader's test (002/003 "Leader
    (n)")."""
    dice.script(2, 9, 3)  # a hit; Res 4: 9 fails; the Leader's reroll 3 holds
    text = shown(
        await shoot(
            table.alice,
            table.channel,
            target_kind="vehicle",
            res_rerolls="medi-probe, leader 1",
            **UNTRACKED,
        )
    )
    assert "`9`❌→`3`✅ (Leader)" in text
    assert "🩺 Not used: Medi-Probe — " in text and "the target is a vehicle" in text
    dice.assert_used()


async def test_heavy_weapons_are_not_healed_unless_the_ruleset_says_so(simcord_env, table, dice):
    """A heavy weapon's failed Res test rolls the weapon's damage chart (002/003 "Dégâts des
    Armes Lourdes"): a machine's damage, not healed by default (ruleset
    medics_heal_heavy_weapons off); on, the Medic rerolls it."""
    await armies(table)
    shot = {"target_kind": "heavy_weapon", "res_rerolls": "medic", **UNTRACKED}
    dice.script(2, 9, 1)  # a hit; Res 4: 9 fails; heavy weapon chart d10 1
    text = shown(await shoot(table.alice, table.channel, **shot))
    assert (
        "🩺 Not used: Medic — a heavy weapon's failed Res test damages the weapon, not a human "
        "(ruleset *Medics heal heavy weapons* off" in text
    )
    with french():
        dice.script(2, 9, 1)
        text = shown(await shoot(table.alice, table.channel, **shot))
    assert "🩺 Non utilisées : Médecin — un test de Rés raté d'une arme lourde endommage" in text
    changed = await table.alice.slash(
        table.channel, "game rules", setting="medics_heal_heavy_weapons", value="on"
    )
    assert "*Medics heal heavy weapons* off → **on**" in changed.response.content
    dice.script(2, 9, 3)  # the Medic rerolls the 9: 3 holds, no chart
    text = shown(await shoot(table.alice, table.channel, **shot))
    assert "`9`❌→`3`✅ (Medic)" in text and "Not used" not in text
    dice.assert_used()


async def test_a_weapon_drone_in_close_combat_gets_no_medic(table, dice):
    """ "qu'elle se bat au corps-à-corps" (003 "MEDIC"): the same in close combat."""
    dice.script(2, 9)  # the attacker hits; the drone misses
    dice.script(9, 1)  # the drone's Res 5: 9 fails, no reroll; weapon drone chart d10 1
    text = shown(
        await assault(
            table.alice,
            table.channel,
            attacker="str 5 res 5",
            defender="str 5 res 5 weapon-drone",
            defender_res_rerolls="medic",
        )
    )
    assert "🩺 Not used: Medic — " in text and "the target is a weapon drone" in text
    dice.assert_used()


async def medic_troopers(table, gear: str) -> dict:
    """Alice's Troopers with ``gear``; Bob's Gangers shoot them with 3 Mag Guns at 10"."""
    await armies(table)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", gear=gear)
    return {
        "weapon": "mag-gun",
        "models": 3,
        "shooter": "Gangers",
        "target": "Troopers",
        "distance": 10,
    }


async def test_a_medic_n_gives_one_reroll_by_default(simcord_env, table, dice):
    """002/003 "Medic (n)": "Unités à 5" ou moins peuvent relance 1 test de Res raté"; 003
    "MEDIC": one reroll "pour chaque Medic à portée". The unit's own Medic (3) gives 1."""
    shot = await medic_troopers(table, "medic 3")
    dice.script(1, 1, 1, 9, 2, 9, 9)  # 3 hits; Res 6 − 1 = 5: 9, its reroll 2; 9, 9
    text = shown(await shoot(table.bob, table.channel, **shot))
    assert "Res tests: `9`❌→`2`✅ (Medic) `9`❌ `9`❌" in text
    assert (
        "🩺 Medic (3): 1 reroll — “relance 1 test de Res raté” (seeds “Medic (n)”; ruleset "
        "*Medic (n) gives n rerolls* off)." in text
    )
    assert "Casualties: **2**." in text
    await table.alice.slash(table.channel, "game undo")
    dice.script(1, 1, 1, 9, 2, 9, 9)
    with french():
        text = shown(await shoot(table.bob, table.channel, **shot))
    assert "🩺 Médecin (3) : 1 relance — « relance 1 test de Res raté »" in text
    dice.assert_used()


async def test_medic_n_rerolls_on_gives_n(simcord_env, table, dice):
    """Ruleset medic_n_rerolls on: the Medic (3) rerolls three failed tests."""
    shot = await medic_troopers(table, "medic 3")
    await table.alice.slash(table.channel, "game rules", setting="medic_n_rerolls", value="on")
    dice.script(1, 1, 1, 9, 2, 9, 3, 9, 10)  # three failures, each rerolled: 2, 3 hold
    text = shown(await shoot(table.bob, table.channel, **shot))
    assert "Res tests: `9`❌→`2`✅ (Medic) `9`❌→`3`✅ (Medic) `9`❌→`10`❌ (Medic)" in text
    assert "🩺 Medic (3): 3 rerolls (ruleset *Medic (n) gives n rerolls* on)." in text
    assert "Casualties: **1**." in text
    dice.assert_used()
