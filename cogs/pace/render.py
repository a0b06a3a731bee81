"""What the pace features say (issue 33): reminders, the pace of a game in `/game status`,
members' hours, in the reader's language (a reminder: the server's)."""

from __future__ import annotations

from datetime import datetime

from cogs.common.durations import duration
from cogs.common.text import plain
from cogs.game.render import colour_name, tag
from core.antares.pace import ChessClock, Reminders, Wait, turn_times
from locales import Lang, t
from services.pace import ClockOut, DiceDown, Hours, Nudge, PaceView


def stamp(moment: datetime) -> int:
    return int(moment.timestamp())


def offset_text(minutes: int) -> str:
    """`+1`, `-5`, `+5:30`, `+0`."""
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"{sign}{hours}" + (f":{rest:02d}" if rest else "")


def nudge_text(nudge: Nudge) -> str:
    lang, wait = nudge.lang, nudge.wait
    waited = duration(lang, nudge.waited_s)
    name = plain(nudge.name)
    if nudge.to_id != wait.player_id:  # the last stage: the host is told
        return t(
            lang,
            "pace.nudge_host",
            host=nudge.to_id,
            player=wait.player_id,
            name=name,
            waited=waited,
        )
    text = t(
        lang,
        f"pace.nudge.{wait.step}",
        player=wait.player_id,
        name=name,
        waited=waited,
        colour=tag(wait.colour) if wait.colour else "",
        colour_name=colour_name(lang, wait.colour) if wait.colour else "",
        unit=plain(wait.unit),
    )
    if nudge.stage > 1:
        text += " " + t(lang, "pace.nudge_again")
    return text


def reminders_text(lang: Lang, rules: Reminders) -> str:
    if not rules.on:
        return t(lang, "pace.status_reminders_off")
    return t(
        lang,
        "pace.status_reminders",
        after=duration(lang, rules.after_s),
        then=duration(lang, rules.then_s),
    )


def remind_text(lang: Lang, name: str, rules: Reminders) -> str:
    if not rules.on:
        return t(lang, "pace.remind_off", name=plain(name))
    return t(
        lang,
        "pace.remind_on",
        name=plain(name),
        after=duration(lang, rules.after_s),
        then=duration(lang, rules.then_s),
    )


def wait_line(lang: Lang, wait: Wait) -> str:
    what = t(lang, f"pace.waiting_for.{wait.step}", unit=plain(wait.unit))
    return t(lang, "pace.status_waiting", player=wait.player_id, what=what, since=stamp(wait.since))


def clock_lines(lang: Lang, view: PaceView) -> list[str]:
    """Each side's time left (a running one counts down in the reader's client) and the
    round timer, while the game runs."""
    if view.status != "running":
        return []
    lines = []
    chess = view.pace.clock
    if chess.on:
        for player in view.players:
            until = chess.runs_out(player)
            left = duration(lang, max(0.0, chess.left_s(player, view.now)))
            if player in chess.out:
                lines.append(t(lang, "pace.clock_line_out", player=player))
            elif until is not None:
                lines.append(
                    t(lang, "pace.clock_line_running", player=player, left=left, until=stamp(until))
                )
            else:
                lines.append(t(lang, "pace.clock_line", player=player, left=left))
        if chess.paused:
            lines.append(t(lang, "pace.clock_line_paused"))
    at = view.pace.dice_down_at
    if at is not None and at > view.now:
        lines.append(t(lang, "pace.dice_down_line", at=stamp(at)))
    return lines


def pace_lines(lang: Lang, view: PaceView | None) -> list[str]:
    """The pace of a game, for `/game status` (none kept: nothing)."""
    if view is None:
        return []
    lines = clock_lines(lang, view)
    night = view.pace.night
    if night is not None:
        url = f"https://discord.com/events/{view.guild_id}/{night.event_id}"
        lines.append(t(lang, "pace.night_game", name=plain(night.name), url=url))
    if view.status == "running":
        if view.pace.reminders.on:  # a game without reminders shows no pace but turn times
            lines += [wait_line(lang, wait) for wait in view.pace.waits]
            lines.append(reminders_text(lang, view.pace.reminders))
        for absent in view.absent:
            if absent.away_until is not None:
                key, until = "pace.status_away", absent.away_until
            else:
                assert absent.quiet_until is not None
                key, until = "pace.status_quiet", absent.quiet_until
            lines.append(t(lang, key, player=absent.user_id, until=stamp(until)))
    for times in turn_times(view.pace):
        lines.append(
            t(
                lang,
                "pace.status_turn_times",
                player=times.player_id,
                median=duration(lang, times.median_s),
                longest=duration(lang, times.longest_s),
                turns=times.turns,
            )
        )
    return lines


def hours_text(lang: Lang, hours: Hours, now: datetime) -> str:
    """What `/me` answers: the away period and the quiet hours as they are now."""
    lines = []
    if hours.away_until is not None and hours.away_until > now:
        lines.append(t(lang, "pace.me_away", until=stamp(hours.away_until)))
    else:
        lines.append(t(lang, "pace.me_here"))
    offset = offset_text(hours.utc_offset)
    if hours.quiet:
        lines.append(
            t(lang, "pace.me_quiet", start=hours.quiet_from, end=hours.quiet_to, offset=offset)
        )
    else:
        lines.append(t(lang, "pace.me_no_quiet", offset=offset))
    return "\n".join(lines)


def clock_set_text(lang: Lang, name: str, chess: ChessClock) -> str:
    if not chess.on:
        return t(lang, "pace.clock_off", name=plain(name))
    return t(
        lang,
        "pace.clock_set",
        name=plain(name),
        minutes=chess.budget_s // 60,
        verdict=t(lang, f"pace.clock_verdict.{chess.on_timeout}"),
    )


def clock_out_text(out: ClockOut) -> str:
    key = "pace.clock_out_end" if out.on_timeout == "end" else "pace.clock_out_warn"
    return t(
        out.lang,
        key,
        player=out.player_id,
        name=plain(out.name),
        used=duration(out.lang, out.used_s),
    )


def dice_down_text(down: DiceDown) -> str:
    """Addressed to the players (they are pinged: a round of an event is played live)."""
    players = " ".join(f"<@{p}>" for p in down.players)
    if down.minutes == 0:
        return t(down.lang, "pace.dice_down_now", name=plain(down.name), players=players)
    return t(
        down.lang,
        "pace.dice_down_warning",
        name=plain(down.name),
        minutes=down.minutes,
        at=stamp(down.at),
        players=players,
    )


def dice_down_set_text(lang: Lang, name: str, at: datetime | None) -> str:
    if at is None:
        return t(lang, "pace.dice_down_off", name=plain(name))
    return t(lang, "pace.dice_down_set", name=plain(name), at=stamp(at))
