"""The target as a break test needs it, and the chances of what the shot leaves it in.

A tracked target gives its models now and at the start, its pins, the Co it tests on (its
commander's when higher) and its kind. An untracked one gives what `/odds` was told: its
models (taken as its starting models: a unit at full strength) and a Co if typed, with no
pins. Then, per ending of the shot, as ``core.antares.shooting.damage.apply_damage`` writes it:
models removed (a unit with none left is destroyed), the pins (the attack's, SlingNet's
and the charts'; pins reaching Co destroy it per the ruleset, weapon drones always), a Net
raising the pins, and one break test when half the starting models are gone or a chart
asks for one: a Co test with −1 per pin, failed, the unit breaks; a natural 1 takes a pin
off (ruleset ``break_test_natural_one_removes_pin``, as ``core.antares.casualties`` rolls it).

``standing_of`` reads a tracked unit as the resolver does (``core.antares.command.stat_for_test``:
its commander's Co when higher), so `/odds` and `/shoot` test on the same Co.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.command import stat_for_test
from core.antares.game import PINS_MAX, GameState, Unit
from core.antares.odds.dist import Num, chance, pass_chance
from core.antares.pins import pins_co
from core.antares.ruleset import Ruleset
from core.antares.units import reaches_half, takes_break_tests, takes_pins


@dataclass(frozen=True)
class Standing:
    models: int | None  # now (None: not known, nothing caps the casualties)
    starting: int | None
    pins: int = 0
    co: int | None = None
    kind: str = "infantry"
    pins_co: int | None = None  # the Co pins are counted against when not ``co`` (pins_co)


def standing_of(state: GameState, unit: Unit) -> Standing:
    """A tracked unit as a break test needs it, read as ``core.antares.shooting.damage`` reads
    it."""
    co = stat_for_test(state, unit, "co")
    return Standing(
        models=unit.models,
        starting=unit.starting_models,
        pins=unit.pins,
        co=co.value if co is not None else None,
        kind=unit.kind,
        pins_co=pins_co(state, unit),
    )


@dataclass
class Fate:
    """One ending's chances: the break test taken, the unit destroyed, pins added."""

    pins_added: int
    tests: Num  # takes a break test
    fails: Num  # takes it and fails
    destroyed: Num  # wiped out, pins reaching Co, or a failed break test
    pin_off: Num = 0  # passes it on a natural 1, which takes one of its pins off (ruleset)

    def pins(self, one: Num) -> list[tuple[int, Num]]:
        """Pins added and their chances: a pin taken off counts against the pins added
        (never below none: a pin the unit had before is not "taken")."""
        if not self.pin_off:
            return [(self.pins_added, one)]
        off = max(0, self.pins_added - 1)
        return [(self.pins_added, one - self.pin_off), (off, self.pin_off)]


def half_gone(standing: Standing, removed: int) -> bool:
    if standing.models is None or standing.starting is None:
        return False
    return reaches_half(standing.starting, standing.models, standing.models - removed)


def pins_break(standing: Standing, pins_after: int, rules: Ruleset) -> bool:
    co = standing.co if standing.pins_co is None else standing.pins_co
    if co is None or pins_after == 0 or pins_after < co:
        return False
    return standing.kind == "weapon_drone" or rules.break_at_pins_equal_co


def fate(
    standing: Standing,
    removed: int,
    pins: int,
    net_to: int | None,
    morale: bool,
    rules: Ruleset,
    one: Num,
) -> Fate:
    zero = one * 0
    if standing.models is not None and removed >= standing.models:
        return Fate(0, zero, zero, one)
    after = standing.pins
    broken = False
    if takes_pins(standing.kind):
        pins = min(pins, PINS_MAX - standing.pins)
        after += pins
        broken = pins > 0 and pins_break(standing, after, rules)
        if not broken and net_to is not None and net_to > after:
            after = net_to
            broken = pins_break(standing, after, rules)
    if broken:
        return Fate(after - standing.pins, zero, zero, one)
    half = rules.break_test_at_half_casualties and half_gone(standing, removed)
    due = (half and takes_break_tests(standing.kind)) or (
        morale and takes_break_tests(standing.kind, by_chart=True)
    )
    if not due:
        return Fate(after - standing.pins, zero, zero, zero)
    if standing.co is None:
        return Fate(after - standing.pins, one, zero, zero)
    fail = one - pass_chance(one, standing.co - after)
    pin_off = chance(one, 1, 10) if rules.break_test_natural_one_removes_pin and after else zero
    return Fate(after - standing.pins, one, fail, fail, pin_off)
