"""Text of `/marker` in the caller's language; the lines `/game status` shows for markers,
mines and scramble-proof units; the Grip test of an order. User text goes through `plain`.

Imports nothing of `cogs.game.render` (which imports this module for status and orders).
"""

from __future__ import annotations

from cogs.common.text import plain
from cogs.markers.options import MARKER_EMOJI
from core.antares.game import GameState
from core.antares.rolls import TestRoll
from core.antares.table_markers.effects import GripRecord
from core.antares.table_markers.lookup import markers_of
from core.antares.table_markers.markers import (
    JamProofSet,
    MarkerAffected,
    MarkerPlaced,
    MarkerRemoved,
)
from core.antares.table_markers.models import AmmoMarker, Mine
from locales import Lang, t
from rulesdb import load_rules


def weapon_name(weapon_id: str | None) -> str:
    if weapon_id is None:
        return ""
    found = load_rules().weapons.get(weapon_id)
    return found.name_en if found is not None else weapon_id


def marker_text(lang: Lang, marker: AmmoMarker) -> str:
    """⚡ **Arc #3** (the type's name in the caller's language)."""
    return t(
        lang,
        "marker.marker",
        emoji=MARKER_EMOJI[marker.type],
        name=t(lang, f"marker.type.{marker.type}"),
        number=marker.number,
    )


def _where(lang: Lang, key: str, location: str) -> str:
    return t(lang, key, location=plain(location)) if location else ""


def _fired_by(lang: Lang, weapon: str | None) -> str:
    return t(lang, "marker.fired_by", weapon=weapon_name(weapon)) if weapon else ""


def placed(lang: Lang, result: MarkerPlaced) -> str:
    marker = result.marker
    first = t(
        lang,
        "marker.placed",
        marker=marker_text(lang, marker),
        owner=marker.owner_id,
        where=_where(lang, "marker.where", marker.location),
        weapon=_fired_by(lang, marker.weapon),
    )
    return f"{first}\n{t(lang, 'marker.declare_hint')}"


def removed(lang: Lang, result: MarkerRemoved) -> str:
    lines = [t(lang, "marker.removed", marker=marker_text(lang, result.marker))]
    if result.units:
        names = ", ".join(plain(n) for n in result.units)
        lines.append(t(lang, "marker.removed_units", units=names))
    return "\n".join(lines)


def affected(lang: Lang, result: MarkerAffected) -> str:
    marker, unit = marker_text(lang, result.marker), plain(result.unit_name)
    if not result.inside:
        return t(lang, "marker.outside", unit=unit, marker=marker)
    return t(lang, "marker.inside", unit=unit, marker=marker, effect=t(lang, result.effect))


def jam_proof(lang: Lang, result: JamProofSet) -> str:
    key = "marker.jam_proof_on" if result.jam_proof else "marker.jam_proof_off"
    return t(lang, key, unit=plain(result.unit_name))


def mark(test: TestRoll) -> str:
    return "✅" if test.passed else "❌"


def grip_line(lang: Lang, grip: GripRecord) -> str:
    """The Grip test of a unit that moved from within a Grip marker."""
    test = t(
        lang, "marker.ag_test", target=grip.test.target, roll=grip.test.roll, mark=mark(grip.test)
    )
    line = t(
        lang,
        "marker.grip",
        markers=", #".join(str(n) for n in grip.markers),
        test=test,
        outcome=t(lang, f"marker.grip_outcome.{grip.outcome}"),
    )
    if grip.pins is not None:
        pins = t(lang, "marker.grip_outcome.pin", before=grip.pins.before, after=grip.pins.after)
        line += " " + pins
    return line


# --- lists and /game status ----------------------------------------------------------------


def marker_line(lang: Lang, state: GameState, marker: AmmoMarker) -> str:
    line = t(
        lang,
        "marker.line",
        marker=marker_text(lang, marker),
        owner=marker.owner_id,
        turn=marker.turn,
        where=_where(lang, "marker.where", marker.location),
        weapon=_fired_by(lang, marker.weapon),
    )
    living = {u.id: u for u in state.living()}
    names = [plain(living[u].name) for u in marker.units if u in living]
    if names:
        return line + "\n" + t(lang, "marker.line_units", units=", ".join(names))
    return line + "\n" + t(lang, "marker.line_nobody")


def mine_line(lang: Lang, mine: Mine) -> str:
    return t(
        lang,
        "mine.line",
        number=mine.number,
        owner=mine.owner_id,
        unit=plain(mine.unit_name),
        turn=mine.turn,
        where=_where(lang, "mine.where", mine.location),
        weapon=weapon_name(mine.weapon),
    )


def jam_proof_line(lang: Lang, state: GameState) -> str | None:
    names = [plain(u.name) for u in state.living() if u.jam_proof]
    return t(lang, "marker.jam_proof_line", units=", ".join(names)) if names else None


def marker_lines(lang: Lang, state: GameState) -> list[str]:
    lines = [marker_line(lang, state, m) for m in markers_of(state)]
    proof = jam_proof_line(lang, state)
    return lines + ([proof] if proof else [])


def table_lines(lang: Lang, state: GameState) -> list[str]:
    """Every marker, every mine, the scramble-proof units (empty: nothing on the table)."""
    return marker_lines(lang, state) + [mine_line(lang, m) for m in state.mines]
