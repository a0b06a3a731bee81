"""Effects the bot announces are kept (issue 21, section 2), through the real slash commands:
Fractal Lock, Sensor Module, MOD −1, Overload, exhausted IMTel Stave. Seeds are cited as 000
(Boromite), 002 (Isorian), 003 (Algoryn) with the heading they print."""

from __future__ import annotations

from tests.discord.game_kit import card_text, state_of, unit_lines
from tests.discord.test_shoot_kit import armies, assault, damage, refused, shoot, shown
from tests.support.locale import french

FRAG = {"weapon": "frag-borer", "models": 1, "shooter": "Troopers", "target": "Gangers"}
LOST_MOVED = (
    "🔓 Fractal Lock lost: the Frag Borer of **Troopers** on **Gangers** — the target moved."
)


async def undo_restores(env, table, before) -> None:
    """A game master who does not play undoes anyone's change without asking (the host
    plays: she would ask the player whose change it is, issue 31)."""
    undone = await table.admin.slash(table.channel, "game undo")
    assert not undone.ephemeral, card_text(undone.response)
    assert await state_of(env, table.channel) == before


async def locked_in_turn_two(env, table, dice) -> None:
    """Troopers' Frag Borer hits Gangers in turn 1 (the lock), then turn 2 begins."""
    await armies(table)
    dice.script(3, 5)  # Acc 5 + 1 = 6: a hit; Res 6 − 3 = 3: a casualty
    first = shown(await shoot(table.alice, table.channel, distance=10, **FRAG))
    assert "🔒 Fractal Lock: the weapon locks on." in first
    await table.alice.slash(table.channel, "turn end", confirm=True)
    assert len((await state_of(env, table.channel)).fractal_locks) == 1


# --- 1. Fractal Lock -------------------------------------------------------------------------


async def test_a_target_that_runs_breaks_the_lock_seed_000_verrouillage_fractal(
    simcord_env, table, dice
):
    """Seed 000 "Verrouillage Fractal": automatic hits "tant que la cible ne se déplace pas".
    The bot gives the Run itself: the lock ends, and the next shot tests Acc at the base SV."""
    await locked_in_turn_two(simcord_env, table, dice)
    dice.script(2)  # d3 over red 1, blue 2: a blue die (Bob's)
    await table.bob.slash(table.channel, "bag draw")
    before = await state_of(simcord_env, table.channel)
    dice.script(3)  # Gangers' order test (1 pin): Co 9 − 1 = 8
    ran = await table.bob.slash(table.channel, "order", unit="Gangers", order="run")
    assert LOST_MOVED in card_text(ran.response)
    assert (await state_of(simcord_env, table.channel)).fractal_locks == []
    await undo_restores(simcord_env, table, before)  # the lock is back with the die

    dice.script(3)
    with french():
        ran = await table.bob.slash(table.channel, "order", unit="Gangers", order="advance")
    assert (
        "🔓 Verrouillage Fractal perdu : Frag Borer de **Troopers** sur **Gangers** — "
        "la cible s'est déplacée." in card_text(ran.response)
    )
    dice.script(1)  # d2 over red 1, blue 1: red
    await table.alice.slash(table.channel, "bag draw")
    fire = await table.alice.slash(table.channel, "order", unit="Troopers", order="fire")
    assert "Fractal Lock" not in card_text(fire.response)  # a Fire order keeps the shooter's
    dice.script(4, 2)  # no lock: Acc 6 is tested; Res 6 − 3 (the base SV) = 3
    text = shown(await shoot(table.alice, table.channel, distance=10, **FRAG))
    assert "automatic hits:" not in text and "Acc tests (1): `4`✅" in text
    assert "**Res** 6 − SV 3 → passes on **3** or less" in text
    dice.assert_used()


async def test_a_shooter_given_another_order_than_fire_loses_its_locks_seed_002(
    simcord_env, table, dice
):
    """Seed 002 "Verrouillage Fractal": "Tant que l'arme fractale reçoit un ordre de Fire à
    chaque tour qui suit": an Advance given to the shooter ends its locks."""
    await locked_in_turn_two(simcord_env, table, dice)
    dice.script(1)  # red: Alice's die
    await table.alice.slash(table.channel, "bag draw")
    moved = await table.alice.slash(table.channel, "order", unit="Troopers", order="advance")
    assert (
        "🔓 Fractal Lock lost: the Frag Borer of **Troopers** on **Gangers** — the shooter "
        "took another order than Fire." in card_text(moved.response)
    )
    state = await state_of(simcord_env, table.channel)
    assert state.fractal_locks == []
    log = await table.alice.slash(table.channel, "game log")
    assert "Fractal Lock lost" in log.response.embeds[0].description
    dice.assert_used()


async def test_players_end_locks_with_unit_moved_and_lock_drop_seed_003(simcord_env, table, dice):
    """Seed 003 "Verrouillage Fractal": "tant que la cible ne se déplace pas". A move the bot
    does not give (a reaction, a Grip or Scoot move) is declared with `/unit moved`; a lock
    is ended by its shooter's player with `/unit lock-drop`; each is one event `/game undo`
    takes back; with no lock to end, nothing changes."""
    await locked_in_turn_two(simcord_env, table, dice)
    before = await state_of(simcord_env, table.channel)
    moved = await table.bob.slash(table.channel, "unit moved", unit="Gangers")
    assert not moved.ephemeral
    assert card_text(moved.response) == (
        "🏃 **Gangers** moved: the Fractal Locks on it end.\n" + LOST_MOVED
    )
    assert (await state_of(simcord_env, table.channel)).fractal_locks == []
    await refused(
        simcord_env,
        table.channel,
        table.bob,
        "unit moved",
        "No Fractal Lock is on **Gangers**: nothing to end.",
        unit="Gangers",
    )
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.bob,
            "unit moved",
            "Aucun Verrouillage Fractal sur **Gangers**",
            unit="Gangers",
        )
    await undo_restores(simcord_env, table, before)

    await refused(
        simcord_env,
        table.channel,
        table.bob,
        "unit lock-drop",
        "Troopers belongs to",
        unit="Troopers",
    )
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "unit lock-drop",
        "**Gangers** holds no Fractal Lock: nothing to drop.",
        unit="Gangers",
    )
    with french():
        dropped = await table.alice.slash(
            table.channel, "unit lock-drop", unit="Troopers", target="Gangers"
        )
    assert card_text(dropped.response) == (
        "🔓 Verrouillage Fractal perdu : Frag Borer de **Troopers** sur **Gangers** — "
        "terminé par les joueurs."
    )
    state = await state_of(simcord_env, table.channel)
    assert state.fractal_locks == []
    log = (await table.alice.slash(table.channel, "game log")).response.embeds[0].description
    assert "Fractal Locks ended (ended by the players): Troopers → Gangers (Frag Borer)" in log
    assert "Fractal Locks ended (the target moved): Troopers → Gangers (Frag Borer)" in log
    dice.script(9)  # turn 2 with Fire (no order yet): Acc tested, no automatic hit
    text = shown(await shoot(table.alice, table.channel, distance=10, **FRAG))
    assert "Acc tests (1): `9`❌" in text
    dice.assert_used()


# --- 2. Sensor Module ------------------------------------------------------------------------

SENSOR = {"weapon": "sensor-module", "models": 1, "shooter": "Troopers", "target": "Gangers"}
MAG = {"weapon": "mag-gun", "models": 1, "shooter": "Troopers", "target": "Gangers"}


async def test_a_sensor_module_mark_lasts_the_turn_seed_002_detecteur_de_cible(
    simcord_env, table, dice
):
    """Seed 002 "Détecteur de Cible": "Pour le restant du tour en cours, tous les tirs sur une
    cible touchée au préalable par un Sensor Module reçoivent un bonus de +1 à la Préc. Ce
    bonus ne peut pas être combiné avec des Targeter Drones et ne peut pas être cumulé avec
    d'autres Sensor Modules." The mark is kept on the tracked target; nobody types it."""
    await armies(table)
    before = await state_of(simcord_env, table.channel)
    dice.script(2)  # Acc 5 + 1 = 6: the module hits (no damage, no pin: "Pas de Stress")
    marked = shown(await shoot(table.alice, table.channel, distance=10, **SENSOR))
    assert (
        "📡 **Gangers** is marked by the Sensor Module until the end of the turn: later shots "
        "at it get +1 Acc (not with targeters)." in marked
    )
    assert (await state_of(simcord_env, table.channel)).units["u2"].sensor_marked
    await undo_restores(simcord_env, table, before)
    dice.script(2)
    with french():
        marked = shown(await shoot(table.alice, table.channel, distance=10, **SENSOR))
    assert "📡 **Gangers** est marquée par le Sensor Module jusqu'à la fin du tour" in marked

    dice.script(9)  # the next shot at it: Acc 5 + Fire 1 + Sensor Module 1 = 7
    text = shown(await shoot(table.alice, table.channel, distance=10, **MAG))
    assert "**Acc** 5 · Fire order +1 · Sensor Module +1 → hits on **7**" in text
    dice.script(9)  # targeters give their bonus: the mark's is not combined
    text = shown(await shoot(table.alice, table.channel, distance=10, targeters=2, **MAG))
    assert "**Acc** 5 · Fire order +1 · Targeter Probes +2 → hits on **8**" in text
    assert "its +1 Acc does not combine with the targeters' bonus" in text
    dice.script(3)  # a second Sensor Module hit adds nothing
    again = shown(await shoot(table.alice, table.channel, distance=10, **SENSOR))
    assert "📡 **Gangers** was already marked: a second Sensor Module adds nothing." in again
    dice.script(9)
    text = shown(await shoot(table.alice, table.channel, distance=10, **MAG))
    assert "Sensor Module +1 → hits on **7**" in text  # +1 once, not +2

    card = await table.bob.slash(table.channel, "unit show", unit="Gangers")
    fields = {f.name: f.value for f in card.response.embeds[0].fields}
    assert "📡 Marked by a Sensor Module" in fields["Effects kept"]
    ended = await table.alice.slash(table.channel, "turn end", confirm=True)
    assert "📡 Sensor Module marks end: **Gangers**." in ended.response.embeds[0].description
    assert not (await state_of(simcord_env, table.channel)).units["u2"].sensor_marked
    dice.script(9)  # turn 2: no bonus any more
    text = shown(await shoot(table.alice, table.channel, distance=10, **MAG))
    assert "**Acc** 5 · Fire order +1 → hits on **6**" in text
    dice.assert_used()


# --- 3. MOD −1 -------------------------------------------------------------------------------


async def hauler_game(table) -> None:
    """Alice's Troopers (1 die); Bob's Hauler, a MOD3 vehicle with Co 9."""
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(table.channel, "unit add", name="Troopers", co=8, res=6)
    await table.bob.slash(
        table.channel, "unit add", name="Hauler", dice=3, kind="vehicle", co=9, res=10
    )


async def test_mod_minus_one_with_a_die_in_the_bag_is_lost_at_once_seed_002_vehicles(
    simcord_env, table, dice
):
    """Seed 002 "Dégâts des Véhicules (Vehicles)", row 6: "+1 Stress, Down, DOM -1 Dé
    d'Ordre". Down takes a die from the bag; another is still there: it leaves the game now,
    and the card shows MOD2."""
    await hauler_game(table)
    before = await state_of(simcord_env, table.channel)
    dice.script(6)
    hit = shown(await damage(table.alice, table.channel, table="vehicle", unit="Hauler"))
    assert "**Hauler**: order dice lost: 1 (MOD −1)." in hit and "to come" not in hit
    hauler = (await state_of(simcord_env, table.channel)).units["u2"]
    assert (hauler.dice, hauler.dice_loss_pending, hauler.down) == (2, 0, True)
    card = await table.bob.slash(table.channel, "unit show", unit="Hauler")
    fields = {f.name: f.value for f in card.response.embeds[0].fields}
    assert fields["Order dice"] == "2 (MOD2)"
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_mod_minus_one_with_every_die_in_use_waits_for_the_end_of_turn_seed_003(
    simcord_env, table, dice
):
    """Seed 003 "Dégâts des Véhicules (Vehicles)", rows 6–9 "DOM -1 Dé d'Ordre": with its
    three dice used this turn, the Hauler keeps the loss to come (card, /game status) and
    loses the dice when they come back at /turn end; never below one die."""
    await hauler_game(table)
    for value in (2, 2, 2):  # d4, d3, d2 over red 1 and the blue dice left: blue each time
        dice.script(value)
        await table.bob.slash(table.channel, "bag draw")
        await table.bob.slash(table.channel, "order", unit="Hauler", order="fire")
    dice.script(6)
    first = shown(await damage(table.alice, table.channel, table="vehicle", unit="Hauler"))
    assert (
        "MOD −1 to come: 1 order die lost when the dice come back at the end of the turn" in first
    )
    dice.script(7, 1)  # row 7: +D3 pins (1), Down, MOD −1
    with french():
        second = shown(await damage(table.alice, table.channel, table="vehicle", unit="Hauler"))
    assert "DOM −1 à venir : 2 dés d'ordre perdus quand les dés reviendront" in second
    dice.script(6)  # a third one: the Hauler cannot go below one die
    await damage(table.alice, table.channel, table="vehicle", unit="Hauler")
    hauler = (await state_of(simcord_env, table.channel)).units["u2"]
    assert (hauler.dice, hauler.dice_loss_pending, hauler.pins) == (3, 2, 3)

    card = await table.bob.slash(table.channel, "unit show", unit="Hauler")
    fields = {f.name: f.value for f in card.response.embeds[0].fields}
    assert "🎲 MOD −1 to come: 2 order dice lost when the dice come back" in fields["Effects kept"]
    status = await table.bob.slash(table.channel, "game status")
    assert "MOD3: 3/3 dice used · MOD −1 to come: 2" in unit_lines(status.response)["Hauler"]
    before = await state_of(simcord_env, table.channel)
    dice.script(2)  # the Hauler's recovery test: Co 9 − 3 pins = 6
    ended = await table.alice.slash(table.channel, "turn end", confirm=True)
    summary = ended.response.embeds[0].description
    assert "🎲 **Hauler**: MOD −1 applied as its dice came back: order dice 3 → **1**." in summary
    assert "Turn **2** begins: 2 dice in the bag" in summary
    state = await state_of(simcord_env, table.channel)
    assert (state.units["u2"].dice, state.units["u2"].dice_loss_pending) == (1, 0)
    assert state.bag == {"red": 1, "blue": 1}
    await undo_restores(simcord_env, table, before)
    dice.assert_used()


async def test_a_single_die_unit_loses_nothing_to_mod_minus_one_seed_002(simcord_env, table, dice):
    """Seed 002 "Dégâts des Véhicules", row 6 "DOM -1 Dé d'Ordre": DOM is "dés d'ordre
    multiples"; a unit with one die keeps it (nothing is lost now or later)."""
    await hauler_game(table)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", kind="vehicle")
    dice.script(6)
    hit = shown(await damage(table.bob, table.channel, table="vehicle", unit="Troopers"))
    assert "→ +1 pin · MOD −1 · Down" in hit  # the chart's row, as rolled
    assert "order dice lost" not in hit and "MOD −1 to come" not in hit
    troopers = (await state_of(simcord_env, table.channel)).units["u1"]
    assert (troopers.dice, troopers.dice_loss_pending) == (1, 0)
    dice.assert_used()


# --- 4. Overload -----------------------------------------------------------------------------

SLING = {"weapon": "x-sling", "ammo": "overload", "target": "Gangers", "distance": 8}


async def test_a_model_that_rolled_ten_never_fires_overload_again_seed_003_overload(
    simcord_env, table, dice
):
    """Seed 003 "OVERLOAD (Surcharge)": "Si un 10 est obtenu au test d'Acc (Préc) pour
    toucher, [...] la figurine ne peut plus utiliser de munitions Overload". The unit keeps
    the count for the rest of the game; its Overload shots fire with the others only."""
    await armies(table)
    before = await state_of(simcord_env, table.channel)
    dice.script(10, 3, 9)  # Acc 6: a 10 and a hit; Res 6 − SV 3 = 3: 9 passes
    fired = shown(await shoot(table.alice, table.channel, shooter="Troopers", models=2, **SLING))
    assert "Models that can no longer fire Overload ammo (a 10): 1." in fired
    assert (await state_of(simcord_env, table.channel)).units["u1"].overload_lost == 1
    await undo_restores(simcord_env, table, before)
    dice.script(10, 3, 9)
    await shoot(table.alice, table.channel, shooter="Troopers", models=2, **SLING)

    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "**Troopers**: only 4 models may still fire Overload (1 rolled a 10 with it, seed 003 "
        "“OVERLOAD”): fire with 4 at most, not 5.",
        shooter="Troopers",
        models=5,
        **SLING,
    )
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "**Troopers** : seules 4 figurines peuvent encore tirer en Overload",
            shooter="Troopers",
            models=5,
            **SLING,
        )
    await table.alice.slash(table.channel, "turn end", confirm=True)  # kept until the game ends
    dice.script(9, 9, 9, 9)
    fired = shown(await shoot(table.alice, table.channel, shooter="Troopers", models=4, **SLING))
    assert "Acc tests (4)" in fired
    card = await table.alice.slash(table.channel, "unit show", unit="Troopers")
    fields = {f.name: f.value for f in card.response.embeds[0].fields}
    assert "⚡ Overload: 1 model lost it (a 10); 4 may still fire it." in fields["Effects kept"]
    dice.assert_used()


async def test_a_unit_whose_every_model_lost_overload_is_refused_seed_003_overload(
    simcord_env, table, dice
):
    """Seed 003 "OVERLOAD (Surcharge)": the one model of the Slinger rolled a 10; an Overload
    shot is refused (its other ammo still fires)."""
    await armies(table)
    await table.alice.slash(table.channel, "unit add", name="Slinger", acc=5, co=8)
    dice.script(10)
    await shoot(table.alice, table.channel, shooter="Slinger", models=1, **SLING)
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "**Slinger** cannot fire Overload any more: the 1 model that rolled a 10 with it lost "
        "it (seed 003 “OVERLOAD”), and no other model is left. Choose other ammo.",
        shooter="Slinger",
        models=1,
        **SLING,
    )
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "**Slinger** ne peut plus tirer de munitions Overload : 1 figurine a obtenu un 10",
            shooter="Slinger",
            models=1,
            **SLING,
        )
    dice.script(9)
    plain_shot = await shoot(
        table.alice,
        table.channel,
        shooter="Slinger",
        models=1,
        weapon="x-sling",
        target="Gangers",
        distance=8,
    )
    assert not plain_shot.ephemeral, card_text(plain_shot.response)
    dice.assert_used()


# --- 5. Exhausted IMTel Stave ----------------------------------------------------------------

BOOST = {"weapon": "imtel-stave", "mode": "nano-drones-boost", "models": 1, "target": "Gangers"}
EXHAUSTED = (
    "**NuHu**: its IMTel Stave is exhausted (end-of-turn test t1: D10, 1–5 still exhausted, "
    "6–10 recharged). The Nano Drone Boost mode waits until it recharges; the Standard mode "
    "can still be used."
)


async def nuhu(table) -> None:
    await armies(table)
    stats = {"acc": 5, "str": 5, "res": 6, "co": 9}
    await table.alice.slash(table.channel, "unit add", name="NuHu", **stats)


async def test_an_exhausted_stave_cannot_boost_until_it_recharges_seed_002_epuise(
    simcord_env, table, dice
):
    """Seed 002 "Épuisé": "Tout résultat de 10 [...] indique que l'IMTel Stave est
    temporairement épuisé. Effectuez un test en fin de tour. Lancez D10. 1-5 : le bâton est
    épuisé. 6-10, le bâton est rechargé et peut être utilisé normalement." While its test is
    registered, the Nano Drones Boost (the mode that carries "Épuisé") is refused in /shoot
    and /assault; the Standard mode still works."""
    await nuhu(table)
    dice.script(10)
    fired = shown(await shoot(table.alice, table.channel, shooter="NuHu", distance=5, **BOOST))
    assert "**NuHu**: the IMTel Stave is exhausted; it tests at the end of the turn." in fired
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        EXHAUSTED,
        shooter="NuHu",
        distance=5,
        **BOOST,
    )
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "**NuHu** : son IMTel Stave est épuisé (test de fin de tour t1",
            shooter="NuHu",
            distance=5,
            **BOOST,
        )
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "assault",
        EXHAUSTED,
        attacker="NuHu",
        defender="Gangers",
        weapon="imtel-stave",
        mode="nano-drones-boost",
    )
    dice.script(9)  # the Standard mode still fires
    standard = await shoot(
        table.alice,
        table.channel,
        shooter="NuHu",
        distance=5,
        weapon="imtel-stave",
        mode="standard",
        models=1,
        target="Gangers",
    )
    assert not standard.ephemeral and "Acc tests (1): `9`❌" in shown(standard)
    card = await table.alice.slash(table.channel, "unit show", unit="NuHu")
    fields = {f.name: f.value for f in card.response.embeds[0].fields}
    assert "🪫 IMTel Stave exhausted (end-of-turn test t1)" in fields["Effects kept"]

    dice.script(3)  # end of turn 1: 1-5, still exhausted
    await table.alice.slash(table.channel, "turn end", confirm=True)
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        EXHAUSTED,
        shooter="NuHu",
        distance=5,
        **BOOST,
    )
    dice.script(8)  # end of turn 2: 6-10, recharged
    await table.alice.slash(table.channel, "turn end", confirm=True)
    dice.script(9)
    boosted = await shoot(table.alice, table.channel, shooter="NuHu", distance=5, **BOOST)
    assert not boosted.ephemeral, card_text(boosted.response)
    dice.assert_used()


async def test_a_stave_exhausted_in_round_one_cannot_boost_in_round_two_seed_002_epuise(
    simcord_env, table, dice
):
    """Seed 002 "Épuisé": "Tout résultat de 10 obtenu sur un jet de For [...]": a 10 on a
    Str test in the first round of close combat exhausts the stave; round 2 cannot use the
    boost (the Standard mode fights on)."""
    await nuhu(table)
    dice.script(10, 9, 9)  # the NuHu's three Str tests (Str 5): a 10 and two misses
    first = shown(
        await assault(
            table.alice,
            table.channel,
            attacker="NuHu",
            defender="Gangers",
            weapon="imtel-stave",
            mode="nano-drones-boost",
        )
    )
    assert "A 10 with the IMTel Stave: it is exhausted." in first
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "assault",
        EXHAUSTED,
        attacker="NuHu",
        defender="Gangers",
        weapon="imtel-stave",
        mode="nano-drones-boost",
        round=2,
    )
    dice.script(9, 9, 9)
    second = await assault(
        table.alice,
        table.channel,
        attacker="NuHu",
        defender="Gangers",
        weapon="imtel-stave",
        mode="standard",
        round=2,
    )
    assert not second.ephemeral, card_text(second.response)
    dice.assert_used()
