"""Close combat (H2H) value objects: a side, and the groups of models that strike.

Rules-notes "Close combat": a Str test to hit per attack, the weapon's SV against Res as in
shooting. What a weapon brings (seeds weapon tables): N attacks ("2 attaques", Shockwave's
3 at SV 3), the D-Spinner's choice each round (Res +2, or SV 2 counted as a grenade, seed
003), grenades as hand weapons (+1 Str, several grenade hits on one model add their SV
into one Res test), Hazardous H2H (a Str roll of 10 hits the user's own unit).
"""

from __future__ import annotations

from typing import Literal

from core.antares.game import UnitKind
from core.antares.shooting.shot import Armour, ChartKind, Frozen, ResRerolls, Target

GRENADES = frozenset({"plasma-grenades", "implosion-grenades", "solar-charges"})
HAND_WEAPONS = frozenset({"mag-pistol", "plasma-pistol"})  # "armes de poing" (seeds grenades)
DSpinner = Literal["res", "sv"]


class Attackers(Frozen):
    """``models`` of a side striking with one weapon (None: bare attacks, SV 0, one each).

    ``attacks`` overrides the attacks per model; ``str_modifier`` is any agreed modifier.
    """

    models: int = 1
    weapon: str | None = None
    mode: str | None = None
    attacks: int | None = None
    str_modifier: int = 0


class CombatSide(Frozen):
    """One unit in the fight: its stats, its models (hits are spread over them, casualties
    capped), how it strikes (``groups``; empty: every model strikes once at SV 0) and what
    protects it. ``d_spinner`` is the round's choice for a unit with D-Spinners; ``scrambled``
    cancels armour bonuses, takes 2 Res from weapon drones and vehicles and switches buddy
    drones off (Borer, Medi-Drone), as in shooting."""

    str: int
    res: int
    models: int
    groups: tuple[Attackers, ...] = ()
    kind: UnitKind = "infantry"
    armour: Armour = "none"
    nuhu_envelope: bool = False
    borer_drone: bool = False  # +1 Str (seed 000 "BORER DRONE")
    scrambled: bool = False  # within 3" of an enemy Scrambler (seeds "SCRAMBLER")
    d_spinner: DSpinner | None = None
    chart: ChartKind | None = None
    res_rerolls: ResRerolls = ResRerolls()
    res_modifier: int = 0

    def strikers(self) -> tuple[Attackers, ...]:
        return self.groups or (Attackers(models=self.models),)

    def as_target(self) -> Target:
        """The side as the target of blows (no cover in close combat)."""
        return Target(
            res=self.res,
            models=self.models,
            kind=self.kind,
            armour=self.armour,
            nuhu_envelope=self.nuhu_envelope,
            scrambled=self.scrambled,
            chart=self.chart,
            res_rerolls=self.res_rerolls,
            res_modifier=self.res_modifier,
        )
