"""Loading ``rulesdb/data``: validation, cross-references, clear errors, the cache."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulesdb import RulesDataError, load_rules
from rulesdb.loader import DATA_DIR, clear_cache
from rulesdb.models import RulesDB


def test_default_load_is_cached() -> None:
    assert load_rules() is load_rules()
    first = load_rules()
    clear_cache()
    assert load_rules() is not first


def test_counts(db: RulesDB) -> None:
    kinds = {kind: len(db.of_kind(kind)) for kind in {e.kind for e in db.entries}}
    assert kinds["weapon"] == 39 and kinds["hex"] == 31 and kinds["epic"] == 17
    assert len(db.rules) == 33 and len(db.tables) == 8 and len(db.damage_tables) == 4
    assert len({e.id for e in db.entries}) == len(db.entries)


def test_every_weapon_rule_reference_resolves(db: RulesDB) -> None:
    """Each RF/Blast/OH/... of every weapon mode is a rule entry and fits its parameter."""
    for weapon in db.weapons.values():
        for mode in weapon.modes:
            for ref in mode.rules:
                rule = db.rules[ref.id]
                assert rule.kind == "special_rule", (weapon.id, ref.id)
                assert (
                    (ref.param is None)
                    if rule.param is None
                    else rule.param.check(ref.param) is None
                )


def test_every_related_id_and_launcher_resolves(db: RulesDB) -> None:
    for entry in db.entries:
        assert set(entry.related) <= set(db.by_id), entry.id
        for launcher in getattr(entry, "launchers", ()):
            assert launcher in db.weapons


def test_get(db: RulesDB) -> None:
    assert db.get("plasma-carbine") is db.weapons["plasma-carbine"]
    with pytest.raises(KeyError):
        db.get("no-such-entry")


def test_a_copy_of_the_data_loads(tmp_path: Path) -> None:
    shutil.copytree(DATA_DIR, tmp_path / "data")
    assert len(load_rules(tmp_path / "data").entries) == len(load_rules().entries)


def broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the data with one edit in one file."""
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    path = target / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


@pytest.mark.parametrize(
    ("file", "old", "new", "entry", "problem"),
    [
        (
            "weapons_mag.toml",
            "sv = 1\n",
            "sv = 1\nrange = 3\n",
            "mag-pistol",
            "Extra inputs are not permitted",
        ),
        (
            "weapons_mag.toml",
            'rules = ["massive-damage"]',
            'rules = ["massive-damages"]',
            "mag-cannon",
            "rule 'massive-damages' does not exist",
        ),
        (
            "weapons_mag.toml",
            '{ id = "rapid-fire", param = 2 }',
            '"rapid-fire"',
            "mag-repeater",
            "needs its parameter",
        ),
        (
            "weapons_mag.toml",
            '"no-cover"]',
            '{ id = "no-cover", param = 1 }]',
            "mag-mortar",
            "takes no parameter",
        ),
        (
            "weapons_plasma.toml",
            '{ id = "demolition", param = "m" }',
            '{ id = "demolition", param = "x" }',
            "plasma-lance",
            "takes one of ['m']",
        ),
        (
            "weapons_mag.toml",
            "long = { max = 20 }",
            "long = { max = 5 }",
            "mag-pistol",
            "band maxima must increase",
        ),
        (
            "weapons_close_combat.toml",
            "h2h_only = true\nsv = 1\nattacks = 2",
            "h2h_only = true\neffective = { max = 1 }\nsv = 1\nattacks = 2",
            "tractor-maul",
            "unless it is h2h_only",
        ),
        (
            "probes.toml",
            'heading = "PROBES (SONDES)" },\n  { file = "002',
            'heading = "PROBES (SONDES)" },\n  { file = "009',
            "probes",
            "source.1.file",
        ),
        (
            "hex_terrain.toml",
            'system = "hex"',
            'system = "antares"',
            "hex-outdoor",
            "does not match source",
        ),
        (
            "special_ammo.toml",
            'launchers = ["x-sling", "micro-x-launcher"]',
            'launchers = ["x-slingg"]',
            "slingnet",
            "launcher 'x-slingg' is not a weapon",
        ),
        (
            "probes.toml",
            'related = ["targeter-probe", "rover"]',
            'related = ["targeter-probes"]',
            "micromite-probe",
            "related entry 'targeter-probes' does not exist",
        ),
        (
            "damage_tables.toml",
            "low = 2\nhigh = 3\n",
            "low = 3\nhigh = 3\n",
            "vehicle-damage",
            "gap or overlap",
        ),
        (
            "damage_tables.toml",
            '{ kind = "pins", value = 1 }]',
            '{ kind = "pin", value = 1 }]',
            "vehicle-damage",
            "rows.1.effects.0.kind",
        ),
        (
            "epic_capabilities.toml",
            'applies_to = "weapon"',
            'applies_to = "arme"',
            "epic-extra-templates",
            "applies_to",
        ),
    ],
)
def test_a_bad_entry_names_file_entry_and_problem(
    tmp_path: Path, file: str, old: str, new: str, entry: str, problem: str
) -> None:
    with pytest.raises(RulesDataError) as caught:
        load_rules(broken(tmp_path, file, old, new))
    assert caught.value.file == file
    assert entry in (caught.value.entry or "")
    assert problem in str(caught.value)


def test_a_duplicate_id_names_both_files(tmp_path: Path) -> None:
    data = broken(tmp_path, "glossary.toml", 'id = "dud"', 'id = "net"')
    with pytest.raises(RulesDataError, match="id already used in glossary.toml") as caught:
        load_rules(data)
    assert caught.value.file == "special_ammo.toml"


@pytest.mark.parametrize(
    ("file", "old", "new", "problem"),
    [
        (
            "weapons_mag.toml",
            '[[weapon]]\nid = "mag-pistol"',
            '[[weapon]\nid = "mag-pistol"',
            "not valid TOML",
        ),
        (
            "glossary.toml",
            '[[entry]]\nid = "pins"',
            '[[entrys]]\nid = "pins"',
            "unknown section [[entrys]]",
        ),
    ],
)
def test_a_bad_file_is_named(tmp_path: Path, file: str, old: str, new: str, problem: str) -> None:
    with pytest.raises(RulesDataError, match=re.escape(problem)) as caught:
        load_rules(broken(tmp_path, file, old, new))
    assert caught.value.file == file


def test_an_empty_directory_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError, match="no .toml data file"):
        load_rules(tmp_path)
