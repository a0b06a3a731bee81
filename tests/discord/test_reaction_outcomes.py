"""What a reaction does, typed (`/unit react`, issue 31 §1), for the outcomes the other reaction
tests leave out: phase armour turning the die it has to Down, a passed Escape, and a failed
test under `reaction_fail` down; in English and French.

Rules cited: seed 002 "ARMURES À PHASES" ("Une unité équipée d'armures à phases peut
effectuer une action de **Down** même si elle a déjà un dé d'ordre [...] Si l'unité a déjà un
dé d'ordre, Tournez-le sur la face **Down**"); rules-notes "Reactions" ("It tests Init (−1 per
pin) to react"; Escape: the die shows Run; on a fail "the die goes back and nothing happens",
an L point: `reaction_fail` down makes the unit go Down with its die instead).
"""

from __future__ import annotations

from tests.discord.game_kit import card_text, state_of, tokens
from tests.discord.test_ambush_typed import given
from tests.discord.test_reactions import table_of
from tests.discord.test_shoot_kit import armies
from tests.support.locale import french

DOWN = {"unit": "Gangers", "kind": "down", "shooter": "Troopers"}


async def phase_table(table) -> None:
    """A `free` game: Bob's Gangers (Init 6, phase armour, MOD2) have both their dice, on
    Advance; Alice's Troopers (Init 7) take Fire and shoot at them."""
    await armies(table)
    channel = table.channel
    await table.alice.slash(channel, "unit edit", unit="Troopers", init=7)
    edited = await table.bob.slash(channel, "unit edit", unit="Gangers", init=6, armour="phase")
    assert not edited.ephemeral, edited.response.content
    for _ in range(2):  # MOD2: no die of theirs is left in the bag
        await given(table.bob, channel, "Gangers", "advance")
    await given(table.alice, channel, "Troopers", "fire")


async def test_phase_armour_turns_its_die_to_down_on_a_passed_init_test(simcord_env, table, dice):
    env, channel = simcord_env, table.channel
    await phase_table(table)
    before = await state_of(env, channel)
    dice.script(6)  # Init 6, no pins: a 6 passes
    reacted = await table.bob.slash(channel, "unit react", **DOWN)
    assert not reacted.ephemeral, reacted.response.content
    assert tokens(card_text(reacted.response)) == (
        "⚡ **Gangers** reacts: Down. Phase armour turns its Advance die to Down. Init test: "
        "Init 6 = 6: rolled **6** ✅ — the die shows Down: the Down protections apply to the shot."
    )
    state = await state_of(env, channel)
    gangers = state.units["u2"]
    assert gangers.down and gangers.orders[-1].executed == "down"
    assert state.bag == before.bag  # a die turned: none leaves the bag
    dice.assert_used()


async def test_in_french_a_failed_test_leaves_the_die_as_it_was(simcord_env, table, dice):
    env, channel = simcord_env, table.channel
    await phase_table(table)
    before = await state_of(env, channel)
    dice.script(7)  # Init 6: a 7 fails
    with french():
        reacted = await table.bob.slash(channel, "unit react", **DOWN)
    assert not reacted.ephemeral, reacted.response.content
    assert tokens(card_text(reacted.response)) == (
        "⚡ **Gangers** réagit : À terre. L'armure à phases tourne son dé Avance sur À terre. "
        "Test d'Init : Init 6 = 6 : jet **7** ❌ — son dé reste tel quel."
    )
    after = await state_of(env, channel)
    assert after.units["u2"] == before.units["u2"] and after.bag == before.bag
    dice.assert_used()


async def test_a_passed_escape_takes_the_die_and_shows_run(simcord_env, table, dice):
    env, channel = simcord_env, table.channel
    await table_of(table)  # Gangers: Init 6, 2 pins
    dice.script(3)  # Init 6 − 2 pins = 4: a 3 passes
    reacted = await table.bob.slash(
        channel, "unit react", unit="Gangers", kind="run", shooter="Troopers"
    )
    assert not reacted.ephemeral, reacted.response.content
    assert tokens(card_text(reacted.response)) == (
        "⚡ **Gangers** reacts: Escape. Its blue die is taken from the bag. Init test: "
        "Init 6 − 2 pins = 4: rolled **3** ✅ — the die shows Run: **Gangers** moves away from "
        "the shooter (move it on the table)."
    )
    state = await state_of(env, channel)
    assert state.units["u2"].orders[-1].executed == "run" and state.bag["blue"] == 0
    dice.assert_used()


async def test_in_french_reaction_fail_down_sends_the_unit_down_with_its_die(
    simcord_env, table, dice
):
    env, channel = simcord_env, table.channel
    await table_of(table)
    changed = await table.alice.slash(channel, "game rules", setting="reaction_fail", value="down")
    assert not changed.ephemeral, changed.response.content
    dice.script(5)  # Init 6 − 2 pins = 4: a 5 fails
    with french():
        reacted = await table.bob.slash(
            channel, "unit react", unit="Gangers", kind="fire", shooter="Troopers"
        )
    assert not reacted.ephemeral, reacted.response.content
    assert tokens(card_text(reacted.response)) == (
        "⚡ **Gangers** réagit : Riposte. Son dé bleu est pris dans le sac. Test d'Init : "
        "Init 6 − 2 Stress = 4 : jet **5** ❌ — l'unité passe À terre avec son dé."
    )
    state = await state_of(env, channel)
    gangers = state.units["u2"]
    assert gangers.down and gangers.orders[-1].executed == "down" and state.bag["blue"] == 0
    dice.assert_used()
