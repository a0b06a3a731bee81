"""`/odds compare`: the second line of a comparison, as one word or two of the table's.

"net" or "standard" changes the ammo (standard: none), "scatter" the mode of the same
weapon, "plasma carbine" the weapon, "plasma carbine / scatter" the weapon and its mode.
Anything else is refused with what to write (``odds.bad_compare``), in the caller's language.
"""

from __future__ import annotations

from dataclasses import replace

from core.common.errors import BadInput, NotFound, in_each_language
from rulesdb.models import AmmoEntry
from services.rules import RulesLookup
from services.shooting.options import ShotOptions
from services.shooting.weapons import cleaned, find_mode, find_weapon

STANDARD = frozenset({"standard", "none", "aucune", "standards", "normal", "normale"})


def ammo_named(lookup: RulesLookup, text: str) -> str | None:
    """The ammo id ``text`` names (id, English or French name), else None."""
    wanted = text.casefold()
    for entry in lookup.db.entries:
        if isinstance(entry, AmmoEntry) and entry.launchers:
            names = {entry.id, entry.name_en.casefold(), entry.name_fr.casefold()}
            if wanted in names:
                return entry.id
    return None


def mode_named(lookup: RulesLookup, weapon: str | None, text: str) -> str | None:
    if weapon is None or weapon not in lookup.db.weapons:
        return None
    found = find_mode(lookup.db.weapons[weapon], text)
    known = {m.id for m in lookup.db.weapons[weapon].modes}
    return found if found in known else None


def compared(lookup: RulesLookup, options: ShotOptions, text: str) -> ShotOptions:
    """``options`` with the weapon, mode or ammo ``text`` names."""
    query = cleaned(text).strip()
    if query.casefold() in STANDARD:
        return replace(options, ammo=None)
    ammo = ammo_named(lookup, query)
    if ammo is not None:
        return replace(options, ammo=ammo)
    mode = mode_named(lookup, options.weapon, query)
    if mode is not None:
        return replace(options, mode=mode)
    name, _, mode_text = query.partition("/")
    try:
        weapon = find_weapon(lookup, name.strip(), "shoot")
    except NotFound:
        raise BadInput("odds.bad_compare", text=query[:60], examples=EXAMPLES) from None
    mode = find_mode(weapon, mode_text.strip() or None)
    return replace(options, weapon=weapon.id, mode=mode, ammo=None)


EXAMPLES = in_each_language(
    "net, standard, scatter, plasma carbine / scatter",
    "filet, standard, dispersion, carabine à plasma / dispersion",
)
