"""Regeneration (X+), Medic and Mechanic (X) (seed 004).

"Régénération (XX)": one die per wound suffered, each at or above X saves one PdV; "une
seule tentative de régénération par PdV perdu"; "Les armes qui suppriment un socle de la
réalité (comme un Missile Warp ou un Canon Vortex) ne permettent pas l'utilisation de cette
capacité". "Médecin" (infanterie, artillerie légère, cavalerie within 12 cm) and "Mécanicien
(XX)" (marcheurs, véhicules, artillerie lourde within 12 cm): Régénération (5+), or the
base's own improved by one point; inactive "si le socle est dans un transport". The seed
gives Mechanic's X no other effect. Readings (rulesdb/README.md): one improvement at most
(one attempt per PdV), and never better than 2+.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel

from core.common.dice import DiceSource
from core.epic.rolls import Roll, check_count, roll

BaseClass = Literal[
    "infantry", "light_artillery", "cavalry", "walker", "vehicle", "heavy_artillery", "other"
]
CLASSES: tuple[BaseClass, ...] = get_args(BaseClass)
MEDIC_CLASSES = ("infantry", "light_artillery", "cavalry")
MECHANIC_CLASSES = ("walker", "vehicle", "heavy_artillery")
GRANTED = 5
BEST = 2


class Regeneration(BaseModel):
    wounds: int
    own: int | None  # the base's Regeneration (X+), None: it has none
    needed: int | None  # after Medic/Mechanic; None: no regeneration at all
    helper: Literal["medic", "mechanic"] | None = None  # the one that acted
    unused: list[str] = []  # "medic_class", "mechanic_class", "transport": why a helper did not
    reality: bool = False  # a weapon that removes the base from reality: no roll
    roll: Roll | None = None

    @property
    def saved(self) -> int:
        return 0 if self.roll is None else self.roll.successes

    @property
    def lost(self) -> int:
        return self.wounds - self.saved


def regenerate(
    dice: DiceSource,
    faces: int,
    wounds: int,
    own: int | None = None,
    *,
    base_class: BaseClass = "other",
    medic: bool = False,
    mechanic: bool = False,
    in_transport: bool = False,
    reality: bool = False,
) -> Regeneration:
    check_count(wounds, low=1)
    needed, helper, unused = own, None, []
    for asked, kind, classes in (
        (medic, "medic", MEDIC_CLASSES),
        (mechanic, "mechanic", MECHANIC_CLASSES),
    ):
        if not asked:
            continue
        if in_transport:
            unused.append("transport")
        elif base_class not in classes:
            unused.append(f"{kind}_class")
        elif helper is None:  # one improvement: "une seule tentative ... par PdV"
            helper = kind
            needed = GRANTED if own is None else max(BEST, own - 1)
    result = Regeneration(
        wounds=wounds,
        own=own,
        needed=needed,
        helper=helper,
        unused=sorted(set(unused)),
        reality=reality,
    )
    if reality or needed is None:
        return result
    return result.model_copy(update={"roll": roll(dice, wounds, faces, needed)})
