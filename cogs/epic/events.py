"""The Elite pool's log events for `/game log` and `/game undo` (every die included)."""

from __future__ import annotations

from cogs.game.render.events import EventRenderer
from core.epic.elite import ElitePool, EliteReroll
from locales import Lang, t


def _pool(lang: Lang, p: ElitePool) -> str:
    return t(lang, "epic.event.pool", owner=f"<@{p.owner_id}>", before=p.before, after=p.after)


def _reroll(lang: Lang, p: EliteReroll) -> str:
    return t(
        lang,
        "epic.event.reroll",
        owner=f"<@{p.owner_id}>",
        old=p.dice[p.index],
        new=p.new,
        faces=p.faces,
        left=p.left,
    )


EVENTS: dict[str, EventRenderer] = {
    "epic_elite_pool": (ElitePool, _pool),
    "epic_elite_reroll": (EliteReroll, _reroll),
}
