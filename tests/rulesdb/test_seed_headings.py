"""Every heading and listed rule of the armoury seeds (000, 002, 003) is an entry.

Headings are parsed from the seed files ("• BATTER DRONE (Drone Déflecteur)", upper-case
section titles such as "SUBVERTER MATRIX (MATRICE DE SUBVERSION)", damage table titles),
and so are the bold "- **Label**" rules under "RÈGLES SPÉCIALES" / "(SUITE)" / "COMMUNES".
"""

from __future__ import annotations

import pytest

from rulesdb.models import AmmoEntry, RulesDB
from tests.rulesdb.seed_text import (
    ALGORYN,
    ARMOURIES,
    BOROMITE,
    EPIC,
    HEX,
    ISORIAN,
    armoury_headings,
    bold_labels,
    epic_headings,
    hex_headings,
    is_heading,
    lines,
)


def sources_in(db: RulesDB, seed: str) -> set[tuple[str, int]]:
    return {(s.heading, s.occurrence) for e in db.entries for s in e.source if s.file == seed}


@pytest.mark.parametrize(("seed", "count"), [(BOROMITE, 27), (ISORIAN, 33), (ALGORYN, 33)])
def test_every_armoury_heading_is_an_entry(db: RulesDB, seed: str, count: int) -> None:
    headings = armoury_headings(seed)
    assert len(headings) == count  # the parser still finds what it found when written
    assert [h for h in headings if h not in sources_in(db, seed)] == []


@pytest.mark.parametrize(("seed", "count"), [(BOROMITE, 11), (ISORIAN, 28), (ALGORYN, 23)])
def test_every_listed_special_rule_is_a_rule_entry(db: RulesDB, seed: str, count: int) -> None:
    labels = bold_labels(seed)
    assert len(labels) == count
    ruled = {s.heading for r in db.rules.values() for s in r.source if s.file == seed}
    assert [label for label in labels if label not in ruled] == []


def test_every_bullet_heading_line_is_recognised() -> None:
    """A "• X" line is a heading unless it is a sentence (003's Shield Drone paragraph)."""
    for seed in ARMOURIES:
        for line in lines(seed):
            if line.startswith("• ") and not is_heading(line):
                assert line.startswith("• Si l'unité possédant un **Shield Drone**"), (seed, line)


def test_every_source_names_a_real_heading(db: RulesDB) -> None:
    """No invented citation: each (file, heading, occurrence) is printed in that seed."""
    known = {
        seed: {*armoury_headings(seed), *((label, 1) for label in bold_labels(seed))}
        for seed in ARMOURIES
    }
    known[HEX] = {(h, 1) for h in hex_headings()}
    known[EPIC] = {(h, 1) for h in epic_headings()}
    wrong = [
        (e.id, s)
        for e in db.entries
        for s in e.source
        if (s.heading, s.occurrence) not in known[s.file]
    ]
    assert wrong == []


def test_the_brief_s_equipment_is_all_there(db: RulesDB) -> None:
    expected = {
        "reflex-armour",
        "phase-armour",
        "grenade-rules",
        "grenade-mines",
        "overhead-fire",
        "special-ammo-markers",
        "arc",
        "blur",
        "grip",
        "net",
        "scoot",
        "scrambler",
        "slingnet",
        "overload",
        "buddy-drones",
        "batter-drone",
        "borer-drone",
        "camo-drone",
        "compactor-drone",
        "gun-drone",
        "homer-drone",
        "medi-drone",
        "nano-drone",
        "shield-drone",
        "spotter-drone",
        "synchroniser-drone",
        "probes",
        "micromite-probe",
        "targeter-probe",
        "scout-probe",
        "medi-probe",
        "weapon-drones",
        "subverter-matrix",
        "rover",
        "iso-drone",
        "breaching-kit",
        "medic-unit",
    }
    assert expected <= set(db.by_id)


@pytest.mark.parametrize(
    ("ammo", "launchers"),
    [
        ("arc", {"x-launcher", "x-howitzer", "mag-mortar"}),
        ("blur", {"x-launcher", "x-howitzer", "mag-mortar"}),
        ("grip", {"x-launcher", "x-howitzer", "mag-mortar"}),
        ("net", {"x-launcher", "x-howitzer", "mag-mortar"}),
        ("scoot", {"x-launcher", "x-howitzer", "mag-mortar"}),
        ("scrambler", {"x-launcher", "x-howitzer", "mag-mortar"}),
        ("slingnet", {"x-sling", "micro-x-launcher"}),
        ("overload", {"x-sling", "micro-x-launcher"}),
    ],
)
def test_special_ammo_launchers(db: RulesDB, ammo: str, launchers: set[str]) -> None:
    """ "Uniquement par des X-Launchers, X-Howitzers et Mag Mortars" (or X-Slings, Micro-X)."""
    entry = db.get(ammo)
    assert isinstance(entry, AmmoEntry)
    assert set(entry.launchers) == launchers


def test_net_pins_per_launcher(db: RulesDB) -> None:
    """000/002/003 "NET": X-Launchers D3 +1, X-Howitzer D5 +1, Mag Mortar D6 +1 Stress."""
    net = db.get("net")
    assert isinstance(net, AmmoEntry)
    assert {(p.launcher, p.dice, p.plus) for p in net.pins} == {
        ("x-launcher", "D3", 1),
        ("x-howitzer", "D5", 1),
        ("mag-mortar", "D6", 1),
    }


def test_common_rules_and_params(db: RulesDB) -> None:
    """002/003 "RÈGLES SPÉCIALES COMMUNES": Leader (n) and Medic (n) take a number."""
    common = {r.id for r in db.rules.values() if r.kind == "common_rule"}
    assert common == {
        "command",
        "follow",
        "hero",
        "leader",
        "medic",
        "oh-patch-sighting",
        "spotter",
        "targeter",
    }
    assert db.rules["leader"].param is not None and db.rules["medic"].param is not None
    assert db.rules["leader"].label(2, "en") == "Leader (2)"
