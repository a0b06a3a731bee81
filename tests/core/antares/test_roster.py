"""Roster parsing and matching without Discord (issue 18): what each test roster gives, and
the refusals that need no upload (faction, limits, names matched in French or English)."""

from __future__ import annotations

import pytest

from core.antares.game import GameState
from core.antares.roster import match_roster, parse_roster, read_roster
from core.antares.roster.deploy import chosen_units, deploy_army
from core.antares.roster.match import lookup
from core.common.errors import BadInput
from rulesdb import load_rules
from tests.discord.army_kit import many_units, roster, rosz

DB = load_rules()


def army(name: str):
    return match_roster(read_roster(f"{name}.rosz", rosz(name)), DB)


def test_a_weapon_with_several_firing_modes_keeps_each_profile():
    units = {u.name: u for u in army("isorian").units}
    (carbine,) = units["Senatex Phase Troopers"].weapons
    assert carbine.weapon_id == "plasma-carbine"
    assert [p.name for p in carbine.profiles] == [
        "Plasma Carbine - Single Shot",
        "Plasma Carbine - Scatter",
    ]
    assert [(p.sv, p.special) for p in carbine.profiles] == [("2", "-"), ("0", "RF2")]


def test_drones_probes_and_special_ammo_are_matched():
    boromite = {u.name: u for u in army("boromite").units}
    mortar = boromite["Mag Mortar Team"]
    assert (mortar.ammo, [(p.entry_id, p.count) for p in mortar.probes]) == (
        ["arc", "scrambler"],
        [("micromite-probe", 2)],
    )
    assert boromite["Work Gang"].gear == {"batter_drone": 1}
    assert [(w.weapon_id, w.count) for w in boromite["Work Gang"].weapons] == [
        ("mag-gun", 5),
        ("frag-borer", 1),
    ]


@pytest.mark.parametrize(
    ("name", "kind", "found"),
    [
        ("fusil magnétique", "weapon", "mag-gun"),  # a French alias
        ("Plasma Carbine (Scatter)", "weapon", "plasma-carbine"),
        ("Médi-Drone", "drone", "medi-drone"),
        ("Scrambler Ammo", "ammo", "scrambler"),
        ("Targeter Probes", "probe", "targeter-probe"),
        ("Scourer Cannon", "weapon", None),
    ],
)
def test_names_match_in_either_language(name, kind, found):
    entry = lookup(DB, kind, name)
    assert (entry.id if entry is not None else None) == found


def test_an_unknown_faction_is_refused_naming_it():
    xml = roster("algoryn").replace(b"Algoryn Prosperate", b"Ghar Empire")
    with pytest.raises(BadInput) as refused:
        match_roster(parse_roster(xml), DB)
    assert refused.value.key == "army.unknown_faction"
    assert refused.value.values["faction"] == "Ghar Empire"


def test_five_hundred_units_are_read_and_one_more_is_refused():
    assert len(parse_roster(many_units(500)).units) == 500
    with pytest.raises(BadInput) as refused:
        parse_roster(many_units(501))
    assert refused.value.key == "army.too_many_units"


def test_deploy_names_twice_deployed_units_apart_and_refuses_an_unknown_one():
    algoryn = army("algoryn")
    state = GameState(name="t", channel_id=1, host_id=7)
    chosen = chosen_units(algoryn, "ai strike squad")
    state, first = deploy_army(state, 7, algoryn, chosen)
    state, second = deploy_army(state, 7, algoryn, chosen)
    assert [r.unit.name for r in first.units + second.units] == [
        "AI Strike Squad",
        "AI Strike Squad 2",
    ]
    with pytest.raises(BadInput) as refused:
        chosen_units(algoryn, "Phase Squad")
    assert refused.value.key == "army.no_such_unit"
