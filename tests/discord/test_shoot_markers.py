"""`/shoot` and the table's markers (issues 5 and 6) through the real slash commands with
scripted dice: Blur, Scrambler and Arc markers declared in the game bear on a tracked shot,
and marker ammo places its marker in the same event (`/marker list`, `/turn end`,
`/game undo`). Seed 000 is cited with its headings ("MUNITIONS SPÉCIALES", "BLUR
(BROUILLAGE)", "ARC (TIR EN ARC)", "SCRAMBLER (BROUILLEUR)")."""

from __future__ import annotations

from core.antares.table_markers.lookup import markers_of
from tests.discord.game_kit import state_of
from tests.discord.test_shoot_kit import armies, faces, shoot, shown
from tests.discord.test_shoot_rules import undo_restores


async def declare(env, table, member, marker_type: str, *units: str) -> None:
    """``member`` places a marker and declares ``units`` within it."""
    placed = await member.slash(table.channel, "marker place", type=marker_type)
    assert not placed.ephemeral, placed.response.content
    number = markers_of(await state_of(env, table.channel))[-1].number
    for unit in units:
        declared = await member.slash(table.channel, "marker affect", marker=str(number), unit=unit)
        assert not declared.ephemeral, declared.response.content


async def test_two_blurs_roll_a_d3_each_and_the_highest_counts(simcord_env, table, dice):
    """Seed 000 "BLUR (BROUILLAGE)": "Une unité à moins de 3" d'un marqueur Blur subit une
    pénalité D3 à sa Préc"; within several, "lancez un D3 pour chacun d'entre eux et
    appliquez la plus haute pénalité"."""
    await armies(table)
    await declare(simcord_env, table, table.bob, "blur", "Troopers")
    await declare(simcord_env, table, table.bob, "blur", "Troopers")
    before = await state_of(simcord_env, table.channel)
    dice.script(1, 3)  # the two Blurs' D3s: the highest, 3, counts
    dice.script(3, 4)  # Acc 5 + 1 − 3 = 3: a hit, a miss
    dice.script(6)  # Res 6 − SV 1 = 5: a casualty
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=2,
        shooter="Troopers",
        target="Gangers",
        distance=10,
    )
    text = shown(fired)
    assert 'The shooter is within 3" of 🌫️ **Blur #1**, 🌫️ **Blur #2**' in text
    assert "Blur (D3 per marker, the highest counts): `1` `3` → −3 Acc" in text
    assert "**Acc** 5 · Fire order +1 · Blur −3 → hits on **3** or less" in text
    assert "Acc tests (2): `3`✅ `4`❌" in text
    assert "**Gangers**: models 5 → **4**." in text
    assert faces(text) == [1, 3, 3, 4, 6]
    dice.assert_used()
    await undo_restores(simcord_env, table, before)


async def test_a_scrambler_cancels_armour_and_takes_two_res_from_a_weapon_drone(
    simcord_env, table, dice
):
    """Seed 000 "SCRAMBLER (BROUILLEUR)": enemy units within 3" only; "Annule tous les bonus
    d'armure"; "Si l'unité est un drone armé ou un véhicule, sa valeur de Rés est réduite de
    -2"."""
    await armies(table)
    await table.bob.slash(
        table.channel, "unit add", name="Spinner", kind="weapon_drone", models=1, res=8, co=8
    )
    # Alice's Scrambler: her own Troopers within it are not affected
    await declare(simcord_env, table, table.alice, "scrambler", "Spinner", "Troopers")
    before = await state_of(simcord_env, table.channel)
    dice.script(2)  # Acc 6: a hit
    dice.script(5)  # Res 8 − 2 (Scrambler), no reflex +1, − SV 1 = 5: resisted
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=1,
        shooter="Troopers",
        target="Spinner",
        distance=10,
        armour="reflex",
    )
    text = shown(fired)
    assert 'The target is within 3" of 📡 **Scrambler #1**: armour bonuses cancelled' in text
    assert "The shooter is within" not in text  # a Scrambler spares its owner's units
    assert "**Res** 8 · Scrambler −2 − SV 1 → passes on **5** or less" in text
    assert "reflex" not in text
    assert "Res tests: `5`✅" in text
    dice.assert_used()
    await undo_restores(simcord_env, table, before)

    dice.script(2, 6)  # without the Scrambler: Res 8 + reflex 1 − 1 = 8, the 6 resists
    await table.alice.slash(table.channel, "marker remove", marker="1")
    free = shown(
        await shoot(
            table.alice,
            table.channel,
            weapon="mag-gun",
            models=1,
            shooter="Troopers",
            target="Spinner",
            distance=10,
            armour="reflex",
        )
    )
    assert "**Res** 8 · reflex armour +1 − SV 1 → passes on **8** or less" in free
    dice.assert_used()


async def test_arcs_intercept_shots_before_their_acc_test(simcord_env, table, dice):
    """Seed 000 "ARC (TIR EN ARC)": "Lancez un D10 pour tout tir traversant chaque Arc avant
    d'effectuer le test de Préc : 1-5 le tir passe [...] 6-10 [...] rate automatiquement".
    One Arc declared around the target, one more the line of fire crosses (`arcs:1`)."""
    await armies(table)
    await declare(simcord_env, table, table.bob, "arc", "Gangers")
    before = await state_of(simcord_env, table.channel)
    dice.script(3, 7)  # shot 1: through the first Arc, intercepted by the second
    dice.script(2, 5)  # shot 2: through both
    dice.script(2)  # the only Acc test, shot 2: Acc 6, a hit
    dice.script(8)  # Res 5: a casualty
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=2,
        shooter="Troopers",
        target="Gangers",
        distance=10,
        arcs=1,
    )
    text = shown(fired)
    assert "⚡ Arcs on the line of fire: **2** (⚡ **Arc #1** + 1 more (arcs option))." in text
    assert (
        "⚡ Arc d10s before the Acc tests (2 per shot; ✅ 1–5 through, ❌ 6–10 intercepted): "
        "(`3`✅ `7`❌) (`2`✅ `5`✅)" in text
    )
    assert "Shots intercepted by an Arc (an automatic miss, no Acc test): **1** of 2." in text
    assert "Acc tests (1): `2`✅" in text
    assert "**Gangers**: models 5 → **4**." in text
    assert faces(text) == [3, 7, 2, 5, 2, 8]
    log = await table.alice.slash(table.channel, "game log", last=1)
    entry = log.response.embeds[0].description
    assert "🎯 Troopers → Gangers, Mag Gun: hits 1, casualties 1, pins 1" in entry
    assert "dice D10: 3, 7, 2, 5, 2, 8" in entry
    dice.assert_used()
    await undo_restores(simcord_env, table, before)


async def test_marker_ammo_places_its_marker_in_the_same_event(simcord_env, table, dice):
    """Seed 000 "MUNITIONS SPÉCIALES": "Utilisez un marqueur pour indiquer le point de chute
    des munitions spéciales"; tested "une fois que les dés d'ordre sont remis dans la bourse
    [...] 1-5 [...] le marqueur est retiré. [...] 6-10 [...] reste en place". Overhead fire
    (seed 000 "TIR EN SURPLOMB (SP)"): a miss drifts D5"."""
    await armies(table)
    before = await state_of(simcord_env, table.channel)
    ammo = {"weapon": "x-launcher", "ammo": "blur", "models": 2, "distance": 20}
    dice.script(2, 7, 4)  # Acc 5 − 2 = 3: template 1 on target; template 2 drifts D5 4
    fired = await shoot(table.alice, table.channel, shooter="Troopers", target="Gangers", **ammo)
    text = shown(fired)
    assert (
        "lands **on the target**: place it there. → 🌫️ **Blur #1** is on the table (on "
        "Gangers), tested at the end of the turn" in text
    )
    assert 'lands **4" away** from the target' in text
    assert '→ 🌫️ **Blur #2** is on the table (4" from Gangers)' in text
    listed = (await table.bob.slash(table.channel, "marker list")).response.embeds[0]
    assert f"🌫️ **Blur #1** · <@{table.alice.id}> · turn 1 — on Gangers" in listed.description
    assert f'🌫️ **Blur #2** · <@{table.alice.id}> · turn 1 — 4" from Gangers' in (listed.description)
    log = await table.alice.slash(table.channel, "game log", last=1)
    assert "placed: 🌫️ **Blur #1**, 🌫️ **Blur #2**" in log.response.embeds[0].description

    await undo_restores(simcord_env, table, before)  # the shot and both markers
    assert "Blur #1" not in shown(await table.bob.slash(table.channel, "marker list"))

    dice.script(3, 1)  # again: template 1 on target, template 2 lucky and on target
    await shoot(table.alice, table.channel, shooter="Troopers", target="Gangers", **ammo)
    dice.script(4, 8)  # end of turn: Blur #1 removed, Blur #2 stays
    ended = await table.alice.slash(table.channel, "turn end", confirm=True)
    description = ended.response.embeds[0].description
    assert "Blur #1 (on Gangers): d10 → **4**: marker removed" in description
    assert "Blur #2 (on Gangers): d10 → **8**: marker stays" in description
    assert [m.number for m in markers_of(await state_of(simcord_env, table.channel))] == [2]
    dice.assert_used()


async def test_without_a_game_marker_ammo_only_says_where_it_lands(simcord_env, table, dice):
    """No unit named: the shot is only rolled; the reply says where the marker lands and
    nothing is recorded (there is no game to record it in)."""
    dice.script(7, 3)  # misses, drifts D5 3
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="x-launcher",
        ammo="scrambler",
        models=1,
        acc=5,
        res=5,
        distance=20,
    )
    text = shown(fired)
    assert '📍 Scrambler marker (template 1) lands **3" away** from the target' in text
    assert "is on the table" not in text
    dice.assert_used()
