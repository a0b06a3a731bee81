"""The faction league's embed, in the caller's language: a table in a code block (like the
campaign standings), what was counted, and the chart's inputs.

At most nine factions (`core.common.campaign.FACTIONS`): the table always fits an embed."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import discord

from cogs.campaign.render import COLOUR, faction
from cogs.common.text import plain
from core.common.league import FactionLine
from locales import Lang, t
from services.league import LeagueReport

IMAGE = "league.png"
_WIDTHS = (13, 3, 8, 4, 9, 4)  # faction, battles, W-D-L, win %, VP for-against, VP average
_LEFT = (0,)  # the faction's name is read from the left


def percent(score: Fraction | None) -> str:
    """Whole per cent, a half rounded up (37.5 % is 38 %); "—" without a battle."""
    if score is None:
        return "—"
    return f"{int(score * 100 + Fraction(1, 2))}%"


def cells(lang: Lang, line: FactionLine) -> list[str]:
    average = line.vp_average
    return [
        faction(lang, line.faction),
        str(line.battles),
        f"{line.wins}-{line.draws}-{line.losses}",
        percent(line.score),
        f"{line.vp_for}-{line.vp_against}" if line.vp_battles else "—",
        f"{float(average):.1f}" if average is not None else "—",
    ]


def header(lang: Lang) -> list[str]:
    keys = ("faction", "battles", "wdl", "win", "vp", "vp_average")
    return [t(lang, f"league.col.{key}") for key in keys]


def _row(texts: list[str]) -> str:
    parts = []
    for index, (text, width) in enumerate(zip(texts, _WIDTHS, strict=True)):
        text = text if len(text) <= width else text[: width - 1] + "…"
        parts.append(text.ljust(width) if index in _LEFT else text.rjust(width))
    return " ".join(parts).rstrip()


def scope(lang: Lang, report: LeagueReport) -> str:
    if report.campaign is not None:
        return plain(report.campaign.name)
    return t(lang, "league.every_campaign")


def title(lang: Lang, report: LeagueReport) -> str:
    return t(lang, "league.title", scope=scope(lang, report))


def counted_line(lang: Lang, report: LeagueReport) -> str:
    """What the table counts: the period, the campaigns, the battles."""
    league = report.league
    period = (
        t(lang, "league.since", day=report.since.isoformat(), months=report.months)
        if report.since is not None
        else t(lang, "league.every_battle")
    )
    counted = t(lang, "league.counted", battles=league.counted, campaigns=len(league.sources))
    return f"{period} · {counted}"


def _notes(lang: Lang, report: LeagueReport) -> list[str]:
    league = report.league
    notes = []
    mirrors = [line for line in league.table if line.mirrors]
    if mirrors:
        each = ", ".join(f"{faction(lang, m.faction)} {m.mirrors}" for m in mirrors)
        notes.append(t(lang, "league.mirrors", factions=each))
    if league.unknown:
        notes.append(t(lang, "league.unknown", count=league.unknown))
    if report.capped_at is not None:
        notes.append(t(lang, "league.capped", limit=report.capped_at))
    return notes


def table(lang: Lang, report: LeagueReport) -> discord.Embed:
    lines = [_row(header(lang))] + [_row(cells(lang, line)) for line in report.league.table]
    description = [counted_line(lang, report), "```\n" + "\n".join(lines) + "\n```"]
    embed = discord.Embed(title=title(lang, report), colour=COLOUR)
    embed.description = "\n".join(description + _notes(lang, report))
    embed.set_footer(text=t(lang, "league.footer"))
    embed.set_image(url=f"attachment://{IMAGE}")
    return embed


@dataclass(frozen=True, slots=True)
class ChartLine:
    """One faction on the chart: its name, its slug (its colour), its points a month."""

    name: str
    slug: str
    rates: tuple[float | None, ...]  # win rate up to the end of each month
    battles: tuple[int, ...]  # battles each month


@dataclass(frozen=True, slots=True)
class ChartText:
    title: str
    subtitle: str
    rate_axis: str
    battles_axis: str


def chart_lines(lang: Lang, report: LeagueReport) -> list[ChartLine]:
    found = []
    for line in report.league.table:
        points = report.league.series[line.faction]
        found.append(
            ChartLine(
                faction(lang, line.faction),
                line.faction,
                tuple(p.win_rate for p in points),
                tuple(p.battles for p in points),
            )
        )
    return found


def chart_text(lang: Lang, report: LeagueReport) -> ChartText:
    return ChartText(
        title=t(lang, "league.chart_title", scope=_raw_scope(lang, report)),
        subtitle=counted_line(lang, report),
        rate_axis=t(lang, "league.chart_rate"),
        battles_axis=t(lang, "league.chart_battles"),
    )


def _raw_scope(lang: Lang, report: LeagueReport) -> str:
    """The campaign's name as typed: the image shows no markdown."""
    if report.campaign is not None:
        return report.campaign.name
    return t(lang, "league.every_campaign")


def months(report: LeagueReport) -> list[str]:
    return [month.strftime("%Y-%m") for month in report.league.months]
