"""The `/campaign stats` embed: a player's line, and what the game logs counted."""

from __future__ import annotations

import discord

from cogs.campaign.render import COLOUR, cap, faction
from cogs.common.durations import duration
from cogs.common.fairness import faces_line, luck_line, luck_values, verdict_line
from cogs.common.text import plain
from core.antares.odds.fairness import check_faces
from core.common.campaign_stats import (
    PlayerGameStats,
    by_kind,
    favourite_weapons,
    luck_extremes,
)
from locales import Lang, catalog, t
from services.campaign import PlayerReport


def stats(lang: Lang, report: PlayerReport) -> discord.Embed:
    m, line = report.member, report.line
    embed = discord.Embed(
        title=t(
            lang,
            "campaign.stats_title",
            player=plain(m.name),
            campaign=plain(report.snapshot.campaign.name),
        ),
        description=f"{faction(lang, m.faction)}, {plain(m.army) or '—'}",
        colour=COLOUR,
    )
    embed.add_field(name=t(lang, "campaign.rank"), value=str(report.rank or "—"))
    embed.add_field(name=t(lang, "campaign.games"), value=str(line.played))
    embed.add_field(name=t(lang, "campaign.points"), value=str(line.points))
    embed.add_field(
        name=t(lang, "campaign.record_wdl"),
        value=t(lang, "campaign.wdl", wins=line.wins, draws=line.draws, losses=line.losses),
    )
    embed.add_field(
        name=t(lang, "campaign.vp_for_against"),
        value=f"{line.vp_for} / {line.vp_against} ({line.vp_diff:+d})",
    )
    if report.turns is not None:
        embed.add_field(
            name=t(lang, "campaign.turn_times"), value=_turn_times(lang, report), inline=False
        )
    embed.add_field(name=t(lang, "campaign.game_log"), value=_game_log(lang, report), inline=False)
    return embed


def _turn_times(lang: Lang, report: PlayerReport) -> str:
    """From being waited for to acting, over the campaign's games (issue 33)."""
    turns = report.turns
    assert turns is not None
    return t(
        lang,
        "campaign.turn_times_line",
        median=duration(lang, turns.median_s),
        longest=duration(lang, turns.longest_s),
        turns=turns.turns,
    )


def _game_log(lang: Lang, report: PlayerReport) -> str:
    game = report.game
    if game is None or game.is_empty():
        return t(lang, "campaign.no_game_log")
    lines = [t(lang, "campaign.logged_battles", count=report.logged_battles)]
    weapons = favourite_weapons(game)
    if weapons:
        listed = ", ".join(
            t(lang, "campaign.shots", weapon=_weapon(lang, game, w), shots=n) for w, n in weapons
        )
        lines.append(t(lang, "campaign.favourite_weapons", weapons=listed))
    luckiest, unluckiest = luck_extremes(game)
    for key, item in (("campaign.luckiest", luckiest), ("campaign.unluckiest", unluckiest)):
        if item is not None:
            label, luck = item
            lines.append(t(lang, key, kind=_roll_kind(lang, label), **luck_values(luck)))
    lines += [luck_line(lang, label, luck) for label, luck in by_kind(game)]
    if game.faces:  # the D10 faces of the logged battles, and whether they look fair
        check = check_faces(game.faces)
        lines += [faces_line(lang, check), verdict_line(lang, check)]
    return cap("\n".join(lines))


def _weapon(lang: Lang, game: PlayerGameStats, key: str) -> str:
    names = game.weapons.get(key)
    return plain(key if names is None else names.fr if lang == "fr" else names.en)


def _roll_kind(lang: Lang, label: str) -> str:
    """A kind of roll the bot counts, in the reader's language; any other label as given."""
    key = f"campaign.roll_kind.{label}"
    return t(lang, key) if catalog().has(lang, key) else plain(label)
