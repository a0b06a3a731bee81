"""Issue 16, the playground in a real browser (Chromium through Playwright): a person opens
the printed page, runs `/shoot` choosing the shooter, the target and the weapon from the
bot's autocomplete, clicks 🔁 Shoot again on the reply, and sees the second shot.

The demo game (playground/demo.py): Alice's Boromite Work Gang carries 4 Mag Guns (seeds
000, weapon table); every die rolled is shown on the reply ("Acc tests (4)")."""

from __future__ import annotations

import pytest

from playground import Playground, PlaygroundOptions
from tests.support.browser import (
    INSTALL_HINT,
    find_chromium,
    has_playwright,
    launch_args,
    must_have_browser,
)

pytest.importorskip("markdown_it", reason='the playground needs: pip install -e ".[test]"')


@pytest.fixture
def chromium():
    found = find_chromium()
    if found is None or not has_playwright():
        if must_have_browser():
            pytest.fail(f"CI=true and {INSTALL_HINT}")
        pytest.skip(INSTALL_HINT)
    return found


@pytest.fixture
async def page(chromium, tmp_path):
    from playwright.async_api import async_playwright

    playground = Playground(PlaygroundOptions(port=0, database=tmp_path / "pg.sqlite3"))
    await playground.start()
    try:
        async with async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=chromium, args=launch_args())
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            # generous: the other pytest worker may load both cores meanwhile
            page.set_default_timeout(45_000)
            await page.goto(playground.url)
            yield page
            await browser.close()
    finally:
        await playground.close()


async def command(page, name: str) -> None:
    await page.get_by_placeholder("Message #demo-game").click()
    await page.keyboard.type(f"/{name}")
    await page.locator("[role=option]").filter(has_text=f"/{name}").first.click()


async def option(page, name: str, typed: str, pick: str | None = None) -> None:
    """Add an optional option, type into it, and take the suggestion showing `pick`."""
    await page.locator(".command-ghost").click()
    await page.locator("[role=option]").filter(has_text=name).first.click()
    await page.keyboard.type(typed)
    if pick is not None:
        await page.locator("[role=option]").filter(has_text=pick).first.click()


async def test_shoot_with_autocomplete_then_shoot_again(page):
    await command(page, "shoot")
    await option(page, "shooter", "work", "Boromite Work Gang")
    await option(page, "target", "AI", "Algoryn AI Squad")
    await option(page, "weapon", "mag g", "Mag Gun")
    await option(page, "distance", "10")
    await page.keyboard.press("Enter")

    title = "Mag Gun — Boromite Work Gang → Algoryn AI Squad"
    shots = page.locator("article.channel-message").filter(has_text=title)
    await shots.first.wait_for()
    first = await shots.first.inner_text()
    assert "alice used /shoot" in await page.locator("#preview-app").inner_text()
    assert "Acc tests (4)" in first and 'effective range (10")' in first
    assert "Antares" in await shots.first.locator(".message-author").inner_text()

    await shots.first.get_by_role("button", name="Shoot again").click()
    await shots.nth(1).wait_for()
    assert await shots.count() == 2
    assert "Acc tests (4)" in await shots.nth(1).inner_text()
