"""Game-log figures of a campaign player: shots fired per weapon and dice luck.

A battle recorded from a game log may carry, per player, the shots fired with each weapon
and, per kind of roll (e.g. "Acc tests"), how many dice were rolled, how many succeeded and
how many successes were expected. Luck is successes minus expected successes: the luckiest
kind of roll is the one furthest above expectation, the unluckiest the one furthest below.
Figures counted by the bot (`core.antares.game_stats`) key weapons by their id, with their names in
`weapons`, and kinds of roll by one of `ROLL_KINDS`; other labels are shown as given.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from core.common.errors import BadInput

LABEL_LIMIT = 64
FAVOURITES = 3
# Acc, Res and Str tests (shooting, close combat), order, recovery and break tests
ROLL_KINDS = ("acc", "res", "str", "order", "recovery", "break")


class WeaponName(BaseModel):
    en: str
    fr: str


class DiceLuck(BaseModel):
    rolls: int = Field(ge=0)
    successes: int = Field(ge=0)
    expected: float = Field(ge=0)

    @property
    def luck(self) -> float:
        return self.successes - self.expected


FaceKey = Literal["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]


class PlayerGameStats(BaseModel):
    shots: dict[str, int] = Field(default_factory=dict)
    weapons: dict[str, WeaponName] = Field(default_factory=dict)  # names of the `shots` keys
    dice: dict[str, DiceLuck] = Field(default_factory=dict)
    # faces of the D10 tests, "1" to "10" (issue 19); empty in battles recorded before
    faces: dict[FaceKey, int] = Field(default_factory=dict)

    def is_empty(self) -> bool:
        return not self.shots and not self.dice


def parse_game_stats(raw: object) -> PlayerGameStats:
    """A player's figures as the game log gives them (a dict), checked."""
    try:
        stats = PlayerGameStats.model_validate(raw)
    except ValidationError:
        raise BadInput("campaign.bad_game_stats") from None
    names = [name for weapon in stats.weapons.values() for name in (weapon.en, weapon.fr)]
    labels = [*stats.shots, *stats.dice, *stats.weapons, *names]
    if any(not label.strip() or len(label) > LABEL_LIMIT for label in labels):
        raise BadInput("campaign.bad_game_stats")
    if any(count < 0 for count in (*stats.shots.values(), *stats.faces.values())):
        raise BadInput("campaign.bad_game_stats")
    return stats


def combine(all_stats: Iterable[PlayerGameStats]) -> PlayerGameStats:
    """One player's figures over several battles."""
    total = PlayerGameStats()
    for stats in all_stats:
        for weapon, shots in stats.shots.items():
            total.shots[weapon] = total.shots.get(weapon, 0) + shots
        total.weapons.update(stats.weapons)
        for face, count in stats.faces.items():
            total.faces[face] = total.faces.get(face, 0) + count
        for label, luck in stats.dice.items():
            before = total.dice.get(label, DiceLuck(rolls=0, successes=0, expected=0))
            total.dice[label] = DiceLuck(
                rolls=before.rolls + luck.rolls,
                successes=before.successes + luck.successes,
                expected=before.expected + luck.expected,
            )
    return total


def favourite_weapons(stats: PlayerGameStats, count: int = FAVOURITES) -> list[tuple[str, int]]:
    ranked = sorted(stats.shots.items(), key=lambda item: (-item[1], item[0].casefold()))
    return [item for item in ranked if item[1] > 0][:count]


def luck_extremes(
    stats: PlayerGameStats,
) -> tuple[tuple[str, DiceLuck] | None, tuple[str, DiceLuck] | None]:
    """(luckiest, unluckiest) kinds of roll; one kind only is the one or the other."""
    rolled = [(label, luck) for label, luck in stats.dice.items() if luck.rolls > 0]
    if not rolled:
        return None, None
    rolled.sort(key=lambda item: (-item[1].luck, item[0].casefold()))
    if len(rolled) == 1:
        only = rolled[0]
        return (only, None) if only[1].luck >= 0 else (None, only)
    return rolled[0], rolled[-1]


def by_kind(stats: PlayerGameStats) -> list[tuple[str, DiceLuck]]:
    """Every kind of roll with dice: the bot's kinds in `ROLL_KINDS` order, then the others."""
    rolled = [(label, luck) for label, luck in stats.dice.items() if luck.rolls > 0]
    known = {kind: place for place, kind in enumerate(ROLL_KINDS)}
    return sorted(rolled, key=lambda item: (known.get(item[0], len(known)), item[0].casefold()))
