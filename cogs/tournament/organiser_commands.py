"""The organiser's `/event` commands (issue 35): create, manage players and lists, pair the
rounds (a thread per table), enter results, finish. Who may is the service's check: the
event's creator, or a server manager (Manage Server or the game-master role)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.actors import call_of
from cogs.common.answering import defer
from cogs.common.bot import ServicedBot
from cogs.common.replies import lang_of, send
from cogs.common.text import plain
from cogs.tournament import render
from cogs.tournament.options import EVENT, FIRST_ROUND_CHOICES, TIE_BREAKERS, event_autocomplete
from cogs.tournament.tables import open_tables
from cogs.tournament.views import join_view
from locales import t
from services.tournament import EventOptions, TournamentService

# Mixed into `EventCog` (a GroupCog); at runtime a plain class, so that the cog metaclass sees
# its commands once, through the cog (as `/campaign`'s mixins).
if TYPE_CHECKING:
    _Mixin = commands.GroupCog
else:
    _Mixin = object


class OrganiserCommands(_Mixin):
    bot: ServicedBot

    @property
    def events(self) -> TournamentService:
        return self.bot.services.tournaments

    @app_commands.command(name="create", description="Create an event (Manage Server or GM role)")
    @app_commands.rename(
        points="points-limit",
        deadline="list-deadline",
        tie_breakers="tie-breakers",
        dice_cap="dice-cap",
        bye_points="bye-points",
        first_round="first-round",
        round_minutes="round-minutes",
    )
    @app_commands.describe(
        name="The event's name",
        date="When it is played, as you write it",
        rounds="Number of rounds",
        points="Most points a list may cost",
        deadline="Lists due by, YYYY-MM-DD HH:MM (UTC)",
        scenarios="Scenarios per round, separated by ; (later rounds draw one)",
        tie_breakers=TIE_BREAKERS,
        dice_cap="Most order dice a list may hold",
        bye_points="Points for a bye (default: a win's 3)",
        first_round="Round 1: random or by registration order",
        campaign="A campaign counting the event's battles",
        round_minutes="Round time: dice down this long after pairing",
    )
    @app_commands.choices(first_round=FIRST_ROUND_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        name: str,
        rounds: app_commands.Range[int, 1, 10] = 3,
        points: app_commands.Range[int, 1, 100000] = 1000,
        date: str | None = None,
        deadline: str | None = None,
        scenarios: str | None = None,
        tie_breakers: str | None = None,
        dice_cap: app_commands.Range[int, 1, 100] | None = None,
        bye_points: app_commands.Range[int, 0, 100] | None = None,
        first_round: str = "random",
        campaign: str | None = None,
        round_minutes: app_commands.Range[int, 10, 600] | None = None,
    ) -> None:
        options = EventOptions(
            name=name,
            date=date,
            rounds=rounds,
            points=points,
            deadline=deadline,
            scenarios=scenarios,
            tie_breakers=tie_breakers,
            dice_cap=dice_cap,
            bye_points=bye_points,
            first_round=first_round,
            campaign=campaign,
            round_minutes=round_minutes,
        )
        shown = await self.events.create(call_of(interaction), options)
        lang = await lang_of(interaction)
        text = t(lang, "tournament.created") + "\n" + render.summary(lang, shown)
        await send(interaction, text, view=join_view(lang, shown.id))

    @app_commands.command(name="add", description="Add a player (organiser)")
    @app_commands.describe(member="The member to add", event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def add(
        self, interaction: discord.Interaction, member: discord.Member, event: str | None = None
    ) -> None:
        done = await self.events.add(call_of(interaction), event, member.id, member.display_name)
        await self._said(interaction, "tournament.added", event=plain(done.name), player=member.id)

    @app_commands.command(name="drop", description="Drop a player (organiser)")
    @app_commands.describe(member="The player to drop", event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def drop(
        self, interaction: discord.Interaction, member: discord.Member, event: str | None = None
    ) -> None:
        done = await self.events.drop(call_of(interaction), event, member.id)
        await self._said(
            interaction, "tournament.dropped", event=plain(done.name), player=member.id
        )

    @app_commands.command(name="replace", description="Replace a player by another (organiser)")
    @app_commands.describe(
        member="The player who leaves", by="The member who plays instead", event=EVENT
    )
    @app_commands.autocomplete(event=event_autocomplete)
    async def replace(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        by: discord.Member,
        event: str | None = None,
    ) -> None:
        done = await self.events.replace(
            call_of(interaction), event, member.id, by.id, by.display_name
        )
        await self._said(
            interaction,
            "tournament.replaced",
            event=plain(done.name),
            player=member.id,
            other=by.id,
        )

    @app_commands.command(name="unlock", description="Let a player change their list (organiser)")
    @app_commands.describe(member="The player", event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def unlock(
        self, interaction: discord.Interaction, member: discord.Member, event: str | None = None
    ) -> None:
        done = await self.events.unlock(call_of(interaction), event, member.id)
        await self._said(
            interaction, "tournament.unlocked", event=plain(done.name), player=member.id
        )

    @app_commands.command(name="reveal", description="Reveal every list to all (organiser)")
    @app_commands.describe(event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def reveal(self, interaction: discord.Interaction, event: str | None = None) -> None:
        done = await self.events.reveal(call_of(interaction), event)
        await self._said(interaction, "tournament.revealed", event=plain(done.name))

    @app_commands.command(name="pair", description="Pair the next round (organiser)")
    @app_commands.describe(event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def pair(self, interaction: discord.Interaction, event: str | None = None) -> None:
        paired = await self.events.next_round(call_of(interaction), event)
        await defer(interaction, ephemeral=False)
        lang = await lang_of(interaction)
        threads = await open_tables(interaction.channel, lang, paired.shown, paired.round)
        if threads:
            await self.events.tables_opened(paired.shown.id, paired.round.number, threads)
        await send(interaction, render.pairings(lang, paired.shown, paired.round, threads))

    @app_commands.command(name="result", description="Enter a table's result (organiser)")
    @app_commands.rename(
        vp_first="vp-first",
        vp_second="vp-second",
        dice_first="dice-first",
        dice_second="dice-second",
    )
    @app_commands.describe(
        table="The table's number",
        winner="Who won (left out: a draw)",
        vp_first="Victory points of the table's first player",
        vp_second="Victory points of the second",
        dice_first="Enemy order dice the first destroyed",
        dice_second="Enemy order dice the second destroyed",
        event=EVENT,
    )
    @app_commands.autocomplete(event=event_autocomplete)
    async def result(
        self,
        interaction: discord.Interaction,
        table: app_commands.Range[int, 1, 100],
        winner: discord.Member | None = None,
        vp_first: app_commands.Range[int, 0, 999] = 0,
        vp_second: app_commands.Range[int, 0, 999] = 0,
        dice_first: app_commands.Range[int, 0, 99] = 0,
        dice_second: app_commands.Range[int, 0, 99] = 0,
        event: str | None = None,
    ) -> None:
        shown, done = await self.events.enter_result(
            call_of(interaction),
            event,
            table,
            winner.id if winner else None,
            (vp_first, vp_second),
            (dice_first, dice_second),
        )
        a, b = done.players
        key = "tournament.result_draw" if winner is None else "tournament.result_win"
        await self._said(
            interaction,
            key,
            table=table,
            a=a,
            b=b,
            vp_a=vp_first,
            vp_b=vp_second,
            winner=winner.id if winner else 0,
        )

    @app_commands.command(name="finish", description="End the event: final standings (organiser)")
    @app_commands.describe(event=EVENT)
    @app_commands.autocomplete(event=event_autocomplete)
    async def finish(self, interaction: discord.Interaction, event: str | None = None) -> None:
        done = await self.events.finish(call_of(interaction), event)
        lang = await lang_of(interaction)
        lines = [
            t(lang, "tournament.finished_now", name=plain(done.shown.name)),
            render.standings(lang, done.shown, done.ranked, limit=1200),
            render.factions(lang, done.factions, limit=600),
        ]
        await send(interaction, "\n".join(lines))

    async def _said(self, interaction: discord.Interaction, key: str, **values: object) -> None:
        await send(interaction, t(await lang_of(interaction), key, **values))
