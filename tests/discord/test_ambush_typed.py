"""Spring Ambush typed (`/unit react kind:Spring Ambush`, issue 31 leftovers): the path of a
table that plays with no ⚡ card (a `free` game, or `reaction_window` 0), in English and French,
and each refusal (ephemeral, in the caller's language, saying what to do, nothing changed).

Rules cited: rules-notes "Reactions" ("A unit on Ambush reacts to an enemy activation by
shooting first (its Ambush is sprung: the die counts as Fire)"; every point there is L:
`reaction_ambush` switches it off); seeds 000/002/003 "SCOOT" ("ne peut pas effectuer d'autre
réaction que Down (même si elle est en embuscade)"); seeds 000/002/003 "PROBES (SONDES)" ("ne
peuvent pas du tout faire de réactions"); rules-notes "Orders and the dice bag" ("Fire: no
move, aimed fire +1 Acc").
"""

from __future__ import annotations

from tests.discord.game_kit import card_text, refused, state_of, tokens
from tests.discord.test_reactions import cards_table
from tests.discord.test_shoot_kit import armies, shoot, shown
from tests.discord.test_shoot_markers import declare
from tests.support.locale import french

SPRING = {"unit": "Gangers", "kind": "ambush", "shooter": "Troopers"}


async def free_table(table, **game_options) -> None:
    """A `free` game (no ⚡ card: the table reacts typed): Alice's Troopers (Init 7), Bob's
    Gangers (Init 6, MOD2); Bob's Gangers wait on Ambush, then Alice's Troopers take Fire."""
    await armies(table, **game_options)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", init=7)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", init=6)
    await given(table.bob, table.channel, "Gangers", "ambush")
    await given(table.alice, table.channel, "Troopers", "fire")


async def given(member, channel, unit: str, order: str) -> None:
    """The unit's die taken from the bag and its order given (no pins: no order test)."""
    await member.slash(channel, "bag take", unit=unit)
    done = await member.slash(channel, "order", unit=unit, order=order)
    assert not done.ephemeral, done.response.content


async def test_typed_spring_counts_as_fire_with_no_test_then_it_shoots_first(
    simcord_env, table, dice
):
    env, channel = simcord_env, table.channel
    await free_table(table)
    before = await state_of(env, channel)
    sprung = await table.bob.slash(channel, "unit react", **SPRING)  # no die rolled
    assert not sprung.ephemeral
    assert tokens(card_text(sprung.response)) == (
        "⚡ **Gangers** springs its Ambush: its die counts as Fire (no die leaves the bag, no "
        "test); it shoots the shooter first. It shoots the shooter now (</shoot>); the shot at "
        "it goes ahead once it has."
    )
    state = await state_of(env, channel)
    ambush = state.units["u2"].orders[-1]
    assert (ambush.executed, ambush.sprung) == ("fire", True)
    assert state.bag == before.bag and state.reaction is None
    # its shot is aimed fire: "Fire: [...] aimed fire +1 Acc"
    dice.script(9, 9)  # two Acc tests that miss
    text = shown(
        await shoot(
            table.bob,
            channel,
            shooter="Gangers",
            weapon="mag-gun",
            models=2,
            target="Troopers",
            distance=10,
        )
    )
    assert "**Acc** 5 · Fire order +1 → hits on **6** or less" in text
    log = await table.alice.slash(channel, "game log", last=3)
    assert "springs its Ambush" in log.response.embeds[0].description
    dice.assert_used()


async def test_typed_spring_in_french(simcord_env, table, dice):
    await free_table(table)
    with french():
        sprung = await table.bob.slash(table.channel, "unit react", **SPRING)
    assert tokens(card_text(sprung.response)) == (
        "⚡ **Gangers** déclenche son embuscade : son dé compte comme Feu (aucun dé ne sort du "
        "sac, pas de test) ; elle tire d'abord sur le tireur. Elle tire sur le tireur "
        "maintenant (</shoot>) ; le tir qui la vise se fait ensuite."
    )
    assert (await state_of(simcord_env, table.channel)).units["u2"].orders[-1].sprung


async def test_a_unit_not_on_ambush_is_refused_and_told_what_to_do(simcord_env, table, dice):
    env, channel = simcord_env, table.channel
    await armies(table)
    await table.bob.slash(channel, "unit edit", unit="Gangers", init=6)
    await given(table.alice, channel, "Troopers", "fire")
    await refused(
        env,
        channel,
        table.bob,
        "unit react",
        "Gangers has no Ambush waiting (no Ambush order this turn, or it has sprung already): "
        "only a unit on Ambush springs it. React with Down, Return Fire or Escape instead, or "
        "let the shot go ahead.",
        **SPRING,
    )
    with french():
        await refused(
            env,
            channel,
            table.bob,
            "unit react",
            "Gangers n'a pas d'embuscade en attente",
            **SPRING,
        )


async def test_sprung_already_it_does_not_spring_twice(simcord_env, table, dice):
    await free_table(table)
    await table.bob.slash(table.channel, "unit react", **SPRING)
    await refused(
        simcord_env, table.channel, table.bob, "unit react", "or it has sprung already", **SPRING
    )


async def test_under_scoot_only_down_then_down_goes(simcord_env, table, dice):
    env, channel = simcord_env, table.channel
    await free_table(table)
    await declare(env, table, table.alice, "scoot", "Gangers")
    await refused(
        env,
        channel,
        table.bob,
        "unit react",
        'Gangers is within 3" of Scoot #1: its only reaction is Down, even on Ambush (seeds '
        "“SCOOT”). React with kind:Down instead, or let the shot go ahead.",
        **SPRING,
    )
    with french():
        await refused(
            env,
            channel,
            table.bob,
            "unit react",
            'Gangers est à moins de 3" de Scoot #1 : sa seule réaction possible est À terre, '
            "même en embuscade (armureries « SCOOT »). Réagissez plutôt par réaction:À terre",
            **SPRING,
        )
    dice.script(6)  # Init 6: a 6 passes
    down = await table.bob.slash(channel, "unit react", **{**SPRING, "kind": "down"})
    assert "Its Ambush die turns to Down" in card_text(down.response)
    dice.assert_used()


async def test_the_setting_off_refuses_it_and_says_who_may_switch_it_on(simcord_env, table, dice):
    env, channel = simcord_env, table.channel
    await free_table(table)
    switched = await table.alice.slash(
        channel, "game rules", setting="reaction_ambush", value="off"
    )
    assert "*Spring Ambush reaction* on → **off**" in switched.response.content
    await refused(
        env,
        channel,
        table.bob,
        "unit react",
        "Spring Ambush is off in this game (*Spring Ambush reaction*): Gangers cannot spring "
        "its Ambush in reaction. It may go Down instead (kind:Down), or the host or a GM "
        "switches it on with </game rules>.",
        **SPRING,
    )
    with french():
        await refused(
            env,
            channel,
            table.bob,
            "unit react",
            "Le déclenchement d'embuscade est désactivé dans cette partie (*Réaction de "
            "déclenchement d'embuscade*)",
            **SPRING,
        )


async def test_a_probe_an_assault_and_no_shooter_are_refused(simcord_env, table, dice):
    env, channel = simcord_env, table.channel
    await free_table(table)
    await table.bob.slash(channel, "unit add", name="Probe", kind="probe", init=8)
    await refused(
        env,
        channel,
        table.bob,
        "unit react",
        "Probe is a probe: probes never react, not even by springing an Ambush (seeds “PROBES "
        "(SONDES)”). Let the shot go ahead.",
        **{**SPRING, "unit": "Probe"},
    )
    with french():
        await refused(
            env,
            channel,
            table.bob,
            "unit react",
            "Probe est une sonde : les sondes ne réagissent jamais",
            **{**SPRING, "unit": "Probe"},
        )
        await refused(
            env,
            channel,
            table.bob,
            "unit react",
            "Gangers est assaillie : une embuscade ne se déclenche que contre un tir.",
            **SPRING,
            assaulted=True,
        )
    await refused(
        env,
        channel,
        table.bob,
        "unit react",
        "Gangers springs its Ambush to shoot the shooter first: name that enemy unit with "
        "shooter:.",
        unit="Gangers",
        kind="ambush",
    )


async def test_typed_in_a_strict_game_with_the_window_off_both_then_shoot(simcord_env, table, dice):
    """`reaction_window` 0: no ⚡ card, so the spring is typed; the ambusher shoots first in
    its activation, and the Troopers' own activation still runs for their shot."""
    env, channel = simcord_env, table.channel
    await cards_table(table)
    await table.alice.slash(channel, "game rules", setting="reaction_window", value="0")
    dice.script(2)  # d3 over red 1, blue 2: blue
    card = (await table.bob.slash(channel, "bag draw")).response
    await table.bob.click(card, label="Ambush")
    dice.script(1)  # d2 over red 1, blue 1: red
    card = (await table.alice.slash(channel, "bag draw")).response
    await table.alice.click(card, label="Fire")
    sprung = await table.bob.slash(channel, "unit react", **SPRING)
    assert not sprung.ephemeral, sprung.response.content
    mag = {"weapon": "mag-gun", "models": 2, "distance": 10}
    dice.script(9, 9)
    first = await shoot(table.bob, channel, shooter="Gangers", target="Troopers", **mag)
    assert "🎯 Mag Gun — Gangers → Troopers" in shown(first), shown(first)
    dice.script(9, 9)
    then = await shoot(table.alice, channel, shooter="Troopers", target="Gangers", **mag)
    assert "🎯 Mag Gun — Troopers → Gangers" in shown(then), shown(then)
    state = await state_of(env, channel)
    assert state.units["u2"].orders[-1].fired == ["mag-gun"]
    assert state.units["u1"].orders[-1].fired == ["mag-gun"]
    dice.assert_used()
