"""Acc: how many shots, the modifiers of the Acc test and the tests themselves.

Sources: rules-notes "Shooting" (Fire +1 but not OH nor heavy weapons, Long/Extreme and
the RF extra penalty as ruleset settings, lucky hits), seed 000 "TR(n)" and "TIR EN
SURPLOMB" (−2, no Fire bonus), seed 002 "Tir Rapide TRD6" (D6 shots on Fire, one on
Advance), "Imprécis", "Détecteur de Cible", Batter Drone, Micromite Probe, Nano-drone,
Targeter Probe, Blur; seed 000 "ARC (TIR EN ARC)" (a D10 per Arc crossed before the Acc
test, 6-10 a miss).
Each modifier is a named ``Modifier`` so a result can show where the target came from.
"""

from __future__ import annotations

from typing import Literal

from core.antares.ruleset import Ruleset
from core.antares.shooting.profile import has, is_overhead, is_rapid_fire, param, templates
from core.antares.shooting.shot import Shot
from core.antares.shooting.tape import DieRoll, Modifier, Tape
from core.antares.table_markers.effects import ARC_MISS_FROM
from rulesdb.weapons import BandName, Mode

FireWithheld = Literal["overhead", "heavy"]


def fires_multiple(mode: Mode, order: str) -> bool:
    """RF weapons fire several shots: RF n always, RF D6 only with a Fire order."""
    if has(mode, "rapid-fire-d6"):
        return order == "fire"
    return is_rapid_fire(mode)


def attacks_per_model(mode: Mode, rules: Ruleset) -> int:
    """Acc tests per model of a weapon with a range printed with "N attaques" (Heavy Tractor
    Maul 2, IMTel Stave 3): one, the attacks count in close combat; N with the ruleset's
    ``ranged_attacks_each_test`` (the seeds define "N Attaques" for close combat only, 003
    "2 Attaques")."""
    return (mode.attacks or 1) if rules.ranged_attacks_each_test else 1


def shot_count(tape: Tape, shot: Shot, mode: Mode, single: bool, attacks: int = 1) -> int:
    """Acc tests to roll: RF n per model, D6 per model (RF D6 on Fire), OH templates, and
    ``attacks`` per model (``attacks_per_model``).

    ``single``: the ammo is one shot per model whatever the weapon (Overload).
    """
    if single:
        return shot.models
    if is_overhead(mode):
        return shot.models * templates(mode)
    if has(mode, "rapid-fire-d6"):
        if shot.order != "fire":
            return shot.models
        return sum(tape.roll(6, "shots", index=m + 1) for m in range(shot.models))
    return shot.models * (param(mode, "rapid-fire") or 1) * attacks


def roll_blur(tape: Tape, markers: int) -> int:
    """Blur: D3 per marker near the shooter, the highest counts (seeds "BLUR")."""
    return max((tape.roll(3, "blur", index=m + 1) for m in range(markers)), default=0)


def roll_arcs(tape: Tape, arcs: int, shots: int) -> list[int]:
    """Arc: each shot rolls a D10 per Arc it crosses, before its Acc test; 1-5 it goes
    through, 6-10 it misses and the next Arcs are not rolled. The intercepted shots."""
    intercepted: list[int] = []
    for shot in range(1, shots + 1):
        for _ in range(arcs):
            if not tape.gate("arc", ARC_MISS_FROM, index=shot).success:
                intercepted.append(shot)
                break
    return intercepted


def range_modifiers(mode: Mode, band: BandName, order: str, rules: Ruleset) -> list[Modifier]:
    found = []
    if band == "long" and rules.long_range_acc:
        found.append(Modifier(source="long_range", value=rules.long_range_acc))
    if band == "extreme" and rules.extreme_range_acc:
        found.append(Modifier(source="extreme_range", value=rules.extreme_range_acc))
    if band != "effective" and fires_multiple(mode, order) and rules.rf_extra_penalty:
        found.append(Modifier(source="rapid_fire_range", value=rules.rf_extra_penalty))
    return found


def target_modifiers(shot: Shot, overhead: bool, rules: Ruleset) -> list[Modifier]:
    """Modifiers from the target and what stands between: drones, probes, markers."""
    target = shot.target
    found = []
    if shot.batter_drone and not target.scrambled:  # a buddy drone: off under a Scrambler
        found.append(Modifier(source="batter_drone", value=-2))
    if target.micromite:
        found.append(Modifier(source="micromite", value=-2))
    if target.nano_shield and not target.scrambled:
        found.append(Modifier(source="nano_shield", value=-2))
    targeters = 0 if overhead else min(target.targeters, rules.max_targeters)
    if targeters:
        found.append(Modifier(source="targeters", value=targeters))
    if target.sensor_marked and not sensor_withheld(shot, overhead, rules):
        found.append(Modifier(source="sensor_module", value=1))
    return found


def sensor_withheld(shot: Shot, overhead: bool, rules: Ruleset) -> bool:
    """A Sensor Module mark whose +1 Acc the Targeter Probes on the target cancel: 002
    "Détecteur de Cible", "ne peut pas être combiné avec des Targeter Drones". Direct fire
    takes the targeters' bonus instead (+1 each, never less). Overhead fire gets no Acc
    from them, only less drift ("TARGETER PROBE"): whether the mark's +1 still counts is
    the ruleset's ``sensor_module_oh_with_targeters`` (default: it does)."""
    target = shot.target
    if not target.sensor_marked or not target.targeters:
        return False
    if overhead:
        return not rules.sensor_module_oh_with_targeters
    return rules.max_targeters > 0


def fire_withheld(order: str, overhead: bool, heavy: bool, rules: Ruleset) -> FireWithheld | None:
    """Why a Fire order gives no +1 Acc, if it gives none: overhead fire (seeds "TIR EN
    SURPLOMB": "pas de bonus +1 pour un Ordre Fire"), a heavy weapon (rules-notes
    "Shooting": "not heavy weapons"; ruleset ``heavy_weapons_fire_bonus``)."""
    if order != "fire":
        return None
    if overhead:
        return "overhead"
    if heavy and not rules.heavy_weapons_fire_bonus:
        return "heavy"
    return None


def acc_modifiers(
    shot: Shot, mode: Mode, band: BandName, blur: int, rules: Ruleset, heavy: bool = False
) -> list[Modifier]:
    """Every modifier of the Acc test, in the order the rules list them; zeros left out.
    ``heavy``: the weapon is a heavy weapon (``rulesdb`` ``Weapon.heavy``)."""
    overhead = is_overhead(mode)
    found = []
    if shot.order == "fire" and fire_withheld(shot.order, overhead, heavy, rules) is None:
        found.append(Modifier(source="fire_order", value=1))
    found += range_modifiers(mode, band, shot.order, rules)
    if overhead:
        found.append(Modifier(source="overhead", value=-2))
    if has(mode, "imprecise"):
        found.append(Modifier(source="imprecise", value=-1))
    found += target_modifiers(shot, overhead, rules)
    if blur:
        found.append(Modifier(source="blur", value=-blur))
    if shot.breaching_kit and shot.target.structure:  # 003 "BREACHING KIT"
        found.append(Modifier(source="breaching_kit", value=1))
    if shot.acc_modifier:
        found.append(Modifier(source="free", value=shot.acc_modifier))
    return found


def acc_target(acc: int, modifiers: list[Modifier]) -> int:
    return acc + sum(m.value for m in modifiers)


def roll_acc(tape: Tape, shots: list[int], target: int) -> list[DieRoll]:
    """One Acc test per shot (numbered from 1); a 1 is a lucky hit, a 10 a miss nothing
    rerolls."""
    return [tape.test("acc", target, index=shot) for shot in shots]
