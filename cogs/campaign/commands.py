"""`/campaign`: the group, and creating, choosing, joining, organising and archiving.

Battles are in `cogs.campaign.battle_commands`, the reports in `cogs.campaign.report_commands`.
Each command calls one method of `services.campaign` and renders what it returns; refusals
are `AntaresError`s that the tree's error handler answers ephemerally.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.campaign import render
from cogs.campaign.battle_commands import BattleCommands
from cogs.campaign.options import (
    CAMPAIGN,
    FACTION_CHOICES,
    campaign_autocomplete,
    playing_autocomplete,
)
from cogs.campaign.report_commands import ReportCommands
from cogs.common.actors import call_of, member_actor, server_of
from cogs.common.bot import ServicedBot
from cogs.common.replies import lang_of, send, send_key
from locales import t
from services.campaign import Membership


@app_commands.guild_only()
class CampaignCog(
    ReportCommands,
    BattleCommands,
    commands.GroupCog,
    group_name="campaign",
    group_description="Campaigns of this server: players, battles, standings",
):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="create", description="Create a campaign (Manage Server or GM role)")
    @app_commands.rename(
        points_win="points-win", points_draw="points-draw", points_loss="points-loss"
    )
    @app_commands.describe(
        name="The campaign's name (64 characters at most)",
        description="What the campaign is about",
        points_win="Campaign points for a win (default 3)",
        points_draw="Campaign points for a draw (default 1)",
        points_loss="Campaign points for a loss (default 0)",
    )
    async def create(
        self,
        interaction: discord.Interaction,
        name: str,
        description: str | None = None,
        points_win: int = 3,
        points_draw: int = 1,
        points_loss: int = 0,
    ) -> None:
        created = await self.campaigns.create(
            call_of(interaction),
            name=name,
            description=description,
            points=(points_win, points_draw, points_loss),
        )
        key = "campaign.created_current" if created.current else "campaign.created"
        c = created.campaign
        lang = await lang_of(interaction)
        text = t(lang, key, name=render.plain(c.name)) + "\n" + render.points_line(lang, c)
        await send(interaction, text)

    @app_commands.command(name="current", description="Show the current campaign, or choose it")
    @app_commands.describe(campaign="The campaign to make current (organisers)")
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def current(self, interaction: discord.Interaction, campaign: str | None = None) -> None:
        if campaign is None:
            snapshot = await self.campaigns.snapshot(server_of(interaction), None)
            await send(interaction, embed=render.overview(await lang_of(interaction), snapshot))
            return
        chosen = await self.campaigns.set_current(call_of(interaction), campaign)
        await send_key(
            interaction, "campaign.current_set", ephemeral=False, name=render.plain(chosen.name)
        )

    @app_commands.command(name="join", description="Join a campaign with your faction and army")
    @app_commands.describe(faction="Your faction", army="Your army's name", campaign=CAMPAIGN)
    @app_commands.choices(faction=FACTION_CHOICES)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def join(
        self, interaction: discord.Interaction, faction: str, army: str, campaign: str | None = None
    ) -> None:
        done = await self.campaigns.join(call_of(interaction), campaign, faction=faction, army=army)
        await self._membership(interaction, "campaign.joined", done)

    @app_commands.command(name="leave", description="Leave a campaign (your battles stay)")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def leave(self, interaction: discord.Interaction, campaign: str | None = None) -> None:
        done = await self.campaigns.leave(call_of(interaction), campaign)
        await self._membership(interaction, "campaign.left", done)

    @app_commands.command(name="add-player", description="Add a member as a player (organisers)")
    @app_commands.describe(
        member="The member to add",
        faction="Their faction",
        army="Their army's name",
        campaign=CAMPAIGN,
    )
    @app_commands.choices(faction=FACTION_CHOICES)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def add_player(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        faction: str,
        army: str,
        campaign: str | None = None,
    ) -> None:
        done = await self.campaigns.add_player(
            call_of(interaction),
            campaign,
            player=member_actor(member),
            faction=faction,
            army=army,
        )
        await self._membership(interaction, "campaign.player_added", done)

    @app_commands.command(name="remove-player", description="Remove a player (organisers)")
    @app_commands.describe(player="The player to remove (their battles stay)", campaign=CAMPAIGN)
    @app_commands.autocomplete(player=playing_autocomplete, campaign=campaign_autocomplete)
    async def remove_player(
        self, interaction: discord.Interaction, player: str, campaign: str | None = None
    ) -> None:
        done = await self.campaigns.remove_player(call_of(interaction), campaign, player=player)
        await self._membership(interaction, "campaign.player_removed", done)

    @app_commands.command(name="add-organiser", description="Make a member an organiser")
    @app_commands.describe(member="The member who will organise", campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def add_organiser(
        self, interaction: discord.Interaction, member: discord.Member, campaign: str | None = None
    ) -> None:
        done = await self.campaigns.add_organiser(
            call_of(interaction), campaign, organiser=member_actor(member)
        )
        await self._membership(interaction, "campaign.organiser_added", done)

    @app_commands.command(name="archive", description="Close a campaign: read-only afterwards")
    @app_commands.describe(campaign=CAMPAIGN)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def archive(self, interaction: discord.Interaction, campaign: str | None = None) -> None:
        done = await self.campaigns.archive(call_of(interaction), campaign)
        await send_key(
            interaction, "campaign.archived_done", ephemeral=False, campaign=render.plain(done.name)
        )

    async def _membership(
        self, interaction: discord.Interaction, key: str, done: Membership
    ) -> None:
        lang = await lang_of(interaction)
        member = done.member
        text = t(
            lang,
            key,
            player=render.plain(member.name),
            campaign=render.plain(done.campaign.name),
            faction=render.faction(lang, member.faction),
            army=render.plain(member.army),
        )
        await send(interaction, text)
