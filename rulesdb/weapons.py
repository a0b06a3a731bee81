"""Weapons: one entry per weapon, one ``Mode`` per row of a seed weapon table.

How a seed table row maps to the data (the completeness test relies on it):

* The row's first cell is ``Weapon`` or ``Weapon - Mode`` (``Plasma Carbine - Tir Unique``).
  ``Weapon`` is the weapon's ``name_en`` (the seeds print English weapon names); ``Mode`` is the
  ``name_fr`` of one of its modes. A row without a mode is the weapon's only mode, which has no
  name (``name_fr`` is absent).
* A weapon printed in several armouries with the same figures is one entry: its ``source``
  lists each table, and ``factions`` (derived from the sources) says who fields it.
* ``Efficace`` / ``Portée Longue`` / ``Extrême`` are the bands ``effective`` / ``long`` /
  ``extreme``. A band is absent when the cell says ``Aucune`` (or ``-``); ``10-30"`` is
  ``{min = 10, max = 30}`` (a minimum range, overhead weapons); ``40"`` is ``{max = 40}``.
  The long band covers (effective.max, long.max], the extreme band (long.max, extreme.max].
  "Combat au corps-à-corps uniquement" across the three cells is ``h2h_only = true``.
* ``Valeur d'Impact`` is ``sv``: ``3`` (fixed), ``[9, 7, 5]`` (effective/long/extreme),
  ``{base = 3, step = 1, max = 10}`` (``3+1 max 10``, Fractal Lock), ``"variable"``, ``"NA"``.
* ``Règles Spéciales`` is ``rules``, references to rule entries with their parameter:
  ``TR2`` -> ``{id = "rapid-fire", param = 2}``, ``Déflagration D5`` -> ``blast`` 5,
  ``SP`` -> ``overhead``, ``SPx2`` -> ``overhead`` 2, ``Démolition (m)`` -> ``demolition`` "m".
  A plain string is a reference without parameter. ``N attaques`` is ``attacks = N``
  (``Onde de Choc (3 Attaques)`` is ``shockwave`` plus ``attacks = 3``).
* ``heavy = true`` is not a cell of the tables: it marks the heavy weapons (README).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, PositiveInt, StrictInt, model_validator

from rulesdb.base import Entry, Model, Slug, Text

BandName = Literal["effective", "long", "extreme"]
BANDS: tuple[BandName, ...] = ("effective", "long", "extreme")


class Band(Model):
    """A range band in inches; ``min`` only where the table prints a minimum (``10-30"``)."""

    min: PositiveInt | None = None
    max: PositiveInt

    @model_validator(mode="after")
    def _ordered(self) -> Band:
        if self.min is not None and self.min >= self.max:
            raise ValueError(f"min {self.min} must be below max {self.max}")
        return self

    def text(self) -> str:
        return f'{self.min}-{self.max}"' if self.min else f'{self.max}"'


class FixedSV(Model):
    kind: Literal["fixed"] = "fixed"
    value: StrictInt = Field(ge=0)

    def at(self, band: BandName, auto_hits: int = 0) -> int | None:
        return self.value

    def text(self) -> str:
        return str(self.value)


class BandSV(Model):
    """Compression weapons: the SV falls with the range band (``9/7/5``)."""

    kind: Literal["by_band"] = "by_band"
    effective: StrictInt = Field(ge=0)
    long: StrictInt = Field(ge=0)
    extreme: StrictInt = Field(ge=0)

    def at(self, band: BandName, auto_hits: int = 0) -> int | None:
        return getattr(self, band)

    def text(self) -> str:
        return f"{self.effective}/{self.long}/{self.extreme}"


class ProgressiveSV(Model):
    """Fractal weapons: ``base+step max N``, the SV rises with each automatic hit."""

    kind: Literal["progressive"] = "progressive"
    base: StrictInt = Field(ge=0)
    step: StrictInt = Field(ge=1)
    max: StrictInt = Field(ge=1)

    def at(self, band: BandName, auto_hits: int = 0) -> int | None:
        return min(self.base + self.step * auto_hits, self.max)

    def text(self) -> str:
        return f"{self.base}+{self.step} max {self.max}"


class VariableSV(Model):
    """Chosen in play (D-Spinner: Res +2 or SV 2, see its rule)."""

    kind: Literal["variable"] = "variable"

    def at(self, band: BandName, auto_hits: int = 0) -> int | None:
        return None

    def text(self) -> str:
        return "Variable"


class NoSV(Model):
    """``NA``: the weapon does no damage (Sensor Module)."""

    kind: Literal["none"] = "none"

    def at(self, band: BandName, auto_hits: int = 0) -> int | None:
        return None

    def text(self) -> str:
        return "NA"


StrikeValue = Annotated[
    FixedSV | BandSV | ProgressiveSV | VariableSV | NoSV, Field(discriminator="kind")
]


def _expand_sv(value: Any) -> Any:
    """The data's shorthands: ``3``, ``[9, 7, 5]``, ``{base, step, max}``, "variable", "NA"."""
    if isinstance(value, int) and not isinstance(value, bool):
        return {"kind": "fixed", "value": value}
    if isinstance(value, list | tuple) and len(value) == 3:
        return {"kind": "by_band", **dict(zip(BANDS, value, strict=True))}
    if isinstance(value, dict) and "kind" not in value and "base" in value:
        return {"kind": "progressive", **value}
    if value == "variable":
        return {"kind": "variable"}
    if value == "NA":
        return {"kind": "none"}
    return value


class RuleRef(Model):
    """A weapon's special rule: the id of a rule entry and its parameter (RF 2, Blast D5)."""

    id: Slug
    param: StrictInt | Text | None = None


class Mode(Model):
    id: Slug
    name_fr: Text | None = None
    name_en: Text | None = None
    effective: Band | None = None
    long: Band | None = None
    extreme: Band | None = None
    h2h_only: bool = False
    sv: StrikeValue
    attacks: PositiveInt | None = None
    rules: tuple[RuleRef, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _shorthands(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = dict(data, sv=_expand_sv(data.get("sv")))
            data["rules"] = [{"id": r} if isinstance(r, str) else r for r in data.get("rules", ())]
        return data

    @model_validator(mode="after")
    def _coherent(self) -> Mode:
        if (self.name_fr is None) != (self.name_en is None):
            raise ValueError("a mode has both name_fr and name_en, or neither")
        if self.h2h_only == (self.effective is not None):
            raise ValueError("a mode has an effective band unless it is h2h_only")
        if any(b is not None and b.min for b in (self.long, self.extreme)):
            raise ValueError("only the effective band has a minimum range")
        maxima = [b.max for b in self.bands().values()]
        if maxima != sorted(set(maxima)):
            raise ValueError(f"band maxima must increase: {maxima}")
        return self

    def bands(self) -> dict[BandName, Band]:
        """The bands the weapon has, nearest first."""
        found = {name: getattr(self, name) for name in BANDS}
        return {name: band for name, band in found.items() if band is not None}

    def band_at(self, distance: float) -> BandName | None:
        """The band a target at ``distance`` inches is in; None when too close or too far."""
        low = 0.0
        for name, band in self.bands().items():
            if name == "effective" and band.min is not None and distance < band.min:
                return None
            if low <= distance <= band.max:
                return name
            low = band.max
        return None

    def sv_at(self, band: BandName, auto_hits: int = 0) -> int | None:
        """The strike value at a band (after ``auto_hits`` automatic hits for fractal weapons)."""
        return self.sv.at(band, auto_hits)

    def rule(self, rule_id: str) -> RuleRef | None:
        return next((r for r in self.rules if r.id == rule_id), None)


class Weapon(Entry):
    """``heavy``: a heavy weapon, fired by a weapon team; a Fire order gives it no +1 Acc
    (rules-notes "Shooting", ruleset ``heavy_weapons_fire_bonus``). Which weapons are heavy
    is listed in rulesdb/README.md; the seeds print no such column, so it is an addition."""

    kind: Literal["weapon"] = "weapon"
    modes: tuple[Mode, ...] = Field(min_length=1)
    heavy: bool = False

    @model_validator(mode="after")
    def _modes_distinct(self) -> Weapon:
        ids = [m.id for m in self.modes]
        if len(ids) != len(set(ids)):
            raise ValueError(f"duplicate mode ids: {ids}")
        if len(ids) > 1 and any(m.name_fr is None for m in self.modes):
            raise ValueError("a weapon with several modes names each of them")
        return self

    def mode(self, mode_id: str | None = None) -> Mode:
        """A mode by id; without an id, the only mode (ValueError if there are several)."""
        if mode_id is None:
            if len(self.modes) > 1:
                raise ValueError(f"{self.id} has modes {[m.id for m in self.modes]}")
            return self.modes[0]
        for mode in self.modes:
            if mode.id == mode_id:
                return mode
        raise KeyError(f"{self.id} has no mode {mode_id!r}")

    def search_text(self) -> str:
        names = (n for m in self.modes for n in (m.name_fr, m.name_en) if n)
        return " ".join(names)
