"""`/event`'s refusals through the commands and buttons (issue 35), in English and French:
each answers the caller alone, says what to do instead, and changes nothing (`/event show`,
`/event missing` and the tables' threads read the same after it). And a table's thread
whose opening Discord refuses still counts."""

from __future__ import annotations

import re

from tests.discord.tournament_kit import VALID, club, play_at, players_of, send_list
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


async def test_the_organisers_refusals_during_a_round(simcord_env, table):
    channel, admin = table.channel, table.admin
    by_id, threads = await four_paired(simcord_env, table)
    a, b = players_of(threads[0])
    c, _ = players_of(threads[1])
    await refused(
        admin,
        channel,
        "event result",
        f"<@{c}> does not play at this table: choose one of its two players",
        table=1,
        winner=by_id[c],
    )
    await refused(admin, channel, "event result", "There is no table 9 in this round", table=9)
    await refused(admin, channel, "event finish", "Round 1 still has tables without a result: see")
    await refused(admin, channel, "event reveal", "The lists of Antares Day are revealed already")
    await refused(
        admin, channel, "event unlock", f"<@{table.admin.id}> is not in Antares Day", member=admin
    )
    with french():
        await refused(
            admin,
            channel,
            "event result",
            f"<@{c}> ne joue pas à cette table",
            table=1,
            winner=by_id[c],
        )
    await refused(by_id[a], channel, "event check-in", "check-in is closed")
    missing = await admin.slash(channel, "event missing")
    assert "2 tables without a result" in missing.response.content  # nothing recorded


async def test_the_players_refusals_before_the_rounds(simcord_env, table):
    channel, admin, alice, bob = table.channel, table.admin, table.alice, table.bob
    await create(admin, channel)
    await alice.slash(channel, "event join")
    await refused(alice, channel, "event list", "Attach your roster in the file option")
    with french():
        await refused(alice, channel, "event list", "Joignez votre liste")
    await refused(bob, channel, "event leave", f"<@{bob.id}> is not in Antares Day")
    late = await send_list(bob, channel, VALID[1])
    assert late.ephemeral and "is not in Antares Day. Join first with </event join>" in tokens(
        late.response.content
    )
    checked = await alice.slash(channel, "event check-in")
    assert not checked.ephemeral
    await refused(alice, channel, "event check-in", "You have checked in to Antares Day already")
    await refused(alice, channel, "event lists", f"<@{bob.id}> has sent no list", player=bob)
    await refused(admin, channel, "event pair", "Antares Day needs at least two players")
    await bob.slash(channel, "event join")
    await bob.slash(channel, "event check-in")
    await send_list(alice, channel, VALID[0])
    await refused(admin, channel, "event pair", f"no locked list yet: <@{bob.id}>")
    await refused(admin, channel, "event unlock", "has no locked list to unlock", member=bob)
    shown = await alice.slash(channel, "event show")
    assert "Registration open" in shown.response.content and "2 players:" in shown.response.content


async def test_creating_an_event_with_options_it_cannot_read(simcord_env, table):
    channel, admin = table.channel, table.admin
    await refused(
        admin,
        channel,
        "event create",
        "I can't read 14 March as a time: write it YYYY-MM-DD HH:MM (UTC)",
        name="Cup",
        **{"list-deadline": "14 March"},
    )
    await refused(
        admin,
        channel,
        "event create",
        "At most 20 scenarios",
        name="Cup",
        scenarios=";".join(f"S{n}" for n in range(21)),
    )
    await refused(
        admin, channel, "event create", "no campaign called Nowhere", name="Cup", campaign="Nowhere"
    )
    await create(admin, channel, name="Cup")
    with french():
        await refused(
            admin, channel, "event create", "Ce serveur a déjà un tournoi nommé Cup.", name="cup"
        )
    none = await admin.slash(channel, "event show", event="Other")
    assert none.ephemeral and "There is no event called Other" in none.response.content


async def test_a_tables_start_button_refuses_a_stranger_and_a_past_round(simcord_env, table):
    channel, admin = table.channel, table.admin
    by_id, threads = await four_paired(simcord_env, table)
    first = threads[0]
    a, b = players_of(first)
    c, _ = players_of(threads[1])
    opening = first.history()[0]
    stranger = await by_id[c].click(opening, label="▶ Start the game")
    assert stranger.ephemeral
    assert "Only the two players of table 1 (or the organiser)" in stranger.response.content
    with french():
        stranger = await by_id[c].click(opening, label="▶ Start the game")
    assert stranger.ephemeral and "Seuls les deux joueurs de la table 1" in (
        stranger.response.content
    )
    assert len(first.history()) == 1  # no game started there
    drawn = await admin.slash(channel, "event result", table=1, **{"vp-first": 5, "vp-second": 5})
    assert drawn.response.content == f"Table 1: a draw (VP 5–5, <@{a}> v <@{b}>)."
    c, d = players_of(threads[1])
    with french():
        drawn = await admin.slash(channel, "event result", table=2)
    assert drawn.response.content == f"Table 2 : égalité (PV 0–0, <@{c}> c. <@{d}>)."
    await admin.slash(channel, "event pair")
    late = await by_id[a].click(opening, label="▶ Start the game")
    assert late.ephemeral
    assert "Round 1 is over: this button no longer starts a game" in late.response.content
    assert len(first.history()) == 1


async def test_a_tables_thread_that_refuses_its_opening_still_counts(simcord_env, table):
    """Discord refuses the opening message of table 1's thread (the bot may open threads but
    not speak in them): the round is paired all the same, the reply points to both threads,
    and table 2's opens as usual. The thread is the event's: its game gives the result."""
    players = club(simcord_env, table)[:4]
    await create(table.admin, table.channel)
    for n, player in enumerate(players):
        await player.slash(table.channel, "event join")
        await send_list(player, table.channel, VALID[n % 3])
    simcord_env.inject_error(
        "POST", "/channels/*/messages", status=403, code=50013, message="Missing Permissions"
    )
    paired = await table.admin.slash(table.channel, "event pair")
    assert not paired.ephemeral, paired.response.content
    first, second = table.channel.threads
    assert f"→ <#{first.id}>" in paired.response.content
    assert f"→ <#{second.id}>" in paired.response.content
    assert first.history() == [] and len(second.history()) == 1
    line = paired.response.content.splitlines()[1]
    a, b = (int(x) for x in re.findall(r"<@(\d+)>", line))
    by_id = {p.id: p for p in players}
    ended = await play_at(first, by_id[a], by_id[b], by_id[a], (6, 2), "Antares Day")
    await by_id[b].click(ended.response, label="Confirm")
    missing = await table.admin.slash(table.channel, "event missing")
    assert missing.response.content.splitlines()[0] == "1 table without a result:"


async def test_nothing_changes_a_finished_event(simcord_env, table):
    """Once finished, "nothing can change" (docs/admin.md, `/event finish`): the organiser's
    result, drop and unlock, and a player's leaving, are refused alone, in the caller's
    language, and the final standings read the same."""
    channel, admin = table.channel, table.admin
    players = club(simcord_env, table)[:2]
    await create(admin, channel, rounds=1)
    for n, player in enumerate(players):
        await player.slash(channel, "event join")
        await send_list(player, channel, VALID[n])
    await admin.slash(channel, "event pair")
    (thread,) = channel.threads
    a, b = players_of(thread)
    by_id = {p.id: p for p in players}
    await admin.slash(channel, "event result", table=1, winner=by_id[a])
    finished = await admin.slash(channel, "event finish")
    assert not finished.ephemeral, finished.response.content
    before = (await admin.slash(channel, "event standings")).response.content
    over = "Antares Day is over: nothing can change now. See </event standings>."
    await refused(admin, channel, "event result", over, table=1, winner=by_id[b])
    await refused(admin, channel, "event drop", over, member=by_id[a])
    await refused(admin, channel, "event unlock", over, member=by_id[a])
    await refused(by_id[b], channel, "event leave", over)
    with french():
        await refused(
            admin,
            channel,
            "event result",
            "Antares Day est terminé : plus rien ne peut changer. Voir </event standings>.",
            table=1,
        )
    after = await admin.slash(channel, "event standings")
    assert after.response.content == before
    first, second = before.splitlines()[1:3]  # the result entered before the end stands
    assert first.startswith("1. ") and ": 3 pts · 1-0-0" in first
    assert second.startswith("2. ") and ": 0 pts · 0-0-1" in second
