"""`/game`: start, status, end, leave, kick, undo, log, dice, export, rules, ping of the
channel's game."""

from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.campaign import consent
from cogs.campaign.options import campaign_autocomplete
from cogs.common import settings_words
from cogs.common.actors import channel_of
from cogs.common.answering import defer
from cogs.common.bot import ServicedBot, app_services, bot_of
from cogs.common.pager import Page, PageAt, Pager, page_source
from cogs.common.replies import lang_of, send, upload_limit
from cogs.common.throttle import EXPENSIVE
from cogs.game import board as live_board
from cogs.game import render
from cogs.game import vp as victory_points
from cogs.game import web as web_page
from cogs.game.options import (
    ACTIVATION_CHOICES,
    SYSTEM_CHOICES,
    call_of,
    setting_autocomplete,
    setting_value_autocomplete,
)
from cogs.game.render.board import status_layout
from cogs.game.render.dice import dice_embed
from cogs.game.render.report import report_markdown
from cogs.game.undo import answer_undo
from cogs.pace import clocks, club, threads
from cogs.pace import game_commands as pace
from locales import Lang, t
from services.game import LOG_MAX, UNDO_MAX, GameLog

# /game clock set timeout: what the table decided for a side out of time (issue 33)
TIMEOUT_CHOICES = [
    app_commands.Choice(name=locale_str("Warn only (default)", key="timeout_warn"), value="warn"),
    app_commands.Choice(name=locale_str("End the game", key="timeout_end"), value="end"),
]


@page_source("game status")
async def status_pages(interaction: discord.Interaction, lang: Lang) -> PageAt:
    """Each page made when shown, from the game as it is then, laid out as the live board
    is: no pager holds it, its ◀ ▶ make the page they lead to from the database."""
    games, channel_id = app_services(interaction).games, channel_of(interaction)

    async def page_at(index: int) -> Page:
        view = await games.status(channel_id)
        # who the game waits for, who is away, turn times (issue 33): every page is cut as
        # the first is, so each reads them
        lines = await pace.status_pace(interaction, lang, view.game_id)
        return Page(*status_layout(lang, view, index, lines))

    return page_at


def log_pages(lang: Lang, log: GameLog) -> PageAt:
    """The log's pages, each made when shown from its lines (text, small to hold)."""
    title, texts = render.log_texts(lang, log)

    async def page_at(index: int) -> Page:
        index = max(0, min(index, len(texts) - 1))
        return Page(render.log_page(lang, title, texts, index), len(texts))

    return page_at


@app_commands.guild_only()
class GameCog(
    commands.GroupCog,
    group_name="game",
    group_description="The game at this table",
):
    # a chess clock per side (issue 33): set, paused and resumed by the host or a GM
    clock = app_commands.Group(name="clock", description="A chess clock per side (host or GM)")

    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start", description="Open a game in this channel; you host it")
    @app_commands.describe(
        name="The game's name (64 characters at most; default: the channel's)",
        campaign="Record this game's battle in a campaign when it ends",
        activations="Strict: the bot runs the bag and shots need an activation; free: your own bag",
        system="The game system: Antares (default), the hex wargame or Epic",
        thread="Play it in a thread of its own: the channel keeps one line per game",
    )
    @app_commands.choices(activations=ACTIVATION_CHOICES, system=SYSTEM_CHOICES)
    @app_commands.autocomplete(campaign=campaign_autocomplete)
    async def start(
        self,
        interaction: discord.Interaction,
        name: str | None = None,
        campaign: str | None = None,
        activations: str | None = None,
        system: str | None = None,
        thread: bool = False,
    ) -> None:
        channel_name = getattr(interaction.channel, "name", None) or "Antares"
        if thread:  # issue 33: the game lives in a thread, archived when it ends
            await threads.start(interaction, name or channel_name, campaign, activations, system)
            return
        game_id, state, linked = await app_services(interaction).campaign_games.start(
            call_of(interaction),
            name if name is not None else channel_name,
            campaign,
            activations,
            system,
        )
        lang = await lang_of(interaction)
        text = render.started(lang, state, linked)
        night = await club.link_tonight(interaction, game_id, lang)  # a club night (issue 33)
        await send(interaction, f"{text}\n{night}" if night else text)

    @app_commands.command(
        name="status", description="Turn, the bag and every unit of this channel's game"
    )
    async def status(self, interaction: discord.Interaction) -> None:
        pages = await status_pages(interaction, await lang_of(interaction))
        await Pager(pages).start(interaction)

    @app_commands.command(
        name="end", description="Close the game (host or GM; Manage Channels once idle)"
    )
    @app_commands.describe(
        winner="Who won",
        notes="A few words on how it went",
        vp="Victory points, one per player in the order /game status lists them, e.g. 7-3",
        scenario="The scenario played",
    )
    async def end(
        self,
        interaction: discord.Interaction,
        winner: discord.Member | None = None,
        notes: str | None = None,
        vp: str | None = None,
        scenario: str | None = None,
    ) -> None:
        ended = await app_services(interaction).campaign_games.end(
            call_of(interaction), winner.id if winner else None, notes, vp=vp, scenario=scenario
        )
        lang = await lang_of(interaction)
        text = render.closed(lang, ended.closed, ended.battle, by=interaction.user.id)
        battle = ended.battle
        if battle is None or not battle.battle.pending:
            await send(interaction, text)
        else:
            posted = await send(  # the players who did not record it are asked (and notified)
                interaction,
                f"{text}\n{consent.request(lang, battle.battle)}",
                view=consent.consent_view(lang, battle),
                allowed_mentions=consent.asking(battle.battle),
            )
            if posted is not None:  # the game's reminders remind them (issue 33)
                await app_services(interaction).pace.ask_battle(
                    battle,
                    guild_id=interaction.guild_id,
                    channel_id=interaction.channel_id or 0,
                    message_id=posted,
                    lang=lang,
                )
        await threads.ended(interaction)  # a game in a thread of its own: archived

    @app_commands.command(
        name="vp", description="Victory points during the game: /game end records them"
    )
    @app_commands.describe(
        score="Every player's points, in the order /game status lists them, e.g. 7-3",
        player="One player whose points change (with add)",
        add="Points added to that player's (negative: taken off)",
    )
    async def vp(
        self,
        interaction: discord.Interaction,
        score: str | None = None,
        player: discord.Member | None = None,
        add: app_commands.Range[int, -99, 99] | None = None,
    ) -> None:
        await victory_points.answer(interaction, score, player, add)

    @app_commands.command(name="leave", description="Leave this game: your units go with you")
    async def leave(self, interaction: discord.Interaction) -> None:
        removed = await app_services(interaction).games.leave(call_of(interaction))
        lang = await lang_of(interaction)
        await send(interaction, render.player_removed(lang, removed, interaction.user.id))

    @app_commands.command(
        name="kick", description="Take a player out of this game, with their units (host or GM)"
    )
    @app_commands.describe(player="The player to take out (their units go too)")
    async def kick(self, interaction: discord.Interaction, player: discord.Member) -> None:
        removed = await app_services(interaction).games.kick(call_of(interaction), player.id)
        lang = await lang_of(interaction)
        await send(interaction, render.player_removed(lang, removed, interaction.user.id))

    @app_commands.command(name="undo", description="Undo the last changes of the game (1 to 20)")
    @app_commands.describe(steps="How many changes to undo (default 1)")
    async def undo(
        self,
        interaction: discord.Interaction,
        steps: app_commands.Range[int, 1, UNDO_MAX] = 1,
    ) -> None:
        result = await app_services(interaction).games.undo(call_of(interaction), steps)
        await answer_undo(interaction, result)

    @app_commands.command(name="log", description="The last changes: who did what, every die")
    @app_commands.describe(last="How many changes to show (1 to 50, default 10)")
    async def log(
        self,
        interaction: discord.Interaction,
        last: app_commands.Range[int, 1, LOG_MAX] = 10,
    ) -> None:
        log = await app_services(interaction).games.log(channel_of(interaction), last)
        await Pager(log_pages(await lang_of(interaction), log)).start(interaction)

    @app_commands.command(
        name="dice", description="Each player's D10 faces in this game: were the dice fair?"
    )
    async def dice(self, interaction: discord.Interaction) -> None:
        report = await app_services(interaction).games.dice_faces(channel_of(interaction))
        lang = await lang_of(interaction)
        await send(interaction, embed=dice_embed(lang, report))

    @app_commands.command(
        name="export",
        description="The whole game (state and log) as a JSON file",
        extras=EXPENSIVE,
    )
    async def export(self, interaction: discord.Interaction) -> None:
        # Grows with the game (bench/slow_commands.py): "thinking…" at once, the file after.
        await defer(interaction, ephemeral=True)
        games = app_services(interaction).games
        filename, blob = await games.export(channel_of(interaction), upload_limit(interaction))
        view = await games.status(channel_of(interaction))
        lang = await lang_of(interaction)
        text = t(lang, "game.export_ready", name=render.plain(view.state.name))
        if filename.endswith(".gz"):
            text += "\n" + t(lang, "game.export_compressed")
        await send(
            interaction,
            text,
            file=discord.File(io.BytesIO(blob), filename=filename),
            ephemeral=True,
        )

    @app_commands.command(
        name="report",
        description="This channel's game as a battle report in Markdown, for a club website",
        extras=EXPENSIVE,
    )
    async def report(self, interaction: discord.Interaction) -> None:
        # Read from the whole log (off the loop): "thinking…" at once, the file after.
        await defer(interaction, ephemeral=True)
        report = await app_services(interaction).reports.of_channel(channel_of(interaction))
        lang = await lang_of(interaction)
        names = bot_of(interaction.client).display_names
        text = report_markdown(lang, report, lambda user: names(report.guild_id, user))
        await send(
            interaction,
            t(lang, "report.ready", name=render.plain(report.state.name)),
            file=discord.File(
                io.BytesIO(text.encode()), filename=f"antares-report-{report.game_id}.md"
            ),
            ephemeral=True,
        )

    @app_commands.command(
        name="rules", description="This game's ruleset settings; host or GM may change one"
    )
    @app_commands.describe(
        setting="The setting to change (leave empty to list them all)",
        value="Its new value (on/off, a number, or default)",
    )
    @app_commands.autocomplete(setting=setting_autocomplete, value=setting_value_autocomplete)
    async def rules(
        self,
        interaction: discord.Interaction,
        setting: str | None = None,
        value: str | None = None,
    ) -> None:
        games = app_services(interaction).games
        lang = await lang_of(interaction)
        if setting is not None:  # a label typed without the list reads as its key
            setting = settings_words.key_of(setting)
        if setting is not None and value is not None:
            value = settings_words.value_of(setting, value)
            change = await games.set_rule(call_of(interaction), setting, value)
            await send(interaction, render.rule_changed(lang, "game.rule_changed", change))
            return
        view = await games.rules(channel_of(interaction))
        settings = [s for s in view.settings if setting is None or s.key == setting.strip()]
        if not settings:
            settings = view.settings
        pages = render.rules_pages(
            lang, t(lang, "game.rules_title", name=render.plain(view.name)), settings
        )
        await Pager(pages).start(interaction, ephemeral=True)

    @app_commands.command(
        name="board",
        description="A status message of the game that the bot keeps up to date (and pins)",
    )
    @app_commands.describe(on="Yes: post the board and keep it up to date; no: stop")
    async def board(self, interaction: discord.Interaction, on: bool) -> None:
        await live_board.switch(interaction, on)

    @app_commands.command(
        name="web", description="A link to this game's live web page, for you alone to share"
    )
    @app_commands.describe(
        revoke="Yes: refuse every link given before and answer a new one (host or GM)"
    )
    async def web(self, interaction: discord.Interaction, revoke: bool = False) -> None:
        await web_page.answer(interaction, revoke)

    @app_commands.command(
        name="remind", description="Remind whoever the game waits for, after a delay (host or GM)"
    )
    @app_commands.describe(
        after="First reminder this long after a wait began, e.g. 12h or 1d (off: no reminders)",
        then="The second reminder, then word to the host, this long apart (default: twice after)",
    )
    async def remind(
        self, interaction: discord.Interaction, after: str, then: str | None = None
    ) -> None:
        await pace.remind(interaction, after, then)

    @app_commands.command(
        name="ping", description="Mention (notify) the owner of a drawn die; host or GM"
    )
    @app_commands.describe(on="Yes: the draw reply notifies the die's owner; no: nobody")
    async def ping(self, interaction: discord.Interaction, on: bool) -> None:
        await app_services(interaction).games.set_mention(call_of(interaction), on)
        key = "game.ping_on" if on else "game.ping_off"
        await send(interaction, t(await lang_of(interaction), key))

    @clock.command(
        name="set",
        description="Minutes per side: each side's time runs while the game waits for it",
    )
    @app_commands.describe(
        minutes="Minutes per side (1 to 600), from now",
        timeout="When a side runs out: warn only, or end the game",
    )
    @app_commands.choices(timeout=TIMEOUT_CHOICES)
    async def clock_set(
        self,
        interaction: discord.Interaction,
        minutes: app_commands.Range[int, 1, 600],
        timeout: str = "warn",
    ) -> None:
        await clocks.set_clock(interaction, minutes, timeout)

    @clock.command(name="pause", description="Stop every side's time (host or GM)")
    async def clock_pause(self, interaction: discord.Interaction) -> None:
        await clocks.pause(interaction, True)

    @clock.command(name="resume", description="Let the time run again (host or GM)")
    async def clock_resume(self, interaction: discord.Interaction) -> None:
        await clocks.pause(interaction, False)

    @clock.command(name="off", description="No clock for this game (host or GM)")
    async def clock_off(self, interaction: discord.Interaction) -> None:
        await clocks.clock_off(interaction)

    @app_commands.command(
        name="dice-down",
        description="A round timer: warnings 15 and 5 minutes before, then dice down (host or GM)",
    )
    @app_commands.describe(
        at="A time (21:30, at your /me quiet UTC offset), a duration (90m), or off"
    )
    async def dice_down(self, interaction: discord.Interaction, at: str) -> None:
        await clocks.dice_down(interaction, at)
