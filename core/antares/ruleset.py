"""The rules the sources leave uncertain, as settings (rules-notes: M/L confidence).

A table plays its own reading: settings per server, overridable per game. Each field has
an English description for the ``/config`` listing and the default the rules-notes give.
``Ruleset().with_overrides({...})`` validates overrides (strings from a slash option are
accepted: "on"/"off", "-1", "chart_once").
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.common.errors import BadInput

MassiveDamage = Literal["chart_twice_worst", "chart_twice_both", "chart_once"]
Activations = Literal["strict", "free"]
DEFAULT_REACTION_SECONDS = 30  # the reaction window of a strict game (reaction_window -1)
# A sprung Ambush's window (ambush_window -1), in reaction windows: the ambusher aims and
# shoots in it, which takes longer than picking a reaction
AMBUSH_WINDOWS = 3


class Ruleset(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # Shooting (rules-notes, "Shooting")
    long_range_acc: int = Field(-1, ge=-5, le=0, description="Acc modifier at long range.")
    extreme_range_acc: int = Field(-2, ge=-5, le=0, description="Acc modifier at extreme range.")
    rf_extra_penalty: int = Field(
        -1,
        ge=-3,
        le=0,
        description="Extra Acc modifier when an RF weapon fires its multiple shots at long or "
        "extreme range.",
    )
    cover_light: int = Field(1, ge=0, le=5, description="Res bonus of light cover.")
    cover_dense: int = Field(2, ge=0, le=5, description="Res bonus of dense cover.")
    pins_per_hit_attack: int = Field(
        1,
        ge=1,
        le=3,
        description="Pins given by a shooting attack that scores at least one hit (not per hit).",
    )
    heavy_armour_above: int = Field(
        10,
        ge=5,
        le=20,
        description="A target whose Res after modifiers is above this is heavily armoured "
        "(passes on anything but a 10; a failure rolls on its damage chart).",
    )
    max_targeters: int = Field(3, ge=0, le=5, description="Most Acc bonus from targeters.")
    targeter_drift_capped: bool = Field(
        True,
        description='Overhead fire: the drift reduction of the Targeter Probes (1" each) is '
        "capped at max_targeters, since it replaces the capped Acc bonus; the seed states no cap.",
    )
    mag_mortar_net_die: Literal[6, 10] = Field(
        6,
        description="Net ammo of the Mag Mortar gives D(n)+1 pins: D6+1 in the seeds, "
        "D10+1 in other published sources.",
    )
    massive_damage: MassiveDamage = Field(
        "chart_twice_worst",
        description="Massive Damage procedure (not in the seeds): roll the damage chart twice and "
        "apply the worse result, roll twice and apply both, or roll once.",
    )
    # Readings of the seeds (issue 21; rulesdb/README.md "Readings of the seeds")
    massive_damage_any_chart: bool = Field(
        False,
        description="Massive Damage also applies when a target that is not heavily armoured "
        "fails a Res test and rolls its damage chart; the rules notes apply it against "
        "heavily armoured targets only.",
    )
    massive_damage_sv_counted: bool = Field(
        True,
        description="Massive Damage: the target's Res counts the weapon's SV when it is "
        "compared with heavy_armour_above; off: the Res before the SV (with the SV counted, "
        "Massive Damage almost never applies).",
    )
    heavy_weapons_fire_bonus: bool = Field(
        False,
        description="A Fire order gives heavy weapons (rulesdb heavy: Mag Heavy Support, Heavy "
        "Mag Cannon, Heavy Frag Borer, Mag Mortar, X-Howitzer, the Bombards) +1 Acc too; the "
        "rules notes say not.",
    )
    fractal_step_from_table: bool = Field(
        True,
        description="A Fractal Lock raises the SV by the step the weapon table prints (Fractal "
        "Bombard 3+2: +2); off: by +1 for every weapon, as the Fractal Lock text says.",
    )
    fractal_first_auto_hit_raised: bool = Field(
        True,
        description="The first automatic hit of a Fractal Lock already has the raised SV "
        "(2+1: SV 3); off: it strikes at the base SV and later ones rise.",
    )
    fractal_lock_arc_die: bool = Field(
        False,
        description="A Fractal Lock's automatic hits roll the Arc's D10 per Arc crossed (6-10: "
        "stopped); off: no Arc die, as the lock needs no Acc test.",
    )
    overhead_arc_miss_drifts: bool = Field(
        False,
        description='An overhead template an Arc stops is a miss and drifts (D5"/D10" + pins '
        "− probes); off: it is intercepted and lands nothing.",
    )
    ranged_attacks_each_test: bool = Field(
        False,
        description="A weapon with a range printed with N attacks (Heavy Tractor Maul 2, IMTel "
        "Stave 3) makes an Acc test per attack when it shoots; off: one per model.",
    )
    sensor_module_oh_with_targeters: bool = Field(
        True,
        description="Overhead fire at a target marked by Targeter Probes (no Acc bonus from "
        "them, only less drift) still gets a Sensor Module mark's +1 Acc.",
    )
    phase_armour_at_ten: Literal[1, 2] = Field(
        1,
        description='Res bonus of phase armour at exactly 10" (the seed prints +1 under 10" '
        'and +2 over 10").',
    )
    # Orders (rules-notes, "Orders and the dice bag")
    # Issue 22 (core.antares.activations). A game stored before this setting has no override, so it
    # loads as strict: its orders of the turn in progress count as open activations until the
    # next draw (``GivenOrder.draw`` and ``GameState.draws`` both default to 0), so nothing
    # the table did before the upgrade is refused; from the next draw on the bot runs the bag
    activations: Activations = Field(
        "strict",
        description="strict: the bot runs the bag — a tracked unit shoots only with its "
        "activation (each weapon once), one drawn die at a time, /turn end asks while dice are "
        "left; free: the table uses its own bag and the bot only resolves.",
    )
    rally_pins_die: Literal[3, 4, 5, 6, 10] = Field(
        6, description="A Rally order removes D(n) pins."
    )
    down_order_takes_order_test: bool = Field(
        True,
        description="A Down order given to a unit with pins takes the order test too "
        "(its only effect is on the pins removed).",
    )
    synchroniser_test_always: bool = Field(
        True,
        description="A Synchroniser Drone's test is rolled even when the unit has no pins "
        "(off: an unpinned unit synchronises without rolling, as an order test).",
    )
    # Reactions (rules-notes, "Reactions": every point L, so each is a setting;
    # core.antares.reactions)
    reaction_return_fire: bool = Field(
        True,
        description="A unit shot at may react with Return Fire (its die shows Fire, it shoots "
        "back at the shooter).",
    )
    reaction_ambush: bool = Field(
        True,
        description="A unit on Ambush that is shot at may spring it: its die counts as Fire and "
        "it shoots the shooter first, then the shot goes ahead.",
    )
    reaction_escape: bool = Field(
        True,
        description="A unit shot at may react by escaping (its die shows Run, it moves away "
        "from the shooter).",
    )
    reaction_assault: Literal["all", "no_down", "return_fire", "never"] = Field(
        "all",
        description="The reactions of a unit assaulted: Down, Return Fire or Escape as "
        "against a shot (all), Return Fire or Escape (no_down), Return Fire only "
        "(return_fire), or none (never). Down gives no protection in close combat.",
    )
    reaction_fail: Literal["back", "down"] = Field(
        "back",
        description="A failed reaction (Init) test: its die goes back to the bag and nothing "
        "happens (back), or the unit goes Down with it (down).",
    )
    reaction_window: int = Field(
        -1,
        ge=-1,
        le=600,
        description="Seconds the target's player has to pick a reaction when a tracked shot "
        "offers one; 0: never offered (react with /unit react); -1: 30 in strict games, "
        "off in free ones.",
    )
    ambush_window: int = Field(
        -1,
        ge=-1,
        le=1800,
        description="Seconds a unit that sprang its Ambush on the reaction card has to shoot "
        "before the held shot goes ahead by itself; 0: no window (its player lets the shot go "
        "ahead); -1: 3 × reaction_window (90 in strict games).",
    )
    # End of turn (rules-notes, "End of turn")
    recovery_fail_removes_pin: bool = Field(
        False, description="A failed recovery test (not a natural 10) still removes 1 pin."
    )
    recovery_auto_pass_without_pins: bool = Field(
        False, description="A Down unit without pins passes its recovery test without rolling."
    )
    # Break (rules-notes, "Shooting": break test)
    break_at_pins_equal_co: bool = Field(
        True,
        description="A unit whose pins reach its Co is destroyed at once "
        '(weapon drones always are, seeds "Weapon Drones").',
    )
    break_test_at_half_casualties: bool = Field(
        True,
        description="A unit takes a break test when its casualties reach half its starting models.",
    )
    break_test_natural_one_removes_pin: bool = Field(
        True, description="A natural 1 on a break test removes a pin."
    )
    # Readings the seeds leave open (issue 29; rulesdb/README.md "Issue 29")
    break_test_each_loss_past_half: bool = Field(
        False,
        description="A unit at half its starting models or fewer takes a break test at each "
        "new loss from shooting; off: once, when its casualties first reach half.",
    )
    weapon_drone_own_co: bool = Field(
        False,
        description="A weapon drone self-destructs when its pins reach its own Co; off: the Co "
        "it tests on, its commander's when higher (Command).",
    )
    # Close combat (rules-notes, "Close combat")
    h2h_max_rounds: int = Field(2, ge=1, le=5, description="Most rounds of a close combat.")
    h2h_loser: Literal["none", "pin", "break_test"] = Field(
        "none",
        description="What the loser of a close-combat round takes besides its losses: nothing "
        "(none), a pin (pin) or a break test (break_test); the seeds and rules notes say nothing.",
    )
    # Readings of the seeds: combat, medics, mines (issue 21; rulesdb/README.md)
    shield_drones_optional: bool = Field(
        True,
        description="The target's player may decline the Shield Drones' interception "
        '(/shoot extras no-shield), as 003 says ("peut tenter"); off: always rolled (000/002).',
    )
    medic_n_rerolls: bool = Field(
        False,
        description="A unit's own Medic (n) gives n Res rerolls; off: 1, as the seeds say "
        '("relance 1 test de Res raté", one per Medic in range).',
    )
    medics_heal_heavy_weapons: bool = Field(
        False,
        description="Medics, Medi-Drones and Medi-Probes reroll a heavy weapon's Res tests; off: "
        "not, a failure damages the weapon (a machine), not a human.",
    )
    d_spinner_grenade_str: bool = Field(
        False,
        description="The D-Spinner's SV 2 grenade attack also gets the grenades' +1 Str; off: "
        'only its SV adds up, as the seed\'s "Grenade" rule explains.',
    )
    solar_charge_mines: Literal["blast", "single", "off"] = Field(
        "blast",
        description="Solar Charges laid as mines: each attack that hits scores Blast D3 hits "
        "(blast), one SV 1 hit (single), or they cannot be laid (off).",
    )

    # Epic (seed 004; issue 17): the seed never names its die, and "tir sur du 7+" (DR) needs
    # more than six faces (rulesdb/README.md, "Readings")
    epic_die: Literal[6, 8, 10, 12] = Field(
        10,
        description='Faces of the die the Epic game (seed 004) rolls: its "7+" needs more '
        "than six; 6 leaves every 7+ roll impossible.",
    )

    @property
    def reaction_seconds(self) -> int:
        """The reaction window in force: ``reaction_window``, or by default 30 s where the bot
        runs the bag (strict) and none where the table does (free)."""
        if self.reaction_window >= 0:
            return self.reaction_window
        return DEFAULT_REACTION_SECONDS if self.activations == "strict" else 0

    @property
    def ambush_seconds(self) -> int:
        """The window of a sprung Ambush's shot (the held shot waits for it): ``ambush_window``,
        or by default 3 reaction windows (0: none, its player lets the shot go ahead)."""
        if self.ambush_window >= 0:
            return self.ambush_window
        return AMBUSH_WINDOWS * self.reaction_seconds

    def with_overrides(self, overrides: dict[str, Any]) -> Ruleset:
        """A new ruleset with ``overrides`` applied; ``BadInput`` on an unknown key or bad value."""
        if not overrides:  # most games and servers change nothing: no dump and validate
            return self
        fields = type(self).model_fields
        for key in overrides:
            if key not in fields:
                raise BadInput("ruleset.unknown_key", setting=key, known=", ".join(fields))
        merged = {**self.model_dump(), **{k: _coerce(k, v) for k, v in overrides.items()}}
        try:
            return type(self).model_validate(merged)
        except ValidationError as error:
            first = error.errors()[0]
            key = str(first["loc"][0]) if first["loc"] else "?"
            raise BadInput(
                "ruleset.bad_value", setting=key, value=overrides.get(key), expected=expected(key)
            ) from None

    def changed(self) -> dict[str, Any]:
        """The settings that differ from the defaults (JSON values)."""
        defaults = Ruleset().model_dump(mode="json")
        return {k: v for k, v in self.model_dump(mode="json").items() if defaults[k] != v}

    def listing(self) -> list[RuleSetting]:
        """Every setting with its value, default and description, for ``/config``."""
        defaults = Ruleset()
        return [
            RuleSetting(
                key=key,
                value=getattr(self, key),
                default=getattr(defaults, key),
                description=field.description or "",
                expected=expected(key),
            )
            for key, field in type(self).model_fields.items()
        ]


class RuleSetting(BaseModel):
    key: str
    value: bool | int | str
    default: bool | int | str
    description: str
    expected: str


# What int() reads: one sign, decimal digits ("³" is a digit it cannot read), and not the
# forged thousands of digits it refuses (no setting has more than 3).
_INTEGER = re.compile(r"[+-]?\d{1,18}")


def _coerce(key: str, value: Any) -> Any:
    """Text from a slash option for a numeric choice ("6" for D6); bools are not numbers."""
    annotation = Ruleset.model_fields[key].annotation
    if annotation is bool:
        return value
    if isinstance(value, bool):
        return str(value)  # refused below: True is not a number of pins
    if isinstance(value, str) and key.endswith("_die"):
        value = value.strip().lower().removeprefix("d")  # "D6" for a die setting
    if isinstance(value, str) and _INTEGER.fullmatch(value.strip()):
        choices = getattr(annotation, "__args__", ())
        if annotation is int or all(isinstance(c, int) for c in choices):
            return int(value.strip())
    return value


def expected(key: str) -> str:
    """What a setting accepts, in plain words: "on/off", "-5..0", "6, 10"."""
    field = Ruleset.model_fields.get(key)
    if field is None:
        return ""
    annotation = field.annotation
    if annotation is bool:
        return "on/off"
    choices = getattr(annotation, "__args__", None)
    if choices:
        return ", ".join(str(c) for c in choices)
    low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
    high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
    return f"{low}..{high}"
