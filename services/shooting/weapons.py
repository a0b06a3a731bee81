"""Weapons and modes as the shooting commands name them, and their autocomplete.

A weapon option holds the rulesdb id when picked from the list, or what the player typed:
an exact French or English name (or alias) is accepted, so is a shorthand that names one
weapon only ("plasma carb"); anything else is refused with the closest weapons
(``{use}.no_weapon``) rather than firing a weapon the player did not mean. A mode is its id
or its name in either language; an unknown one is left to the core, which lists the modes.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.shooting.combat import GRENADES, HAND_WEAPONS
from core.antares.shooting.profile import UNNAMED_MODE
from core.common.errors import NotFound
from rulesdb.models import Weapon
from rulesdb.weapons import Mode
from services.rules import RulesLookup

QUERY_LIMIT = 100
CHOICES_MAX = 25
SUGGESTIONS = 5


@dataclass(frozen=True, slots=True)
class Choice:
    name: str
    value: str


def cleaned(text: str) -> str:
    return " ".join(str(text).split())[:QUERY_LIMIT]


def strikes_in_h2h(weapon: Weapon, mode: Mode) -> bool:
    """A mode usable in close combat (as ``core.antares.shooting.close_combat.striking``
    accepts)."""
    return mode.h2h_only or mode.attacks is not None or weapon.id in GRENADES | HAND_WEAPONS


def shoots(mode: Mode) -> bool:
    return not mode.h2h_only


def h2h_weapon(weapon: Weapon) -> bool:
    return any(strikes_in_h2h(weapon, mode) for mode in weapon.modes)


def find_weapon(lookup: RulesLookup, text: str, use: str) -> Weapon:
    """The weapon ``text`` names; ``{use}.no_weapon`` with suggestions otherwise."""
    query = cleaned(text)
    weapons = lookup.db.weapons
    if query in weapons:
        return weapons[query]
    hits = lookup.index.search(query, kind="weapon", limit=SUGGESTIONS) if query else []
    sure = [h for h in hits if h.why in ("exact", "alias")]
    shorthand = [h for h in hits if h.why == "words"]
    if sure:
        return weapons[sure[0].id]
    if len(shorthand) == 1:
        return weapons[shorthand[0].id]
    names = [h.name for h in hits] or [
        h.name for h in lookup.index.suggest(query) if h.kind == "weapon"
    ]
    raise NotFound(f"{use}.no_weapon", weapon=query or "—", suggestions=", ".join(names) or "—")


def find_mode(weapon: Weapon, text: str | None) -> str | None:
    """The mode id ``text`` names (id, French or English name), else ``text`` as given."""
    if text is None or not text.strip():
        return None
    query = cleaned(text).casefold()
    for mode in weapon.modes:
        names = {mode.id, (mode.name_en or "").casefold(), (mode.name_fr or "").casefold()}
        if query in names:
            return mode.id
    return cleaned(text)


def mode_label(mode: Mode, lang: str) -> str | None:
    """The mode's name in ``lang``; None for a weapon's only, unnamed mode."""
    return mode.name_fr if lang == "fr" else mode.name_en


def weapon_label(weapon: Weapon, lang: str) -> str:
    return weapon.name_fr if lang == "fr" else weapon.name_en


def weapon_choices(lookup: RulesLookup, typed: str, lang: str, use: str) -> list[Choice]:
    """Weapons whose name matches ``typed``: all for /shoot, close-combat ones for /assault."""
    hits = lookup.index.search(cleaned(typed), kind="weapon", limit=100, lang=lang)
    weapons = lookup.db.weapons
    wanted = [h for h in hits if use == "shoot" or h2h_weapon(weapons[h.id])]
    if use == "shoot":
        wanted = [h for h in wanted if any(shoots(m) for m in weapons[h.id].modes)]
    return [Choice(h.name[:100], h.id) for h in wanted[:CHOICES_MAX]]


def mode_choices(
    lookup: RulesLookup, weapon_text: str | None, typed: str, lang: str, use: str
) -> list[Choice]:
    """The chosen weapon's modes (those that shoot, or those that strike in H2H)."""
    if not weapon_text:
        return []
    try:
        weapon = find_weapon(lookup, weapon_text, use)
    except NotFound:
        return []
    usable = [
        m for m in weapon.modes if (shoots(m) if use == "shoot" else strikes_in_h2h(weapon, m))
    ]
    query = typed.strip().casefold()
    found = []
    for mode in usable:
        name = mode_label(mode, lang) or UNNAMED_MODE
        if query in name.casefold() or query in mode.id:
            found.append(Choice(name[:100], mode.id))
    return found[:CHOICES_MAX]
