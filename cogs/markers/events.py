"""One line per marker or mine event for `/game log` and `/game undo`, every die included
(`cogs.game.render.EVENTS` takes these)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from cogs.common.dice_runs import dice_runs
from cogs.common.text import plain
from cogs.markers.render import marker_text
from core.antares.table_markers.markers import (
    JamProofSet,
    MarkerAffected,
    MarkerPlaced,
    MarkerRemoved,
)
from core.antares.table_markers.mines import MineLaid, MineRemoved, MineTriggered
from locales import Lang, t


def _place(lang: Lang, p: MarkerPlaced) -> str:
    return t(lang, "marker.event.place", marker=marker_text(lang, p.marker))


def _remove(lang: Lang, p: MarkerRemoved) -> str:
    return t(lang, "marker.event.remove", marker=marker_text(lang, p.marker))


def _affect(lang: Lang, p: MarkerAffected) -> str:
    key = "marker.event.inside" if p.inside else "marker.event.outside"
    return t(lang, key, unit=plain(p.unit_name), marker=marker_text(lang, p.marker))


def _jam_proof(lang: Lang, p: JamProofSet) -> str:
    key = "marker.event.jam_proof_on" if p.jam_proof else "marker.event.jam_proof_off"
    return t(lang, key, unit=plain(p.unit_name))


def _lay(lang: Lang, p: MineLaid) -> str:
    unit = plain(p.order.unit_name)
    if p.mine is None:
        text = t(lang, "mine.event.lay_failed", unit=unit)
    else:
        text = t(lang, "mine.event.lay", unit=unit, number=p.mine.number)
    if p.order.order_test is not None:
        text += f" (d10: {p.order.order_test.test.roll})"
    return text


def _trigger(lang: Lang, p: MineTriggered) -> str:
    text = t(lang, "mine.event.trigger", number=p.mine.number, attacks=p.attacks.value)
    dice = [(5, p.attacks.value)]
    for share in p.shares:
        if share.shot is not None:
            dice += [(d.sides, d.value) for d in share.shot.rolls]
        if share.damage is not None and share.damage.break_test is not None:
            dice.append((10, share.damage.break_test.record.test.roll))
    return text + t(lang, "game.event.dice", dice=dice_runs(lang, dice))


def _mine_remove(lang: Lang, p: MineRemoved) -> str:
    return t(lang, "mine.event.remove", number=p.mine.number)


EVENTS: dict[str, tuple[type[BaseModel], Callable[[Lang, Any], str]]] = {
    "marker_place": (MarkerPlaced, _place),
    "marker_remove": (MarkerRemoved, _remove),
    "marker_affect": (MarkerAffected, _affect),
    "jam_proof": (JamProofSet, _jam_proof),
    "mine_lay": (MineLaid, _lay),
    "mine_trigger": (MineTriggered, _trigger),
    "mine_remove": (MineRemoved, _mine_remove),
}
