"""Issue 21, items 4 and 5a/5c, through the real slash commands in English and French:
`/assault` under an enemy Scrambler (seeds "SCRAMBLER (Brouilleur)"), declining the Shield
Drones (ruleset shield_drones_optional) and the D-Spinner's grenade Str (ruleset
d_spinner_grenade_str)."""

from __future__ import annotations

from tests.discord.test_assault import brawl
from tests.discord.test_shoot_kit import armies, assault, faces, refused, shoot, shown
from tests.discord.test_shoot_markers import declare
from tests.support.locale import french

# --- /assault under a Scrambler ---------------------------------------------------------------


async def scrambled_brawlers(simcord_env, table) -> None:
    """Alice's Brawlers (Borer Drone, Medi-Drone) within Bob's Scrambler; Bob's Gun Drone
    (Res 7) within Alice's."""
    await brawl(table)
    await table.alice.slash(
        table.channel, "unit edit", unit="Brawlers", gear="borer-drone, medi-drone"
    )
    await table.bob.slash(
        table.channel, "unit add", name="Gun Drone", kind="weapon_drone", str=5, res=7, co=8
    )
    await declare(simcord_env, table, table.bob, "scrambler", "Brawlers")
    await declare(simcord_env, table, table.alice, "scrambler", "Gun Drone")


async def test_a_scrambled_side_loses_its_buddy_drones_in_close_combat(simcord_env, table, dice):
    """ "Si l'unité inclut des Buddy Drones, ils cessent de fonctionner": no Borer Drone +1
    Str (000 "BORER DRONE"), no Medi-Drone reroll; "Si l'unité est un drone armé ou un
    véhicule, sa valeur de Rés est réduite de -2". The reply names what was switched off."""
    await scrambled_brawlers(simcord_env, table)
    sides = {"attacker": "Brawlers", "defender": "Gun Drone"}
    dice.script(2, 6)  # the Brawlers' Str 5 (no Borer +1): 2 hits, 6 misses
    dice.script(2)  # the drone hits
    dice.script(4)  # the drone's Res 7 − 2 (Scrambler) = 5: 4 holds
    dice.script(9)  # the Brawlers' Res 6: 9 fails, no Medi-Drone reroll
    text = shown(await assault(table.alice, table.channel, **sides))
    assert (
        "📡 **Brawlers** is within an enemy Scrambler: armour bonuses cancelled, weapon drones "
        "and vehicles −2 Res, buddy drones off" in text
    )
    assert (
        "📡 **Brawlers**: its buddy drones do not work — Borer Drone off (no +1 Str), "
        "Medi-Drone off (no reroll)." in text
    )
    assert "bare hands × 2 attacks · **Str** 5 → hits on **5** or less" in text
    assert "**Res** 7 · Scrambler −2 − SV 0 → passes on **5** or less" in text
    assert "Res tests: `9`❌\n" in text and "Losses: **1**." in text
    assert faces(text) == [2, 6, 2, 4, 9]
    await table.alice.slash(table.channel, "game undo")
    dice.script(2, 6, 2, 4, 9)
    with french():
        text = shown(await assault(table.alice, table.channel, **sides))
    assert "📡 **Brawlers** est à portée d'un Scrambler ennemi : bonus d'armure annulés" in text
    assert (
        "📡 **Brawlers** : ses Buddy Drones ne fonctionnent pas — Drone Foreur inactif (pas de "
        "+1 en For), Médi-Drone inactif (pas de relance)." in text
    )
    dice.assert_used()


async def test_a_jam_proof_side_keeps_its_drones(simcord_env, table, dice):
    """ "Le Scrambler n'affecte pas les figurines qui ont la règle spéciale à l'épreuve du
    brouillage": the Borer Drone's +1 Str and the Medi-Drone's reroll are back."""
    await scrambled_brawlers(simcord_env, table)
    proof = await table.alice.slash(table.channel, "marker jam-proof", unit="Brawlers")
    assert not proof.ephemeral, proof.response.content
    dice.script(6, 7)  # Str 5 + 1 (Borer Drone): 6 hits, 7 misses
    dice.script(2)  # the drone hits
    dice.script(4)  # the drone's Res 5: 4 holds
    dice.script(9, 3)  # the Brawlers' Res 6: 9 fails, the Medi-Drone's reroll 3 holds
    text = shown(
        await assault(table.alice, table.channel, attacker="Brawlers", defender="Gun Drone")
    )
    assert "📡 **Brawlers**" not in text
    assert "**Str** 5 · Borer Drone +1 → hits on **6** or less" in text
    assert "`9`❌→`3`✅ (Medi-Drone)" in text
    dice.assert_used()


# --- Shield Drones: the target's player may decline -------------------------------------------

SHIELDED = {
    "weapon": "mag-gun",
    "models": 1,
    "shooter": "Troopers",
    "target": "Gangers",
    "distance": 10,
}


async def shielded_gangers(table) -> None:
    await armies(table)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", gear="shield-drone 2")


async def test_the_targets_player_may_decline_the_shield_drones(simcord_env, table, dice):
    """003 "SHIELD DRONE": "le joueur peut tenter d'intercepter le tir avec un de ses Shield
    Drone" (ruleset shield_drones_optional, on by default): extras no-shield (sans-bouclier)
    rolls no Shield Drone die, the hit goes to its Res test. Without it the D10 is rolled."""
    await shielded_gangers(table)
    dice.script(2, 5)  # Acc 6: a hit; Shield Drone D10 5: blocked, the drone lost
    text = shown(await shoot(table.alice, table.channel, **SHIELDED))
    assert "Shield Drones (a D10 per hit" in text and faces(text) == [2, 5]
    await table.alice.slash(table.channel, "game undo")
    dice.script(2, 7)  # a hit; no Shield Drone die; Res 6 − 1 = 5: 7 fails
    text = shown(await shoot(table.alice, table.channel, extras="no-shield", **SHIELDED))
    assert (
        "🛡️ Shield Drones: the target's player declines the interception (003 “le joueur peut "
        "tenter”): the hits go through." in text
    )
    assert "Shield Drones (a D10" not in text and faces(text) == [2, 7]
    assert "Casualties: **1**." in text
    await table.alice.slash(table.channel, "game undo")
    dice.script(2, 7)
    with french():
        text = shown(await shoot(table.alice, table.channel, extras="sans-bouclier", **SHIELDED))
    assert "🛡️ Drones Bouclier : le joueur de la cible refuse l'interception" in text
    assert faces(text) == [2, 7]
    dice.assert_used()


async def test_shield_drones_always_intercept_with_the_setting_off(simcord_env, table, dice):
    """000/002 "SHIELD DRONE": "lancez D10" — with shield_drones_optional off, declining is
    refused (ephemeral, in the caller's language, nothing rolled or changed)."""
    await shielded_gangers(table)
    await table.alice.slash(
        table.channel, "game rules", setting="shield_drones_optional", value="off"
    )
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Shield Drones always try to intercept in this game (ruleset *Shield Drones may be "
        "declined* off; seeds 000/002 “lancez D10”): take no-shield out of extras",
        extras="no-shield",
        **SHIELDED,
    )
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Les Drones Bouclier tentent toujours l'interception dans cette partie",
            extras="sans-bouclier",
            **SHIELDED,
        )
    assert dice.rolled == []


# --- D-Spinner: the grenade attack's Str ------------------------------------------------------

SPINNER = {
    "attacker": "str 5 res 5",
    "defender": "str 5 res 5",
    "weapon": "d-spinner",
    "d_spinner": "sv",
}


async def test_the_d_spinner_grenade_attack_gets_no_grenade_str_by_default(table, dice):
    """003 "Grenade": the SV 2 option "compte comme une attaque à la grenade. Cela veut dire
    que la VI des touches occasionnées peut être accumulée" — what it means is the SV added
    up, not the grenades' +1 Str (ruleset d_spinner_grenade_str off)."""
    await armies(table)
    dice.script(5, 6)  # D-Spinner, 2 attacks at Str 5: 5 hits, 6 misses
    dice.script(9)  # the defender misses
    dice.script(3)  # Res 5 − SV 2 = 3: holds
    text = shown(await assault(table.alice, table.channel, **SPINNER))
    assert "D-Spinner × 2 attacks · **Str** 5 → hits on **5** or less · SV 2" in text
    dice.script(5, 6, 9, 3)
    with french():
        text = shown(await assault(table.alice, table.channel, **SPINNER))
    assert "D-Spinner × 2 attaques · **For** 5 → touche sur **5** ou moins · VI 2" in text
    changed = await table.alice.slash(
        table.channel, "game rules", setting="d_spinner_grenade_str", value="on"
    )
    assert "*D-Spinner grenade Str bonus* off → **on**" in changed.response.content
    dice.script(5, 6, 9)  # Str 5 + 1: both hit; the defender misses
    dice.script(1)  # both hits on the one model: Res 5 − SV 4 = 1: a 1 holds
    text = shown(await assault(table.alice, table.channel, **SPINNER))
    assert "**Str** 5 · grenade +1 → hits on **6** or less · SV 2" in text
    assert "(2 grenade hits on one model, their SV added)" in text
    dice.assert_used()
