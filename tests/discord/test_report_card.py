"""The battle report's image card (issue 34): posted with `/game end`'s result (in the channel,
or as the last message of the game's archived thread) and by `/game report format:image`;
what it says comes from the battle report (`services.game.BattleReport`), worked out here for
the scripted game; hostile names are drawn as typed; a huge game's card stays bounded."""

from __future__ import annotations

import io
import sys
from datetime import UTC, datetime

import pytest
from PIL import Image

from cogs.game import report_card
from core.antares.game import GameState, Player, Unit
from core.common.campaign_stats import DiceLuck
from services.game import BattleReport
from tests.discord.campaign_kit import create, join
from tests.discord.game_kit import record_of
from tests.discord.pace_kit import archived, clock_ends_a_thread_game
from tests.support.locale import french
from tests.web.kit import scripted_game

PNG_BYTES_MAX = 400_000  # a phone downloads it in a moment


async def nothing(_: str) -> None:
    return None


async def card_of(result):
    """The PNG attached to a reply, opened: checked to be a PNG of bounded size."""
    (attachment,) = result.response.attachments
    assert attachment.filename.endswith(".png")
    data = await attachment.read()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) < PNG_BYTES_MAX
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return attachment, image


async def test_game_end_posts_the_card_in_english_and_french(simcord_env, table, dice):
    channel, alice, bob = table.channel, table.alice, table.bob
    await alice.slash(channel, "game start", name="Vorl")
    await alice.slash(channel, "unit add", name="Troopers", models=5)
    await bob.slash(channel, "unit add", name="Gangers", models=5)
    ended = await alice.slash(channel, "game end", winner=alice, vp="7-3")
    assert not ended.ephemeral
    assert "🏁 Game **Vorl** ended at turn 1" in ended.response.content
    attachment, image = await card_of(ended)
    assert image.size[0] == report_card.WIDTH_PX
    assert attachment.description.startswith("Battle report of Vorl")

    with french():
        await alice.slash(channel, "game start", name="Seconde")
        await alice.slash(channel, "unit add", name="Troopers", models=5)
        await bob.slash(channel, "unit add", name="Gangers", models=5)
        ended = await alice.slash(channel, "game end", vp="2-8")
    assert "Seconde" in ended.response.content
    attachment, _ = await card_of(ended)
    assert attachment.description.startswith("Rapport de bataille de Seconde")


async def test_in_a_thread_the_card_is_the_last_message_of_the_archived_thread(simcord_env, table):
    channel, alice, bob = table.channel, table.alice, table.bob
    await alice.slash(channel, "game start", name="Vorl", thread=True)
    (thread,) = channel.threads
    await alice.slash(thread, "unit add", name="Troopers", models=5)
    await bob.slash(thread, "unit add", name="Gangers", models=5)
    ended = await alice.slash(thread, "game end", winner=bob, vp="3-7")
    assert archived(thread)
    last = thread.history()[-1]
    assert last.id == ended.response.id
    (attachment,) = last.attachments
    assert attachment.filename == f"antares-report-{(await record_of(simcord_env, thread)).id}.png"
    await card_of(ended)


async def test_a_game_ended_by_its_clock_posts_its_card_too(simcord_env, table, dice):
    thread = await clock_ends_a_thread_game(simcord_env, table, dice)
    last = thread.history()[-1]
    assert "Ended on time" in last.content
    (attachment,) = last.attachments
    assert attachment.filename.endswith(".png")


async def test_the_report_of_the_scripted_game_in_figures_and_words(simcord_env, table, dice):
    """The scripted game (tests/web/kit.py). Rules-notes "Tests": a D10 test passes on its
    target or less, so a target of t passes with t/10. Alice's Troopers fire 2 Mag Guns at Acc 5
    + 1 for Fire (rules-notes "Orders and the dice bag"): 6, 60% each; the faces 2 and 3 hit.
    Bob's Gangers test Res 6 less the Mag Gun's SV 1 (rules-notes "Shooting"): 5, 50% each; 9
    and 8 fail, 2 models down, and the attack's one pin joins the one added before. His Advance
    is then an order test on Co 9, -1 per pin: 7, 70%; it passes. The game ends 7-3."""
    await create(table)
    await join(table, table.alice, army="Vorl Prosperate")
    await join(table, table.bob, faction="boromites", army="Rock Guild")
    await scripted_game(table, dice, nothing, campaign="Winter league")
    alice, bob = table.alice.id, table.bob.id
    report = await simcord_env.bot.services.reports.of_channel(table.channel.id)
    assert report.vp == {alice: 7, bob: 3}
    assert [(lost.owner_id, lost.models, lost.units) for lost in report.losses] == [
        (alice, 0, 0),
        (bob, 2, 0),
    ]
    assert report.shots == {alice: 2, bob: 0}
    acc = report.luck[alice]["acc"]
    assert (acc.rolls, acc.successes, acc.expected) == (2, 2, 1.2)
    res, order = report.luck[bob]["res"], report.luck[bob]["order"]
    assert (res.rolls, res.successes, res.expected) == (2, 0, 1.0)
    assert (order.rolls, order.successes, order.expected) == (1, 1, 0.7)
    # the luckiest: the passed test least likely to pass (60%), the first of two: the face 2;
    # the unluckiest: the failed test likeliest to pass (50%), the first of two: the face 9
    luckiest, unluckiest = report.luckiest, report.unluckiest
    assert luckiest is not None and unluckiest is not None
    assert (luckiest.user_id, luckiest.kind, luckiest.face, luckiest.target) == (alice, "acc", 2, 6)
    assert (unluckiest.user_id, unluckiest.kind, unluckiest.face, unluckiest.target) == (
        bob,
        "res",
        9,
        5,
    )
    assert luckiest.seq == unluckiest.seq  # both rolled by the shot

    names = simcord_env.bot.display_names
    card = report_card.report_card("en", report, lambda user: names(report.guild_id, user))
    assert card.title == "Vorl — battle report"
    assert (card.result, card.campaign) == ("No winner was named", "Campaign: Winter league")
    red, blue = card.sides
    assert (red.title, red.vp, blue.title, blue.vp) == ("alice (red)", "7 VP", "bob (blue)", "3 VP")
    assert red.lost == "0 models lost, 0 units destroyed · 2 shots fired"
    assert red.dice == "D10 tests: 2 passed of 2, 1.2 expected (+0.8)"
    assert blue.lost == "2 models lost, 0 units destroyed · 0 shots fired"
    assert blue.dice == "D10 tests: 1 passed of 3, 1.7 expected (-0.7)"
    assert [(u.name, u.models, u.starting, u.state) for u in blue.units] == [("Gangers", 3, 5, "")]
    seq = luckiest.seq
    assert card.rolls == [
        f"Luckiest roll: alice, Acc test: a 2 against 6 (60% to pass), change #{seq}",
        f"Unluckiest roll: bob, Res test: a 9 against 5 (50% to pass), change #{seq}",
    ]
    french_card = report_card.report_card("fr", report, lambda user: None)
    assert french_card.sides[1].title == "Joueur bleu (bleu)"
    assert french_card.sides[1].dice == "Tests de D10 : 1 réussi sur 3, 1,7 attendus (-0,7)"
    assert french_card.rolls[0].startswith("Jet le plus chanceux : Joueur rouge, test de Préc")

    # the card posted with the end's result says the same: drawn from this very card
    end = table.channel.history()[-1]
    assert end.content.startswith("🏁") and end.attachments[0].filename.endswith(".png")
    image = await table.bob.slash(table.channel, "game report", format="image")
    assert image.ephemeral
    assert image.response.content == "🖼️ The battle report of **Vorl** as an image card."
    _, drawn = await card_of(image)
    assert drawn.size == report_card.image_size(card)


HOSTILE = (
    "$\\foo$ <script>alert(1)</script>",
    "\u202eevil\u202c **bold** `code`",
    "x" * 64,
)


async def test_hostile_names_are_drawn_as_typed(simcord_env, table):
    channel, alice = table.channel, table.alice
    mathematician = table.guild.add_member(simcord_env.create_user("$\\sqrt{-1}$"))
    await alice.slash(channel, "game start", name=HOSTILE[0])
    for name in HOSTILE:
        await alice.slash(channel, "unit add", name=name[:64], models=5)
    await mathematician.slash(channel, "unit add", name="$x^{2$", models=3)
    ended = await alice.slash(
        channel, "game end", winner=mathematician, scenario=HOSTILE[1], notes=HOSTILE[0], vp="1-2"
    )
    assert not ended.ephemeral
    attachment, _ = await card_of(ended)
    assert "$\\foo$ <script>" in attachment.description
    report = await simcord_env.bot.services.reports.of_channel(channel.id)
    names = simcord_env.bot.display_names
    card = report_card.report_card("en", report, lambda user: names(report.guild_id, user))
    assert card.title == "$\\foo$ <script>alert(1)</script> — battle report"
    assert card.result == "Winner: $\\sqrt{-1}$ · Scenario: evil **bold** `code`"
    assert [u.name for u in card.sides[0].units] == [
        "$\\foo$ <script>alert(1)</script>",
        "evil **bold** `code`",
        "x" * 59 + "…",
    ]
    assert card.sides[1].title == "$\\sqrt{-1}$ (blue)"
    assert card.sides[1].units[0].name == "$x^{2$"


async def test_a_huge_game_gives_a_card_of_bounded_size(simcord_env, table):
    """Eight players of 100 units each (far past UNITS_MAX a game): the card shows four
    sides of twelve units, says how many it left off, and keeps its size."""
    colours = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")
    players = [Player(owner_id=n + 1, colour=colour) for n, colour in enumerate(colours)]
    units = {
        f"{p.owner_id}-{n}": Unit(
            id=f"{p.owner_id}-{n}",
            name=f"Squad {n} " + "W" * 60,
            owner_id=p.owner_id,
            colour=p.colour,
            models=n % 11,
            starting_models=10,
            destroyed=n % 11 == 0,
        )
        for p in players
        for n in range(100)
    }
    state = GameState(name="Z" * 200, host_id=1, players=players, units=units, status="ended")
    report = BattleReport(
        game_id=1,
        guild_id=None,
        state=state,
        closed=None,
        started_at=datetime(2026, 11, 28, tzinfo=UTC),
        ended_at=None,
        changes=0,
        luck={
            p.owner_id: {"acc": DiceLuck(rolls=10_000, successes=6_000, expected=5_900.5)}
            for p in players
        },
    )
    card = report_card.report_card("en", report, lambda user: "M" * 300)
    assert len(card.sides) == report_card.SIDES_SHOWN
    assert all(len(side.units) == report_card.UNITS_SHOWN for side in card.sides)
    assert all(side.more_units == "…and 88 more units" for side in card.sides)
    assert card.more_sides.startswith("…and 4 more players")
    width, height = report_card.image_size(card)
    assert (width, height) == (1000, 138 + 2 * (90 + 12 * 26 + 24 + 18) + 24 + 40)
    png = await simcord_env.bot.services.workers.run(report_card.card_png, card)
    assert Image.open(io.BytesIO(png)).size == (width, height) and len(png) < PNG_BYTES_MAX


@pytest.mark.parametrize("system", ["hex", "epic"])
async def test_other_systems_get_their_card(simcord_env, table, system):
    await table.alice.slash(table.channel, "game start", name="Other", system=system)
    ended = await table.alice.slash(table.channel, "game end")
    assert not ended.ephemeral
    await card_of(ended)


async def test_a_card_that_cannot_be_drawn_leaves_the_end_as_it_was(
    simcord_env, table, monkeypatch, caplog
):
    """The card is a picture of the result, not the result: if drawing it fails, the game
    has ended all the same and its reply says so, without the picture."""

    def broken(card):
        raise RuntimeError("no fonts on this machine")

    # the module the bot runs now: a bot closed earlier in the session unloads its
    # extensions, and the next one imports cogs.game afresh, not the module imported above
    monkeypatch.setattr(sys.modules["cogs.game.report_card"], "card_png", broken)
    await table.alice.slash(table.channel, "game start", name="Vorl")
    ended = await table.alice.slash(table.channel, "game end")
    assert "🏁 Game **Vorl** ended at turn 1" in ended.response.content
    assert ended.response.attachments == []
    assert "the battle report card of game" in caplog.text
    assert (await record_of(simcord_env, table.channel)).status == "ended"


async def test_the_image_report_in_french_and_without_a_game(simcord_env, table):
    """`/game report format:image` answers in the caller's language; with no game in the
    channel it is refused, ephemeral, saying how to start one (EN and FR)."""
    channel, bob = table.channel, table.bob
    none = await bob.slash(channel, "game report", format="image")
    assert none.ephemeral and none.response.attachments == []
    assert none.response.content.startswith("No game is running in this channel")
    with french():
        none = await bob.slash(channel, "game report", format="image")
        assert none.ephemeral and none.response.attachments == []
        assert none.response.content.startswith("Aucune partie en cours dans ce salon")
    await table.alice.slash(channel, "game start", name="Vorl")
    with french():
        image = await bob.slash(channel, "game report", format="image")
    assert image.ephemeral
    assert image.response.content == "🖼️ Le rapport de bataille de **Vorl** en image."
    await card_of(image)
