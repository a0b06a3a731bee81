"""Rules fidelity of `/shoot` and `/assault` (issue 12, items 3 to 7) through the real slash
commands with scripted dice, in English and French: Targeter Probes and the overhead drift
(ruleset ``targeter_drift_capped``), the Borer Drone's Str, a Batter Drone switched off by
a Scrambler, Leader(n) rerolls for the Leader's own hits, and `res` as the base Res."""

from __future__ import annotations

import discord

from tests.discord.game_kit import state_of
from tests.discord.test_shoot_kit import armies, assault, faces, shoot, shown
from tests.discord.test_shoot_markers import declare
from tests.discord.test_shoot_rules import undo_restores
from tests.support.locale import french

# --- Targeter Probes and overhead drift -----------------------------------------------------

OH_AT_MARKED = {
    "weapon": "x-launcher",
    "models": 1,
    "acc": 5,
    "res": 6,
    "distance": 20,
    "targeters": 5,
}


async def test_targeter_probes_take_at_most_three_inches_off_a_drift_by_default(table, dice):
    """Seed 000 "TARGETER PROBE (SONDE CIBLEUSE)": +1 Acc per probe "jusqu'à un maximum de
    +3"; for OH fire, instead, "réduit la distance de dérive d'1\\" pour chaque Probe". The
    seed states no cap for the drift; the ruleset's targeter_drift_capped (default on) caps
    it at max_targeters (3): five probes take 3" off a 5" drift."""
    dice.script(7, 5)  # Acc 5 − 2 = 3: a miss; drift D5 5 − 3 = 2"
    text = shown(await shoot(table.alice, table.channel, **OH_AT_MARKED))
    assert "**Acc** 5 · overhead fire −2 → hits on **3** or less" in text  # no Acc bonus
    assert (
        'Targeter Probes marking the target: 5 → 3" off each drift, at most *Most targeter bonus* '
        "(ruleset *Targeter drift reduction capped*)." in text
    )
    assert 'the Targeter Probes → **2"**' in text
    dice.script(7, 5)
    with french():
        text = shown(await shoot(table.alice, table.channel, **OH_AT_MARKED))
    assert (
        'Sondes Cibleuses sur la cible : 5 → 3" de moins à chaque dérive, au plus '
        "*Bonus maximal des désignateurs* (réglage *Réduction de dérive des Sondes Cibleuses "
        "plafonnée*)." in text
    )
    assert 'les Sondes Cibleuses → **2"**' in text
    dice.assert_used()


async def test_uncapped_targeter_probes_take_an_inch_each_off_a_drift(simcord_env, table, dice):
    """The same shot with targeter_drift_capped off for this game: 5" off a 5" drift, a
    direct hit (seed 000: "une unité marquée par deux Probes subira une touche directe si
    le tir part hors-cible de 2\\" ou moins")."""
    await armies(table)
    changed = await table.alice.slash(
        table.channel, "game rules", setting="targeter_drift_capped", value="off"
    )
    assert "*Targeter drift reduction capped* on → **off**" in changed.response.content
    dice.script(7, 5, 2, 9, 9)  # a miss, drift D5 5 − 5 = 0": on target; D5 2 hits; Res 5
    text = shown(await shoot(table.alice, table.channel, **OH_AT_MARKED))
    assert 'Targeter Probes marking the target: 5 → 5" off each drift (instead of an Acc' in text
    assert 'the Targeter Probes → **0"** — on target → D5 `2` = **2** hits' in text
    assert "Casualties: **2**." in text
    dice.script(7, 5, 2, 9, 9)
    with french():
        text = shown(await shoot(table.alice, table.channel, **OH_AT_MARKED))
    assert 'Sondes Cibleuses sur la cible : 5 → 5" de moins à chaque dérive (au lieu' in text
    assert '→ **0"**' in text and "Pertes : **2**." in text
    dice.assert_used()


async def test_the_drift_setting_is_listed_with_its_reading(table):
    """`/config ruleset` and `/game rules` list every setting with its description."""
    listing = await table.admin.slash(table.channel, "config ruleset")
    page = listing.response.embeds[0].description
    assert "*Targeter drift reduction capped* = **on** (default on; accepts on/off)" in page
    assert "capped at *Most targeter bonus*, since it replaces the capped Acc bonus" in page
    await armies(table)
    with french():
        shown_fr = await table.bob.slash(
            table.channel, "game rules", setting="targeter_drift_capped"
        )
    page = shown_fr.response.embeds[0].description
    assert (
        "*Réduction de dérive des Sondes Cibleuses plafonnée* = **oui** "
        "(défaut oui ; accepte oui/non)" in page
    )
    assert "l'armurerie ne fixe aucun plafond" in page


# --- Borer Drone ------------------------------------------------------------------------------


async def test_the_borer_drone_adds_one_to_the_str_tests_of_an_assault(table, dice):
    """Seed 000 "BORER DRONE (Drone Foreur)": "L'unité bénéficie d'un bonus de Force de +1,
    qui s'applique à tous les tests contre la Force, y compris le combat au corps-à-corps"."""
    dice.script(6, 7)  # the attacker's Str 5 + 1 = 6: 6 hits; the defender's Str 5: 7 misses
    dice.script(8)  # the defender's Res 5 − SV 0 = 5: a loss
    text = shown(
        await assault(
            table.alice, table.channel, attacker="str 5 res 5 borer-drone", defender="str 5 res 5"
        )
    )
    assert "bare hands × 1 attack · **Str** 5 · Borer Drone +1 → hits on **6** or less" in text
    assert "Str tests: `6`✅" in text
    assert "bare hands × 1 attack · **Str** 5 → hits on **5** or less" in text  # no drone
    dice.script(6, 7, 8)
    with french():
        text = shown(
            await assault(
                table.alice,
                table.channel,
                attacker="for 5 rés 5 drone-foreur",
                defender="for 5 rés 5",
            )
        )
    assert (
        "mains nues × 1 attaque · **For** 5 · Drone Foreur +1 → touche sur **6** ou moins" in text
    )
    assert faces(text) == [6, 7, 8]
    dice.assert_used()


# --- Batter Drone under a Scrambler -------------------------------------------------------


async def test_a_scrambled_target_loses_its_batter_drone(table, dice):
    """Seeds "SCRAMBLER (Brouilleur)": "Si l'unité inclut des Buddy Drones, ils cessent de
    fonctionner"; "BUDDY DRONES": "ses Buddy Drones sont rendus temporairement inutiles".
    The Batter Drone's −2 ("BATTER DRONE (Drone Déflecteur)") is gone, and the reply says so."""
    untracked = {"weapon": "mag-gun", "models": 1, "acc": 5, "res": 5, "distance": 10}
    dice.script(9)
    text = shown(await shoot(table.alice, table.channel, extras="batter-drone", **untracked))
    assert "**Acc** 5 · Fire order +1 · Batter Drone −2 → hits on **4** or less" in text
    assert "buddy drones do not work" not in text
    dice.script(9)
    text = shown(
        await shoot(table.alice, table.channel, extras="batter-drone scrambled", **untracked)
    )
    assert "**Acc** 5 · Fire order +1 → hits on **6** or less" in text
    assert (
        "📡 The target is scrambled: its buddy drones do not work — Batter Drone off (no −2 "
        "Acc)." in text
    )
    dice.script(9)
    with french():
        text = shown(
            await shoot(table.alice, table.channel, extras="déflecteur brouilleur", **untracked)
        )
    assert "**Préc** 5 · ordre Feu +1 → touche sur **6** ou moins" in text
    assert (
        "📡 La cible est brouillée : ses Buddy Drones ne fonctionnent pas — Drone Déflecteur "
        "inactif (pas de −2 en Préc)." in text
    )
    dice.assert_used()


async def test_a_batter_drone_is_off_under_a_scrambler_marker_on_the_tracked_target(
    simcord_env, table, dice
):
    """The same through the table's markers: Alice's Scrambler declared on Bob's Gangers
    (`/marker place`, `/marker affect`)."""
    await armies(table)
    await declare(simcord_env, table, table.alice, "scrambler", "Gangers")
    before = await state_of(simcord_env, table.channel)
    tracked = {"weapon": "mag-gun", "models": 1, "shooter": "Troopers", "target": "Gangers"}
    dice.script(6, 9)  # Acc 5 + 1 = 6 (no −2): a hit; Res 6 − SV 1 = 5: a casualty
    text = shown(
        await shoot(table.alice, table.channel, distance=10, extras="batter-drone", **tracked)
    )
    assert 'The target is within 3" of 📡 **Scrambler #1**' in text
    assert "Batter Drone off (no −2 Acc)" in text
    assert "**Acc** 5 · Fire order +1 → hits on **6** or less" in text
    assert "Acc tests (1): `6`✅" in text and "**Gangers**: models 5 → **4**." in text
    await undo_restores(simcord_env, table, before)
    dice.script(6, 9)
    with french():
        text = shown(
            await shoot(table.alice, table.channel, distance=10, extras="batter", **tracked)
        )
    assert "Drone Déflecteur inactif (pas de −2 en Préc)" in text
    assert "**Préc** 5 · ordre Feu +1 → touche sur **6** ou moins" in text
    dice.assert_used()


# --- Leader(n) ----------------------------------------------------------------------------


async def test_leader_rerolls_serve_only_the_hits_on_the_leader(simcord_env, table, dice):
    """Seeds 002/003 "RÈGLES SPÉCIALES COMMUNES": "La figurine Leader peut relancer ses
    tests de Res ratés de (n) Touches". Reading (rulesdb/README.md): hits are spread evenly
    over the 5 Gangers, the first of each round on the Leader: of 6 hits, 1 and 6 are the
    Leader's. The failed test of hit 2 is not the Leader's: no reroll."""
    await armies(table)
    before = await state_of(simcord_env, table.channel)
    rf = {"weapon": "mag-light-support", "models": 2, "shooter": "Troopers", "target": "Gangers"}
    dice.script(2, 2, 2, 2, 2, 2)  # RF3 × 2 at Acc 6: six hits
    dice.script(8, 3, 9, 1, 1, 1, 7, 2)  # Res 6 − SV 2 = 4: 8 → 3 (Leader); 9 stays; 7 → 2
    text = shown(await shoot(table.alice, table.channel, distance=10, res_rerolls="leader 2", **rf))
    assert (
        "Res tests: 👑`8`❌→`3`✅ (Leader) `9`❌ `1`✅ `1`✅ `1`✅ 👑`7`❌→`2`✅ (Leader)" in text
    )
    assert (
        "👑 Leader 2: its rerolls serve only the Leader's own failed Res tests — tests 1, 6 "
        "(hits spread evenly over 5 models, the first of each round on the Leader)." in text
    )
    assert "Res tests failed: **1** of 6 (rerolled: 2)." in text
    assert "**Gangers**: models 5 → **4**." in text
    await undo_restores(simcord_env, table, before)
    dice.script(2, 2, 2, 2, 2, 2, 8, 3, 9, 1, 1, 1, 7, 2)
    with french():
        text = shown(
            await shoot(table.alice, table.channel, distance=10, res_rerolls="chef 2", **rf)
        )
    assert "👑`8`❌→`3`✅ (Chef) `9`❌" in text and "👑`7`❌→`2`✅ (Chef)" in text
    assert (
        "👑 Chef 2 : ses relances ne servent qu'aux tests de Rés ratés du Chef lui-même — "
        "tests 1, 6 (touches réparties également sur 5 figurines" in text
    )
    dice.assert_used()


async def test_without_the_models_the_leader_takes_the_first_hit_only(table, dice):
    """An untracked target without target-models: only Res test 1 is the Leader's."""
    untracked = {"weapon": "mag-gun", "models": 2, "acc": 5, "res": 5, "distance": 10}
    dice.script(2, 2, 9, 3, 9)  # two hits; Res 4: 9 → 3 (Leader); 9 not the Leader's
    text = shown(await shoot(table.alice, table.channel, res_rerolls="leader 2", **untracked))
    assert "Res tests: 👑`9`❌→`3`✅ (Leader) `9`❌" in text
    assert "the target's models are unknown: give target-models" in text
    dice.script(2, 2, 9, 3, 9)
    with french():
        text = shown(await shoot(table.alice, table.channel, res_rerolls="chef 2", **untracked))
    assert "figurines de la cible inconnues : donnez figurines-cible" in text
    dice.assert_used()


# --- res is the base Res ------------------------------------------------------------------


async def test_res_is_the_base_res_and_armour_is_added_once(table, dice):
    """`res` is the target's base Res (seeds "ARMURES RÉFLEXES": reflex armour +1 Res); the
    armour option adds its bonus once: Res 6 + reflex 1 − SV 1 = 6, not 7."""
    untracked = {"weapon": "mag-gun", "models": 1, "acc": 5, "res": 6, "armour": "reflex"}
    dice.script(2, 7)
    text = shown(await shoot(table.alice, table.channel, distance=10, **untracked))
    assert "**Res** 6 · reflex armour +1 − SV 1 → passes on **6** or less" in text
    assert "Res tests: `7`❌" in text
    dice.script(2, 7)
    with french():
        text = shown(await shoot(table.alice, table.channel, distance=10, **untracked))
    assert "**Rés** 6 · armure réflexe +1 − VI 1 → réussit sur **6** ou moins" in text
    dice.assert_used()


async def test_the_res_option_says_base_res_in_both_languages(simcord_env, table):
    """The descriptions Discord gets, English and French (synced localisations)."""
    synced = {c.name: c for c in await simcord_env.bot.tree.fetch_commands()}
    options = {o.name: o for o in synced["shoot"].options}
    res, armour = options["res"], options["armour"]
    assert res.description.startswith("Target's base Res, without armour")
    french_res = res.description_localizations[discord.Locale.french]
    assert french_res.startswith("Rés de base de la cible, sans armure")
    assert "added to its Res" in armour.description
    assert "ajoutée à sa Rés" in armour.description_localizations[discord.Locale.french]
