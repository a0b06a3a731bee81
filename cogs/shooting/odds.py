"""`/odds`: the exact chances of a shot before its dice, a chart, and 🎲 Roll it (issue 19).

The same options as `/shoot` but ``force`` (nothing is written) and with ``compare`` (a
second weapon, mode or ammo on the same chart); ``extras`` takes `co:8` too. The odds are
computed first, so a refusal is the usual ephemeral message; the chart is then drawn off the
event loop after a deferral. 🎲 Roll it fires the shot through `/shoot` (``fire``): its
custom id is a checksum of the footer that spells the `/shoot` out (``render_odds``).
Without tracked units `/odds` needs no server: it answers in a DM too.
"""

from __future__ import annotations

import io
import re

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.answering import defer
from cogs.common.bot import ServicedBot, app_services
from cogs.common.charts import rendered
from cogs.common.errors import answers_errors
from cogs.common.installs import everywhere
from cogs.common.replies import lang_of, send
from cogs.game.options import call_of
from cogs.shooting import render_odds
from cogs.shooting.fire import fire
from cogs.shooting.odds_chart import Series, Words, odds_png
from cogs.shooting.shoot import DESCRIPTIONS as SHOOT_DESCRIPTIONS
from cogs.shooting.shoot import shot_options, shot_parameters
from locales import Lang, t
from services.shooting import OddsRecord, ShotOptions

DESCRIPTIONS = {k: v for k, v in SHOOT_DESCRIPTIONS.items() if k != "force"}
DESCRIPTIONS["target"] = "The target unit of this game (default: the shooter's last target)"
DESCRIPTIONS["extras"] = (
    "More: large, blur:2, sensor, res+1, blind, co:8 (an untracked target's Co)"
)
DESCRIPTIONS["compare"] = "A second weapon, mode or ammo on the same chart: net, standard, scatter"


def chart_words(lang: Lang, record: OddsRecord) -> tuple[Words, list[Series]]:
    """The chart's text: the units' names as typed (the chart draws them literally)."""
    names = " / ".join(render_odds.line_label(lang, line) for line in record.lines)
    target = record.target.name if record.target is not None else t(lang, "shoot.untracked")
    words = Words(
        title=t(lang, "odds.chart_title", weapon=names, target=target),
        hits=t(lang, "odds.col_hits"),
        casualties=t(lang, "odds.col_casualties"),
        pins=t(lang, "odds.col_pins"),
        chance=t(lang, "odds.chance_axis"),
    )
    series = [
        Series(
            render_odds.line_label(lang, line),
            [float(p) for p in line.odds.hits],
            [float(p) for p in line.odds.casualties],
            [float(p) for p in line.odds.pins],
        )
        for line in record.lines
    ]
    return words, series


async def answer(interaction: discord.Interaction, options: ShotOptions, compare: str | None):
    record = await app_services(interaction).shooting.odds(call_of(interaction), options, compare)
    lang = await lang_of(interaction)
    embed = discord.Embed(
        title=render_odds.title(lang, record)[:256],
        description="\n".join(render_odds.odds_lines(lang, record))[:4096],
    )
    view = discord.ui.View(timeout=None)
    footers = [render_odds.footer(lang, line.spec) for line in record.lines]
    shown = [footer for footer in footers if footer is not None]
    if len(shown) == len(footers):  # every line can be rolled
        text = "\n".join(shown)
        embed.set_footer(text=text)
        for n, line in enumerate(record.lines):
            label = t(lang, "odds.roll")
            if len(record.lines) > 1:  # one button per line of the comparison
                label = f"{label}: {render_odds.line_label(lang, line)}"
            view.add_item(RollIt(roll_id(text, n), label[:80]))
    await defer(interaction, ephemeral=False)
    png = await rendered(interaction, odds_png, *chart_words(lang, record))
    embed.set_image(url="attachment://odds.png")
    image = discord.File(io.BytesIO(png), filename="odds.png")
    await send(interaction, embed=embed, file=image, view=view)


def roll_id(footer: str, line: int) -> str:
    """The custom id of a line's Roll it: the footer's checksum, and which of its lines."""
    where = f":{line}" if line else ""
    return f"antares:odds:roll:{render_odds.checksum(footer)}{where}"


class RollIt(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"antares:odds:roll:(?P<sum>[0-9a-f]{8})(?::(?P<line>[1-9]))?",
):
    """The shot of a line of the message's footer, through `/shoot` (the same rules and
    refusals): the first line's button is the first shot, a comparison's second the other."""

    def __init__(self, custom_id: str, label: str = "Roll it") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, emoji="🎲", style=discord.ButtonStyle.primary, custom_id=custom_id
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        match = re.fullmatch(self.__discord_ui_compiled_template__, self.custom_id)
        assert match is not None
        message = interaction.message
        embeds = message.embeds if message is not None else []
        text = (embeds[0].footer.text if embeds and embeds[0].footer else None) or ""
        lines = text.split("\n")
        line = int(match["line"] or 0)
        spec = render_odds.read_footer(lines[line]) if line < len(lines) else None
        if spec is None or render_odds.checksum(text) != match["sum"]:
            lang = await lang_of(interaction)
            await send(interaction, t(lang, "odds.roll_unreadable"), ephemeral=True)
            return
        await fire(interaction, ShotOptions(**spec))


class OddsCog(commands.Cog):
    def __init__(self, bot: ServicedBot) -> None:
        self.bot = bot

    @everywhere()
    @app_commands.command(
        name="odds", description="Exact chances of a shot before rolling: hits, casualties, chart"
    )
    @shot_parameters(DESCRIPTIONS)
    async def odds(
        self,
        interaction: discord.Interaction,
        weapon: str | None = None,
        models: app_commands.Range[int, 1, 100] | None = None,
        mode: str | None = None,
        shooter: str | None = None,
        target: str | None = None,
        acc: app_commands.Range[int, 1, 20] | None = None,
        res: app_commands.Range[int, 1, 20] | None = None,
        distance: app_commands.Range[float, 0, 1000] | None = None,
        band: str | None = None,
        order: str | None = None,
        cover: str | None = None,
        target_state: str | None = None,
        modifier: app_commands.Range[int, -10, 10] = 0,
        targeters: app_commands.Range[int, 0, 10] = 0,
        spotter: bool | None = None,
        res_rerolls: str | None = None,
        ammo: str | None = None,
        armour: str | None = None,
        target_kind: str | None = None,
        shield_drones: app_commands.Range[int, 0, 10] | None = None,
        compare: str | None = None,
        pins: app_commands.Range[int, 0, 50] | None = None,
        target_models: app_commands.Range[int, 1, 100] | None = None,
        extras: str | None = None,
        arcs: app_commands.Range[int, 0, 5] = 0,
    ) -> None:
        await answer(interaction, shot_options(locals(), leave=("compare",)), compare)
