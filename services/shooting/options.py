"""The options of `/shoot`, `/assault` and `/damage`: plain values, checked before anything is
read or rolled.

The cogs fill these from the slash options; ``check`` refuses a value that is not one of
the option's choices before any unit is read or die rolled: discord.py does not enforce
choices on incoming interactions, so every fixed choice is checked here
(``{prefix}.bad_choice``) and a wrong literal never reaches a pydantic model. Numbers keep
their ranges for the core to check (``shoot.*_range``, ``h2h.*_range``), with the bounds in
the message. Two free-text options are parsed here too: ``res-rerolls`` ("medic, leader 2")
and ``extras`` ("large blur:2 res-1"), each word answered by a message listing the words
known when it is not one of them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from core.antares.game import ORDERS
from core.antares.shooting import ResRerolls
from core.antares.shooting.validate import check_models, check_range
from core.antares.units import UNIT_KINDS
from core.common.errors import BadInput, in_each_language
from core.common.words import leftovers, words

BANDS = ("effective", "long", "extreme")
COVERS = ("none", "light", "dense")
MOTIONS = ("normal", "down", "run", "fast_run", "sprint")
ARMOURS = ("none", "reflex", "mounted_reflex", "phase")
CHARTS = ("vehicle", "weapon_drone", "heavy_weapon")
D_SPINNER = ("res", "sv")

REROLL_WORDS = {
    "medic": "medic",
    "médic": "medic",
    "medecin": "medic",
    "médecin": "medic",
    "medi-drone": "medi_drones",
    "medi-drones": "medi_drones",
    "médi-drone": "medi_drones",
    "médi-drones": "medi_drones",
    "medi-probe": "medi_probes",
    "medi-probes": "medi_probes",
    "médi-sonde": "medi_probes",
    "médi-sondes": "medi_probes",
    "leader": "leader",
    "meneur": "leader",
    "chef": "leader",
}


def check_choice(prefix: str, option: str, value: str | None, allowed: Iterable[str]) -> None:
    """``value`` is None or one of ``allowed``; ``{prefix}.bad_choice`` otherwise."""
    known = tuple(allowed)
    if value is not None and value not in known:
        raise BadInput(
            f"{prefix}.bad_choice", option=option, value=str(value)[:50], choices=", ".join(known)
        )


def parse_rerolls(prefix: str, text: str | None, **extra: str) -> ResRerolls:
    """Res rerolls by source: ``"medic, medi-drone, leader 2"`` (one each unless counted)."""
    counts = {"medic": 0, "medi_drones": 0, "medi_probes": 0, "leader": 0}
    odd = leftovers(text)
    if odd is not None:
        raise BadInput(f"{prefix}.unknown_reroll", word=odd[:30], known=known_rerolls(), **extra)
    for word, number in words(text):
        source = REROLL_WORDS.get(word)
        if source is None:
            raise BadInput(
                f"{prefix}.unknown_reroll", word=word[:30], known=known_rerolls(), **extra
            )
        counts[source] += 1 if number is None else number
    return ResRerolls(**counts)


def known_rerolls() -> dict[str, str]:
    return in_each_language(
        "medic, medi-drone, medi-probe, leader 2", "médecin, médi-drone, médi-sonde, chef 2"
    )


@dataclass
class Extras:
    """What ``extras`` sets: ``Shot`` fields, ``Target`` fields, and how the reply is given
    (``hidden``: only to the shooter, logged as a hidden roll until revealed)."""

    shot: dict[str, Any] = field(default_factory=dict)
    target: dict[str, Any] = field(default_factory=dict)
    reply: dict[str, Any] = field(default_factory=dict)


# word -> (which object, its field, whether the word takes a number: 1 when none is given)
EXTRA_WORDS: dict[str, tuple[str, str, bool]] = {
    "large": ("target", "large", False),
    "grand": ("target", "large", False),
    "batter-drone": ("shot", "batter_drone", False),
    "batter": ("shot", "batter_drone", False),
    "blur": ("shot", "blur_markers", True),
    "micromite": ("target", "micromite", False),
    "nano-shield": ("target", "nano_shield", False),
    "nuhu": ("target", "nuhu_envelope", False),
    "sensor": ("target", "sensor_marked", False),
    "scrambled": ("target", "scrambled", False),
    "scrambler": ("target", "scrambled", False),
    "net-units": ("shot", "net_units", True),
    "res": ("target", "res_modifier", True),
    "camo": ("target", "camo_drone", False),
    "camo-drone": ("target", "camo_drone", False),
    "scout-probe": ("target", "scout_probe", False),
    "scout": ("target", "scout_probe", False),
    "structure": ("target", "structure", False),
    "breaching-kit": ("shot", "breaching_kit", False),
    "no-shield": ("target", "shields_declined", False),
    "blind": ("shot", "blind", False),  # an extras word since `force` took its option slot
    "hidden": ("reply", "hidden", False),  # a GM's secret shot (issue 16)
}
EXTRA_ALIASES = {
    "brouillage": "blur",
    "déflecteur": "batter-drone",
    "nano-bouclier": "nano-shield",
    "détecteur": "sensor",
    "brouilleur": "scrambled",
    "brouillée": "scrambled",
    "filet": "net-units",
    "rés": "res",
    "camouflage": "camo",
    "reconnaissance": "scout-probe",
    "bâtiment": "structure",
    "mur": "structure",
    "porte": "structure",
    "démolition": "breaching-kit",
    "sans-bouclier": "no-shield",
    "no-shields": "no-shield",
    "aveugle": "blind",
    "caché": "hidden",
    "cache": "hidden",
    "secret": "hidden",
}


def known_extras() -> dict[str, str]:
    return in_each_language(
        "large, batter-drone, blur:2, micromite, nano-shield, nuhu, sensor, scrambled, "
        "net-units:2, res+1, camo, scout-probe, structure, breaching-kit, no-shield, blind, hidden",
        "grand, déflecteur, brouillage:2, micromite, nano-bouclier, nuhu, détecteur, brouillée, "
        "filet:2, rés+1, camouflage, reconnaissance, bâtiment, démolition, sans-bouclier, "
        "aveugle, caché",
    )


def parse_extras(text: str | None) -> Extras:
    """``"large blur:2 res-1"``: flags and counts the other options do not cover."""
    odd = leftovers(text)
    if odd is not None:
        raise BadInput("shoot.unknown_extra", word=odd[:30], known=known_extras())
    extras = Extras()
    for word, number in words(text):
        spec = EXTRA_WORDS.get(EXTRA_ALIASES.get(word, word))
        if spec is None:
            raise BadInput("shoot.unknown_extra", word=word[:30], known=known_extras())
        where, name, counted = spec
        value: Any = (1 if number is None else number) if counted else True
        getattr(extras, where)[name] = value
    return extras


ARCS_GIVEN_MAX = 5
DISTANCE_MAX = 1000
DISTANCE_TEXT_MAX = 20


def parse_distance(text: str) -> float:
    """Inches as typed in the 🎯 Shoot form: `12`, `12.5`, `12,5` (French), `12"`; the same
    range as `/shoot distance` (0 to 1000)."""
    cleaned = " ".join(str(text).split())[:DISTANCE_TEXT_MAX]
    number = cleaned.removesuffix('"').strip().replace(",", ".")
    try:
        value = float(number)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):  # words, and the "nan" or "inf" that float() reads
        raise BadInput("shoot.distance_text", text=cleaned or "—")
    if not 0 <= value <= DISTANCE_MAX:
        raise BadInput("shoot.distance_range", value=value, low=0, high=DISTANCE_MAX)
    return value


@dataclass(frozen=True, slots=True)
class ShotOptions:
    weapon: str | None = None  # None: the tracked shooter's only weapon
    models: int | None = None  # None: the models of a tracked shooter carrying the weapon
    mode: str | None = None
    shooter: str | None = None
    target: str | None = None
    acc: int | None = None
    res: int | None = None
    distance: float | None = None
    band: str | None = None
    order: str | None = None
    cover: str | None = None
    motion: str | None = None
    modifier: int = 0
    targeters: int = 0
    spotter: bool | None = None  # None: the shooter's Spotter Drone, if it has one
    rerolls: str | None = None
    ammo: str | None = None
    armour: str | None = None
    kind: str | None = None
    shield_drones: int | None = None  # None: the target's Shield Drones
    blind: bool = False
    pins: int | None = None
    target_models: int | None = None
    extras: str | None = None
    arcs: int = 0  # Arc markers the line of fire crosses, beyond those declared in the game
    force: bool = False  # host or GM: a shot out of its activation (core.antares.activations)

    @property
    def hidden(self) -> bool:
        """``extras: hidden``: the shot's dice go to the shooter only, until revealed."""
        return bool(parse_extras(self.extras).reply.get("hidden"))

    def check(self) -> None:
        if self.force and self.shooter is None:
            raise BadInput("shoot.force_needs_shooter")
        if self.models is not None:
            check_models("shoot", "models", self.models)
        check_range("shoot", "count", "arcs", self.arcs, 0, ARCS_GIVEN_MAX)
        check_choice("shoot", "band", self.band, BANDS)
        check_choice("shoot", "order", self.order, ORDERS)
        check_choice("shoot", "cover", self.cover, COVERS)
        check_choice("shoot", "target-state", self.motion, MOTIONS)
        check_choice("shoot", "armour", self.armour, ARMOURS)
        check_choice("shoot", "target-kind", self.kind, UNIT_KINDS)


@dataclass(frozen=True, slots=True)
class StrikeOptions:
    """One side's way of fighting: its weapon and mode, attacks, Str modifier, choices."""

    weapon: str | None = None
    mode: str | None = None
    attacks: int | None = None
    modifier: int = 0
    d_spinner: str | None = None
    rerolls: str | None = None


@dataclass(frozen=True, slots=True)
class CombatOptions:
    attacker: str
    defender: str
    attack: StrikeOptions = StrikeOptions()
    defence: StrikeOptions = StrikeOptions()
    round: int = 1
    exception: bool = False  # a special rule lets a weapon drone or probe fight ("Sauf exception")

    def check(self) -> None:
        check_choice("h2h", "d-spinner", self.attack.d_spinner, D_SPINNER)
        check_choice("h2h", "defender-d-spinner", self.defence.d_spinner, D_SPINNER)


@dataclass(frozen=True, slots=True)
class ChartOptions:
    table: str
    unit: str | None = None
    massive: bool = False

    def check(self) -> None:
        check_choice("damage", "table", self.table, CHARTS)
