"""Buttons made before a restart (issue 13): never "interaction failed".

The pages of a listing the database can rebuild keep turning (in the language they were
written in); any other button answers, only to the clicker and in their language, that it
has expired and which command to run again (a command mention, with the ids the restarted
bot fetched), and its buttons leave the message. A live pager still
pages, answered once. Each kind of component the bot can send has a restart test here
(or in the bag's tests): `test_every_component_kind_has_a_restart_test` enforces it.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import logging
from contextlib import nullcontext
from pathlib import Path

import discord
import pytest

from cogs.common.live import LiveView
from cogs.common.pager import PAGE_SOURCES
from cogs.game.views import PickUnit
from tests.discord.campaign_kit import make_club
from tests.discord.game_kit import (
    card_text,
    labels,
    long_name,
    page_line,
    record_of,
    skirmish,
    snapshot,
)
from tests.discord.test_campaign_reports import season_club
from tests.discord.test_shoot_kit import shoot
from tests.support.bots import restart
from tests.support.locale import french
from tests.support.mentions import mention

ROOT = Path(__file__).resolve().parents[2]
EXPIRED = {
    "en": "This button has expired: run {} again.",
    "fr": "Ce bouton a expiré : relancez {}.",
}


@pytest.fixture(autouse=True)
def no_logged_errors(caplog):
    """discord.py only logs what a dynamic item raises: any such error fails the test."""
    with caplog.at_level(logging.ERROR):
        yield
    logged = caplog.get_records("call")  # the test's own phase: `records` is the teardown's
    assert [r.getMessage() for r in logged if r.levelno >= logging.ERROR] == []


def speaking(lang: str):
    return french() if lang == "fr" else nullcontext()


def other(lang: str) -> str:
    return "en" if lang == "fr" else "fr"


def embeds(message) -> list[dict]:
    return [e.to_dict() for e in message.embeds]


def shown(message) -> str:
    """What a page says: its embeds, or its text laid out with Components V2 (`/game
    status`, laid out as the live board)."""
    return repr(embeds(message)) if message.embeds else card_text(message)


def title_of(message) -> str:
    return message.embeds[0].title if message.embeds else card_text(message).split("\n")[0]


# ---------------------------------------------------------------- what makes several pages


async def crowd(table, dice, units=16) -> None:
    """A game with 16 units: two pages of /unit list."""
    await table.alice.slash(table.channel, "game start", name="Crowd")
    for n in range(units):
        await table.alice.slash(table.channel, "unit add", name=f"Squad {n:02}", models=5, co=8)


async def long_crowd(table, dice, units=40) -> None:
    """A game with 40 units of long names: two pages of /game status."""
    await table.alice.slash(table.channel, "game start", name="Crowd")
    for n in range(units):
        await table.alice.slash(table.channel, "unit add", name=long_name(n), models=5, co=8)


async def markers(table, dice) -> None:
    """Eleven markers: two pages of /marker list."""
    await crowd(table, dice, units=1)
    for n in range(11):
        await table.alice.slash(
            table.channel, "marker place", type="blur", weapon="mag-mortar", location=f"spot {n}"
        )


async def mines(table, dice) -> None:
    """Thirteen mines, one per unit and die: two pages of /mine list."""
    await crowd(table, dice, units=13)
    for n in range(13):
        await table.alice.slash(table.channel, "bag take", unit=f"Squad {n:02}")
        await table.alice.slash(table.channel, "mine lay", unit=f"Squad {n:02}", location=f"m{n}")


REVIVED = {
    "game.status": long_crowd,
    "unit.list": crowd,
    "marker.list": markers,
    "mine.list": mines,
}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("command", sorted(REVIVED))
async def test_listing_pages_turn_after_a_restart(
    simcord_env, table, dice, make_bot, command, lang
):
    await REVIVED[command](table, dice)
    with speaking(lang):
        listing = await table.alice.slash(table.channel, command.replace(".", " "))
    first, title = shown(listing.response), title_of(listing.response)
    await restart(simcord_env, make_bot)

    with speaking(other(lang)):  # the pages stay in the language they were written in
        turned = await table.bob.click(listing.response, label="▶")
    assert turned.acknowledged and not turned.ephemeral and turned.followups == []
    second = shown(listing.response)
    assert second != first and title_of(listing.response) == title
    await table.bob.click(listing.response, label="◀")  # the new pager, live
    assert shown(listing.response) == first
    await simcord_env.advance_time(301)
    if command == "game.status":  # no pager: each click makes its page from the database
        assert labels(listing.response) == ["◀", "▶"]
    else:
        assert listing.response.components == []  # and it cleans up like any pager


async def test_rebuilt_pages_are_the_game_as_it_is_now(simcord_env, table, dice, make_bot):
    await long_crowd(table, dice)
    status = await table.bob.slash(table.channel, "game status")
    assert page_line(status.response) == "Page 1/2 · 40 units"
    for n in range(10):
        await table.alice.slash(table.channel, "unit remove", unit=long_name(n))
    await restart(simcord_env, make_bot)
    await table.bob.click(status.response, label="▶")
    assert page_line(status.response) == "Page 1/1 · 30 units"
    assert labels(status.response) == []  # one page left: nothing to turn


async def test_a_live_pager_turns_its_own_pages_once(simcord_env, table, dice):
    await crowd(table, dice)
    listing = await table.alice.slash(table.channel, "unit list")
    before = len(table.channel.history())
    turned = await table.bob.click(listing.response, label="▶")
    assert turned.acknowledged and not turned.ephemeral and turned.followups == []
    assert listing.response.embeds[0].footer.text == "Page 2/2"
    assert len(table.channel.history()) == before  # the fallback stayed silent


async def test_the_status_pages_turn_once_without_a_pager(simcord_env, table, dice):
    """`/game status` is laid out as the board: its ◀ ▶ are answered by the one persistent
    item that makes the page from the database, once, and nothing else speaks."""
    await long_crowd(table, dice)
    status = await table.alice.slash(table.channel, "game status")
    before = len(table.channel.history())
    turned = await table.bob.click(status.response, label="▶")
    assert turned.acknowledged and not turned.ephemeral and turned.followups == []
    assert page_line(status.response) == "Page 2/2 · 40 units"
    assert len(table.channel.history()) == before


# ---------------------------------------------------------------- buttons that expire


async def game_log(env, table, dice):
    await crowd(table, dice)
    return table.alice, await table.alice.slash(table.channel, "game log", last=20)


async def game_rules(env, table, dice):  # ephemeral
    await crowd(table, dice, units=1)
    return table.alice, await table.alice.slash(table.channel, "game rules")


async def config_ruleset(env, table, dice):  # ephemeral
    return table.admin, await table.admin.slash(table.channel, "config ruleset")


async def rule(env, table, dice):  # only the caller turns the pages
    entries = env.bot.services.rules.db.entries
    longest = max((e for e in entries if getattr(e, "text_fr", "")), key=lambda e: len(e.text_fr))
    return table.alice, await table.alice.slash(table.channel, "rule", query=longest.id)


async def big_shot(env, table, dice):  # only the shooter turns the pages
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-light-support",
        models=100,
        acc=6,
        res=4,
        distance=20,
    )
    return table.alice, fired


async def campaign_history(env, table, dice):  # only the caller turns the pages
    club = await season_club(make_club(env, table))
    return club.bob, await club.bob.slash(club.channel, "campaign history")


EXPIRING = {
    "game.log": game_log,
    "game.rules": game_rules,
    "config.ruleset": config_ruleset,
    "rule": rule,
    "shoot": big_shot,
    "campaign.history": campaign_history,
}


def expired_answer(clicked) -> str:
    """The one answer to a stale click: the buttons leave the message, and the clicker alone
    reads what to run."""
    assert clicked.acknowledged and clicked.response.components == []
    (answer,) = clicked.followups
    assert answer.ephemeral
    return answer.content


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("command", sorted(EXPIRING))
async def test_other_pages_expire_after_a_restart(
    simcord_env, table, dice, make_bot, command, lang
):
    with speaking(other(lang)):
        owner, reply = await EXPIRING[command](simcord_env, table, dice)
    assert labels(reply.response) == ["◀", "▶"]
    shown = embeds(reply.response)
    await restart(simcord_env, make_bot)

    with speaking(lang):  # the answer follows the clicker's language
        clicked = await owner.click(reply.response, label="▶")
    assert expired_answer(clicked) == EXPIRED[lang].format(mention(simcord_env, command))
    assert embeds(reply.response) == shown  # the page stays as it was


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_mine_confirmation_expires_after_a_restart(
    simcord_env, table, dice, make_bot, lang
):
    await crowd(table, dice, units=1)
    await table.alice.slash(table.channel, "bag take", unit="Squad 00")
    with speaking(lang):
        asked = await table.alice.slash(
            table.channel, "mine lay", unit="Squad 00", **{"spacing-ok": False}
        )
    lay, _ = labels(asked.response)
    before = await snapshot(simcord_env, table.channel)
    await restart(simcord_env, make_bot)

    with speaking(lang):
        clicked = await table.alice.click(asked.response, label=lay)
    assert expired_answer(clicked) == EXPIRED[lang].format(mention(simcord_env, "mine lay"))
    assert await snapshot(simcord_env, table.channel) == before  # no mine laid


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_end_of_turn_question_expires_after_a_restart(
    simcord_env, table, dice, make_bot, lang
):
    await skirmish(table)
    with speaking(lang):
        asked = await table.alice.slash(table.channel, "turn end")
    confirm, _ = labels(asked.response)
    before = await snapshot(simcord_env, table.channel)
    await restart(simcord_env, make_bot)

    with speaking(lang):
        clicked = await table.alice.click(asked.response, label=confirm)
    assert expired_answer(clicked) == EXPIRED[lang].format(mention(simcord_env, "turn end"))
    assert await snapshot(simcord_env, table.channel) == before  # the turn goes on


async def test_the_bag_works_after_a_restart_in_french(simcord_env, table, dice, make_bot):
    """The activation card's menu and buttons are persistent: a French table carries on."""
    await skirmish(table)
    await table.bob.slash(table.channel, "unit add", name="Bruisers", models=3)
    dice.script(2)  # blue: Bob's (his Gangers or his Bruisers)
    with french():
        drawn = await table.bob.slash(table.channel, "bag draw")
    await restart(simcord_env, make_bot)

    with french():
        picked = await table.bob.select(drawn.response, ["u2:ambush"])
        assert picked.response.id == drawn.response.id  # the card, edited
        assert "**Gangers** — ordre **Embuscade**" in card_text(drawn.response)
        dice.script(1)
        after = await table.alice.click(drawn.response, label="Piocher le suivant")
        assert not after.ephemeral and "<@" in card_text(after.response)
        await restart(simcord_env, make_bot)
        ordered = await table.alice.click(after.response, label="À terre")  # its one unit
    assert "**Troopers** — ordre **À terre**" in card_text(ordered.response)


async def test_a_unit_menu_made_before_the_cards_still_works(simcord_env, table, dice, make_bot):
    """A draw posted before the activation cards (issue 22) kept its unit menu: after a
    restart it still gives the die its unit, then its order, which a new card shows."""
    await skirmish(table)
    dice.script(1)  # red: Alice's
    await table.alice.slash(table.channel, "bag draw")
    game_id = (await record_of(simcord_env, table.channel)).id
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label="Troopers", value="u1")]
    view.add_item(PickUnit(game_id, table.alice.id, options=options))
    channel = simcord_env.bot.get_channel(table.channel.id)
    old = await channel.send("🎲 Drawn: 🟥 **red** die", view=view)
    await restart(simcord_env, make_bot)

    message = table.channel.history()[-1]
    assert message.id == old.id
    picked = await table.alice.select(message, ["u1"])
    assert "**Troopers** takes the die" in picked.response.content
    fired = await table.alice.click(message, label="Down")
    assert fired.response.id != message.id  # a card of its own
    assert "**Troopers** — order **Down**" in card_text(fired.response)
    now = next(m for m in table.channel.history() if m.id == old.id)
    assert now.components == []  # the old message's buttons are spent


# ---------------------------------------------------------------- every kind is covered

RESTART_TESTS = {  # component class -> the tests that click it after a restart
    "cogs.common.pager.Pager": [
        "test_listing_pages_turn_after_a_restart",
        "test_other_pages_expire_after_a_restart",
    ],
    "cogs.common.pager.PageTurn": [  # the ◀ ▶ of /game status, laid out as the board
        "test_listing_pages_turn_after_a_restart",
        "test_rebuilt_pages_are_the_game_as_it_is_now",
    ],
    "cogs.markers.views.ConfirmLay": ["test_the_mine_confirmation_expires_after_a_restart"],
    **{  # 💣 Set off a mine on a card (issue 31 leftover) and its form
        f"cogs.markers.mine_button.{item}": [
            "test_mine_button.test_the_button_and_its_form_work_after_a_restart"
        ]
        for item in ("MineButton", "MineForm")
    },
    "cogs.game.turn.ConfirmTurnEnd": ["test_the_end_of_turn_question_expires_after_a_restart"],
    "cogs.game.undo.UndoConsent": [
        "test_undo_channel.test_the_consent_buttons_work_after_a_restart_and_lapse"
    ],
    "cogs.tournament.views.JoinEvent": ["test_events.test_the_join_button_works_after_a_restart"],
    "cogs.tournament.views.StartTable": [
        "test_events.test_a_tables_start_button_starts_its_game_with_the_round_timer"
    ],
    "cogs.campaign.consent.BattleConsent": [
        "test_battle_consent"
        ".test_an_organiser_confirms_for_the_players_and_the_buttons_survive_a_restart"
    ],
    **{
        f"cogs.game.views.{item}": [
            "test_game_guards.test_a_restart_in_the_middle_of_a_turn",
            "test_the_bag_works_after_a_restart_in_french",
        ]
        for item in ("DrawNext", "OrderButton")
    },
    "cogs.game.views.PickUnit": ["test_a_unit_menu_made_before_the_cards_still_works"],
    "cogs.game.views.UnitOrderPick": [  # the activation card's menus (issue 31)
        "test_the_bag_works_after_a_restart_in_french",
        "test_large_army_card.test_the_unit_menus_work_after_a_restart_in_french",
    ],
    "cogs.game.views.DoneButton": [  # ✅ Done ends an activation (issue 31)
        "test_activation_owner.test_done_works_after_a_restart"
    ],
    **{  # 🎯 Shoot, its form (answered by a listener), 🔁 on the card (issue 31)
        item: ["test_shoot_buttons.test_every_step_works_after_a_restart"]
        for item in (
            "cogs.shooting.aim.ShootButton",
            "cogs.shooting.form.ShotForm",
            "cogs.shooting.aim.Repeat",
        )
    },
    "cogs.shooting.fire.ShootAgain": [  # 🔁 Shoot again of a typed /shoot
        "test_shoot_buttons.test_slash_shoot_replies_carry_shoot_again_when_both_are_tracked"
    ],
    "cogs.shooting.react.ReactButton": [  # ⚡ a reaction to a shot (issue 31)
        "test_reactions.test_the_offer_answers_after_a_restart_in_french"
    ],
    "cogs.army.views.ConfirmArmy": ["test_army_manage.test_the_preview_expires_after_a_restart"],
    "cogs.privacy.views.ConfirmData": [
        "test_server_data.test_the_confirmation_works_after_a_restart_and_expires"
    ],
    "cogs.shooting.odds.RollIt": ["test_odds.test_roll_it_works_after_a_restart"],
    **{  # 💥 a drifted template's button, its menu of units and their pages
        f"cogs.shooting.drift.{item}": [
            "test_drift_button.test_every_drift_step_works_after_a_restart"
        ]
        for item in ("DriftButton", "DriftPick", "DriftPage")
    },
    "cogs.shooting.drift_land.DriftLand": [  # a drifted template's menu on its shot's reply
        "test_drift_button.test_the_menu_works_after_a_restart"
    ],
    "cogs.dice.buttons.RollAgain": [  # 🎲 Roll again and 🔓 Reveal on /roll (issue 16)
        "test_roll_buttons.test_roll_again_rolls_the_same_dice_for_the_same_member"
    ],
    "cogs.dice.buttons.Reveal": [
        "test_roll_buttons.test_a_hidden_roll_goes_to_its_roller_until_revealed"
    ],
}
COMPONENTS = {"Button", "Select", "UserSelect", "RoleSelect", "ChannelSelect", "MentionableSelect"}
DECORATORS = {"button", "select"}


def component_sites(path: Path) -> list[str | None]:
    """The class around each component the file makes (a `ui.Button(...)`, a `@ui.button`):
    None for one made outside a class."""
    found: list[str | None] = []

    def visit(node: ast.AST, owner: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute):
                attr = child.func.attr
                if attr in COMPONENTS | DECORATORS and ast.unparse(child.func.value).endswith("ui"):
                    found.append(owner)
            visit(child, child.name if isinstance(child, ast.ClassDef) else owner)

    visit(ast.parse(path.read_text()), None)
    return found


def component_classes() -> set[str]:
    classes = set()
    for path in sorted((ROOT / "cogs").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for owner in component_sites(path):
            assert owner is not None, f"{module} makes a component outside a view or item class"
            cls = getattr(importlib.import_module(module), owner)
            # Either persistent, or a live view whose clicks the fallback answers, or a form
            # whose answer a listener reads from its custom id (cogs.shooting.form).
            persistent = LiveView | discord.ui.DynamicItem | discord.ui.Modal
            assert issubclass(cls, persistent), f"{module}.{owner}"
            classes.add(f"{module}.{owner}")
    return classes


def test_every_component_kind_has_a_restart_test():
    assert component_classes() == set(RESTART_TESTS)
    here = inspect.getmodule(test_every_component_kind_has_a_restart_test)
    for names in RESTART_TESTS.values():
        for name in names:
            module, _, test = name.rpartition(".")
            where = importlib.import_module(f"tests.discord.{module}") if module else here
            assert inspect.iscoroutinefunction(getattr(where, test, None)), name


async def test_every_rebuilt_listing_is_tested(simcord_env):
    # the bot is loaded: every cog registered the pages it can rebuild
    assert set(PAGE_SOURCES) == set(REVIVED)
