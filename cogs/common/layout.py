"""Messages laid out with Discord's Components V2 (`discord.ui.LayoutView`): the activation card
(`cogs.table.card`), read back and edited.

A V2 message has no `content`: its text sits in `TextDisplay` components, its buttons and
menus in action rows, all in one list of at most `COMPONENT_LIMIT` components holding at most
`TEXT_LIMIT` characters of text (Discord refuses more). Editing one keeps its flag, so a
button taken off is taken off by sending the same layout without it (`without`); undo strikes
its text out the same way (`struck`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import discord

COMPONENT_LIMIT = 40  # components of a V2 message, nested ones included
TEXT_LIMIT = 4000  # characters of text of a V2 message, every TextDisplay together


def is_layout(message: discord.Message | None) -> bool:
    """A message laid out with Components V2 (an activation card)."""
    return message is not None and bool(message.flags.components_v2)


def walk(components: list[discord.Component]) -> Iterator[discord.Component]:
    """Every component of a message, nested ones included, in order."""
    for component in components:
        yield component
        inner = getattr(component, "children", None)
        if inner:
            yield from walk(list(inner))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


def texts(message: discord.Message) -> dict[int, str]:
    """The text of each `TextDisplay` of a V2 message, by its id."""
    return {
        component.id: component.content
        for component in walk(list(message.components))
        if isinstance(component, discord.TextDisplay) and component.id is not None
    }


def accent(message: discord.Message) -> int | None:
    """The accent colour of the message's first container, if any."""
    for component in message.components:
        if isinstance(component, discord.Container):
            colour = component.accent_colour
            return colour.value if isinstance(colour, discord.Colour) else colour
    return None


def custom_ids(message: discord.Message) -> list[str]:
    """The custom ids of the message's buttons and menus, nested ones included."""
    found = (getattr(c, "custom_id", None) for c in walk(list(message.components)))
    return [str(custom_id) for custom_id in found if custom_id]


def _prune(parent: discord.ui.LayoutView | discord.ui.Item, drop: Callable[[str], bool]) -> None:
    for child in list(getattr(parent, "children", [])):
        custom_id = getattr(child, "custom_id", None)
        if custom_id is not None and drop(str(custom_id)):
            parent.remove_item(child)  # type: ignore[union-attr]
            continue
        _prune(child, drop)
        if isinstance(child, discord.ui.ActionRow) and not child.children:
            parent.remove_item(child)  # type: ignore[union-attr]


def pruned(view: discord.ui.LayoutView, drop: Callable[[str], bool]) -> discord.ui.LayoutView:
    """`view` without the buttons and menus whose custom id `drop` names (an action row left
    empty goes too); its text and colours kept. Components only: the view is stopped, so
    that the persistent items still answer the clicks."""
    _prune(view, drop)
    view.stop()
    return view


def without(message: discord.Message, drop: Callable[[str], bool]) -> discord.ui.LayoutView:
    """The message's layout, `pruned`."""
    return pruned(discord.ui.LayoutView.from_message(message, timeout=None), drop)


def struck(
    message: discord.Message,
    mark: str,
    strike: Callable[[str], str] | None = None,
    grey: int | None = None,
) -> discord.ui.LayoutView:
    """Undo's edit of a V2 message: `mark` (what was undone) first, then its text, each line
    passed through `strike` (struck through when all it showed is undone), its colour `grey`
    if given, and no buttons or menus left."""
    view = without(message, lambda _: True)
    for item in view.walk_children():
        if strike is not None and isinstance(item, discord.ui.TextDisplay):
            item.content = "\n".join(strike(line) for line in item.content.split("\n"))
        if grey is not None and isinstance(item, discord.ui.Container):
            item.accent_colour = grey
    found = next((i for i in view.children if isinstance(i, discord.ui.Container)), None)
    holder: discord.ui.LayoutView | discord.ui.Container = found if found is not None else view
    first: discord.ui.TextDisplay[discord.ui.LayoutView] = discord.ui.TextDisplay(mark)
    kept = list(holder.children)
    holder.clear_items()
    for item in (first, *kept):
        holder.add_item(item)
    return fit_text(view)


def fit_text(view: discord.ui.LayoutView) -> discord.ui.LayoutView:
    """Cuts the longest text displays until the view holds `TEXT_LIMIT` characters (undo's
    marks added to a full card)."""
    while view.content_length() > TEXT_LIMIT:
        displays = [i for i in view.walk_children() if isinstance(i, discord.ui.TextDisplay)]
        longest = max(displays, key=lambda d: len(d.content))
        over = view.content_length() - TEXT_LIMIT
        longest.content = longest.content[: max(1, len(longest.content) - over - 1)] + "…"
    return view
