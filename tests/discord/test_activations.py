"""Shots belong to an activation (issue 22 §1), through the real commands, in both languages.

Rules: rules-notes "Orders and the dice bag" ("Fire: no move, aimed fire +1 Acc [...] Advance:
move then shoot. Run: move double, no shooting. Ambush: wait to react. [...] Down: no move,
no shot") and "Reactions" ("A unit on Ambush reacts to an enemy activation by shooting first
(its Ambush is sprung: the die counts as Fire)"); the bot's reading of an activation is in
rulesdb/README.md "Issue 22 — activations" (core.antares.activations).

`armies`: Alice hosts; her Troopers (u1, 1 die: red, Acc 5), Bob's Gangers (u2, MOD2: blue).
The bag holds red 1, blue 2: a d3 of 1 draws Alice's die, 2 or 3 one of Bob's.
"""

from __future__ import annotations

from tests.discord.game_kit import forged_options, labels, snapshot, state_of
from tests.discord.test_shoot_kit import armies, refused, shoot, shown
from tests.discord.test_shoot_markers import declare
from tests.support.locale import french

RED = 1  # the d3 of a full bag; once the red die is out, any die drawn is blue (a d2)
MAG = {"weapon": "mag-gun", "models": 2, "target": "Gangers", "distance": 10}
MISS = (9, 9)  # two Acc tests that miss: nothing else is rolled


async def strict(table) -> None:
    await armies(table, activations="strict")


async def drawn(table, dice, member, unit: str, order: str, pick: int = RED) -> None:
    """Draw with /bag draw (the scripted die picks the colour), then give the order."""
    dice.script(pick)
    await table.alice.slash(table.channel, "bag draw")
    given = await member.slash(table.channel, "order", unit=unit, order=order)
    assert not given.ephemeral, given.response.content


async def fired(member, table, dice, shooter: str = "Troopers", rolls=MISS, **options):
    dice.script(*rolls)
    result = await shoot(member, table.channel, shooter=shooter, **{**MAG, **options})
    assert not result.ephemeral, result.response.content
    return shown(result)


async def test_a_new_game_is_strict_and_says_so(simcord_env, table):
    started = await table.alice.slash(table.channel, "game start", name="Vorl")
    assert "Activations: **strict**. The bot runs the bag" in started.response.content
    assert (await state_of(simcord_env, table.channel)).ruleset().activations == "strict"
    with french():
        other = table.guild.create_text_channel("table-2")
        free = await table.bob.slash(other, "game start", name="Ridge", activations="free")
    assert "Activations : **libre**. Votre table tient sa propre bourse" in (free.response.content)


async def test_no_activation_then_fire_with_its_drawn_die_each_weapon_once(
    simcord_env, table, dice
):
    await strict(table)
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Troopers holds no activation now: a unit shoots with its own order die, from its "
        "order until the next die is drawn. Draw with 🎲 (or </bag draw>) and give it Fire or "
        "Advance, or take its die for a reaction (</bag take>).",
        shooter="Troopers",
        **MAG,
    )
    await drawn(table, dice, table.alice, "Troopers", "fire")
    text = await fired(table.alice, table, dice)
    assert 'Firing models: **2** · effective range (10") · Fire order' in text
    assert "**Acc** 5 · Fire order +1 → hits on **6** or less" in text  # aimed fire +1
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Troopers already fired its Mag Gun in this activation: each weapon fires once per "
        "activation. Fire another of its weapons, or wait for its next die.",
        shooter="Troopers",
        **MAG,
    )
    # another weapon of the unit fires in the same activation
    text = await fired(table.alice, table, dice, rolls=(9,), weapon="mag-pistol", models=1)
    assert "Fire order" in text
    assert (await state_of(simcord_env, table.channel)).units["u1"].orders[0].fired == [
        "mag-gun",
        "mag-pistol",
    ]
    # /game undo takes the Mag Pistol's shot back, and with it the record that it fired
    await table.alice.slash(table.channel, "game undo")
    await fired(table.alice, table, dice, rolls=(9,), weapon="mag-pistol", models=1)


async def test_the_next_draw_ends_it_and_a_reaction_does_not(simcord_env, table, dice):
    await strict(table)
    await drawn(table, dice, table.alice, "Troopers", "fire")
    # Bob reacts: he takes his Gangers' die (not drawn) and fires back
    taken = await table.bob.slash(table.channel, "bag take", unit="Gangers")
    assert not taken.ephemeral, taken.response.content
    await table.bob.slash(table.channel, "order", unit="Gangers", order="fire")
    await fired(table.bob, table, dice, shooter="Gangers", target="Troopers")
    await fired(table.alice, table, dice)  # the Troopers' activation is still open
    dice.script(1)  # the next die drawn (blue: the only colour left)
    await table.alice.slash(table.channel, "bag draw")
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Troopers n'a pas d'activation en cours : une unité fait feu avec son propre dé "
            "d'ordre, de son ordre jusqu'à la prochaine pioche. Piochez avec 🎲 (ou </bag draw>) "
            "et donnez-lui Feu ou Avance, ou prenez son dé pour une réaction (</bag take>).",
            shooter="Troopers",
            **{**MAG, "weapon": "mag-pistol", "models": 1},
        )


async def test_advance_shoots_without_the_fire_bonus(simcord_env, table, dice):
    await strict(table)
    await drawn(table, dice, table.alice, "Troopers", "advance")
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Troopers is under an Advance order in this activation: its shot takes Advance (no +1 "
        "Acc, which is Fire's). Leave order empty.",
        shooter="Troopers",
        order="fire",
        **MAG,
    )
    text = await fired(table.alice, table, dice)
    assert "· Advance order" in text
    assert "**Acc** 5 → hits on **5** or less" in text  # no Fire +1 under Advance
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Troopers a déjà fait feu avec son arme Mag Gun dans cette activation "
            ": chaque arme fait feu une fois par activation.",
            shooter="Troopers",
            **MAG,
        )


async def test_orders_that_do_not_shoot_are_named(simcord_env, table, dice):
    await strict(table)
    await drawn(table, dice, table.alice, "Troopers", "run")
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Troopers is under a Run order: a Run does not shoot. It shoots with its next die, "
        "under Fire or Advance.",
        shooter="Troopers",
        **MAG,
    )
    await drawn(table, dice, table.bob, "Gangers", "down", pick=2)
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.bob,
            "shoot",
            "Le dé de Gangers montre À terre : une unité À terre ne fait pas feu.",
            shooter="Gangers",
            **{**MAG, "target": "Troopers"},
        )
    dice.script(1, 2)  # Bob's second die (the last in the bag); the Rally's D6
    await table.alice.slash(table.channel, "bag draw")
    await table.bob.slash(table.channel, "order", unit="Gangers", order="rally")
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.bob,
            "shoot",
            "Gangers est sous un ordre Ralliement : un Ralliement ne fait pas feu. Elle fera "
            "feu avec son prochain dé, sous Feu ou Avance.",
            shooter="Gangers",
            **{**MAG, "target": "Troopers"},
        )


async def test_an_ambush_is_sprung_as_fire(simcord_env, table, dice):
    await strict(table)
    await drawn(table, dice, table.alice, "Troopers", "ambush")
    await drawn(table, dice, table.bob, "Gangers", "advance", pick=2)  # the enemy acts
    text = await fired(table.alice, table, dice)
    assert "🎯 Ambush sprung: the die of **Troopers** counts as Fire." in text
    assert "**Acc** 5 · Fire order +1 → hits on **6** or less" in text
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Troopers a déjà fait feu",
            shooter="Troopers",
            **MAG,
        )


async def test_an_ambush_within_a_scoot_marker_is_not_sprung(simcord_env, table, dice):
    """Seeds 000/002/003 "SCOOT": a unit within 3" of a Scoot marker "ne peut pas effectuer
    d'autre réaction que Down (même si elle est en embuscade)". Bob's Scoot lands by Alice's
    Troopers on Ambush:
    the shot is refused, in the caller's language, nothing changed; once the Troopers are
    declared out of it, the Ambush springs."""
    await strict(table)
    await drawn(table, dice, table.alice, "Troopers", "ambush")
    await drawn(table, dice, table.bob, "Gangers", "advance", pick=2)  # the enemy acts
    await declare(simcord_env, table, table.bob, "scoot", "Troopers")
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        'Troopers is within 3" of Scoot #1: its only reaction is Down, even on Ambush (seeds '
        "“SCOOT”), so it cannot spring its Ambush to shoot. It may react by going Down; it "
        'shoots once no Scoot marker is within 3" of it (</marker affect>). Nothing was '
        "changed.",
        shooter="Troopers",
        **MAG,
    )
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            'Troopers est à moins de 3" de Scoot #1 : sa seule réaction possible est À terre, '
            "même en embuscade (armureries « SCOOT ») ; elle ne peut donc pas "
            "déclencher son embuscade pour faire feu.",
            shooter="Troopers",
            **MAG,
        )
    left = await table.bob.slash(
        table.channel, "marker affect", marker="1", unit="Troopers", inside=False
    )
    assert not left.ephemeral, left.response.content
    text = await fired(table.alice, table, dice)
    assert "🎯 Ambush sprung: the die of **Troopers** counts as Fire." in text


async def test_the_host_or_a_gm_may_force_a_shot_written_to_the_log(simcord_env, table, dice):
    await strict(table)
    await refused(
        simcord_env,
        table.channel,
        table.bob,
        "shoot",
        f"Only the host (<@{table.alice.id}>) or a game master may force a shot out of "
        "sequence: leave force off and shoot with the unit's activation",
        shooter="Gangers",
        force=True,
        **{**MAG, "target": "Troopers"},
    )
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.bob,
            "shoot",
            f"Seuls l'hôte (<@{table.alice.id}>) ou un MJ peuvent forcer un tir hors séquence",
            shooter="Gangers",
            force=True,
            **{**MAG, "target": "Troopers"},
        )
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "force is for a tracked shooter",
        force=True,
        acc=5,
        **MAG,
    )
    text = await fired(table.alice, table, dice, shooter="Gangers", force=True, target="Troopers")
    assert f"⚠️ Forced out of sequence by <@{table.alice.id}>: no activation checked." in text
    assert "· Fire order" in text  # as before issue 22: its current order, else Fire
    with french():
        gm = await fired(table.admin, table, dice, force=True)
    assert f"⚠️ Forcé hors séquence par <@{table.admin.id}>" in gm
    log = (await table.bob.slash(table.channel, "game log", last=2)).response.embeds[0]
    lines = log.description.splitlines()
    assert lines[-2].endswith(f" — forced out of sequence by <@{table.alice.id}>")
    assert lines[-1].endswith(f" — forced out of sequence by <@{table.admin.id}>")
    with french():
        log = (await table.bob.slash(table.channel, "game log", last=1)).response.embeds[0]
    assert log.description.endswith(f" — forcé hors séquence par <@{table.admin.id}>")


async def test_game_rules_switches_between_strict_and_free(simcord_env, table, dice):
    await strict(table)
    await refused(
        simcord_env,
        table.channel,
        table.bob,
        "game rules",
        "Only the host",
        setting="activations",
        value="free",
    )
    changed = await table.alice.slash(
        table.channel, "game rules", setting="activations", value="free"
    )
    assert not changed.ephemeral and "*Activations*" in changed.response.content
    text = await fired(table.alice, table, dice)  # free: no die needed, Fire as before
    assert "**Acc** 5 · Fire order +1 → hits on **6** or less" in text
    await fired(table.alice, table, dice)  # and no weapon-once rule
    with french():
        back = await table.alice.slash(
            table.channel, "game rules", setting="activations", value="strict"
        )
        assert not back.ephemeral, back.response.content
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "n'a pas d'activation en cours",
            shooter="Troopers",
            **MAG,
        )


async def test_a_free_game_has_no_one_die_rule_and_no_turn_end_question(simcord_env, table, dice):
    await armies(table)  # free
    dice.script(RED, 2)
    await table.alice.slash(table.channel, "bag draw")
    again = await table.bob.slash(table.channel, "bag draw")  # the red die still waits
    assert not again.ephemeral, again.response.content
    assert len((await state_of(simcord_env, table.channel)).pending) == 2
    with french():
        ended = await table.bob.slash(table.channel, "turn end")  # a die left in the bag
    assert labels(ended.response) == [] and ended.response.embeds[0].title == "Fin du tour 1"


async def test_a_strict_game_keeps_both(simcord_env, table, dice):
    await strict(table)
    dice.script(RED)
    await table.alice.slash(table.channel, "bag draw")
    before = await snapshot(simcord_env, table.channel)
    await refused(
        simcord_env,
        table.channel,
        table.bob,
        "bag draw",
        f"One drawn die at a time: the red die of <@{table.alice.id}> is still waiting",
    )
    asked = await table.bob.slash(table.channel, "turn end")
    assert labels(asked.response) == ["End the turn", "Cancel"]
    assert await snapshot(simcord_env, table.channel) == before


async def test_a_forged_activations_choice_is_refused(simcord_env, table):
    with forged_options():
        result = await table.alice.slash(table.channel, "game start", activations="chaos")
    assert result.ephemeral
    assert result.response.content == (
        "chaos is not a choice of activations: use one of strict, free."
    )
