"""The standings chart draws members' text literally and stays bounded (issue 23): an army
or display name like `$\\foo$` once crashed `/campaign standings` for the whole campaign
(matplotlib read it as a formula); a big campaign's image holds its first 50 rows."""

from __future__ import annotations

import io

from PIL import Image

from cogs.campaign import chart
from tests.discord.campaign_kit import create, join, make_club, record
from tests.discord.test_campaign_reports import standings_png
from tests.support.locale import french
from tests.support.mentions import tokens

FORMULAS = ("$\\foo$", "$x^{2$", "\\$\\frac{1}{0}$")


async def test_names_that_read_as_formulas_are_drawn_as_typed(simcord_env, table):
    club = make_club(simcord_env, table)
    mathematician = table.guild.add_member(simcord_env.create_user("$\\sqrt{-1}$"))
    await create(club, "$\\alpha$ league")
    await join(club, club.alice, army=FORMULAS[0])
    await join(club, club.bob, army=FORMULAS[1])
    await join(club, mathematician, army=FORMULAS[2])
    await record(club.alice, club.channel, club.alice, club.bob, club.alice, (8, 5))
    png, result = await standings_png(club.carol, club.channel)
    assert not result.ephemeral
    assert Image.open(io.BytesIO(png)).size == chart.image_size(3)
    table_text = result.response.embeds[0].description
    assert "$\\foo$" in table_text and "$\\sqrt{-1}$" in table_text
    with french():
        again, _ = await standings_png(club.carol, club.channel)
    assert Image.open(io.BytesIO(again)).format == "PNG"


async def test_a_big_campaign_shows_its_first_50_rows_in_the_image(simcord_env, table):
    club = make_club(simcord_env, table)
    await create(club)
    for n in range(55):
        player = table.guild.add_member(simcord_env.create_user(f"player{n:02}"))
        await join(club, player)
    png, result = await standings_png(club.carol, club.channel)
    assert Image.open(io.BytesIO(png)).size == chart.image_size(50) == (1000, 70 + 36 * 51 + 20)
    assert tokens(result.response.embeds[0].description).endswith(
        "…and 15 more: the image shows the first 50, and </campaign export> lists everyone."
    )
    with french():
        french_result = await club.carol.slash(club.channel, "campaign standings")
    assert tokens(french_result.response.embeds[0].description).endswith(
        "…et 15 de plus : l'image montre les 50 premiers, et </campaign export> les liste tous."
    )
