"""Where did template n land? A drifted overhead template's menu on its shot's own reply or
card (issue 31 §2: one pick, where 💥 took two): the living units the shot left (either side,
its target first) and No unit. One pick resolves the template's hits on that unit
(``ShootingService.resolve_drift``), an event that one `/game undo` takes back together with
its shot, and the message is edited in place: the story, every die, added to it, the menu
taken off (No unit changes nothing: the menu goes, saying so). Too many units or templates,
or a hidden reply: the 💥 buttons of `cogs.shooting.drift` instead.
"""

from __future__ import annotations

import discord

from cogs.common.bot import app_services
from cogs.common.cards import Story, cards
from cogs.common.errors import answers_errors
from cogs.common.layout import custom_ids, is_layout
from cogs.common.replies import lang_of, shown
from cogs.game import next_step
from cogs.game.options import call_of
from cogs.game.views import DONE_PREFIX
from cogs.shooting import pages, render_drift
from cogs.shooting.drift import NOWHERE, PER_PAGE, SHOT, buttons
from cogs.shooting.render_shot import unit_colour
from core.antares.game import Unit
from locales import LANGUAGES, Lang, t
from services.shooting import ShotRecord, resolvable_drifts

ON_REPLY = PER_PAGE - 1  # units in the reply's own menu, beside No unit
# menus on one reply: a menu fills an action row, and a message has five (one or two for
# 🔁, 🎲 and ✅); more drifted templates get 💥 buttons, five to a row
MENUS_MOST = 3
MENU_PREFIX = "antares:driftl:"
EMBEDS_MOST, EMBED_CHARS_MOST = 10, 6000  # what one message's embeds may hold


def choices(lang: Lang, record: ShotRecord) -> list[discord.ui.Item]:
    """A menu per drifted template of a tracked shot: the units it may cover and No unit
    (the 💥 buttons when they are more than a menu holds, the templates more than a reply
    holds menus, or the reply is hidden)."""
    units = record.drift_units
    many = len(resolvable_drifts(record.result)) > MENUS_MOST
    if record.hidden or units is None or len(units) > ON_REPLY or many:
        return buttons(lang, record)
    if record.game_id is None or record.event_seq is None or record.shooter is None:
        return []
    options = [render_drift.unit_option(lang, unit) for unit in units]
    options.append(render_drift.nowhere_option(lang, NOWHERE))
    ids = (record.game_id, record.event_seq)
    return [
        DriftLand(*ids, index, options, t(lang, "shoot.drift_land_menu", index=index))
        for index in resolvable_drifts(record.result)
    ]


def hint(lang: Lang, record: ShotRecord) -> list[str]:
    """The line that says what the drift menus (or buttons) are for, when the reply has some."""
    found = choices(lang, record)
    if not found:
        return []
    menus = isinstance(found[0], DriftLand)
    return [t(lang, "shoot.drift_hint_menu" if menus else "shoot.drift_hint")]


def menu_id(custom_id: str) -> bool:
    """Whether a component is a drifted template's menu."""
    return custom_id.startswith(MENU_PREFIX)


def without_hint(text: str) -> str:
    """A shot's text on a card without the line pointing to its drift menus (the last menu
    picked: nothing is left to pick), whichever language the card was written in."""
    hints = {t(lang, "shoot.drift_hint_menu") for lang in LANGUAGES}
    return "\n".join(line for line in text.split("\n") if line not in hints)


class DriftLand(discord.ui.DynamicItem[discord.ui.Select], template=rf"antares:driftl:{SHOT}"):
    """Where did template n land? On the shot's own reply or card: the pick resolves the
    hits there (or, No unit, none) and edits that message in place, the menu taken off."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        index: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{MENU_PREFIX}{game_id}:{seq}:{index}",
                options=options or [discord.SelectOption(label="-", value=NOWHERE)],
                placeholder=placeholder,
            )
        )
        self.ids = (game_id, seq, index)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        ids = (int(match["game"]), int(match["seq"]), int(match["template"]))
        return cls(*ids, list(item.options), item.placeholder)

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        unit = self.item.values[0] if self.item.values else NOWHERE
        shooting = app_services(interaction).shooting
        lang = await lang_of(interaction)
        fresh: list[discord.ui.Item] = []
        if unit == NOWHERE:  # checked as a pick would be (who, stale); nothing changes
            aim = await shooting.drift_aim(call_of(interaction), *self.ids)
            title, lines = render_drift.nowhere(lang, aim)
            colour = unit_colour(aim.shooter)
        else:
            record = await shooting.resolve_drift(call_of(interaction), *self.ids, unit)
            title, lines = render_drift.story(lang, record)
            colour = unit_colour(record.shooter)
            fresh = self.others(lang, interaction.message, record.units)
        await landed(interaction, lang, self.custom_id, (title, lines, colour), fresh)

    def others(
        self, lang: Lang, message: discord.Message | None, units: list[Unit] | None
    ) -> list[discord.ui.Item]:
        """The menus of the shot's other drifted templates on the message, made anew: they
        offer the units this template left living (its hits may have destroyed one)."""
        if message is None or units is None:
            return []
        game, seq, _ = self.ids
        prefix = f"{MENU_PREFIX}{game}:{seq}:"
        options = [render_drift.unit_option(lang, unit) for unit in units[:ON_REPLY]]
        options.append(render_drift.nowhere_option(lang, NOWHERE))
        found: list[discord.ui.Item] = []
        for custom_id in custom_ids(message):
            if custom_id.startswith(prefix) and custom_id != self.custom_id:
                index = int(custom_id.removeprefix(prefix))
                menu = t(lang, "shoot.drift_land_menu", index=index)
                found.append(DriftLand(game, seq, index, list(options), menu))
        return found


async def landed(
    interaction: discord.Interaction,
    lang: Lang,
    custom_id: str,
    story: Story,
    fresh: list[discord.ui.Item],
) -> None:
    """The story of where the template landed, added to the message whose menu was picked
    (a card: `cogs.common.cards`), the menu taken off and the other templates' menus
    replaced by `fresh`; a reply of its own when the message cannot hold it (a paged shot,
    embeds full)."""
    title, lines, colour = story
    message = interaction.message
    if is_layout(message):
        await cards(interaction).landed(interaction, story, custom_id, fresh)
        return
    added = pages.embeds(lang, title, lines, colour)
    if message is None or not _holds(message, added):
        await next_step.offer(
            interaction,
            lambda extra: pages.reply(interaction, lang, title, lines, colour, extra),
        )
        return
    kept = _kept_view(message, custom_id, fresh)

    async def post(extra: list[discord.ui.Item]) -> int | None:
        view = next_step.joined(kept, extra)
        view = None if view is discord.utils.MISSING else view
        embeds = [*message.embeds, *added]
        await interaction.response.edit_message(embeds=embeds, view=view)
        await shown(interaction, message.id)  # undo strikes it
        return message.id

    await next_step.offer(interaction, post, clicked=message)


def _holds(message: discord.Message, added: list[discord.Embed]) -> bool:
    """Whether a shot's reply can take the story as embeds of its own: one page, the shot
    itself unpaged, and Discord's limits for a message's embeds kept."""
    if len(added) != 1 or any(e.footer.text for e in message.embeds):
        return False
    embeds = [*message.embeds, *added]
    return len(embeds) <= EMBEDS_MOST and sum(len(e) for e in embeds) <= EMBED_CHARS_MOST


def _kept_view(
    message: discord.Message, custom_id: str, fresh: list[discord.ui.Item]
) -> discord.ui.View | None:
    """The reply's components but the menu picked, 🎲 and ✅ (`next_step.offer` adds those
    again where they belong), `fresh` items in the place of those with their custom ids."""
    view = discord.ui.View.from_message(message, timeout=None)
    drop = (custom_id, next_step.DRAW_PREFIX, DONE_PREFIX)
    renewed = {str(getattr(i, "custom_id", "")): i for i in fresh}
    kept = [
        renewed.get(str(getattr(i, "custom_id", "")), i)
        for i in view.children
        if not str(getattr(i, "custom_id", "")).startswith(drop)
    ]
    view.clear_items()
    for item in kept:
        view.add_item(item)
    view.stop()  # components only: the persistent items answer their clicks
    return view if kept else None
