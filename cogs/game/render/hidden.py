"""The log line of a `/roll` kept in a game's log: a hidden one, once revealed (issue 16)."""

from __future__ import annotations

from locales import Lang, t
from services.game import RolledInGame


def roll_line(lang: Lang, p: RolledInGame) -> str:
    faces = ", ".join(str(f) for f in p.faces)
    values: dict[str, int | None]
    if p.successes is not None:
        key, values = "game.event.roll_successes", {"successes": p.successes}
    else:
        key, values = "game.event.roll", {"total": p.total}
    return t(lang, key, expression=p.expression, faces=faces, **values)
