"""`/game dice`: per player, the D10 faces of their tests, the fairness check in words, and
their hits and saves against expectation (issue 19)."""

from __future__ import annotations

import discord

from cogs.common.fairness import faces_line, luck_line, verdict_line
from cogs.common.text import plain
from core.common.campaign_stats import ROLL_KINDS
from locales import Lang, t
from services.game import DiceReport, PlayerDice


def luck_lines(lang: Lang, player: PlayerDice) -> list[str]:
    return [
        luck_line(lang, kind, luck)
        for kind in ROLL_KINDS
        if (luck := player.luck.get(kind)) is not None and luck.rolls
    ]


def dice_embed(lang: Lang, report: DiceReport) -> discord.Embed:
    embed = discord.Embed(title=t(lang, "fairness.title", game=plain(report.name))[:256])
    rolled = [p for p in report.players if p.check.total]
    if not rolled:
        embed.description = t(lang, "fairness.none")
    for player in rolled:
        lines = [faces_line(lang, player.check), verdict_line(lang, player.check)]
        lines += luck_lines(lang, player)
        embed.add_field(
            name="\u200b", value=f"<@{player.user_id}>\n" + "\n".join(lines)[:1000], inline=False
        )
    embed.set_footer(text=t(lang, "fairness.footer"))
    return embed
