"""A whole campaign game through the slash commands, on SQLite and on PostgreSQL (issue 15:
"the end-to-end slash-command tests that touch state run on PostgreSQL too").

Create a campaign, start a linked game, draw and order, shoot, pins, end the turn, undo, end
the game: the battle lands in the campaign, with the figures the rules give. The dice are
scripted; the rules cited are those of `tests/discord/test_campaign_game_stats.py` (seeds
"Tir", "Test de moral").
"""

from __future__ import annotations

import json

from tests.discord.campaign_kit import create, join
from tests.discord.game_kit import card_text, state_of
from tests.discord.test_campaign_game_stats import fire
from tests.support.backends import BOTH_BACKENDS
from tests.support.locale import french


@BOTH_BACKENDS
async def test_a_campaign_game_from_start_to_record(simcord_env, table, dice, database_url):
    assert database_url.split(":")[0] in {"sqlite", "postgresql"}
    await create(table, name="Winter league")
    await join(table, table.alice, faction="algoryn", army="Vorl Prosperate")
    await join(table, table.bob, faction="boromites", army="Rock Guild")
    started = await table.alice.slash(
        table.channel, "game start", name="Ridge", campaign="Winter league"
    )
    assert "counts for the campaign **Winter league**" in card_text(started.response)
    stats = {"acc": 5, "str": 5, "res": 6}
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8, **stats)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, co=9, **stats)

    dice.script(1)  # d2 over red 1, blue 1: the red die (Alice's)
    drawn = await table.bob.slash(table.channel, "bag draw")
    assert f"red** die of <@{table.alice.id}> (d2 → 1); 1 die left" in card_text(drawn.response)
    ordered = await table.alice.slash(table.channel, "order", unit="Troopers", order="fire")
    assert "**Troopers** — order **Fire**" in card_text(ordered.response)

    # 2 Mag Light Supports (RF3) at 40": 6 Acc tests on 4: 3 hits; Res 6 − SV 2 = 4: 5, 8, 9
    # all fail; break test Co 9 − 1 = 8: a 4 holds (as test_campaign_game_stats)
    dice.script(4, 5, 1, 9, 2, 10, 5, 8, 9, 4)
    await fire(table.alice, table, "mag-light-support", 2, "Troopers", "Gangers", distance=40)
    pinned = await table.alice.slash(table.channel, "pins add", unit="Troopers", count=1)
    assert card_text(pinned.response) == "**Troopers**: pins 0 → **1**."

    with french():
        fin = await table.alice.slash(table.channel, "turn end", confirm=True)
    assert fin.response.embeds[0].title == "Fin du tour 1"
    undone = await table.alice.slash(table.channel, "game undo")
    assert "Undone (1)" in card_text(undone.response)
    state = await state_of(simcord_env, table.channel)
    assert state.turn == 1 and sum(state.bag.values()) == 1  # Bob's die still in the bag

    ended = await table.alice.slash(table.channel, "game end", winner=table.alice)
    assert "Battle #1 recorded in the campaign **Winter league**" in card_text(ended.response)
    confirmed = await table.bob.click(ended.response, label="Confirm")  # bob agrees (issue 23)
    assert not confirmed.ephemeral
    standings = await table.bob.slash(table.channel, "campaign standings")
    embed = standings.response.embeds[0]
    text = (embed.description or "") + "".join(f.value for f in embed.fields)
    assert "1 alice          Vorl Prospe…  1    1-0-0   3" in text
    exported = await table.bob.slash(table.channel, "game export")
    document = json.loads(await exported.response.attachments[0].read())
    kinds = [e["kind"] for e in document["events"]]
    assert kinds[:4] == ["start", "unit_add", "unit_add", "draw"]
    assert kinds[-3:] == ["turn_end", "undo", "end"]
    assert [e["undone"] for e in document["events"] if e["kind"] == "turn_end"] == [True]
    dice.assert_used()
