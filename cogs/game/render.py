"""Text and embeds of the game commands, in the caller's language; every die is shown.

User text (game and unit names, notes) goes through `plain`: no markdown, no pings. Players
appear as mentions, which never ping (mentions are disabled on every message).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from pydantic import BaseModel, ValidationError

from cogs.common.text import plain
from cogs.game.options import COLOUR_TAGS
from cogs.markers import render as table
from cogs.markers.events import EVENTS as TABLE_EVENTS
from core.bag import DisputeResult, DrawResult, PutBackResult
from core.game import STATS, GameState, RuleChanged, Unit
from core.orders import OrderResult
from core.rolls import TestRoll
from core.ruleset import RuleSetting
from core.turn import TurnEndResult
from core.units import CasualtiesResult, PinsResult, UnitResult
from locales import Lang, t
from services.bag import Blocked, Drawn, TurnEnded
from services.campaign_battles import RecordedBattle
from services.games import (
    GameClosed,
    GameLog,
    GameStarted,
    GameView,
    LogEntry,
    RulesView,
    UndoDone,
    Undone,
)
from storage.campaign_base import CampaignRecord

UNITS_PER_PAGE = 10
LIST_LINES_PER_PAGE = 15
LOG_LINES_PER_PAGE = 15
DESCRIPTION_BUDGET = 3800
LINE_LIMIT = 900
CONTENT_LIMIT = 1900
COLOUR_HEX = {
    "red": 0xD83C3E,
    "blue": 0x3B88C3,
    "green": 0x78B159,
    "yellow": 0xFDCB58,
    "purple": 0xAA8ED6,
    "orange": 0xF4900C,
    "white": 0xE6E7E8,
    "black": 0x31373D,
}


def who(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id is not None else "?"


def tag(colour: str) -> str:
    return COLOUR_TAGS.get(colour, "🎲")


def colour_name(lang: Lang, colour: str) -> str:
    return t(lang, f"game.colour.{colour}")


def order_name(lang: Lang, order: str) -> str:
    return t(lang, f"order.name.{order}")


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def test_text(lang: Lang, test: TestRoll) -> str:
    mark = "✅" if test.passed else "❌"
    if test.natural_one:
        mark += f" ({t(lang, 'order.natural_one')})"
    elif test.natural_ten:
        mark += f" ({t(lang, 'order.natural_ten')})"
    return t(
        lang,
        "turn.test",
        stat=test.stat,
        pins=test.pins,
        target=test.target,
        roll=test.roll,
        mark=mark,
    )


def pack(lines: list[str], *, per_page: int, budget: int = DESCRIPTION_BUDGET) -> list[str]:
    """Lines into page texts: at most `per_page` lines and `budget` characters each."""
    pages: list[str] = []
    current: list[str] = []
    size = 0
    for line in lines:
        line = cut(line, LINE_LIMIT)
        if current and (len(current) >= per_page or size + len(line) + 1 > budget):
            pages.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    if current or not pages:
        pages.append("\n".join(current))
    return pages


# --- the game ------------------------------------------------------------------------------


def started(lang: Lang, state: GameState, campaign: CampaignRecord | None = None) -> str:
    lines = [t(lang, "game.started", name=plain(state.name), host=state.host_id)]
    if campaign is not None:
        lines.append(t(lang, "game.for_campaign", campaign=plain(campaign.name)))
    if state.ruleset_overrides:
        settings = ", ".join(
            f"`{k}` = {value_text(v)}" for k, v in sorted(state.ruleset_overrides.items())
        )
        lines.append(t(lang, "game.started_rules", settings=settings))
    return "\n".join(lines)


def closed(lang: Lang, result: GameClosed, battle: RecordedBattle | None = None) -> str:
    lines = [t(lang, "game.closed", name=plain(result.name), turn=result.turn)]
    if result.winner_id is not None:
        lines.append(t(lang, "game.winner", winner=result.winner_id))
    elif battle is not None:
        lines.append(t(lang, "game.result_draw"))
    if result.notes:
        lines.append(t(lang, "game.notes", notes=plain(result.notes)))
    if battle is not None:
        lines.append(
            t(lang, "game.battle_recorded", battle=battle.battle.seq,
              campaign=plain(battle.campaign.name))
        )
    return "\n".join(lines)


def _orders_text(lang: Lang, unit: Unit) -> str:
    if unit.destroyed:
        return t(lang, "game.destroyed")
    parts = []
    for given in unit.orders:
        text = order_name(lang, given.order)
        if given.executed != given.order:
            text += f" → {order_name(lang, given.executed)}"
        parts.append(text)
    text = ", ".join(parts) if parts else t(lang, "game.no_order")
    if unit.dice > 1:
        text += " · " + t(lang, "game.mod_used", dice=unit.dice, used=len(unit.orders))
    if unit.down:
        text += " · " + t(lang, "game.down")
    if unit.dice_out:
        text += " · " + t(lang, "game.dice_out")
    return text


def unit_details(lang: Lang, unit: Unit) -> str:
    return t(
        lang,
        "game.unit_line",
        owner=unit.owner_id,
        models=unit.models,
        starting=unit.starting_models,
        pins=unit.pins,
        orders=_orders_text(lang, unit),
    )


def _status_header(lang: Lang, view: GameView) -> tuple[str, str]:
    state = view.state
    if state.status == "ended":
        title = t(lang, "game.title_ended", name=plain(state.name), turn=state.turn)
    else:
        title = t(lang, "game.title", name=plain(state.name), turn=state.turn)
    lines = [t(lang, "game.host_line", host=state.host_id)]
    if view.closed is not None:
        if view.closed.winner_id is not None:
            lines.append(t(lang, "game.winner", winner=view.closed.winner_id))
        if view.closed.notes:
            lines.append(t(lang, "game.notes", notes=plain(cut(view.closed.notes, 300))))
    total = sum(state.bag.values())
    lines.append(f"**{t(lang, 'game.bag_title', total=total)}**")
    for line in view.census:
        lines.append(
            t(
                lang,
                "game.bag_line",
                colour=tag(line.colour),
                owner=state.owner_of(line.colour),
                bag=line.bag,
                pending=line.pending,
                used=line.on_units,
                out=line.out,
                disputed=line.disputed,
            )
        )
    if not view.census:
        lines.append(t(lang, "game.no_players"))
    summary = table.status_summary(lang, state)  # markers and mines: the last pages
    if summary:
        lines.append(summary)
    return title, "\n".join(lines)


def status_pages(lang: Lang, view: GameView) -> list[discord.Embed]:
    """The game at a glance: the bag per player, then every unit, 10 units per page, then
    the markers and mines on the table."""
    title, header = _status_header(lang, view)
    units = list(view.state.units.values())
    chunks = [units[i : i + UNITS_PER_PAGE] for i in range(0, len(units), UNITS_PER_PAGE)] or [[]]
    lines = table.table_lines(lang, view.state)
    extra = pack(lines, per_page=LIST_LINES_PER_PAGE) if lines else []
    total = len(chunks) + len(extra)
    pages = []
    for chunk in chunks:
        embed = discord.Embed(title=cut(title, 256), description=header)
        for unit in chunk:
            name = f"{tag(unit.colour)} {plain(unit.name)}"
            embed.add_field(name=cut(name, 256), value=unit_details(lang, unit), inline=False)
        pages.append(embed)
    for text in extra:
        heading = f"**{t(lang, 'marker.status_title')}**"
        pages.append(discord.Embed(title=cut(title, 256), description=f"{heading}\n{text}"))
    for number, embed in enumerate(pages, 1):
        embed.set_footer(text=t(lang, "game.page", page=number, pages=total, units=len(units)))
    return pages


def log_line(lang: Lang, item: LogEntry, names: dict[str, str]) -> str:
    stamp = int(item.created_at.timestamp())
    line = event_text(lang, item, names)
    text = f"`#{item.seq}` <t:{stamp}:t> {who(item.actor_id)} — {line}"
    if item.undone:
        text = f"~~{text}~~ {t(lang, 'game.log_undone')}"
    return text


def log_pages(lang: Lang, log: GameLog) -> list[discord.Embed]:
    title = cut(t(lang, "game.log_title", name=plain(log.name), total=log.total), 256)
    lines = [log_line(lang, e, log.names) for e in log.entries] or [t(lang, "game.log_empty")]
    texts = pack(lines, per_page=LOG_LINES_PER_PAGE)
    return _embeds(lang, title, texts)


def _embeds(lang: Lang, title: str, texts: list[str]) -> list[discord.Embed]:
    pages = []
    for number, text in enumerate(texts, 1):
        embed = discord.Embed(title=title, description=text)
        if len(texts) > 1:
            embed.set_footer(text=t(lang, "game.units_page", page=number, pages=len(texts)))
        pages.append(embed)
    return pages


def undone(lang: Lang, done: UndoDone) -> str:
    lines = [t(lang, "game.undone_title", count=len(done.entries), seq=done.entries[-1].seq)]
    names = {u.id: u.name for u in done.state.units.values()}
    lines += [f"`#{e.seq}` {who(e.actor_id)} — {event_text(lang, e, names)}" for e in done.entries]
    return fit_content(lines)


def fit_content(lines: list[str]) -> str:
    """Lines for a message's content, cut to stay under Discord's 2000 characters."""
    kept: list[str] = []
    size = 0
    for line in lines:
        line = cut(line, LINE_LIMIT)
        if size + len(line) + 1 > CONTENT_LIMIT:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


def rules_pages(lang: Lang, title: str, settings: list[RuleSetting]) -> list[discord.Embed]:
    lines = []
    for setting in settings:
        key = f"ruleset.desc.{setting.key}"
        description = t(lang, key)
        lines.append(
            t(
                lang,
                "game.rule_line",
                key=setting.key,
                value=value_text(setting.value),
                default=value_text(setting.default),
                expected=setting.expected,
            )
            + "\n"
            + description
        )
    return _embeds(lang, cut(title, 256), pack(lines, per_page=10))


def game_rules_pages(lang: Lang, view: RulesView) -> list[discord.Embed]:
    return rules_pages(lang, t(lang, "game.rules_title", name=plain(view.name)), view.settings)


def rule_changed(lang: Lang, key: str, change: RuleChanged) -> str:
    return t(
        lang,
        key,
        key=change.key,
        before=value_text(change.before),
        after=value_text(change.after),
    )


# --- units ---------------------------------------------------------------------------------


def unit_added(lang: Lang, result: UnitResult) -> str:
    unit = result.unit
    return t(
        lang,
        "unit.added",
        colour=tag(unit.colour),
        unit=plain(unit.name),
        owner=unit.owner_id,
        colour_name=colour_name(lang, unit.colour),
        models=unit.models,
        dice=unit.dice,
    )


def _dice_moved(lang: Lang, result: UnitResult) -> list[str]:
    lines = []
    if result.dice_added:
        lines.append(t(lang, "unit.dice_added", count=result.dice_added))
    if result.dice_removed:
        lines.append(t(lang, "unit.dice_removed", count=result.dice_removed))
    return lines


def unit_edited(lang: Lang, result: UnitResult) -> str:
    fields = ", ".join(t(lang, f"unit.field.{f}") for f in result.changed)
    lines = [t(lang, "unit.edited", unit=plain(result.unit.name), fields=fields)]
    return "\n".join(lines + _dice_moved(lang, result))


def unit_removed(lang: Lang, result: UnitResult) -> str:
    lines = [t(lang, "unit.removed", unit=plain(result.unit.name))]
    return "\n".join(lines + _dice_moved(lang, result))


def casualties(lang: Lang, result: CasualtiesResult) -> str:
    name = plain(result.unit_name)
    lines = [
        t(
            lang,
            "unit.casualties",
            unit=name,
            count=result.count,
            before=result.models_before,
            after=result.models_after,
        )
    ]
    if result.break_test is not None:
        lines.append(t(lang, "unit.break_test", test=test_text(lang, result.break_test.test)))
        if not result.break_test.destroyed:
            lines.append(t(lang, "unit.break_survived"))
            if result.break_test.pins_removed:
                lines.append(t(lang, "unit.break_pin_removed"))
    if result.break_test_needs_co:
        lines.append(t(lang, "unit.break_needs_co", unit=name))
    if result.destroyed:
        lines.append(t(lang, "unit.destroyed_now", unit=name, dice=result.dice_removed))
    return "\n".join(lines)


def pins(lang: Lang, result: PinsResult) -> str:
    name = plain(result.unit_name)
    lines = [t(lang, "pins.changed", unit=name, before=result.before, after=result.after)]
    if result.destroyed:
        lines.append(t(lang, "pins.broken", unit=name, dice=result.dice_removed))
    return "\n".join(lines)


def unit_pages(lang: Lang, state: GameState) -> list[discord.Embed]:
    title = cut(t(lang, "unit.list_title", name=plain(state.name)), 256)
    lines = [
        t(
            lang,
            "unit.list_line",
            colour=tag(u.colour),
            unit=plain(u.name),
            details=unit_details(lang, u),
        )
        for u in state.units.values()
    ] or [t(lang, "unit.none")]
    return _embeds(lang, title, pack(lines, per_page=LIST_LINES_PER_PAGE))


def unit_embed(lang: Lang, unit: Unit) -> discord.Embed:
    embed = discord.Embed(
        title=cut(f"{tag(unit.colour)} {plain(unit.name)}", 256),
        colour=COLOUR_HEX.get(unit.colour),
    )
    embed.add_field(name=t(lang, "unit.show_owner"), value=who(unit.owner_id))
    embed.add_field(name=t(lang, "unit.show_kind"), value=t(lang, f"unit.kind.{unit.kind}"))
    embed.add_field(name=t(lang, "unit.show_models"), value=f"{unit.models}/{unit.starting_models}")
    embed.add_field(
        name=t(lang, "unit.show_dice"),
        value=f"{unit.dice} (MOD{unit.dice})" if unit.dice > 1 else "1",
    )
    stats = " · ".join(
        f"{t(lang, f'unit.stat.{s}')} {unit.stats[s]}" for s in STATS if s in unit.stats
    )
    embed.add_field(name=t(lang, "unit.show_stats"), value=stats or t(lang, "unit.no_stats"))
    embed.add_field(name=t(lang, "unit.show_pins"), value=str(unit.pins))
    embed.add_field(name=t(lang, "unit.show_orders"), value=_orders_text(lang, unit), inline=False)
    if unit.destroyed:
        reason = t(lang, f"unit.reason.{unit.destroyed_by or 'casualties'}")
        state_text = t(lang, "unit.destroyed_by", reason=reason)
    else:
        state_text = t(lang, "unit.alive")
    embed.add_field(name=t(lang, "unit.show_state"), value=state_text, inline=False)
    if unit.notes:
        embed.add_field(
            name=t(lang, "unit.show_notes"), value=cut(plain(unit.notes), 1024), inline=False
        )
    return embed


# --- the bag and orders --------------------------------------------------------------------


def _roll(lang: Lang, result: DrawResult) -> str:
    if result.roll is None:
        return "—"
    return t(lang, "bag.roll", sides=result.roll.sides, value=result.roll.value)


def drawn_line(lang: Lang, result: DrawResult) -> str:
    return t(
        lang,
        "bag.drawn",
        colour=tag(result.colour),
        colour_name=colour_name(lang, result.colour),
        owner=result.owner_id,
        roll=_roll(lang, result),
        left=result.bag_left,
    )


def drawn(lang: Lang, done: Drawn) -> str:
    owner = done.result.owner_id
    follow = "bag.drawn_pick" if done.units else "bag.drawn_none"
    return drawn_line(lang, done.result) + "\n" + t(lang, follow, owner=owner)


def taken(lang: Lang, done: Drawn) -> str:
    result = done.result
    unit = next((u for u in done.units if u.id == result.for_unit), None)
    return t(
        lang,
        "bag.taken",
        owner=result.owner_id,
        colour=tag(result.colour),
        colour_name=colour_name(lang, result.colour),
        unit=plain(unit.name) if unit else "?",
        left=result.bag_left,
    )


def picked(lang: Lang, unit: Unit) -> str:
    return t(
        lang, "bag.picked", colour=tag(unit.colour), unit=plain(unit.name), owner=unit.owner_id
    )


def blocked(lang: Lang, done: Blocked) -> str:
    colour = done.returned.colour
    line = t(lang, "bag.blocked", colour=tag(colour), colour_name=colour_name(lang, colour))
    return line + "\n" + drawn(lang, done.drawn)


def disputed(lang: Lang, result: DisputeResult) -> str:
    count = result.from_bag + len(result.from_units)
    return t(
        lang,
        "bag.disputed",
        by=result.by_owner_id,
        count=count,
        colour=tag(result.colour),
        colour_name=colour_name(lang, result.colour),
        owner=result.owner_id,
        from_bag=result.from_bag,
        from_units=len(result.from_units),
    )


def ordered(lang: Lang, result: OrderResult) -> str:
    name = plain(result.unit_name)
    lines = [
        t(
            lang,
            "order.given",
            colour=tag(result.colour),
            unit=name,
            order=order_name(lang, result.order),
            number=result.die_number,
            dice=result.dice,
            via=t(lang, f"order.via.{result.via}"),
        )
    ]
    if result.order_test is not None:
        lines.append(t(lang, "order.test", test=test_text(lang, result.order_test.test)))
    if result.executed == result.order:
        lines.append(t(lang, "order.carried_out"))
    else:
        lines.append(t(lang, "order.went_down", unit=name))
    if result.rally is not None:
        lines.append(
            t(
                lang,
                "order.rally",
                sides=result.rally.roll.sides,
                value=result.rally.roll.value,
                removed=result.rally.pins_removed,
            )
        )
    if result.grip is not None:
        lines.append(table.grip_line(lang, result.grip))
    if result.pins_after != result.pins_before:
        lines.append(t(lang, "order.pins", before=result.pins_before, after=result.pins_after))
    if result.dice > 1 and result.dice_left:
        lines.append(t(lang, "order.dice_left", count=result.dice_left))
    return "\n".join(lines)


# --- the end of the turn -------------------------------------------------------------------


def _dice_counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{tag(c)} {n}" for c, n in counts.items() if n)


def turn_ended(lang: Lang, done: TurnEnded) -> discord.Embed:
    result: TurnEndResult = done.result
    lines: list[str] = []
    if result.left_in_bag:
        lines.append(t(lang, "turn.left_in_bag", dice=_dice_counts(result.left_in_bag)))
    if result.recovery:
        lines.append(f"**{t(lang, 'turn.recovery')}**")
        for record in result.recovery:
            name = plain(record.unit_name)
            if record.test is None:
                lines.append(t(lang, "turn.auto_recovered", unit=name))
            elif record.passed:
                test = test_text(lang, record.test)
                lines.append(
                    t(lang, "turn.recovered", unit=name, test=test, removed=record.pins_removed)
                )
            else:
                kept = t(lang, "turn.kept_out") if record.die_kept_out else ""
                test = test_text(lang, record.test)
                lines.append(
                    t(
                        lang,
                        "turn.stays_down",
                        unit=name,
                        test=test,
                        removed=record.pins_removed,
                        kept=kept,
                    )
                )
    if result.disputes:
        lines.append(f"**{t(lang, 'turn.disputes')}**")
        for record in result.disputes:
            rounds = ", ".join(
                t(lang, "turn.dispute_round", owner=r.owner.value, opponent=r.opponent.value)
                for r in record.rounds
            )
            outcome = t(lang, "turn.dispute_won" if record.owner_won else "turn.dispute_lost")
            lines.append(
                t(
                    lang,
                    "turn.dispute",
                    colour=tag(record.colour),
                    owner=record.owner_id,
                    by=record.by_owner_id,
                    rounds=rounds,
                    outcome=outcome,
                )
            )
    if result.end_tests:
        lines.append(f"**{t(lang, 'turn.end_tests')}**")
        for outcome in result.end_tests:
            lines.append(
                t(
                    lang,
                    "turn.end_test",
                    label=plain(outcome.label or outcome.kind),
                    value=outcome.roll.value,
                    outcome=t(lang, outcome.outcome),
                )
            )
    if not result.rolls:
        lines.append(t(lang, "turn.nothing"))
    if result.dice_returned:
        lines.append(t(lang, "turn.returned", dice=_dice_counts(result.dice_returned)))
    lines.append(t(lang, "turn.new_turn", turn=result.new_turn, total=sum(done.state.bag.values())))
    return discord.Embed(
        title=t(lang, "turn.title", turn=result.turn_ended),
        description=_fit_description(lang, lines),
    )


def _fit_description(lang: Lang, lines: list[str]) -> str:
    """Every line when it fits in an embed description; else the first ones and a pointer."""
    text = "\n".join(lines)
    if len(text) <= 4000:
        return text
    kept, size = [], 0
    for index, line in enumerate(lines):
        if size + len(line) + 1 > 3800:
            kept.append(t(lang, "turn.more", count=len(lines) - index))
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


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
    return t(
        lang,
        "game.event.take",
        colour=f"{tag(p.colour)} {colour_name(lang, p.colour)}",
        unit=plain(names.get(p.for_unit or "", p.for_unit or "?")),
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
    return t(
        lang,
        "game.event.dispute",
        count=p.from_bag + len(p.from_units),
        colour=f"{tag(p.colour)} {colour_name(lang, p.colour)}",
    )


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
    return "; ".join(parts)


def _ev_turn_end(lang: Lang, p: TurnEndResult) -> str:
    text = t(lang, "game.event.turn_end", turn=p.turn_ended)
    if p.rolls:
        dice = ", ".join(f"d{r.die.sides}:{r.die.value}" for r in p.rolls)
        text += "; " + t(lang, "game.event.dice", dice=dice)
    return text


def _ev_end(lang: Lang, p: GameClosed) -> str:
    text = t(lang, "game.event.end")
    if p.winner_id is not None:
        text += " — " + t(lang, "game.winner", winner=p.winner_id)
    return text


def _ev_rule(lang: Lang, p: RuleChanged) -> str:
    return t(
        lang, "game.event.rule", key=p.key, before=value_text(p.before), after=value_text(p.after)
    )


def _ev_undo(lang: Lang, p: Undone) -> str:
    return t(lang, "game.event.undo", seqs=", ".join(f"#{e.seq}" for e in p.events))


EVENTS: dict[str, tuple[type[BaseModel], Callable[[Lang, Any], str] | None]] = {
    "start": (GameStarted, _ev_start),
    "unit_add": (UnitResult, _ev_unit("game.event.unit_add")),
    "unit_edit": (UnitResult, _ev_unit("game.event.unit_edit")),
    "unit_remove": (UnitResult, _ev_unit("game.event.unit_remove")),
    "casualties": (CasualtiesResult, _ev_casualties),
    "pins_add": (PinsResult, _ev_pins),
    "pins_remove": (PinsResult, _ev_pins),
    "pins_set": (PinsResult, _ev_pins),
    "draw": (DrawResult, _ev_draw),
    "take": (DrawResult, None),
    "putback": (PutBackResult, _ev_putback),
    "dispute": (DisputeResult, _ev_dispute),
    "order": (OrderResult, _ev_order),
    "turn_end": (TurnEndResult, _ev_turn_end),
    "end": (GameClosed, _ev_end),
    "rule": (RuleChanged, _ev_rule),
    "undo": (Undone, _ev_undo),
    **TABLE_EVENTS,  # mines and markers (cogs.markers.events)
}


def event_text(lang: Lang, item: LogEntry, names: dict[str, str] | None = None) -> str:
    """One line for a log event, with every die it rolled (`names`: unit id -> name)."""
    known = EVENTS.get(item.kind)
    payload = _model(known[0], item.payload) if known else None
    if known is None or payload is None:
        return t(lang, "game.event.other", kind=plain(item.kind))
    if known[1] is None:
        return cut(_ev_take(lang, payload, names or {}), LINE_LIMIT)
    return cut(known[1](lang, payload), LINE_LIMIT)
