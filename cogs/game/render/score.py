"""Victory points kept during a game (issue 33): the `/game vp` reply, its log line (the
points on `/game status` are among its about lines, in `cogs.game.render.game`)."""

from __future__ import annotations

from core.antares.score import VpScored
from locales import Lang, t


def points_text(points: dict[int, int]) -> str:
    """`@Alice 7 · @Bob 3`, in join order."""
    return " · ".join(f"<@{owner}> {value}" for owner, value in points.items())


def changes_text(changed: dict[int, int]) -> str:
    return ", ".join(f"<@{owner}> {value:+d}" for owner, value in changed.items())


def scored(lang: Lang, result: VpScored) -> str:
    """The reply: what changed, and every player's points now."""
    if not result.changed:
        return t(lang, "game.vp_same", points=points_text(result.vp))
    return t(
        lang,
        "game.vp_scored",
        changes=changes_text(result.changed),
        points=points_text(result.vp),
    )


def vp_event(lang: Lang, result: VpScored) -> str:
    """The log's line."""
    return t(lang, "game.event.vp", changes=changes_text(result.changed) or "—")
