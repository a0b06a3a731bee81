"""Replies of `/game`: start, end, status pages, log pages, undo, ruleset."""

from __future__ import annotations

import discord

from cogs.common import settings_words as words
from cogs.common.text import plain
from cogs.game.render.common import (
    CONTENT_LIMIT,
    LINE_LIMIT,
    cut,
    embeds_of,
    order_name,
    pack,
    who,
)
from cogs.game.render.events import event_text
from cogs.game.render.score import points_text
from core.antares.game import GameState, Unit
from core.antares.game_settings import RuleChanged
from core.antares.ruleset import RuleSetting
from core.antares.score import current_vp
from locales import Lang, t
from services.campaign import CampaignRecord, RecordedBattle
from services.game import (
    GameClosed,
    GameView,
    LogEntry,
    RulesView,
)


def started(lang: Lang, state: GameState, campaign: CampaignRecord | None = None) -> str:
    lines = [t(lang, "game.started", name=plain(state.name), host=state.host_id)]
    if campaign is not None:
        lines.append(t(lang, "game.for_campaign", campaign=plain(campaign.name)))
    others = {k: v for k, v in state.ruleset_overrides.items() if k != "activations"}
    if others:
        settings = ", ".join(
            f"*{words.label(lang, k)}* = {words.value_label(lang, v)}"
            for k, v in sorted(others.items())
        )
        lines.append(t(lang, "game.started_rules", settings=settings))
    if state.system != "antares":  # the hex wargame or Epic: no bag, no activations
        lines.append(t(lang, f"game.started_system.{state.system}"))
        return "\n".join(lines)
    lines.append(t(lang, f"game.started_activations.{state.ruleset().activations}"))
    return "\n".join(lines)


def closed(
    lang: Lang, result: GameClosed, battle: RecordedBattle | None = None, by: int = 0
) -> str:
    lines = [t(lang, "game.closed", name=plain(result.name), turn=result.turn)]
    if result.idle_days is not None:  # closed by `by` (Manage Channels), not by its host
        lines.append(t(lang, "game.closed_idle", days=result.idle_days, by=by))
    if result.winner_id is not None:
        lines.append(t(lang, "game.winner", winner=result.winner_id))
    elif battle is not None:
        lines.append(t(lang, "game.result_draw"))
    if result.scenario:
        lines.append(t(lang, "game.scenario", scenario=plain(result.scenario)))
    if result.vp:
        lines.append(vp_line(lang, result.vp))
    for lost in result.losses:
        lines.append(
            t(lang, "game.losses", player=lost.owner_id, models=lost.models, units=lost.units)
        )
    if result.notes:
        lines.append(t(lang, "game.notes", notes=plain(result.notes)))
    if battle is not None:
        lines.append(
            t(
                lang,
                "game.battle_recorded",
                battle=battle.battle.seq,
                campaign=plain(battle.campaign.name),
            )
        )
    return "\n".join(lines)


def vp_line(lang: Lang, vp: dict[int, int]) -> str:
    return t(lang, "game.vp_line", points=points_text(vp))


def orders_text(lang: Lang, unit: Unit) -> str:
    if unit.withdrawn:
        return t(lang, "game.withdrawn")
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
    if unit.dice_loss_pending:  # MOD −1 waiting for the dice to come back
        text += " · " + t(lang, "effects.status_pending", count=unit.dice_loss_pending)
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
        orders=orders_text(lang, unit),
    )


def status_title(lang: Lang, view: GameView) -> str:
    state = view.state
    if state.status == "ended":
        return t(lang, "game.title_ended", name=plain(state.name), turn=state.turn)
    return t(lang, "game.title", name=plain(state.name), turn=state.turn)


def about_lines(lang: Lang, view: GameView) -> list[str]:
    """Under the game's title: the host, the system and its pools, the points so far, how it
    ended."""
    state = view.state
    lines = [t(lang, "game.host_line", host=state.host_id)]
    if state.system != "antares":  # issue 17: its system, and each side's Elite rerolls
        lines.append(t(lang, f"game.system_line.{state.system}"))
        pools = ", ".join(f"<@{k}> **{v}**" for k, v in sorted(state.epic.elite.items()))
        if pools:
            lines.append(t(lang, "game.elite_line", pools=pools))
    closed = view.closed
    if closed is None and (points := current_vp(state)):  # kept during the game (issue 33)
        lines.append(vp_line(lang, points))
    if closed is not None:
        if closed.winner_id is not None:
            lines.append(t(lang, "game.winner", winner=closed.winner_id))
        if closed.vp:
            lines.append(vp_line(lang, closed.vp))
        if closed.notes:
            lines.append(t(lang, "game.notes", notes=plain(cut(closed.notes, 300))))
    return lines


def log_line(lang: Lang, item: LogEntry, names: dict[str, str]) -> str:
    stamp = int(item.created_at.timestamp())
    line = event_text(lang, item, names)
    text = f"`#{item.seq}` <t:{stamp}:t> {who(item.actor_id)} — {line}"
    if item.undone:
        text = f"~~{text}~~ {t(lang, 'game.log_undone')}"
    return text


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
        description = t(lang, f"ruleset.desc.{setting.key}")
        lines.append(
            t(
                lang,
                "game.rule_line",
                key=words.label(lang, setting.key),
                value=words.value_label(lang, setting.value),
                default=words.value_label(lang, setting.default),
                expected=words.accepts(lang, setting.key),
            )
            + "\n"
            + description
        )
    return embeds_of(lang, cut(title, 256), pack(lines, per_page=10))


def game_rules_pages(lang: Lang, view: RulesView) -> list[discord.Embed]:
    return rules_pages(lang, t(lang, "game.rules_title", name=plain(view.name)), view.settings)


def rule_changed(lang: Lang, key: str, change: RuleChanged) -> str:
    return t(
        lang,
        key,
        key=words.label(lang, change.key),
        before=words.value_label(lang, change.before),
        after=words.value_label(lang, change.after),
    )


# --- units ---------------------------------------------------------------------------------
