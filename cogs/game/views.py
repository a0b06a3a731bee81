"""Buttons and menus of the bag, persistent: they sit on the activation card (issue 31 §2).

The bag's components are `DynamicItem`s whose custom ids carry what they need (the game id,
the die's owner, the unit, the order, the activation); the channel's state is read from the
database. They are registered in the cog's setup, so they keep working after a restart.
Their errors are answered like a command's (the tree's handler), since discord.py only logs
them. Which orders a die may take and which activation ✅ Done ends are the rules'
(`core.antares.turn_flow`, through the services): the components only show them. What
follows a click is shown on the card (`cogs.common.cards`, composed by `cogs.table.card`):
the menu of the units and their orders, or the order buttons of the one unit that can take
the die (a large army: its units' menus, then the order buttons of the unit picked); after
the order, the unit's shots, ✅ Done and 🎲 Draw next.
"""

from __future__ import annotations

import discord

from cogs.common.bot import app_services
from cogs.common.cards import cards
from cogs.common.errors import answers_errors
from cogs.common.replies import NO_MENTIONS, lang_of, pinging
from cogs.game import render
from cogs.game.options import call_of
from core.antares.game import ORDERS, OrderKind, Unit
from core.antares.turn_flow import OpenActivation
from locales import Lang, t
from services.game import Drawn

OPTION_LIMIT = 25  # options in one menu (Discord's limit)
MENUS_MAX = 5  # menus of units and orders on one card (each one row)
UNIT_ORDER = "antares:uo:"
UNIT_FIRST = "antares:uf:"
ORDER_PREFIX = "antares:order:"


class DrawNext(discord.ui.DynamicItem[discord.ui.Button], template=r"antares:draw:(?P<game>\d+)"):
    """Draw the next die of the game the message was made for: a new card."""

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
        await cards(interaction).drawn(interaction, done, clicked=interaction.message)


class UnitOrderPick(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"antares:(?P<kind>uo|uf):(?P<game>\d+):(?P<owner>\d+):(?P<menu>\d+)",
):
    """A menu of the card. Its usual kind (`uo`): the unit that takes the drawn die and its
    order together (`u3:fire`), given at once, as `/order` would. A large army's (`uf`: more
    units than five such menus hold): the unit first, from menus of up to 25 units; the card
    then shows its order buttons below them (another unit may still be picked instead), and
    nothing changes in the game until the order."""

    def __init__(
        self,
        game_id: int,
        owner_id: int,
        menu: int = 0,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        *,
        unit_first: bool = False,
    ) -> None:
        prefix = UNIT_FIRST if unit_first else UNIT_ORDER
        super().__init__(
            discord.ui.Select(
                custom_id=f"{prefix}{game_id}:{owner_id}:{menu}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.game_id, self.owner_id, self.unit_first = game_id, owner_id, unit_first

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        ids = (int(match["game"]), int(match["owner"]), int(match["menu"]))
        return cls(*ids, options=list(item.options), unit_first=match["kind"] == "uf")

    @answers_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        chosen = self.item.values[0] if self.item.values else ""
        bag = app_services(interaction).bag
        if self.unit_first:
            picked = await bag.pick(call_of(interaction), self.game_id, self.owner_id, chosen)
            await cards(interaction).picked(interaction, self.game_id, self.owner_id, picked)
            return
        unit, _, order = chosen.partition(":")
        done = await bag.order(call_of(interaction), unit, order, self.game_id)
        await cards(interaction).ordered(interaction, done)


class PickUnit(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"antares:pick:(?P<game>\d+):(?P<owner>\d+)",
):
    """The unit menu of a draw posted before the activation card (issue 22): the die's owner
    chooses the unit; the order buttons follow, on that message."""

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
        view = discord.ui.View(timeout=None)
        for button in order_buttons(lang, self.game_id, picked.unit, picked.orders):
            view.add_item(button)
        await interaction.response.edit_message(
            content=content, view=view, allowed_mentions=NO_MENTIONS
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
                custom_id=f"{ORDER_PREFIX}{game_id}:{unit_id}:{order}",
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
        await cards(interaction).ordered(interaction, done)


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
        await cards(interaction).closed(interaction, done)


DYNAMIC_ITEMS = (DrawNext, UnitOrderPick, PickUnit, OrderButton, DoneButton)


def _unit_option(lang: Lang, unit: Unit, order: OrderKind | None = None) -> discord.SelectOption:
    description = t(
        lang,
        "bag.pick_option",
        models=unit.models,
        starting=unit.starting_models,
        pins=unit.pins,
        free=unit.dice_free,
    )
    label = unit.name
    if order is not None:
        label = t(lang, "card.unit_order", unit=unit.name, order=render.order_name(lang, order))
    return discord.SelectOption(
        label=render.cut(label, 100),
        value=unit.id if order is None else f"{unit.id}:{order}",
        description=render.cut(description, 100),
        emoji=render.tag(unit.colour),
    )


def drawn_mentions(done: Drawn) -> discord.AllowedMentions:
    """The draw's card pings the drawn die's owner only, if the game says so (`/game ping`)."""
    if not done.mention:
        return NO_MENTIONS
    return pinging([done.result.owner_id])


def unit_order_menus(
    lang: Lang,
    game_id: int,
    owner_id: int,
    units: list[Unit],
    orders_of: dict[str, tuple[OrderKind, ...]],
) -> list[discord.ui.Item]:
    """The menus that give the die to a unit with its order in one pick ("Troopers — Fire"):
    one menu when they fit in 25 options; else a menu per group of whole units (at most
    `MENUS_MAX`); else, a large army, the units alone (`unit_first_menus`), every one of
    them offered, its order buttons shown once it is picked."""
    pairs = [(u, o) for u in units for o in orders_of.get(u.id, ())]
    groups = _by_unit(pairs)
    if len(groups) > MENUS_MAX:
        return unit_first_menus(lang, game_id, owner_id, units)
    menus: list[discord.ui.Item] = []
    for number, group in enumerate(groups):
        options = [_unit_option(lang, unit, order) for unit, order in group]
        if len(groups) == 1:
            placeholder = t(lang, "card.pick_placeholder")
        else:
            first, last = group[0][0].name, group[-1][0].name
            placeholder = t(lang, "card.pick_group", first=first, last=last)
        menu = UnitOrderPick(game_id, owner_id, number, options, render.cut(placeholder, 150))
        menus.append(menu)
    return menus


def unit_first_menus(
    lang: Lang, game_id: int, owner_id: int, units: list[Unit]
) -> list[discord.ui.Item]:
    """Menus of up to 25 units each (a game holds at most `GameLimits.units`, 100: four
    menus), each saying which units it holds."""
    groups = [units[start : start + OPTION_LIMIT] for start in range(0, len(units), OPTION_LIMIT)]
    menus: list[discord.ui.Item] = []
    for number, group in enumerate(groups[:MENUS_MAX]):
        options = [_unit_option(lang, unit) for unit in group]
        if len(groups) == 1:
            placeholder = t(lang, "card.pick_unit_placeholder")
        else:
            first, last = group[0].name, group[-1].name
            placeholder = t(lang, "card.pick_unit_group", first=first, last=last)
        placeholder = render.cut(placeholder, 150)
        menu = UnitOrderPick(game_id, owner_id, number, options, placeholder, unit_first=True)
        menus.append(menu)
    return menus


Pair = tuple[Unit, OrderKind]


def _by_unit(pairs: list[Pair]) -> list[list[Pair]]:
    """Groups of at most 25 pairs, a unit's orders never split."""
    groups: list[list[Pair]] = []
    for unit_id in dict.fromkeys(u.id for u, _ in pairs):
        own = [p for p in pairs if p[0].id == unit_id]
        if groups and len(groups[-1]) + len(own) <= OPTION_LIMIT:
            groups[-1] += own
        else:
            groups.append(own)
    return groups


def order_buttons(
    lang: Lang, game_id: int, unit: Unit, allowed: tuple[OrderKind, ...]
) -> list[discord.ui.Item]:
    """The six order buttons for a unit, those its die may not give disabled (`allowed`:
    `core.antares.turn_flow.orders_for`), three to a row."""
    buttons: list[discord.ui.Item] = []
    for index, order in enumerate(ORDERS):
        button = OrderButton(game_id, unit.id, order, render.order_name(lang, order))
        button.row = index // 3
        button.item.disabled = order not in allowed
        buttons.append(button)
    return buttons
