"""Errement (seed 001, "Errement"): the four D6 tables and their consequences.

The seed prints four "Lancer 1D6" tables, each once under an image (lost in the text) that
said which hexes use it; the bot names them as the rules database does, "Table d'Errement
1" to "4", in the seed's order. A pivot is "de 60° sur la gauche/droite avant de
l'exécuter. Le mouvement s'arrête"; the planned move then goes into the hex 60° to that side.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel

from core.common.dice import DiceSource

Outcome = Literal["pivot_left", "move", "pivot_right", "cancel"]
Destination = Literal["free", "forbidden", "deadly", "stacking"]
DESTINATIONS: tuple[Destination, ...] = get_args(Destination)
Morale = Literal["steady", "shaken", "routed", "magic", "unshakeable"]
MORALES: tuple[Morale, ...] = get_args(Morale)
SOURCE = ("001_a44ac8d942876a56.txt", "Errement")


def _table(cancel: int, left: int, move_to: int) -> dict[int, Outcome]:
    """1..cancel: cancelled; ..left: pivot left; ..move_to: move; 6: pivot right."""
    rows: dict[int, Outcome] = {}
    for face in range(1, 7):
        if face <= cancel:
            rows[face] = "cancel"
        elif face <= left:
            rows[face] = "pivot_left"
        elif face <= move_to and face < 6:
            rows[face] = "move"
        else:
            rows[face] = "pivot_right"
    return rows


TABLES: dict[int, dict[int, Outcome]] = {
    1: _table(0, 1, 5),  # 1 left, 2-5 move, 6 right
    2: _table(1, 2, 5),  # 1 cancelled, 2 left, 3-5 move, 6 right
    3: _table(2, 3, 5),  # 1-2 cancelled, 3 left, 4-5 move, 6 right
    4: _table(3, 4, 5),  # 1-3 cancelled, 4 left, 5 move, 6 right
}


class Errement(BaseModel):
    table: int
    roll: int
    outcome: Outcome
    moved: bool  # the unit ends in another hex
    pivot: Literal["left", "right"] | None  # its facing turned 60° (kept even when cancelled)
    goes_on: bool  # "Le mouvement peut continuer"
    blocked_by: Destination | None = None  # why the move was cancelled after the roll
    shaken: bool = False  # the unit becomes Shaken (Ébranlée)
    immune: Morale | None = None  # its morale spared it (magic, unshakeable) or it already was


def wander(
    dice: DiceSource,
    table: int,
    *,
    ahead: Destination = "free",
    left: Destination = "free",
    right: Destination = "free",
    morale: Morale = "steady",
) -> Errement:
    """Roll 1D6 on ``table`` for the planned move. ``ahead``/``left``/``right``: what the
    hex the move would enter is (the planned one, or 60° left/right after a pivot)."""
    roll = dice.roll(6)
    outcome = TABLES[table][roll]
    pivot = {"pivot_left": "left", "pivot_right": "right"}.get(outcome)
    if outcome == "cancel":
        return Errement(
            table=table, roll=roll, outcome=outcome, moved=False, pivot=None, goes_on=False
        )
    target = {"left": left, "right": right}.get(pivot or "", ahead)
    if target == "free":
        return Errement(
            table=table,
            roll=roll,
            outcome=outcome,
            moved=True,
            pivot=pivot,
            goes_on=outcome == "move",
        )
    # "le déplacement est annulé (mais le changement d'Orientation est tout de même effectué)
    # et l'Unité est Ebranlée si elle ne l'était pas déjà et si elle n'est pas en Déroute
    # (sauf Profil de Moral Magique ou Inébranlable)" — the same for a stack not allowed
    immune = morale if morale != "steady" else None
    return Errement(
        table=table,
        roll=roll,
        outcome=outcome,
        moved=False,
        pivot=pivot,
        goes_on=False,
        blocked_by=target,
        shaken=immune is None,
        immune=immune,
    )
