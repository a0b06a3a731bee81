"""What a shot, a round or a chart did to the tracked units: models, pins, Down, dice lost,
the break test with its die, destruction; and to the shooter: Down, exhausted, locks."""

from __future__ import annotations

from cogs.common.lent import tested_value
from cogs.common.text import plain
from cogs.shooting.render_dice import face
from core.antares.casualties import BreakResult
from core.antares.rolls import TestRoll
from core.antares.shooting import DamageApplied, ShooterApplied
from locales import Lang, t


def test_text(lang: Lang, test: TestRoll) -> str:
    mark = "✅" if test.passed else "❌"
    if test.natural_one:
        mark += " " + t(lang, "damage.natural_one")
    elif test.natural_ten:
        mark += " " + t(lang, "damage.natural_ten")
    return t(
        lang,
        "damage.co_test",
        co=tested_value(lang, test),
        pins=test.pins,
        target=test.target,
        roll=face(test.roll),
        mark=mark,
    )


def break_lines(lang: Lang, applied: DamageApplied, test: BreakResult) -> list[str]:
    reasons = ", ".join(t(lang, f"damage.break_reason.{r}") for r in applied.break_reasons)
    lines = [t(lang, "damage.break_test", reasons=reasons, test=test_text(lang, test.record.test))]
    if not test.record.destroyed:
        lines.append(t(lang, "damage.break_held"))
        if test.record.pins_removed:
            lines.append(t(lang, "damage.break_pin_removed"))
    return lines


def model_and_pin_lines(lang: Lang, applied: DamageApplied, name: str) -> list[str]:
    lines = []
    if applied.casualties is not None:
        lines.append(
            t(
                lang,
                "damage.models",
                unit=name,
                before=applied.models_before,
                after=applied.models_after,
            )
        )
    if applied.pins is not None:
        lines.append(
            t(lang, "damage.pins", unit=name, before=applied.pins.before, after=applied.pins.after)
        )
    if applied.net is not None:
        lines.append(
            t(lang, "damage.net", unit=name, before=applied.net.before, after=applied.net.after)
        )
    if applied.pins_spared:
        lines.append(t(lang, "damage.pins_spared", unit=name))
    return lines


def state_lines(lang: Lang, applied: DamageApplied, name: str) -> list[str]:
    lines = []
    if applied.went_down:
        lines.append(t(lang, "damage.went_down", unit=name))
    if applied.dice_lost:
        lines.append(t(lang, "damage.dice_lost", unit=name, count=applied.dice_lost))
    if applied.dice_loss_pending:
        lines.append(t(lang, "damage.dice_pending", count=applied.dice_loss_pending))
    if applied.malfunction:
        lines.append(t(lang, "damage.malfunction", unit=name))
    if applied.immobilised:
        lines.append(t(lang, "damage.immobilised", unit=name))
    return lines


def damage_lines(lang: Lang, applied: DamageApplied | None) -> list[str]:
    """Everything written into the unit, in the order it happened."""
    if applied is None:
        return []
    name = plain(applied.unit_name)
    lines = model_and_pin_lines(lang, applied, name) + state_lines(lang, applied, name)
    if applied.break_test is not None:
        lines += break_lines(lang, applied, applied.break_test)
    if applied.break_test_needs_co:
        lines.append(t(lang, "damage.break_needs_co", unit=name))
    if applied.no_break_test is not None:
        lines.append(t(lang, f"damage.no_break_test.{applied.no_break_test}", unit=name))
    if applied.destroyed:
        lines.append(t(lang, "damage.destroyed", unit=name))
    if not lines:
        lines.append(t(lang, "damage.unharmed", unit=name))
    return lines


def shooter_lines(lang: Lang, applied: ShooterApplied | None) -> list[str]:
    if applied is None:
        return []
    name = plain(applied.unit_name)
    lines = []
    if applied.order_down is not None:
        rule = t(lang, f"shoot.rule.{applied.order_down}")
        lines.append(t(lang, "shoot.shooter_down", unit=name, rule=rule))
    if applied.end_test is not None:
        lines.append(t(lang, "shoot.shooter_exhausted", unit=name))
    if applied.overload_lost:
        lines.append(t(lang, "shoot.overload_lost", count=applied.overload_lost))
    if applied.fractal_lock is not None:
        lock = applied.fractal_lock
        lines.append(t(lang, "shoot.lock_kept", unit=name, auto=lock.auto_hits))
    if applied.locks_dropped:
        lines.append(t(lang, "shoot.locks_dropped", count=len(applied.locks_dropped)))
    return lines
