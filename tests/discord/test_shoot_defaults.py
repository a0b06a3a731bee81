"""Issue 22: a tracked shooter remembers its last target and distance; `/shoot` with that
shooter and no target takes them (the reply says so), and the 🎯 Shoot form offers the last
distance to the same target. What the form accepts as a distance. Units: shoot_buttons_kit.
"""

from __future__ import annotations

import pytest

from tests.discord.game_kit import snapshot, state_of
from tests.discord.shoot_buttons_kit import (
    LANGS,
    WORDS,
    aim,
    card_shot,
    control,
    destroy_gangers,
    field_of,
    ready,
    send,
    speaking,
)
from tests.discord.test_game_table import assert_never_pings
from tests.discord.test_shoot_kit import refused, shoot, shown
from tests.support.locale import french


@pytest.mark.parametrize("lang", LANGS)
async def test_slash_shoot_defaults_to_the_last_target_and_distance(simcord_env, table, dice, lang):
    await ready(table, weapons="Mag Gun x3")
    await shoot(table.alice, table.channel, shooter="Troopers", target="Gangers", distance=10)
    with speaking(lang):  # only the shooter typed: its weapon, target and distance remembered
        again = await shoot(table.alice, table.channel, shooter="Troopers")
    assert not again.ephemeral, again.response.content
    lines = again.response.embeds[0].description.split("\n")
    assert lines[1] == WORDS[lang]["remembered"]
    assert "Gangers" in again.response.embeds[0].title and '(10")' in lines[0]
    closer = await shoot(table.alice, table.channel, shooter="Troopers", distance=6)
    assert '(6")' in shown(closer) and "last distance" not in shown(closer)
    assert "target: **Gangers** (last target)" in shown(closer)
    troopers = (await state_of(simcord_env, table.channel)).units["u1"]
    assert troopers.last_distance == 6


async def test_the_form_offers_the_last_distance_to_the_same_target(simcord_env, table, dice):
    order = await ready(table)
    await shoot(
        table.alice,
        table.channel,
        shooter="Troopers",
        target="Gangers",
        weapon="mag-gun",
        distance=14,
    )
    form = await aim(table.alice, order, "en")
    assert field_of(form.modal)[1]["value"] == "14"
    (option,) = control(form.modal, "target")[1]["options"]
    assert option["description"].startswith('last target, at 14"') and option["default"]
    fired = await send(table.alice, form, "14", weapons=["mag-gun:-"])  # accepted as offered
    assert not fired.ephemeral and '(14")' in card_shot(order.response)[1]


async def test_remembered_targets_that_are_gone_are_refused(simcord_env, table, dice):
    await ready(table, weapons="Mag Gun x3")
    await shoot(table.alice, table.channel, shooter="Troopers", target="Gangers", distance=10)
    await destroy_gangers(simcord_env, table)
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Gangers, the last target of Troopers, is destroyed: name another target.",
        shooter="Troopers",
    )
    await table.bob.slash(table.channel, "unit remove", unit="Gangers")
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "La dernière cible de Troopers n'est plus dans la partie : donnez la cible.",
            shooter="Troopers",
        )
    await refused(  # an untracked target, as before: the Res given
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "How far is the target?",
        shooter="Troopers",
        res=6,
    )


async def test_a_new_target_takes_no_remembered_distance(simcord_env, table, dice):
    await ready(table, weapons="Mag Gun x3")
    await table.bob.slash(table.channel, "unit add", name="Bruisers", models=3, res=7)
    await shoot(table.alice, table.channel, shooter="Troopers", target="Gangers", distance=10)
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "How far is the target?",
        shooter="Troopers",
        target="Bruisers",
    )


HOSTILE = [" ", "\x00", "\u202e12", "@everyone", "12 pouces", "nan", "inf", "1e400", "x" * 20]


async def test_hostile_distances_are_refused_and_change_nothing(simcord_env, table, dice):
    order = await ready(table)
    before = await snapshot(simcord_env, table.channel)
    for text in HOSTILE:
        form = await aim(table.alice, order, "en")  # the form, each time
        refusal = await send(table.alice, form, text)
        content = refusal.response.content
        assert refusal.ephemeral and "is not a distance" in content, (text, content)
        assert await snapshot(simcord_env, table.channel) == before
    form = await aim(table.alice, order, "en")
    fired = await send(table.alice, form, ' 12" ', weapons=["mag-gun:-"])  # inches marked
    assert not fired.ephemeral and '(12")' in card_shot(order.response)[1]
    assert_never_pings(simcord_env)  # "@everyone" was only shown
