"""A ``Shot`` from `/shoot`'s options and the tracked units they name.

A tracked shooter gives its Acc, pins and current order, a tracked target its Res, models,
kind, armour and Down; any option given overrides the unit's value. Untracked, Acc (for
the shooter) and Res (for the target) must be given. An active Fractal Lock of the shooter
on the target is put on the shot (``core.antares.shooting.with_lock``); the table's markers
(``MarkersApplied``) give Blur, Arcs, the target's Scrambler and the Spotter's. What the
game kept (``core.antares.shooting.kept``): a tracked target's Sensor Module mark, and a tracked
shooter's models that may no longer fire Overload. A tracked target's gear gives its drones
(Shield, Camo, Medi, Batter) and its Res rerolls.

``set_up`` gives the one ``ShotSetup`` that `/shoot` resolves, `/odds` computes and the
luck line places a roll in (issue 29): the shot, the ruleset, the rules database with the
shooter's roster figures (issue 18), and a tracked target's standing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import ValidationError

from core.antares.game import CarriedWeapon, GameState, Unit
from core.antares.odds import Standing
from core.antares.odds.standing import standing_of
from core.antares.roster.figures import carried, with_figures
from core.antares.ruleset import Ruleset
from core.antares.shooting import ResRerolls, Shot, Target, with_lock
from core.antares.shooting.from_units import current_order, own_rerolls, shot_gear_of, stat
from core.antares.shooting.kept import check_overload
from core.common.errors import BadInput
from rulesdb.models import RulesDB
from services.shooting.options import Extras, ShotOptions
from services.shooting.records import MarkersApplied


@dataclass(frozen=True, slots=True)
class ShotPlan:
    """The options once parsed: weapon and mode ids, rerolls, extras; whether the mode
    fires overhead (which Arcs bear on it: ``services.shooting.markers``)."""

    options: ShotOptions
    weapon: str
    mode: str | None
    rerolls: ResRerolls
    extras: Extras
    overhead: bool = False


def both_names(carried: CarriedWeapon) -> str:
    """ "Mag Gun", or "Plasma Carbine / Carabine à plasma" when the languages differ."""
    names = dict.fromkeys(n for n in (carried.name_en, carried.name_fr) if n)
    return " / ".join(names) or carried.weapon


def weapon_default(options: ShotOptions, shooter: Unit | None) -> ShotOptions:
    """The weapon the shooter carries when none is given (its only one), else a refusal
    naming them; without a tracked shooter, the weapon must be given."""
    if options.weapon is not None:
        return options
    if shooter is None:
        raise BadInput("shoot.weapon_needed")
    if not shooter.weapons:
        raise BadInput("shoot.weapon_not_kept", unit=shooter.name)
    if len(shooter.weapons) > 1:
        raise BadInput(
            "shoot.which_weapon",
            unit=shooter.name,
            weapons=", ".join(both_names(w) for w in shooter.weapons),
        )
    return replace(options, weapon=shooter.weapons[0].weapon)


def models_default(options: ShotOptions, shooter: Unit | None, weapon: str) -> ShotOptions:
    """The models that carry the weapon (its count, else all), never more than are left."""
    if options.models is not None:
        return options
    if shooter is None:
        raise BadInput("shoot.models_needed")
    carried = next((w for w in shooter.weapons if w.weapon == weapon), None)
    count = carried.count if carried is not None and carried.count else shooter.models
    return replace(options, models=max(1, min(count, shooter.models)))


def given(**values: Any) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def shooter_fields(options: ShotOptions, shooter: Unit | None) -> dict[str, Any]:
    if shooter is None:
        if options.acc is None:
            raise BadInput("shoot.acc_needed")
        return given(acc=options.acc, order=options.order, shooter_pins=options.pins)
    models = options.models
    if models is None:  # `models_default` gives a tracked shooter's
        raise BadInput("shoot.models_needed")
    if models > shooter.models:
        raise BadInput(
            "shoot.models_above_unit",
            unit=shooter.name,
            models=models,
            have=shooter.models,
        )
    check_overload(shooter, options.ammo, models)
    return {
        "acc": options.acc if options.acc is not None else stat(shooter, "acc"),
        "order": options.order or current_order(shooter),
        "shooter_pins": options.pins if options.pins is not None else shooter.pins,
    }


def target_fields(options: ShotOptions, target: Unit | None) -> dict[str, Any]:
    if target is None:
        if options.res is None:
            raise BadInput("shoot.res_needed")
        return given(
            res=options.res,
            models=options.target_models,
            kind=options.kind,
            armour=options.armour,
            motion=options.motion,
        )
    return {
        "res": options.res if options.res is not None else stat(target, "res"),
        "models": target.models,
        "kind": options.kind or target.kind,
        "armour": options.armour or target.armour,
        "motion": options.motion or ("down" if target.down else "normal"),
        "sensor_marked": target.sensor_marked,  # hit by a Sensor Module this turn
    }


def shooter_gear(options: ShotOptions, shooter: Unit | None) -> dict[str, Any]:
    """The shooter's own drones and kit (``Unit.gear``); an option given wins."""
    spotter = options.spotter
    if spotter is None:
        spotter = shooter is not None and bool(shooter.has("spotter_drone"))
    fields: dict[str, Any] = {"spotter": spotter}
    if shooter is not None and shooter.has("breaching_kit"):
        fields["breaching_kit"] = True
    return fields


def target_gear(options: ShotOptions, target: Unit | None) -> dict[str, Any]:
    """The target's drones and rules (``Unit.gear``): Camo Drone, Shield Drones and its own
    Res rerolls (Medic (n), Medi-Drones, Leader (n): seeds 002/003); options given win."""
    drones = options.shield_drones
    if target is None:
        return {"shield_drones": drones or 0}
    fields: dict[str, Any] = {
        "shield_drones": target.has("shield_drone") if drones is None else drones,
        "camo_drone": bool(target.has("camo_drone")),
    }
    if options.rerolls is None:
        fields["res_rerolls"] = own_rerolls(target)
    return fields


def marker_fields(
    plan: ShotPlan, markers: MarkersApplied | None, spotter: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``Shot`` and ``Target`` fields from the markers (the ``extras`` come after, and win)."""
    markers = markers or MarkersApplied(arcs_given=plan.options.arcs)
    shot = {"arcs": markers.arcs, "spotter": spotter and not markers.spotter_off}
    if markers.blurs:
        shot["blur_markers"] = len(markers.blurs)
    return shot, ({"scrambled": True} if markers.scramblers else {})


def build_target(plan: ShotPlan, target: Unit | None, markers: dict[str, Any]) -> Target:
    options = plan.options
    fields = target_fields(options, target)
    fields.update(
        {**markers, **given(cover=options.cover)},
        targeters=options.targeters,
        res_rerolls=plan.rerolls,
    )
    fields.update(target_gear(options, target), **plan.extras.target)
    return validated(Target, fields)


def build_shot(
    plan: ShotPlan,
    shooter: Unit | None,
    target: Unit | None,
    state: GameState | None = None,
    markers: MarkersApplied | None = None,
) -> Shot:
    options = plan.options
    own = shooter_gear(options, shooter)
    on_shot, on_target = marker_fields(plan, markers, own.pop("spotter"))
    fields = {**shooter_fields(options, shooter), **own}
    if target is not None:
        fields.update(shot_gear_of(target))  # its Batter Drone
    ranged = given(mode=plan.mode, ammo=options.ammo, distance=options.distance, band=options.band)
    fields.update(
        {**ranged, **on_shot},
        weapon=plan.weapon,
        models=options.models,
        target=build_target(plan, target, on_target),
        blind=options.blind,
        acc_modifier=options.modifier,
    )
    fields.update(plan.extras.shot)  # `extras` win (its `blind` word included)
    shot = validated(Shot, fields)
    if state is not None and shooter is not None and target is not None:
        shot = with_lock(state, shooter.id, target.id, shot)
    return shot


def validated(model: type, fields: dict[str, Any]) -> Any:
    """The model, or ``shoot.invalid`` naming the field (choices are checked before)."""
    try:
        return model(**fields)
    except ValidationError as error:
        where = ".".join(str(part) for part in error.errors()[0]["loc"]) or "?"
        raise BadInput("shoot.invalid", field=where) from None


@dataclass(frozen=True)
class ShotSetup:
    """One shot as the resolver, `/odds` and the luck line all read it. ``figures``: the
    roster figures in ``db`` (the luck's memory tells two databases apart by them);
    ``standing``: the target as its break test needs it (None: read from the shot)."""

    shot: Shot
    rules: Ruleset
    db: RulesDB = field(compare=False, hash=False)
    figures: str = ""
    standing: Standing | None = None


def set_up(
    plan: ShotPlan,
    shooter: Unit | None,
    target: Unit | None,
    rules: Ruleset,
    db: RulesDB,
    state: GameState | None = None,
    markers: MarkersApplied | None = None,
    standing: Standing | None = None,
) -> ShotSetup:
    """The shot from the plan and the tracked units, with the shooter's roster figures for
    its weapon (`/army import figures:roster`) and, for a tracked target, its standing as
    the resolver reads it (``core.antares.odds.standing.standing_of``); ``standing`` for an
    untracked target (`/odds`: its models, the Co of ``co:8``)."""
    shot = build_shot(plan, shooter, target, state, markers)
    own = carried(shooter, plan.weapon)
    figures = json.dumps([f.model_dump() for f in own.figures]) if own is not None else ""
    if state is not None and target is not None:
        standing = standing_of(state, target)
    return ShotSetup(shot, rules, with_figures(db, own), figures, standing)
