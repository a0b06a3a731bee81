"""`/shoot` through the real slash command with scripted dice: what the players see, what
lands on the tracked units, and `/game undo` putting it all back (issue 5)."""

from __future__ import annotations

from tests.discord.game_kit import state_of
from tests.discord.test_shoot_kit import armies, faces, refused, shoot, shown
from tests.support.locale import french


async def undo_restores(env, table, before) -> None:
    """`/game undo` takes the shot back: the state is the one before it."""
    undone = await table.alice.slash(table.channel, "game undo")
    assert not undone.ephemeral, undone.response.content
    assert await state_of(env, table.channel) == before


async def test_rapid_fire_at_long_range_takes_the_extra_penalty(simcord_env, table, dice):
    """Seed 000 "TR(n)": an RF weapon firing its shots beyond effective range takes an extra
    penalty (ruleset rf_extra_penalty −1, long_range_acc −1; rules-notes "Shooting")."""
    await armies(table)
    before = await state_of(simcord_env, table.channel)
    # 2 Mag Light Supports (RF3) at 40": 6 Acc tests on 5 + 1 − 1 − 1 = 4
    dice.script(4, 5, 1, 9, 2, 10)
    dice.script(5, 8, 9)  # Res 6 − SV 2 = 4: three casualties, 3 of 5 models gone
    dice.script(4)  # break test: Co 9 − 1 pin = 8
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-light-support",
        models=2,
        shooter="Troopers",
        target="Gangers",
        distance=40,
    )
    text = shown(fired)
    assert not fired.ephemeral
    assert "🎯 Mag Light Support — Troopers → Gangers" in text
    assert 'Firing models: **2** · long range (40") · Fire order' in text
    assert (
        "**Acc** 5 · Fire order +1 · long range −1 · RF beyond effective range −1 → hits on **4**"
        in text
    )
    assert "Acc tests (6): `4`✅ `5`❌ `1`🍀 `9`❌ `2`✅ `10`❌" in text
    assert "Hits: **3**." in text and "🍀 Lucky hits (natural 1): **1**" in text
    assert "**Res** 6 − SV 2 → passes on **4** or less" in text
    assert "Res tests: `5`❌ `8`❌ `9`❌" in text
    assert "Casualties: **3**." in text and "Pins from the attack: **1**." in text
    assert "**Gangers**: models 5 → **2**." in text
    assert "**Gangers**: pins 0 → **1**." in text
    assert "Break test (half its models lost): Co 9 − 1 pin = 8: rolled `4` ✅" in text
    assert "It holds." in text
    assert faces(text) == [4, 5, 1, 9, 2, 10, 5, 8, 9, 4]  # every die, once, in order
    gangers = (await state_of(simcord_env, table.channel)).units["u2"]
    assert (gangers.models, gangers.pins, gangers.destroyed) == (2, 1, False)
    dice.assert_used()

    await undo_restores(simcord_env, table, before)


async def test_lucky_hits_and_concentrated_fire_of_the_phase_rifle(simcord_env, table, dice):
    """Seed 002 "Tir Rapide TRD6" (D6 shots with a Fire order), "Tir Concentré" (the lucky
    hits may all go on one model), "Pas de Couvert" (the dense cover counts for nothing)."""
    await armies(table)
    before = await state_of(simcord_env, table.channel)
    dice.script(3)  # D6 shots
    dice.script(1, 1, 7)  # Acc 5 + 1 = 6: two lucky hits, a miss
    dice.script(6, 2)  # Res 6 − SV 2 = 4, no cover: one casualty
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="phase-rifle",
        models=1,
        shooter="Troopers",
        target="Gangers",
        distance=10,
        cover="dense",
    )
    text = shown(fired)
    assert "Shots (D6 per model, RF D6): `3` → **3** shots" in text
    assert "Acc tests (3): `1`🍀 `1`🍀 `7`❌" in text
    assert "🍀 Lucky hits (natural 1): **2** — the shooter chooses" in text
    assert "Concentrated Fire: the lucky hits may all go on one model." in text
    assert "**Res** 6 − SV 2 → passes on **4** or less" in text and "cover" not in text
    assert "**Gangers**: models 5 → **4**." in text
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_hits_on_a_down_target_are_rerolled(simcord_env, table, dice):
    """Rules-notes "Shooting" and seed 000 "NET (FILET)" ("les cibles qui obligeraient
    normalement à une relance du jet de Préc, comme de l'infanterie à terre"): the shooter
    rerolls each hit on a Down unit; the unit's Down comes from the game."""
    await armies(table)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", down=True)
    before = await state_of(simcord_env, table.channel)
    dice.script(2, 3, 8)  # Acc 6: two hits, a miss
    dice.script(7, 1)  # the two hits rerolled: 7 misses, 1 hits
    dice.script(9)  # Res 6 − 1 = 5: a casualty
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=3,
        shooter="Troopers",
        target="Gangers",
        distance=10,
    )
    text = shown(fired)
    assert "Acc tests (3): `2`✅ `3`✅ `8`❌" in text
    assert "Hits rerolled (target Down, a Fast unit running, or sprinting): `7`❌ `1`🍀" in text
    assert "Hits: **1**." in text
    assert "**Gangers**: models 5 → **4**." in text
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_blast_hits_on_a_down_target_are_halved(simcord_env, table, dice):
    """Seed 000 "TIR EN SURPLOMB (SP)": "Divisez par deux (arrondi à l'inférieur) le nombre
    de touches en déflagration contre les unités Down"; OH −2, no Fire bonus (rules-notes)."""
    await armies(table)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", down=True)
    before = await state_of(simcord_env, table.channel)
    dice.script(2)  # Acc 5 − 2 = 3: on target
    dice.script(5)  # Blast D5: 5 hits, halved to 2 (no reroll of blast hits)
    dice.script(7, 4)  # Res 6 − SV 1 = 5: one casualty
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="x-launcher",
        models=1,
        shooter="Troopers",
        target="Gangers",
        distance=20,
    )
    text = shown(fired)
    assert "**Acc** 5 · overhead fire −2 → hits on **3** or less" in text
    assert "Template 1: on target → D5 `5` = **5** hits (halved: target Down" in text
    assert "→ **2**)" in text and "Hits rerolled" not in text
    assert "Hits: **2**." in text and "Res tests: `7`❌ `4`✅" in text
    gangers = (await state_of(simcord_env, table.channel)).units["u2"]
    assert (gangers.models, gangers.pins) == (4, 1)
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_overhead_drift_and_dud_without_a_game(simcord_env, table, dice):
    """Seed 000 "TIR EN SURPLOMB (SP)" and rules-notes "Shooting": a 10 is a dud, another
    miss drifts D5" (Fire) plus 1" per pin on the firing unit. No game: only rolled."""
    dice.script(7, 10, 3, 7)  # shot 1 misses, shot 2 is a 10; drift D5 3 + 2 pins, D12 7
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="x-launcher",
        models=2,
        acc=5,
        res=6,
        distance=25,
        pins=2,
    )
    text = shown(fired)
    assert not fired.ephemeral
    assert "🎯 X-Launcher — Attacker → Defender" in text
    assert "Acc tests (2): `7`❌ `10`❌" in text
    assert (
        "Template 1: misses and drifts D5 `3`, with the shooter's pins and the Targeter "
        "Probes → **5\"** toward **7 o'clock** (D12 `7`): the table checks what the template "
        "now covers" in text
    )
    assert "Duds (a 10, no effect): templates 2" in text
    assert "nothing happens" not in text
    assert (
        "No hits on the target: the drifted template lands elsewhere — the table checks what "
        "it now covers." in text
    )
    dice.assert_used()


async def test_a_heavily_armoured_vehicle_rolls_its_damage_chart(simcord_env, table, dice):
    """Rules-notes "Shooting" (Res above 10: only a 10 fails, a failure rolls the damage
    chart; a resisted hit gives no pin) and seed 002 "TABLEAUX DES DÉGÂTS", vehicle row 7:
    "+D3 Stress, Down, DOM -1 Dé d'Ordre" (the D3 is rolled and shown)."""
    await armies(table)
    await table.bob.slash(
        table.channel, "unit add", name="Hauler", kind="vehicle", models=1, res=14, co=8, dice=2
    )
    before = await state_of(simcord_env, table.channel)
    dice.script(2, 3)  # Acc 6: two hits
    dice.script(4, 10)  # Res 14 − 1 = 13, heavily armoured: 4 resists, 10 fails
    dice.script(7, 2)  # vehicle chart: 7; its D3 pins: 2
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=2,
        shooter="Troopers",
        target="Hauler",
        distance=10,
    )
    text = shown(fired)
    assert "**Res** 14 − SV 1 = 13: heavily armoured, only a 10 fails" in text
    assert "Res tests: `4`✅ `10`❌" in text
    assert "**Vehicle damage chart** (hit 2)" in text
    assert "D10 `7` → +D3 pins, Down, MOD -1 order die (D3: `2`)" in text
    assert "→ +2 pins · MOD −1 · Down" in text
    assert "**Hauler**: pins 0 → **3**." in text
    assert "**Hauler** goes **Down**" in text and "**Hauler**: order dice lost: 1" in text
    hauler = (await state_of(simcord_env, table.channel)).units["u3"]
    assert (hauler.pins, hauler.down, hauler.dice, hauler.models) == (3, True, 1, 1)
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_plasma_fade_turns_the_shooters_die_down(simcord_env, table, dice):
    """Seed 000 "Panne de Plasma": on a 10 to hit the shot misses and the unit's order die
    turns to Down."""
    await armies(table)
    dice.script(1)  # the bag: red (Alice's) die
    await table.alice.slash(table.channel, "bag draw")
    await table.alice.slash(table.channel, "order", unit="Troopers", order="fire")
    before = await state_of(simcord_env, table.channel)
    dice.script(10)
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="plasma-cannon",
        models=1,
        shooter="Troopers",
        target="Gangers",
        distance=20,
    )
    text = shown(fired)
    assert "Acc tests (1): `10`❌" in text
    assert "**Troopers**: Plasma Fade — its order die turns **Down**." in text
    troopers = (await state_of(simcord_env, table.channel)).units["u1"]
    assert troopers.down and troopers.orders[-1].executed == "down"
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_after_plasma_fade_the_units_other_weapons_still_fire(simcord_env, table, dice):
    """Seed 000 "Panne de Plasma" turns the unit's die to Down *after* the shot: the unit's
    other weapons fire in the same action, whatever the order the player fires them in; the
    Down counts for what comes after (a shot at the unit rerolls its hits: rules-notes
    "Orders": "shooters must reroll hits against it"), and the next die drawn ends it."""
    await armies(table, activations="strict")
    dice.script(1)  # the bag: red (Alice's) die
    await table.alice.slash(table.channel, "bag draw")
    await table.alice.slash(table.channel, "order", unit="Troopers", order="fire")
    plasma = {"shooter": "Troopers", "target": "Gangers", "distance": 10}
    dice.script(10)
    faded = shown(
        await shoot(table.alice, table.channel, weapon="plasma-cannon", models=1, **plasma)
    )
    assert "**Troopers**: Plasma Fade — its order die turns **Down**." in faded
    dice.script(9, 9)  # the Mag Guns, same activation: still the Fire order's +1
    mags = await shoot(table.alice, table.channel, weapon="mag-gun", models=2, **plasma)
    assert not mags.ephemeral, mags.response.content
    assert "**Acc** 5 · Fire order +1 → hits on **6** or less" in shown(mags)
    dice.script(9)
    with french():
        pistol = await shoot(table.alice, table.channel, weapon="mag-pistol", models=1, **plasma)
    assert not pistol.ephemeral, pistol.response.content
    assert "**Préc** 5 · ordre Feu +1 → touche sur **6** ou moins" in shown(pistol)
    troopers = (await state_of(simcord_env, table.channel)).units["u1"]
    assert troopers.down and troopers.orders[-1].executed == "down"
    assert troopers.orders[-1].fired == ["plasma-cannon", "mag-gun", "mag-pistol"]
    # Bob's Gangers react (a die taken): the Troopers are Down, the hit is rerolled
    await table.bob.slash(table.channel, "bag take", unit="Gangers")
    await table.bob.slash(table.channel, "order", unit="Gangers", order="fire")
    dice.script(2, 9)  # a hit, rerolled against a Down target: missed
    back = shown(
        await shoot(
            table.bob,
            table.channel,
            weapon="mag-gun",
            models=1,
            shooter="Gangers",
            target="Troopers",
            distance=10,
        )
    )
    assert "No hits: nothing happens to the target." in back
    dice.script(1)  # the next die drawn (blue): the Troopers' activation is over
    await table.alice.slash(table.channel, "bag draw")
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Troopers n'a pas d'activation en cours",
            weapon="x-sling",
            models=1,
            **plasma,
        )
    dice.assert_used()


async def test_fractal_lock_hits_automatically_with_a_rising_sv(simcord_env, table, dice):
    """Seed 000 "Verrouillage Fractal" and the Frag Borer's SV "3+1 max 10": a hit locks the
    weapon on; each following turn with a Fire order it hits automatically, SV + 1 per
    automatic hit."""
    await armies(table)
    frag = {"weapon": "frag-borer", "models": 1, "shooter": "Troopers", "target": "Gangers"}
    dice.script(3, 5)  # turn 1: Acc 6 hits; Res 6 − 3 = 3: a casualty
    first = shown(await shoot(table.alice, table.channel, distance=10, **frag))
    assert "🔒 Fractal Lock: the weapon locks on." in first
    await table.alice.slash(table.channel, "turn end", confirm=True)

    dice.script(7)  # turn 2: no Acc die; Res 6 − 4 = 2: a casualty
    second = shown(await shoot(table.alice, table.channel, distance=10, **frag))
    assert "🔒 Fractal Lock: automatic hits: **1**, no Acc test, SV 4" in second
    assert "Acc tests" not in second
    assert "**Res** 6 − SV 4 → passes on **2** or less" in second
    assert "keeps its Fractal Lock on the target (automatic hits so far: 1)" in second
    await table.alice.slash(table.channel, "turn end", confirm=True)

    before = await state_of(simcord_env, table.channel)
    dice.script(2)  # turn 3: SV 5, Res 6 − 5 = 1: 2 fails
    dice.script(3)  # 3 of 5 models lost: break test, Co 9 − 3 pins = 6
    third = shown(await shoot(table.alice, table.channel, distance=10, **frag))
    assert "SV 5 (automatic hit no. 2 on this target)" in third
    assert "Break test (half its models lost): Co 9 − 3 pins = 6: rolled `3` ✅" in third
    state = await state_of(simcord_env, table.channel)
    assert state.units["u2"].models == 2 and not state.units["u2"].destroyed
    assert state.fractal_locks[0]["auto_hits"] == 2
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_net_ammo_raises_the_targets_pins(simcord_env, table, dice):
    """Seed 002 "NET (Filet)": the X-Launcher's Net raises the unit's pins to D3+1; it does
    no damage."""
    await armies(table)
    before = await state_of(simcord_env, table.channel)
    dice.script(2, 2)  # Acc 5 − 2 = 3: on target; D3: 2
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="x-launcher",
        ammo="net",
        models=1,
        shooter="Troopers",
        target="Gangers",
        distance=20,
    )
    text = shown(fired)
    assert "ammo: Net" in text
    assert "Net: D3 `2` + 1 = **3**" in text
    assert "**Gangers**: the Net raises its pins 0 → **3**." in text
    gangers = (await state_of(simcord_env, table.channel)).units["u2"]
    assert (gangers.pins, gangers.models) == (3, 5)
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_res_rerolls_from_a_medic_and_a_leader(simcord_env, table, dice):
    """Seed 002 "Medic (n) (Médecin)" and "Leader (n) (Chef)": each source rerolls a failed
    Res test; a rerolled test is never rerolled again (rules-notes "Tests"). The Leader's
    reroll serves the Leader's own test only: of three hits on 5 models, the first."""
    await armies(table)
    before = await state_of(simcord_env, table.channel)
    dice.script(2, 2, 2)  # Acc 6: three hits
    dice.script(9, 3, 8, 9, 7)  # Res 5: 9 → Leader 3; 8 → Medic 9; 7, no reroll left
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=3,
        shooter="Troopers",
        target="Gangers",
        distance=10,
        res_rerolls="medic, leader 1",
    )
    text = shown(fired)
    assert "Res tests: 👑`9`❌→`3`✅ (Leader) `8`❌→`9`❌ (Medic) `7`❌" in text
    assert "Res tests failed: **2** of 3 (rerolled: 2)." in text
    assert "**Gangers**: models 5 → **3**." in text
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_a_spotter_rerolls_one_miss_but_not_a_ten(simcord_env, table, dice):
    """Seed 000 "SPOTTER DRONE (Drone Éclaireur)": "Relance un test de Préc raté (à
    l'exception des tirs à vide)"."""
    await armies(table)
    before = await state_of(simcord_env, table.channel)
    dice.script(10, 8, 3)  # Acc 6: a 10 (never rerolled), an 8 rerolled to 3
    dice.script(6)  # Res 5: a casualty
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=2,
        shooter="Troopers",
        target="Gangers",
        distance=10,
        spotter=True,
    )
    text = shown(fired)
    assert "Spotter rerolls the miss of shot 2: `3`✅" in text
    assert "Hits: **1**." in text
    gangers = (await state_of(simcord_env, table.channel)).units["u2"]
    assert (gangers.models, gangers.pins) == (4, 1)
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_where_a_marker_lands(simcord_env, table, dice):
    """Seed 000 "MUNITIONS SPÉCIALES": a marker ammo lands where its template lands, on the
    target or drifted; the markers feature places it (the reply says where)."""
    dice.script(2, 7, 4)  # template 1 on target; template 2 misses and drifts D5 4
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="x-launcher",
        ammo="blur",
        models=2,
        acc=5,
        res=5,
        distance=20,
    )
    text = shown(fired)
    assert "Blur does no damage: what it does follows." in text
    assert "📍 Blur marker (template 1) lands **on the target**: place it there." in text
    assert '📍 Blur marker (template 2) lands **4" away** from the target' in text
    dice.assert_used()


async def test_blind_overhead_drift_gives_a_clock_direction_in_french(simcord_env, table, dice):
    """Issue 22: a blind shot that lands on a 1 drifts D10" toward a D12 clock direction."""
    dice.script(1, 4, 11)
    with french():
        fired = await shoot(
            table.alice,
            table.channel,
            weapon="x-launcher",
            models=1,
            acc=5,
            res=6,
            distance=25,
            extras="aveugle",
        )
    text = shown(fired)
    assert 'rate et dévie de D10 `4` → **4"** vers **11 h** (D12 `11`)' in text
    assert "la table vérifie ce que le gabarit recouvre désormais" in text
    assert "il n'arrive rien" not in text
    assert faces(text)[-2:] == [4, 11]
    dice.assert_used()
