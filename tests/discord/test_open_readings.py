"""Rules fidelity, part 3 (issue 29): the readings the seeds leave open, each a ruleset
setting played both ways through the real commands (`/game rules` to change it), with
scripted dice: the number the rule gives under each value, the setting listed by
`/config ruleset` and its readings on the `/rule` card, in English and French."""

from __future__ import annotations

from tests.discord.game_kit import state_of
from tests.discord.test_assault import brawl
from tests.discord.test_rule_readings import card
from tests.discord.test_shoot_kit import armies, assault, every_page, faces, shoot, shown
from tests.discord.test_shoot_readings import MAG_CANNON, set_rule
from tests.support.locale import french

# --- listing ---------------------------------------------------------------------------------

LISTED = {
    "en": (
        "*Break test at each loss past half* = **off** (default off; accepts on/off)",
        "*Close-combat loser takes* = **nothing** (default nothing; accepts nothing · a pin · "
        "a break test)",
        "*Massive Damage counts the SV* = **on** (default on; accepts on/off)",
    ),
    "fr": (
        "*Test de moral à chaque perte passé la moitié* = **non** (défaut non ; accepte oui/non)",
        "*Le perdant du corps-à-corps subit* = **rien** (défaut rien ; accepte rien · un Stress "
        "· un test de moral)",
        "*Les Dégâts Massifs comptent la VI* = **oui** (défaut oui ; accepte oui/non)",
    ),
}


async def test_the_issue_29_settings_are_listed_with_their_defaults(table):
    """`/config ruleset` lists every setting of issue 29 with its default, EN and FR."""
    listing = await table.admin.slash(table.channel, "config ruleset")
    text = "\n".join(await every_page(table.admin, listing))
    for line in LISTED["en"]:
        assert line in text, line
    with french():
        listing = await table.admin.slash(table.channel, "config ruleset")
        text = "\n".join(await every_page(table.admin, listing))
    for line in LISTED["fr"]:
        assert line in text, line


# --- break test past half ----------------------------------------------------------------------


async def test_a_break_test_once_at_half_or_at_each_loss_past_half(table, dice):
    """rules-notes "Shooting": "when a shooting attack leaves the unit with casualties
    reaching half its starting models": once when they first reach half (default), or at
    each new loss past half (break_test_each_loss_past_half on)."""
    await armies(table)
    await table.alice.slash(table.channel, "unit add", name="Squad", models=10, co=8)
    dice.script(7)  # 5 of 10 lost: half reached, Co 8: 7 holds
    first = await table.alice.slash(table.channel, "unit casualties", unit="Squad", count=5)
    assert "Break test: Co 8 − 0 pins = 8: rolled **7** ✅" in first.response.content
    again = await table.alice.slash(table.channel, "unit casualties", unit="Squad", count=1)
    assert "Break test" not in again.response.content  # once (default)
    await set_rule(table, "break_test_each_loss_past_half", "on")
    dice.script(9)  # a new loss past half, Co 8: 9 breaks
    with french():
        broken = await table.alice.slash(table.channel, "unit casualties", unit="Squad", count=1)
    assert "Test de moral : Co 8 − 0 Stress = 8 : **9** ❌\n☠️ **Squad** est détruite" in (
        broken.response.content
    )
    dice.assert_used()


async def test_the_break_test_card_lists_both_readings(table):
    text = await card(table, "break-test")
    assert (
        "*Break test at each loss past half* = **off** (default): once: when the casualties "
        "of a shooting attack first reach half the starting models" in text
    )
    text = await card(table, "test de moral", fr=True)
    assert "*Test de moral à chaque perte passé la moitié* = **oui** : à chaque tir qui tue" in text


# --- the loser of a close combat ------------------------------------------------------------


async def brawl_round(table, dice, *, res: int | None = None):
    """Brawlers (attacker, 2 bare attacks: 1 hits, 10 misses) against Guards (2 misses);
    the Guards' Res 7 fails on a 9: one loss, the attacker wins the round."""
    dice.script(1, 10, 9, 9, 9)
    if res is not None:
        dice.script(res)
    return await assault(table.alice, table.channel, attacker="Brawlers", defender="Guards")


async def test_the_loser_of_a_close_combat_takes_nothing_a_pin_or_a_break_test(
    simcord_env, table, dice
):
    """The seeds and rules-notes "Close combat" give the winner ("the side with fewer
    losses") and nothing for the loser: ruleset h2h_loser none (default), pin, break_test."""
    await brawl(table)
    text = shown(await brawl_round(table, dice))
    assert "🏆 The attacker **Brawlers** wins the round (fewer losses)." in text
    assert "**Guards**: models 2 → **1**." in text
    assert "pins" not in text and "Break test" not in text
    guards = (await state_of(simcord_env, table.channel)).units["u4"]
    assert guards.pins == 0

    await set_rule(table, "h2h_loser", "pin")
    await table.bob.slash(table.channel, "unit edit", unit="Guards", models=2)
    text = shown(await brawl_round(table, dice))
    assert "**Guards**: pins 0 → **1**." in text
    assert (await state_of(simcord_env, table.channel)).units["u4"].pins == 1

    await set_rule(table, "h2h_loser", "break_test")
    await table.bob.slash(table.channel, "unit edit", unit="Guards", models=2)
    await table.bob.slash(table.channel, "pins set", unit="Guards", count=0)
    with french():
        text = shown(await brawl_round(table, dice, res=9))  # Co 8 − 0: 9 breaks
    assert "a perdu le corps-à-corps" in text
    assert "(a perdu le corps-à-corps) : Co 8 − 0 Stress = 8 : jet `9` ❌" in text
    assert (await state_of(simcord_env, table.channel)).units["u4"].destroyed
    dice.assert_used()


async def test_the_close_combat_card_lists_the_three_readings(table):
    text = await card(table, "close-combat")
    assert (
        "*Close-combat loser takes* = **nothing** (default): the loser takes its losses and "
        "nothing more" in text
    )
    assert "*Close-combat loser takes* = **a pin**: the loser takes a pin" in text
    text = await card(table, "corps-à-corps", fr=True)
    assert "*Le perdant du corps-à-corps subit* = **un test de moral** : le perdant fait" in text


# --- Massive Damage and the SV ---------------------------------------------------------------


async def test_massive_damage_counts_the_sv_or_not(table, dice):
    """rules-notes "Shooting": "Heavily armoured targets (Res above 10 after modifiers)";
    "Massive Damage weapons use the Massive Damage procedure". A Mag Cannon (SV 5) on a
    Res 14 vehicle: 14 − 5 = 9 with the SV counted (default): one chart roll; 14 before
    the SV (massive_damage_sv_counted off): above 10, the chart is rolled twice."""
    await armies(table)
    dice.script(2, 10, 2)  # a hit, the Res test fails on a 10, one chart roll
    text = shown(await shoot(table.alice, table.channel, res=14, **MAG_CANNON))
    assert "— no Massive Damage: this Res test was not heavily armoured" in text
    assert faces(text) == [2, 10, 2]
    await set_rule(table, "massive_damage_sv_counted", "off")
    dice.script(2, 10, 2, 5)
    text = shown(await shoot(table.alice, table.channel, res=14, **MAG_CANNON))
    assert "Massive Damage: rolled twice, the worse counts" in text
    assert faces(text) == [2, 10, 2, 5]
    dice.script(2, 10, 2, 5)
    with french():
        text = shown(await shoot(table.alice, table.channel, res=14, **MAG_CANNON))
    assert "— Dégâts Massifs : deux jets, le pire compte" in text
    dice.assert_used()


async def test_the_massive_damage_card_reads_the_sv_both_ways(table):
    text = await card(table, "massive-damage")
    assert (
        "*Massive Damage counts the SV* = **on** (default): a target is heavily armoured for "
        "Massive Damage when its Res after modifiers, the weapon's SV included, is above 10" in text
    )
    text = await card(table, "dégâts massifs", fr=True)
    assert "*Les Dégâts Massifs comptent la VI* = **non** : une cible est lourdement" in text
