"""Buttons and menus of the bag, persistent (long lists page with `cogs.common.pager`).

The bag's components are `DynamicItem`s whose custom ids carry what they need (the game id,
the die's owner, the unit, the order, the activation); the channel's state is read from the
database. They are registered in the cog's setup, so they keep working after a restart.
Their errors are answered like a command's (the tree's handler), since discord.py only logs
them. Which orders a die may take, whether 🎯 follows an order and which activation ✅ Done
ends are the rules' (`core.antares.turn_flow`, through the services): the buttons only show
them.
"""

from __future__ import annotations

import discord

from cogs.common.bot import app_services
from cogs.common.errors import answers_errors
from cogs.common.replies import NO_MENTIONS, lang_of, send, shown
from cogs.game import next_step, render
from cogs.game.next_step import joined
from cogs.game.options import call_of
from core.antares.game import ORDERS, OrderKind, Unit
from core.antares.orders import OrderResult
from core.antares.turn_flow import OpenActivation
from locales import Lang, t
from services.game import Closed, Drawn, Waiting

OPTION_LIMIT = 25


class DrawNext(discord.ui.DynamicItem[discord.ui.Button], template=r"antares:draw:(?P<game>\d+)"):
    """Draw the next die of the game the message was made for."""

    def __init__(self, game_id: int, label: str = "Draw next") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                emoji="🎲",
                custom_id=f"antares:draw:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]))

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        done = await app_services(interaction).bag.draw(call_of(interaction), self.game_id)
        await send_drawn(interaction, done, clicked=interaction.message)


class PickUnit(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"antares:pick:(?P<game>\d+):(?P<owner>\d+)",
):
    """The die's owner chooses which of their units takes it; the order buttons follow."""

    def __init__(
        self,
        game_id: int,
        owner_id: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"antares:pick:{game_id}:{owner_id}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.game_id = game_id
        self.owner_id = owner_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), int(match["owner"]), options=list(item.options))

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        chosen = self.item.values[0] if self.item.values else ""
        picked = await app_services(interaction).bag.pick(
            call_of(interaction), self.game_id, self.owner_id, chosen
        )
        lang = await lang_of(interaction)
        first = (interaction.message.content if interaction.message else "").split("\n")[0]
        content = f"{first}\n{render.picked(lang, picked.unit)}"
        await interaction.response.edit_message(
            content=content,
            view=orders_view(lang, self.game_id, picked.unit, picked.orders),
            allowed_mentions=NO_MENTIONS,
        )


class OrderButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"antares:order:(?P<game>\d+):(?P<unit>u\d+):(?P<order>[a-z]+)",
):
    """Give this order to this unit, as `/order` would."""

    def __init__(self, game_id: int, unit_id: str, order: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or order,
                style=discord.ButtonStyle.secondary,
                custom_id=f"antares:order:{game_id}:{unit_id}:{order}",
            )
        )
        self.game_id = game_id
        self.unit_id = unit_id
        self.order = order

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["unit"], match["order"])

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        done = await app_services(interaction).bag.order(
            call_of(interaction), self.unit_id, self.order, self.game_id
        )
        lang = await lang_of(interaction)
        first = (interaction.message.content if interaction.message else "").split("\n")[0]
        content = render.fit_content([first, render.ordered(lang, done.result)])
        shoot = shoot_items(lang, done.game_id, done.result)

        async def post(extra: list[discord.ui.Item]) -> int | None:
            items = [*shoot, *extra]  # the order buttons go
            await interaction.response.edit_message(
                content=content,
                view=joined(None, items) if items else None,
                allowed_mentions=NO_MENTIONS,
            )
            if interaction.message is None:
                return None
            await shown(interaction, interaction.message.id)  # undo strikes it
            return interaction.message.id

        await next_step.offer(interaction, post)


DONE_PREFIX = "antares:done:"


class DoneButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=DONE_PREFIX + r"(?P<game>\d+):(?P<unit>u\d+):(?P<seq>\d+)",
):
    """✅ Done: the unit's owner ends its activation (`seq`), so that anyone may draw next."""

    def __init__(self, game_id: int, unit_id: str, seq: int, label: str = "Done") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.success,
                emoji="✅",
                custom_id=f"{DONE_PREFIX}{game_id}:{unit_id}:{seq}",
            )
        )
        self.game_id, self.unit_id, self.seq = game_id, unit_id, seq

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["unit"], int(match["seq"]))

    @classmethod
    def of(cls, lang: Lang, game_id: int, running: OpenActivation, named: bool) -> DoneButton:
        """The button for an activation (`named`: with its unit, when several run)."""
        label = t(lang, "bag.done_button")
        if named:
            label = render.cut(f"{label} · {running.unit_name}", 80)
        return cls(game_id, running.unit_id, running.seq, label)

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        done = await app_services(interaction).bag.done(
            call_of(interaction), self.game_id, self.unit_id, self.seq
        )
        await send_closed(interaction, done)


DYNAMIC_ITEMS = (DrawNext, PickUnit, OrderButton, DoneButton)


async def send_closed(interaction: discord.Interaction, done: Closed) -> None:
    """The reply to ✅ Done: the activation ended and what comes next, with 🎲 Draw next; the
    clicked message loses its 🎲 and ✅ (`next_step.offer`)."""
    lang = await lang_of(interaction)
    content = render.activation_closed(lang, interaction.user.id, done)

    async def post(extra: list[discord.ui.Item]) -> int | None:
        return await send(
            interaction, content, view=joined(None, extra), allowed_mentions=NO_MENTIONS
        )

    await next_step.offer(interaction, post, clicked=interaction.message)


def _unit_option(lang: Lang, unit: Unit) -> discord.SelectOption:
    description = t(
        lang,
        "bag.pick_option",
        models=unit.models,
        starting=unit.starting_models,
        pins=unit.pins,
        free=unit.dice_free,
    )
    return discord.SelectOption(
        label=render.cut(unit.name, 100),
        value=unit.id,
        description=render.cut(description, 100),
        emoji=render.tag(unit.colour),
    )


def drawn_mentions(done: Drawn) -> discord.AllowedMentions:
    """The draw reply pings the drawn die's owner only, if the game says so (`/game ping`)."""
    if not done.mention:
        return NO_MENTIONS
    owner = discord.Object(done.result.owner_id)
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=[owner])


async def send_drawn(
    interaction: discord.Interaction, done: Drawn, *, clicked: discord.Message | None = None
) -> None:
    """The draw reply: the die, the menu of its owner's units; 🎲 Draw next leaves the last
    reply (the die waits), unless no unit can take the die."""
    lang = await lang_of(interaction)

    async def post(extra: list[discord.ui.Item]) -> int | None:
        return await send(
            interaction,
            render.drawn(lang, done),
            view=joined(draw_view(lang, done), extra),
            allowed_mentions=drawn_mentions(done),
        )

    await next_step.offer(interaction, post, clicked=clicked)


def draw_view(lang: Lang, done: Drawn) -> discord.ui.View:
    """The select menu of the die owner's units that can take it (the die waits: no Draw
    next, `next_step`)."""
    return _pick_view(lang, done.game_id, done.result.owner_id, done.units)


def _pick_view(lang: Lang, game_id: int, owner_id: int, units: list[Unit]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if units:
        options = [_unit_option(lang, u) for u in units[:OPTION_LIMIT]]
        placeholder = t(lang, "bag.pick_placeholder")
        view.add_item(PickUnit(game_id, owner_id, options=options, placeholder=placeholder))
    return view


def waiting_view(lang: Lang, game_id: int, waiting: Waiting) -> discord.ui.View:
    """A die waiting again after an undo, as when it was drawn: the select menu of its owner's
    units, or the order buttons of the unit a taken die is for (the orders its rule allows)."""
    die, units = waiting.die, waiting.units
    if die.for_unit is None or not units:
        return _pick_view(lang, game_id, die.owner_id, units)
    return orders_view(lang, game_id, units[0], waiting.orders)


def shoot_items(lang: Lang, game_id: int, result: OrderResult) -> list[discord.ui.Item]:
    """🎯 Shoot when the unit may shoot under the order it carried out (`OrderResult.shoots`)."""
    if not result.shoots:
        return []
    # here, not at the top: cogs.shooting builds on cogs.game (its options, its render)
    from cogs.shooting.aim import ShootButton

    return [ShootButton(game_id, result.unit_id, t(lang, "shoot.button"))]


def items_view(items: list[discord.ui.Item]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def orders_view(
    lang: Lang, game_id: int, unit: Unit, allowed: tuple[OrderKind, ...]
) -> discord.ui.View:
    """The six order buttons for a unit, those its die may not give disabled (`allowed`:
    `core.antares.turn_flow.orders_for`). The die waits: no Draw next."""
    view = discord.ui.View(timeout=None)
    for index, order in enumerate(ORDERS):
        button = OrderButton(game_id, unit.id, order, render.order_name(lang, order))
        button.row = index // 3
        button.item.disabled = order not in allowed
        view.add_item(button)
    return view
