"""Each move of an activation, shown on its card (issue 31 §2): `cogs.common.cards`' one
implementation, registered by the table's setup.

- A die drawn (🎲 Draw next, `/bag draw`, Block!, a die taken): a new card; the card before
  it (and any message that carried 🎲 and ✅) loses its buttons (`next_step.offer`, drawn).
- An order (the card's menu or order buttons; a typed `/order`: a new card), a volley (🎯's
  form, 🔁), ✅ Done: the card clicked is edited in place, its buttons made anew from what the
  services say comes next (`ShootingService.offer`: one read), 💣 among them while another
  player's mine may go off as the unit acts (or, on a ⚡ card, as the target reacts).
- A drifted template's menu picked: the card edited, the template's story added to its
  shots, the menu taken off, its other components kept (`landed`).
- A shot too long for the card: what fits of it there, its whole report in a message of its
  own, paged (`cogs.shooting.pages`); so too the answer to a reaction offer (the ⚡ card:
  the reaction's Init test, the shots that went ahead or the assault's round), and every
  shot of a volley when one of them would lose a line.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

import discord

from cogs.common.actors import channel_of
from cogs.common.bot import app_services
from cogs.common.cards import Story
from cogs.common.layout import custom_ids, is_layout, texts
from cogs.common.replies import NO_MENTIONS, lang_of, send, shown
from cogs.game import next_step, render
from cogs.game.next_step import DRAW_PREFIX, READ
from cogs.game.views import DONE_PREFIX, ORDER_PREFIX, drawn_mentions, order_buttons
from cogs.markers.mine_button import mine_button
from cogs.shooting import drift_land, pages
from cogs.shooting.form import ShotForm
from cogs.shooting.react import go_ahead_button
from cogs.table import reactions
from cogs.table.card import (
    HINT,
    Card,
    colour,
    drawn_head,
    follow,
    kept_rows,
    pick_rows,
    shoot_button,
    shooting_items,
    shot_text,
    stopped_note,
    waiting_card,
    weapons_hint,
    whole_report,
)
from locales import Lang
from services.game import Closed, Drawn, NextStep, Ordered, Picked, Waiting
from services.shooting import Answered, ReactionAsked, Volley

Rows = Sequence[Sequence[discord.ui.Item]]
DRAWN_OR_DONE = (DRAW_PREFIX, DONE_PREFIX)  # what `next_step.offer` puts back where it belongs


class TableCards:
    """The activation cards of every channel (stateless: each move reads its card back)."""

    async def drawn(
        self,
        interaction: discord.Interaction,
        done: Drawn,
        *,
        head: str | None = None,
        lead: str | None = None,
        clicked: discord.Message | None = None,
    ) -> None:
        lang = await lang_of(interaction)
        result = done.result
        card = Card(colour(result.colour), head or drawn_head(lang, done))
        if lead:
            card.head = f"{lead}\n{card.head}"
        if head is None:  # who chooses now (a taken die's head says it)
            card.hint = follow(lang, result.owner_id, done.units)
        picks = pick_rows(lang, done.game_id, result.owner_id, done.units, done.orders_of)

        async def post(extra: list[discord.ui.Item]) -> int | None:
            laid = card.layout(lang, [picks, extra])
            next_step.laid_out(laid.view)
            return await send(interaction, view=laid.view, allowed_mentions=drawn_mentions(done))

        # a die taken (Follow, a Synchroniser) draws nothing: the activation that ran goes on
        drew = result.via in ("draw", "redraw")
        await next_step.offer(interaction, post, clicked=clicked, card=True, spent=drew)

    async def picked(
        self, interaction: discord.Interaction, game_id: int, owner_id: int, picked: Picked
    ) -> None:
        lang = await lang_of(interaction)
        message = interaction.message
        assert message is not None  # a menu of a card
        card = Card.read(message)
        card.hint = follow(lang, owner_id, [picked.unit])
        menus = kept_rows(message, lambda custom_id: custom_id.startswith(ORDER_PREFIX))
        orders = order_buttons(lang, game_id, picked.unit, picked.orders)
        laid = card.layout(lang, [*menus, orders])
        await interaction.response.edit_message(view=laid.view, allowed_mentions=NO_MENTIONS)

    async def ordered(self, interaction: discord.Interaction, done: Ordered) -> None:
        lang = await lang_of(interaction)
        result = done.result
        unit = result.unit_id if result.shoots else None
        shooting = app_services(interaction).shooting
        offer = await shooting.offer(channel_of(interaction), unit, acting=result.unit_id)
        message = interaction.message
        if is_layout(message):
            assert message is not None
            card = Card.read(message)
        else:  # a typed /order, or an order button of a message made before the cards
            card = Card(colour(result.colour), render.order_head(lang, result))
        card.order = render.ordered(lang, result)
        card.hint = weapons_hint(lang, offer.aim)
        # Fire: the unit does not move, so its shot's form opens at once (on a card clicked)
        form = None
        if result.executed == "fire" and offer.aim is not None and is_layout(message):
            form = ShotForm(lang, offer.aim)
        items = shooting_items(lang, offer.aim)
        if not items and result.shoots:  # e.g. no weapons on record: 🎯 says what to do
            items = [shoot_button(lang, done.game_id, result.unit_id)]
        items += mine_button(lang, done.game_id, result.unit_id, offer.mines)  # it acts
        await show(interaction, lang, card, [items], offer.step, form=form)

    async def shot(
        self,
        interaction: discord.Interaction,
        volley: Volley,
        lead: list[str] | None = None,
        back: str | None = None,
        told: Story | None = None,
        acting: str | None = None,
    ) -> None:
        """`lead`: lines before the shots (a reaction); `back`: a unit that reacted with
        Return Fire, whose 🎯 the card offers too; `told`: the lead and the shots whole,
        should the card not hold them (else the shots'); `acting`: the unit an enemy's mine
        may go off against, its 💣 (the shooter unless a unit reacted)."""
        if volley.asked is not None:  # held back: the target's player may react first
            await reactions.post_asked(interaction, volley.asked)
            return
        lang = await lang_of(interaction)
        shooting = app_services(interaction).shooting
        acting = acting or volley.unit_id
        offer = await shooting.offer(channel_of(interaction), volley.unit_id, acting=acting)
        message = interaction.message
        if is_layout(message):
            assert message is not None
            card = Card.read(message)
        else:  # the form of a 🎯 posted before the cards
            shooter = volley.records[0].shooter if volley.records else None
            card = Card(colour(shooter.colour if shooter else None))
        card.shots += [*(lead or []), *(shot_text(lang, record) for record in volley.records)]
        card.note = stopped_note(lang, volley)
        card.hint = weapons_hint(lang, offer.aim)
        drifts = [menu for record in volley.records for menu in drift_land.choices(lang, record)]
        returning = [] if back is None else [shoot_button(lang, volley.game_id, back)]
        sprung = offer.step.sprung if offer.step is not None else None
        if sprung is not None and sprung in (back, volley.unit_id):  # the held shot waits
            returning.append(go_ahead_button(lang, volley.game_id, sprung))
        mines = mine_button(lang, volley.game_id, acting, offer.mines)
        rows = [shooting_items(lang, offer.aim) + mines + drifts, returning]
        report = told if told is not None else whole_report(lang, volley.records)
        await show(interaction, lang, card, rows, offer.step, report=report)

    async def asked(self, interaction: discord.Interaction, asked: ReactionAsked) -> None:
        await reactions.post_asked(interaction, asked)

    async def landed(
        self,
        interaction: discord.Interaction,
        story: Story,
        custom_id: str,
        fresh: Sequence[discord.ui.Item],
    ) -> None:
        lang = await lang_of(interaction)
        message = interaction.message
        assert message is not None and is_layout(message)
        card = Card.read(message)
        card.hint = texts(message).get(HINT)  # the weapons left: a drift changes none
        if not any(drift_land.menu_id(i) and i != custom_id for i in custom_ids(message)):
            card.shots = [drift_land.without_hint(text) for text in card.shots]
        title, lines, _ = story
        card.shots.append("\n".join([f"**{title}**", *lines]))
        rows = kept_rows(message, lambda i: i == custom_id or i.startswith(DRAWN_OR_DONE), fresh)
        await show(interaction, lang, card, rows, READ, report=story)

    async def answered(self, interaction: discord.Interaction, answered: Answered) -> None:
        lang = await lang_of(interaction)
        reaction = answered.reaction
        acting = reaction.unit_id if reaction is not None else None  # it reacts: its 💣
        back = acting if reaction is not None and reaction.shoots_back else None  # its 🎯
        # Spring Ambush: the card is the ambusher's (its 🎯), the held shot waits for it
        lead = reactions.answer_lines(lang, answered)
        told = reactions.answer_report(lang, answered)
        await self.shot(interaction, answered.volley, lead, back, told, acting)

    async def closed(self, interaction: discord.Interaction, done: Closed) -> None:
        lang = await lang_of(interaction)
        text = render.activation_closed(lang, interaction.user.id, done)
        message = interaction.message
        if is_layout(message):
            assert message is not None
            card = Card.read(message)
            card.note = text
            await show(interaction, lang, card, [], READ)
            return
        # a message made before the cards
        await next_step.reply(interaction, text, allowed_mentions=NO_MENTIONS, clicked=message)

    async def waiting(
        self, interaction: discord.Interaction, lang: Lang, game_id: int, waiting: Waiting
    ) -> int | None:
        card = waiting_card(lang, waiting)
        die = waiting.die
        picks = pick_rows(lang, game_id, die.owner_id, waiting.units, waiting.orders_of)
        return await send(interaction, view=card.layout(lang, [picks]).view)


async def show(
    interaction: discord.Interaction,
    lang: Lang,
    card: Card,
    rows: Rows,
    step: NextStep | None | object,
    *,
    report: Story | None = None,
    form: discord.ui.Modal | None = None,
) -> None:
    """The card, edited in place when it was clicked (else a new one), with 🎲 and ✅ as the
    game's next step offers them; `report`: the title, lines and colour of what the move
    added (shots, a reaction, a drifted template), whose whole report follows should the
    card not hold it (a shot shown whole before that no longer fits follows too, as it was
    shown); `form`: the answer to the click is this form, and the card is edited beside
    it."""
    message = interaction.message
    in_place = is_layout(message)

    async def post(extra: list[discord.ui.Item]) -> int | None:
        laid = card.layout(lang, [*rows, extra])
        next_step.laid_out(laid.view)
        if in_place and message is not None and form is not None:
            await interaction.response.send_modal(form)
            await message.edit(view=laid.view, allowed_mentions=NO_MENTIONS)
            await shown(interaction, message.id)  # undo strikes it
            posted: int | None = message.id
        elif in_place and message is not None:
            await interaction.response.edit_message(view=laid.view, allowed_mentions=NO_MENTIONS)
            await shown(interaction, message.id)  # undo strikes it
            posted = message.id
        else:
            posted = await send(interaction, view=laid.view)
        if laid.cut and report is not None:
            title, lines, hue = report
            await pages.reply(interaction, lang, title, lines, hue)
        elif laid.recut is not None:  # shown whole before, cut now (✅ Done): it follows
            first, *lines = laid.recut.split("\n")
            await pages.reply(interaction, lang, first.replace("**", ""), lines, card.colour)
        return posted

    await next_step.offer(
        interaction,
        post,
        step=step,
        clicked=None if in_place else message,
        card=True,
        spent=not in_place,  # a new card (a typed order): the one before it is done with
    )
    if not in_place and message is not None and message.components:
        with contextlib.suppress(discord.HTTPException):  # made before the cards: spent
            await message.edit(view=None)
