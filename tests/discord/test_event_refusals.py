"""`/event`'s refusals through the commands and buttons (issue 35), in English and French:
each answers the caller alone, says what to do instead, and changes nothing (`/event show`,
`/event missing` and the tables' threads read the same after it)."""

from __future__ import annotations

from tests.discord.tournament_kit import VALID, club, players_of, send_list
from tests.support.locale import french
from tests.support.mentions import tokens


async def create(admin, channel, **options):
    values = {"name": "Antares Day", "rounds": 2, "points-limit": 600}
    values.update(options)
    created = await admin.slash(channel, "event create", **values)
    assert not created.ephemeral, created.response.content
    return created


async def four_paired(env, table):
    """Four players in, their lists locked, round 1 paired: (players by id, the threads)."""
    players = club(env, table)[:4]
    await create(table.admin, table.channel)
    for n, player in enumerate(players):
        await player.slash(table.channel, "event join")
        await send_list(player, table.channel, VALID[n % 3])
    paired = await table.admin.slash(table.channel, "event pair")
    assert not paired.ephemeral, paired.response.content
    return {p.id: p for p in players}, table.channel.threads


async def refused(who, channel, command, expected: str, **options):
    answer = await who.slash(channel, command, **options)
    assert answer.ephemeral, answer.response.content
    assert expected in tokens(answer.response.content), answer.response.content


async def test_a_dropped_player_with_a_table_to_play_cannot_replace_another(simcord_env, table):
    """Dropped mid-round, a player still sits at their table until it has a result: putting
    them in another's place would seat them twice (here, against themselves)."""
    channel, admin = table.channel, table.admin
    by_id, threads = await four_paired(simcord_env, table)
    a, b = players_of(threads[0])
    dropped = await admin.slash(channel, "event drop", member=by_id[b])
    assert not dropped.ephemeral
    await refused(
        admin,
        channel,
        "event replace",
        f"<@{b}> still has a table without a result: enter it with </event result> first",
        member=by_id[a],
        by=by_id[b],
    )
    with french():
        await refused(
            admin,
            channel,
            "event replace",
            f"<@{b}> a encore une table sans résultat : saisissez-le d'abord avec </event result>",
            member=by_id[a],
            by=by_id[b],
        )
    missing = await admin.slash(channel, "event missing")
    assert f"Table 1: <@{a}> v <@{b}>" in missing.response.content  # unchanged
    await admin.slash(channel, "event result", table=1, winner=by_id[a])
    replaced = await admin.slash(channel, "event replace", member=by_id[a], by=by_id[b])
    assert not replaced.ephemeral  # their table played, they may take another's place
