"""Commands that can pass Discord's 3 s answer window defer at once (issue 16): they answer
"thinking…" before any heavy work, then send the result (bench/slow_commands.py measures
which: charts and exports). Exports stay ephemeral: the "thinking…" too, so a refusal after
it is still only the caller's."""

from __future__ import annotations

from contextlib import contextmanager, nullcontext

import discord
import pytest

from tests.discord.campaign_kit import make_club
from tests.discord.test_campaign_reports import season_club
from tests.discord.test_shoot_kit import armies
from tests.support.locale import french

LANGS = ["en", "fr"]


def speaking(lang: str):
    return french() if lang == "fr" else nullcontext()


@contextmanager
def deferrals():
    """The `defer` calls the bot makes meanwhile: (ephemeral, thinking) each."""
    seen: list[tuple[bool, bool]] = []
    original = discord.InteractionResponse.defer

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False):
        seen.append((ephemeral, thinking))
        return await original(self, ephemeral=ephemeral, thinking=thinking)

    discord.InteractionResponse.defer = defer  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        discord.InteractionResponse.defer = original  # type: ignore[method-assign]


@pytest.mark.parametrize("lang", LANGS)
async def test_game_export_defers_then_sends_its_file(simcord_env, table, lang):
    await armies(table)
    with deferrals() as seen, speaking(lang):
        exported = await table.alice.slash(table.channel, "game export")
    assert seen == [(True, True)]
    assert exported.ephemeral and exported.response.attachments


@pytest.mark.parametrize("lang", LANGS)
async def test_campaign_export_and_standings_defer(simcord_env, table, lang):
    club = await season_club(make_club(simcord_env, table))
    with deferrals() as seen, speaking(lang):
        exported = await club.carol.slash(club.channel, "campaign export")
        standings = await club.carol.slash(club.channel, "campaign standings")
    assert seen == [(True, True), (False, True)]  # the chart: public, like its table
    assert exported.ephemeral and len(exported.response.attachments) >= 2
    assert not standings.ephemeral and standings.response.attachments


@pytest.mark.parametrize("lang", LANGS)
async def test_a_refused_export_is_still_only_the_callers(simcord_env, table, lang):
    with deferrals() as seen, speaking(lang):
        refused = await table.alice.slash(table.channel, "game export")
    assert seen == [(True, True)]
    assert refused.ephemeral
    none_here = "Aucune partie" if lang == "fr" else "No game"
    assert none_here in refused.response.content, refused.response.content
