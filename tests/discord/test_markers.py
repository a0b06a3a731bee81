"""Special-ammo markers at the table through the simulated Discord (issue 6): `/marker place`,
`affect`, `list`, `remove`, `jam-proof`; their end-of-turn d10 in `/turn end`; Scoot and Grip
on `/order` and on the order buttons; refusals that change nothing; French."""

from __future__ import annotations

from core.antares.shooting import Shot, Target, resolve_shot
from core.antares.table_markers.effects import is_scrambled, shot_markers
from core.antares.table_markers.lookup import markers_of
from core.common.dice import ScriptedDice
from tests.core.antares.shooting.kit import fire
from tests.discord.game_kit import card_text, forged_options, skirmish, snapshot, state_of
from tests.support.locale import french
from tests.support.mentions import tokens


async def refused(env, channel, member, command, expected, **options):
    """Run `command`: refused ephemerally with `expected`, nothing changed."""
    before = await snapshot(env, channel)
    result = await member.slash(channel, command, **options)
    assert result.ephemeral, (command, options, card_text(result.response))
    assert expected in tokens(card_text(result.response)), (command, card_text(result.response))
    assert await snapshot(env, channel) == before, (command, options)
    return result


async def test_place_declare_list_and_the_end_of_turn_test(simcord_env, table, dice):
    await skirmish(table)
    alice, bob, channel = table.alice, table.bob, table.channel
    placed = await alice.slash(
        channel, "marker place", type="blur", weapon="x-launcher", location="north ruins"
    )
    text = card_text(placed.response)
    assert not placed.ephemeral
    assert f"🌫️ **Blur #1** placed by <@{alice.id}> — north ruins (launcher: X-Launcher)" in text
    assert "end-of-turn d10 (1–5 removed, 6–10 stays)" in text
    launchers = await alice.autocomplete(channel, "marker place", "weapon", "x-")
    assert [c["value"] for c in launchers] == ["x-howitzer", "x-launcher"]  # no X-Sling
    await bob.slash(channel, "marker place", type="scrambler", location="ford")
    choices = await bob.autocomplete(channel, "marker affect", "marker", "")
    assert choices == [
        {"name": "🌫️ Blur #1 north ruins", "value": "1:m1"},
        {"name": "📡 Scrambler #2 ford", "value": "1:m2"},
    ]

    declared = await bob.slash(channel, "marker affect", marker="1:m1", unit="Gangers")
    assert card_text(declared.response) == (
        '**Gangers** is within 3" of 🌫️ **Blur #1**: its shots take −D3 Acc '
        "(several Blurs: a d3 each, the highest counts)."
    )
    listed = await alice.slash(channel, "marker list")
    description = listed.response.embeds[0].description
    assert f"🌫️ **Blur #1** · <@{alice.id}> · turn 1 — north ruins" in description
    assert 'within 3": Gangers' in description and 'within 3": nobody declared' in description
    state = await state_of(simcord_env, channel)
    effects = shot_markers(state, "u2", "u1")  # what /shoot reads: the Gangers shoot blurred
    shot = Shot(
        weapon="mag-gun", acc=5, distance=8, blur_markers=effects.blur_markers, target=Target(res=6)
    )
    result = resolve_shot(shot, ScriptedDice([2, 5]))  # Blur d3: 2; Acc 5 + 1 − 2 = 4: 5 misses
    assert result.acc_target == 4 and result.hits == 0

    dice.script(4, 8)  # Blur: 4, removed; Scrambler: 8, stays
    ended = await alice.slash(channel, "turn end", confirm=True)
    description = ended.response.embeds[0].description
    assert "**End-of-turn tests**" in description
    assert "Blur #1 (north ruins): d10 → **4**: marker removed" in description
    assert "Scrambler #2 (ford): d10 → **8**: marker stays" in description
    state = await state_of(simcord_env, channel)
    assert [m.number for m in markers_of(state)] == [2]
    assert shot_markers(state, "u2", "u1").blur_markers == 0
    dice.assert_used()


async def test_scoot_and_grip_on_orders_and_the_order_buttons(simcord_env, table, dice):
    await skirmish(table)
    alice, bob, channel = table.alice, table.bob, table.channel
    await bob.slash(channel, "marker place", type="scoot")
    await bob.slash(channel, "marker affect", marker="1", unit="Troopers")  # any side
    await alice.slash(channel, "marker place", type="grip")
    await alice.slash(channel, "marker affect", marker="#2", unit="Gangers")
    dice.script(1)
    await alice.slash(channel, "bag draw")
    await refused(
        simcord_env,
        channel,
        alice,
        "order",
        'Troopers is within 3" of Scoot #1: it may only be given Run or Down',
        unit="Troopers",
        order="fire",
    )
    ran = await alice.slash(channel, "order", unit="Troopers", order="run")
    assert "order **Run**" in card_text(ran.response) and "Grip" not in card_text(ran.response)

    dice.script(1)  # a blue die
    drawn = await bob.slash(channel, "bag draw")  # his one unit: its order buttons
    no_ag = await bob.click(drawn.response, label="Advance")
    assert no_ag.ephemeral and "it has no Ag" in card_text(no_ag.response)
    await bob.slash(channel, "unit edit", unit="Gangers", ag=4)
    dice.script(10)  # Grip: Ag 4, a 10
    await bob.click(drawn.response, label="Advance")
    text = card_text(drawn.response)
    assert "order **Advance**" in text
    assert "🕸️ Grip (#2): Ag test Ag 4: rolled **10** ❌ — it cannot move" in text
    assert "A 10: it also takes a pin (0 → 1)." in text
    dice.script(1, 3, 1)  # the last blue die; order test (1 pin) 3; Grip: a 1, full speed
    await bob.slash(channel, "bag draw")
    moved = await bob.slash(channel, "order", unit="Gangers", order="run")
    assert "rolled **1** ✅ — a 1: it moves normally." in card_text(moved.response)
    log = await bob.slash(channel, "game log", last=2)
    assert "Grip (#2): Ag test Ag 4: rolled **1**" in log.response.embeds[0].description
    assert (await state_of(simcord_env, channel)).units["u2"].pins == 0  # order test: −1
    dice.assert_used()


async def test_scramblers_arcs_and_scramble_proof_units(simcord_env, table):
    await skirmish(table)
    alice, bob, channel = table.alice, table.bob, table.channel
    await alice.slash(channel, "marker place", type="scrambler", weapon="Mag Mortar")
    own = await alice.slash(channel, "marker affect", marker="1", unit="Troopers")
    assert "no effect: a Scrambler only affects its owner's enemies." in card_text(own.response)
    enemy = await alice.slash(channel, "marker affect", marker="1", unit="Gangers")
    assert "its armour bonuses are cancelled" in card_text(enemy.response)
    state = await state_of(simcord_env, channel)
    assert is_scrambled(state, "u2") and shot_markers(state, "u1", "u2").scrambled

    proof = await bob.slash(channel, "marker jam-proof", unit="Gangers")
    assert card_text(proof.response).startswith("🛡️ **Gangers** is scramble-proof")
    assert not is_scrambled(await state_of(simcord_env, channel), "u2")
    await refused(
        simcord_env, channel, bob, "marker jam-proof", "Troopers belongs to", unit="Troopers"
    )
    listed = await bob.slash(channel, "marker list")
    assert "🛡️ Scramble-proof: Gangers" in listed.response.embeds[0].description

    await bob.slash(channel, "marker place", type="arc", location="between the hills")
    arc = await bob.slash(channel, "marker affect", marker="2", unit="Troopers")
    assert "roll a d10 per Arc first (6–10: automatic miss)" in card_text(arc.response)
    state = await state_of(simcord_env, channel)
    arcs = shot_markers(state, "u2", "u1").arcs
    assert arcs == 1 and fire("mag-gun", [6], arcs=arcs).intercepted == [1]  # 6–10: a miss

    removed = await bob.slash(channel, "marker remove", marker="1:m2")
    assert (
        card_text(removed.response)
        == "⚡ **Arc #2** is off the table.\nIt no longer affects: Troopers."
    )
    out = await alice.slash(channel, "marker affect", marker="1", unit="Gangers", inside=False)
    assert card_text(out.response) == '**Gangers** is no longer within 3" of 📡 **Scrambler #1**.'


async def test_bad_markers_change_nothing(simcord_env, table):
    await skirmish(table)
    alice, bob, channel, env = table.alice, table.bob, table.channel, simcord_env
    await refused(
        env,
        channel,
        alice,
        "marker place",
        "X-Sling cannot fire Grip ammo: only X-Launcher, X-Howitzer, Mag Mortar can.",
        type="grip",
        weapon="x-sling",
    )
    await refused(
        env,
        channel,
        alice,
        "marker place",
        "No weapon called “Lasgun”",
        type="arc",
        weapon="Lasgun",
    )
    with forged_options():
        await refused(env, channel, alice, "marker place", "Unknown marker type net", type="net")
    await refused(
        env,
        channel,
        alice,
        "marker place",
        "The location has 101 characters",
        type="blur",
        location="x" * 101,
    )
    await refused(
        env,
        channel,
        alice,
        "marker place",
        "has no unit in this game",
        type="blur",
        owner=table.admin,
    )
    await refused(
        env, channel, bob, "marker place", "Acting for another member", type="blur", owner=alice
    )
    await alice.slash(channel, "marker place", type="blur")
    await refused(env, channel, alice, "marker affect", "No marker 7", marker="7", unit="Troopers")
    await alice.slash(channel, "marker affect", marker="1", unit="Troopers")
    await refused(
        env,
        channel,
        bob,
        "marker affect",
        'already declared within 3"',
        marker="1",
        unit="Troopers",
    )
    await bob.slash(channel, "unit casualties", unit="Gangers", count=5)
    await refused(
        env, channel, bob, "marker affect", "Gangers is destroyed", marker="1", unit="Gangers"
    )
    carol = table.guild.add_member(env.create_user("carol"))
    await refused(env, channel, carol, "marker remove", "Only this game's players", marker="1")

    await alice.slash(channel, "game end")
    await alice.slash(channel, "game start", name="Rematch")
    await alice.slash(channel, "unit add", name="Scouts")
    await alice.slash(channel, "marker place", type="grip")
    await refused(env, channel, alice, "marker remove", "belongs to another game", marker="1:m1")
    await refused(
        env, channel, alice, "marker affect", "belongs to another game", marker="2:m1", unit="1:u1"
    )


async def test_markers_in_french(simcord_env, table, dice):
    with french():
        await skirmish(table)
        alice, bob, channel = table.alice, table.bob, table.channel
        placed = await alice.slash(channel, "marker place", type="scoot", location="gué")
        assert "💨 **Scoot (Dispersion) #1** placé par" in card_text(placed.response)
        assert "</marker affect>" in tokens(card_text(placed.response))
        declared = await bob.slash(channel, "marker affect", marker="1", unit="Gangers")
        assert "ne peut recevoir que Course ou À terre" in card_text(declared.response)
        bad = await alice.slash(channel, "marker place", type="blur", weapon="x-sling")
        assert bad.ephemeral
        assert card_text(bad.response).startswith("X-Sling ne peut pas tirer de munitions Blur")
        dice.script(2)
        await bob.slash(channel, "bag draw")
        scoot = await bob.slash(channel, "order", unit="Gangers", order="fire")
        assert scoot.ephemeral and "ne peut recevoir que Course ou À terre" in (
            card_text(scoot.response)
        )
        dice.script(6)
        ended = await alice.slash(channel, "turn end", confirm=True)
        description = ended.response.embeds[0].description
        assert "Scoot #1 (gué) : d10 → **6** : le marqueur reste" in description
        listed = await bob.slash(channel, "marker list")
        assert listed.response.embeds[0].title == "Marqueurs de Vorl"
        assert 'à moins de 3" : Gangers' in listed.response.embeds[0].description


async def test_grip_blur_and_refusals_in_french(simcord_env, table, dice):
    with french():
        await skirmish(table)
        alice, bob, channel = table.alice, table.bob, table.channel
        await bob.slash(channel, "unit edit", unit="Gangers", ag=4)
        await alice.slash(channel, "marker place", type="grip", weapon="X-Howitzer")
        grip = await alice.slash(channel, "marker affect", marker="1", unit="Gangers")
        assert "un déplacement (Avance, Course) demande un test d'Agi" in card_text(grip.response)
        blur = await alice.slash(channel, "marker place", type="blur")
        assert "🌫️ **Blur (Effaceur) #2** placé par" in card_text(blur.response)
        dice.script(2, 3)  # a blue die; Grip: Agi 4, 3 passes: half move
        drawn = await bob.slash(channel, "bag draw")  # his one unit: its order buttons
        await bob.click(drawn.response, label="Avance")
        assert "🕸️ Grip (#1) : test d'Agi Agi 4 : **3** ✅ — elle se déplace à vitesse réduite" in (
            card_text(drawn.response)
        )
        await bob.slash(channel, "unit casualties", unit="Gangers", count=5)
        gone = await bob.slash(channel, "marker affect", marker="2", unit="Gangers")
        assert gone.ephemeral and card_text(gone.response).startswith("Gangers est détruite")
        other = await bob.slash(channel, "marker remove", marker="9:m1")
        assert other.ephemeral and "appartient à une autre partie" in card_text(other.response)
        dice.assert_used()
