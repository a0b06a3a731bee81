"""Command and Hero through the slash commands and the order buttons (seeds 002/003
"RÈGLES SPÉCIALES COMMUNES": "Command", "Hero"), and `/unit test` for a tracked unit."""

from __future__ import annotations

from tests.discord.game_kit import card_text, refused, state_of
from tests.support.locale import french


async def army(table) -> None:
    """Alice: Senatex Commander (Co 9, Init 8, Command and Hero), Phase Troopers (6 models,
    Co 6, Init 6, MOD2), Plain Squad (Co 9, no rule). Bob: Gangers (Co 9)."""
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(
        table.channel, "unit add", name="Senatex Commander", co=9, init=8, gear="command, hero"
    )
    await table.alice.slash(
        table.channel, "unit add", name="Phase Troopers", models=6, co=6, init=6, dice=2
    )
    await table.alice.slash(table.channel, "unit add", name="Plain Squad", co=9)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, co=9)


async def test_command_co_in_order_tests_buttons_recovery_and_break_seeds_002_command(
    simcord_env, table, dice
):
    """002 "Command": "Une unité à 10" ou moins d'une figurine de Commandant peut utiliser
    la stat de Co du Commandant au lieu de la sienne"."""
    await army(table)
    choices = await table.alice.autocomplete(table.channel, "unit edit", "commander", "")
    assert [c["name"] for c in choices] == ["🟥 Senatex Commander", "none / aucun"]
    edited = await table.alice.slash(
        table.channel, "unit edit", unit="Phase Troopers", commander="Senatex Commander"
    )
    assert card_text(edited.response) == "**Phase Troopers** updated: commander."
    await table.alice.slash(table.channel, "pins add", unit="Phase Troopers", count=2)

    dice.script(2, 7)  # red die (positions 1-4 of 5); order test Co 9 − 2 = 7: a 7 passes
    await table.alice.slash(table.channel, "bag draw")
    ordered = await table.alice.slash(table.channel, "order", unit="Phase Troopers", order="fire")
    assert (
        "Order test: Co 9 (Command: Senatex Commander) − 2 pins = 7: rolled **7** ✅"
        in card_text(ordered.response)
    )

    dice.script(1, 10)  # red again; order test Co 9 − 1 = 8: a natural 10, Down
    drawn = await table.alice.slash(table.channel, "bag draw")
    await table.alice.select(drawn.response, ["u2:advance"])  # the card's one menu
    assert (
        "Co 9 (Command: Senatex Commander) − 1 pin = 8: rolled **10** ❌ (natural 10)"
        in card_text(drawn.response)
    )

    dice.script(3)  # recovery: Co 9 − 1 = 8: a 3 passes
    with french():
        ended = await table.alice.slash(table.channel, "turn end", confirm=True)
    assert (
        "**Phase Troopers** : Co 9 (Commandement : Senatex Commander) − 1 Stress = 8 : **3** ✅"
        in ended.response.embeds[0].description
    )

    dice.script(9)  # break test at half casualties: Co 9 − 0 = 9: a 9 holds
    lost = await table.alice.slash(table.channel, "unit casualties", unit="Phase Troopers", count=3)
    assert (
        "Break test: Co 9 (Command: Senatex Commander) − 0 pins = 9: rolled **9** ✅"
        in card_text(lost.response)
    )
    shown = await table.bob.slash(table.channel, "unit show", unit="Phase Troopers")
    fields = {f["name"]: f["value"] for f in shown.response.embeds[0].to_dict()["fields"]}
    assert fields['Commander (within 10")'] == "Senatex Commander"
    dice.assert_used()


async def test_a_commander_must_be_a_living_unit_of_the_same_player_with_command(
    simcord_env, table
):
    await army(table)
    env, channel, alice = simcord_env, table.channel, table.alice
    await refused(
        env,
        channel,
        alice,
        "unit edit",
        f"Gangers belongs to <@{table.bob.id}>: a commander",
        unit="Phase Troopers",
        commander="Gangers",
    )
    await refused(
        env,
        channel,
        alice,
        "unit edit",
        "Phase Troopers cannot be its own commander",
        unit="Phase Troopers",
        commander="Phase Troopers",
    )
    await refused(
        env,
        channel,
        alice,
        "unit edit",
        "Plain Squad does not have the Command rule: add it with "
        "</unit edit> unit:Plain Squad gear:command",
        unit="Phase Troopers",
        commander="Plain Squad",
    )
    await refused(
        env,
        channel,
        alice,
        "unit edit",
        "has the Command rule itself",
        unit="Senatex Commander",
        commander="Plain Squad",
    )
    with french():
        await refused(
            env,
            channel,
            alice,
            "unit edit",
            "Plain Squad n'a pas la règle Commandement",
            unit="Phase Troopers",
            commander="Plain Squad",
        )
    await alice.slash(channel, "unit edit", unit="Phase Troopers", commander="Senatex Commander")
    await alice.slash(channel, "unit edit", unit="Phase Troopers", commander="none")
    assert (await state_of(env, channel)).units["u2"].commander_id is None


async def test_unit_test_init_with_a_hero_and_pins_only_on_init_and_co_seeds_002_hero(
    simcord_env, table, dice
):
    """002 "Hero": "Les unités à 10" ou moins utilisent la valeur d'Init du héros"; Init and
    Co tests take −1 per pin (rules-notes "Reactions"), Ag does not."""
    await army(table)
    env, channel, alice = simcord_env, table.channel, table.alice
    await alice.slash(channel, "unit edit", unit="Phase Troopers", hero="Senatex Commander", ag=5)
    await alice.slash(channel, "pins add", unit="Phase Troopers", count=2)
    dice.script(5)
    tested = await alice.slash(
        channel, "unit test", unit="Phase Troopers", stat="stat_init", modifier=1
    )
    assert not tested.ephemeral
    assert card_text(tested.response) == (
        "🎯 **Phase Troopers** — Init test: Init 8 (Hero: Senatex Commander) + 1 − 2 pins = 7: "
        "rolled **5** ✅"
    )
    dice.script(1)
    with french():
        tested = await alice.slash(channel, "unit test", unit="Phase Troopers", stat="stat_ag")
    assert card_text(tested.response) == (
        "🎯 **Phase Troopers** — test de caractéristique : Agi 5 = 5 : **1** ✅ (1 naturel)"
    )
    log = await table.bob.slash(channel, "game log", last=1)
    assert "Phase Troopers: Ag test, target 5: 1 ✅" in log.response.embeds[0].description
    await refused(
        env,
        channel,
        alice,
        "unit test",
        "Phase Troopers has no Acc value",
        unit="Phase Troopers",
        stat="stat_acc",
    )
    await refused(
        env,
        channel,
        table.bob,
        "unit test",
        "Phase Troopers belongs to",
        unit="Phase Troopers",
        stat="stat_co",
    )
    dice.assert_used()
