"""Errement (seed 001_a44ac8d942876a56.txt, heading "Errement"): the four D6 tables, every
face, and the consequences of a forbidden or deadly hex or a stack not allowed."""

from __future__ import annotations

import pytest

from core.common.dice import ScriptedDice
from core.hexwar.errement import TABLES, wander

# The seed's four tables, as printed (face -> outcome)
SEED_TABLES = {
    1: "L M M M M R",  # 1 gauche, 2-5 exécuté, 6 droite
    2: "C L M M M R",  # 1 annulé, 2 gauche, 3-5 exécuté, 6 droite
    3: "C C L M M R",  # 1-2 annulé, 3 gauche, 4-5 exécuté, 6 droite
    4: "C C C L M R",  # 1-3 annulé, 4 gauche, 5 exécuté, 6 droite
}
WORD = {"L": "pivot_left", "M": "move", "R": "pivot_right", "C": "cancel"}


@pytest.mark.parametrize("table", [1, 2, 3, 4])
@pytest.mark.parametrize("face", range(1, 7))
def test_every_face_of_the_four_tables(table, face):
    expected = WORD[SEED_TABLES[table].split()[face - 1]]
    assert TABLES[table][face] == expected
    result = wander(ScriptedDice([face]), table)
    assert result.outcome == expected
    assert result.moved == (expected != "cancel")
    # "Le mouvement peut continuer" only on the planned move; a pivot or a cancel stops it
    assert result.goes_on == (expected == "move")
    assert not result.shaken


@pytest.mark.parametrize(
    ("face", "ahead", "left", "right", "morale", "blocked", "shaken", "pivot"),
    [
        # "L'Errement n'oblige pas une Unité à se déplacer sur un Hex Interdit ... le
        # déplacement est annulé (mais le changement d'Orientation est tout de même effectué)
        # et l'Unité est Ebranlée"
        (1, "free", "forbidden", "free", "steady", "forbidden", True, "left"),
        (6, "free", "free", "deadly", "steady", "deadly", True, "right"),
        (3, "deadly", "free", "free", "steady", "deadly", True, None),
        # "Si suite à l'Errement, l'Empilement n'est pas autorisé, le déplacement est annulé"
        (4, "stacking", "free", "free", "steady", "stacking", True, None),
        # "si elle ne l'était pas déjà et si elle n'est pas en Déroute (sauf Profil de Moral
        # Magique ou Inébranlable)"
        (4, "forbidden", "free", "free", "shaken", "forbidden", False, None),
        (4, "forbidden", "free", "free", "routed", "forbidden", False, None),
        (4, "forbidden", "free", "free", "magic", "forbidden", False, None),
        (4, "forbidden", "free", "free", "unshakeable", "forbidden", False, None),
        # the pivot goes left: the hex ahead being forbidden does not matter
        (1, "forbidden", "free", "free", "steady", None, False, "left"),
    ],
)
def test_consequences(face, ahead, left, right, morale, blocked, shaken, pivot):
    result = wander(ScriptedDice([face]), 1, ahead=ahead, left=left, right=right, morale=morale)
    assert result.blocked_by == blocked
    assert result.shaken == shaken
    assert result.pivot == pivot
    if blocked:
        assert not result.moved and not result.goes_on


def test_a_cancelled_roll_never_shakes_the_unit():
    result = wander(ScriptedDice([1]), 4, ahead="forbidden")
    assert result.outcome == "cancel" and not result.shaken and result.blocked_by is None
