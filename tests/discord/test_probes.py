"""Probes at the table through the real slash commands (issue 12, items 1 and 2): no break
test, no pin, whatever the source, in English and French.

Seeds 000/002/003 "PROBES (SONDES)": "Les unités de Probes ne subissent jamais de
suppressions des touches"; "Les Probes n'effectuent jamais de tests de moral, quelle qu'en
soit la raison". Each test checks the dice shown (a break test would roll one more).
"""

from __future__ import annotations

from tests.discord.game_kit import state_of
from tests.discord.test_shoot_kit import armies, damage, faces, refused, shoot, shown
from tests.discord.test_shoot_rules import undo_restores
from tests.support.locale import french

NO_PIN_EN = "No pin: probes never take pins (seeds “PROBES (SONDES)”)."
NO_PIN_FR = (
    "Pas de Stress : les sondes (Probes) n'en subissent jamais (armureries, « PROBES (SONDES) »)."
)
NO_BREAK_EN = (
    "No break test for **Motes**: probes never take break tests, whatever the reason "
    "(seeds “PROBES (SONDES)”)."
)
NO_BREAK_FR = (
    "Pas de test de moral pour **Motes** : les sondes (Probes) n'en font jamais, quelle "
    "qu'en soit la raison (armureries, « PROBES (SONDES) »)."
)


async def probes(table) -> None:
    """The armies, and Bob's Motes: 4 probes, Res 5, Co 8."""
    await armies(table)
    added = await table.bob.slash(
        table.channel, "unit add", name="Motes", kind="probe", models=4, res=5, co=8
    )
    assert not added.ephemeral, added.response.content


async def half_the_motes(table, dice):
    """Two Mag Gun hits (Acc 6) and two failed Res tests (Res 5 − SV 1 = 4): 4 → 2 models."""
    dice.script(2, 2, 9, 9)
    return await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=2,
        shooter="Troopers",
        target="Motes",
        distance=10,
    )


async def test_a_shot_that_halves_probes_gives_no_pin_and_no_break_test(simcord_env, table, dice):
    await probes(table)
    before = await state_of(simcord_env, table.channel)
    text = shown(await half_the_motes(table, dice))
    assert "**Motes**: models 4 → **2**." in text
    assert NO_PIN_EN in text and NO_BREAK_EN in text
    assert "Pins from the attack" not in text and "Break test (" not in text
    assert faces(text) == [2, 2, 9, 9]  # no break-test die
    motes = (await state_of(simcord_env, table.channel)).units["u3"]
    assert (motes.models, motes.pins, motes.destroyed) == (2, 0, False)
    dice.assert_used()
    await undo_restores(simcord_env, table, before)

    with french():
        text = shown(await half_the_motes(table, dice))
    assert "**Motes** : figurines 4 → **2**." in text
    assert NO_PIN_FR in text and NO_BREAK_FR in text
    assert faces(text) == [2, 2, 9, 9]
    dice.assert_used()


async def test_unit_casualties_on_probes_roll_no_break_test(simcord_env, table, dice):
    await probes(table)
    lost = await table.bob.slash(table.channel, "unit casualties", unit="Motes", count=2)
    assert not lost.ephemeral
    assert (
        "No break test: probes never take break tests, whatever the reason (seeds “PROBES "
        "(SONDES)”)." in lost.response.content
    )
    assert "Break test:" not in lost.response.content
    await table.bob.slash(table.channel, "game undo")
    with french():
        again = await table.bob.slash(table.channel, "unit casualties", unit="Motes", count=3)
    assert "**Motes** perd 3 figurines : 4 → 1." in again.response.content
    assert "Pas de test de moral : les sondes (Probes) n'en font jamais" in (again.response.content)
    assert dice.rolled == []  # not one die: no break test
    motes = (await state_of(simcord_env, table.channel)).units["u3"]
    assert (motes.models, motes.destroyed) == (1, False)


async def test_pins_on_a_probe_are_refused_and_change_nothing(simcord_env, table):
    await probes(table)
    env, channel = simcord_env, table.channel
    rule = "Motes is a probe: probes never take pins (seeds “PROBES (SONDES)”)."
    await refused(env, channel, table.bob, "pins add", rule, unit="Motes", count=1)
    await refused(env, channel, table.bob, "pins set", "pick another unit", unit="Motes", count=2)
    with french():
        await refused(
            env,
            channel,
            table.bob,
            "pins add",
            "Motes est une sonde (Probe) : les sondes ne subissent jamais de Stress",
            unit="Motes",
            count=1,
        )
    cleared = await table.bob.slash(channel, "pins set", unit="Motes", count=0)
    assert not cleared.ephemeral  # setting 0 is no pin: allowed


async def test_a_net_on_probes_adds_no_pin(simcord_env, table, dice):
    """Seed 002 "NET (Filet)": the X-Launcher's Net raises pins to D3+1; not a probe's."""
    await probes(table)
    before = await state_of(simcord_env, table.channel)
    net = {"weapon": "x-launcher", "ammo": "net", "models": 1, "distance": 20}
    dice.script(2, 2)  # Acc 5 − 2 = 3: on target; D3: 2
    text = shown(await shoot(table.alice, table.channel, shooter="Troopers", target="Motes", **net))
    assert "Net: D3 `2` + 1 = **3**" in text
    assert "Probes never take pins: the Net gives the target none" in text
    assert "**Motes** is unharmed." in text and "raised to" not in text
    assert (await state_of(simcord_env, table.channel)).units["u3"].pins == 0
    await undo_restores(simcord_env, table, before)
    dice.script(2, 2)
    with french():
        text = shown(
            await shoot(table.alice, table.channel, shooter="Troopers", target="Motes", **net)
        )
    assert "Les sondes ne subissent jamais de Stress : le Filet n'en donne aucun" in text
    dice.assert_used()


async def test_a_damage_chart_on_a_probe_gives_no_pins_and_no_break_test(simcord_env, table, dice):
    """Vehicle chart row 9: "+D6 Stress, Test de Moral, Down, DOM -1 Dé d'Ordre" (seed 002
    "TABLEAUX DES DÉGÂTS"): neither the pins nor the test reach a probe."""
    await probes(table)
    dice.script(9, 4)  # the chart, its D6 pins
    text = shown(await damage(table.bob, table.channel, table="vehicle", unit="Motes"))
    assert "D10 `9` → +D6 pins, Break test, Down, MOD -1 order die (D6: `4`)" in text
    assert "**Motes** takes no pins: probes never take pins" in text and NO_BREAK_EN in text
    assert faces(text) == [9, 4]
    assert (await state_of(simcord_env, table.channel)).units["u3"].pins == 0
    await table.bob.slash(table.channel, "game undo")
    dice.script(9, 4)
    with french():
        text = shown(await damage(table.bob, table.channel, table="vehicle", unit="Motes"))
    assert NO_BREAK_FR in text and "**Motes** ne subit aucun Stress" in text
    dice.assert_used()
