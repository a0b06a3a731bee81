"""A game linked to a campaign records its battle when it ends (issue 7: "/game start …
campaign:<c> links a game to a campaign; /game end winner:<player> then records the battle")."""

from __future__ import annotations

from tests.discord.campaign_kit import create, join
from tests.discord.game_kit import record_of, refused, snapshot, state_of
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
    # issue 23: the host recorded it; bob, who lost, confirms it before it counts
    assert f"⏳ <@{table.bob.id}>: confirm or refuse battle #1 below." in ended.response.content
    confirmed = await table.bob.click(ended.response, label="Confirm")
    assert not confirmed.ephemeral and ended.response.components == []
    assert ended.response.content.endswith(
        f"✅ <@{table.bob.id}> confirmed battle #1: it counts in the standings."
    )

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


async def test_game_end_takes_vp_and_scenario_into_the_record(simcord_env, table):
    """Issue 22: `vp:"7-3"` (players in join order) and `scenario` go into the battle; the
    reply tells each player's VP and losses (models lost, units destroyed)."""
    await _campaign_game(table)
    await table.alice.slash(table.channel, "unit casualties", unit="Gangers", count=6)
    await table.alice.slash(table.channel, "unit casualties", unit="Troopers", count=1)
    ended = await table.alice.slash(
        table.channel, "game end", winner=table.alice, vp="7-3", scenario="Hold the ridge"
    )
    text = ended.response.content
    assert "Scenario: Hold the ridge" in text
    assert f"Victory points: <@{table.alice.id}> 7 · <@{table.bob.id}> 3." in text
    assert f"Losses of <@{table.alice.id}>: 1 model, 0 units destroyed." in text
    assert f"Losses of <@{table.bob.id}>: 6 models, 1 unit destroyed." in text
    history = await table.bob.slash(table.channel, "campaign history")
    page = history.response.embeds[0]
    shown = (page.description or "") + "".join(f.value for f in page.fields)
    assert "VP 7–3" in shown and "Hold the ridge" in shown


async def test_game_end_vp_in_french(simcord_env, table):
    await _campaign_game(table)
    with french():
        ended = await table.alice.slash(table.channel, "game end", vp="4 - 4", scenario="Pont")
    text = ended.response.content
    assert "Scénario : Pont" in text
    assert f"Points de victoire : <@{table.alice.id}> 4 · <@{table.bob.id}> 4." in text
    assert f"Pertes de <@{table.bob.id}> : 0 figurine, 0 unité détruite." in text


async def test_bad_vp_refused_and_nothing_changes(simcord_env, table):
    await _campaign_game(table)
    for vp, expected in (
        ("-2-3", "Victory points cannot be negative"),
        ("7--3", "Victory points cannot be negative"),
        ("seven", "I could not read “seven”"),
        ("7", "this game has 2 players, you gave 1 number"),
        ("1000-3", "Victory points go up to 999"),
    ):
        await refused(simcord_env, table.channel, table.alice, "game end", expected, vp=vp)
    with french():
        for vp, expected in (
            ("-1-0", "ne peuvent pas être négatifs"),
            ("7,3", "je n'ai pas compris « 7,3 »"),
        ):
            await refused(simcord_env, table.channel, table.alice, "game end", expected, vp=vp)
    assert (await record_of(simcord_env, table.channel)).status == "running"
