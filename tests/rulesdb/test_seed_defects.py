"""The known defects of the seeds (seeds/README.md, "Known defects") are fixed in the data,
each with a ``fix_note``; the seed files themselves still show the defect."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesdb.loader import DATA_DIR
from rulesdb.models import AmmoEntry, RollTable, RulesDB, TextEntry
from rulesdb.search import RulesIndex
from tests.rulesdb.seed_text import ALGORYN, ARMOURIES, BOROMITE, HEX, ISORIAN, SEEDS, lines


def seed_text(seed: str) -> str:
    return (SEEDS / seed).read_text(encoding="utf-8")


def texts(db: RulesDB) -> list[tuple[str, str]]:
    return [(e.id, e.text_fr) for e in db.entries if isinstance(e, TextEntry)]


def test_camo_drone_under_002_second_batter_heading(db: RulesDB) -> None:
    """002 prints "BATTER DRONE (Drone Déflecteur)" twice; the second is the Camo Drone (003)."""
    assert sum(line == "• BATTER DRONE (Drone Déflecteur)" for line in lines(ISORIAN)) == 2
    camo = db.get("camo-drone")
    assert ("002_01c935eeb5934418.txt", "BATTER DRONE (Drone Déflecteur)", 2) in {
        (s.file, s.heading, s.occurrence) for s in camo.source
    }
    assert camo.fix_note and "Camo Drone" in camo.fix_note
    assert isinstance(camo, TextEntry) and "camouflage" in camo.text_fr
    batter = db.get("batter-drone")
    assert all(s.occurrence == 1 for s in batter.source)
    assert isinstance(batter, TextEntry) and "camouflage" not in batter.text_fr


@pytest.mark.parametrize("seed", ARMOURIES)
def test_srambler_is_read_scrambler(db: RulesDB, seed: str) -> None:
    """000, 002 and 003 "BUDDY DRONES (DRONES COMPAGNONS)" spell "Srambler"."""
    assert "**Srambler**" in seed_text(seed)
    assert [i for i, text in texts(db) if "Srambler" in text] == []
    buddy = db.get("buddy-drones")
    assert isinstance(buddy, TextEntry) and "**Scrambler** (Brouilleur)" in buddy.text_fr
    assert buddy.fix_note and "Srambler" in buddy.fix_note


def test_orientation_and_herisson_spelt_right(db: RulesDB) -> None:
    """001 spells "Orientaion", "Orienta-tion" and "Herrisson"."""
    raw = seed_text(HEX)
    assert "Orientaion" in raw and "Orienta-tion" in raw and "Herrisson" in raw
    for typo in ("Orientaion", "Orienta-tion", "Herrisson"):
        assert [i for i, text in texts(db) if typo in text] == [], typo
    facing = db.get("hex-facing")
    assert facing.name_fr == "Orientation" and facing.source[0].heading == "Orientaion"
    for entry_id in (
        "hex-facing",
        "hex-facing-effects",
        "hex-facing-change",
        "hex-stacking",
        "hex-wandering",
    ):
        assert db.get(entry_id).fix_note, entry_id
    assert "Hérisson" in db.get("hex-stacking").text_fr


def test_seed_typo_still_finds_the_entry(index: RulesIndex) -> None:
    assert index.search("Orientaion")[0].id == "hex-facing"
    assert index.search("Herrisson")[0].id == "hex-facing"


def test_mag_mortar_net_is_d6_plus_1_with_a_setting(db: RulesDB) -> None:
    """000/002/003 "NET": "Mag Mortar D6 +1 Stress" (other sources: D10+1) -> a ruleset setting."""
    for seed in (BOROMITE, ISORIAN, ALGORYN):
        assert " - Mag Mortar D6 +1 Stress" in lines(seed)
    net = db.get("net")
    assert isinstance(net, AmmoEntry)
    mortar = next(p for p in net.pins if p.launcher == "mag-mortar")
    assert (mortar.dice, mortar.plus, mortar.setting, mortar.alternatives) == (
        "D6",
        1,
        "mag_mortar_net_die",
        ("D10",),
    )
    assert net.fix_note and "D10+1" in net.fix_note and "D6+1" in net.fix_note


def test_no_html_in_the_data_files() -> None:
    for path in Path(DATA_DIR).glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        assert "<i>" not in text and "</i>" not in text and "[justifier]" not in text, path.name


def test_no_markdown_in_names_cells_and_summaries(db: RulesDB) -> None:
    """Markdown is kept in text_fr (Discord shows it) but not in names, summaries, table cells."""
    for entry in db.entries:
        fields = [entry.name_fr, entry.name_en, *entry.aliases]
        fields += [entry.summary_en, entry.summary_fr] if isinstance(entry, TextEntry) else []
        if isinstance(entry, RollTable):
            fields += [cell for row in entry.rows for cell in (row.text_fr, row.text_en)]
        assert not [f for f in fields if "*" in f or "<" in f], entry.id


def test_h2h_only_cells_became_a_flag(db: RulesDB) -> None:
    """ "<i>Combat au corps-à-corps uniquement</i>" (000, 002, 003) -> h2h_only, no bands."""
    for weapon_id in ("tractor-maul", "lectro-lash", "lectro-lance", "d-spinner"):
        mode = db.weapons[weapon_id].mode()
        assert mode.h2h_only and mode.bands() == {}
    assert db.weapons["compressor-torus"].mode("h2h").h2h_only
