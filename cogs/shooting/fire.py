"""A shot and its reply, however it was asked for: `/shoot`, the 🎯 Shoot form, 🔁 Shoot again.

Each fills ``ShotOptions`` and calls the same ``ShootingService.shoot``, so the rules, the
refusals and the reply are the same. The reply of a tracked shooter at a tracked target
carries 🔁 Shoot again: its custom id holds the game, both units, the weapon, the mode and
the distance (or the band), so it keeps working after a restart (issue 22); and a menu (or a
💥 button) per overhead template that drifted (``cogs.shooting.drift``).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.common.bot import app_services
from cogs.common.cards import cards
from cogs.common.errors import answers_errors
from cogs.common.replies import lang_of
from cogs.dice.buttons import Reveal
from cogs.game import next_step
from cogs.game.options import call_of
from cogs.shooting import drift, drift_land, pages, render_markers, render_shot
from cogs.shooting.render_aim import NO_MODE
from locales import Lang, t
from services.shooting import ReactionAsked, ShotOptions, ShotRecord

BANDS = ("effective", "long", "extreme")


def inches(distance: float) -> str:
    """A distance for a custom id: `12`, `12.5` (two decimals at most)."""
    return f"{distance:.2f}".rstrip("0").rstrip(".")


async def fire(interaction: discord.Interaction, options: ShotOptions) -> None:
    """Shoot and reply with the story of the dice (paged when long), as `/shoot` does."""
    lang = await lang_of(interaction)

    def where(target: str | None, inches: int | None) -> str:
        return render_markers.location(lang, target, inches)

    shooting = app_services(interaction).shooting
    record = await shooting.shoot_or_ask(call_of(interaction), options, where)
    if isinstance(record, ReactionAsked):  # its target's player may react first
        await cards(interaction).asked(interaction, record)
        return
    title, lines = render_shot.shot(lang, record)
    lines += drift_land.hint(lang, record)
    if record.hidden:
        await hidden_reply(interaction, lang, record, title, lines)
        return
    again = ShootAgain.of(lang, record)
    items: list[discord.ui.Item[Any]] = [again] if again is not None else []
    items += drift_land.choices(lang, record)  # where a drifted template landed: its hits
    colour = render_shot.unit_colour(record.shooter)
    await next_step.offer(
        interaction,
        lambda extra: pages.reply(interaction, lang, title, lines, colour, [*items, *extra]),
    )


async def hidden_reply(
    interaction: discord.Interaction, lang: Lang, record: ShotRecord, title: str, lines: list[str]
) -> None:
    """`extras: hidden`: the story only to the shooter, with 🔓 Reveal (and the drifted
    templates' buttons, to resolve their hits); no 🔁 Shoot again nor 🎲 Draw next on it."""
    logged = (record.game_id, record.event_seq) if record.game_id and record.event_seq else None
    reveal = Reveal(interaction.user.id, logged, t(lang, "roll.reveal"))
    keep = [reveal, *drift.buttons(lang, record)]
    colour = render_shot.unit_colour(record.shooter)
    await pages.reply(interaction, lang, title, lines, colour, keep, ephemeral=True)


class ShootAgain(
    discord.ui.DynamicItem[discord.ui.Button],
    template=(
        r"antares:again:(?P<game>\d+):(?P<shooter>u\d+):(?P<target>u\d+)"
        r":(?P<weapon>[^:]+):(?P<mode>[^:]+):(?P<range>[0-9.]+|effective|long|extreme)"
    ),
):
    """The same shooter, weapon, target and distance, once more (the rules permitting)."""

    def __init__(self, custom_id: str, label: str = "Shoot again") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, emoji="🔁", style=discord.ButtonStyle.secondary, custom_id=custom_id
            )
        )

    @classmethod
    def of(cls, lang: Lang, record: ShotRecord) -> ShootAgain | None:
        """The button for a tracked shot (None for an untracked shooter or target)."""
        if record.game_id is None or record.shooter is None or record.target is None:
            return None
        result = record.result
        reach = inches(result.distance) if result.distance is not None else result.band
        custom_id = (
            f"antares:again:{record.game_id}:{record.shooter.id}:{record.target.id}"
            f":{result.weapon}:{result.mode or NO_MODE}:{reach}"
        )
        if len(custom_id) > 100:  # Discord's limit; no rules weapon comes near it
            return None
        return cls(custom_id, t(lang, "shoot.again"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item.custom_id)

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        match = re.fullmatch(self.__discord_ui_compiled_template__, self.custom_id)
        assert match is not None  # the item was made from this very id
        game, reach = match["game"], match["range"]
        band = reach if reach in BANDS else None
        options = ShotOptions(
            shooter=f"{game}:{match['shooter']}",
            target=f"{game}:{match['target']}",
            weapon=match["weapon"],
            mode=None if match["mode"] == NO_MODE else match["mode"],
            distance=None if band else float(reach),
            band=band,
        )
        await fire(interaction, options)
