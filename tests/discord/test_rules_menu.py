"""The message menu "Look up rules in this message" (issue 16): the cards of the rules and
weapons a message names, with or without `[[...]]`, answered only to the caller, EN and FR,
within Discord's limits (10 embeds, 6000 characters of embeds, 2000 of text)."""

from __future__ import annotations

from contextlib import nullcontext

import discord
import pytest

from cogs.rules.menu import NAME
from tests.support.locale import french

LANGS = ["en", "fr"]
WORDS = {
    "en": {
        "fielded": "Fielded by",
        "nothing": "No rule or weapon name found in this message.",
        "unknown": "“zzqqxx”: nothing found; try ",
        "more": "more names in this message",
    },
    "fr": {
        "fielded": "Armée(s) :",
        "nothing": "Aucun nom de règle ou d'arme dans ce message.",
        "unknown": "« zzqqxx » : rien trouvé ; essayez ",
        "more": "autres noms dans ce message",
    },
}


def speaking(lang: str):
    return french() if lang == "fr" else nullcontext()


async def looked_up(table, text: str, lang: str):
    message = await table.bob.send(table.channel, text)
    with speaking(lang):
        return await table.alice.context_menu(table.channel, NAME, message)


def titles(result) -> list[str]:
    return [e.title or "" for e in result.response.embeds]


@pytest.mark.parametrize("lang", LANGS)
async def test_names_without_brackets_get_their_cards(simcord_env, table, lang):
    text = "My Mag Gun fires, then the Plasma Carbine squad takes a blast hit."
    result = await looked_up(table, text, lang)
    assert result.ephemeral  # only Alice sees the cards
    shown = titles(result)
    assert len(shown) == 3, shown
    for word, title in zip(("Mag Gun", "Plasma Carbine", "Blast"), shown, strict=True):
        assert word in title, (word, shown)
    assert result.response.embeds[0].description.startswith(WORDS[lang]["fielded"])


@pytest.mark.parametrize("lang", LANGS)
async def test_french_names_and_brackets_are_found_too(simcord_env, table, lang):
    result = await looked_up(table, "[[Canon Mag]] contre la carabine plasma", lang)
    assert titles(result) == ["Mag Cannon", "Plasma Carbine"]  # names of the seeds' tables


@pytest.mark.parametrize("lang", LANGS)
async def test_a_message_without_names_says_so_and_suggests_rule(simcord_env, table, lang):
    result = await looked_up(table, "See you on Saturday at eight!", lang)
    assert result.ephemeral and result.response.embeds == []
    assert result.response.content.startswith(WORDS[lang]["nothing"])
    assert "</rule:" in result.response.content  # a clickable /rule


@pytest.mark.parametrize("lang", LANGS)
async def test_an_unknown_bracketed_name_is_said(simcord_env, table, lang):
    result = await looked_up(table, "[[zzqqxx]] and a Mag Gun", lang)
    assert len(result.response.embeds) == 1
    assert WORDS[lang]["unknown"] in result.response.content


@pytest.mark.parametrize("lang", LANGS)
async def test_a_message_naming_many_stays_within_discords_limits(simcord_env, table, lang):
    rules = simcord_env.bot.services.rules
    weapons = [w.name_en for w in list(rules.db.weapons.values())[:40]]
    result = await looked_up(table, ", ".join(weapons)[:1900], lang)
    embeds = result.response.embeds
    assert 1 <= len(embeds) <= 10
    assert sum(len(discord.Embed.from_dict(e.to_dict())) for e in embeds) <= 6000
    assert len(result.response.content) <= 2000
    assert WORDS[lang]["more"] in result.response.content


async def test_the_menu_is_translated_and_fits(simcord_env):
    tree = simcord_env.bot.tree
    menu = tree.get_command(NAME, type=discord.AppCommandType.message)
    payload = await menu.get_translated_payload(tree, tree.translator)
    french_name = payload["name_localizations"]["fr"]
    assert french_name == "Chercher les règles du message"
    assert len(NAME) <= 32 and len(french_name) <= 32
