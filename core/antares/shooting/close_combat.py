"""One round of close combat: both sides strike, then each takes its blows (rules-notes
"Close combat"; seeds "RÈGLES POUR LES GRENADES", "Dangereux CàC", "Onde de Choc",
"Rés/ Impact Variable", "Grenade", "Épuisé").

Each attack is a Str test (Str + 1 with grenades, + 1 with a Borer Drone); a hit is a
blow at the weapon's SV. The D-Spinner's SV 2 "compte comme une attaque à la grenade" (003
"Grenade"): its SV adds up like grenades', its +1 Str only with the ruleset's
``d_spinner_grenade_str``. Probes neither assault nor are assaulted, weapon drones do not
assault (seeds "PROBES (SONDES)", "WEAPON DRONES"), unless a special rule allows it
(``special_rule``, written in the result). Under an enemy Scrambler a side loses its armour
bonuses and buddy drones (Borer, Medi-Drone); weapon drones and vehicles −2 Res. A Str
roll of 10 with a Hazardous H2H weapon misses and hits the striker's own unit instead;
with an IMTel Stave it exhausts the stave. Blows are then resolved as in shooting (armour,
Res rerolls, heavy armour, damage charts); grenade blows are spread evenly over the models
and those landing on the same model add their SV into one Res test. The side with fewer
losses wins the round; a draw fights again while the ruleset's ``h2h_max_rounds`` allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

from core.antares.ruleset import Ruleset
from core.antares.shooting.combat import GRENADES, HAND_WEAPONS, Attackers, CombatSide
from core.antares.shooting.profile import has, mode_named, weapon_mode
from core.antares.shooting.rerolls import RerollPool
from core.antares.shooting.resistance import Resolver, res_base, res_modifiers
from core.antares.shooting.results import ChartResult, Healing, HitRecord, LeaderShare
from core.antares.shooting.shot import CHART_TABLES
from core.antares.shooting.tape import DieRoll, Modifier, Tape
from core.antares.shooting.validate import check_side
from core.common.dice import DiceSource
from core.common.errors import BadInput
from rulesdb import load_rules
from rulesdb.models import RulesDB

Winner = Literal["attacker", "defender", "draw"]
# What the seeds forbid in a fight, by message key (h2h.<key>), and which side it is about
Restriction = Literal["probe_assaults", "probe_assaulted", "weapon_drone_assaults"]


@dataclass(frozen=True)
class Striking:
    """How one group strikes: attacks per model, SV, grenade, rules that a 10 triggers."""

    weapon: str | None
    mode: str | None
    attacks: int
    sv: int
    grenade: bool  # grenade blows on one model add their SV into one Res test
    hazardous: bool
    exhausts: bool
    grenade_str: bool = False  # the grenades' +1 Str in H2H


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
    healing: Healing | None = None  # medics refused (not human), or a Medic (n) read
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
    scrambled: bool = False  # within an enemy Scrambler: armour, Res, buddy drones
    drones_off: list[str] = []  # buddy drones the Scrambler switched off
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
    allowed: list[Restriction] = []  # restrictions a special rule lifted (``special_rule``)


def striking(db: RulesDB, group: Attackers, side: CombatSide, rules: Ruleset) -> Striking:
    """The weapon's close-combat profile; ``h2h.not_a_close_combat_weapon`` for a gun."""
    if group.weapon is None:
        return Striking(None, None, group.attacks or 1, 0, False, False, False)
    weapon, mode = weapon_mode(db, group.weapon, group.mode, "h2h")
    usable = mode.h2h_only or mode.attacks or weapon.id in GRENADES | HAND_WEAPONS
    if not usable:
        raise BadInput(
            "h2h.not_a_close_combat_weapon", weapon=weapon.name_en, mode=mode_named(mode)
        )
    sv = mode.sv_at("effective")
    grenade = grenade_str = weapon.id in GRENADES
    if has(mode, "variable-res-sv"):
        if side.d_spinner is None:
            raise BadInput("h2h.d_spinner_choice", weapon=weapon.name_en, choices="res, sv")
        sv, grenade = (2, True) if side.d_spinner == "sv" else (0, False)
        grenade_str = grenade and rules.d_spinner_grenade_str
    attacks = group.attacks or mode.attacks or 1
    return Striking(
        weapon.id,
        mode.id,
        attacks,
        sv or 0,
        grenade,
        has(mode, "hazardous-h2h"),
        has(mode, "exhausted"),
        grenade_str,
    )


def str_modifiers(side: CombatSide, group: Attackers, how: Striking) -> list[Modifier]:
    found = []
    if how.grenade_str:
        found.append(Modifier(source="grenade", value=1))
    if side.borer_drone and not side.scrambled:  # a buddy drone: off under a Scrambler
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


def profiles(db: RulesDB, side: CombatSide, rules: Ruleset) -> list[tuple[Attackers, Striking]]:
    return [(group, striking(db, group, side, rules)) for group in side.strikers()]


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
    tape: Tape,
    side: CombatSide,
    blows: list[Blow],
    own: list[Blow],
    rules: Ruleset,
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
    pool = RerollPool(target.res_rerolls, side.models, side.kind, rules, side.scrambled)
    resolver = Resolver(base, pool, chart, False, rules)
    damage = Taken(res_base=base, res_modifiers=modifiers, healing=pool.healing)
    damage.hit_records = blow_records(blows, own, side.models)
    for hit in damage.hit_records:
        resolver.test(tape, hit)
    damage.charts = resolver.charts
    damage.leader = resolver.leader_share(damage.hit_records)
    damage.heavily_armoured = any(h.heavy for h in damage.hit_records)
    damage.res_failed = sum(1 for h in damage.hit_records if h.failed)
    damage.casualties = min(side.models, sum(1 for h in damage.hit_records if h.casualty))
    return damage


def drones_off(side: CombatSide) -> list[str]:
    """The side's buddy drones a Scrambler switches off ("ils cessent de fonctionner",
    seeds "SCRAMBLER (BROUILLEUR)"), named so the reply can say why they did nothing."""
    if not side.scrambled:
        return []
    declared = {"borer_drone": side.borer_drone, "medi_drone": side.res_rerolls.medi_drones > 0}
    return [drone for drone, present in declared.items() if present]


def restrictions(attacker: CombatSide, defender: CombatSide) -> list[Restriction]:
    """What the seeds forbid in this fight: "Les Probes ne peuvent pas effectuer d'assaut et
    ne peuvent pas subir d'assaut" ("PROBES (SONDES)"); "Les Weapon Drones ne sont pas
    autorisés à effectuer un assaut. Sauf exception." ("WEAPON DRONES")."""
    found: list[Restriction] = []
    if attacker.kind == "probe":
        found.append("probe_assaults")
    if attacker.kind == "weapon_drone":
        found.append("weapon_drone_assaults")
    if defender.kind == "probe":
        found.append("probe_assaulted")
    return found


def check_assault(
    attacker: CombatSide, defender: CombatSide, special_rule: bool
) -> list[Restriction]:
    """Refuse a fight the seeds forbid (``h2h.<restriction>``) unless a special rule allows
    it; the restrictions it lifted, for the reply and the game log."""
    found = restrictions(attacker, defender)
    if found and not special_rule:
        raise BadInput(f"h2h.{found[0]}")
    return found


def side_result(strikes: Strikes, taken: Taken, side: CombatSide) -> SideResult:
    return SideResult(
        groups=strikes.groups,
        scrambled=side.scrambled,
        drones_off=drones_off(side),
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
    special_rule: bool = False,
) -> CombatResult:
    """One round: the attacker's Str tests, the defender's, then the blows on each side.
    ``special_rule``: a special rule lets a weapon drone or probe fight (seeds "Sauf
    exception")."""
    rules, db = rules or Ruleset(), db or load_rules()
    for label, side in (("attacker", attacker), ("defender", defender)):
        check_side(label, side)
    allowed = check_assault(attacker, defender, special_rule)
    if not 1 <= round_number <= rules.h2h_max_rounds:
        raise BadInput("h2h.round_range", value=round_number, low=1, high=rules.h2h_max_rounds)
    a_profiles = profiles(db, attacker, rules)  # before any die
    d_profiles = profiles(db, defender, rules)
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
        attacker=side_result(a_strikes, a_taken, attacker),
        defender=side_result(d_strikes, d_taken, defender),
        winner=winner,
        another_round=winner == "draw" and round_number < rules.h2h_max_rounds,
        rolls=tape.rolls,
        allowed=allowed,
    )
