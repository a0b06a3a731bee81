"""The battle report's image card (issue 34): posted with `/game end`'s result (in the channel,
or as the last message of the game's archived thread) and by `/game report format:image`;
what it says comes from the battle report (`services.game.BattleReport`), worked out here for
the scripted game; hostile names are drawn as typed; a huge game's card stays bounded."""

from __future__ import annotations

import io

from PIL import Image

from cogs.game import report_card
from tests.discord.game_kit import record_of
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
