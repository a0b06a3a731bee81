"""Hostile text, once and everywhere (issue 23): names are compared by their key (Unicode
NFKC, zero-width and bidi controls removed, Cyrillic and Greek look-alikes read as Latin),
so a name that only looks like another one is the same name; a refusal quotes what another
member wrote literally, never as markdown."""

from __future__ import annotations

import contextlib

import pytest

from tests.discord.campaign_kit import create, join, make_club
from tests.discord.game_kit import forged_options, refused, skirmish, state_of
from tests.support.locale import french

LOOKALIKES = [
    "Troop\u200bers",  # a zero-width space
    "Troopers\u200d",  # a zero-width joiner at the end
    "Ｔｒｏｏｐｅｒｓ",  # full-width letters
    "Тrооpers",  # a Cyrillic Т and two Cyrillic о
    "TROOPERS\u2066",  # a bidi isolate (the tree removes it) and capitals
    "Troop\u00aders",  # a soft hyphen
]


@pytest.mark.parametrize("name", LOOKALIKES)
async def test_a_lookalike_unit_name_is_taken(simcord_env, table, name):
    await skirmish(table)  # Alice's Troopers
    await refused(
        simcord_env,
        table.channel,
        table.bob,
        "unit add",
        "A unit is already called “Troopers” in this game (names that look the same count as"
        " one): choose another name (e.g. add a number).",
        name=name,
    )


async def test_lookalikes_are_refused_in_french_and_on_rename(simcord_env, table):
    await skirmish(table)
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.bob,
            "unit edit",
            "Une unité s'appelle déjà « Troopers » dans cette partie (des noms qui se"
            " ressemblent comptent pour un) : choisissez un autre nom",
            unit="Gangers",
            name="Тrооpers",
        )


async def test_a_lookalike_finds_the_unit_it_mimics(simcord_env, table):
    await skirmish(table)
    await table.alice.slash(table.channel, "unit add", name="Отряд", models=3)  # Cyrillic
    pinned = await table.bob.slash(table.channel, "pins add", unit="Gan\u200bgers", count=1)
    assert pinned.response.content.startswith("**Gangers**: pins 0 → **1**")
    found = await table.alice.slash(table.channel, "pins add", unit="ОТРЯД", count=1)
    assert found.response.content.startswith("**Отряд**: pins 0 → **1**")
    state = await state_of(simcord_env, table.channel)
    assert sorted(u.pins for u in state.units.values()) == [0, 1, 1]


async def test_lookalike_campaign_and_army_names_collide(simcord_env, table):
    club = make_club(simcord_env, table)
    await create(club, "Winter league")
    again = await create(club, "Wіnter\u200b league")  # a Ukrainian і, a zero-width space
    assert again.ephemeral
    assert again.response.content == (
        "This server already has a campaign called Winter league. Choose another name."
    )
    joined = await join(club, club.alice, army="Vorl Prosperate", campaign="WІNTER LEAGUE")
    assert not joined.ephemeral, joined.response.content  # found by its look-alike
    with french():
        taken = await join(club, club.bob, army="Vоrl  Prosperate")  # a Cyrillic о, two spaces
    assert taken.ephemeral
    assert taken.response.content == (
        "alice mène déjà une armée nommée Vorl Prosperate dans Winter league : choisissez un"
        " autre nom pour la vôtre."
    )
    assert not (await join(club, club.bob, army="Rock Guild")).ephemeral


async def test_a_player_name_that_looks_like_another_is_ambiguous(simcord_env, table):
    club = make_club(simcord_env, table)
    mimic = table.guild.add_member(simcord_env.create_user("аlice"))  # a Cyrillic а
    await create(club)
    await join(club, club.alice)
    await join(club, mimic, army="Mimics")
    result = await club.bob.slash(club.channel, "campaign stats", player="alice")
    assert result.ephemeral
    assert result.response.content == (
        "alice could be 2 players whose names look alike: pick the player from the list,"
        " which tells them apart."
    )


async def test_refusals_quote_another_members_markdown_literally(simcord_env, table):
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(table.channel, "unit add", name="||**HUGE**|| __x__ ~~y~~ `z`")
    result = await table.bob.slash(table.channel, "unit add", name="||**HUGE**|| __x__ ~~y~~ `z`")
    assert result.ephemeral
    assert result.response.content.startswith(
        "A unit is already called “\\|\\|\\*\\*HUGE\\*\\*\\|\\| \\_\\_x\\_\\_"
        " \\~\\~y\\~\\~ \\`z\\`”"
    )
    with french():
        typed = await table.bob.slash(table.channel, "roll", dice="`2d10`**")
    # inside the template's code span: its backticks cannot close it
    assert typed.response.content.startswith("Je ne sais pas lire `ˋ2d10ˋ**`")


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_long_typed_value_is_quoted_literally_and_the_refusal_still_fits(
    simcord_env, table, lang
):
    """Escaping doubles `|` (a spoiler mark): 1,000 of them, quoted literally, must still fit
    in one Discord message (found by hypothesis in tests/discord/test_hostile_text.py)."""
    await skirmish(table)
    before = await state_of(simcord_env, table.channel)
    spoilers = "|" * 1000  # a modified client sends any text where a choice is expected
    with forged_options(), french() if lang == "fr" else contextlib.nullcontext():
        answer = await table.alice.slash(table.channel, "unit edit", unit="Troopers", kind=spoilers)
    assert answer.ephemeral and len(answer.response.content) <= 2000
    # quoted as typed, cut (…), and the refusal still says what to do: the list of kinds
    content = answer.response.content
    assert "\\|\\|" in content and "…" in content
    assert ("use one of infantry" if lang == "en" else "utilisez infanterie") in content
    assert await state_of(simcord_env, table.channel) == before
