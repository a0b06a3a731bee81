"""Issues 16 and 31, the playground in a real browser (Chromium through Playwright): a person
opens the printed page, draws a die with `/bag draw`, picks a unit and Fire in the activation
card's menu, fills the shot's form (the target, the distance), answers the target's reaction
offer (issue 31 §1) and sees the shot.

The demo game (playground/demo.py): Alice hosts (she may give any unit its order); each side
has two units, so the card's one menu holds each unit with its orders; every die rolled is
shown on the card ("Acc tests")."""

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


async def test_an_activation_played_on_its_card(page):
    await command(page, "bag draw")
    await page.keyboard.press("Enter")
    card = page.locator("article.channel-message").filter(has_text="Drawn:").first
    await card.wait_for()
    assert "alice used /bag" in await page.locator("#preview-app").inner_text()
    await card.get_by_role("combobox").first.click()  # the unit and its order, in one pick
    await page.get_by_role("option").filter(has_text="— Fire").first.click()

    form = page.get_by_role("dialog")  # Fire: the shot's form opens at once
    await form.wait_for()
    assert "shoots" in await form.locator(".modal-title").inner_text()
    await form.get_by_role("combobox").first.click()  # the target: the first one offered
    await page.get_by_role("option").filter(has_text="models").first.click()
    await form.get_by_role("textbox").first.fill("10")  # the distance
    await form.get_by_role("button", name="Submit").click()

    # the target may react (a strict game, issue 31 §1): its player is asked on a card that
    # pings them; Alice hosts, so she may answer for Bob
    offer = page.locator("article.channel-message").filter(has_text="react?").first
    await offer.wait_for()
    await offer.get_by_role("button", name="No reaction").click()
    shot = page.locator("article.channel-message").filter(has_text="Acc tests").first
    await shot.wait_for()
    text = await shot.inner_text()
    assert "does not react" in text and 'effective range (10")' in text
    assert "Antares" in await shot.locator(".message-author").inner_text()
    assert await shot.get_by_role("button", name="Draw next").count() == 1
    card = page.locator("article.channel-message").filter(has_text="Drawn:").first
    assert "order Fire" in await card.inner_text()  # the activation's card, edited in place
