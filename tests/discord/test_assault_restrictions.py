"""Who may fight in `/assault` (issue 21, item 1), through the real slash command in English
and French: probes neither assault nor are assaulted, weapon drones do not assault, unless
a special rule allows it (`exception`), which the reply and the game log then say."""

from __future__ import annotations

from tests.discord.test_assault import brawl
from tests.discord.test_shoot_kit import assault, refused, shown
from tests.support.locale import french


async def machines(table) -> None:
    """Bob's Probe (a probe) and Alice's Gun Drone (a weapon drone), next to the brawlers."""
    await brawl(table)
    stats = {"str": 5, "res": 7, "co": 8}
    await table.bob.slash(table.channel, "unit add", name="Probe", kind="probe", **stats)
    await table.alice.slash(
        table.channel, "unit add", name="Gun Drone", kind="weapon_drone", **stats
    )


async def test_probes_neither_assault_nor_are_assaulted(simcord_env, table, dice):
    """000/002/003 "PROBES (SONDES)": "Les Probes ne peuvent pas effectuer d'assaut et ne
    peuvent pas subir d'assaut": refused ephemerally, nothing rolled or changed, tracked
    (by kind) or typed (the word probe / sonde)."""
    await machines(table)
    env, channel = simcord_env, table.channel
    await refused(
        env,
        channel,
        table.alice,
        "assault",
        "The defender is a probe: probes cannot be assaulted",
        attacker="Brawlers",
        defender="Probe",
    )
    await refused(
        env,
        channel,
        table.bob,
        "assault",
        "The attacker is a probe: probes cannot assault",
        attacker="Probe",
        defender="Brawlers",
    )
    await refused(
        env,
        channel,
        table.alice,
        "assault",
        "If a special rule allows it here, set exception",
        attacker="str 5 res 5",
        defender="str 5 res 5 probe",
    )
    with french():
        await refused(
            env,
            channel,
            table.alice,
            "assault",
            "Le défenseur est une sonde : les sondes ne peuvent pas subir d'assaut",
            attacker="Brawlers",
            defender="Probe",
        )
        await refused(
            env,
            channel,
            table.alice,
            "assault",
            "mettez exception à True",
            attacker="for 5 rés 5 sonde",
            defender="for 5 rés 5",
        )
    assert dice.rolled == []


async def test_weapon_drones_do_not_assault_save_exceptions(simcord_env, table, dice):
    """000/002/003 "WEAPON DRONES (DRONES ARMÉS)": "Les Weapon Drones ne sont pas autorisés
    à effectuer un assaut. Sauf exception." A drone may still be assaulted."""
    await machines(table)
    env, channel = simcord_env, table.channel
    await refused(
        env,
        channel,
        table.alice,
        "assault",
        "The attacker is a weapon drone: weapon drones may not assault, “sauf exception”",
        attacker="Gun Drone",
        defender="Guards",
    )
    with french():
        await refused(
            env,
            channel,
            table.alice,
            "assault",
            "L'attaquant est un drone d'arme : les Weapon Drones ne sont pas autorisés",
            attacker="str 5 res 7 weapon-drone",
            defender="str 5 res 5",
        )
    dice.script(9, 9)  # the Guards charge the drone: both miss; its one attack misses
    dice.script(9)
    fought = await assault(table.bob, channel, attacker="Guards", defender="Gun Drone")
    assert not fought.ephemeral, fought.response.content
    assert "special rule" not in shown(fought)
    dice.assert_used()


async def test_a_special_rule_lets_them_fight_and_the_log_says_so(simcord_env, table, dice):
    """ "Sauf exception": with `exception` the fight is resolved; the reply says which
    restriction a special rule lifted, and so does the game log's entry."""
    await machines(table)
    channel = table.channel
    dice.script(9, 9, 9)  # the drone's attack and the Guards' two miss
    fought = await assault(
        table.alice, channel, attacker="Gun Drone", defender="Guards", exception=True
    )
    text = shown(fought)
    assert not fought.ephemeral, text
    assert (
        "⚠️ A special rule allows it (exception): the attacker is a weapon drone, which may "
        "not assault “sauf exception”." in text
    )
    log = (await table.alice.slash(channel, "game log")).response.embeds[0].description
    assert "special rule: a weapon drone assaults" in log
    dice.script(9, 9, 9)  # the Guards' two attacks and the probe's miss
    with french():
        fought = await assault(
            table.bob, channel, attacker="Guards", defender="Probe", exception=True
        )
        assert "⚠️ Une règle spéciale le permet (exception) : le défenseur est une sonde" in (
            shown(fought)
        )
        log = (await table.alice.slash(channel, "game log")).response.embeds[0].description
    assert "règle spéciale : une sonde subit l'assaut" in log
    dice.assert_used()
    assert len(dice.rolled) == 6  # no die beyond the script
