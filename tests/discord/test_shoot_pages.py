"""Big shots stay within Discord's limits, paged, every die shown; the reply in French."""

from __future__ import annotations

import discord

from cogs.shooting.render_log import LOG_EVENTS
from tests.discord.game_kit import record_of, state_of
from tests.discord.test_shoot_kit import armies, every_page, faces, shoot, shown
from tests.support.locale import french

EMBED_LIMIT = 6000
DESCRIPTION_LIMIT = 4096


def within_limits(embed: discord.Embed) -> None:
    assert len(embed) <= EMBED_LIMIT
    assert len(embed.description or "") <= DESCRIPTION_LIMIT
    assert len(embed.title or "") <= 256


async def test_a_30_dice_shot_fits_one_embed(simcord_env, table, dice):
    """Ten Mag Light Supports (RF3, seed 000 "TR(n)"): 30 Acc tests, a Res test per hit."""
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-light-support",
        models=10,
        acc=5,
        res=5,
        distance=20,
        target_models=10,
    )
    assert len(fired.response.embeds) == 1
    within_limits(fired.response.embeds[0])
    text = shown(fired)
    assert faces(text) == [value for _, value in dice.rolled]
    assert "Acc tests (30):" in text


async def test_a_300_dice_shot_is_paged_and_nothing_is_cut(simcord_env, table, dice):
    """100 models firing RF3: hundreds of dice over several pages, each within the limits;
    together the pages show every die rolled, in order."""
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-light-support",
        models=100,
        acc=6,
        res=4,
        distance=20,
        res_rerolls="medic 5, leader 3",
    )
    footer = fired.response.embeds[0].footer.text
    assert footer.startswith("Page 1/")
    pages = await every_page(table.alice, fired)
    assert len(pages) == int(footer.split("/")[-1]) > 1
    within_limits(fired.response.embeds[0])
    shown_dice = [value for page in pages for value in faces(page)]
    assert shown_dice == [value for _, value in dice.rolled]
    assert len(shown_dice) > 300
    not_mine = await table.bob.click(fired.response, label="◀")
    assert not_mine.ephemeral


async def test_a_shot_in_french(simcord_env, table, dice):
    """Seed 000 "TR(n)" again, told in French to a French client."""
    await armies(table)
    dice.script(4, 5, 1, 9, 2, 10, 5, 8, 3)
    with french():
        fired = await shoot(
            table.alice,
            table.channel,
            weapon="mag-light-support",
            models=2,
            shooter="Troopers",
            target="Gangers",
            distance=40,
            cover="light",
        )
    text = shown(fired)
    assert 'Figurines qui tirent : **2** · longue portée (40") · ordre Feu' in text
    assert (
        "**Préc** 5 · ordre Feu +1 · longue portée −1 · TR au-delà de la portée efficace −1 "
        "→ touche sur **4** ou moins" in text
    )
    assert "Tests de Préc (6) : `4`✅ `5`❌ `1`🍀 `9`❌ `2`✅ `10`❌" in text
    assert "🍀 Tirs chanceux (1 naturel) : **1**" in text
    assert "**Rés** 6 · couvert léger +1 − VI 2 → réussit sur **5** ou moins" in text
    assert "Tests de Rés : `5`✅ `8`❌ `3`✅" in text
    assert "**Gangers** : figurines 5 → **4**." in text
    assert "**Gangers** : Stress 0 → **1**." in text
    gangers = (await state_of(simcord_env, table.channel)).units["u2"]
    assert (gangers.models, gangers.pins) == (4, 1)
    dice.assert_used()


async def test_the_logged_events_read_back_with_every_die(simcord_env, table, dice):
    """The game log keeps each shot, round and chart as one event whose payload renders as
    one line with every die (``cogs.shooting.render_log``, for `/game log`)."""
    await armies(table)
    dice.script(2, 9)  # a hit, a failed Res test
    await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=1,
        shooter="Troopers",
        target="Gangers",
        distance=10,
    )
    dice.script(*[9] * 9)  # bare hands: 5 Troopers and 4 Gangers strike, all miss
    await table.alice.slash(table.channel, "assault", attacker="Troopers", defender="Gangers")
    dice.script(4)
    await table.alice.slash(table.channel, "damage", table="vehicle", unit="Gangers")
    record = await record_of(simcord_env, table.channel)
    async with simcord_env.bot.services.store.read() as tx:
        events = (await tx.events(record.id))[-3:]
    lines = []
    for event in events:
        model, line = LOG_EVENTS[event.kind]
        lines.append(line("en", model.model_validate_json(event.payload)))
    assert lines[0] == (
        "🎯 Troopers → Gangers, Mag Gun: hits 1, casualties 1, pins 1; dice D10: 2, 9"
    )
    assert lines[1].startswith("⚔️ Troopers vs Gangers, round 1: losses 0 (attacker) / 0")
    assert "; dice D10: 9, 9" in lines[1] and lines[1].endswith(", 9, 9")
    assert lines[2] == "💥 Vehicle damage chart — Gangers; dice D10: 4"
    dice.assert_used()
