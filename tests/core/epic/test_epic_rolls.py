"""Epic capabilities (seed 004_2f169385c40c7e0a.txt), each citing its heading; the die is
the ruleset's `epic_die` (D10 by default: "7+" needs more than six faces)."""

from __future__ import annotations

import pytest

from core.antares.ruleset import Ruleset
from core.common.dice import ScriptedDice
from core.epic.defences import close_defences
from core.epic.regeneration import regenerate
from core.epic.shot import ShotInput, epic_shot


def test_the_epic_die_defaults_to_a_d10_and_is_a_setting():
    assert Ruleset().epic_die == 10
    assert Ruleset().with_overrides({"epic_die": "8"}).epic_die == 8


# "Régénération (XX)": "il lance autant de dés que de blessures subies. Chaque dé supérieur
# ou égal à X permet au socle de ne pas perdre 1 PdV"
@pytest.mark.parametrize(
    ("values", "dice", "needed", "saved"),
    [
        ({"wounds": 3, "own": 5}, [5, 4, 10], 5, 2),
        # "Médecin": infanterie... reçoit Régénération (5+)
        ({"wounds": 2, "base_class": "infantry", "medic": True}, [5, 4], 5, 1),
        # "Si le socle dispose déjà de la capacité Régénération, celle-ci est alors amélioré"
        ({"wounds": 2, "own": 5, "base_class": "cavalry", "medic": True}, [4, 3], 4, 1),
        # "Mécanicien (XX)": "passant par exemple de 5+ à 4+"
        ({"wounds": 1, "own": 5, "base_class": "walker", "mechanic": True}, [4], 4, 1),
        ({"wounds": 1, "base_class": "vehicle", "mechanic": True}, [5], 5, 1),
        # both helpers at once: one improvement ("une seule tentative ... par PdV perdu")
        (
            {"wounds": 1, "own": 6, "base_class": "infantry", "medic": True, "mechanic": True},
            [5],
            5,
            1,
        ),
        # never better than 2+ (reading)
        ({"wounds": 1, "own": 2, "base_class": "infantry", "medic": True}, [1], 2, 0),
    ],
)
def test_regeneration(values, dice, needed, saved):
    found = regenerate(ScriptedDice(dice), 10, **values)
    assert found.needed == needed
    assert found.roll is not None and found.roll.dice == dice
    assert (found.saved, found.lost) == (saved, values["wounds"] - saved)


@pytest.mark.parametrize(
    ("values", "unused"),
    [
        ({"base_class": "walker", "medic": True}, ["medic_class"]),
        ({"base_class": "infantry", "mechanic": True}, ["mechanic_class"]),
        # "Cette capacité est inactive si le socle est dans un transport"
        ({"base_class": "infantry", "medic": True, "in_transport": True}, ["transport"]),
    ],
)
def test_helpers_that_do_not_act(values, unused):
    found = regenerate(ScriptedDice([]), 10, 2, **values)
    assert found.unused == unused and found.roll is None and found.lost == 2


def test_a_weapon_that_removes_the_base_from_reality_allows_no_roll():
    # "Les armes qui suppriment un socle de la réalité ... ne permettent pas l'utilisation"
    found = regenerate(ScriptedDice([]), 10, 3, 4, reality=True)
    assert found.roll is None and found.lost == 3


# "DR (XX)": "un tir sur du 7+ ... en tir d'interception et sur du 6+ ... en Tir de contre
# charge. Les DR ont une portée de 15 cm ... inefficaces contre les socles de classe 3 ou plus"
@pytest.mark.parametrize(
    ("mode", "dice", "hits"),
    [("interception", [7, 6, 10], 2), ("counter_charge", [6, 5, 1], 1)],
)
def test_close_defences(mode, dice, hits):
    found = close_defences(ScriptedDice(dice), 10, 3, mode, 2, 15)
    assert found.roll is not None and found.roll.successes == hits


@pytest.mark.parametrize(
    ("target_class", "distance", "refused"),
    [(3, 5, "class"), (5, None, "class"), (1, 15.5, "range")],
)
def test_close_defences_refused(target_class, distance, refused):
    found = close_defences(ScriptedDice([]), 10, 2, "interception", target_class, distance)
    assert found.refused == refused and found.roll is None


def test_on_a_d6_a_7_plus_cannot_succeed():
    found = close_defences(ScriptedDice([]), 6, 2, "interception", 1)
    assert found.roll is not None and found.roll.impossible and found.roll.dice == []


@pytest.mark.parametrize(
    ("values", "dice", "needed", "hits"),
    [
        # "Anti-Aérien (AA)": "touche avec un malus de 2 sauf si la cible a ... Volant"
        ({"aa": True}, [6, 7], 7, 1),
        ({"aa": True, "air": "flying"}, [5, 4], 5, 1),
        ({"aa": True, "target_class": 5}, [5, 4], 5, 1),
        # "Les malus pour toucher usuels s'appliquent toujours (par exemple le malus de couvert)"
        ({"aa": True, "air": "floating", "cover": 1}, [6, 5], 6, 1),
        # "Ignore les Couverts": "ignore les modificateurs pour toucher dus aux couverts"
        ({"cover": 2, "ignores_cover": True}, [5, 4], 5, 1),
        # "Meneur": "+1 à leur FA" — assault only
        ({"kind": "assault", "leader": True}, [4, 3], 4, 1),
        ({"leader": True}, [4, 5], 5, 1),
    ],
)
def test_shot_modifiers(values, dice, needed, hits):
    found = epic_shot(ScriptedDice(dice), 10, ShotInput(dice=2, target=5, **values))
    assert found.hits.needed == needed and found.hits.successes == hits


def test_extra_templates_and_damages_buildings():
    # "+1D3 gabarits supplémentaires"; "Endommage les Bâtiments (XX)": "une sauvegarde avec
    # une PA égal à X. Si cette sauvegarde échoue, le bâtiment perd un Point de Structure"
    shot = ShotInput(
        dice=3, target=4, templates=1, extra_templates=True, damages_buildings=2, building_save=4
    )
    found = epic_shot(ScriptedDice([2, 9, 4, 1, 7, 5]), 10, shot)
    assert found.d3 == 2 and found.templates == 3
    assert found.hits.dice == [9, 4, 1] and found.hits.successes == 2
    assert found.building_needed == 6 and found.building is not None
    assert found.building.dice == [7, 5] and found.structure_lost == 1


def test_a_building_that_cannot_save_loses_a_point_per_hit():
    shot = ShotInput(dice=2, target=4, damages_buildings=3, building_save=9)
    found = epic_shot(ScriptedDice([5, 6]), 10, shot)
    assert found.building is not None and found.building.impossible
    assert found.structure_lost == 2
