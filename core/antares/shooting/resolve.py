"""Resolving a shot, step by step, with an injected dice source (issue 5).

1. ``prepare``: every check, before any die (``context``).
2. ``deliver``: shots, Blur, Acc tests, rerolls, templates, drift, blast hits (``delivery``).
3. ``land_ammo``: Net pins, SlingNet, markers (``ammo``).
4. ``damage``: Shield Drones, Res tests and their rerolls, casualties, damage charts.
5. ``finish``: the attack's pin, what a 10 did to the shooter, the Fractal Lock.

``resolve_landing`` resolves a drifted overhead template on the unit it now covers: steps
3 to 5 only, the template landed there.

Every die goes through one ``Tape``; the result lists them in order in ``rolls``.
``apply_shot`` (``core.antares.shooting.apply``) writes the result into a game state.
"""

from __future__ import annotations

from core.antares.ruleset import Ruleset
from core.antares.shooting.ammo import MARKERS, marker_landings, roll_net
from core.antares.shooting.context import Context, prepare
from core.antares.shooting.delivery import deliver, land_template
from core.antares.shooting.effects import ten_effects, tens
from core.antares.shooting.profile import has
from core.antares.shooting.rerolls import RerollPool, must_reroll_hits
from core.antares.shooting.resistance import Resolver, res_base, res_modifiers
from core.antares.shooting.results import FractalUse, ShotResult, TemplateRecord
from core.antares.shooting.shields import SHIELD_TABLE, ShieldScreen
from core.antares.shooting.shot import CHART_TABLES, Shot, Target
from core.antares.shooting.tape import Modifier
from core.antares.units import takes_pins
from core.common.dice import DiceSource
from rulesdb import load_rules
from rulesdb.models import RulesDB

BREACHING_RANGE = 5.0


def resolve_shot(
    shot: Shot, dice: DiceSource, rules: Ruleset | None = None, db: RulesDB | None = None
) -> ShotResult:
    """Resolve ``shot`` (a ``Shot``) with ``dice``; ``BadInput`` / ``NotFound`` before any die."""
    ctx = prepare(shot, dice, rules or Ruleset(), db or load_rules())
    ctx.result.drones_off = drones_off(shot)
    deliver(ctx)
    land_ammo(ctx)
    damage(ctx)
    finish(ctx)
    ctx.result.rolls = ctx.tape.rolls
    return ctx.result


def resolve_landing(
    shot: Shot,
    template: int,
    dice: DiceSource,
    rules: Ruleset | None = None,
    db: RulesDB | None = None,
) -> ShotResult:
    """Template ``template`` of an overhead shot that drifted onto ``shot.target`` (issue 22,
    seeds "TIR EN SURPLOMB (SP)": the table checks what it now covers): it lands there, so
    its D(n) hits (halved against Down, running or sprinting units), or its ammo's effect,
    and the Res tests, as for a template on target. No Acc die is rolled again: the one that
    missed makes no hit lucky."""
    ctx = prepare(shot, dice, rules or Ruleset(), db or load_rules())
    ctx.result.drones_off = drones_off(shot)
    landed = TemplateRecord(index=template, outcome="hit")
    ctx.result.templates.append(landed)
    land_template(ctx, landed, lucky=False)
    land_ammo(ctx)
    damage(ctx)
    finish(ctx)
    ctx.result.rolls = ctx.tape.rolls
    return ctx.result


def drones_off(shot: Shot) -> list[str]:
    """The target's buddy drones a Scrambler switches off ("ils cessent de fonctionner",
    seeds "SCRAMBLER (BROUILLEUR)"; "rendus temporairement inutiles", "BUDDY DRONES"),
    named so the reply can say why their effect is missing."""
    target = shot.target
    if not target.scrambled:
        return []
    declared = {
        "batter_drone": shot.batter_drone,
        "nano_shield": target.nano_shield,
        "shield_drones": target.shield_drones > 0,
        "medi_drone": target.res_rerolls.medi_drones > 0,
    }
    return [drone for drone, present in declared.items() if present]


def land_ammo(ctx: Context) -> None:
    result, ammo = ctx.result, ctx.ammo
    if ammo is None:
        return
    if ammo.id == "net":
        landed = sum(1 for t in result.templates if t.outcome == "hit")
        if landed:
            halve = must_reroll_hits(ctx.shot.target.motion)
            result.net = roll_net(
                ctx.tape, ammo, ctx.weapon.id, landed, ctx.shot.net_units, halve, ctx.rules
            )
            if not takes_pins(ctx.shot.target.kind):  # rolled for the other units under it
                result.net.pins_to, result.net.spared = 0, True
    elif ammo.id in MARKERS:
        result.markers = marker_landings(ammo.id, result.templates)


def breaching_sv(shot: Shot) -> list[Modifier]:
    """003 "BREACHING KIT": +1 SV firing at a structure within 5", shown as the Res it
    takes off each test (Res − SV is what the die is rolled against)."""
    close = shot.distance is not None and shot.distance <= BREACHING_RANGE
    if shot.breaching_kit and shot.target.structure and close:
        return [Modifier(source="breaching_kit_sv", value=-1)]
    return []


def resolver_for(ctx: Context, target: Target) -> Resolver:
    """Res tests of this shot: base Res, reroll pool, damage chart, Massive Damage."""
    blast = ctx.blast() is not None
    no_cover = has(ctx.mode, "no-cover")
    modifiers = res_modifiers(target, ctx.near, blast, no_cover, ctx.rules, ctx.phase_near)
    modifiers += breaching_sv(ctx.shot)
    ctx.result.res_modifiers = modifiers
    ctx.result.res_base = res_base(target, modifiers)
    kind = target.chart_kind()
    chart = ctx.db.damage_tables[CHART_TABLES[kind]] if kind is not None else None
    massive = has(ctx.mode, "massive-damage")
    # Medi-Drones are buddy drones: a Scrambler switches them off; medics heal only humans
    pool = RerollPool(target.res_rerolls, target.models, target.kind, ctx.rules, target.scrambled)
    ctx.result.healing = pool.healing
    return Resolver(ctx.result.res_base, pool, chart, massive, ctx.rules)


def shield_drones(ctx: Context) -> int:
    """The Shield Drones that try to intercept: none when scrambled (buddy drones off) or
    when the target's player declines ("le joueur peut tenter d'intercepter", 003)."""
    target = ctx.shot.target
    ctx.result.shields_declined = target.shields_declined and target.shield_drones > 0
    if target.scrambled or target.shields_declined:
        return 0
    return target.shield_drones


def damage(ctx: Context) -> None:
    """Shield Drones, then the Res test of each hit that does damage."""
    result, target = ctx.result, ctx.shot.target
    if not result.hit_records:
        return
    screen = ShieldScreen(ctx.db.tables[SHIELD_TABLE], shield_drones(ctx))
    resolver = resolver_for(ctx, target)
    for hit in result.hit_records:
        if hit.sv is not None:
            hit.heavy = resolver.base - hit.sv > ctx.rules.heavy_armour_above
        screen.intercept(ctx.tape, hit)
        if not hit.blocked and hit.sv is not None:
            resolver.test(ctx.tape, hit)
    result.charts = resolver.charts
    result.leader = resolver.leader_share(result.hit_records)
    result.blocked = sum(1 for h in result.hit_records if h.blocked)
    result.shield_drones_lost = screen.lost
    result.heavily_armoured = any(h.heavy for h in result.hit_records)
    result.res_failed = sum(1 for h in result.hit_records if h.failed)
    casualties = sum(1 for h in result.hit_records if h.casualty)
    result.casualties = min(casualties, target.models or casualties)
    removed = result.casualties + sum(1 for chart in result.charts if chart.destroyed)
    result.losses = min(removed, target.models or removed)


def attack_pins(ctx: Context) -> int:
    """One pin for an attack that hits (ruleset), not per hit; none from a Sensor Module,
    for a probe (``takes_pins``), or for hits a heavily armoured target resisted; SlingNet +1."""
    result = ctx.result
    if not takes_pins(ctx.shot.target.kind) or has(ctx.mode, "no-stress"):
        return 0
    for hit in result.hit_records:
        hit.pins = not hit.heavy or (not hit.blocked and hit.failed)
    if not any(hit.pins for hit in result.hit_records):
        return 0
    netted = ctx.ammo_id == "slingnet" and any(not h.blocked for h in result.hit_records)
    return ctx.rules.pins_per_hit_attack + (1 if netted else 0)


def finish(ctx: Context) -> None:
    result, mode = ctx.result, ctx.mode
    result.hits = len(result.hit_records)
    result.lucky_hits = sum(1 for h in result.hit_records if h.lucky)
    result.concentrated_fire = result.lucky_hits > 0 and has(mode, "concentrated-fire")
    result.pins = attack_pins(ctx)
    result.pins_spared = not takes_pins(ctx.shot.target.kind) and bool(result.hit_records)
    result.effects = ten_effects(mode, ctx.ammo_id, tens(ctx.tape.rolls), ctx.shot.models)
    landed = any(not h.blocked for h in result.hit_records)
    result.effects.sensor_marked = has(mode, "target-sensor") and landed
    if has(mode, "fractal-lock") and result.fractal is None:
        result.fractal = FractalUse(
            locked=False, sv=mode.sv_at(ctx.band, 0), locks=bool(result.hit_records)
        )
