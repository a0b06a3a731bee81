"""Club events end to end (issue 35 "Done when"): a 9-player, 3-round event through the slash
commands and buttons, in English and French: registration (the Join button and /event join),
lists checked, locked and revealed, Swiss pairings with a thread per table, results from the
tables' games once both players confirm, /event missing, standings, the end and the export."""

from __future__ import annotations

import base64
import csv
import io
import json
import re
from datetime import datetime

from tests.discord.army_kit import import_army, rosz
from tests.discord.tournament_kit import VALID, club, play_at, players_of, send_list
from tests.support.bots import restart
from tests.support.locale import french
from tests.support.mentions import tokens


async def create(admin, channel, **options):
    values = {
        "name": "Antares Day",
        "rounds": 3,
        "points-limit": 600,
        "dice-cap": 4,
        "scenarios": "Hold the Line; Sweep",
    }
    values.update(options)
    return await admin.slash(channel, "event create", **values)


async def test_a_nine_player_three_round_event_end_to_end(simcord_env, table):
    channel, admin = table.channel, table.admin
    players = club(simcord_env, table)
    by_id = {p.id: p for p in players}

    # --- creation and registration: the Join button (works after a restart) and /event join
    created = await create(admin, channel)
    assert not created.ephemeral
    announcement = created.response.content
    assert "**Antares Day**" in announcement and "3 rounds · 600 points" in announcement
    assert "tie-breakers: wins, victory points, order dice destroyed, strength of schedule" in (
        announcement
    )
    for player in players[:5]:
        joined = await player.click(created.response, label="Join")
        assert joined.ephemeral and "You joined Antares Day" in tokens(joined.response.content)
    again = await players[0].click(created.response, label="Join")
    assert again.ephemeral and "You are already in Antares Day" in again.response.content
    with french():
        for player in players[5:]:
            joined = await player.slash(channel, "event join")
            assert not joined.ephemeral
            assert f"<@{player.id}> est inscrit à Antares Day" in joined.response.content
    refused = await players[0].slash(channel, "event pair")
    assert refused.ephemeral and "Only the organiser" in refused.response.content

    # --- lists: checked (points limit, dice cap), locked, refused once locked
    over = await send_list(players[0], channel, "algoryn")  # 655 points
    assert over.ephemeral and "655 points, over the event's limit of 600" in (over.response.content)
    too_many = await send_list(players[0], channel, "ridge_algoryn")  # 5 order dice
    assert "5 order dice, over the event's cap of 4" in too_many.response.content
    for n, player in enumerate(players[:8]):
        sent = await send_list(player, channel, VALID[n % 3])
        assert not sent.ephemeral and "is locked" in sent.response.content, sent.response.content
        assert "Rock" not in sent.response.content  # the army stays hidden
    # the ninth sends a saved army (imported with /army import first)
    await import_army(players[8], channel, "isorian")
    with french():
        saved = await players[8].slash(channel, "event list", army="Shard of Tessera")
    assert f"🔒 La liste de <@{players[8].id}> pour Antares Day est verrouillée : 480 points" in (
        saved.response.content
    )
    changed = await send_list(players[0], channel, "isorian")
    assert changed.ephemeral and "is locked: ask the organiser to unlock it" in tokens(
        changed.response.content
    )
    hidden = await players[1].slash(channel, "event lists")
    assert "hidden until revealed" in hidden.response.content
    assert f"<@{players[0].id}>: 🔒 locked" in hidden.response.content
    peek = await players[1].slash(channel, "event lists", player=players[0])
    assert peek.ephemeral and "hidden until the organiser reveals them" in peek.response.content
    # the organiser unlocks one (logged), the player sends another, locked again
    unlocked = await admin.slash(channel, "event unlock", member=players[0])
    assert "is unlocked" in unlocked.response.content
    resent = await send_list(players[0], channel, "ridge_boromite")
    assert "is locked: 400 points, 4 order dice" in resent.response.content
    revealed = await admin.slash(channel, "event reveal")
    assert "are revealed" in revealed.response.content
    shown = await players[1].slash(channel, "event lists")
    assert "**Ridge Guild** (boromite), 400 pts, 4 dice" in shown.response.content
    file = await players[1].slash(channel, "event lists", player=players[0])
    (attachment,) = file.response.attachments
    assert attachment.filename == "ridge_boromite.rosz"
    assert await attachment.read() == rosz("ridge_boromite")  # byte for byte

    # --- three rounds: pairings, a thread per table, results from the tables' games
    campaign = "Antares Day"  # the campaign the event made for its games
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for number in (1, 2, 3):
        if number == 2:
            with french():
                paired = await admin.slash(channel, "event pair")
            assert "**Antares Day · ronde 2** · scénario : Sweep" in paired.response.content
        else:
            paired = await admin.slash(channel, "event pair")
        assert not paired.ephemeral, paired.response.content
        text = paired.response.content
        if number == 1:
            assert "**Antares Day · round 1** · scenario: Hold the Line" in text
        threads = channel.threads[-4:]
        assert len(channel.threads) == 4 * number
        pairs = [players_of(thread) for thread in threads]
        seated = {p for pair in pairs for p in pair}
        (bye,) = set(by_id) - seated
        word = "Exempt :" if number == 2 else "Bye:"
        assert text.split("\n")[1] == f"{word} <@{bye}>" and bye not in byes  # byes rotate
        byes.append(bye)
        assert not met & {frozenset(p) for p in pairs}  # no rematch
        met |= {frozenset(p) for p in pairs}
        for n, (thread, (a, b)) in enumerate(zip(threads, pairs, strict=True)):
            host, guest = by_id[a], by_id[b]
            winner = None if (number, n) == (3, 3) else host
            ended = await play_at(thread, host, guest, winner, (7 + n, 3), campaign)
            if n == 0:  # not counted while the guest has not confirmed
                missing = await admin.slash(channel, "event missing")
                assert "4 tables without a result" in missing.response.content
                refused = await admin.slash(channel, "event pair")
                assert refused.ephemeral and f"Round {number} still has tables" in tokens(
                    refused.response.content
                )
            confirmed = await guest.click(ended.response, label="Confirm")
            assert not confirmed.ephemeral
        missing = await admin.slash(channel, "event missing")
        assert "has its result" in missing.response.content

    # --- standings, the end, the export
    standings = await players[2].slash(channel, "event standings")
    rows = standings.response.content.splitlines()
    assert rows[0] == (
        "**Standings of Antares Day** (points, then wins, victory points, order dice destroyed,"
        " strength of schedule)"
    )
    assert len(rows) == 10 and rows[1].startswith("1. ")
    with french():
        fini = await admin.slash(channel, "event finish")
    assert "🏁 Antares Day est terminé." in fini.response.content
    assert "**Factions**" in fini.response.content and "Boromites :" in fini.response.content
    late = await admin.slash(channel, "event pair")
    assert late.ephemeral and "is over" in late.response.content
    exported = await players[3].slash(channel, "event export")
    sheet, document = exported.response.attachments
    table_rows = list(csv.reader(io.StringIO((await sheet.read()).decode())))
    assert table_rows[0][:6] == ["rank", "player", "user_id", "faction", "army", "points"]
    assert len(table_rows) == 10
    whole = json.loads(await document.read())
    assert whole["status"] == "finished" and len(whole["rounds"]) == 3
    assert all(t["result"]["source"] == "game" for r in whole["rounds"] for t in r["tables"])
    # every player: 2 games and a bye, or 3 games; 3 points a win, 1 a draw, 3 a bye
    points = sum(int(row[5]) for row in table_rows[1:])
    assert points == 3 * 4 * 3 - 3 * 1 + 2 * 1 + 3 * 3  # 11 wins, 1 draw (2 × 1), 3 byes
    assert [r["rank"] for r in whole["standings"]][0] == 1
    factions = whole["factions"]  # as the faction league counts them (core.common.league)
    assert {f["faction"] for f in factions} == {"boromites", "isorians"}
    # 12 tables, two sides each: a mirror match counts once, for both its sides
    assert sum(f["battles"] for f in factions) + 2 * sum(f["mirrors"] for f in factions) == 24


async def test_refusals_answer_the_caller_alone_and_change_nothing(simcord_env, table):
    channel, alice = table.channel, table.alice
    refused = await alice.slash(channel, "event create", name="Mine")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    none = await alice.slash(channel, "event join")
    assert none.ephemeral and "no event yet" in tokens(none.response.content)
    await create(table.admin, channel, **{"list-deadline": "2000-01-01"})
    await alice.slash(channel, "event join")
    late = await send_list(alice, channel, "boromite")
    assert late.ephemeral and "due by 2000-01-01 00:00 UTC" in late.response.content
    with french():
        bad = await table.admin.slash(channel, "event create", name="X", **{"tie-breakers": "luck"})
        assert bad.ephemeral and "Les départages sont pris parmi" in bad.response.content
        shown = await alice.slash(channel, "event show")
    assert "Inscriptions ouvertes" in shown.response.content
    assert "1 joueur :" in shown.response.content
    await table.admin.slash(channel, "campaign create", name="Winter league")
    taken = await table.admin.slash(channel, "event create", name="WINTER LEAGUE")
    assert taken.ephemeral and "A campaign called WINTER LEAGUE exists already" in (
        taken.response.content
    )
    linked = await table.admin.slash(
        channel, "event create", name="WINTER LEAGUE", campaign="Winter league"
    )
    assert not linked.ephemeral


async def test_the_join_button_works_after_a_restart(simcord_env, table, make_bot):
    created = await create(table.admin, table.channel)
    await restart(simcord_env, make_bot)
    with french():
        joined = await table.alice.click(created.response, label="Join")
    assert joined.ephemeral and "Vous êtes inscrit à Antares Day : 1 joueur" in tokens(
        joined.response.content
    )
    shown = await table.bob.slash(table.channel, "event show")
    assert f"- <@{table.alice.id}>" in shown.response.content


async def test_check_in_a_linked_campaign_a_refused_game_and_the_organisers_result(
    simcord_env, table
):
    """Round 1 pairs those who checked in; a game refused by its guest gives no result (the
    table stays missing) until the organiser enters one; the confirmed game counts in the
    campaign the organiser linked."""
    channel, admin = table.channel, table.admin
    players = club(simcord_env, table)[:5]
    await admin.slash(channel, "campaign create", name="Winter league")
    created = await create(admin, channel, name="Spring Cup", campaign="Winter league")
    assert not created.ephemeral, created.response.content
    for n, player in enumerate(players):
        await player.slash(channel, "event join")
        await send_list(player, channel, VALID[n % 3])
        if n < 4:  # the fifth does not come
            checked = await player.slash(channel, "event check-in")
            assert f"<@{player.id}> checked in to Spring Cup" in checked.response.content
    paired = await admin.slash(channel, "event pair")
    assert "Bye" not in paired.response.content and len(channel.threads) == 2
    assert f"<@{players[4].id}>" not in paired.response.content
    by_id = {p.id: p for p in players}
    first, second = channel.threads
    assert "campaign Winter league" in first.history()[0].content
    a, b = players_of(first)
    ended = await play_at(first, by_id[a], by_id[b], by_id[a], (9, 2), "Winter league", wipe=True)
    await by_id[b].click(ended.response, label="Confirm")
    c, d = players_of(second)
    ended = await play_at(second, by_id[c], by_id[d], by_id[c], (5, 4), "Winter league")
    refused = await by_id[d].click(ended.response, label="Refuse")
    assert not refused.ephemeral
    missing = await admin.slash(channel, "event missing")
    assert missing.response.content.splitlines()[1] == f"Table 2: <@{c}> v <@{d}>"
    entered = await admin.slash(
        channel, "event result", table=2, winner=by_id[d], **{"vp-first": 3, "vp-second": 6}
    )
    assert f"Table 2: <@{d}> won (VP 3–6" in entered.response.content
    standings = await admin.slash(channel, "event standings")
    rows = standings.response.content.splitlines()[1:]
    # the game's end state: the guest's one unit destroyed, one enemy order die for the winner
    assert rows[0] == "1. " + by_id[a].name + ": 3 pts · 1-0-0 · VP 9 · dice 1 · SoS 0"
    assert rows[1] == "2. " + by_id[d].name + ": 3 pts · 1-0-0 · VP 6 · dice 0 · SoS 0"
    assert rows[-1].startswith("4. ") or rows[-1].startswith("5. ")
    campaign = await admin.slash(channel, "campaign standings", campaign="Winter league")
    text = campaign.response.embeds[0].description or ""
    lines = {line.split()[1]: line for line in text.splitlines() if line[:3].strip().isdigit()}
    assert "1-0-0" in lines[by_id[a].name]
    assert "0-0-0" in lines[by_id[c].name]  # the refused game: no battle


async def test_the_servers_data_export_holds_the_event_and_its_lists_as_sent(simcord_env, table):
    await create(table.admin, table.channel)
    await table.alice.slash(table.channel, "event join")
    await send_list(table.alice, table.channel, "isorian")
    exported = await table.admin.slash(table.channel, "config data export")
    document = json.loads(await exported.response.attachments[0].read())
    (event,) = document["events"]
    assert event["name"] == "Antares Day" and event["data"]["entries"][0]["army"] == (
        "Shard of Tessera"
    )
    (sent,) = event["lists"]
    assert base64.b64decode(sent["submitted"]) == rosz("isorian")
    assert sent["filename"] == "isorian.rosz" and sent["user_id"] == str(table.alice.id)


def test_a_big_events_replies_fit_in_one_message():
    """128 players with long names: standings and the player list stop within Discord's
    2,000 characters and say how many more the export has."""
    from cogs.tournament import render
    from core.common.tournament.entries import join
    from core.common.tournament.model import Settings, Tournament
    from core.common.tournament.standings import standings
    from services.tournament import Shown

    event = Tournament(settings=Settings(name="Big"), organiser_id=1)
    for n in range(128):
        event = join(event, 10**17 + n, "W" * 32)
    shown = Shown(1, "Big", event)
    for text in (render.standings("en", shown, standings(event)), render.summary("en", shown)):
        assert len(text) <= 2000
        assert text.splitlines()[-1].endswith("more (the export has them all).")


async def test_the_organiser_replaces_and_drops_players_between_and_during_rounds(
    simcord_env, table
):
    channel, admin = table.channel, table.admin
    players = club(simcord_env, table)
    four, late = players[:4], players[4]
    by_id = {p.id: p for p in players}
    await create(admin, channel, rounds=2)
    for n, player in enumerate(four):
        await player.slash(channel, "event join")
        await send_list(player, channel, VALID[n % 3])
    first = await admin.slash(channel, "event pair")
    assert not first.ephemeral
    a, b = players_of(channel.threads[0])
    c, d = players_of(channel.threads[1])
    replaced = await admin.slash(channel, "event replace", member=by_id[a], by=late)
    assert f"<@{late.id}> takes the place of <@{a}> in Antares Day." in (replaced.response.content)
    missing = await admin.slash(channel, "event missing")
    assert f"Table 1: <@{late.id}> v <@{b}>" in missing.response.content
    for number in (1, 2):
        await admin.slash(channel, "event result", table=number, **{"vp-first": 4, "vp-second": 4})
    dropped = await admin.slash(channel, "event drop", member=by_id[b])
    assert "their results stay" in dropped.response.content
    second = await admin.slash(channel, "event pair")
    lines = second.response.content.splitlines()
    assert f"<@{a}>" not in second.response.content and f"<@{b}>" not in second.response.content
    (bye,) = [p for p in (late.id, c, d) if lines[1] == f"Bye: <@{p}>"]
    assert len(lines) == 3 and lines[2].startswith("Table 1: ")  # three left: a bye, a table
    seated = {int(x) for x in re.findall(r"<@(\d+)>", lines[2])}
    assert seated == {late.id, c, d} - {bye}
    standings = await admin.slash(channel, "event standings")
    assert standings.response.content.count(" pts · ") == 5  # dropped players keep their line


async def test_a_tables_start_button_starts_its_game_with_the_round_timer(
    simcord_env, table, make_bot
):
    """▶ Start the game in a table's thread (after a restart too): the table's game for the
    event's campaign, with dice down when the round's time is up (issue 33's round timer)."""
    channel, admin = table.channel, table.admin
    players = club(simcord_env, table)[:2]
    created = await create(admin, channel, **{"round-minutes": 120})
    assert "Round time: 120 minutes" in created.response.content
    for n, player in enumerate(players):
        await player.slash(channel, "event join")
        await send_list(player, channel, VALID[n])
    await admin.slash(channel, "event pair")
    (thread,) = channel.threads
    assert thread.name == "Antares Day · R1 T1"  # the name of the game it starts, below
    opening = thread.history()[0]
    assert "⏱ Round time: dice down at" in opening.content
    a, b = players_of(thread)
    await restart(simcord_env, make_bot)
    stranger = await table.admin.click(opening, label="▶ Start the game")  # the organiser may
    assert not stranger.ephemeral, stranger.response.content
    text = stranger.response.content
    assert "counts for the campaign **Antares Day**" in text
    shown_at = re.search(r"dice down at (\S+ \S+) UTC", opening.content).group(1)
    at = datetime.fromisoformat(shown_at + "+00:00")
    called = int(re.search(r"⏳ Dice down for \*\*Antares Day · R1 T1\*\* at <t:(\d+):t>", text)[1])
    assert called // 60 == int(at.timestamp()) // 60  # the round's end, to the minute
    again = await players[0].click(opening, label="▶ Start the game")
    assert again.ephemeral  # a game runs in the thread already
    host, guest = (next(p for p in players if p.id == x) for x in (a, b))
    await host.slash(thread, "unit add", name="Host squad", models=5)
    await guest.slash(thread, "unit add", name="Guest squad", models=5)
    ended = await admin.slash(thread, "game end", winner=host, vp="6-2")
    assert not ended.ephemeral
    missing = await admin.slash(channel, "event missing")
    assert "has its result" in missing.response.content  # the organiser recorded it for both


async def test_an_event_belongs_to_its_server(simcord_env, table):
    created = await create(table.admin, table.channel)
    assert not created.ephemeral
    (event_id,) = [str(i) for i in await _event_ids(simcord_env, table)]
    other = simcord_env.create_guild("Other club")
    channel = other.create_text_channel("hall")
    stranger = other.add_member(simcord_env.create_user("stranger"))
    for value in (event_id, "Antares Day"):
        refused = await stranger.slash(channel, "event join", event=value)
        assert refused.ephemeral
        assert f"There is no event called {value} on this server" in refused.response.content
    none = await stranger.slash(channel, "event standings")
    assert none.ephemeral and "This server has no event yet" in tokens(none.response.content)


async def _event_ids(env, table) -> list[int]:
    async with env.bot.services.store.read() as tx:
        return [e.id for e in await tx.tournaments(table.guild.id)]


async def test_a_player_leaves_and_the_organiser_adds_them_back_after_the_rounds_began(
    simcord_env, table
):
    """`/event leave` before the rounds; once they have begun a member can no longer join
    alone (told to ask the organiser), and `/event add` brings them back, in French too."""
    channel, admin = table.channel, table.admin
    players = club(simcord_env, table)
    await create(admin, channel)
    for n, player in enumerate(players[:3]):
        await player.slash(channel, "event join")
        await send_list(player, channel, VALID[n % 3])
    left = await players[2].slash(channel, "event leave")
    assert not left.ephemeral and left.response.content == "You left Antares Day."
    shown = await players[0].slash(channel, "event show")
    assert f"<@{players[2].id}>" not in shown.response.content
    assert not (await admin.slash(channel, "event pair")).ephemeral
    again = await players[2].slash(channel, "event join")
    assert again.ephemeral and "ask the organiser to add you with </event add>" in tokens(
        again.response.content
    )
    with french():
        added = await admin.slash(channel, "event add", member=players[2])
        twice = await admin.slash(channel, "event add", member=players[2])
    assert not added.ephemeral
    assert added.response.content == f"<@{players[2].id}> a été ajouté à Antares Day."
    assert twice.ephemeral and f"<@{players[2].id}> est déjà inscrit" in twice.response.content
    shown = await players[0].slash(channel, "event show")
    assert f"<@{players[2].id}>" in shown.response.content


async def test_event_lists_options_offer_the_servers_events_and_the_members_armies(
    simcord_env, table
):
    """`/event list`'s options as the member types: the server's events by name (their id as
    the value), and the member's saved armies as `/army` offers them."""
    await create(table.admin, table.channel)
    await create(table.admin, table.channel, name="Winter Cup")
    await import_army(table.alice, table.channel, "isorian")
    await import_army(table.alice, table.channel, "algoryn")
    events = await table.alice.autocomplete(table.channel, "event list", "event", "cup")
    assert [c["name"] for c in events] == ["Winter Cup"]
    assert events[0]["value"] == str(max(await _event_ids(simcord_env, table)))
    armies = await table.alice.autocomplete(table.channel, "event list", "army", "sha")
    assert [c["name"] for c in armies] == ["Shard of Tessera"]
    assert await table.bob.autocomplete(table.channel, "event list", "army", "") == []


async def table_thread(simcord_env, table):
    """An event of 120-minute rounds, two players paired: the table's thread, its opening."""
    channel, admin = table.channel, table.admin
    players = club(simcord_env, table)[:2]
    await create(admin, channel, **{"round-minutes": 120})
    for n, player in enumerate(players):
        await player.slash(channel, "event join")
        await send_list(player, channel, VALID[n])
    await admin.slash(channel, "event pair")
    (thread,) = channel.threads
    return thread, thread.history()[0]


async def test_a_tables_game_starts_with_its_round_timer_or_not_at_all(
    simcord_env, table, monkeypatch
):
    """▶ Start the game writes the game and its dice-down timers in one transaction: when
    the timers cannot be written, no game starts (before, the game started and the timer was
    set in a second write, which could fail and leave the table without its timer); the
    click after that starts both."""
    import services.pace.pace as pace_module
    from services.pace import DICE_DOWN
    from storage.base import StorageError

    thread, opening = await table_thread(simcord_env, table)
    real = pace_module.schedule_dice_down

    async def unavailable(*args, **kwargs):
        raise StorageError("the database is out of reach")

    monkeypatch.setattr(pace_module, "schedule_dice_down", unavailable)
    failed = await table.admin.click(opening, label="▶ Start the game")
    assert failed.ephemeral  # said to the clicker alone
    store = simcord_env.bot.services.store
    async with store.read() as tx:
        assert await tx.running_game(thread.id) is None  # no game without its timer

    monkeypatch.setattr(pace_module, "schedule_dice_down", real)
    started = await table.admin.click(opening, label="▶ Start the game")
    assert not started.ephemeral and "⏳ Dice down for" in started.response.content
    async with store.read() as tx:
        record = await tx.running_game(thread.id)
        assert record is not None
        kinds = {timer.kind for timer in await tx.game_timers(record.id)}
    assert kinds == {DICE_DOWN}
