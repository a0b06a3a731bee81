"""One round of close combat: both sides strike, then each takes its blows (rules-notes
"Close combat"; seeds "RÈGLES POUR LES GRENADES", "Dangereux CàC", "Onde de Choc",
"Rés/ Impact Variable", "Grenade", "Épuisé").

Each attack is a Str test (Str + 1 with grenades, + 1 with a Borer Drone); a hit is a
blow at the weapon's SV. A Str roll of 10 with a Hazardous H2H weapon misses and hits the
striker's own unit instead; with an IMTel Stave it exhausts the stave. Blows are then
resolved as in shooting (armour, Res rerolls, heavy armour, damage charts); grenade blows
are spread evenly over the models and those landing on the same model add their SV into
one Res test. The side with fewer losses wins the round; a draw fights again while the
ruleset's ``h2h_max_rounds`` allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

from core.dice import DiceSource
from core.errors import BadInput
from core.ruleset import Ruleset
from core.shooting.combat import GRENADES, HAND_WEAPONS, Attackers, CombatSide
from core.shooting.profile import has, weapon_mode
from core.shooting.rerolls import RerollPool
from core.shooting.resistance import Resolver, res_base, res_modifiers
from core.shooting.results import ChartResult, HitRecord, LeaderShare
from core.shooting.shot import CHART_TABLES
from core.shooting.tape import DieRoll, Modifier, Tape
from core.shooting.validate import check_side
from rulesdb import load_rules
from rulesdb.models import RulesDB

Winner = Literal["attacker", "defender", "draw"]


@dataclass(frozen=True)
class Striking:
    """How one group strikes: attacks per model, SV, grenade, rules that a 10 triggers."""

    weapon: str | None
    mode: str | None
    attacks: int
    sv: int
    grenade: bool
    hazardous: bool
    exhausts: bool


class StrikeGroup(BaseModel):
    weapon: str | None
    mode: str | None
    attacks: int
    str_target: int
    str_modifiers: list[Modifier]
    sv: int
    grenade: bool
    hits: int = 0
    hazardous_hits: int = 0


class Taken(BaseModel):
    """What a side took this round: every Res test, casualties, damage charts."""

    res_base: int
    res_modifiers: list[Modifier]
    leader: LeaderShare | None = None  # the side had Leader(n) rerolls
    hit_records: list[HitRecord] = []
    res_failed: int = 0
    casualties: int = 0
    charts: list[ChartResult] = []
    heavily_armoured: bool = False

    @property
    def losses(self) -> int:
        return self.casualties + sum(1 for c in self.charts if c.destroyed)


class SideResult(BaseModel):
    groups: list[StrikeGroup]
    hits: int
    hazardous_hits: int
    exhausted: bool
    taken: Taken
    losses: int


class CombatResult(BaseModel):
    round: int
    attacker: SideResult
    defender: SideResult
    winner: Winner
    another_round: bool
    rolls: list[DieRoll]


def striking(db: RulesDB, group: Attackers, side: CombatSide) -> Striking:
    """The weapon's close-combat profile; ``h2h.not_a_close_combat_weapon`` for a gun."""
    if group.weapon is None:
        return Striking(None, None, group.attacks or 1, 0, False, False, False)
    weapon, mode = weapon_mode(db, group.weapon, group.mode, "h2h")
    usable = mode.h2h_only or mode.attacks or weapon.id in GRENADES | HAND_WEAPONS
    if not usable:
        raise BadInput("h2h.not_a_close_combat_weapon", weapon=weapon.name_en, mode=mode.id)
    sv = mode.sv_at("effective")
    grenade = weapon.id in GRENADES
    if has(mode, "variable-res-sv"):
        if side.d_spinner is None:
            raise BadInput("h2h.d_spinner_choice", weapon=weapon.name_en, choices="res, sv")
        sv, grenade = (2, True) if side.d_spinner == "sv" else (0, False)
    attacks = group.attacks or mode.attacks or 1
    return Striking(
        weapon.id, mode.id, attacks, sv or 0, grenade,
        has(mode, "hazardous-h2h"), has(mode, "exhausted"),
    )


def str_modifiers(side: CombatSide, group: Attackers, how: Striking) -> list[Modifier]:
    found = []
    if how.grenade:
        found.append(Modifier(source="grenade", value=1))
    if side.borer_drone:
        found.append(Modifier(source="borer_drone", value=1))
    if group.str_modifier:
        found.append(Modifier(source="free", value=group.str_modifier))
    return found


@dataclass
class Blow:
    sv: int
    grenade: bool


@dataclass
class Strikes:
    """What a side's attacks did: per group, blows on the enemy, blows on itself."""

    groups: list[StrikeGroup]
    blows: list[Blow]
    own: list[Blow]
    exhausted: bool = False


def strike_group(
    tape: Tape, side: CombatSide, group: Attackers, how: Striking, strikes: Strikes
) -> None:
    modifiers = str_modifiers(side, group, how)
    record = StrikeGroup(
        weapon=how.weapon,
        mode=how.mode,
        attacks=how.attacks * group.models,
        str_target=side.str + sum(m.value for m in modifiers),
        str_modifiers=modifiers,
        sv=how.sv,
        grenade=how.grenade,
    )
    first = sum(g.attacks for g in strikes.groups) + 1
    for number in range(first, first + record.attacks):
        test = tape.test("str", record.str_target, index=number)
        if test.value == 10 and how.exhausts:
            strikes.exhausted = True
        if test.value == 10 and how.hazardous:
            record.hazardous_hits += 1
            strikes.own.append(Blow(how.sv, how.grenade))
        elif test.success:
            record.hits += 1
            strikes.blows.append(Blow(how.sv, how.grenade))
    strikes.groups.append(record)


def profiles(db: RulesDB, side: CombatSide) -> list[tuple[Attackers, Striking]]:
    return [(group, striking(db, group, side)) for group in side.strikers()]


def strike(tape: Tape, side: CombatSide, profiles: list[tuple[Attackers, Striking]]) -> Strikes:
    """Every attack of a side, group by group."""
    strikes = Strikes(groups=[], blows=[], own=[])
    for group, how in profiles:
        strike_group(tape, side, group, how, strikes)
    return strikes


def compound(blows: list[Blow], models: int) -> list[list[int]]:
    """Grenade blows spread evenly over the models: the SVs each model takes."""
    if not blows:
        return []
    per_model: list[list[int]] = [[] for _ in range(min(models, len(blows)))]
    for i, blow in enumerate(blows):
        per_model[i % len(per_model)].append(blow.sv)
    return per_model


def blow_records(blows: list[Blow], own: list[Blow], models: int) -> list[HitRecord]:
    records = [HitRecord(index=0, sv=b.sv) for b in blows if not b.grenade]
    grenades = compound([b for b in blows if b.grenade], models)
    records += [HitRecord(index=0, sv=sum(svs), grenade_hits=len(svs)) for svs in grenades]
    records += [HitRecord(index=0, sv=b.sv, hazardous=True) for b in own]
    for number, record in enumerate(records, start=1):
        record.index = number
    return records


def take(
    tape: Tape, side: CombatSide, blows: list[Blow], own: list[Blow], rules: Ruleset,
    db: RulesDB,
) -> Taken:
    """Resolve the blows on ``side``: Res tests with rerolls, charts, casualties."""
    target = side.as_target()
    modifiers = res_modifiers(target, near=True, blast=False, no_cover=True, rules=rules)
    if side.d_spinner == "res":
        modifiers.append(Modifier(source="d_spinner", value=2))
    base = res_base(target, modifiers)
    kind = target.chart_kind()
    chart = db.damage_tables[CHART_TABLES[kind]] if kind is not None else None
    resolver = Resolver(base, RerollPool(target.res_rerolls, side.models), chart, False, rules)
    damage = Taken(res_base=base, res_modifiers=modifiers)
    damage.hit_records = blow_records(blows, own, side.models)
    for hit in damage.hit_records:
        resolver.test(tape, hit)
    damage.charts = resolver.charts
    damage.leader = resolver.leader_share(damage.hit_records)
    damage.heavily_armoured = any(h.heavy for h in damage.hit_records)
    damage.res_failed = sum(1 for h in damage.hit_records if h.failed)
    damage.casualties = min(side.models, sum(1 for h in damage.hit_records if h.casualty))
    return damage


def side_result(strikes: Strikes, taken: Taken) -> SideResult:
    return SideResult(
        groups=strikes.groups,
        hits=len(strikes.blows),
        hazardous_hits=len(strikes.own),
        exhausted=strikes.exhausted,
        taken=taken,
        losses=taken.losses,
    )


def winner_of(attacker_losses: int, defender_losses: int) -> Winner:
    if attacker_losses == defender_losses:
        return "draw"
    return "attacker" if defender_losses > attacker_losses else "defender"


def resolve_round(
    attacker: CombatSide,
    defender: CombatSide,
    dice: DiceSource,
    round_number: int = 1,
    rules: Ruleset | None = None,
    db: RulesDB | None = None,
) -> CombatResult:
    """One round: the attacker's Str tests, the defender's, then the blows on each side."""
    rules, db = rules or Ruleset(), db or load_rules()
    for label, side in (("attacker", attacker), ("defender", defender)):
        check_side(label, side)
    if not 1 <= round_number <= rules.h2h_max_rounds:
        raise BadInput("h2h.round_range", value=round_number, low=1, high=rules.h2h_max_rounds)
    a_profiles, d_profiles = profiles(db, attacker), profiles(db, defender)  # before any die
    tape = Tape(dice, side="attacker")
    a_strikes = strike(tape, attacker, a_profiles)
    tape.side = "defender"
    d_strikes = strike(tape, defender, d_profiles)
    d_taken = take(tape, defender, a_strikes.blows, d_strikes.own, rules, db)
    tape.side = "attacker"
    a_taken = take(tape, attacker, d_strikes.blows, a_strikes.own, rules, db)
    winner = winner_of(a_taken.losses, d_taken.losses)
    return CombatResult(
        round=round_number,
        attacker=side_result(a_strikes, a_taken),
        defender=side_result(d_strikes, d_taken),
        winner=winner,
        another_round=winner == "draw" and round_number < rules.h2h_max_rounds,
        rolls=tape.rolls,
    )
