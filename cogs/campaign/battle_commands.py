"""`/campaign record`, `/campaign correct`, `/campaign delete`: battles played elsewhere.

A battle a player records waits for the other player's ✅ Confirm (`cogs.campaign.consent`).
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.campaign import consent, render
from cogs.campaign.options import (
    CAMPAIGN,
    RESULT_CHOICES,
    UsesCampaigns,
    battle_autocomplete,
    campaign_autocomplete,
    playing_autocomplete,
)
from cogs.common.actors import call_of
from cogs.common.replies import lang_of, send
from services.campaign import BattleEntry, Correction, RecordedBattle

DATE = "When it was played, YYYY-MM-DD (today if left out)"


class BattleCommands(UsesCampaigns):
    @app_commands.command(name="record", description="Record a battle: its players or an organiser")
    @app_commands.rename(player_a="player-a", player_b="player-b", vp_a="vp-a", vp_b="vp-b")
    @app_commands.describe(
        player_a="First player",
        player_b="Second player",
        result="Win or draw",
        winner="Who won (for a win)",
        scenario="The scenario played",
        vp_a="Victory points of the first player",
        vp_b="Victory points of the second player",
        notes="Anything worth remembering",
        date=DATE,
        campaign=CAMPAIGN,
    )
    @app_commands.choices(result=RESULT_CHOICES)
    @app_commands.autocomplete(
        player_a=playing_autocomplete,
        player_b=playing_autocomplete,
        winner=playing_autocomplete,
        campaign=campaign_autocomplete,
    )
    async def record(
        self,
        interaction: discord.Interaction,
        player_a: str,
        player_b: str,
        result: str,
        winner: str | None = None,
        scenario: str | None = None,
        vp_a: int | None = None,
        vp_b: int | None = None,
        notes: str | None = None,
        date: str | None = None,
        campaign: str | None = None,
    ) -> None:
        entry = BattleEntry(
            (player_a, player_b), result, winner, scenario, (vp_a, vp_b), notes, date
        )
        done = await self.campaigns.record(call_of(interaction), campaign, entry)
        lang = await lang_of(interaction)
        embed = render.recorded(lang, "campaign.recorded", done.battle, done.names, done.campaign)
        if not done.battle.pending:  # an organiser's record: both players need not answer
            await send(interaction, embed=embed)
            return
        await send(  # the other player is asked, and notified
            interaction,
            consent.request(lang, done.battle),
            embed=embed,
            view=consent.consent_view(lang, done),
            allowed_mentions=consent.asking(done.battle),
        )

    @app_commands.command(name="correct", description="Correct a recorded battle (organisers)")
    @app_commands.rename(vp_a="vp-a", vp_b="vp-b")
    @app_commands.describe(
        battle="The battle's number (see /campaign history)",
        result="Win or draw",
        winner="Who won (for a win)",
        vp_a="Victory points of the battle's first player",
        vp_b="Victory points of the battle's second player",
        scenario="The scenario played",
        notes="Notes",
        date=DATE,
        campaign=CAMPAIGN,
    )
    @app_commands.choices(result=RESULT_CHOICES)
    @app_commands.autocomplete(battle=battle_autocomplete)  # a number: a decorator of its own
    @app_commands.autocomplete(winner=playing_autocomplete, campaign=campaign_autocomplete)
    async def correct(
        self,
        interaction: discord.Interaction,
        battle: int,
        result: str | None = None,
        winner: str | None = None,
        vp_a: int | None = None,
        vp_b: int | None = None,
        scenario: str | None = None,
        notes: str | None = None,
        date: str | None = None,
        campaign: str | None = None,
    ) -> None:
        change = Correction(result, winner, (vp_a, vp_b), scenario, notes, date)
        done = await self.campaigns.correct(call_of(interaction), campaign, battle, change)
        await self._show(interaction, "campaign.corrected", done)

    @app_commands.command(name="delete", description="Delete a battle record (organisers)")
    @app_commands.describe(
        battle="The battle's number (it stays in the history)", campaign=CAMPAIGN
    )
    @app_commands.autocomplete(battle=battle_autocomplete)  # a number: a decorator of its own
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def delete(
        self, interaction: discord.Interaction, battle: int, campaign: str | None = None
    ) -> None:
        done = await self.campaigns.delete(call_of(interaction), campaign, battle)
        await self._show(interaction, "campaign.deleted", done)

    async def _show(self, interaction: discord.Interaction, key: str, done: RecordedBattle) -> None:
        lang = await lang_of(interaction)
        embed = render.recorded(lang, key, done.battle, done.names, done.campaign)
        await send(interaction, embed=embed)
