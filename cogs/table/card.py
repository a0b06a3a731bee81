"""The activation card (issue 31 §2): one message per activation, edited in place.

A Components V2 layout (`discord.ui.LayoutView`): one container, coloured like the die, whose
text displays are, in order,

- the die (``HEAD``): drawn (or taken, or drawn again after Block!), whose it is, and who
  chooses next;
- the order (``ORDER``): the unit, its order and its test, once given;
- the shots (``SHOT`` + n), one display each, as they happen: a first line (the weapon, the
  shooter, the target and what came of it: hits, casualties, pins) and every die below;
- a note (``NOTE``): what the last click did besides (✅ Done, a weapon that could not fire);
- what the unit may still do (``HINT``): the weapons that may still fire;

then its buttons and menus. Each move edits the card: the die, the order and the shots are
read back from the message (their ids say which is which), the note and the hint are made
anew, and so are the buttons (what the rules offer now).

Discord's limits hold (`cogs.common.layout`): at most `COMPONENT_LIMIT` components and
`TEXT_BUDGET` characters of text (less than `TEXT_LIMIT`, leaving room for undo's longest
mark, so that a part undone never cuts the dice of what still stands).
A card that would hold more folds its older shots to their first line, oldest first, and,
should the newest shot alone not fit, shows what fits of it and says that the whole report
follows in a message of its own (``Card.layout`` says so: `Laid.cut`). Every die is shown
once whole: a shot read back from the card was (or its report followed), so it may fold; a
shot this move adds (a volley's several, a reaction and the round it let go ahead) that would
lose a line makes the card say that the whole report follows too (`whole_report`), and so
does the newest shot, shown whole before, that a later move pushes past the card's room
(✅ Done's note): its text, as the card showed it, follows (`Laid.recut`).

This module composes; it decides nothing. The components are their packages' own
(`cogs.game.views`, `cogs.shooting.aim`, `cogs.markers.mine_button`); what a card offers
comes from the services (`NextStep`, `CardOffer`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import discord

from cogs.common.cards import Story
from cogs.common.errors import error_text
from cogs.common.layout import COMPONENT_LIMIT, TEXT_LIMIT, accent, texts
from cogs.game import render
from cogs.game.render.common import COLOUR_HEX
from cogs.game.render.undo import MARK_ROOM
from cogs.game.views import order_buttons, unit_order_menus
from cogs.shooting import drift_land, render_shot
from cogs.shooting.aim import Repeat, ShootButton
from cogs.shooting.render_aim import weapon_name
from locales import LANGUAGES, Lang, t
from services.game import Drawn, Waiting
from services.shooting import Aim, ShotRecord, Volley

HEAD, ORDER, NOTE, HINT, SHOT = 1001, 1002, 1003, 1004, 1100
TEXT_BUDGET = TEXT_LIMIT - MARK_ROOM  # room for undo's mark (`cogs.common.layout.struck`)
ROW_BUTTONS = 5  # buttons in one action row


@dataclass
class Card:
    """What a card shows; `layout` makes it a message's view."""

    colour: int | None = None
    head: str = ""
    order: str | None = None
    shots: list[str] = field(default_factory=list)
    note: str | None = None
    hint: str | None = None
    shown: int = 0  # the first shots, read back from the card: shown whole before

    @classmethod
    def read(cls, message: discord.Message) -> Card:
        """The card a message shows: its die, order and shots (the note and the hint are
        each move's own)."""
        found = texts(message)
        shots = [found[key] for key in sorted(found) if key >= SHOT]
        return cls(accent(message), found.get(HEAD, ""), found.get(ORDER), shots, shown=len(shots))

    def layout(self, lang: Lang, rows: Sequence[Sequence[discord.ui.Item]]) -> Laid:
        """The card with its buttons and menus (`rows`: groups, each starting a row), within
        Discord's limits."""
        built = _rows(rows)
        fitted = _fit_shots(lang, self, sum(1 + len(row.children) for row in built))
        container: discord.ui.Container = discord.ui.Container(accent_colour=self.colour)
        blocks = [(HEAD, self.head), (ORDER, self.order)]
        blocks += [(SHOT + n, text) for n, text in enumerate(fitted.shots)]
        blocks += [(NOTE, self.note), (HINT, self.hint)]
        for key, text in blocks:
            if text:
                container.add_item(discord.ui.TextDisplay(text, id=key))
        if built:
            container.add_item(discord.ui.Separator())
            for row in built:
                container.add_item(row)
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(container)
        view.stop()  # components only: the persistent items answer their clicks
        return Laid(view, fitted.cut, fitted.recut)


@dataclass(frozen=True, slots=True)
class Laid:
    view: discord.ui.LayoutView
    cut: bool  # a shot added did not fit whole: the move's report follows in a message
    recut: str | None = None  # the newest shot, shown whole before, cut now: it follows whole


@dataclass(frozen=True, slots=True)
class Fitted:
    """The shots as the card holds them, and what must follow it (`Laid`)."""

    shots: list[str]
    cut: bool
    recut: str | None


def _rows(groups: Sequence[Sequence[discord.ui.Item]]) -> list[discord.ui.ActionRow]:
    """Action rows: a menu alone in its row, buttons five to a row; each group starts a
    row, and so does a button whose `row` differs from the one before (the order buttons,
    three to a row)."""
    rows: list[discord.ui.ActionRow] = []
    for group in groups:
        current: discord.ui.ActionRow | None = None
        last_row: int | None = None
        for item in group:
            wanted = item.row
            item.row = None  # a row number means nothing inside a layout
            if _is_menu(item):
                rows.append(discord.ui.ActionRow(item))
                current = None
                continue
            full = current is not None and len(current.children) >= ROW_BUTTONS
            if current is None or full or (wanted is not None and wanted != last_row):
                current = discord.ui.ActionRow()
                rows.append(current)
            current.add_item(item)
            last_row = wanted
    return rows


def kept_rows(
    message: discord.Message,
    drop: Callable[[str], bool],
    fresh: Sequence[discord.ui.Item] = (),
) -> list[list[discord.ui.Item]]:
    """The card's buttons and menus, row by row, but those whose custom id `drop` names, and
    `fresh` items in the place of those with their custom ids (components only: the
    persistent items answer their clicks)."""
    view = discord.ui.LayoutView.from_message(message, timeout=None)
    found = [row for row in view.walk_children() if isinstance(row, discord.ui.ActionRow)]
    renewed = {_custom_id(item): item for item in fresh}
    rows = []
    for row in found:
        kept = [renewed.get(_custom_id(i), i) for i in row.children if not drop(_custom_id(i))]
        for item in list(row.children):
            row.remove_item(item)
        if kept:
            rows.append(kept)
    return rows


def _custom_id(item: discord.ui.Item) -> str:
    return str(getattr(item, "custom_id", "") or "")


def _is_menu(item: discord.ui.Item) -> bool:
    inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
    return isinstance(inner, discord.ui.Select)


def _fit_shots(lang: Lang, card: Card, buttons: int) -> Fitted:
    """The shots as the card can hold them: older ones folded to their first line (oldest
    first), then merged, the oldest first, should the displays be more than a message may
    hold; the newest cut to what fits, saying that the whole report follows. It must follow
    now (`cut`) when a shot added since the card was read (`Card.shown`) lost a line, or
    (`recut`: its text) when the newest, shown whole before, no longer fits (a note added
    below it: ✅ Done); a newest shot cut before (its report followed) stays cut."""
    fixed = sum(len(text or "") for text in (card.head, card.order, card.note, card.hint))
    shots = list(card.shots)
    for index in range(len(shots) - 1):
        if fixed + sum(map(len, shots)) <= TEXT_BUDGET:
            break
        shots[index] = _folded(shots[index])
    others = sum(1 for text in (card.head, card.order, card.note, card.hint) if text)
    # the container, the text displays, the separator, the rows and their items
    while len(shots) > 1 and 2 + others + len(shots) + buttons > COMPONENT_LIMIT:
        first = _folded(shots.pop(0))
        shots[0] = f"{first}\n{_folded(shots[0])}"
    added = card.shots[card.shown :]
    lost = any(not any(text in kept for kept in shots) for text in added)
    if not shots or not (lost or fixed + sum(map(len, shots)) > TEXT_BUDGET):
        return Fitted(shots, lost, None)
    whole = shots[-1]
    room = TEXT_BUDGET - fixed - sum(map(len, shots[:-1]))
    shots[-1] = _cut(lang, whole, room)
    followed = any(whole.endswith(t(code, "card.report_follows")) for code in LANGUAGES)
    if added or followed:  # (whoever cut it, in their language)
        return Fitted(shots, bool(added), None)
    return Fitted(shots, False, whole)


def _folded(text: str) -> str:
    """A shot folded to its first line (what it did)."""
    return text.split("\n", 1)[0]


def _cut(lang: Lang, text: str, room: int) -> str:
    """What fits of a shot's text in `room` characters, whole lines, and the note that its
    whole report follows."""
    note = t(lang, "card.report_follows")
    lines = text.split("\n")
    kept: list[str] = []
    for line in lines:
        if sum(len(k) + 1 for k in kept) + len(line) + len(note) + 1 > room:
            break
        kept.append(line)
    if not kept:  # not even the first line: cut it
        kept = [render.cut(lines[0], max(1, room - len(note) - 1))]
    return "\n".join([*kept, note])


# --- the parts of a card -------------------------------------------------------------------


def colour(name: str | None) -> int | None:
    return COLOUR_HEX.get(name or "")


def pick_rows(
    lang: Lang, game_id: int, owner_id: int, units: list, orders_of: dict
) -> list[discord.ui.Item]:
    """What the die's owner chooses: the order buttons of the one unit that can take the die,
    or the menus of the units and their orders (none: no unit can take it)."""
    if len(units) == 1:
        unit = units[0]
        return order_buttons(lang, game_id, unit, orders_of.get(unit.id, ()))
    return unit_order_menus(lang, game_id, owner_id, units, orders_of)


def drawn_head(lang: Lang, done: Drawn) -> str:
    """The die drawn."""
    return render.drawn_line(lang, done.result)


def follow(lang: Lang, owner_id: int, units: list) -> str:
    """Who chooses what now: the unit and its order, or the order of the one unit."""
    if not units:
        return t(lang, "bag.drawn_none", owner=owner_id)
    if len(units) == 1:
        unit = units[0]
        return t(lang, "bag.picked", colour=render.tag(unit.colour), unit=unit.name, owner=owner_id)
    return t(lang, "card.pick", owner=owner_id)


def waiting_card(lang: Lang, waiting: Waiting) -> Card:
    """A die an undo put back to wait, as when it was drawn: who chooses what below it (a
    die taken for a unit, or that no unit can take, says it itself)."""
    die = waiting.die
    if die.for_unit is not None or not waiting.units:
        return Card(colour(die.colour), render.waiting_again(lang, waiting))
    head = t(
        lang,
        "undo.waiting",
        colour=render.tag(die.colour),
        colour_name=render.colour_name(lang, die.colour),
        owner=die.owner_id,
    )
    return Card(colour(die.colour), head, hint=follow(lang, die.owner_id, waiting.units))


def shooting_items(lang: Lang, aim: Aim | None) -> list[discord.ui.Item]:
    """🎯 Shoot while a weapon may still fire, and 🔁 when the unit remembers a target still
    standing and its distance."""
    if aim is None:
        return []
    items = [shoot_button(lang, aim.game_id, aim.shooter.id)]
    again = Repeat.of(lang, aim)
    if again is not None:
        items.append(again)
    return items


def shoot_button(lang: Lang, game_id: int, unit_id: str) -> discord.ui.Item:
    """🎯 Shoot: its click opens the form, or says why the unit cannot shoot (no weapons on
    record: `/shoot` names the weapon)."""
    return ShootButton(game_id, unit_id, t(lang, "shoot.button"))


def weapons_hint(lang: Lang, aim: Aim | None) -> str | None:
    """The weapons that may still fire, named on the card above 🎯."""
    if aim is None:
        return None
    names = list(dict.fromkeys(weapon_name(lang, w).split(" (")[0] for w in aim.weapons))
    return t(lang, "card.may_fire", unit=aim.shooter.name, weapons=", ".join(names))


def stopped_note(lang: Lang, volley: Volley) -> str | None:
    """Why the weapons of a volley stopped firing (None: each chosen fired): the others after
    the shots that fired, or every one (a held shot refused once it went ahead)."""
    if volley.stopped is None:
        return None
    key = "card.stopped" if volley.records else "card.not_fired"
    return t(lang, key, reason=error_text(lang, volley.stopped))


def shot_text(lang: Lang, record: ShotRecord) -> str:
    """A shot as the card shows it: its first line (what it did), then every die."""
    title, lines = render_shot.shot(lang, record)
    lines += drift_land.hint(lang, record)
    first = f"**{title}** · {render_shot.summary(lang, record)}"
    return "\n".join([first, *lines])


def whole_report(
    lang: Lang,
    records: Sequence[ShotRecord],
    title: str | None = None,
    lines: Sequence[str] = (),
    hue: int | None = None,
) -> Story | None:
    """What a move added to a card, whole, for the message that follows a card that could
    not hold it: `lines` under `title` (a reaction, the round it let go ahead), then each
    shot, every die; a shot's title is the report's when there is none yet, else a bold line
    of its own (None: nothing to report)."""
    told = list(lines)
    for record in records:
        shot_title, shot_lines = render_shot.shot(lang, record)
        hue = hue if hue is not None else render_shot.unit_colour(record.shooter)
        if title is None:
            title = shot_title
        else:
            told.append(f"**{shot_title}**")
        told += shot_lines
    if title is None:  # lines alone (a reaction whose shots were refused): the first heads
        if not told:
            return None
        title, *told = told
    return title, told, hue
