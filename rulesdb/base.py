"""What every entry of the rules database shares: seed sources, ids, names, system.

The five seed files are the ground truth; every entry says where it comes from with one
``Source`` (file + heading as printed in the seed) or several when the same rule, weapon
or piece of equipment is printed in more than one armoury. The game system and, for the
Antares armouries, the factions follow from the sources.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
    field_validator,
    model_validator,
)

System = Literal["antares", "hex", "epic"]
Faction = Literal["boromite", "isorian", "algoryn"]
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Text = Annotated[str, StringConstraints(min_length=1)]
Dice = Annotated[str, StringConstraints(pattern=r"^D(3|4|5|6|10)$")]
SettingName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]


class SeedInfo(NamedTuple):
    system: System
    faction: Faction | None


SEED_FILES: dict[str, SeedInfo] = {
    "000_7379b91c3c19a6a0.txt": SeedInfo("antares", "boromite"),
    "001_a44ac8d942876a56.txt": SeedInfo("hex", None),
    "002_01c935eeb5934418.txt": SeedInfo("antares", "isorian"),
    "003_acad1687ef8cd71e.txt": SeedInfo("antares", "algoryn"),
    "004_2f169385c40c7e0a.txt": SeedInfo("epic", None),
}
SeedFile = Literal[
    "000_7379b91c3c19a6a0.txt",
    "001_a44ac8d942876a56.txt",
    "002_01c935eeb5934418.txt",
    "003_acad1687ef8cd71e.txt",
    "004_2f169385c40c7e0a.txt",
]


class Model(BaseModel):
    """Frozen, and strict about unknown keys: a typo in a data file fails the load."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Source(Model):
    """A heading of a seed file, as printed there (``occurrence`` when it is printed twice)."""

    file: SeedFile
    heading: Text
    occurrence: int = Field(default=1, ge=1)

    @property
    def system(self) -> System:
        return SEED_FILES[self.file].system

    @property
    def faction(self) -> Faction | None:
        return SEED_FILES[self.file].faction


class Reading(Model):
    """What the bot does under one value of a ruleset setting (``core.antares.ruleset``), where the
    seeds leave a rule open or do not describe it: the bot's reading, not seed text. A card
    lists them (rulesdb/README.md "Readings of the seeds")."""

    setting: SettingName
    value: StrictBool | StrictInt | Text
    text_en: Text
    text_fr: Text


class Entry(Model):
    """A searchable entry. ``source`` accepts one table or a list of them in the data.
    ``readings``: the bot's reading of it, one per value of the settings that decide it."""

    id: Slug
    system: System
    name_fr: Text
    name_en: Text
    aliases: tuple[Text, ...] = ()
    source: tuple[Source, ...] = ()
    fix_note: Text | None = None
    note_en: Text | None = None
    note_fr: Text | None = None  # the same note for French cards
    related: tuple[Slug, ...] = ()
    readings: tuple[Reading, ...] = ()

    @field_validator("source", mode="before")
    @classmethod
    def _one_or_many(cls, value: Any) -> Any:
        return [value] if isinstance(value, dict) else value

    @model_validator(mode="after")
    def _note_in_both_languages(self) -> Entry:
        if (self.note_en is None) != (self.note_fr is None):
            raise ValueError("note_en and note_fr go together: French cards show note_fr")
        return self

    def note(self, lang: str = "fr") -> str | None:
        return self.note_en if lang == "en" else self.note_fr

    @model_validator(mode="after")
    def _system_matches_sources(self) -> Entry:
        if not self.source and getattr(self, "kind", None) != "core":
            raise ValueError("source: every entry but a core rule cites at least one seed heading")
        wrong = [s.file for s in self.source if s.system != self.system]
        if wrong:
            raise ValueError(f"system {self.system!r} does not match source file(s) {wrong}")
        return self

    @property
    def factions(self) -> tuple[Faction, ...]:
        """The armouries (seed files) that print this entry, in source order."""
        found = (s.faction for s in self.source if s.faction)
        return tuple(dict.fromkeys(found))

    def name(self, lang: str = "fr") -> str:
        return self.name_en if lang == "en" else self.name_fr

    def search_text(self) -> str:
        """Free text the index searches after names and aliases."""
        return ""
