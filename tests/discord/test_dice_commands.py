"""/roll and /test through the simulated Discord, in both languages (issue 2)."""

from __future__ import annotations

import pytest

from tests.support.locale import french


async def test_roll_shows_every_die_and_the_total(table, dice):
    dice.script(3, 10, 4)
    result = await table.alice.slash(table.channel, "roll", dice="2d10+d5", reason="Mag Gun")
    text = result.response.content
    assert not result.ephemeral
    assert "`2d10+d5`" in text
    assert "2d10 [3, 10] 1d5 [4]" in text
    assert "Total: **17**" in text
    assert "For: Mag Gun" in text
    dice.assert_used()


async def test_roll_with_constant_and_negative_term(table, dice):
    dice.script(6, 2)
    result = await table.alice.slash(table.channel, "roll", dice="d6 - d3 + 2")
    assert "1d6 [6] − 1d3 [2] + 2" in result.response.content
    assert "Total: **6**" in result.response.content


async def test_roll_in_french(table, dice):
    dice.script(7)
    with french():
        result = await table.alice.slash(table.channel, "roll", dice="d10", reason="Préc")
    assert "lance `d10`" in result.response.content
    assert "Pour : Préc" in result.response.content
    assert "Total : **7**" in result.response.content


async def test_roll_hundred_dice_fits_one_message(table):
    result = await table.alice.slash(table.channel, "roll", dice="100d100")
    assert len(result.response.content) <= 2000
    assert result.response.content.count(",") == 99


@pytest.mark.parametrize(
    ("expression", "english"),
    [
        ("1000d10", "1000 dice is too many: at most 100 dice per roll."),
        ("0d10", "rolls no die"),
        ("d0", "A d0 cannot be rolled"),
        ("abc", "I can't read `abc` as dice"),
        ("d10+" * 50, "keep it under 100"),
        ("60d10+50d6", "110 dice is too many"),
        ("5", "has no dice in it"),
    ],
)
async def test_bad_dice_are_refused_ephemerally(table, dice, expression, english):
    result = await table.alice.slash(table.channel, "roll", dice=expression)
    assert result.ephemeral
    assert english in result.response.content
    assert dice.rolled == []  # nothing rolled, nothing changed


async def test_bad_dice_refused_in_french(table):
    with french():
        result = await table.alice.slash(table.channel, "roll", dice="1000d10")
    assert result.ephemeral
    assert result.response.content == "1000 dés, c'est trop : au plus 100 dés par jet."


async def test_roll_reason_cannot_ping_anyone(table, dice):
    reason = f"@everyone {table.bob.mention} @here"
    result = await table.alice.slash(table.channel, "roll", dice="d10", reason=reason)
    message = result.response.message
    assert message.mention_everyone is False
    assert message.mentions == []
    assert "@\u200beveryone" in message.content


# rules-notes "Tests": pass on a result equal to or under the target; 1 passes, 10 fails.
async def test_d10_test_pass_with_modifier_and_pins(table, dice):
    dice.script(6)
    result = await table.alice.slash(table.channel, "test", target=7, modifier=1, pins=2)
    text = result.response.content
    assert "target **6** (7 + 1 − 2 pins)" in text
    assert "Die: **6**" in text
    assert "✅ **Pass**" in text


async def test_d10_test_fails_above_target(table, dice):
    dice.script(7)
    result = await table.alice.slash(table.channel, "test", target=7, pins=1)
    assert "❌ **Fail**" in result.response.content


async def test_natural_one_always_passes(table, dice):
    dice.script(1)
    result = await table.alice.slash(table.channel, "test", target=2, pins=4)
    assert "target **-2**" in result.response.content
    assert "Natural 1: always a pass." in result.response.content
    assert "✅ **Pass**" in result.response.content


async def test_natural_ten_always_fails_in_french(table, dice):
    dice.script(10)
    with french():
        result = await table.alice.slash(table.channel, "test", target=12)
    text = result.response.content
    assert "cible **12**" in text
    assert "10 naturel : toujours raté." in text
    assert "❌ **Raté**" in text


@pytest.mark.parametrize("target", [-5, 99])
async def test_test_target_out_of_range(table, dice, target):
    result = await table.alice.slash(table.channel, "test", target=target)
    assert result.ephemeral
    assert f"target must be between 0 and 20 (you gave {target})" in result.response.content
    assert dice.rolled == []


async def test_test_target_out_of_range_in_french(table):
    with french():
        result = await table.alice.slash(table.channel, "test", target=99)
    assert result.response.content == "target doit être entre 0 et 20 (vous avez donné 99)."


# Issue 22: Antares counts successes — how many of the dice roll the target or less.
async def test_roll_counts_successes_with_every_die_marked(table, dice):
    dice.script(3, 6, 7, 10, 1)
    result = await table.alice.slash(table.channel, "roll", dice="5d10 <= 6")
    text = result.response.content
    assert not result.ephemeral
    assert "`5d10<=6`" in text
    assert "5d10 [3 ✅, 6 ✅, 7 ❌, 10 ❌, 1 ✅]" in text
    assert "Successes (6 or less): **3** of 5" in text
    assert "Total" not in text
    dice.assert_used()


async def test_roll_counts_successes_in_french(table, dice):
    dice.script(2, 9)
    with french():
        result = await table.alice.slash(table.channel, "roll", dice="2d10<=5")
    assert "2d10 [2 ✅, 9 ❌]" in result.response.content
    assert "Réussites (5 ou moins) : **1** sur 2" in result.response.content


# Issue 17: the hex and Epic games write their rolls "X+" (seed 004: "7+"): dice at or over.
async def test_roll_counts_x_plus_successes_in_both_languages(table, dice):
    dice.script(3, 7, 8, 10, 6)
    result = await table.alice.slash(table.channel, "roll", dice="5d10 7+")
    text = result.response.content
    assert "`5d10>=7`" in text
    assert "5d10 [3 ❌, 7 ✅, 8 ✅, 10 ✅, 6 ❌]" in text
    assert "Successes (7 or more): **3** of 5" in text
    dice.script(4, 5)
    with french():
        result = await table.alice.slash(table.channel, "roll", dice="2d6>=5")
    assert "2d6 [4 ❌, 5 ✅]" in result.response.content
    assert "Réussites (5 ou plus) : **1** sur 2" in result.response.content
    refused = await table.alice.slash(table.channel, "roll", dice="5d10 11+")
    assert refused.ephemeral and "choose from 1 to 10, e.g. `5d10<=6` or `5d10 7+`" in (
        refused.response.content
    )
    dice.assert_used()


@pytest.mark.parametrize(
    ("expression", "english", "french_text"),
    [
        ("5d10<=", "`5d10<=` has no target", "`5d10<=` n'a pas de seuil"),
        ("2d10+d5<=6", "one set of dice only, with no sums", "sans somme"),
        ("5d10+1<=6", "with no sums", "sans somme"),
        ("5d10<=11", "A target of 11 cannot be counted on a d10", "Un seuil de 11"),
        ("5d10<=0", "choose from 1 to 10", "choisissez de 1 à 10"),
        ("5d10<=x", "I can't read `5d10<=x` as dice", "Je ne sais pas lire"),
    ],
)
async def test_bad_success_counts_are_refused(table, dice, expression, english, french_text):
    result = await table.alice.slash(table.channel, "roll", dice=expression)
    assert result.ephemeral and english in result.response.content
    with french():
        result = await table.alice.slash(table.channel, "roll", dice=expression)
    assert result.ephemeral and french_text in result.response.content
    assert dice.rolled == []


async def test_help_documents_success_counts(table):
    result = await table.alice.slash(table.channel, "help", command="roll")
    embed = result.response.embeds[0]
    assert "5d10<=6" in embed.description
    assert "5d10 7+ those rolling 7 or more" in embed.fields[0].value
    with french():
        result = await table.alice.slash(table.channel, "help", command="lancer")
    embed = result.response.embeds[0]
    assert "5d10<=6 compte les dés à 6 ou moins, 5d10 7+ ceux à 7 ou plus" in embed.fields[0].value
