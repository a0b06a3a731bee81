"""A generic Epic shot or assault roll with the capabilities of seed 004 as options.

- "Anti-Aérien (AA)": "touche avec un malus de 2 sauf si la cible a au moins une des
  caractéristiques suivantes : Volant, Flottant, Antigrav (seulement lors d'un mouvement
  au-dessus un décor...), Réacteurs Dorsaux (...) ou est de Classe de Blocage 5 ou plus";
  it also ignores the "cible difficile" malus against Volant (the caller leaves it out).
- "Ignore les Couverts": "ignore les modificateurs pour toucher dus aux couverts".
- "Meneur": "+1 à leur FA": an assault roll only (reading: each assault die at one better).
- "+1D3 gabarits supplémentaires": the template count plus D3.
- "Endommage les Bâtiments (XX)": "forcent un bâtiment à effectuer une sauvegarde avec une
  PA égal à X. Si cette sauvegarde échoue, le bâtiment perd un Point de Structure" (reading:
  one save per hit, AP X makes it X worse).
A modifier is added to the die: the number needed is the printed X+ minus the modifiers.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from core.common.dice import DiceSource
from core.epic.rolls import Roll, check_count, roll

Kind = Literal["shot", "assault"]
Air = Literal["ground", "flying", "floating", "antigrav", "jump_pack"]
AIRS: tuple[Air, ...] = ("ground", "flying", "floating", "antigrav", "jump_pack")
AA_MALUS = -2
AA_CLASS = 5
LEADER_BONUS = 1


class Modifier(BaseModel):
    key: str  # "aa", "cover", "cover_ignored", "leader", "leader_shot", "other"
    value: int


class ShotInput(BaseModel):
    kind: Kind = "shot"
    dice: int
    target: int  # X+ as printed
    modifier: int = 0
    cover: int = 0  # the cover malus (a positive number taken off)
    ignores_cover: bool = False
    aa: bool = False
    air: Air = "ground"  # the target's trait for AA (antigrav/jump pack: over terrain)
    target_class: int = 1
    leader: bool = False
    templates: int = 0
    extra_templates: bool = False  # +1D3 gabarits supplémentaires
    damages_buildings: int | None = None  # X, the AP of the building's save
    building_save: int | None = None  # the building's save, X+


class EpicShot(BaseModel):
    input: ShotInput
    modifiers: list[Modifier]
    hits: Roll
    d3: int | None = None  # the +1D3 templates' die
    building: Roll | None = None  # the building's saves, one per hit
    building_needed: int | None = None

    @property
    def templates(self) -> int:
        return self.input.templates + (self.d3 or 0)

    @property
    def structure_lost(self) -> int:
        if self.building is None:
            return 0
        return self.hits.successes - self.building.successes  # no save possible: every hit


def modifiers(s: ShotInput) -> list[Modifier]:
    out = []
    if s.aa and s.air == "ground" and s.target_class < AA_CLASS:
        out.append(Modifier(key="aa", value=AA_MALUS))
    if s.cover:
        out.append(
            Modifier(
                key="cover_ignored" if s.ignores_cover else "cover",
                value=0 if s.ignores_cover else -s.cover,
            )
        )
    if s.leader:
        assault = s.kind == "assault"
        out.append(
            Modifier(
                key="leader" if assault else "leader_shot", value=LEADER_BONUS if assault else 0
            )
        )
    if s.modifier:
        out.append(Modifier(key="other", value=s.modifier))
    return out


def epic_shot(dice: DiceSource, faces: int, s: ShotInput) -> EpicShot:
    check_count(s.dice, low=1)
    check_count(s.templates, "epic.bad_templates")
    mods = modifiers(s)
    needed = s.target - sum(m.value for m in mods)
    d3 = dice.roll(3) if s.extra_templates else None
    hits = roll(dice, s.dice, faces, max(needed, 2))
    result = EpicShot(input=s, modifiers=mods, hits=hits, d3=d3)
    if s.building_save is None or s.damages_buildings is None:
        return result
    building_needed = s.building_save + s.damages_buildings
    saves = roll(dice, hits.successes, faces, building_needed)
    return result.model_copy(update={"building": saves, "building_needed": building_needed})
