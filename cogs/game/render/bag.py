"""Replies of the bag, `/order` and `/turn end`: every die shown."""

from __future__ import annotations

import discord

from cogs.common.text import plain
from cogs.game.render.common import colour_name, fit_description, order_name, tag, test_text
from cogs.game.render.kept import lock_lines, turn_lines
from cogs.markers import render as table
from core.antares.bag import DisputeResult, DrawResult, SkipResult
from core.antares.game import Unit
from core.antares.orders import OrderResult
from core.antares.turn import TurnEndResult
from core.antares.turn_flow import TurnNow
from locales import Lang, t
from services.game import Blocked, Closed, Drawn, TurnEnded


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


def order_head(lang: Lang, result: OrderResult) -> str:
    """The die of an order given without a card (a typed `/order`): its colour and owner."""
    return t(
        lang,
        "card.order_head",
        colour=tag(result.colour),
        colour_name=colour_name(lang, result.colour),
        owner=result.owner_id,
    )


def drawn(lang: Lang, done: Drawn) -> str:
    owner = done.result.owner_id
    follow = "bag.drawn_pick" if done.units else "bag.drawn_none"
    return drawn_line(lang, done.result) + "\n" + t(lang, follow, owner=owner)


def skipped(lang: Lang, done: SkipResult) -> str:
    die = done.returned
    return t(
        lang,
        "bag.skipped",
        colour=tag(die.colour),
        colour_name=colour_name(lang, die.colour),
        owner=die.owner_id,
        left=done.bag_left,
    )


def taken(lang: Lang, done: Drawn) -> str:
    result = done.result
    unit = next((u for u in done.units if u.id == result.for_unit), None)
    name = plain(unit.name) if unit else "?"
    line = t(
        lang,
        "bag.taken",
        owner=result.owner_id,
        colour=tag(result.colour),
        colour_name=colour_name(lang, result.colour),
        unit=name,
        left=result.bag_left,
    )
    lead = taken_by(lang, result, name)
    return f"{lead}\n{line}" if lead else line


def taken_by(lang: Lang, result: DrawResult, unit: str) -> str:
    """Which rule of which unit took the die, and the Synchroniser's test ("" for none).
    Phase Synchronisation moves a unit "intégralement équipée d'armure à phases" (002): the
    core refuses one without phase armour unless the host or a GM forced it, which is said."""
    if result.rule is None:
        return ""
    by = plain(result.by_name or "?")
    if result.rule == "synchroniser":
        if result.sync_test is None:
            return t(lang, "bag.sync_no_test", by=by, unit=unit)
        return t(lang, "bag.sync_passed", by=by, unit=unit, test=test_text(lang, result.sync_test))
    order = (result.order_as or "").capitalize()
    line = t(lang, f"bag.by_{result.rule}", by=by, unit=unit, order=order)
    return line + "\n" + t(lang, "bag.phase_forced") if result.forced else line


def not_synchronised(lang: Lang, done: Drawn) -> str:
    """The Synchroniser test failed: no die left the bag, and that was its attempt."""
    result = done.result
    test = test_text(lang, result.sync_test) if result.sync_test else "—"
    return t(lang, "bag.sync_failed", by=plain(result.by_name or "?"), test=test)


def picked(lang: Lang, unit: Unit) -> str:
    return t(
        lang, "bag.picked", colour=tag(unit.colour), unit=plain(unit.name), owner=unit.owner_id
    )


def blocked(lang: Lang, done: Blocked) -> str:
    return blocked_line(lang, done) + "\n" + drawn(lang, done.drawn)


def blocked_line(lang: Lang, done: Blocked) -> str:
    """Block!: the die put back (the card of the die drawn instead follows it)."""
    colour = done.returned.colour
    return t(lang, "bag.blocked", colour=tag(colour), colour_name=colour_name(lang, colour))


def disputed(lang: Lang, result: DisputeResult) -> str:
    """The Subverter Matrix: its target's test and what it did (older logs: the dice only)."""
    name = plain(result.unit_name or "?")
    if result.outcome == "probe_destroyed":
        return t(
            lang, "bag.subvert_probe", by=result.by_owner_id, unit=name, dice=result.dice_removed
        )
    lines = []
    if result.test is not None:
        lines.append(
            t(
                lang,
                "bag.subvert_test",
                by=result.by_owner_id,
                unit=name,
                test=test_text(lang, result.test),
            )
        )
    if result.outcome == "disputed":
        lines.append(disputed_dice(lang, result))
    else:
        lines.append(t(lang, f"bag.subvert_{result.outcome}", owner=result.owner_id))
    return "\n".join(lines)


def disputed_dice(lang: Lang, result: DisputeResult) -> str:
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
    lines += homer_lines(lang, result, name)
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
    for lost in result.locks_lost:  # Fractal Locks the order ended
        lines += lock_lines(lang, lost)
    return "\n".join(lines)


def homer_lines(lang: Lang, result: OrderResult, name: str) -> list[str]:
    """A Run with the Homer Drone: the unit left the table, or the transport failed."""
    if not result.homer:
        return []
    if result.withdrawn:
        return [t(lang, "order.homer_withdrawn", unit=name, dice=result.dice_removed)]
    lines = [t(lang, "order.homer_failed")]
    if result.homer_lost:
        lines.append(t(lang, "order.homer_lost", unit=name))
    return lines


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
        for dispute in result.disputes:
            rounds = ", ".join(
                t(lang, "turn.dispute_round", owner=r.owner.value, opponent=r.opponent.value)
                for r in dispute.rounds
            )
            won = t(lang, "turn.dispute_won" if dispute.owner_won else "turn.dispute_lost")
            lines.append(
                t(
                    lang,
                    "turn.dispute",
                    colour=tag(dispute.colour),
                    owner=dispute.owner_id,
                    by=dispute.by_owner_id,
                    rounds=rounds,
                    outcome=won,
                )
            )
    if result.end_tests:
        lines.append(f"**{t(lang, 'turn.end_tests')}**")
        for ended in result.end_tests:
            lines.append(
                t(
                    lang,
                    "turn.end_test",
                    label=plain(ended.label or ended.kind),
                    value=ended.roll.value,
                    outcome=t(lang, ended.outcome),
                )
            )
    if not result.rolls:
        lines.append(t(lang, "turn.nothing"))
    if result.dice_returned:
        lines.append(t(lang, "turn.returned", dice=_dice_counts(result.dice_returned)))
    lines += turn_lines(lang, result)  # MOD −1 applied, Sensor Module marks ended
    if result.last:
        lines.append(t(lang, "turn.last_turn", turn=result.turn_ended))
    else:
        total = sum(done.state.bag.values())
        lines.append(t(lang, "turn.new_turn", turn=result.new_turn, total=total))
    return discord.Embed(
        title=t(lang, "turn.title", turn=result.turn_ended),
        description=fit_description(lang, lines),
    )


def step_line(lang: Lang, now: TurnNow) -> str:
    """What comes next ("Next: …"), as `core.antares.turn_flow.turn_now` says; "" for none."""
    if now.step == "order" and now.waiting is not None:
        die = now.waiting
        return t(
            lang,
            "undo.next_order",
            colour=tag(die.colour),
            colour_name=colour_name(lang, die.colour),
            owner=die.owner_id,
        )
    if now.step == "shoot" and now.acting:
        running = now.acting[0]
        return t(lang, "undo.next_shoot", unit=plain(running.unit_name), owner=running.owner_id)
    if now.step == "react":
        return t(lang, "undo.next_react")
    if now.step == "draw":
        return t(lang, "undo.next_draw")
    if now.step == "end_turn":
        return t(lang, "undo.next_turn_end")
    return ""


def activation_closed(lang: Lang, by: int, done: Closed) -> str:
    """✅ Done: whose activation ended, and what comes next."""
    result = done.result
    line = t(
        lang,
        "bag.done",
        by=by,
        unit=plain(result.unit_name),
        order=order_name(lang, result.order),
    )
    step = step_line(lang, done.now)
    return f"{line}\n{step}" if step else line
