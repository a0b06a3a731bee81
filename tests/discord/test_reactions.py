"""Reactions to a shot through the real bot (issue 31 §1): `/unit react` typed, in English and
French, refusals included.

Rules cited: rules-notes "Reactions" ("its player takes that die out of the bag at once";
"It tests Init (−1 per pin) to react; on a fail the die goes back and nothing happens");
seeds 000/002/003 "SCOOT" ("ne peut pas effectuer d'autre réaction que Down"); seeds
000/002/003 "PROBES (SONDES)" ("ne peuvent pas du tout faire de réactions").
"""

from __future__ import annotations

from tests.discord.game_kit import card_text, refused, state_of
from tests.support.locale import french


async def table_of(table) -> None:
    """Alice's Troopers (Init 7) shoot at Bob's Gangers (Init 6, 2 pins)."""
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8, init=7)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, co=9, init=6)
    await table.bob.slash(table.channel, "pins add", unit="Gangers", count=2)


async def test_going_down_takes_the_die_and_shows_the_init_test(simcord_env, table, dice):
    await table_of(table)
    dice.script(4)  # Init 6 − 2 pins = 4: a 4 passes
    reacted = await table.bob.slash(
        table.channel, "unit react", unit="Gangers", kind="down", shooter="Troopers"
    )
    assert not reacted.ephemeral
    assert card_text(reacted.response) == (
        "⚡ **Gangers** reacts: Down. Its blue die is taken from the bag. Init test: "
        "Init 6 − 2 pins = 4: rolled **4** ✅ — the die shows Down: the Down protections "
        "apply to the shot."
    )
    state = await state_of(simcord_env, table.channel)
    assert state.units["u2"].down and state.bag["blue"] == 0
    log = await table.alice.slash(table.channel, "game log", last=1)
    assert "rolled **4** ✅" in log.response.embeds[0].description


async def test_a_failed_reaction_in_french_puts_the_die_back(simcord_env, table, dice):
    await table_of(table)
    dice.script(9)
    with french():
        reacted = await table.bob.slash(
            table.channel, "unit react", unit="Gangers", kind="fire", shooter="Troopers"
        )
    assert card_text(reacted.response) == (
        "⚡ **Gangers** réagit : Riposte. Son dé bleu est pris dans le sac. Test d'Init : "
        "Init 6 − 2 Stress = 4 : jet **9** ❌ — le dé retourne dans le sac et rien ne se passe."
    )
    state = await state_of(simcord_env, table.channel)
    assert state.bag["blue"] == 1 and not state.units["u2"].orders


async def test_refusals_change_nothing(simcord_env, table, dice):
    await table_of(table)
    env, channel = simcord_env, table.channel
    await refused(
        env, channel, table.bob, "unit react", "only its owner", unit="Troopers", kind="down"
    )
    await refused(
        env,
        channel,
        table.bob,
        "unit react",
        "Gangers may react only with down, run now",
        unit="Gangers",
        kind="fire",
    )
    await table.bob.slash(channel, "unit add", name="Probe", kind="probe", init=8)
    with french():
        await refused(
            env,
            channel,
            table.bob,
            "unit react",
            "Probe ne peut pas réagir",
            unit="Probe",
            kind="run",
        )
