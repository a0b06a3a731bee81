"""The battle report as an image card (issue 34), posted with `/game end`'s result and by
`/game report format:image`: both armies (each unit's models left of its starting ones),
victory points, losses and shots per player, each player's D10 tests against their
expectation, the luckiest and unluckiest roll, the campaign.

What the card says comes from `services.game.BattleReport` (the Markdown report's one
source); `report_card` words it in the reader's language on the loop (cheap), and
`card_png` draws it (CPU: run in the bot's pool, `cogs.common.charts.rendered`), inside
`cogs.common.charts.drawing`. Every text a member typed is drawn as typed (`parse_math` off:
`$\\foo$` is no formula), on one line, cut to a length; the card shows at most `SIDES_SHOWN`
players and `UNITS_SHOWN` units each, so its size and time stay bounded for a huge game
(`/game report` in Markdown has every unit).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord

from cogs.common.bot import ServicedBot
from cogs.common.charts import drawing, png_of
from cogs.common.text import ellipsize
from cogs.game.render.common import COLOUR_HEX
from cogs.game.render.report import notable_roll
from core.antares.game import Player, Unit
from core.common.names import without_overrides
from locales import Lang, t
from services.game import BattleReport

if TYPE_CHECKING:
    from matplotlib.figure import Figure

log = logging.getLogger(__name__)
Names = Callable[[int], str | None]  # a member's display name, if the bot knows it

WIDTH_PX = 1000
DPI = 100
MARGIN_PX = 24
SIDES_SHOWN = 4  # two rows of two sides
UNITS_SHOWN = 12  # per side
NAME_CHARS = 60  # a unit's name (then cut to its room on the row, in pixels)
TITLE_CHARS = 80

HEAD_PX = 138  # title, facts, result, campaign
SIDE_HEAD_PX = 90  # the side's name and VP, its losses, its dice
ROW_PX = 26
MORE_PX = 24
SIDE_GAP_PX = 18
ROLL_PX = 26
FOOT_PX = 40

_INK, _MUTED, _LINE, _BAR_BACK, _RED = "#1b2328", "#5a6469", "#c9d6d9", "#e3e9eb", "#a4262c"


def one_line(text: str, limit: int) -> str:
    """Text a member typed, on one line, without direction overrides, cut to `limit`."""
    return ellipsize(" ".join(without_overrides(text).split()), limit)


@dataclass(frozen=True, slots=True)
class CardUnit:
    name: str
    models: int
    starting: int
    state: str  # "" while it stands, else "destroyed" or "left the battlefield" in words


@dataclass(frozen=True, slots=True)
class CardSide:
    title: str  # "alice (red)"
    colour: str  # "#d83c3e"
    vp: str  # "VP 7", or "" when none were given
    lost: str
    dice: str
    units: list[CardUnit]
    more_units: str  # "…and 88 more units", or "" when every unit is shown


@dataclass(frozen=True, slots=True)
class Card:
    title: str
    facts: str
    result: str
    campaign: str
    sides: list[CardSide]
    more_sides: str  # "" when every side is shown
    rolls: list[str] = field(default_factory=list)  # the luckiest and unluckiest
    footer: str = ""


def _unit(lang: Lang, unit: Unit) -> CardUnit:
    state = ""
    if unit.withdrawn:
        state = t(lang, "report.withdrawn")
    elif unit.destroyed:
        state = t(lang, "report.destroyed")
    return CardUnit(one_line(unit.name, NAME_CHARS), unit.models, unit.starting_models, state)


def _day(moment: datetime | None, lang: Lang) -> str:
    return t(lang, "report.running") if moment is None else moment.strftime("%Y-%m-%d")


def report_card(lang: Lang, report: BattleReport, names: Names) -> Card:
    """What the card says, in `lang` (see the module)."""
    state = report.state
    name = _namer(lang, report, names)
    sides = [_side(lang, report, player, name) for player in state.players[:SIDES_SHOWN]]
    hidden = len(state.players) - len(sides)
    notable = (
        ("report.card.luckiest", report.luckiest),
        ("report.card.unluckiest", report.unluckiest),
    )
    return Card(
        title=t(lang, "report.title", name=one_line(state.name, TITLE_CHARS)),
        facts=t(
            lang,
            "report.card.facts",
            system=t(lang, f"report.system_{state.system}"),
            start=_day(report.started_at, lang),
            end=_day(report.ended_at, lang),
            turn=state.turn,
        ),
        result=_result(lang, report, name),
        campaign=t(lang, "report.card.campaign", campaign=one_line(report.campaign, 60))
        if report.campaign
        else "",
        sides=sides,
        more_sides=t(lang, "report.card.more_sides", n=hidden) if hidden > 0 else "",
        rolls=[notable_roll(lang, key, roll, name) for key, roll in notable if roll is not None],
        footer=t(lang, "report.made"),
    )


def _namer(lang: Lang, report: BattleReport, names: Names) -> Callable[[int], str]:
    """A player's name as the card writes it: their display name, else their dice's colour."""

    def name(user_id: int) -> str:
        known = names(user_id)
        if known:
            return one_line(known, 32)
        player = report.state.player(user_id)
        colour = t(lang, f"game.colour.{player.colour}") if player is not None else "?"
        return t(lang, "report.player_stand_in", colour=colour)

    return name


def _result(lang: Lang, report: BattleReport, name: Callable[[int], str]) -> str:
    """Who won (or a draw) and the scenario; nothing for a game not closed."""
    closed = report.closed
    if closed is None:
        return ""
    winner = closed.winner_id
    said = [
        t(lang, "report.card.winner", winner=name(winner))
        if winner is not None
        else t(lang, "report.card.draw")
    ]
    if closed.scenario:
        said.append(t(lang, "report.card.scenario", scenario=one_line(closed.scenario, 48)))
    return " · ".join(said)


def _side(lang: Lang, report: BattleReport, player: Player, name: Callable[[int], str]) -> CardSide:
    """One player's panel: their VP, losses and shots, their D10 tests, their units."""
    owner = player.owner_id
    units = [u for u in report.state.units.values() if u.owner_id == owner]
    lost = next((found for found in report.losses if found.owner_id == owner), None)
    dice = report.luck.get(owner, {}).values()
    rolls = sum(luck.rolls for luck in dice)
    passed = sum(luck.successes for luck in dice)
    expected = sum(luck.expected for luck in dice)
    vp = report.vp.get(owner)
    tests = (
        t(
            lang,
            "report.card.dice",
            successes=passed,
            rolls=rolls,
            expected=expected,
            luck=passed - expected,
        )
        if rolls
        else t(lang, "report.card.no_dice")
    )
    return CardSide(
        title=t(
            lang, "report.side", player=name(owner), colour=t(lang, f"game.colour.{player.colour}")
        ),
        colour=f"#{COLOUR_HEX.get(player.colour, 0x99AAB5):06x}",
        vp="" if vp is None else t(lang, "report.card.vp", vp=vp),
        lost=t(
            lang,
            "report.card.lost",
            models=lost.models if lost else 0,
            units=lost.units if lost else 0,
            shots=report.shots.get(owner, 0),
        ),
        dice=tests,
        units=[_unit(lang, u) for u in units[:UNITS_SHOWN]],
        more_units=t(lang, "report.card.more_units", n=len(units) - UNITS_SHOWN)
        if len(units) > UNITS_SHOWN
        else "",
    )


def _side_px(side: CardSide) -> int:
    return SIDE_HEAD_PX + ROW_PX * max(len(side.units), 1) + (MORE_PX if side.more_units else 0)


def image_size(card: Card) -> tuple[int, int]:
    """(width, height) in pixels of the card's image: bounded by the sides and units shown."""
    rows = [card.sides[i : i + 2] for i in range(0, len(card.sides), 2)]
    sides_px = sum(max(_side_px(side) for side in row) + SIDE_GAP_PX for row in rows)
    more_px = MORE_PX if card.more_sides else 0
    rolls_px = ROLL_PX * len(card.rolls) + (SIDE_GAP_PX if card.rolls else 0)
    return WIDTH_PX, HEAD_PX + sides_px + more_px + rolls_px + FOOT_PX


class _Pen:
    """Draws on the figure in pixels from its top left corner."""

    def __init__(self, figure: Figure, width: int, height: int) -> None:
        self.figure, self.width, self.height = figure, width, height

    def text(self, x: float, y: float, text: str, room: float, **style: Any) -> None:
        """`text` with its baseline at `y`, cut (with an ellipsis) to `room` pixels wide."""
        style.setdefault("color", _INK)
        style.setdefault("fontsize", 11)
        drawn = self.figure.text(
            x / self.width,
            1 - y / self.height,
            text,
            parse_math=False,  # a name is text, never a formula
            verticalalignment="baseline",
            **style,
        )
        renderer = self.figure.canvas.get_renderer()  # type: ignore[attr-defined]
        if drawn.get_window_extent(renderer).width <= room:
            return
        low, high = 0, len(text)  # the longest cut that fits: at least `low` characters
        while low < high:
            middle = (low + high + 1) // 2
            drawn.set_text(text[:middle] + "…")
            if drawn.get_window_extent(renderer).width <= room:
                low = middle
            else:
                high = middle - 1
        drawn.set_text(text[:low] + "…")

    def box(self, x: float, y: float, w: float, h: float, colour: str) -> None:
        from matplotlib.patches import Rectangle  # imported on first use, as matplotlib

        self.figure.add_artist(
            Rectangle(
                (x / self.width, 1 - (y + h) / self.height),
                w / self.width,
                h / self.height,
                transform=self.figure.transFigure,
                facecolor=colour,
                edgecolor="none",
            )
        )


def _draw_side(pen: _Pen, side: CardSide, x: float, y: float, width: float) -> None:
    pen.box(x, y, 10, 30, side.colour)
    pen.text(x + 18, y + 22, side.title, width - 110, fontsize=15, weight="bold")
    if side.vp:
        pen.text(x + width, y + 22, side.vp, 90, fontsize=15, weight="bold", ha="right")
    pen.box(x, y + 34, width, 1, _LINE)
    pen.text(x, y + 54, side.lost, width, color=_MUTED, fontsize=10)
    pen.text(x, y + 74, side.dice, width, color=_MUTED, fontsize=10)
    row = y + SIDE_HEAD_PX + 14  # the baseline of the first unit's row
    bar_x, bar_w = x + 250, width - 330
    for unit in side.units:
        pen.text(x + 4, row + 2, unit.name, bar_x - x - 14)
        if unit.state:
            pen.text(
                bar_x, row + 2, unit.state, bar_w + 10, color=_RED, fontsize=10, style="italic"
            )
        else:
            pen.box(bar_x, row - 10, bar_w, 12, _BAR_BACK)
            share = min(unit.models / unit.starting, 1.0)
            pen.box(bar_x, row - 10, bar_w * share, 12, side.colour)
        pen.text(x + width, row + 2, f"{unit.models}/{unit.starting}", 60, ha="right")
        row += ROW_PX
    if not side.units:
        pen.text(x + 4, row + 2, "—", 40, color=_MUTED)
    if side.more_units:
        pen.text(x + 4, row + 4, side.more_units, width, color=_MUTED, fontsize=10)


def card_png(card: Card) -> bytes:
    """The card as a PNG (CPU-bound: run it in the bot's pool)."""
    width, height = image_size(card)
    with drawing(width / DPI, height / DPI, DPI) as figure:
        pen = _Pen(figure, width, height)
        left, column = MARGIN_PX, (width - 2 * MARGIN_PX - 40) / 2
        room = width - 2 * MARGIN_PX
        pen.text(left, 44, card.title, room, fontsize=22, weight="bold")
        pen.text(left, 72, card.facts, room, color=_MUTED, fontsize=11)
        pen.text(left, 100, card.result, room, fontsize=13)
        pen.text(left, 124, card.campaign, room, fontsize=13)
        y = float(HEAD_PX)
        for start in range(0, len(card.sides), 2):
            row = card.sides[start : start + 2]
            for index, side in enumerate(row):
                _draw_side(pen, side, left + index * (column + 40), y, column)
            y += max(_side_px(side) for side in row) + SIDE_GAP_PX
        if card.more_sides:
            pen.text(left, y + 4, card.more_sides, room, color=_MUTED)
            y += MORE_PX
        for line in card.rolls:
            y += ROLL_PX
            pen.text(left, y, line, room, fontsize=12)
        pen.text(left, height - 14, card.footer, room, color=_MUTED, fontsize=9)
        return png_of(figure, DPI)


async def card_of(bot: ServicedBot, lang: Lang, report: BattleReport) -> discord.File:
    """The report's card as a PNG attachment, drawn in the bot's pool."""
    names = bot.display_names
    card = report_card(lang, report, lambda user: names(report.guild_id, user))
    png = await bot.services.workers.run(card_png, card)
    return discord.File(
        io.BytesIO(png),
        filename=f"antares-report-{report.game_id}.png",
        description=t(lang, "report.card.alt", name=one_line(report.state.name, 60)),
    )


async def end_card(bot: ServicedBot, lang: Lang, game_id: int) -> list[discord.File]:
    """What a game's end message attaches (`files=`): its card, or nothing if it could not be
    made (the game has ended all the same; the card is a picture of it, not the result)."""
    try:
        report = await bot.services.reports.of_game(game_id)
        if report is None:
            return []
        return [await card_of(bot, lang, report)]
    except Exception:
        log.exception("the battle report card of game %s was not drawn", game_id)
        return []
