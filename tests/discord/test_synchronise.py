"""`/bag take unit by [via]`: Follow, the Synchroniser Drone with its test (seeds 000/002/003
"SYNCHRONISER DRONE (Drone Synchroniseur)") and Phase Synchronisation (seeds 002
"Synchronisation de Phase"), with `/unit casualties in-solid:`."""

from __future__ import annotations

from tests.discord.game_kit import card_text, disabled_labels, labels, refused, state_of
from tests.support.locale import french


async def synchronisers(table) -> None:
    """Alice: Troopers. Bob: Sync Squad (Co 8, Synchroniser Drone), Gangers (Co 9, a
    Synchroniser Drone too), Rock Riders (Co 9). Red 1 die, blue 3."""
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8)
    await table.bob.slash(table.channel, "unit add", name="Sync Squad", co=8, gear="synchroniser")
    await table.bob.slash(table.channel, "unit add", name="Gangers", co=9, gear="synchroniser")
    await table.bob.slash(table.channel, "unit add", name="Rock Riders", co=9)


async def sync_squad_ordered(table, dice) -> None:
    dice.script(2)  # d4: 2 is blue
    await table.bob.slash(table.channel, "bag draw")
    await table.bob.slash(table.channel, "order", unit="Sync Squad", order="advance")


async def test_a_passed_sync_test_takes_a_die_like_a_drawn_one_seeds_000_synchroniser_drone(
    simcord_env, table, dice
):
    """ "Test réussi : le joueur prend un dé d'ordre du sac"; "Une unité qui a été
    synchronisée ne peut pas se synchroniser avec une autre unité"."""
    await synchronisers(table)
    env, channel, bob = simcord_env, table.channel, table.bob
    await refused(
        env,
        channel,
        bob,
        "bag take",
        "Sync Squad has not received an order this turn",
        unit="Gangers",
        by="Sync Squad",
    )
    await sync_squad_ordered(table, dice)
    before = await state_of(env, channel)
    dice.script(4)
    taken = await bob.slash(channel, "bag take", unit="Gangers", by="Sync Squad")
    text = card_text(taken.response)
    assert text.startswith(
        "🔗 Synchroniser Drone of **Sync Squad**: Co 8 − 0 pins = 8: rolled **4** ✅ — "
        "**Gangers** is synchronised"
    )
    assert "takes a 🟦 **blue** die for **Gangers**" in text
    assert labels(taken.response)[:6] == ["Fire", "Advance", "Run", "Ambush", "Rally", "Down"]
    await bob.click(taken.response, label="Fire")
    assert "order **Fire** (die 1/1, synchronised)" in card_text(taken.response)
    await refused(
        env,
        channel,
        bob,
        "bag take",
        "Gangers was itself synchronised this turn: a synchronised unit cannot synchronise",
        unit="Rock Riders",
        by="Gangers",
    )
    await refused(
        env,
        channel,
        bob,
        "bag take",
        "Sync Squad already tried to synchronise this turn",
        unit="Rock Riders",
        by="Sync Squad",
    )
    await bob.slash(channel, "game undo", steps=2)  # the order, then the synchronised die
    state = await state_of(env, channel)
    assert state == before and state.units["u2"].turn_lead is None
    dice.assert_used()


async def test_a_failed_sync_test_only_spends_the_attempt_seeds_000_synchroniser_drone(
    simcord_env, table, dice
):
    """ "Test raté : la synchronisation n'est pas effectuée. Il n'y a aucun autre effet"."""
    await synchronisers(table)
    env, channel, bob = simcord_env, table.channel, table.bob
    await sync_squad_ordered(table, dice)
    before = await state_of(env, channel)
    dice.script(9)
    with french():
        failed = await bob.slash(channel, "bag take", unit="Gangers", by="Sync Squad")
    assert card_text(failed.response) == (
        "🔗 Drone synchroniseur de **Sync Squad** : Co 8 − 0 Stress = 8 : **9** ❌ — pas de "
        "synchronisation. Rien d'autre ne se passe, et elle ne peut plus essayer ce tour."
    )
    # the Sync Squad may still shoot under its Advance: ✅ Terminé ends it (issue 31)
    assert labels(failed.response) == ["Piocher le suivant", "Terminé"]
    after = await state_of(env, channel)
    assert after.bag == before.bag and after.pending == before.pending
    assert after.units["u2"].pins == 0 and after.units["u2"].turn_lead == "synchroniser"
    await refused(
        env,
        channel,
        bob,
        "bag take",
        "already tried to synchronise this turn",
        unit="Gangers",
        by="Sync Squad",
    )
    await bob.slash(channel, "game undo")
    assert await state_of(env, channel) == before
    dice.assert_used()


async def test_sync_refusals_gear_scrambler_and_block_seeds_000_synchroniser_drone(
    simcord_env, table, dice
):
    """Drones are off within an enemy Scrambler (000 "BUDDY DRONES"); the synchronised die
    "peut être bloqué par une option d'armée Block!"."""
    await synchronisers(table)
    env, channel, bob, alice = simcord_env, table.channel, table.bob, table.alice
    await sync_squad_ordered(table, dice)
    await refused(
        env,
        channel,
        bob,
        "bag take",
        "Rock Riders has neither Follow nor a Synchroniser Drone: add one with "
        "</unit edit> unit:Rock Riders gear:follow",
        unit="Gangers",
        by="Rock Riders",
    )
    await refused(  # the game master may act for both players, but not mix their armies
        env,
        channel,
        table.admin,
        "bag take",
        "Troopers and Sync Squad belong to different players",
        unit="Troopers",
        by="Sync Squad",
    )
    await alice.slash(channel, "marker place", type="scrambler", weapon="Mag Mortar")
    await alice.slash(channel, "marker affect", marker="1", unit="Sync Squad")
    await refused(
        env,
        channel,
        bob,
        "bag take",
        "Sync Squad is within an enemy Scrambler",
        unit="Gangers",
        by="Sync Squad",
    )
    await alice.slash(channel, "marker remove", marker="1")
    dice.script(2, 1)  # the test passes; Block! redraws over red 1, blue 1: red
    await bob.slash(channel, "bag take", unit="Gangers", by="Sync Squad")
    blocked = await alice.slash(channel, "bag putback")
    assert "Block! The 🟦 **blue** die goes back into the bag" in card_text(blocked.response)
    dice.assert_used()


async def test_follow_or_synchroniser_one_per_turn_seeds_000_synchroniser_drone(
    simcord_env, table, dice
):
    """ "Une unité de commandement avec la règle Follow qui possède un Synchroniser Drone
    doit choisir une des deux options"."""
    await synchronisers(table)
    env, channel, bob = simcord_env, table.channel, table.bob
    await bob.slash(channel, "unit edit", unit="Sync Squad", gear="follow, synchroniser")
    await sync_squad_ordered(table, dice)
    await refused(
        env,
        channel,
        bob,
        "bag take",
        "has both Follow and a Synchroniser Drone",
        unit="Gangers",
        by="Sync Squad",
    )
    followed = await bob.slash(channel, "bag take", unit="Gangers", by="Sync Squad", via="follow")
    assert "👉 **Sync Squad** (Follow) gives its order to **Gangers** too: Advance, identical." in (
        card_text(followed.response)
    )
    await refused(  # 002/003 "RÈGLES SPÉCIALES COMMUNES": Follow gives "un Ordre identique"
        env,
        channel,
        bob,
        "order",
        "it takes the identical order, Advance",
        unit="Gangers",
        order="fire",
    )
    with french():
        await refused(
            env,
            channel,
            bob,
            "order",
            "il prend l'ordre identique, Advance",
            unit="Gangers",
            order="run",
        )
    assert labels(followed.response)[:6] == ["Fire", "Advance", "Run", "Ambush", "Rally", "Down"]
    disabled = disabled_labels(followed.response)
    assert disabled == ["Fire", "Run", "Ambush", "Rally", "Down"]  # only the identical order
    await bob.slash(channel, "order", unit="Gangers", order="advance")
    await refused(
        env,
        channel,
        bob,
        "bag take",
        "Sync Squad already used Follow this turn",
        unit="Rock Riders",
        by="Sync Squad",
        via="synchroniser",
    )
    dice.assert_used()


async def test_phase_synchronisation_advance_or_run_and_solid_matter_seeds_002(
    simcord_env, table, dice
):
    """002 "Synchronisation de Phase": an allied unit "peut effectuer immédiatement une
    action Advance ou Run synchronisée"; models ending in solid matter: a pin each, then
    destroyed (no break test: not a shooting attack)."""
    await table.alice.slash(table.channel, "game start", name="Vorl")
    env, channel, alice = simcord_env, table.channel, table.alice
    await alice.slash(channel, "unit add", name="Phase Squad", co=8)
    await alice.slash(channel, "unit add", name="Phase Troopers", models=6, co=8)
    await table.bob.slash(channel, "unit add", name="Gangers", co=9)
    await refused(
        env,
        channel,
        alice,
        "bag take",
        "Phase Squad has not shot this turn",
        unit="Phase Troopers",
        by="Phase Squad",
        via="phase_sync",
    )
    await refused(
        env,
        channel,
        alice,
        "bag take",
        "via:phase_sync names a rule of another unit",
        unit="Phase Troopers",
        via="phase_sync",
    )
    dice.script(1)
    await alice.slash(channel, "bag draw")
    await alice.slash(channel, "order", unit="Phase Squad", order="fire")
    await alice.slash(channel, "unit edit", unit="Phase Squad", weapons="Phase-shift Projector")
    await alice.slash(channel, "unit edit", unit="Phase Troopers", armour="phase")
    taken = await alice.slash(
        channel, "bag take", unit="Phase Troopers", by="Phase Squad", via="phase_sync"
    )
    assert card_text(taken.response).startswith(
        "🌀 Phase Synchronisation of the Phase-shift Projector of **Phase Squad**: "
        "**Phase Troopers** may Advance or Run through the obstacle at once (no test)"
    )
    assert "Forced" not in card_text(taken.response)
    assert disabled_labels(taken.response) == ["Fire", "Ambush", "Rally", "Down"]
    await refused(
        env,
        channel,
        alice,
        "order",
        "it takes only an Advance or a Run order",
        unit="Phase Troopers",
        order="fire",
    )
    await alice.click(taken.response, label="Run")
    assert "order **Run** (die 1/1, Phase Synchronisation)" in card_text(taken.response)

    stuck = await alice.slash(
        channel, "unit casualties", unit="Phase Troopers", count=3, **{"in-solid": True}
    )
    text = card_text(stuck.response)
    assert text.startswith(
        "🧱 **Phase Troopers**: 3 models end inside solid matter (Phase Synchronisation)"
    )
    assert "**Phase Troopers**: pins 0 → **3**." in text
    assert "loses 3 models: 6 → 3" in text and "Break test" not in text
    with french():
        stuck = await alice.slash(
            channel, "unit casualties", unit="Phase Troopers", count=3, **{"in-solid": True}
        )
    assert "☠️" in card_text(stuck.response)  # its last three models: the unit is gone
    dice.assert_used()


async def test_phase_synchronisation_needs_the_projector_and_phase_armour_or_force_seeds_002(
    simcord_env, table, dice
):
    """002 "Synchronisation de Phase": "Lorsqu'un Phase-shift Projector touche [...] une
    unité Alliée à 10\" ou moins qui est intégralement équipée d'armure à phases": the
    projector on the unit that shot, phase armour on the one synchronised; each refusal
    names what is missing and how to add it; the host or a GM may force it."""
    await table.alice.slash(table.channel, "game start", name="Vorl")
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await alice.slash(channel, "unit add", name="Phase Squad", co=8)
    await alice.slash(channel, "unit add", name="Phase Troopers", models=6, co=8)
    await bob.slash(channel, "unit add", name="Gangers", co=9)
    await bob.slash(channel, "unit add", name="Rock Riders", co=9, armour="phase")
    dice.script(1)
    await alice.slash(channel, "bag draw")
    await alice.slash(channel, "order", unit="Phase Squad", order="fire")
    phase = {"unit": "Phase Troopers", "by": "Phase Squad", "via": "phase_sync"}
    await refused(
        env,
        channel,
        alice,
        "bag take",
        "Phase Squad carries no Phase-shift Projector: add it with </unit edit> "
        "unit:Phase Squad weapons:Phase-shift Projector",
        **phase,
    )
    with french():
        await refused(
            env,
            channel,
            alice,
            "bag take",
            "Phase Squad ne porte pas de Phase-shift Projector",
            **phase,
        )
    await alice.slash(channel, "unit edit", unit="Phase Squad", weapons="Phase-shift Projector")
    await refused(
        env,
        channel,
        alice,
        "bag take",
        "Phase Troopers is not in phase armour: Phase Synchronisation moves only a unit fully "
        "in phase armour. Set it with </unit edit> unit:Phase Troopers armour:Phase",
        **phase,
    )
    with french():
        await refused(
            env,
            channel,
            alice,
            "bag take",
            "Phase Troopers n'est pas en armure à phases",
            **phase,
        )
    await refused(  # force is for the host or a GM (Bob is neither)
        env,
        channel,
        bob,
        "bag take",
        "Only the host",
        unit="Rock Riders",
        by="Gangers",
        via="phase_sync",
        force=True,
    )
    forced = await alice.slash(channel, "bag take", force=True, **phase)
    text = card_text(forced.response)
    assert "**Phase Troopers** may Advance or Run through the obstacle at once" in text
    assert (
        "⚠️ Forced by the host or a GM: the Phase-shift Projector and the phase armour were "
        "not checked."
    ) in text
    state = await state_of(env, channel)
    assert [d.via for d in state.pending] == ["phase_sync"]
    dice.assert_used()
