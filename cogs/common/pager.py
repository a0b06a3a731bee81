"""Pages of embeds with ◀ ▶ buttons; the buttons go when the view times out.

With an `owner_id` only that member turns the pages (a look-up, a shot, a history); without
one anyone at the table may (a game's status or log).

The pages live in memory (`LiveView`), so each button's custom id also carries what a
restarted bot needs: `antares:page:<command>:<lang>:<owner>:<nonce>:<target page>`. A
command whose pages can be rebuilt from the database registers how (`page_source`): its
buttons keep turning pages after a restart (`PageTurn` makes a new pager, in the language of
the pages). The others answer that they have expired and which command to run again.

Pages are given as a list of embeds, or as a page source (`PageAt`): an async function
that makes the page at an index when it is shown, and says how many there are. A pager of a
page source holds no page (issue 23: thirty `/game status` of a big game used to keep 132 MB
of embeds alive for five minutes); the page on screen is Discord's to keep. A page source
may make its pages laid out with Components V2 (`/game status`, laid out as the live board):
their ◀ ▶ are `PageTurn`'s alone (`with_turns`), no live pager, so they never expire.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Sequence
from typing import NamedTuple

import discord

from cogs.common.errors import on_tree_error
from cogs.common.live import LiveView, answer_expired, command_path, is_live
from cogs.common.replies import NO_MENTIONS, lang_of, send, sent_message
from locales import Lang, t

PAGER_TIMEOUT = 300


class Page(NamedTuple):
    # an embed, or a page laid out with Components V2 (`/game status`, as the board is)
    embed: discord.Embed | discord.ui.LayoutView
    count: int  # type: ignore[assignment]  # the pages there are (a field named as tuple.count)


# The page at an index (past the last: the last one), made when it is shown
PageAt = Callable[[int], Awaitable[Page]]
Pages = Sequence[discord.Embed] | PageAt
PageSource = Callable[[discord.Interaction, Lang], Awaitable[Pages]]
PAGE_SOURCES: dict[str, PageSource] = {}  # "game.status": its pages, rebuilt


def listed(pages: Sequence[discord.Embed]) -> PageAt:
    """A list of embeds as a page source."""
    kept = list(pages)

    async def page_at(index: int) -> Page:
        return Page(kept[max(0, min(index, len(kept) - 1))], len(kept))

    return page_at


def page_source(command: str) -> Callable[[PageSource], PageSource]:
    """Registers the function that builds the pages of `command` ("game status") from the
    database, for this channel, in a given language: the command uses it and so does
    `PageTurn` after a restart. Public replies only: the revived pager takes its buttons off
    through the channel when it times out, which an ephemeral message does not allow."""

    def register(source: PageSource) -> PageSource:
        PAGE_SOURCES[command.replace(" ", ".")] = source
        return source

    return register


def with_turns(
    page: discord.ui.LayoutView, command: str, lang: Lang, nonce: int, index: int, count: int
) -> discord.ui.LayoutView:
    """A page laid out with Components V2 and its ◀ ▶ below it. The buttons are no live
    view's: their custom ids are `PageTurn`'s, which makes the page they lead to from the
    database at each click, so they hold nothing and never expire."""
    if count > 1:
        row: discord.ui.ActionRow = discord.ui.ActionRow()
        last = count - 1
        turns = (("◀", max(0, index - 1), index == 0), ("▶", min(last, index + 1), index >= last))
        for label, target, off in turns:
            row.add_item(PageTurn.button(label, f"{command}:{lang}:0:{nonce}:{target}", off))
        page.add_item(row)
    page.stop()  # components only: `PageTurn` answers the clicks
    return page


async def send_one(
    interaction: discord.Interaction,
    page: discord.Embed,
    keep: Sequence[discord.ui.Item] = (),
    *,
    ephemeral: bool = False,
) -> int | None:
    """One page, sent as `Pager.start` sends a single page, without making a pager (its
    ◀ ▶ view costs a shot's reply more than its embed: issue 31). The id of the message."""
    view = kept_view(keep) or discord.utils.MISSING
    return await send(interaction, embed=page, view=view, ephemeral=ephemeral)


def kept_view(keep: Sequence[discord.ui.Item]) -> discord.ui.View | None:
    """Persistent items (🎲 Draw next) as a view of components only (None: no item)."""
    if not keep:
        return None
    view = discord.ui.View(timeout=None)
    for item in keep:
        view.add_item(item)
    view.stop()  # components only: persistent items answer through their own handlers
    return view


class Pager(LiveView):
    def __init__(
        self,
        pages: Pages,
        owner_id: int | None = None,
        timeout: float = PAGER_TIMEOUT,
        index: int = 0,
        keep: Sequence[discord.ui.Item] = (),
    ) -> None:
        super().__init__(timeout=timeout)
        self.page_at: PageAt = pages if callable(pages) else listed(pages)
        self.count = 1 if callable(pages) else len(pages)  # known for sure once a page is made
        self.owner_id = owner_id
        self.index = index
        self.lang: Lang = "en"
        self.message: discord.Message | discord.InteractionMessage | None = None
        # Persistent items shown beside ◀ ▶ (🎲 Draw next), kept when the pages time out
        self.kept = list(keep)
        for item in self.kept:
            self.add_item(item)
        self._sync_buttons()

    async def open(self) -> discord.Embed | discord.ui.LayoutView:
        """The page at `index`, made now (a page source raises as its command would)."""
        page = await self.page_at(self.index)
        self.count = page.count
        self.index = max(0, min(self.index, page.count - 1))
        self._sync_buttons()
        return page.embed

    async def start(
        self, interaction: discord.Interaction, *, ephemeral: bool = False
    ) -> int | None:
        """Sends the first page; the id of the message."""
        first = await self.open()
        if isinstance(first, discord.ui.LayoutView):  # turned by `PageTurn` alone
            self.stop()
            command, lang = command_path(interaction), await lang_of(interaction)
            laid = with_turns(first, command, lang, interaction.id, self.index, self.count)
            return await send(interaction, view=laid, ephemeral=ephemeral)
        if self.count == 1:
            self.stop()
            return await send_one(interaction, first, self.kept, ephemeral=ephemeral)
        self.lang = await lang_of(interaction)  # the pages' language: callers render in it
        self.claim(interaction)
        message_id = await send(interaction, embed=first, view=self, ephemeral=ephemeral)
        self.message = await sent_message(interaction, message_id)
        return self.message.id

    def _drop_gone(self, message: discord.Message | None) -> None:
        """Forget kept items no longer on the message (another feature took one off)."""
        if message is None or not self.kept:
            return
        present = {
            getattr(child, "custom_id", None)
            for row in message.components
            for child in getattr(row, "children", [row])
        }
        for item in [i for i in self.kept if getattr(i, "custom_id", None) not in present]:
            self.kept.remove(item)
            self.remove_item(item)

    def name_items(self) -> None:
        last = self.count - 1
        targets = ((self.previous, max(0, self.index - 1)), (self.next, min(last, self.index + 1)))
        for button, target in targets:  # the two targets differ: at least two pages here
            button.custom_id = (
                f"antares:page:{self.command}:{self.lang}:{self.owner_id or 0}"
                f":{self.nonce}:{target}"
            )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if self.owner_id is None or interaction.user.id == self.owner_id:
            return True
        lang = await lang_of(interaction)
        await interaction.response.send_message(
            t(lang, "pager.not_yours"), ephemeral=True, allowed_mentions=NO_MENTIONS
        )
        return False

    def _sync_buttons(self) -> None:
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index >= self.count - 1
        if self.nonce:  # claimed: the ids say which page each button leads to
            self.name_items()

    async def _show(self, interaction: discord.Interaction, index: int) -> None:
        self.index = index
        try:
            embed = await self.open()
        except Exception as error:  # answered like a command's error (no game any more…)
            await on_tree_error(interaction, error)
            return
        assert isinstance(embed, discord.Embed)  # a live pager's pages are embeds
        self._drop_gone(interaction.message)
        self._sync_buttons()
        await interaction.response.edit_message(embed=embed, view=self)

    @discord.ui.button(label="◀", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await self._show(interaction, max(0, self.index - 1))

    @discord.ui.button(label="▶", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await self._show(interaction, min(self.count - 1, self.index + 1))

    async def on_timeout(self) -> None:
        await super().on_timeout()  # 🎲 Draw next and 🔁 Shoot again stay registered
        if self.message is not None:
            with contextlib.suppress(discord.HTTPException):  # gone: nothing left to clean
                if self.kept:  # read the message as it is now: a kept item may have gone
                    self._drop_gone(await self.message.fetch())
                await self.message.edit(view=kept_view(self.kept))


class PageTurn(
    discord.ui.DynamicItem[discord.ui.Button],
    template=(
        r"antares:page:(?P<command>[a-z0-9.-]+):(?P<lang>en|fr):(?P<owner>\d+)"
        r":(?P<nonce>\d+):(?P<index>\d+)"
    ),
):
    """A ◀ or ▶ whose pager is gone (a restart): rebuilds the pages, or says it expired."""

    def __init__(self, item: discord.ui.Button, match: dict[str, str]) -> None:
        super().__init__(item)
        self.command = match["command"]
        self.lang: Lang = "fr" if match["lang"] == "fr" else "en"
        self.owner_id = int(match["owner"]) or None
        self.nonce = int(match["nonce"])
        self.index = int(match["index"])

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item, match.groupdict())

    @staticmethod
    def button(label: str, to: str, disabled: bool) -> discord.ui.Button:
        """A ◀ or ▶ of a page laid out (`with_turns`): `to` is its id's
        `<command>:<lang>:<owner>:<nonce>:<target page>`."""
        style = discord.ButtonStyle.secondary
        return discord.ui.Button(
            label=label, style=style, disabled=disabled, custom_id=f"antares:page:{to}"
        )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return not is_live(interaction, self.nonce)  # a live pager turns its own pages

    async def callback(self, interaction: discord.Interaction) -> None:
        source = PAGE_SOURCES.get(self.command)
        if source is None:
            await answer_expired(interaction, self.command)
            return
        try:
            await self._revive(interaction, source)
        except Exception as error:  # answered like a command's error (no game any more…)
            await on_tree_error(interaction, error)

    async def _revive(self, interaction: discord.Interaction, source: PageSource) -> None:
        """A new pager on the same message, at the page the button led to."""
        pager = Pager(await source(interaction, self.lang), self.owner_id, index=self.index)
        if not await pager.interaction_check(interaction):
            return
        embed = await pager.open()
        if isinstance(embed, discord.ui.LayoutView):  # the page made anew, its ◀ ▶ with it
            laid = with_turns(embed, self.command, self.lang, self.nonce, pager.index, pager.count)
            await interaction.response.edit_message(view=laid)
            return
        if pager.count == 1:  # fewer pages since: nothing left to turn
            pager.stop()
            await interaction.response.edit_message(embed=embed, view=None)
            return
        pager.lang = self.lang
        pager.claim(interaction, self.command)
        pager.message = interaction.message
        await interaction.response.edit_message(embed=embed, view=pager)
