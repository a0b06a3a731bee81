"""A BattleScribe / New Recruit roster (XML) read into raw units, safely and at a bounded cost.

The XML is parsed by `defusedxml` with no DTD allowed: an entity bomb or an external entity
is refused before any expansion. It is fed in chunks (`core.antares.roster.stream`, each checked
first) to a target that counts and keeps only what is read here (`core.antares.roster.tree`); each
unit is read as soon as its end tag arrives, then dropped from the tree. The format
(BattleScribe's roster schema): `roster` (its `gameSystemName`, its `costs`) >
`forces/force` (its `catalogueName`: the faction) > `selections/selection` (a unit,
`type="unit"` or `"model"`) > nested `selection`s (models, weapons, upgrades, each with a
`number`), each with `profiles/profile` (`typeName`, `characteristics/characteristic
name=…` holding the value as text) and `costs/cost`.
Every number is read with at most `DIGITS_MAX` digits: a count of 5,000 digits, a cost of
`nan` or `1e309` is refused, saying which value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element, ParseError

import defusedxml
from defusedxml.ElementTree import DefusedXMLParser

from core.antares.roster.limits import DIGITS_MAX, MODES_PER_WEAPON, OPTIONS_PER_UNIT, UNITS_MAX
from core.antares.roster.model import NAME_MAX, RosterProfile
from core.antares.roster.stream import ByteChecks, chunked, xml_chunks
from core.antares.roster.tree import RosterTree
from core.common.errors import BadInput

STAT_NAMES = {"ag": "ag", "acc": "acc", "str": "str", "res": "res", "init": "init", "co": "co"}
NUMBER = re.compile(r"-?\d+")
COST = re.compile(r"\s*(-?\d+)(?:\.(\d*))?\s*")
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
    """The elements at `path` below `element`, each step a tag (`core.antares.roster.tree` took the
    namespaces off: plain loops, not ElementPath, which costs more than the rest here)."""
    found = [element]
    for step in path:
        found = [child for parent in found for child in parent if child.tag == step]
    return found


def below(element: Element, name: str) -> list[Element]:
    """Every element called `name` inside `element` (not `element` itself)."""
    return [e for e in element.iter(name) if e is not element]


def clean(text: str | None, limit: int = NAME_MAX) -> str:
    return " ".join(CONTROL.sub(" ", text or "").split())[:limit]


def bad_number(text: str) -> BadInput:
    return BadInput("army.bad_number", value=clean(text, 30) or "?", limit=DIGITS_MAX)


def number(text: str | None, default: int = 0) -> int:
    """The first whole number in `text`; refused past `DIGITS_MAX` digits."""
    found = NUMBER.search(text or "")
    if found is None:
        return default
    if len(found.group().lstrip("-")) > DIGITS_MAX:
        raise bad_number(text or "")
    return int(found.group())


def cost_value(text: str | None) -> float:
    """A cost as BattleScribe writes it (`15.0`); `nan`, `1e309` or 400 digits are refused."""
    found = COST.fullmatch(text or "0")
    if found is None or len(found.group(1).lstrip("-")) > DIGITS_MAX:
        raise bad_number(text or "")
    return float(f"{found.group(1)}.{(found.group(2) or '0')[:DIGITS_MAX] or '0'}")


def points(element: Element) -> int:
    """Its points (the `pts` cost) and those of every selection inside it."""
    return int(sum(_pts(cost) for cost in below(element, "cost")))


def _pts(cost: Element) -> float:
    if cost.get("name", "").lower() not in ("pts", "points"):
        return 0.0
    return cost_value(cost.get("value"))


def read_roster(filename: str, data: bytes) -> RawRoster:
    """The roster in `data` (a `.ros` or `.rosz`), or a refusal saying what is wrong."""
    return parse_roster(xml_chunks(filename, data))


def parse_roster(xml: bytes | Iterable[bytes]) -> RawRoster:
    """The roster in `xml` (its bytes, or its chunks in order), read as it streams in."""
    chunks = chunked(xml) if isinstance(xml, bytes) else xml
    units: list[RawUnit] = []
    root = _stream(chunks, lambda selection: _take_unit(selection, units))
    if root is None:
        raise BadInput("army.bad_xml", line=1)
    if not units:
        raise BadInput("army.no_units")
    forces = list(root.iter("force"))
    return RawRoster(
        name=clean(root.get("name")),
        system=clean(root.get("gameSystemName")),
        factions=[clean(f.get("catalogueName")) for f in forces],
        points=int(sum(_pts(c) for c in children(root, "costs", "cost")))
        or sum(u.points for u in units),
        units=units,
    )


def _stream(chunks: Iterable[bytes], on_unit) -> Element | None:
    """Feeds the checked chunks to a bounded parser; the roster element, units read out."""
    checks, target = ByteChecks(), RosterTree(on_unit)
    parser = DefusedXMLParser(target=target, forbid_dtd=True)
    try:
        for chunk in chunks:
            checks.check(chunk)
            parser.feed(chunk)
        checks.finish()
        return parser.close()
    except defusedxml.DefusedXmlException as error:
        raise BadInput("army.unsafe_xml") from error
    except ParseError as error:
        raise BadInput("army.bad_xml", line=error.position[0]) from error


def _take_unit(selection: Element, units: list[RawUnit]) -> None:
    unit = _unit(selection)
    if unit is None:
        return  # an army-wide option: no unit profile
    units.append(unit)
    if len(units) > UNITS_MAX:
        raise BadInput("army.too_many_units", limit=UNITS_MAX)


def _profiles(element: Element) -> list[Element]:
    return children(element, "profiles", "profile")


def _cells(profile: Element) -> dict[str, str]:
    return {
        clean(c.get("name"), 40).lower(): clean(c.text or c.get("value"), 200)
        for c in children(profile, "characteristics", "characteristic")
    }


def _stat_profile(selection: Element) -> dict[str, str] | None:
    for element in below(selection, "profile"):
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
        for s in below(selection, "selection")
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
    added up; at most `OPTIONS_PER_UNIT` different ones."""
    weapons: dict[str, RawWeapon] = {}
    upgrades: dict[str, int] = {}
    for inner in below(selection, "selection"):
        if inner.get("type") == "model":
            continue
        count = max(number(inner.get("number"), 1), 1)
        name = clean(inner.get("name"))
        modes = [p for p in _profiles(inner) if "weapon" in (p.get("typeName") or "").lower()]
        if modes:
            held = weapons.get(name) or weapons.setdefault(name, _weapon(unit, name, modes))
            held.count += count
        else:
            upgrades[name] = upgrades.get(name, 0) + count
        if len(weapons) + len(upgrades) > OPTIONS_PER_UNIT:
            raise BadInput("army.too_many_options", unit=unit.name, limit=OPTIONS_PER_UNIT)
    unit.weapons = list(weapons.values())
    unit.upgrades = list(upgrades.items())


def _weapon(unit: RawUnit, name: str, modes: list[Element]) -> RawWeapon:
    if len(modes) > MODES_PER_WEAPON:
        raise BadInput("army.too_many_modes", unit=unit.name, weapon=name, limit=MODES_PER_WEAPON)
    return RawWeapon(name, 0, [_mode(p) for p in modes])


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
