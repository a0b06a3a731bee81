"""The battle report as Markdown (issue 34), for club websites: `/game report` sends it as a
file and the web page serves it (`web`).

Club sites render Markdown with renderers of every kind, many of which pass HTML through:
every text a member typed (names, notes, the scenario, display names) has each ASCII
punctuation character backslash-escaped (CommonMark reads it as that character, never as
markup or HTML), its line breaks and direction overrides removed, and is cut to a readable
length. Members appear by display name, or as "red player": never by their id.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from core.antares.game import Unit
from core.common.names import without_overrides
from locales import Lang, catalog, percent, t
from services.game import BattleReport, NotableRoll

Names = Callable[[int], str | None]  # a member's display name, if the bot knows it
NAME_LIMIT = 100
NOTES_LIMIT = 1000
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def md_text(text: str, limit: int = NAME_LIMIT) -> str:
    """Text a member typed, as Markdown that shows it literally on one line."""
    text = " ".join(without_overrides(text).split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return _PUNCTUATION.sub(r"\\\1", text)


def _day(moment: datetime | None, lang: Lang) -> str:
    if moment is None:
        return t(lang, "report.running")
    return moment.strftime("%Y-%m-%d")


def _unit_state(lang: Lang, unit: Unit) -> str:
    if unit.withdrawn:
        return t(lang, "report.withdrawn")
    if unit.destroyed:
        return t(lang, "report.destroyed")
    return t(lang, "report.standing")


def notable_roll(lang: Lang, key: str, roll: NotableRoll, name: Callable[[int], str]) -> str:
    """The luckiest or unluckiest roll (`key`), as the Markdown report and the card word it;
    a kind of test without words of its own is named as the log names it."""
    kind_key = f"report.roll.{roll.kind}"
    return t(
        lang,
        key,
        player=name(roll.user_id),
        kind=t(lang, kind_key) if catalog().has(lang, kind_key) else roll.kind,
        face="?" if roll.face is None else roll.face,
        target=roll.target,
        chance=percent(lang, roll.chance),
        seq=roll.seq,
    )


def report_markdown(lang: Lang, report: BattleReport, names: Names) -> str:
    state = report.state

    def name(user_id: int) -> str:
        known = names(user_id)
        if known:
            return md_text(known)
        player = state.player(user_id)
        colour = t(lang, f"game.colour.{player.colour}") if player is not None else "?"
        return t(lang, "report.player_stand_in", colour=colour)

    closed = report.closed
    lines = [
        f"# {t(lang, 'report.title', name=md_text(state.name))}",
        "",
        "*"
        + t(
            lang,
            "report.facts",
            system=t(lang, f"report.system_{state.system}"),
            start=_day(report.started_at, lang),
            end=_day(report.ended_at, lang),
            turn=state.turn,
            changes=report.changes,
        )
        + "*",
        "",
    ]
    if closed is not None:
        if closed.winner_id is not None:
            lines.append(t(lang, "report.winner", winner=name(closed.winner_id)) + "  ")
        else:
            lines.append(t(lang, "report.draw") + "  ")
        if closed.scenario:
            lines.append(t(lang, "report.scenario", scenario=md_text(closed.scenario)) + "  ")
    if report.campaign:
        lines.append(t(lang, "report.campaign", campaign=md_text(report.campaign)) + "  ")
    lines.append("")

    losses = {lost.owner_id: lost for lost in report.losses}
    vp = report.vp
    headers = [
        t(lang, "report.player"),
        t(lang, "report.colour"),
        t(lang, "report.vp"),
        t(lang, "report.models_lost"),
        t(lang, "report.units_lost"),
        t(lang, "report.shots"),
    ]
    lines += [
        f"## {t(lang, 'report.result')}",
        "",
        "| " + " | ".join(headers) + " |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for player in state.players:
        lost = losses.get(player.owner_id)
        cells = [
            name(player.owner_id),
            t(lang, f"game.colour.{player.colour}"),
            str(vp.get(player.owner_id, "—")),
            str(lost.models if lost is not None else 0),
            str(lost.units if lost is not None else 0),
            str(report.shots.get(player.owner_id, 0)),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", f"## {t(lang, 'report.armies')}", ""]
    for player in state.players:
        colour = t(lang, f"game.colour.{player.colour}")
        lines += [f"### {t(lang, 'report.side', player=name(player.owner_id), colour=colour)}", ""]
        units = [u for u in state.units.values() if u.owner_id == player.owner_id]
        if not units:
            lines += [t(lang, "report.no_units"), ""]
            continue
        lines += [
            f"| {t(lang, 'report.unit')} | {t(lang, 'report.models')} | {t(lang, 'report.pins')}"
            f" | {t(lang, 'report.state')} |",
            "| --- | ---: | ---: | --- |",
        ]
        for unit in units:
            lines.append(
                f"| {md_text(unit.name)} | {unit.models}/{unit.starting_models} | {unit.pins}"
                f" | {_unit_state(lang, unit)} |"
            )
        lines.append("")
    lines += [f"## {t(lang, 'report.dice')}", ""]
    if not any(report.luck.values()):
        lines += [t(lang, "report.no_dice"), ""]
    for player in state.players:
        mine = report.luck.get(player.owner_id, {})
        if not mine:
            continue
        lines += [f"### {name(player.owner_id)}", ""]
        for kind, luck in mine.items():
            key = f"campaign.luck_line.{kind}"
            values = {
                "kind": kind,
                "successes": luck.successes,
                "rolls": luck.rolls,
                "expected": luck.expected,
                "luck": luck.luck,
            }
            known = catalog().has(lang, key)
            lines.append("- " + t(lang, key if known else "campaign.luck_line_other", **values))
        lines.append("")
    notable = (("report.luckiest", report.luckiest), ("report.unluckiest", report.unluckiest))
    for key, roll in notable:
        if roll is not None:
            lines.append(notable_roll(lang, key, roll, name) + "  ")
    if report.luckiest is not None or report.unluckiest is not None:
        lines.append("")
    if closed is not None and closed.notes:
        notes = md_text(closed.notes, NOTES_LIMIT)
        lines += [f"## {t(lang, 'report.notes')}", "", f"> {notes}", ""]
    lines += ["---", "", f"*{t(lang, 'report.made')}*", ""]
    return "\n".join(lines)
