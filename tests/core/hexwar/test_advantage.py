"""The Advantage of a combat (seed 001_a44ac8d942876a56.txt): each term and its heading."""

from __future__ import annotations

import pytest

from core.common.errors import BadInput
from core.hexwar.advantage import AdvantageInput, advantage

DIFF = "Terrain : Difficultés"
SIDES = "Terrain : Côté d'Hex"


def terms(**values):
    found = advantage(AdvantageInput(**values))
    return found.total, [(t.value, t.heading) for t in found.terms]


@pytest.mark.parametrize(
    ("values", "total", "expected"),
    [
        # "Terrain Accidenté": −1 au Choc, −2 au Tir, depuis/vers, au sol
        ({"combat": "shock", "attacker_terrain": "rough"}, -1, [(-1, DIFF)]),
        ({"combat": "fire", "target_terrain": "rough"}, -2, [(-2, DIFF)]),
        # "Terrain Difficile": −2 / −4; with rough on the other side, the harsher counts once
        (
            {"combat": "fire", "attacker_terrain": "rough", "target_terrain": "difficult"},
            -4,
            [(-4, DIFF)],
        ),
        # "Eau": −2 au Choc depuis, +2 au Choc vers
        ({"combat": "shock", "attacker_terrain": "water"}, -2, [(-2, DIFF)]),
        ({"combat": "shock", "target_terrain": "lava"}, 2, [(2, DIFF)]),
        ({"combat": "fire", "target_terrain": "water"}, 0, []),
        # "Fortification": −4 au Choc et au Tir vers
        ({"combat": "fire", "target_terrain": "fortification"}, -4, [(-4, DIFF)]),
        # a target in distant flight has no terrain protection ("Tir En Vol")
        (
            {"combat": "fire", "target_terrain": "difficult", "target_position": "distant_flight"},
            -1,
            [(-1, "Vol")],
        ),
        # "Différence de Niveau": +1 attacker above, −1 below
        ({"combat": "shock", "level": "higher"}, 1, [(1, "Différence de Niveau")]),
        ({"combat": "fire", "level": "lower"}, -1, [(-1, "Différence de Niveau")]),
        # "Côté d'Hex Accidenté": −1 au Choc; −2 au Tir si la cible est juste derrière
        ({"combat": "shock", "side": "rough"}, -1, [(-1, SIDES)]),
        ({"combat": "fire", "side": "rough"}, -2, [(-2, SIDES)]),
        ({"combat": "fire", "side": "rough", "behind": False}, 0, []),
        # "Côté d'Hex Entrée De Fortification": −8 au Tir
        ({"combat": "fire", "side": "fortification_entrance"}, -8, [(-8, SIDES)]),
        ({"combat": "fire", "side": "impassable"}, -2, [(-2, SIDES)]),
        # "Effet de l'Orientation": flanc +2, arrière +4
        ({"combat": "shock", "facing": "flank"}, 2, [(2, "Effet de l'Orientation")]),
        ({"combat": "fire", "facing": "rear"}, 4, [(4, "Effet de l'Orientation")]),
        # "Vol": Combat Au Choc En Vol
        (
            {
                "combat": "shock",
                "attacker_position": "distant_flight",
                "target_position": "close_flight",
            },
            2,
            [(2, "Vol")],
        ),
        (
            {
                "combat": "shock",
                "attacker_position": "ground",
                "target_position": "close_flight",
                "same_hex": True,
                "facing": "rear",
            },
            -2,
            [(-2, "Vol")],
        ),
        # "Tir En Vol": altitude advantage to the shooter in distant flight
        (
            {"combat": "fire", "attacker_position": "distant_flight", "level": "lower"},
            1,
            [(1, "Vol")],
        ),
        # "Infiltration": between infiltrated units, as difficult terrain
        (
            {
                "combat": "shock",
                "attacker_position": "deep_infiltration",
                "target_position": "close_infiltration",
            },
            -2,
            [(-2, "Infiltration")],
        ),
        # ground vs close infiltration: the ground unit's hex only
        (
            {
                "combat": "shock",
                "attacker_position": "close_infiltration",
                "attacker_terrain": "difficult",
                "target_terrain": "rough",
            },
            -1,
            [(-1, DIFF)],
        ),
        # everything at once
        (
            {
                "combat": "shock",
                "attacker_terrain": "rough",
                "side": "rough",
                "level": "higher",
                "facing": "flank",
            },
            1,
            [(-1, DIFF), (-1, SIDES), (1, "Différence de Niveau"), (2, "Effet de l'Orientation")],
        ),
    ],
)
def test_terms(values, total, expected):
    assert terms(**values) == (total, expected)


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ({"combat": "fire", "target_position": "close_infiltration"}, "no_fire_infiltration"),
        ({"combat": "shock", "side": "rough", "formation": True}, "formation_rough_side"),
        ({"combat": "shock", "side": "impassable"}, "climbers_only"),
        ({"combat": "shock", "side": "water"}, "swimmers_only"),
    ],
)
def test_combats_the_seed_forbids(values, key):
    assert [t.key for t in advantage(AdvantageInput(**values)).forbidden] == [key]


def test_a_climber_may_fight_across_an_impassable_side():
    assert (
        advantage(AdvantageInput(combat="shock", side="impassable", climber=True)).forbidden == []
    )


@pytest.mark.parametrize(
    ("attacker", "target"),
    [("ground", "close_flight"), ("close_flight", "ground"), ("close_flight", "close_flight")],
)
def test_fire_counts_close_flight_as_the_ground_over_difficult_terrain(attacker, target):
    """001 "Tir En Vol": "Sinon, considérer la position Vol Rapproché comme équivalente à la
    Position Au Sol": fire over a difficult hex is −4 ("Terrain : Difficultés"), not 0."""
    values = {"combat": "fire", "attacker_position": attacker, "target_position": target}
    assert terms(**values, target_terrain="difficult") == (-4, [(-4, DIFF)])
    assert terms(**values, attacker_terrain="difficult") == (-4, [(-4, DIFF)])


def test_fire_from_distant_flight_at_close_flight_keeps_no_terrain():
    """ "D'une Position En Vol Distant vers une Position Au Sol ou Vol Rapproché : Avantage
    d'altitude au Tireur": the "Sinon" does not apply, the altitude term alone."""
    values = {"attacker_position": "distant_flight", "target_position": "close_flight"}
    assert terms(combat="fire", target_terrain="difficult", **values) == (1, [(1, "Vol")])


@pytest.mark.parametrize(("contact", "total"), [(True, 2), (False, 0)])
def test_a_close_infiltrated_shock_in_the_same_hex_is_on_the_flank_with_a_contact_marker(
    contact, total
):
    """001 "Infiltration": "Utilise l'Attaque de Flanc si elle a un Marqueur Contact; par
    Devant si elle n'a pas de Marqueur Contact" (flank +2, "Effet de l'Orientation")."""
    values = {
        "combat": "shock",
        "attacker_position": "close_infiltration",
        "same_hex": True,
        "contact": contact,
        "facing": "rear",  # the seed decides, not the facing given
    }
    expected = [(2, "Infiltration")] if contact else []
    assert terms(**values) == (total, expected)


@pytest.mark.parametrize(
    ("attacker", "target"), [("ground", "distant_flight"), ("distant_flight", "ground")]
)
def test_a_shock_between_the_ground_and_distant_flight_is_refused(attacker, target):
    """001 "Combat Au Choc En Vol" lists flight to flight and close flight to or from the
    ground, never the ground and distant flight."""
    with pytest.raises(BadInput) as caught:
        advantage(
            AdvantageInput(combat="shock", attacker_position=attacker, target_position=target)
        )
    assert caught.value.key == "hex.shock_ground_distant"
