"""Text and embeds of `/campaign` replies, in the caller's language."""

from __future__ import annotations

from datetime import datetime

import discord

from cogs.campaign.chart import CHART_ROWS
from cogs.common.text import plain
from locales import Lang, t
from services.campaign import BattleRecord, CampaignRecord, Snapshot, StandingRow

COLOUR = discord.Colour.dark_teal()
TABLE_ROWS = 40  # rows of the embed table; the image has more (`chart.CHART_ROWS`)
PAGE_SIZE = 5  # battles per history page


def faction(lang: Lang, slug: str | None) -> str:
    return t(lang, f"campaign.faction.{slug}") if slug else "—"


def day(moment: datetime | None) -> str:
    return moment.date().isoformat() if moment else "—"


def who(names: dict[int, str], user_id: int | None) -> str:
    if user_id is None:
        return "—"
    return plain(names[user_id]) if user_id in names else f"<@{user_id}>"


def points_line(lang: Lang, campaign: CampaignRecord) -> str:
    return t(
        lang,
        "campaign.points_scheme",
        win=campaign.points_win,
        draw=campaign.points_draw,
        loss=campaign.points_loss,
    )


def overview(lang: Lang, snapshot: Snapshot) -> discord.Embed:
    c = snapshot.campaign
    embed = discord.Embed(title=plain(c.name), description=plain(c.description), colour=COLOUR)
    status = "campaign.status_archived" if c.status == "archived" else "campaign.status_open"
    state = t(lang, status)
    if snapshot.current:
        state += " · " + t(lang, "campaign.is_current")
    embed.add_field(name=t(lang, "campaign.status"), value=state, inline=False)
    embed.add_field(name=t(lang, "campaign.points"), value=points_line(lang, c), inline=False)
    players = [
        f"{plain(m.name)} — {faction(lang, m.faction)}, {plain(m.army)}" for m in snapshot.players
    ]
    organisers = [plain(m.name) for m in snapshot.members if m.organiser]
    embed.add_field(
        name=t(lang, "campaign.players", count=len(players)),
        value=cap("\n".join(players) or t(lang, "campaign.no_players")),
        inline=False,
    )
    embed.add_field(name=t(lang, "campaign.organisers"), value=cap(", ".join(organisers) or "—"))
    counted = str(len(snapshot.live))
    if snapshot.pending:
        counted = t(lang, "campaign.battles_pending", count=counted, pending=len(snapshot.pending))
    embed.add_field(name=t(lang, "campaign.battles"), value=counted)
    return embed


def cap(text: str, limit: int = 1024) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- standings ------------------------------------------------------------------------------


def _cell(text: str, width: int) -> str:
    text = text.replace("`", "'")
    return text if len(text) <= width else text[: width - 1] + "…"


def standings_cells(lang: Lang, row: StandingRow) -> list[str]:
    """One row of the table as text cells (used by the embed and the image)."""
    line = row.line
    return [
        str(row.rank),
        row.member.name,
        faction(lang, row.member.faction),
        row.member.army or "—",
        str(line.played),
        f"{line.wins}-{line.draws}-{line.losses}",
        str(line.points),
        f"{line.vp_diff:+d}",
    ]


def standings_header(lang: Lang) -> list[str]:
    keys = ("rank", "player", "faction", "army", "played", "wdl", "points", "vp_diff")
    return [t(lang, f"campaign.col.{key}") for key in keys]


_WIDTHS = (3, 14, 0, 12, 2, 8, 3, 4)  # faction (0) is left to the image


def _table_line(cells: list[str]) -> str:
    parts = []
    for index, (cell, width) in enumerate(zip(cells, _WIDTHS, strict=True)):
        if width == 0:
            continue
        text = _cell(cell, width)
        parts.append(text.ljust(width) if index in (1, 3) else text.rjust(width))
    return " ".join(parts).rstrip()


def standings(lang: Lang, snapshot: Snapshot, rows: list[StandingRow]) -> discord.Embed:
    c = snapshot.campaign
    embed = discord.Embed(title=t(lang, "campaign.standings_title", campaign=plain(c.name)))
    embed.colour = COLOUR
    if not rows:
        embed.description = t(lang, "campaign.no_players")
        return embed
    lines = [_table_line(standings_header(lang))]
    lines += [_table_line(standings_cells(lang, row)) for row in rows[:TABLE_ROWS]]
    embed.description = "```\n" + "\n".join(lines) + "\n```"
    if len(rows) > CHART_ROWS:  # the image too shows only the top of the table
        more = len(rows) - TABLE_ROWS
        embed.description += t(lang, "campaign.more_in_export", count=more, shown=CHART_ROWS)
    elif len(rows) > TABLE_ROWS:
        embed.description += t(lang, "campaign.more_in_image", count=len(rows) - TABLE_ROWS)
    if snapshot.pending:  # listed in the history, not counted here
        embed.description += t(lang, "campaign.pending_not_counted", count=len(snapshot.pending))
    footer = points_line(lang, c) + " · " + t(lang, "campaign.tie_breaks")
    if c.status == "archived":
        footer = t(lang, "campaign.status_archived") + " · " + footer
    embed.set_footer(text=footer)
    embed.set_image(url="attachment://standings.png")
    return embed


# --- battles --------------------------------------------------------------------------------


def result_line(lang: Lang, battle: BattleRecord, names: dict[int, str]) -> str:
    a, b = battle.sides
    if battle.winner_id is None:
        text = t(lang, "campaign.drew", a=who(names, a.user_id), b=who(names, b.user_id))
    else:
        a, b = (a, b) if battle.winner_id == a.user_id else (b, a)
        text = t(lang, "campaign.beat", winner=who(names, a.user_id), loser=who(names, b.user_id))
    if a.vp is not None or b.vp is not None:  # in the order the sentence names the players
        text += " · " + t(lang, "campaign.vp", a=_num(a.vp), b=_num(b.vp))
    return text


def _num(value: int | None) -> str:
    return "—" if value is None else str(value)


def battle_details(lang: Lang, battle: BattleRecord, names: dict[int, str]) -> str:
    a, b = battle.sides
    lines = [result_line(lang, battle, names)]
    for side in (a, b):
        army = f"{faction(lang, side.faction)}, {plain(side.army) or '—'}"
        lines.append(f"• {who(names, side.user_id)}: {army}")
    if battle.scenario:
        lines.append(t(lang, "campaign.scenario", scenario=plain(battle.scenario)))
    if battle.source == "game":
        lines.append(_game_line(lang, battle))
    if battle.notes:
        lines.append(t(lang, "campaign.notes", notes=plain(battle.notes)))
    if battle.status in ("corrected", "deleted"):
        key = f"campaign.marked_{battle.status}"
        lines.append(t(lang, key, who=who(names, battle.changed_by), when=day(battle.changed_at)))
    if battle.pending:
        waiting = ", ".join(who(names, user_id) for user_id in battle.awaiting)
        lines.append(t(lang, "campaign.marked_pending", who=waiting))
    return "\n".join(lines)


def _game_line(lang: Lang, battle: BattleRecord) -> str:
    a, b = battle.sides
    text = t(lang, "campaign.from_game", turns=_num(battle.turns))
    if a.casualties is not None or b.casualties is not None:
        text += " · " + t(lang, "campaign.casualties", a=_num(a.casualties), b=_num(b.casualties))
    if battle.channel_link:
        text += f" · {battle.channel_link}"
    return text


def battle_title(lang: Lang, battle: BattleRecord) -> str:
    title = t(lang, "campaign.battle_title", number=battle.seq, date=day(battle.played_at))
    if battle.status == "deleted":
        title = f"~~{title}~~ " + t(lang, "campaign.deleted_tag")
    elif battle.pending:
        title = f"{title} · ⏳ " + t(lang, "campaign.pending_tag")
    return title


def recorded(
    lang: Lang, key: str, battle: BattleRecord, names: dict[int, str], campaign: CampaignRecord
) -> discord.Embed:
    """A battle just recorded, corrected or deleted (`key` says which)."""
    return discord.Embed(
        title=t(lang, key, number=battle.seq, campaign=plain(campaign.name)),
        description=battle_details(lang, battle, names),
        colour=COLOUR,
    )


def history_pages(
    lang: Lang, snapshot: Snapshot, player: str | None, battles: list[BattleRecord]
) -> list[discord.Embed]:
    title = t(lang, "campaign.history_title", campaign=plain(snapshot.campaign.name))
    if player:
        title = t(
            lang,
            "campaign.history_player_title",
            campaign=plain(snapshot.campaign.name),
            player=plain(player),
        )
    chunks = [battles[i : i + PAGE_SIZE] for i in range(0, len(battles), PAGE_SIZE)] or [[]]
    pages = []
    for number, chunk in enumerate(chunks, start=1):
        embed = discord.Embed(title=title, colour=COLOUR)
        if not chunk:
            embed.description = t(lang, "campaign.no_battles")
        for battle in chunk:
            embed.add_field(
                name=battle_title(lang, battle),
                value=cap(battle_details(lang, battle, snapshot.names)),
                inline=False,
            )
        embed.set_footer(text=t(lang, "campaign.page", page=number, pages=len(chunks)))
        pages.append(embed)
    return pages
