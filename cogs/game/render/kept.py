"""Effects the game keeps between replies (issue 21): Fractal Locks lost, the unit card's
"Effects kept" field, what the end of the turn ended or applied."""

from __future__ import annotations

import discord

from cogs.common.text import plain
from cogs.markers.render import weapon_name
from core.antares.game import GameState, Unit
from core.antares.shooting.fractal import LocksDropped, is_live, locks
from core.antares.shooting.kept import overload_models, stave_test
from core.antares.turn import TurnEndResult
from locales import Lang, t


def lock_lines(lang: Lang, lost: LocksDropped) -> list[str]:
    """One line per lock that ended, with why."""
    why = t(lang, f"effects.why.{lost.why or 'dropped'}")
    return [
        t(
            lang,
            "effects.lock_lost",
            weapon=weapon_name(lock.weapon),
            shooter=plain(lost.names.get(lock.shooter_id, lock.shooter_id)),
            target=plain(lost.names.get(lock.target_id, lock.target_id)),
            why=why,
        )
        for lock in lost.dropped
    ]


def locks_event(lang: Lang, lost: LocksDropped) -> str:
    """The game-log line of `/unit moved` and `/unit lock-drop`."""
    names = lost.names
    aims = ", ".join(
        f"{plain(names.get(k.shooter_id, '?'))} → {plain(names.get(k.target_id, '?'))}"
        f" ({weapon_name(k.weapon)})"
        for k in lost.dropped
    )
    why = t(lang, f"effects.why.{lost.why or 'dropped'}")
    return t(lang, "effects.event_locks", why=why, locks=aims)


def moved(lang: Lang, unit: str, lost: LocksDropped) -> str:
    return "\n".join([t(lang, "effects.moved", unit=plain(unit)), *lock_lines(lang, lost)])


def _lock_card_lines(lang: Lang, state: GameState, unit: Unit) -> list[str]:
    lines = []
    names = {u.id: u.name for u in state.units.values()}
    for lock in locks(state):
        if not is_live(lock, state.turn):
            continue
        if lock.shooter_id == unit.id:
            target = plain(names.get(lock.target_id, lock.target_id))
            lines.append(
                t(
                    lang,
                    "effects.card.lock_by",
                    weapon=weapon_name(lock.weapon),
                    target=target,
                    auto=lock.auto_hits,
                )
            )
        if lock.target_id == unit.id:
            shooter = plain(names.get(lock.shooter_id, lock.shooter_id))
            lines.append(
                t(lang, "effects.card.lock_on", weapon=weapon_name(lock.weapon), shooter=shooter)
            )
    return lines


def kept_lines(lang: Lang, state: GameState, unit: Unit) -> list[str]:
    """What the game keeps on the unit: a MOD −1 to come, Overload lost, a Sensor Module's
    mark, an exhausted IMTel Stave, Fractal Locks it holds or that hold it."""
    lines = []
    if unit.dice_loss_pending:
        lines.append(t(lang, "effects.card.dice_pending", count=unit.dice_loss_pending))
    if unit.overload_lost:
        lines.append(
            t(lang, "effects.card.overload", lost=unit.overload_lost, able=overload_models(unit))
        )
    if unit.sensor_marked:
        lines.append(t(lang, "effects.card.sensor"))
    test = stave_test(state, unit.id)
    if test is not None:
        lines.append(t(lang, "effects.card.stave", test=test.id))
    return lines + _lock_card_lines(lang, state, unit)


def with_kept(embed: discord.Embed, lang: Lang, state: GameState, unit: Unit) -> discord.Embed:
    """The unit card with its "Effects kept" field, when it has any."""
    lines = [] if unit.destroyed else kept_lines(lang, state, unit)
    if lines:
        embed.add_field(
            name=t(lang, "effects.card.title"), value="\n".join(lines)[:1024], inline=False
        )
    return embed


def turn_lines(lang: Lang, result: TurnEndResult) -> list[str]:
    """MOD −1 applied as the dice came back; Sensor Module marks that ended."""
    lines = [
        t(
            lang,
            "effects.turn_dice_lost",
            unit=plain(lost.unit_name),
            before=lost.before,
            after=lost.after,
        )
        for lost in result.dice_lost
    ]
    if result.sensor_marks_ended:
        units = ", ".join(f"**{plain(name)}**" for name in result.sensor_marks_ended)
        lines.append(t(lang, "effects.turn_marks_ended", units=units))
    return lines
