"""Issue 34, done when: in Chromium (Debian's, through Playwright), a game played through the
simulated Discord's slash commands updates its open web page live, within a second of each
command, on a phone (390 px wide, dark mode, English) and on a desktop (French, light mode);
a revoke closes both pages; the ended game's replay steps with the arrow keys."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.discord.game_kit import skirmish
from tests.support.browser import (
    INSTALL_HINT,
    find_chromium,
    has_playwright,
    launch_args,
    must_have_browser,
)
from tests.web.conftest import token_of, web_links

LIVE_S = 1.0  # a change shows on the open page within a second of its command


@pytest.fixture
def chromium():
    found = find_chromium()
    if found is None or not has_playwright():
        if must_have_browser():
            pytest.fail(f"CI=true and {INSTALL_HINT}")
        pytest.skip(INSTALL_HINT)
    return found


@web_links
async def test_a_game_played_on_discord_updates_its_open_pages_live(
    simcord_env, table, dice, served, chromium
):
    from playwright.async_api import async_playwright

    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    await skirmish(table)  # Alice's Troopers; Bob's Gangers (MOD2)
    token = token_of(await bob.slash(channel, "game web"))
    url = f"http://127.0.0.1:{served.board.port}/g/{token}"

    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=chromium, args=launch_args())
        phone = await browser.new_context(
            viewport={"width": 390, "height": 844}, locale="en-US", color_scheme="dark",
            is_mobile=True, has_touch=True,
        )  # fmt: skip
        desktop = await browser.new_context(
            viewport={"width": 1280, "height": 900}, locale="fr-FR", color_scheme="light"
        )
        pages = {"phone": await phone.new_page(), "desktop": await desktop.new_page()}
        for page in pages.values():
            page.set_default_timeout(20_000)  # the other pytest worker may load both cores
            await page.goto(url)
        en, fr = pages["phone"], pages["desktop"]
        assert await en.title() == "Vorl — turn 1" and await fr.title() == "Vorl — tour 1"
        assert await en.locator("h2#bag-h").inner_text() == "Order dice 3 dice in the bag"
        assert (await fr.locator("h2#bag-h").inner_text()).startswith("Dés d'ordre")
        # dark on the phone, light on the desktop: the page follows the reader's mode
        backgrounds = [
            await p.evaluate("getComputedStyle(document.body).backgroundColor") for p in (en, fr)
        ]
        assert backgrounds == ["rgb(21, 22, 26)", "rgb(255, 255, 255)"]
        await following(served.board, 2)  # both pages' scripts have joined the game's events

        async def shows(text_en: str, text_fr: str, where: str) -> float:
            """Seconds until both pages show the change (from the command's answer)."""
            started = time.perf_counter()
            await en.locator(where).filter(has_text=text_en).first.wait_for()
            await fr.locator(where).filter(has_text=text_fr).first.wait_for()
            return time.perf_counter() - started

        took = []
        await bob.slash(channel, "pins add", unit="Gangers", count=2)
        took.append(await shows("Pins2", "Stress2", "article:has(h3:has-text('Gangers')) dl"))
        dice.script(2)  # Bob's blue die
        await alice.slash(channel, "bag draw")
        took.append(await shows("Waiting for its order", "Attend son ordre", "p.waiting"))
        await bob.slash(channel, "order", unit="Gangers", order="down")
        took.append(await shows("Down", "À terre", "article:has(h3:has-text('Gangers')) dd"))
        await alice.slash(channel, "unit casualties", unit="Troopers", count=2)
        took.append(await shows("3/5", "3/5", "article:has(h3:has-text('Troopers')) dd"))
        assert max(took) < LIVE_S, took
        assert "Updated" in await en.locator("#live").inner_text()
        assert "Mis à jour" in await fr.locator("#live").inner_text()
        log = await en.locator("section.log li").first.inner_text()
        assert "Troopers: −2 models (5 → 3)" in log and "alice" in log

        # a phone reads it without scrolling sideways; the desktop puts the sides side by side
        assert await en.evaluate("document.documentElement.scrollWidth") <= 390
        sides = en.locator("section.side")
        boxes = [await sides.nth(i).bounding_box() for i in range(2)]
        assert boxes[0]["y"] < boxes[1]["y"] and boxes[0]["x"] == boxes[1]["x"]
        sides = fr.locator("section.side")
        boxes = [await sides.nth(i).bounding_box() for i in range(2)]
        assert boxes[0]["y"] == boxes[1]["y"] and boxes[0]["x"] < boxes[1]["x"]
        for page in pages.values():  # no member id anywhere, only display names
            content = await page.content()
            assert str(alice.id) not in content and str(bob.id) not in content
        await en.screenshot(path=str(env_path(env) / "web-phone.png"), full_page=True)
        await fr.screenshot(path=str(env_path(env) / "web-desktop.png"), full_page=True)

        # the host ends the game and revokes the links: both pages say so and stop
        await alice.slash(channel, "game end", vp="3-7")
        await shows("ended", "terminée", "p.facts")
        new = token_of(await alice.slash(channel, "game web", revoke=True))
        await en.locator("#live").filter(has_text="This link no longer works").wait_for()
        await fr.locator("#live").filter(has_text="Ce lien ne fonctionne plus").wait_for()

        # the ended game's replay, stepped with the arrow keys
        await fr.goto(f"http://127.0.0.1:{served.board.port}/g/{new}/replay?step=1")
        assert (await fr.locator("p.facts").first.inner_text()).startswith("Étape 1 sur")
        await fr.keyboard.press("ArrowRight")
        await fr.locator("p.facts").filter(has_text="Étape 2 sur").wait_for()
        assert "Troopers" in await fr.locator("section.step").inner_text()
        await browser.close()


async def following(board, pages: int) -> None:
    """Until that many pages follow their game (the board's feed counts them)."""
    started = time.perf_counter()
    while board.feed.pages < pages:
        assert time.perf_counter() - started < 20, "the pages never opened their events"
        await asyncio.sleep(0.02)


def env_path(env):
    """Where the screenshots go: the test's own temporary folder (by the database's)."""
    from pathlib import Path

    return Path(env.bot.settings.sqlite_path()).parent


@web_links
async def test_the_page_counts_a_running_chess_clock_down(
    simcord_env, table, dice, served, chromium
):
    """The page shows the chess clock (issue 33); the side whose time runs is counted down
    each second by the page's script, to when its time runs out (the browser's clock set to
    the simulated one, then run on by Playwright)."""
    from playwright.async_api import async_playwright

    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    env.bot.services.web_links.pace_clock = env.now  # the bot's clock (see tests/web/test_clock.py)
    await skirmish(table)
    dice.script(2)  # Bob's blue die: his time runs while it waits for its order
    await alice.slash(channel, "bag draw")
    token = token_of(await bob.slash(channel, "game web"))
    await alice.slash(channel, "game clock set", minutes=30)
    await env.advance_time(60)
    url = f"http://127.0.0.1:{served.board.port}/g/{token}"
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=chromium, args=launch_args())
        context = await browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
        page = await context.new_page()
        page.set_default_timeout(20_000)
        await page.clock.install(time=env.now())
        await page.goto(url)
        assert (await page.locator("h2#clock-h").inner_text()).startswith("Pendule")
        running = page.locator(".clock .running")
        assert await running.inner_text() == "0:29:00"  # a minute of Bob's half hour gone
        await page.clock.run_for(5_000)
        assert await running.inner_text() == "0:28:55"
        await page.clock.run_for(29 * 60_000)
        assert await running.inner_text() == "0:00:00"  # never below nothing
        await following(served.board, 1)
        await bob.slash(channel, "order", unit="Gangers", order="down")  # his time stops
        await page.locator(".clock .running").wait_for(state="detached")
        assert await page.evaluate("document.documentElement.scrollWidth") <= 390
        await browser.close()
