"""Charts, tables and exports run in the bot's own pool (issue 28): threads named
`antares-work…`, never the loop's default executor (`asyncio_…`, where the heartbeat's write
goes) nor the event loop itself (`MainThread`). Each spied function must be called, so a
command that stopped drawing or exporting fails too."""

from __future__ import annotations

import threading

import pytest

import cogs.campaign.chart
import cogs.shooting.odds
import services.campaign.reports
import services.campaign.service
import services.game.export
import services.privacy.export
import services.shooting.odds
from tests.discord.campaign_kit import make_club
from tests.discord.test_campaign_reports import season_club
from tests.discord.test_shoot_kit import armies, hyphenated

POOL = "antares-work"


@pytest.fixture
def threads(monkeypatch):
    """`spy(module, name)`: `module.name` records the thread it runs in, in `seen[name]`."""
    seen: dict[str, list[str]] = {}

    def spy(module, name: str) -> None:
        original = getattr(module, name)

        def recorded(*args, **kwargs):
            seen.setdefault(name, []).append(threading.current_thread().name)
            return original(*args, **kwargs)

        monkeypatch.setattr(module, name, recorded)

    return spy, seen


def in_pool(seen: dict[str, list[str]], *names: str) -> bool:
    return sorted(seen) == sorted(names) and all(
        t.startswith(POOL) for found in seen.values() for t in found
    )


async def test_campaign_standings_and_export_run_in_the_pool(simcord_env, table, threads):
    spy, seen = threads
    club = await season_club(make_club(simcord_env, table))
    spy(services.campaign.reports, "standing_rows")
    spy(cogs.campaign.chart, "standings_png")
    spy(services.campaign.service, "export_files")
    standings = await club.carol.slash(club.channel, "campaign standings")
    exported = await club.carol.slash(club.channel, "campaign export")
    assert standings.response.attachments and exported.response.attachments
    assert in_pool(seen, "standing_rows", "standings_png", "export_files"), seen


async def test_odds_and_the_game_export_run_in_the_pool(simcord_env, table, threads):
    spy, seen = threads
    await armies(table)
    spy(services.shooting.odds, "shot_odds")
    spy(cogs.shooting.odds, "odds_png")
    spy(services.game.export, "export_document")
    shot = {"shooter": "Troopers", "target": "Gangers", "weapon": "mag-gun", "distance": 10}
    odds = await table.alice.slash(table.channel, "odds", **hyphenated(shot))
    exported = await table.alice.slash(table.channel, "game export")
    assert odds.response.attachments and exported.response.attachments
    assert in_pool(seen, "shot_odds", "odds_png", "export_document"), seen


async def test_the_server_export_runs_in_the_pool(simcord_env, table, threads):
    spy, seen = threads
    spy(services.privacy.export, "_encode")
    result = await table.admin.slash(table.channel, "config data export")
    assert result.response.attachments
    assert in_pool(seen, "_encode"), seen
