"""A game linked to a campaign records its battle when it ends (issue 7: "/game start …
campaign:<c> links a game to a campaign; /game end winner:<player> then records the battle")."""

from __future__ import annotations

from tests.discord.campaign_kit import create, join
from tests.discord.game_kit import record_of, snapshot, state_of
from tests.support.locale import french


async def _campaign_game(table, *, join_bob=True):
    await create(table, name="Winter league")
    await join(table, table.alice, faction="algoryn", army="Vorl Prosperate")
    if join_bob:
        await join(table, table.bob, faction="boromites", army="Rock Guild")
    started = await table.alice.slash(
        table.channel, "game start", name="Ridge", campaign="Winter league"
    )
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=6, co=9)
    return started


async def test_game_end_records_the_battle(simcord_env, table):
    started = await _campaign_game(table)
    assert "counts for the campaign **Winter league**" in started.response.content
    await table.alice.slash(table.channel, "unit casualties", unit="Gangers", count=2)
    ended = await table.alice.slash(table.channel, "game end", winner=table.alice)
    assert "Battle #1 recorded in the campaign **Winter league**" in ended.response.content

    standings = await table.bob.slash(table.channel, "campaign standings")
    rows = standings.response.embeds[0].description or ""
    text = rows + "".join(f.value for f in standings.response.embeds[0].fields)
    assert "1 alice          Vorl Prospe…  1    1-0-0   3" in text
    assert "2 bob            Rock Guild    1    0-0-1   0" in text
    history = await table.bob.slash(table.channel, "campaign history")
    page = history.response.embeds[0]
    shown = (page.description or "") + "".join(f.value for f in page.fields)
    assert "discord.com/channels" in shown  # the battle links back to this channel
    record = await record_of(simcord_env, table.channel)
    assert record.status == "ended"


async def test_player_outside_the_campaign_blocks_the_end_and_changes_nothing(simcord_env, table):
    await _campaign_game(table, join_bob=False)
    before = await snapshot(simcord_env, table.channel)
    refused = await table.alice.slash(table.channel, "game end", winner=table.alice)
    assert refused.ephemeral
    assert f"<@{table.bob.id}> plays in this game but has not joined" in refused.response.content
    assert await snapshot(simcord_env, table.channel) == before
    assert (await record_of(simcord_env, table.channel)).status == "running"
    await join(table, table.bob, faction="boromites", army="Rock Guild")
    ended = await table.alice.slash(table.channel, "game end")
    assert "Result: a draw." in ended.response.content and "Battle #1" in ended.response.content


async def test_winner_who_did_not_play_is_refused(simcord_env, table):
    await _campaign_game(table)
    before = await snapshot(simcord_env, table.channel)
    refused = await table.alice.slash(table.channel, "game end", winner=table.admin)
    assert refused.ephemeral
    assert await snapshot(simcord_env, table.channel) == before


async def test_linked_game_in_french(simcord_env, table):
    await create(table, name="Ligue")
    await join(table, table.alice, faction="algoryn", army="Vorl")
    await join(table, table.bob, faction="isorians", army="Shard")
    with french():
        started = await table.alice.slash(table.channel, "game start", campaign="Ligue")
    assert "compte pour la campagne **Ligue**" in started.response.content
    await table.alice.slash(table.channel, "unit add", name="A", models=1)
    await table.bob.slash(table.channel, "unit add", name="B", models=1)
    with french():
        ended = await table.alice.slash(table.channel, "game end", winner=table.bob)
    assert "Bataille n°1 enregistrée dans la campagne **Ligue**" in ended.response.content
    assert (await state_of(simcord_env, table.channel)).status == "ended"


async def test_a_game_ended_at_turn_1_reads_1_turn_in_both_languages(table):
    await _campaign_game(table)
    await table.alice.slash(table.channel, "game end", winner=table.alice)
    history = await table.bob.slash(table.channel, "campaign history")
    with french():
        historique = await table.bob.slash(table.channel, "campaign history")
    assert "From the game log: 1 turn · " in history.response.embeds[0].fields[0].value
    assert "D'après le journal de partie : 1 tour · " in (
        historique.response.embeds[0].fields[0].value
    )


async def test_unknown_campaign_refused_before_any_game_opens(simcord_env, table):
    refused = await table.alice.slash(table.channel, "game start", campaign="Nope")
    assert refused.ephemeral
    assert await record_of(simcord_env, table.channel) is None
