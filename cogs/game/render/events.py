"""One line per game-log event, with every die it rolled.

Features outside `/game` (shooting, markers) add their events with `register_events`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from pydantic import BaseModel, ValidationError

from cogs.common.dice_runs import dice_runs
from cogs.common.settings_words import label, value_label
from cogs.common.text import plain
from cogs.game.render.common import (
    LINE_LIMIT,
    colour_name,
    cut,
    mark_text,
    order_name,
    tag,
    test_text,
)
from cogs.game.render.hidden import roll_line
from cogs.game.render.kept import lock_lines, locks_event
from cogs.game.render.react import reacted
from cogs.game.render.score import vp_event
from cogs.markers import render as table
from core.antares.bag import DisputeResult, DrawResult, PutBackResult, SkipResult
from core.antares.casualties import CasualtiesResult
from core.antares.game_settings import RuleChanged
from core.antares.orders import OrderResult
from core.antares.pins import PinsResult
from core.antares.reactions import ReactionResult
from core.antares.score import VpScored
from core.antares.seats import PlayerRemoved
from core.antares.shooting.fractal import LocksDropped
from core.antares.stat_tests import StatTestResult
from core.antares.synchronise import SolidMatterResult
from core.antares.turn import TurnEndResult
from core.antares.turn_flow import ActivationClosed
from core.antares.units import UnitResult
from locales import Lang, t
from services.game import (
    GameClosed,
    GameStarted,
    LogEntry,
    Revealed,
    RolledInGame,
    Undone,
    is_hidden,
)

# --- the log -------------------------------------------------------------------------------


def _model(model: type[BaseModel], payload: dict[str, Any]) -> Any:
    try:
        return model.model_validate(payload)
    except ValidationError:
        return None


def _ev_start(lang: Lang, p: GameStarted) -> str:
    return t(lang, "game.event.start", name=plain(p.name))


def _ev_unit(key: str) -> Callable[[Lang, UnitResult], str]:
    def line(lang: Lang, p: UnitResult) -> str:
        fields = ", ".join(t(lang, f"unit.field.{f}") for f in p.changed)
        return t(
            lang,
            key,
            unit=plain(p.unit.name),
            models=p.unit.models,
            dice=p.unit.dice,
            fields=fields,
        )

    return line


def _ev_casualties(lang: Lang, p: CasualtiesResult) -> str:
    text = t(
        lang,
        "game.event.casualties",
        unit=plain(p.unit_name),
        count=p.count,
        before=p.models_before,
        after=p.models_after,
    )
    if p.break_test is not None:
        text += "; " + t(lang, "unit.break_test", test=test_text(lang, p.break_test.test))
    if p.destroyed:
        text += " ☠️ " + t(lang, "game.event.destroyed")
    return text


def _ev_pins(lang: Lang, p: PinsResult) -> str:
    text = t(lang, "game.event.pins", unit=plain(p.unit_name), before=p.before, after=p.after)
    return text + (" ☠️ " + t(lang, "game.event.destroyed") if p.destroyed else "")


def _ev_draw(lang: Lang, p: DrawResult) -> str:
    roll = p.roll
    return t(
        lang,
        "game.event.draw",
        colour=f"{tag(p.colour)} {colour_name(lang, p.colour)}",
        sides=roll.sides if roll else "?",
        value=roll.value if roll else "?",
    )


def _ev_take(lang: Lang, p: DrawResult, names: dict[str, str]) -> str:
    unit = plain(names.get(p.for_unit or "", p.for_unit or "?"))
    if not p.taken:  # a failed Synchroniser test
        test = test_text(lang, p.sync_test) if p.sync_test else "—"
        return t(lang, "bag.sync_failed", by=plain(p.by_name or "?"), test=test)
    text = t(
        lang,
        "game.event.take",
        colour=f"{tag(p.colour)} {colour_name(lang, p.colour)}",
        unit=unit,
    )
    if p.rule is not None:
        text += f" ({t(lang, f'game.event.take_{p.rule}', by=plain(p.by_name or '?'))})"
    if p.sync_test is not None:
        text += "; " + test_text(lang, p.sync_test)
    return text


def _ev_skip(lang: Lang, p: SkipResult) -> str:
    return t(
        lang,
        "game.event.skip",
        colour=f"{tag(p.returned.colour)} {colour_name(lang, p.returned.colour)}",
        owner=p.returned.owner_id,
    )


def _ev_putback(lang: Lang, p: PutBackResult) -> str:
    roll = p.drawn.roll
    return t(
        lang,
        "game.event.putback",
        returned=f"{tag(p.returned.colour)} {colour_name(lang, p.returned.colour)}",
        colour=f"{tag(p.drawn.colour)} {colour_name(lang, p.drawn.colour)}",
        sides=roll.sides if roll else "?",
        value=roll.value if roll else "?",
    )


def _ev_dispute(lang: Lang, p: DisputeResult) -> str:
    if p.outcome == "probe_destroyed":
        return t(lang, "game.event.subvert_probe", unit=plain(p.unit_name or "?"))
    text = t(
        lang,
        "game.event.dispute",
        count=p.from_bag + len(p.from_units),
        colour=f"{tag(p.colour)} {colour_name(lang, p.colour)}",
    )
    if p.test is not None:
        text += "; " + t(
            lang,
            "game.event.subvert_test",
            unit=plain(p.unit_name or "?"),
            test=test_text(lang, p.test),
        )
    return text


def _ev_unit_test(lang: Lang, p: StatTestResult) -> str:
    stat = t(lang, f"unit.stat.{p.stat}")
    return t(
        lang,
        "game.event.unit_test",
        unit=plain(p.unit_name),
        stat=stat,
        target=p.test.target,
        roll=p.test.roll,
        mark=mark_text(lang, p.test),
    )


def _ev_in_solid(lang: Lang, p: SolidMatterResult) -> str:
    text = t(lang, "game.event.in_solid", unit=plain(p.unit_name), count=p.count)
    return text + (" ☠️ " + t(lang, "game.event.destroyed") if p.destroyed else "")


def _ev_order(lang: Lang, p: OrderResult) -> str:
    order = order_name(lang, p.order)
    if p.executed != p.order:
        order += f" → {order_name(lang, p.executed)}"
    parts = [t(lang, "game.event.order", unit=plain(p.unit_name), order=order)]
    if p.order_test is not None:
        parts.append(t(lang, "order.test", test=test_text(lang, p.order_test.test)))
    if p.rally is not None:
        parts.append(
            t(
                lang,
                "order.rally",
                sides=p.rally.roll.sides,
                value=p.rally.roll.value,
                removed=p.rally.pins_removed,
            )
        )
    if p.grip is not None:
        parts.append(table.grip_line(lang, p.grip))
    if p.withdrawn:
        parts.append(t(lang, "game.event.withdrawn"))
    elif p.homer_lost:
        parts.append(t(lang, "order.homer_lost", unit=plain(p.unit_name)))
    for lost in p.locks_lost:
        parts += lock_lines(lang, lost)
    return "; ".join(parts)


def _ev_done(lang: Lang, p: ActivationClosed) -> str:
    return t(lang, "game.event.done", unit=plain(p.unit_name), order=order_name(lang, p.order))


def _ev_turn_end(lang: Lang, p: TurnEndResult) -> str:
    text = t(lang, "game.event.turn_end", turn=p.turn_ended)
    if p.rolls:
        dice = dice_runs(lang, ((r.die.sides, r.die.value) for r in p.rolls))
        text += t(lang, "game.event.dice", dice=dice)
    return text


def _ev_end(lang: Lang, p: GameClosed) -> str:
    text = t(lang, "game.event.end")
    if p.winner_id is not None:
        text += " — " + t(lang, "game.winner", winner=p.winner_id)
    return text


def _ev_rule(lang: Lang, p: RuleChanged) -> str:
    before, after = value_label(lang, p.before), value_label(lang, p.after)
    return t(lang, "game.event.rule", key=label(lang, p.key), before=before, after=after)


def _ev_leave(lang: Lang, p: PlayerRemoved) -> str:
    return t(lang, "game.event.leave", count=len(p.units))


def _ev_kick(lang: Lang, p: PlayerRemoved) -> str:
    return t(lang, "game.event.kick", player=p.owner_id, count=len(p.units))


def _ev_undo(lang: Lang, p: Undone) -> str:
    line = t(lang, "game.event.undo", seqs=", ".join(f"#{e.seq}" for e in p.events))
    if p.allowed_by is not None:
        line += " — " + t(lang, "undo.allowed", user=p.allowed_by)
    return line


EventRenderer = tuple[type[BaseModel], Callable[[Lang, Any], str] | None]

EVENTS: dict[str, EventRenderer] = {
    "start": (GameStarted, _ev_start),
    "unit_add": (UnitResult, _ev_unit("game.event.unit_add")),
    "unit_edit": (UnitResult, _ev_unit("game.event.unit_edit")),
    "unit_remove": (UnitResult, _ev_unit("game.event.unit_remove")),
    "casualties": (CasualtiesResult, _ev_casualties),
    "in_solid": (SolidMatterResult, _ev_in_solid),
    "unit_test": (StatTestResult, _ev_unit_test),
    "pins_add": (PinsResult, _ev_pins),
    "pins_remove": (PinsResult, _ev_pins),
    "pins_set": (PinsResult, _ev_pins),
    "draw": (DrawResult, _ev_draw),
    "take": (DrawResult, None),
    "putback": (PutBackResult, _ev_putback),
    "skip": (SkipResult, _ev_skip),
    "dispute": (DisputeResult, _ev_dispute),
    "order": (OrderResult, _ev_order),
    "done": (ActivationClosed, _ev_done),
    "turn_end": (TurnEndResult, _ev_turn_end),
    "end": (GameClosed, _ev_end),
    "rule": (RuleChanged, _ev_rule),
    "vp": (VpScored, vp_event),
    "undo": (Undone, _ev_undo),
    "roll": (RolledInGame, roll_line),
    "leave": (PlayerRemoved, _ev_leave),
    "kick": (PlayerRemoved, _ev_kick),
    "locks_moved": (LocksDropped, locks_event),
    "locks_dropped": (LocksDropped, locks_event),
    "react": (ReactionResult, reacted),
}


def register_events(renderers: Mapping[str, EventRenderer]) -> None:
    """Another feature's log events (its extension's `setup` calls this): kind -> (payload
    model, one-line text). A kind already known is refused: two features must not share one."""
    clash = set(renderers) & set(EVENTS)
    if clash and any(EVENTS[k] != renderers[k] for k in clash):
        raise ValueError(f"log event kinds already registered: {sorted(clash)}")
    EVENTS.update(renderers)


def event_text(lang: Lang, item: LogEntry, names: dict[str, str] | None = None) -> str:
    """One line for a log event, with every die it rolled (`names`: unit id -> name); a
    hidden roll's dice only once revealed (the "reveal" event shows them)."""
    if is_hidden(item.payload):
        return t(lang, "game.event.hidden")
    if item.kind == "reveal" and (shown := _model(Revealed, item.payload)) is not None:
        whole = replace(item, kind=shown.kind, payload=shown.payload)
        revealed = t(lang, "game.event.revealed", seq=shown.seq)
        return cut(f"{revealed} {event_text(lang, whole, names)}", LINE_LIMIT)
    known = EVENTS.get(item.kind)
    payload = _model(known[0], item.payload) if known else None
    if known is None or payload is None:
        return t(lang, "game.event.other", kind=plain(item.kind))
    if known[1] is None:
        return cut(_ev_take(lang, payload, names or {}), LINE_LIMIT)
    return cut(known[1](lang, payload), LINE_LIMIT)
