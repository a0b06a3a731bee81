"""The words and menu options of the 🎯 Shoot questions, in the clicker's language."""

from __future__ import annotations

import discord

from cogs.common.text import ellipsize
from cogs.game.render import tag
from core.antares.game import Unit
from locales import Lang, t
from services.shooting import Aim, AimWeapon

NO_MODE = "-"  # in a menu value or a custom id: the weapon's only mode
OPTION_TEXT = 100  # Discord's limit on a menu option's label and description
TITLE_LIMIT = 45  # Discord's limit on a form's title
LABEL_TEXT = 80  # Discord's limit on a button's label


def weapon_name(lang: Lang, weapon: AimWeapon) -> str:
    name = weapon.name_fr if lang == "fr" else weapon.name_en
    mode = weapon.mode_fr if lang == "fr" else weapon.mode_en
    return f"{name} ({mode})" if mode else name


def weapon_value(weapon: AimWeapon) -> str:
    return f"{weapon.weapon}:{weapon.mode or NO_MODE}"


def parse_weapon(value: str) -> tuple[str, str | None]:
    weapon, _, mode = value.partition(":")
    return weapon, (None if mode in ("", NO_MODE) else mode)


def weapon_options(lang: Lang, aim: Aim) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=ellipsize(weapon_name(lang, w), OPTION_TEXT), value=weapon_value(w)
        )
        for w in aim.weapons
    ]


def target_option(lang: Lang, aim: Aim, unit: Unit) -> discord.SelectOption:
    shooter = aim.shooter
    parts = [t(lang, "shoot.aim_models", models=unit.models, starting=unit.starting_models)]
    if unit.pins:
        parts.append(t(lang, "shoot.aim_pins", pins=unit.pins))
    if unit.down:
        parts.append(t(lang, "shoot.aim_down"))
    if unit.id == shooter.last_target_id:
        last = shooter.last_distance
        key = "shoot.aim_last" if last is None else "shoot.aim_last_at"
        parts.insert(0, t(lang, key, distance=last))
    return discord.SelectOption(
        label=ellipsize(unit.name, OPTION_TEXT),
        value=unit.id,
        description=ellipsize(" · ".join(parts), OPTION_TEXT),
        emoji=tag(unit.colour),
    )


def form_title(lang: Lang, aim: Aim) -> str:
    return ellipsize(t(lang, "card.form_title", unit=aim.shooter.name), TITLE_LIMIT)


def repeat_label(lang: Lang, target: Unit, distance: float) -> str:
    """🔁's label: the target and the distance it fires at again."""
    name = ellipsize(target.name, LABEL_TEXT - 12)
    return t(lang, "card.repeat", target=name, distance=distance)
