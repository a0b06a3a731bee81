"""The Subverter Matrix through `/bag dispute` (seeds 000 and 002 "SUBVERTER MATRIX
(MATRICE DE SUBVERSION)") and the Homer Drone through `/order homer:` and the order buttons
(seeds 003 "HOMER DRONE (Drone de Guidage)"): the bot rolls, every die shown, undo restores."""

from __future__ import annotations

from tests.discord.game_kit import card_text, labels, refused, state_of
from tests.support.locale import french


async def machines(table) -> None:
    """Alice: Tsan Ra (vehicle, Co 8), Scout Probe, Troopers, Iso Rover (vehicle, Co 8).
    Bob: Gangers, carrying a Subverter Matrix. Red 4 dice, blue 1."""
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(table.channel, "unit add", name="Tsan Ra", kind="vehicle", co=8)
    await table.alice.slash(table.channel, "unit add", name="Scout Probe", kind="probe")
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8)
    await table.alice.slash(table.channel, "unit add", name="Iso Rover", kind="vehicle", co=8)
    await table.bob.slash(
        table.channel, "unit add", name="Gangers", models=5, co=9, gear="subverter-matrix"
    )


async def test_the_subverter_needs_a_unit_of_the_caller_that_carries_it_seeds_000(
    simcord_env, table, dice
):
    """000 "SUBVERTER MATRIX (MATRICE DE SUBVERSION)": "situés à moins de 15\" de la
    figurine portant un Subverter Matrix": the disputing player needs a unit carrying it;
    the refusal says how to add it, in the caller's language, and nothing changes."""
    await machines(table)
    env, channel, bob = simcord_env, table.channel, table.bob
    await bob.slash(channel, "unit edit", unit="Gangers", gear="none")
    await refused(
        env,
        channel,
        bob,
        "bag dispute",
        f"<@{bob.id}> has no unit carrying a Subverter Matrix: add it to the unit that "
        "carries it with </unit edit> unit:… gear:subverter-matrix",
        unit="Tsan Ra",
    )
    with french():
        await refused(
            env,
            channel,
            bob,
            "bag dispute",
            f"<@{bob.id}> n'a aucune unité portant une Matrice de subversion",
            unit="Tsan Ra",
        )
    await bob.slash(channel, "unit edit", unit="Gangers", gear="subverter")
    dice.script(5)
    held = await bob.slash(channel, "bag dispute", unit="Tsan Ra")
    assert card_text(held.response).endswith("**5** ✅\nNo effect.")
    dice.assert_used()


async def test_the_subverter_rolls_the_targets_co_test_seeds_000_subverter_matrix(
    simcord_env, table, dice
):
    """ "Si le test échoue sur un autre résultat que 10, le joueur adverse doit extraire un de
    ses dés d'ordre"; on a 10, two; a pass on a 1 stops the matrix for the action."""
    await machines(table)
    env, channel, bob = simcord_env, table.channel, table.bob
    before = await state_of(env, channel)
    dice.script(9)
    failed = await bob.slash(channel, "bag dispute", unit="Tsan Ra")
    assert card_text(failed.response) == (
        f"🌀 Subverter Matrix of <@{bob.id}> on **Tsan Ra** — Co test: Co 8 − 0 pins = 8: "
        "rolled **9** ❌\n"
        f"🌀 Subverter Matrix: <@{bob.id}> disputes 1 🟥 **red** die of <@{table.alice.id}> "
        "(1 from the bag, 0 from units in play). They are contested at the end of the turn."
    )
    assert len((await state_of(env, channel)).disputed) == 1
    undone = await bob.slash(channel, "game undo")
    assert "disputed 1 🟥 red die; Subverter Matrix on Tsan Ra" in card_text(undone.response)
    assert await state_of(env, channel) == before

    dice.script(1)
    spent = await bob.slash(channel, "bag dispute", unit="Tsan Ra")
    assert "rolled **1** ✅ (natural 1)" in card_text(spent.response)
    assert "No effect, and the matrix affects no other unit for this action." in (
        card_text(spent.response)
    )
    dice.script(10)
    two = await bob.slash(channel, "bag dispute", unit="Iso Rover")
    assert "disputes 2 🟥 **red** dice" in card_text(two.response)
    dice.script(4)
    with french():
        held = await bob.slash(channel, "bag dispute", unit="Tsan Ra")
    assert card_text(held.response).endswith("**4** ✅\nAucun effet.")

    probe = await bob.slash(channel, "bag dispute", unit="Scout Probe")
    assert "**Scout Probe** is a probe and is destroyed outright (no test)" in (
        card_text(probe.response)
    )
    state = await state_of(env, channel)
    assert state.units["u2"].destroyed_by == "subverter_matrix" and len(state.disputed) == 2
    dice.assert_used()


async def test_the_subverter_refuses_infantry_own_units_and_scramble_proof_ones(simcord_env, table):
    await machines(table)
    env, channel, bob = simcord_env, table.channel, table.bob
    await refused(
        env,
        channel,
        bob,
        "bag dispute",
        "Troopers is not a vehicle, a weapon drone or a probe: the Subverter Matrix only "
        "targets vehicles, machines, drones and probes",
        unit="Troopers",
    )
    with french():
        await refused(
            env, channel, bob, "bag dispute", "ne cible que les véhicules", unit="Troopers"
        )
    await refused(
        env,
        channel,
        table.alice,
        "bag dispute",
        "can only be disputed by another player",
        unit="Tsan Ra",
    )
    await table.alice.slash(channel, "marker jam-proof", unit="Iso Rover")
    await refused(
        env,
        channel,
        bob,
        "bag dispute",
        "Iso Rover is scramble-proof: the Subverter Matrix has no effect on it.",
        unit="Iso Rover",
    )


async def test_a_short_bag_asks_for_dice_in_play_before_rolling_seeds_000_subverter_matrix(
    simcord_env, table, dice
):
    """ "S'il ne reste pas suffisamment de dés ... le joueur dont les unités sont affectées
    peut décider quels dés prendre": named with in-play, before any die is rolled."""
    await machines(table)
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    for name in ("Tsan Ra", "Troopers", "Iso Rover"):
        await alice.slash(channel, "bag take", unit=name)
        await alice.slash(channel, "order", unit=name, order="fire")
    await refused(
        env,
        channel,
        bob,
        "bag dispute",
        "Only 1 of that player's dice is in the bag: should the test fail on a 10, 1 more",
        unit="Tsan Ra",
    )
    dice.script(10)
    two = await bob.slash(channel, "bag dispute", unit="Tsan Ra", **{"in-play": "Troopers"})
    assert "(1 from the bag, 1 from units in play)" in card_text(two.response)
    dice.assert_used()


async def homer_team(table) -> None:
    """Alice: Pathfinders (Co 8, Homer Drone), Troopers. Bob: Gangers."""
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(table.channel, "unit add", name="Pathfinders", co=8, gear="homer")
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, co=9)


async def test_a_homer_run_takes_the_unit_off_the_table_seeds_003_homer_drone(
    simcord_env, table, dice
):
    """ "Au lieu d'effectuer l'action de Run, l'unité est retirée du jeu ... ne peut plus
    revenir": its dice leave like a destroyed unit's, but it is not a casualty."""
    await homer_team(table)
    env, channel, alice = simcord_env, table.channel, table.alice
    dice.script(1)
    await alice.slash(channel, "bag draw")
    await refused(
        env,
        channel,
        alice,
        "order",
        "A Homer Drone transports its unit with a Run order only",
        unit="Pathfinders",
        order="advance",
        homer=True,
    )
    await refused(
        env,
        channel,
        alice,
        "order",
        "Troopers has no Homer Drone: add it with </unit edit> unit:Troopers gear:homer",
        unit="Troopers",
        order="run",
        homer=True,
    )
    before = await state_of(env, channel)
    gone = await alice.slash(channel, "order", unit="Pathfinders", order="run", homer=True)
    assert (
        "🛸 **Pathfinders** leaves the battlefield with its Homer Drone, for good (not a "
        "casualty): its order die leaves the game."
    ) in card_text(gone.response)
    state = await state_of(env, channel)
    assert state.units["u1"].destroyed_by == "homer" and state.bag == {"red": 1, "blue": 1}
    shown = await table.bob.slash(channel, "unit show", unit="Pathfinders")
    fields = {f["name"]: f["value"] for f in shown.response.embeds[0].to_dict()["fields"]}
    assert fields["State"] == "left the battlefield with its Homer Drone (not a casualty)"
    status = await table.bob.slash(channel, "game status")
    assert "🛸 left the battlefield" in card_text(status.response)

    await alice.slash(channel, "game undo")
    assert await state_of(env, channel) == before
    with french():
        gone = await alice.slash(channel, "order", unit="Pathfinders", order="run", homer=True)
    assert "quitte le champ de bataille avec son Drone de guidage" in card_text(gone.response)
    dice.assert_used()


async def test_a_failed_homer_order_goes_down_and_a_10_destroys_the_drone_seeds_003(
    simcord_env, table, dice
):
    """ "Si le test d'ordre échoue, l'unité se jette Down ... Si le test échoue sur un 10 ...
    le Homer Drone est détruit"; the Run button stays a plain Run."""
    await homer_team(table)
    env, channel, alice = simcord_env, table.channel, table.alice
    await alice.slash(channel, "pins add", unit="Pathfinders", count=2)
    dice.script(1, 10)  # red; order test Co 8 − 2 = 6: a natural 10
    drawn = await alice.slash(channel, "bag draw")
    failed = await alice.slash(channel, "order", unit="Pathfinders", order="run", homer=True)
    text = card_text(failed.response)
    assert "**Pathfinders** goes **Down** instead" in text
    assert "The Homer Drone transport fails this turn." in text
    assert "Natural 10: the signal is broken and the Homer Drone of **Pathfinders**" in text
    state = await state_of(env, channel)
    assert state.units["u1"].down and state.units["u1"].gear == {}
    undone = await alice.slash(channel, "game undo")

    await alice.slash(channel, "pins set", unit="Pathfinders", count=0)
    # the undone order gave the drawn die back: a card of its own again, whose menu picks the
    # unit and its order (the draw's card, whose die had its order, has no buttons left)
    (again,) = undone.followups
    assert labels(drawn.response) == []
    await alice.select(again, ["u1:run"])
    state = await state_of(env, channel)
    assert not state.units["u1"].destroyed and state.units["u1"].orders[0].executed == "run"
    dice.assert_used()
