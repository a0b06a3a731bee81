"""Issue 34: the page escapes every name. Hostile names (markup, scripts, a right-to-left
override, 10,000 characters, the page's own set-aside marks) render literally, as text, cut
to a readable length; the page's only tags are its own."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from core.antares.bag import census
from core.antares.game import GameState, Player, Unit
from services.game import GameClosed, LogEntry, WebGame
from tests.web.conftest import token_of, web_links
from web import render

SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
RTL = "\u202eexe.tnuoccA"
LONG = "Troopers " * 1111 + "x"  # 10,000 characters
MARKS = "\ue000 0\ue001\ue010owner\ue011 {name} %s **bold** `code` <@123456789012345678>"
TAGS = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)")
OUR_TAGS = {
    "html", "head", "meta", "title", "link", "script", "body", "div", "p", "noscript", "main",
    "header", "h1", "h2", "h3", "section", "span", "ul", "ol", "li", "article", "dl", "dt",
    "dd", "bdi", "time", "footer", "nav", "a", "table", "caption", "tbody", "tr", "th", "td",
    "strong", "em", "s", "code", "u", "br",
}  # fmt: skip


def tags(page: str) -> set[str]:
    return {name.lower() for _, name in TAGS.findall(page)}


def assert_inert(page: str) -> None:
    """Only the page's own tags: every hostile name is text."""
    assert tags(page) <= OUR_TAGS, tags(page) - OUR_TAGS
    assert page.count("<script") == page.count('<script src="../static/board.js" defer>') <= 1
    assert "<img" not in page and "onerror=alert(1)>" not in page
    assert "\u202e" not in page and "\ue000" not in page and "\ue010" not in page


@web_links
async def test_hostile_names_through_the_commands_render_literally(simcord_env, table, served):
    env = simcord_env
    mallory = table.guild.add_member(env.create_user("mallory", global_name=SCRIPT + RTL))
    await table.alice.slash(table.channel, "game start", name=SCRIPT)
    await table.alice.slash(table.channel, "unit add", name=IMG[:60], models=5)
    await mallory.slash(table.channel, "unit add", name="**x** " + RTL, models=3)
    token = token_of(await mallory.slash(table.channel, "game web"))
    page = await (await served.get(f"/g/{token}")).text()
    assert_inert(page)
    assert "<h1><bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi></h1>" in page
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; — turn 1</title>" in page
    assert "<bdi>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</bdi>" in page or (
        '<bdi>"&gt;&lt;img src=x onerror=alert(1)&gt;</bdi>' in page
    )
    assert "<bdi>**x** exe.tnuoccA</bdi>" in page  # its stars as typed, the override gone
    assert "<bdi>&lt;script&gt;alert(1)&lt;/script&gt;exe.tnuoccA</bdi>" in page  # mallory
    assert str(mallory.id) not in page


def hostile_game() -> WebGame:
    """A stored game no command could make: every name 10,000 characters or worse."""
    owner, other = 111111111111111111, 222222222222222222
    state = GameState(
        name=LONG,
        host_id=owner,
        players=[Player(owner_id=owner, colour="red"), Player(owner_id=other, colour="blue")],
        units={
            "u1": Unit(
                id="u1",
                name=SCRIPT + LONG,
                owner_id=owner,
                colour="red",
                models=5,
                starting_models=5,
                dice=1,
            ),
            "u2": Unit(
                id="u2",
                name=MARKS,
                owner_id=other,
                colour="blue",
                models=2,
                starting_models=3,
                dice=1,
            ),
        },  # fmt: skip
        bag={"red": 1, "blue": 1},
        status="ended",
    )
    closed = GameClosed(
        name=LONG, turn=4, winner_id=other, notes=IMG + LONG, vp={owner: 3, other: 9},
        scenario=SCRIPT + RTL,
    )  # fmt: skip
    moment = datetime(2025, 5, 1, 20, 0, tzinfo=UTC)
    log = [
        LogEntry(1, "start", owner, moment, False, {"name": LONG, "host_id": owner,
                                                     "ruleset_overrides": {}}),
        LogEntry(2, "unit_add", other, moment, True, {"unit": {
            "id": "u2", "name": MARKS, "owner_id": other, "colour": "blue", "models": 2,
            "starting_models": 3}, "dice_added": 1, "in_bag": 1}),
        LogEntry(3, SCRIPT, other, moment, False, {}),  # a kind no renderer knows
    ]  # fmt: skip
    return WebGame(
        game_id=1, guild_id=None, channel_id=2, version=9, state=state, census=census(state),
        closed=closed, ended_at=moment, log=log, names={u.id: u.name for u in state.units.values()},
    )  # fmt: skip


def names(guild: int | None, user: int) -> str | None:
    return {111111111111111111: LONG + SCRIPT, 222222222222222222: MARKS}.get(user)


def test_10_000_character_names_are_cut_and_escaped():
    game = hostile_game()
    links = render.Links(events="/g/x/events", replay="/g/x/replay", report="/g/x/report.md")
    for lang in ("en", "fr"):
        page = render.page(lang, game, names, links, None, host_link=False)
        assert_inert(page)
        assert len(page) < 20_000  # names cut to 100 characters, notes to 1,000
        assert "Troopers Troopers" in page and "…</bdi>" in page
        assert "&lt;script&gt;" in page and "{name} %s **bold** `code`" in page
        assert "111111111111111111" not in page and "222222222222222222" not in page
