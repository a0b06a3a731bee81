"""A BattleScribe / New Recruit roster (XML) read into raw units, safely.

The XML is parsed by `defusedxml` with no DTD allowed: an entity bomb or an external entity
is refused before any expansion. The format (BattleScribe's roster schema): `roster` (its
`gameSystemName`, its `costs`) > `forces/force` (its `catalogueName`: the faction) >
`selections/selection` (a unit, `type="unit"` or `"model"`) > nested `selection`s (models,
weapons, upgrades, each with a `number`), each with `profiles/profile` (`typeName`,
`characteristics/characteristic name=…` holding the value as text) and `costs/cost`.
Namespaces are ignored: BattleScribe and New Recruit write the same tags.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element, ParseError

import defusedxml
from defusedxml.ElementTree import fromstring

from core.errors import BadInput
from core.roster.limits import UNITS_MAX, roster_xml
from core.roster.model import NAME_MAX, RosterProfile

STAT_NAMES = {"ag": "ag", "acc": "acc", "str": "str", "res": "res", "init": "init", "co": "co"}
NUMBER = re.compile(r"-?\d+")
CONTROL = re.compile(r"[\x00-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


@dataclass
class RawWeapon:
    name: str
    count: int
    profiles: list[RosterProfile]


@dataclass
class RawUnit:
    name: str
    models: int
    stats: dict[str, int]
    special: str  # the unit profile's special rules text (MOD2, armour)
    categories: list[str]
    weapons: list[RawWeapon] = field(default_factory=list)
    upgrades: list[tuple[str, int]] = field(default_factory=list)  # not weapons
    points: int = 0


@dataclass
class RawRoster:
    name: str
    system: str
    factions: list[str]
    points: int
    units: list[RawUnit]


def tag(element: Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def children(element: Element, *path: str) -> list[Element]:
    """The elements at `path` below `element` (each step a tag, namespaces ignored)."""
    return element.findall("/".join(f"{{*}}{step}" for step in path))


def clean(text: str | None, limit: int = NAME_MAX) -> str:
    return " ".join(CONTROL.sub(" ", text or "").split())[:limit]


def number(text: str | None, default: int = 0) -> int:
    found = NUMBER.search(text or "")
    return int(found.group()) if found else default


def points(element: Element) -> int:
    """Its points (the `pts` cost) and those of every selection inside it."""
    total = 0.0
    for cost in element.iterfind(".//{*}cost"):
        if cost.get("name", "").lower() in ("pts", "points"):
            try:
                total += float(cost.get("value", "0"))
            except ValueError:
                continue
    return int(total)


def read_roster(filename: str, data: bytes) -> RawRoster:
    """The roster in `data` (a `.ros` or `.rosz`), or a refusal saying what is wrong."""
    return parse_roster(roster_xml(filename, data))


def parse_roster(xml: bytes) -> RawRoster:
    try:
        xml.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadInput("army.not_utf8", position=error.start) from error
    try:
        root = fromstring(xml, forbid_dtd=True)
    except defusedxml.DefusedXmlException as error:
        raise BadInput("army.unsafe_xml") from error
    except ParseError as error:
        raise BadInput("army.bad_xml", line=error.position[0]) from error
    if tag(root) != "roster":
        raise BadInput("army.not_a_roster", file=tag(root)[:60])
    forces = root.findall(".//{*}force") if tag(root) == "roster" else []
    units = [u for force in forces for u in _units(force)]
    if not units:
        raise BadInput("army.no_units")
    return RawRoster(
        name=clean(root.get("name")),
        system=clean(root.get("gameSystemName")),
        factions=[clean(f.get("catalogueName")) for f in forces],
        points=_own_points(root) or sum(u.points for u in units),
        units=units,
    )


def _own_points(root: Element) -> int:
    total = 0.0
    for cost in children(root, "costs", "cost"):
        if cost.get("name", "").lower() in ("pts", "points"):
            total += float(number(cost.get("value")))
    return int(total)


def _units(force: Element) -> list[RawUnit]:
    units = []
    for selection in children(force, "selections", "selection"):
        unit = _unit(selection)
        if unit is None:
            continue  # an army-wide option: no unit profile
        units.append(unit)
        if len(units) > UNITS_MAX:
            raise BadInput("army.too_many_units", limit=UNITS_MAX)
    return units


def _profiles(element: Element) -> list[Element]:
    return children(element, "profiles", "profile")


def _cells(profile: Element) -> dict[str, str]:
    return {
        clean(c.get("name"), 40).lower(): clean(c.text or c.get("value"), 200)
        for c in children(profile, "characteristics", "characteristic")
    }


def _stat_profile(selection: Element) -> dict[str, str] | None:
    for element in selection.iterfind(".//{*}profile"):
        cells = _cells(element)
        if {"ag", "acc", "co"} <= cells.keys() or {"acc", "res", "co"} <= cells.keys():
            return cells
    return None


def _unit(selection: Element) -> RawUnit | None:
    cells = _stat_profile(selection)
    if cells is None:
        return None
    models = sum(
        max(number(s.get("number"), 1), 1)
        for s in selection.iterfind(".//{*}selection")
        if s.get("type") == "model"
    )
    unit = RawUnit(
        name=clean(selection.get("customName") or selection.get("name")) or "?",
        models=models or max(number(selection.get("number"), 1), 1),
        stats={STAT_NAMES[k]: number(v) for k, v in cells.items() if k in STAT_NAMES},
        special=cells.get("special", "") + " " + cells.get("special rules", ""),
        categories=[
            clean(c.get("name"), 60) for c in children(selection, "categories", "category")
        ],
        points=points(selection),
    )
    _gear(selection, unit)
    return unit


def _gear(selection: Element, unit: RawUnit) -> None:
    """Weapons (selections with weapon profiles) and upgrades (the others), same names
    added up."""
    weapons: dict[str, RawWeapon] = {}
    upgrades: dict[str, int] = {}
    for inner in selection.iterfind(".//{*}selection"):
        if inner.get("type") == "model":
            continue
        count = max(number(inner.get("number"), 1), 1)
        name = clean(inner.get("name"))
        modes = [p for p in _profiles(inner) if "weapon" in (p.get("typeName") or "").lower()]
        if modes:
            held = weapons.setdefault(name, RawWeapon(name, 0, [_mode(p) for p in modes]))
            held.count += count
        else:
            upgrades[name] = upgrades.get(name, 0) + count
    unit.weapons = list(weapons.values())
    unit.upgrades = list(upgrades.items())


def _mode(profile: Element) -> RosterProfile:
    cells = _cells(profile)
    return RosterProfile(
        name=clean(profile.get("name")),
        effective=cells.get("effective", cells.get("short", "")),
        long=cells.get("long", ""),
        extreme=cells.get("extreme", ""),
        sv=cells.get("sv", cells.get("strike value", "")),
        special=cells.get("special", cells.get("special rules", "")),
    )
