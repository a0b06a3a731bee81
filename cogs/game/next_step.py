"""🎲 Draw next and ✅ Done sit on the newest reply of the game, and on no other (issues 22, 31).

A public reply that moves the game on (an activation card, a typed shot, an assault, a
mine, a marker, a die skipped, the end of the turn) goes through `offer`. What comes next is
the rules' (`core.antares.turn_flow.turn_now`, through `TableService.next_step`): when a draw is
possible (dice in the bag and no drawn die waiting), the reply carries 🎲 Draw next; while a
unit can still shoot in its activation, ✅ Done, which its owner clicks to end it. The message
that carried them before loses them, its other buttons kept. A draw leaves its die waiting,
so it carries neither and still takes them off the last one.

Which message carries it is remembered with the game (`TableService.moved_draw`), so this
holds across restarts. A die drawn ends the activations that ran: an activation card that
carried the buttons (or was clicked) then loses all its buttons, its 🎯 and 🔁 stale; a
card that a typed move supersedes (a `/shoot`, a marker) loses, in the same one edit, the
🎯 and 🔁 of a unit that can no longer shoot (`superseded`). A
Draw next clicked on an old message anyway (a lost edit) draws when drawing is the next
step, and is refused otherwise: one drawn die at a time, never two.
Taking the button off happens after the reply was sent: it never delays it, and a failure
(the message deleted) is only logged.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence
from contextvars import ContextVar
from types import SimpleNamespace
from typing import Any, cast

import discord

from cogs.common.bot import app_services
from cogs.common.cards import shooter_of
from cogs.common.layout import custom_ids, is_layout, pruned, without
from cogs.common.replies import NO_MENTIONS, lang_of, send, shown_later
from cogs.game.views import DONE_PREFIX, DoneButton, DrawNext
from locales import Lang, t
from services.common import NO_GAME
from services.game import NextStep

log = logging.getLogger(__name__)
DRAW_PREFIX = "antares:draw:"
# Posts the reply with these items added to its own (none, 🎲 Draw next, ✅ Done); its message id
Post = Callable[[list[discord.ui.Item]], Awaitable[int | None]]
READ = object()  # `offer`'s step: read it (no step known yet)
LAYOUT = "layout"  # the key of an activation card's noted layout (`kept_components`)
TRACKED = "tracked"  # and whether it carried ✅ Done (`kept_layout`)
# the layout an activation card's `post` laid out, while `offer` posts it (`laid_out`)
_LAID: ContextVar[list[discord.ui.LayoutView] | None] = ContextVar("laid", default=None)


def draw_button(game_id: int, lang: Lang) -> discord.ui.Item:
    return DrawNext(game_id, t(lang, "bag.draw_next"))


def next_items(step: NextStep, lang: Lang) -> list[discord.ui.Item]:
    """🎲 Draw next when a draw is possible; ✅ Done for each activation that runs (named by
    its unit when there are several)."""
    items = [draw_button(step.game_id, lang)] if step.draw else []
    named = len(step.done) > 1
    items += [DoneButton.of(lang, step.game_id, running, named) for running in step.done]
    return items


def joined(view: discord.ui.View | None, extra: Sequence[discord.ui.Item]) -> Any:
    """`view` with `extra` items added (a new view when there was none)."""
    if not extra:
        return view if view is not None else discord.utils.MISSING
    view = view if view is not None else discord.ui.View(timeout=None)
    for item in extra:
        view.add_item(item)
    return view


async def offer(
    interaction: discord.Interaction,
    post: Post,
    *,
    clicked: discord.Message | None = None,
    step: NextStep | None | object = READ,
    card: bool = False,
    spent: bool = False,
) -> None:
    """Post a reply of the channel's game, with 🎲 Draw next when drawing is next, and take
    the button off the message that carried it (and off `clicked`, an old one clicked).
    `step`: the game's next step when the caller read it already (None: no game).
    `card`: the reply is an activation card, which the next move reaches even when it
    carries neither 🎲 nor ✅ (its die waits for its order). `spent`: a new card whose move
    ends what the card before it offered (a die drawn; an order given), so an activation
    card that carried the buttons, or was clicked, loses all of its buttons."""
    found = app_services(interaction)
    table = found.table
    if step is READ:  # the step this interaction's change noted, else read it
        noted = found.shown.step(interaction.id)
        step = next_step_of(noted)
        if noted is None and interaction.channel_id:
            step = await table.next_step(interaction.channel_id)
    assert step is None or isinstance(step, NextStep)
    extra = next_items(step, await lang_of(interaction)) if step is not None else []
    laid: list[discord.ui.LayoutView] = []
    token = _LAID.set(laid)
    try:
        with shown_later() as messages:  # recorded below, with where Draw next sits: one write
            message_id = await post(extra)
    finally:
        _LAID.reset(token)
    pairs = [p for m in messages[:1] for p in found.shown.take(interaction.id, m)]
    if step is None or interaction.channel_id is None:
        await found.shown.record(pairs)
        return
    carrier = message_id if extra or card else None
    keep = kept_components(extra[0]) if extra else kept_layout(laid[0]) if laid else None
    try:
        previous = await table.moved_draw(
            interaction.channel_id, step.game_id, carrier, keep, shown=pairs
        )
    except Exception:  # bookkeeping: the reply is sent, the game is right; only log it
        log.exception("could not note where Draw next sits in channel %s", interaction.channel_id)
        return
    acting = frozenset(running.unit_id for running in step.done)
    if previous is not None and (clicked is None or previous.message_id != clicked.id):
        await take_off(
            interaction, previous.message_id, keep=previous.keep, every=spent, acting=acting
        )
    if clicked is not None and clicked.id != carrier:
        await take_off(interaction, clicked.id, clicked, every=spent, acting=acting)


def next_step_of(noted: Any) -> NextStep | None:
    """The next step a change noted for its reply (`services.common.Step`), if any (none for
    `NO_GAME`, which an interaction notes when its channel has no game)."""
    if noted is None or noted is NO_GAME:
        return None
    return NextStep(noted.game_id, noted.draw, tuple(noted.done))


def kept_components(draw: discord.ui.Item) -> str | None:
    """The components of the message `draw` was posted on, but itself (JSON: what stays on
    the message when the button leaves it). For a plain view of persistent items, which stay
    as they were posted, its rows; for an activation card (a V2 layout, edited in place as it
    is played, each edit noted again: `offer`), the whole layout, its text included, so
    taking 🎲 and ✅ off it is one edit, never a read and an edit. None for a live view (a
    pager's ◀ ▶ change as its pages turn, and leave when it expires): that message is read."""
    view = draw.view
    if isinstance(view, discord.ui.LayoutView):
        return kept_layout(view)
    if type(view) is not discord.ui.View:
        return None
    rows = []
    for row in view.to_components():
        kept = [c for c in row.get("components", []) if not _draw_id(str(c.get("custom_id") or ""))]
        if kept:
            rows.append({**row, "components": kept})
    return json.dumps(rows, separators=(",", ":"))


def kept_layout(view: discord.ui.LayoutView) -> str:
    """An activation card's layout (JSON), as `kept_components` notes it (its 🎲 and ✅
    are taken off with the rest `view_of` prunes), and whether it carried ✅ (its game
    tracks activations: see `superseded`)."""
    ids = [str(getattr(item, "custom_id", "") or "") for item in view.walk_children()]
    noted = {LAYOUT: view.to_components(), TRACKED: carries_done(ids)}
    return json.dumps(noted, separators=(",", ":"), ensure_ascii=False)


def laid_out(view: discord.ui.LayoutView) -> None:
    """An activation card's `post` (see `offer`) posted `view`: noted with where Draw next
    sits, so the next move edits the card without reading it, even when it carries no 🎲."""
    found = _LAID.get()
    if found is not None:
        found.append(view)


def view_of(
    keep: str, *, every: bool = False, acting: Collection[str] = ()
) -> discord.ui.View | discord.ui.LayoutView | None:
    """The components `kept_components` noted, as a view to edit the message with (None:
    nothing stays). Components only: the message's items answer their clicks as before.
    `every`: an activation card whose activation ended keeps its text, not one button; else
    it loses what `superseded` says (`acting`: the units that can still shoot)."""
    noted = json.loads(keep)
    if isinstance(noted, dict):  # an activation card's layout
        tracked = bool(noted.get(TRACKED))
        drop = (lambda _: True) if every else superseded(tracked, acting)
        # as discord.py reads a message's components (its payload, as Discord sends it)
        components = [discord.components._component_factory(c) for c in noted[LAYOUT]]
        card = SimpleNamespace(components=[c for c in components if c is not None])
        return pruned(discord.ui.LayoutView.from_message(cast(Any, card), timeout=None), drop)
    if not noted:
        return None
    message = SimpleNamespace(components=[discord.ActionRow(row) for row in noted])
    view = discord.ui.View.from_message(cast(Any, message), timeout=None)
    view.stop()
    return view


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    view: discord.ui.View | None = None,
    clicked: discord.Message | None = None,
    **kwargs: Any,
) -> None:
    """`send`, as a reply of the game that offers its next step (see `offer`; `clicked`:
    the message clicked, whose 🎲 and ✅ leave it)."""

    async def post(extra: list[discord.ui.Item]) -> int | None:
        return await send(interaction, content, view=joined(view, extra), **kwargs)

    await offer(interaction, post, clicked=clicked)


async def take_off(
    interaction: discord.Interaction,
    message_id: int,
    known: discord.Message | None = None,
    *,
    keep: str | None = None,
    every: bool = False,
    acting: Collection[str] = (),
) -> None:
    """Takes 🎲 Draw next and ✅ Done off a message of the channel, its other buttons and menus
    kept: read from the message (`known`, or fetched), unless its other components are known
    (`keep`, noted when it was posted or last edited: one request, not two). An activation
    card (a V2 layout) is sent again without them and without what can no longer act (`superseded`:
    `acting` are the units that can still shoot), or without any button (`every`: its
    activation ended). One edit in every case."""
    channel = interaction.channel
    try:
        if known is not None and known.id == message_id:
            message = known
        elif isinstance(channel, discord.abc.Messageable):
            if keep is not None and not isinstance(channel, discord.GroupChannel):
                # no partial messages in group DMs
                edited = channel.get_partial_message(message_id)
                laid = view_of(keep, every=every, acting=acting)
                await edited.edit(view=laid, allowed_mentions=NO_MENTIONS)
                return
            message = await channel.fetch_message(message_id)
        else:
            return
        if is_layout(message):
            ids = custom_ids(message)
            drop = (lambda _: True) if every else superseded(carries_done(ids), acting)
            if any(drop(i) for i in ids):
                await message.edit(view=without(message, drop))
            return
        view = discord.ui.View.from_message(message, timeout=None)
        kept = [item for item in view.children if not _draws(item)]
        if len(kept) == len(view.children):
            return
        view.clear_items()
        for item in kept:
            view.add_item(item)
        view.stop()  # components only: the dynamic items answer their clicks
        await message.edit(view=view if kept else None)
    except discord.HTTPException as error:  # deleted, or out of reach: nothing to take off
        log.info("Draw next not taken off message %s: %s", message_id, error)


def carries_done(ids: Collection[str]) -> bool:
    """Whether a card carries ✅ Done: its game tracks activations."""
    return any(i.startswith(DONE_PREFIX) for i in ids)


def superseded(tracked: bool, acting: Collection[str]) -> Callable[[str], bool]:
    """What an activation card loses when a newer reply that is no card (a typed `/shoot`,
    a marker…) takes 🎲 and ✅ off it: those, and the 🎯 and 🔁 of a unit that can no
    longer shoot (every weapon fired, its activation over), which would only be refused at
    the click; a unit in `acting` keeps them (its weapon left fires from the card). Only in
    a game that tracks activations (`tracked`: the card carried ✅ Done): in a `free` one
    🎯 always acts. Its menus (a die that waits for its order, a drifted template's) and 💥
    stay."""

    def drop(custom_id: str) -> bool:
        unit = shooter_of(custom_id)
        stale = tracked and unit is not None and unit not in acting
        return _draw_id(custom_id) or stale

    return drop


def _draws(item: discord.ui.Item) -> bool:
    """🎲 Draw next or ✅ Done: what the newest reply alone carries."""
    return _draw_id(str(getattr(item, "custom_id", "") or ""))


def _draw_id(custom_id: str) -> bool:
    return custom_id.startswith((DRAW_PREFIX, DONE_PREFIX))
