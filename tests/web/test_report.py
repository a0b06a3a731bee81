"""Issue 34, the battle report: Markdown for club websites, from `/game report` (a file for the
caller) and from the web page. Both sides, the result, the dice and the luckiest and unluckiest
roll, the campaign; display names, never ids; what members typed shown literally."""

from __future__ import annotations

from tests.discord.campaign_kit import create, join
from tests.discord.game_kit import refused
from tests.support.locale import french
from tests.web.conftest import token_of, web_links
from tests.web.kit import scripted_game

pytestmark = web_links


async def nothing(_: str) -> None:
    return None


async def test_game_report_sends_the_battle_in_markdown(simcord_env, table, dice):
    await refused(simcord_env, table.channel, table.bob, "game report", "No game is running")
    await create(table)
    await join(table, table.alice, army="Vorl Prosperate")
    await join(table, table.bob, faction="boromites", army="Rock Guild")
    await scripted_game(table, dice, nothing, campaign="Winter league")
    answered = await table.bob.slash(table.channel, "game report")
    assert answered.ephemeral
    assert answered.response.content.startswith("📜 The battle report of **Vorl**")
    (attachment,) = answered.response.attachments
    assert attachment.filename.endswith(".md")
    text = (await attachment.read()).decode()
    assert text.startswith("# Vorl — battle report\n\n*Beyond the Gates of Antares · ")
    assert "**Winner:**" not in text and "**No winner was named.**" in text
    assert "**Campaign:** Winter league" in text
    assert "| Player | Colour | VP | Models lost | Units destroyed | Shots |" in text
    assert "| alice | red | 7 | 0 | 0 | 2 |" in text
    assert "| bob | blue | 3 | 2 | 0 | 0 |" in text
    assert "### bob (blue)" in text and "| Gangers | 3/5 | 1 | standing |" in text
    assert "- Acc tests: hits 2/2, expected 1.2 (+0.8)" in text
    assert "**Luckiest roll:**" in text and "**Unluckiest roll:**" in text
    assert str(table.alice.id) not in text and str(table.bob.id) not in text

    with french():
        answered = await table.alice.slash(table.channel, "game report")
    text = (await answered.response.attachments[0].read()).decode()
    assert text.startswith("# Vorl — rapport de bataille")
    assert "| Joueur | Couleur | PV | Figurines perdues | Unités détruites | Tirs |" in text
    assert "| Gangers | 3/5 | 1 | en jeu |" in text


async def test_the_page_serves_the_report_and_names_stay_text(simcord_env, table, served):
    hostile = "<script>alert(1)</script> **x** |y| [z](http://e.example)"
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(table.channel, "unit add", name=hostile[:64], models=5)
    await table.alice.slash(table.channel, "game end", notes=hostile, scenario="<b>Ridge</b>")
    token = token_of(await table.bob.slash(table.channel, "game web"))
    page = await (await served.get(f"/g/{token}")).text()
    assert f'href="{token}/report.md"' in page
    answer = await served.get(f"/g/{token}/report.md", lang="fr")
    assert answer.status == 200 and answer.content_type == "text/markdown"
    assert answer.headers["Content-Disposition"].startswith('inline; filename="antares-report-')
    text = await answer.text()
    assert text.startswith("# Vorl — rapport de bataille")
    assert "<script>" not in text and "<b>" not in text
    assert "\\<script\\>alert\\(1\\)\\<\\/script\\> \\*\\*x\\*\\* \\|y\\|" in text
    assert "**Scénario :** \\<b\\>Ridge\\<\\/b\\>" in text
