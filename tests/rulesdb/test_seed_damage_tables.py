"""Damage tables (002 and 003 "TABLEAUX DES DÉGÂTS") and the Shield Drone D10 table
(000/002 "SHIELD DRONE (Drone Bouclier)" as a list, 003 as a table): every row, its range,
its French text, and effects that follow from the text."""

from __future__ import annotations

import random
import re

import pytest

from rulesdb.models import RollTable, RulesDB
from tests.rulesdb.seed_text import ALGORYN, BOROMITE, ISORIAN, d10_rows, dice_range, lines

TABLES = {
    "vehicle-damage": "Dégâts des Véhicules (Vehicles)",
    "weapon-drone-damage": "Dégâts des Drones Armés (Weapon Drones)",
    "heavy-weapon-damage": "Dégâts des Armes Lourdes (Heavy Weapons)",
}
ROW_COUNTS = {"vehicle-damage": 8, "weapon-drone-damage": 6, "heavy-weapon-damage": 4}


def effects_of(text: str) -> list[tuple[str, int | None, str | None]]:
    """The seed's wording, item by item, as the effects the data must carry."""
    found = []
    for item in (i.strip().rstrip(".") for i in text.split(",")):
        if match := re.fullmatch(r"\+(\d+) Stress", item):
            found.append(("pins", int(match[1]), None))
        elif match := re.fullmatch(r"\+(D\d+) Stress", item):
            found.append(("pins", None, match[1]))
        elif match := re.fullmatch(r"DOM -(\d+) Dé d'Ordre", item):
            found.append(("mod_minus", int(match[1]), None))
        else:
            kind = {
                "Aucun Effet": "no_effect",
                "Down": "down",
                "Dysfonctionnement": "malfunction",
                "Immobilisé": "immobilised",
                "Test de Moral": "morale_test",
                "Détruit": "destroyed",
                "Détruite": "destroyed",
            }[item]
            found.append((kind, None, None))
    return found


@pytest.mark.parametrize("seed", [ISORIAN, ALGORYN])
@pytest.mark.parametrize("table_id", list(TABLES))
def test_damage_table_rows(db: RulesDB, seed: str, table_id: str) -> None:
    seed_rows = d10_rows(seed, TABLES[table_id])
    assert len(seed_rows) == ROW_COUNTS[table_id]
    table = db.damage_tables[table_id]
    assert table.die == "D10" and table.table == "damage"
    assert [(r.low, r.high, r.text_fr) for r in table.rows] == [
        (*dice_range(c), t) for c, t in seed_rows
    ]
    for row in table.rows:
        assert [(e.kind, e.value, e.dice) for e in row.effects] == effects_of(row.text_fr), (
            row.text_fr
        )


def test_shield_drone_table_003(db: RulesDB) -> None:
    table = db.damage_tables["shield-drone-table"]
    seed_rows = d10_rows(ALGORYN, "SHIELD DRONE (Drone Bouclier)")
    assert [(r.low, r.high, r.text_fr) for r in table.rows] == [
        (*dice_range(c), t) for c, t in seed_rows
    ]
    assert [[e.kind for e in r.effects] for r in table.rows] == [
        ["blocked"],
        ["blocked", "drone_lost"],
        ["not_blocked"],
    ]


@pytest.mark.parametrize("seed", [BOROMITE, ISORIAN])
def test_shield_drone_list_000_002_has_the_same_ranges(db: RulesDB, seed: str) -> None:
    """000/002: "- 1 = tir bloqué, drone OK", "- 2-9 = tir bloqué, drone détruit", "- 10 = ..."."""
    ranges = [
        dice_range(m[1]) for line in lines(seed) if (m := re.match(r"^- (\d+(?:-\d+)?) = ", line))
    ]
    assert ranges == [(r.low, r.high) for r in db.damage_tables["shield-drone-table"].rows]


def test_every_face_of_every_table_has_one_row(db: RulesDB) -> None:
    for table in db.tables.values():
        for face in range(1, table.sides + 1):
            assert sum(row.covers(face) for row in table.rows) == 1
        with pytest.raises(ValueError):
            table.lookup(table.sides + 1)


def test_rolling_a_table(db: RulesDB) -> None:
    """How an engine rolls: the die from the table, then the row."""
    rng = random.Random(3)
    table: RollTable = db.damage_tables["vehicle-damage"]
    rolls = [rng.randint(1, table.sides) for _ in range(200)]
    assert {table.lookup(r).text_fr for r in rolls} == {r.text_fr for r in table.rows}
    assert table.lookup(10).effects[0].kind == "destroyed"
    assert table.lookup(7).effects[0].dice == "D3"
