"""The game-log line of `/army deploy` (`army_deploy`): which army, which units."""

from __future__ import annotations

from cogs.common.text import plain
from locales import Lang, t
from services.army import Deployed


def _deployed(lang: Lang, done: Deployed) -> str:
    units = ", ".join(plain(r.unit.name) for r in done.units)
    return t(lang, "army.event", army=plain(done.army), units=units)


EVENTS = {"army_deploy": (Deployed, _deployed)}
