"""`/shoot` and the table's markers in French (issues 5 and 6): Blur, Scrambler, Arc and a
marker ammo placing its marker, through the real slash commands with scripted dice. Seed 000
is cited with its headings ("MUNITIONS SPÉCIALES", "BLUR (BROUILLAGE)", "ARC (TIR EN ARC)",
"SCRAMBLER (BROUILLEUR)")."""

from __future__ import annotations

from core.antares.table_markers.lookup import markers_of
from tests.discord.game_kit import state_of
from tests.discord.test_shoot_kit import armies, shoot, shown
from tests.discord.test_shoot_markers import declare
from tests.discord.test_shoot_rules import undo_restores
from tests.support.locale import french


async def test_blur_and_scrambler_in_french(simcord_env, table, dice):
    """Seed 000 "BLUR (BROUILLAGE)" (un D3 par marqueur, la plus haute pénalité) and
    "SCRAMBLER (BROUILLEUR)" (bonus d'armure annulés, véhicule −2 en Rés); a Scrambler on
    the shooter switches its Buddy Drones off: the Spotter rerolls nothing."""
    with french():
        await armies(table)
        await table.bob.slash(
            table.channel, "unit add", name="Chenille", kind="vehicle", models=1, res=12, co=8
        )
        await declare(simcord_env, table, table.alice, "scrambler", "Chenille")
        await declare(simcord_env, table, table.bob, "blur", "Troopers")
        await declare(simcord_env, table, table.bob, "blur", "Troopers")
        before = await state_of(simcord_env, table.channel)
        dice.script(3, 1, 2, 6)  # D3s 3 and 1: −3; Acc 5 + 1 − 3 = 3: `2` hits; Res 9: `6`
        text = shown(
            await shoot(
                table.alice,
                table.channel,
                weapon="mag-gun",
                models=1,
                shooter="Troopers",
                target="Chenille",
                distance=10,
                armour="reflex",
            )
        )
        assert (
            'Le tireur est à moins de 3" de 🌫️ **Blur (Effaceur) #2**, '
            "🌫️ **Blur (Effaceur) #3** : un D3 par marqueur" in text
        )
        assert 'La cible est à moins de 3" de 📡 **Scrambler (Brouilleur) #1**' in text
        assert "Effaceur (D3 par marqueur, le plus haut compte) : `3` `1` → −3 Préc" in text
        assert "**Préc** 5 · ordre Feu +1 · Effaceur −3 → touche sur **3** ou moins" in text
        assert "**Rés** 12 · Brouilleur −2 − VI 1 → réussit sur **9** ou moins" in text
        assert "**Chenille** : Stress 0 → **1**." in text
        await undo_restores(simcord_env, table, before)

        await declare(simcord_env, table, table.bob, "scrambler", "Troopers")
        dice.script(2, 1, 8)  # Blurs: 2; Acc 5 + 1 − 2 = 4: the 8 misses, no Spotter reroll
        text = shown(
            await shoot(
                table.alice,
                table.channel,
                weapon="mag-gun",
                models=1,
                shooter="Troopers",
                target="Gangers",
                distance=10,
                spotter=True,
            )
        )
        assert "ses Buddy Drones ne fonctionnent pas, le Spotter ne relance rien." in text
        assert "Tests de Préc (1) : `8`❌" in text and "Spotter relance" not in text
        dice.assert_used()


async def test_arcs_and_a_marker_placed_in_french(simcord_env, table, dice):
    """Seed 000 "ARC (TIR EN ARC)" (un D10 par Arc avant le test de Préc, 6-10 raté) and
    "MUNITIONS SPÉCIALES" (un marqueur au point de chute, testé en fin de tour): an
    intercepted template lands nothing; a drifted one places its marker, which `/game undo`
    takes back with the shot."""
    with french():
        await armies(table)
        grip = {"weapon": "x-launcher", "ammo": "grip", "models": 1, "distance": 20}
        dice.script(8)  # the Arc intercepts the only template: no Acc test, no marker
        text = shown(
            await shoot(
                table.alice, table.channel, shooter="Troopers", target="Gangers", arcs=1, **grip
            )
        )
        assert (  # OH fire: the arcs option gives the Arcs by its aim point
            '⚡ Arcs à moins de 3" du point visé (tir en surplomb) : **1** (1 en plus (option '
            "arcs))." in text
        )
        assert "(1 par tir ; ✅ 1–5 passe, ❌ 6–10 intercepté) : `8`❌" in text
        assert "(raté automatique, pas de test de Préc) : **1** sur 1." in text
        assert "Tests de Préc" not in text
        assert "📍 Pas de marqueur Prise : aucun gabarit n'est tombé" in text
        assert markers_of(await state_of(simcord_env, table.channel)) == []

        before = await state_of(simcord_env, table.channel)
        dice.script(7, 3, 8)  # Acc 3: the 7 misses and drifts D5 3" toward 8 o'clock (D12)
        text = shown(
            await shoot(table.alice, table.channel, shooter="Troopers", target="Gangers", **grip)
        )
        assert (
            '→ 🕸️ **Grip (Prise) #1** est sur la table (à 3" de Gangers), testé en fin de tour'
            in text
        )
        assert 'il tombe **à 3"** de la cible vers **8 h**' in text
        listed = shown(await table.bob.slash(table.channel, "marker list"))
        assert f'🕸️ **Grip (Prise) #1** · <@{table.alice.id}> · tour 1 — à 3" de Gangers' in listed
        log = shown(await table.bob.slash(table.channel, "game log", last=1))
        assert "dés D10 : 7 · D5 : 3 · D12 : 8 ; posé : 🕸️ **Grip (Prise) #1**" in log
        await undo_restores(simcord_env, table, before)

        dice.script(2)  # on target this time
        await shoot(table.alice, table.channel, shooter="Troopers", target="Gangers", **grip)
        dice.script(9)  # end of turn: the Grip stays
        ended = shown(await table.alice.slash(table.channel, "turn end", confirm=True))
        assert "Grip #1 (sur Gangers) : d10 → **9** : le marqueur reste" in ended
        dice.assert_used()
