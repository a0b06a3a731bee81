"""Seeds 001 (hex wargame mechanics) and 004 (Epic capabilities): every section is an entry,
and the four Errement D6 tables are rollable rows with the seed's results."""

from __future__ import annotations

import re

import pytest

from rulesdb.models import EpicCapability, RollTable, RulesDB, TextEntry
from tests.rulesdb.seed_text import (
    HEX,
    HEX_GROUPS,
    epic_headings,
    epic_kinds,
    hex_headings,
    lines,
    plain,
)


def test_every_hex_section_is_an_entry(db: RulesDB) -> None:
    headings = hex_headings()
    assert len(headings) == 31
    covered = {s.heading for e in db.entries if e.system == "hex" for s in e.source}
    assert [h for h in headings if h not in covered] == []
    assert len([e for e in db.entries if isinstance(e, TextEntry) and e.system == "hex"]) == 31


def test_every_hex_group_holds_entries(db: RulesDB) -> None:
    """001 groups its terrain sections under "Terrain : ..." headings (``group`` in the data)."""
    for group in HEX_GROUPS:
        assert any(line.strip() == group for line in lines(HEX))
        assert any(isinstance(e, TextEntry) and e.group == group for e in db.entries), group


def test_every_epic_capability_is_an_entry(db: RulesDB) -> None:
    headings = epic_headings()
    assert len(headings) == 17
    capabilities = {
        s.heading: e for e in db.entries if isinstance(e, EpicCapability) for s in e.source
    }
    assert sorted(capabilities) == sorted(headings)
    kinds = epic_kinds()
    for heading, entry in capabilities.items():
        assert entry.applies_to == {"Arme": "weapon", "Unité": "unit"}[kinds[heading]], heading
        assert (entry.param is not None) == ("(XX)" in heading), heading


@pytest.mark.parametrize(
    ("capability", "param"),
    [
        ("epic-close-defences", "X"),
        ("epic-elite", "X"),
        ("epic-damages-buildings", "X"),
        ("epic-template", "X"),
        ("epic-mechanic", "X"),
        ("epic-regeneration", "X+"),
        ("epic-transport", "X"),
    ],
)
def test_epic_parameters(db: RulesDB, capability: str, param: str) -> None:
    entry = db.get(capability)
    assert isinstance(entry, EpicCapability) and entry.param is not None
    assert entry.param.name == param


def errement_tables() -> list[list[tuple[str, str]]]:
    """001 "Errement": the four "Lancer **1D6** :" lists, as (result, text) rows."""
    tables: list[list[tuple[str, str]]] = []
    for line in lines(HEX):
        if line.startswith("Lancer **1D6**"):
            tables.append([])
        elif tables and (match := re.match(r"^- (\d(?:-\d)?) : (.+)$", line.strip())):
            tables[-1].append((match[1], plain(match[2])))
        elif tables and line.startswith("- L'"):
            break
    return tables


PIVOT = "Le déplacement est remplacé en effectuant un pivotement (gratuit) de 60° sur la {} avant "
PHRASES = {  # 001 Errement wording -> effects in the data
    "Le déplacement prévu est exécuté. Le mouvement peut continuer": ["move", "continue"],
    "Le déplacement est annulé, l'Unité ne bouge pas. Le mouvement s'arrête": ["no_move", "stop"],
    PIVOT.format("gauche") + "de l'exécuter. Le mouvement s'arrête": ["pivot_left", "move", "stop"],
    PIVOT.format("droite") + "de l'exécuter. Le mouvement s'arrête": [
        "pivot_right",
        "move",
        "stop",
    ],
}


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_errement_table_rows(db: RulesDB, number: int) -> None:
    seed_rows = errement_tables()[number - 1]
    table = db.tables[f"hex-wandering-{number}"]
    assert isinstance(table, RollTable) and table.die == "D6"
    assert [(r.low, r.high) for r in table.rows] == [_range(result) for result, _ in seed_rows]
    assert [r.text_fr for r in table.rows] == [text for _, text in seed_rows]
    for row, (_, text) in zip(table.rows, seed_rows, strict=True):
        assert [e.kind for e in row.effects] == PHRASES[text.rstrip(".")]
        assert all(e.value == 60 for e in row.effects if e.kind.startswith("pivot"))


def test_there_are_four_errement_tables() -> None:
    assert [len(t) for t in errement_tables()] == [3, 4, 4, 4]


def _range(cell: str) -> tuple[int, int]:
    low, _, high = cell.partition("-")
    return int(low), int(high or low)
