"""Every method of the storage contract, called with each variant of its query, with data in
the tables: what `test_query_plans.py` records the SQL of."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

from services.common.channel_state import pack_state
from storage.campaign_base import SideRecord

PLAYED = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)
SIDES = (SideRecord(21, "algoryn", "Strike force", 8, 3, "{}"), SideRecord(22, "ghar", None))


async def games_and_logs(store) -> None:
    async with store.transaction() as tx:
        game = await tx.create_game(guild_id=1, channel_id=10, state="{}", schema_version=1)
        other = await tx.create_game(guild_id=1, channel_id=11, state="{}", schema_version=1)
        await tx.append_event(game.id, kind="start", actor_id=1, payload="{}", state_before=None)
        for n in range(4):
            await tx.append_event(
                game.id, kind="k", actor_id=1, payload="{}", state_before=pack_state(str(n))
            )
        await tx.save_game(game.id, state="{}", schema_version=1, expected_version=0)
        await tx.save_game(
            other.id, state="{}", schema_version=1, expected_version=0, status="ended"
        )
    async with store.transaction() as tx:
        await tx.running_game(10)
        await tx.running_games(1)
        await tx.game(game.id)
        await tx.latest_game(11)
        events = await tx.events(game.id)
        await tx.mark_undone([events[-1].id, events[-2].id])
        await tx.set_event_message(events[0].id, 99)
        await tx.event(game.id, 1)
        await tx.append_event_later(
            game.id, kind="k", actor_id=1, payload="{}", state_before=pack_state("later")
        )
        await tx.move_draw(game.id, channel_id=10, message_id=98, keep="[]")
        await tx.save_board(
            game.id, board=True, board_message=97, board_pinned=False, board_lang="fr"
        )
        await tx.revoke_web_links(game.id)
    async with store.read() as tx:
        for limit, undone, snapshots in itertools.product((None, 3), (True, False), (True, False)):
            await tx.events(game.id, limit=limit, include_undone=undone, snapshots=snapshots)


async def interactions_settings_meta(store) -> None:
    async with store.transaction() as tx:
        await tx.claim_interaction(1, channel_id=10)
        await tx.claim_interaction(1, channel_id=10)
        await tx.claim_once(2, channel_id=10)
        await tx.forget_interactions(datetime.now(UTC), limit=10)
        await tx.guild_settings(1)
        await tx.save_guild_settings(1, {"language": "en"})
        await tx.meta("k")
        await tx.set_meta("k", "v")


async def campaigns(store) -> None:
    async with store.transaction() as tx:
        campaign = await tx.create_campaign(
            guild_id=1, name="Winter", description=None, points=(3, 1, 0), created_by=21
        )
        await tx.campaign(campaign.id)
        await tx.campaign_named(1, "WINTER")
        await tx.campaigns(1)
        await tx.set_current_campaign(1, campaign.id)
        await tx.current_campaign_id(1)
        for user in (21, 22):
            await tx.save_member(
                campaign.id,
                user,
                name=f"p{user}",
                faction=None,
                army=None,
                player=True,
                organiser=user == 21,
            )
        await tx.members(campaign.id)
        await tx.member(campaign.id, 21)
        battle = await tx.add_battle(
            campaign.id,
            played_at=PLAYED,
            source="game",
            scenario=None,
            notes=None,
            winner_id=21,
            turns=6,
            channel_link=None,
            game_id=1,
            sides=SIDES,
            recorded_by=21,
        )
        await tx.confirm_side(battle.id, 22)
        await tx.battle(campaign.id, battle.seq)
        await tx.battle_for_game(campaign.id, 1)
        await tx.battles(campaign.id)
        await tx.league_battles(1, since=PLAYED, campaign_id=campaign.id, limit=10)
        await tx.league_battles(1, since=None, campaign_id=None, limit=10)
        await tx.correct_battle(
            battle.id,
            actor_id=21,
            played_at=PLAYED,
            scenario="x",
            notes=None,
            winner_id=22,
            vp={21: 3, 22: 9},
        )
        await tx.delete_battle(battle.id, actor_id=21)
        await tx.battle_changes(battle.id)
        await tx.archive_campaign(campaign.id, actor_id=21)


async def servers_kept_and_forgotten(store) -> None:
    """Data retention (issue 23): servers left and back, a member forgotten, a server deleted."""
    async with store.transaction() as tx:
        await tx.guild_left(1, at=PLAYED)
        await tx.guild_left_at(1)
        await tx.guilds_left_before(PLAYED)
        await tx.guild_here(1)
        await tx.guilds_present()
        await tx.guilds_known()
        await tx.guild_games(1)
        await tx.forget_user(
            1,
            21,
            alias=1,
            name="Former player 1",
            rewrite=lambda text: text,
            rewrite_blob=lambda blob: blob,
        )
        await tx.delete_guild_data(2, forget_guild=True)


async def armies(store) -> None:
    """Saved armies (issue 18): saved, replaced, listed, read, exported, deleted."""
    async with store.transaction() as tx:
        for replace in (False, True):
            await tx.save_army(
                1,
                21,
                name="Vorl",
                name_key="vorl",
                data="{}",
                campaign_id=None,
                replace=replace,
            )
        await tx.army(1, 21, "vorl")
        await tx.army_names(1, 21)
        await tx.armies(1, 21)
        await tx.guild_armies(1)
        await tx.delete_army(1, 21, "vorl")


async def timers_pace_hours(store) -> None:
    """Timers, a game's pace and a member's hours (issue 33)."""
    async with store.transaction() as tx:
        game = await tx.create_game(guild_id=1, channel_id=12, state="{}", schema_version=1)
        for subject in ("nudge:1", "clock:1"):
            await tx.schedule_timer(subject, kind=subject[:5], due_at=PLAYED, game_id=game.id)
        await tx.timer("nudge:1")
        await tx.game_timers(game.id)
        await tx.next_timer_due()
        claimed = await tx.claim_due_timers(
            PLAYED, claimer="p", lease=timedelta(minutes=5), limit=10
        )
        await tx.finish_timer(claimed[0].id, "p")
        await tx.cancel_timer("clock:1")
        await tx.drop_timer("clock:1")
        await tx.cancel_game_timers(game.id)
        await tx.cancel_game_timers(game.id, "nudge")
        await tx.game_pace(game.id)
        await tx.save_game_pace(game.id, guild_id=1, channel_id=12, data="{}", expected_version=0)
        await tx.save_member_hours(21, away_until=PLAYED, quiet_from=22, quiet_to=8, utc_offset=0)
        await tx.member_hours(21)
        await tx.forget_member_hours(21)
    async with store.read() as tx:
        await tx.game_pace(game.id)
        await tx.campaign_paces(1)


async def tournaments(store) -> None:
    """Club events and their lists (issue 35): created, found, saved, lists kept and read."""
    async with store.transaction() as tx:
        made = await tx.create_tournament(1, name="Cup", name_key="cup", data="{}", created_by=7)
        await tx.tournament(made.id, lock=True)
        await tx.tournament_named(1, "cup")
        await tx.tournaments(1)
        await tx.save_tournament(made.id, data='{"21": 1}', version=1)
        await tx.save_tournament_list(
            made.id, 21, filename="a.ros", submitted=b"x", army="{}", digest="d"
        )
        await tx.tournament_list(made.id, 21)
        await tx.tournament_lists(made.id)


async def run_every_query(store) -> None:
    await games_and_logs(store)
    await interactions_settings_meta(store)
    await campaigns(store)
    await armies(store)
    await timers_pace_hours(store)
    await tournaments(store)
    await servers_kept_and_forgotten(store)
