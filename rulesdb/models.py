"""The models of the rules database (pydantic v2, frozen, unknown keys rejected).

Entries by kind (the TOML array that holds them in ``rulesdb/data``):

* ``weapon``  (``[[weapon]]``)  -> ``Weapon`` (see ``rulesdb.weapons`` for the table mapping)
* ``special_rule``, ``common_rule`` (``[[rule]]``) -> ``RuleEntry``
* ``ammo`` (``[[ammo]]``) -> ``AmmoEntry``: special ammo markers and who fires them
* ``equipment``, ``unit``, ``drone``, ``probe``, ``glossary``, ``hex`` (``[[entry]]``)
  -> ``TextEntry``
* ``core`` (``[[core]]``) -> ``CoreEntry``: core rules from the rules notes, no seed source
* ``epic`` (``[[capability]]``) -> ``EpicCapability``
* ``table`` (``[[table]]``) -> ``RollTable``: damage charts, Shield Drone, Errement
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from pydantic import model_validator

from rulesdb.base import Dice, Entry, Model, Reading, SettingName, Slug, Text
from rulesdb.tables import DamageTable, Effect, RollTable, TableRow
from rulesdb.weapons import Band, Mode, RuleRef, Weapon

__all__ = [
    "AmmoEntry",
    "AmmoPins",
    "AnyEntry",
    "CoreEntry",
    "Band",
    "DamageTable",
    "Effect",
    "EpicCapability",
    "Mode",
    "ParamSpec",
    "Reading",
    "RollTable",
    "RuleEntry",
    "RuleRef",
    "RulesDB",
    "TableRow",
    "TextEntry",
    "Weapon",
]


class TextEntry(Entry):
    """A rule text of a seed: equipment, drones, probes, glossary terms, hex mechanics.

    ``text_fr`` is the seed's French text (markdown kept, HTML removed); when several seeds
    print it, it is the text under the first source. ``group`` is the enclosing heading.
    """

    kind: Literal["equipment", "unit", "drone", "probe", "glossary", "hex"]
    summary_en: Text
    summary_fr: Text
    text_fr: str
    group: Text | None = None

    @model_validator(mode="after")
    def _text_or_note(self) -> TextEntry:
        if not self.text_fr.strip() and not self.note_en:
            raise ValueError("an entry without text_fr says why in note_en")
        return self

    def search_text(self) -> str:
        return " ".join([self.summary_en, self.summary_fr, self.text_fr])


class CoreEntry(Entry):
    """A core rule the seeds assume but do not print (orders, tests, reactions...), written
    in the bot's own words from ``shared/rules-notes.md``: never seed text, and it cites no
    seed heading (``source`` is empty; cards say "rules notes, not the armouries")."""

    kind: Literal["core"] = "core"
    summary_en: Text
    summary_fr: Text
    text_en: Text
    text_fr: Text

    def search_text(self) -> str:
        return " ".join([self.summary_en, self.summary_fr, self.text_en, self.text_fr])


class ParamSpec(Model):
    """The parameter a rule takes: ``n`` in RF(n), ``X`` in Transport (X); ``choices`` if fixed."""

    name: Text
    required: bool = True
    choices: tuple[Text, ...] = ()

    def check(self, value: int | str | None) -> str | None:
        """Why ``value`` does not fit, or None when it does."""
        if value is None:
            return f"needs its parameter ({self.name})" if self.required else None
        if self.choices:
            return None if value in self.choices else f"takes one of {list(self.choices)}"
        return None if isinstance(value, int) else "takes a whole number"


class RuleEntry(TextEntry):
    """A special rule (weapon tables) or a common rule, with the labels weapon cards print."""

    # a pydantic subclass narrows its `kind` (the discriminator): mypy sees a mutable field
    kind: Literal["special_rule", "common_rule"]  # type: ignore[assignment]
    param: ParamSpec | None = None
    label_fr: Text | None = None
    label_en: Text | None = None
    param_label_fr: Text | None = None
    param_label_en: Text | None = None

    @model_validator(mode="after")
    def _param_labels(self) -> RuleEntry:
        if self.param and not (self.param_label_fr and self.param_label_en):
            raise ValueError("a rule with a parameter has param_label_fr and param_label_en")
        return self

    def label(self, param: int | str | None = None, lang: str = "fr") -> str:
        """As a weapon table prints it: ``TR2``, ``Déflagration D5``, ``SP``; ``RF2`` in English."""
        if param is None:
            plain = self.label_en if lang == "en" else self.label_fr
            return plain or self.name(lang)
        template = self.param_label_en if lang == "en" else self.param_label_fr
        return (template or "{n}").format(n=param)


class AmmoPins(Model):
    """Pins a Net hit gives, per launcher (raise the unit's pins to ``dice`` + ``plus``).

    ``setting`` names the ruleset setting (``core.antares.ruleset``) that may replace ``dice`` by
    one
    of the ``alternatives`` when other published sources disagree with the seeds.
    """

    launcher: Slug
    dice: Dice
    plus: int = 0
    setting: SettingName | None = None
    alternatives: tuple[Dice, ...] = ()


class AmmoEntry(TextEntry):
    # as RuleEntry's `kind`
    kind: Literal["ammo"] = "ammo"  # type: ignore[assignment]
    launchers: tuple[Slug, ...] = ()
    pins: tuple[AmmoPins, ...] = ()


class EpicCapability(TextEntry):
    # as RuleEntry's `kind`
    kind: Literal["epic"] = "epic"  # type: ignore[assignment]
    applies_to: Literal["weapon", "unit"]
    param: ParamSpec | None = None


AnyEntry = Weapon | RuleEntry | AmmoEntry | EpicCapability | TextEntry | RollTable | CoreEntry


@dataclass(frozen=True)
class RulesDB:
    """Everything loaded and cross-checked; build it with ``rulesdb.load_rules()``."""

    entries: tuple[AnyEntry, ...]
    by_id: Mapping[str, AnyEntry] = field(repr=False)
    weapons: Mapping[str, Weapon] = field(repr=False)
    rules: Mapping[str, RuleEntry] = field(repr=False)
    tables: Mapping[str, RollTable] = field(repr=False)
    damage_tables: Mapping[str, RollTable] = field(repr=False)

    @classmethod
    def from_entries(cls, entries: tuple[AnyEntry, ...]) -> RulesDB:
        by_id = {e.id: e for e in entries}
        tables = {e.id: e for e in entries if isinstance(e, RollTable)}
        return cls(
            entries=entries,
            by_id=by_id,
            weapons={e.id: e for e in entries if isinstance(e, Weapon)},
            rules={e.id: e for e in entries if isinstance(e, RuleEntry)},
            tables=tables,
            damage_tables={
                k: t for k, t in tables.items() if t.table in ("damage", "interception")
            },
        )

    def get(self, entry_id: str) -> AnyEntry:
        """The entry with this id (KeyError if there is none)."""
        return self.by_id[entry_id]

    def of_kind(self, kind: str) -> tuple[AnyEntry, ...]:
        return tuple(e for e in self.entries if e.kind == kind)
