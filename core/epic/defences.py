"""Close defences, DR (X) (seed 004, "DR (XX)").

"X Défenses Rapprochées. Chaque DR aura alors un tir sur du 7+ (malus d'interception déjà
compté), PA 0 en tir d'interception et sur du 6+, PA 0 en Tir de contre charge. Les DR ont
une portée de 15 cm, un angle de tir de 360° et sont inefficaces contre les socles de classe
3 ou plus."
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.common.dice import DiceSource
from core.epic.rolls import Roll, check_count, roll

Mode = Literal["interception", "counter_charge"]
NEEDED: dict[Mode, int] = {"interception": 7, "counter_charge": 6}
RANGE_CM = 15
CLASS_LIMIT = 3
AP = 0


class Defences(BaseModel):
    shots: int
    mode: Mode
    needed: int
    target_class: int
    distance_cm: float | None
    refused: Literal["class", "range"] | None = None  # why no die is rolled
    roll: Roll | None = None


def close_defences(
    dice: DiceSource,
    faces: int,
    shots: int,
    mode: Mode,
    target_class: int,
    distance_cm: float | None = None,
) -> Defences:
    check_count(shots, low=1)
    result = Defences(
        shots=shots,
        mode=mode,
        needed=NEEDED[mode],
        target_class=target_class,
        distance_cm=distance_cm,
    )
    if target_class >= CLASS_LIMIT:
        return result.model_copy(update={"refused": "class"})
    if distance_cm is not None and distance_cm > RANGE_CM:
        return result.model_copy(update={"refused": "range"})
    return result.model_copy(update={"roll": roll(dice, shots, faces, NEEDED[mode])})
