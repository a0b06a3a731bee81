"""`/assault` through the real slash command: one round of close combat for both sides,
scripted dice, applied to tracked units as one undoable event (issue 5)."""

from __future__ import annotations

from tests.discord.game_kit import forged_options, state_of
from tests.discord.test_shoot_kit import armies, assault, faces, refused, shown
from tests.support.locale import french


async def brawl(table) -> None:
    """Alice's Brawlers (2 models, Str 5, Res 6) and Bob's Guards (2 models, Str 6, Res 7)."""
    await armies(table)
    for member, name, stats in (
        (table.alice, "Brawlers", {"str": 5, "res": 6}),
        (table.bob, "Guards", {"str": 6, "res": 7}),
    ):
        await member.slash(table.channel, "unit add", name=name, models=2, co=8, **stats)


async def test_a_round_between_tracked_units(simcord_env, table, dice):
    """Rules-notes "Close combat": a Str test per attack, the weapon's SV against Res as in
    shooting; seed 000 weapon table: Lectro Lash, 3 attacks, SV 1. The side with fewer
    losses wins the round."""
    await brawl(table)
    before = await state_of(simcord_env, table.channel)
    dice.script(3, 7, 1, 10, 5, 6)  # Brawlers: 2 × 3 Lectro Lash attacks at Str 5
    dice.script(4, 9)  # Guards: 2 bare attacks at Str 6
    dice.script(8, 2, 9)  # Guards' Res 7 − 1 = 6 against 3 blows: two casualties
    dice.script(3)  # Brawlers' Res 6 − 0 against 1 blow
    fought = await assault(
        table.alice, table.channel, attacker="Brawlers", defender="Guards", weapon="lectro-lash"
    )
    text = shown(fought)
    assert not fought.ephemeral
    assert "⚔️ Brawlers vs Guards — round 1" in text
    assert "Lectro Lash × 6 attacks · **Str** 5 → hits on **5** or less · SV 1" in text
    assert "Str tests: `3`✅ `7`❌ `1`✅ `10`❌ `5`✅ `6`❌" in text
    assert "bare hands × 2 attacks · **Str** 6 → hits on **6** or less · SV 0" in text
    assert "**Guards** — blows taken: 3" in text
    assert "**Res** 7 − SV 1 → passes on **6** or less" in text
    assert "Res tests: `8`❌ `2`✅ `9`❌" in text
    assert "🏆 The attacker **Brawlers** wins the round (fewer losses)." in text
    assert "**Guards**: models 2 → **0**." in text and "☠️ **Guards** is destroyed." in text
    assert faces(text) == [3, 7, 1, 10, 5, 6, 4, 9, 8, 2, 9, 3]
    guards = (await state_of(simcord_env, table.channel)).units["u4"]
    assert guards.destroyed and guards.models == 0
    await table.alice.slash(table.channel, "game undo")
    assert await state_of(simcord_env, table.channel) == before
    dice.assert_used()


async def test_grenades_add_str_and_their_sv_on_one_model(simcord_env, table, dice):
    """Seeds "RÈGLES POUR LES GRENADES": +1 Str in close combat; several grenade hits on one
    model add their SV into a single Res test (rules-notes "Close combat"). Stats typed in,
    no game: only rolled."""
    dice.script(2, 3)  # 2 attackers with Plasma Grenades: Str 5 + 1
    dice.script(5)  # the defender's one bare attack at Str 4
    dice.script(6)  # 2 grenade hits on the one model: SV 1 + 1; Res 6 + reflex 1 − 2 = 5
    fought = await assault(
        table.alice,
        table.channel,
        attacker="str 5 res 5 models 2",
        defender="str 4 res 6 models 1 reflex",
        weapon="plasma-grenades",
    )
    text = shown(fought)
    assert "⚔️ Attacker vs Defender — round 1" in text
    assert "**Str** 5 · grenade +1 → hits on **6** or less · SV 1" in text
    assert "**Res** 6 · reflex armour +1 − SV 2 → passes on **5** or less" in text
    assert "`6`❌ (2 grenade hits on one model, their SV added)" in text
    assert "🏆 The attacker **(untracked)** wins the round" in text
    dice.assert_used()


async def test_a_draw_fights_another_round_in_french(simcord_env, table, dice):
    """Rules-notes "Close combat": at most two rounds (ruleset h2h_max_rounds)."""
    dice.script(9, 9)  # both miss
    with french():
        fought = await assault(
            table.alice, table.channel, attacker="str 5 res 5", defender="for 5 rés 5"
        )
        text = shown(fought)
        assert "Égalité : jouez le round 2 (</assault> round:2)." in text
        assert "mains nues × 1 attaque · **For** 5 → touche sur **5** ou moins · VI 0" in text
        dice.script(9, 9)
        last = shown(
            await assault(
                table.alice,
                table.channel,
                attacker="str 5 res 5",
                defender="str 5 res 5",
                round=2,
            )
        )
        assert "Égalité : le combat s'arrête" in last
    dice.assert_used()


async def test_the_d_spinner_needs_its_choice(simcord_env, table, dice):
    """Seed 003 "Rés/ Impact Variable": each round the D-Spinner gives Res +2, or SV 2
    counted as a grenade."""
    sides = {"attacker": "str 5 res 5", "defender": "str 5 res 5", "weapon": "d-spinner"}
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "assault",
        "D-Spinner needs this round's choice: set d-spinner",
        **sides,
    )
    dice.script(9, 9)  # the D-Spinner's two attacks miss
    dice.script(2)  # the defender's bare attack hits
    dice.script(5)  # the attacker's Res 5 + 2 − SV 0 = 7
    fought = shown(await assault(table.alice, table.channel, d_spinner="res", **sides))
    assert "**Res** 5 · D-Spinner +2 − SV 0 → passes on **7** or less" in fought
    dice.assert_used()


async def test_assault_refusals(simcord_env, table):
    await brawl(table)
    env, channel = simcord_env, table.channel
    await refused(
        env,
        channel,
        table.bob,
        "assault",
        f"Brawlers belongs to <@{table.alice.id}>",
        attacker="Brawlers",
        defender="Guards",
    )
    await refused(
        env,
        channel,
        table.alice,
        "assault",
        "“str 5” is not a unit of a game here",
        attacker="Brawlers",
        defender="str 5",
    )
    await refused(
        env,
        channel,
        table.alice,
        "assault",
        "“wings” does not describe the defender",
        attacker="Brawlers",
        defender="str 5 res 5 wings",
    )
    await refused(
        env,
        channel,
        table.alice,
        "assault",
        "Brawlers cannot fight itself",
        attacker="Brawlers",
        defender="Brawlers",
    )
    await refused(
        env,
        channel,
        table.alice,
        "assault",
        "Mag Gun (Standard) does not strike in close combat",
        attacker="Brawlers",
        defender="Guards",
        weapon="mag-gun",
    )
    with forged_options():
        await refused(
            env,
            channel,
            table.alice,
            "assault",
            "The round must be between 1 and 2 (you gave 3)",
            attacker="Brawlers",
            defender="Guards",
            round=3,
        )
        await refused(
            env,
            channel,
            table.alice,
            "assault",
            "Str of the attacker must be between 1 and 20 (you gave 30)",
            attacker="str 30 res 5",
            defender="Guards",
        )
    with french():
        await refused(
            env,
            channel,
            table.alice,
            "assault",
            "Aucune unité « Nobody »",
            attacker="Nobody",
            defender="Guards",
        )
