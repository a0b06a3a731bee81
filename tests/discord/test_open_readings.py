"""Rules fidelity, part 3 (issue 29): the readings the seeds leave open, each a ruleset
setting played both ways through the real commands (`/game rules` to change it), with
scripted dice: the number the rule gives under each value, the setting listed by
`/config ruleset` and its readings on the `/rule` card, in English and French."""

from __future__ import annotations

from tests.discord.test_rule_readings import card
from tests.discord.test_shoot_kit import armies, every_page
from tests.discord.test_shoot_readings import set_rule
from tests.support.locale import french

# --- listing ---------------------------------------------------------------------------------

LISTED = {
    "en": ("*Break test at each loss past half* = **off** (default off; accepts on/off)",),
    "fr": (
        "*Test de moral à chaque perte passé la moitié* = **off** (défaut off ; accepte on/off)",
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
    assert "*Test de moral à chaque perte passé la moitié* = **on** : à chaque tir qui tue" in text
