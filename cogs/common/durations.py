"""A span of time in words, as the pace of a game (issue 33) and a campaign's report show it.

Here, not in `cogs.pace`, so that a report can say a turn time without loading the pace
package (which loads the game's cogs)."""

from __future__ import annotations

from locales import Lang, t


def duration(lang: Lang, seconds: float) -> str:
    """`2 d 3 h`, `3 h 20 min`, `45 min` (French: `2 j 3 h`); under a minute: `0 min`."""
    minutes = int(seconds // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = []
    if days:
        parts.append(t(lang, "pace.days", n=days))
    if hours:
        parts.append(t(lang, "pace.hours", n=hours))
    if minutes and not days:
        parts.append(t(lang, "pace.minutes", n=minutes))
    return " ".join(parts) or t(lang, "pace.minutes", n=0)
