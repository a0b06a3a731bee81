"""Tables an engine rolls on: damage charts, the Shield Drone interception, Errement.

Roll the table's die with your dice source, then ``lookup`` the row::

    table = db.damage_tables["vehicle-damage"]
    row = table.lookup(dice.roll(table.sides))
    for effect in row.effects: ...   # {kind="pins", dice="D3"}, {kind="down"}, ...

Effects that carry ``dice`` (``+D3 Stress``) are rolled by the engine too.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, PositiveInt, model_validator

from rulesdb.base import Dice, Entry, Model, Text

EffectKind = Literal[
    "no_effect",  # Aucun effet
    "pins",  # +n or +Dn Stress (pins)
    "down",  # the unit goes Down
    "mod_minus",  # a MOD unit loses ``value`` order dice (DOM -1 Dé d'Ordre)
    "malfunction",  # Dysfonctionnement
    "immobilised",  # Immobilisé
    "morale_test",  # Test de Moral (break test)
    "destroyed",  # Détruit(e)
    "blocked",  # Shield Drone: the shot is intercepted
    "not_blocked",  # Shield Drone: the shot goes through and hits the target
    "drone_lost",  # the (shield) drone is destroyed
    "move",  # Errement: the planned move is carried out
    "no_move",  # Errement: the move is cancelled, the unit does not move
    "pivot_left",  # Errement: free pivot of ``value`` degrees to the left, then move
    "pivot_right",  # Errement: free pivot of ``value`` degrees to the right, then move
    "stop",  # Errement: movement ends
    "continue",  # Errement: movement may go on
]


class Effect(Model):
    kind: EffectKind
    value: int | None = None
    dice: Dice | None = None

    @model_validator(mode="after")
    def _amount(self) -> Effect:
        if self.kind == "pins" and (self.value is None) == (self.dice is None):
            raise ValueError("pins take either a value or dice")
        if self.kind != "pins" and self.dice is not None:
            raise ValueError(f"{self.kind} takes no dice")
        return self


class TableRow(Model):
    low: PositiveInt
    high: PositiveInt
    text_fr: Text
    text_en: Text
    effects: tuple[Effect, ...] = Field(min_length=1)

    def covers(self, roll: int) -> bool:
        return self.low <= roll <= self.high


class RollTable(Entry):
    kind: Literal["table"] = "table"
    table: Literal["damage", "interception", "wandering"]
    die: Dice
    summary_en: Text
    summary_fr: Text
    rows: tuple[TableRow, ...] = Field(min_length=1)

    @property
    def sides(self) -> int:
        return int(self.die[1:])

    @model_validator(mode="after")
    def _rows_cover_the_die(self) -> RollTable:
        expected = 1
        for row in self.rows:
            if row.low != expected or row.high < row.low:
                raise ValueError(
                    f"rows must cover 1-{self.sides} in order; gap or overlap at {row.low}"
                )
            expected = row.high + 1
        if expected != self.sides + 1:
            raise ValueError(f"rows end at {expected - 1}, the die is {self.die}")
        return self

    def lookup(self, roll: int) -> TableRow:
        for row in self.rows:
            if row.covers(roll):
                return row
        raise ValueError(f"{roll} is not a result of a {self.die}")

    def search_text(self) -> str:
        return " ".join([self.summary_en, self.summary_fr, *(r.text_fr for r in self.rows)])


DamageTable = RollTable
