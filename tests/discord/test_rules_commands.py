"""/rule, /weapon and inline look-ups through the simulated Discord (issue 3).

Expected figures come from the seeds' weapon tables (000 "Armes", 002, 003 tables)."""

from __future__ import annotations

import pytest

from tests.discord.permissions_kit import allow_config
from tests.support.locale import french


def _card_text(embed) -> str:
    return "\n".join(
        [embed.title or "", embed.description or ""]
        + [f"{f.name}\n{f.value}" for f in embed.fields]
    )


async def test_rule_autocomplete_answers_at_most_25_in_both_languages(table):
    choices = await table.alice.autocomplete(table.channel, "rule", "query", "")
    assert 1 <= len(choices) <= 25
    typed = await table.alice.autocomplete(table.channel, "rule", "query", "srambler")
    assert typed[0]["value"] == "scrambler"
    with french():
        pins = await table.alice.autocomplete(table.channel, "rule", "query", "pins")
    assert pins[0]["value"] == "pins"  # the entry "Stress / Pins"


async def test_rule_cycle_shows_names_text_source(table):
    result = await table.alice.slash(table.channel, "rule", query="cycle")
    embed = result.response.embeds[0]
    assert embed.title.startswith("Cycle")
    # the source reads as an armoury and a heading, never a file name
    assert "Boromite armoury — Cycle · Isorian armoury — Cycle" in embed.footer.text
    assert ".txt" not in embed.footer.text
    # the English meaning first, then the seed's French text, marked as such
    assert embed.description.startswith("**In short** — ")
    assert "__French text of the armoury__" in embed.description
    assert len(embed) <= 6000


async def test_rule_in_french_uses_french_labels(table):
    with french():
        result = await table.alice.slash(table.channel, "rule", query="lucky hit")
    embed = result.response.embeds[0]
    assert "Source :" in embed.footer.text
    assert embed.description.startswith("**En bref** — ")


async def test_rule_by_autocomplete_id(table):
    result = await table.alice.slash(table.channel, "rule", query="vehicle-damage")
    text = _card_text(result.response.embeds[0])
    assert "D10" in text and "**1" in text  # the table rows, each with its range


def _longest(env):
    entries = env.bot.services.rules.db.entries
    return max((e for e in entries if getattr(e, "text_fr", "")), key=lambda e: len(e.text_fr))


def _current(channel, message_id):
    return next(m for m in channel.history() if m.id == message_id)


async def test_long_rule_is_paged_never_truncated(simcord_env, table):
    longest = _longest(simcord_env)  # seed 001 "Infiltration", ~3,900 characters
    result = await table.alice.slash(table.channel, "rule", query=longest.id)
    message = result.response.message
    shown = [message.embeds[0].description]
    while not message.components[0].children[1].disabled:
        await table.alice.click(message, label="▶")
        message = _current(table.channel, message.id)
        shown.append(message.embeds[0].description)
        assert len(message.embeds[0]) <= 6000
    assert len(shown) >= 2
    words = " ".join(shown).split()
    assert words[-len(longest.text_fr.split()) :] == longest.text_fr.split()  # every word
    assert f"page {len(shown)}/{len(shown)}" in message.embeds[0].footer.text


async def test_pager_refuses_another_member_and_cleans_up(simcord_env, table):
    result = await table.alice.slash(table.channel, "rule", query=_longest(simcord_env).id)
    refused = await table.bob.click(result.response.message, label="▶")
    assert refused.ephemeral and "run it yourself" in refused.response.content
    await simcord_env.advance_time(301)
    assert _current(table.channel, result.response.message.id).components == []


async def test_rule_no_match_suggests(table):
    result = await table.alice.slash(table.channel, "rule", query="zzqqxx")
    assert result.ephemeral
    assert "Nothing found for “zzqqxx”" in result.response.content


async def test_rule_empty_and_too_long(table):
    empty = await table.alice.slash(table.channel, "rule", query="   ")
    assert empty.ephemeral and "Type what you are looking for" in empty.response.content
    with french():
        long = await table.alice.slash(table.channel, "rule", query="x" * 150)
    assert long.ephemeral and "150 caractères" in long.response.content


async def test_rule_filtered_by_system(table):
    result = await table.alice.slash(table.channel, "rule", query="empilement", system="hex")
    assert "Hex wargame — " in result.response.embeds[0].footer.text


# 002 weapon table: Plasma Carbine, two firing modes.
async def test_weapon_card_with_modes(table):
    result = await table.alice.slash(table.channel, "weapon", name="plasma carbine")
    embed = result.response.embeds[0]
    text = _card_text(embed)
    assert embed.title.startswith("Plasma Carbine")
    assert len([f for f in embed.fields if f.name != "\u200b"]) >= 2  # one field per mode
    assert "Effective" in text and "SV" in text
    assert "Fielded by:" in embed.description
    assert len(embed) <= 6000 and all(len(f.value) <= 1024 for f in embed.fields)


async def test_weapon_card_in_french(table):
    with french():
        result = await table.alice.slash(table.channel, "weapon", name="mag gun")
    text = _card_text(result.response.embeds[0])
    assert "Efficace" in text and "VI" in text and "Armée(s)" in text


async def test_weapon_autocomplete_filters_by_faction(simcord_env, table):
    choices = await table.alice.autocomplete(
        table.channel, "weapon", "name", "", faction="boromite"
    )
    db = simcord_env.bot.services.rules.db
    assert choices and all("boromite" in db.weapons[c["value"]].factions for c in choices)
    assert len(choices) <= 25


async def test_weapon_typo_still_finds_it(table):
    result = await table.alice.slash(table.channel, "weapon", name="mag gnu")
    assert result.response.embeds[0].title.startswith("Mag Gun")


async def test_weapon_nonsense_refused(table):
    result = await table.alice.slash(table.channel, "weapon", name="qqqqzzzz")
    assert result.ephemeral and "No weapon called" in result.response.content


@pytest.mark.settings(message_content_intent=True)
async def test_inline_lookups_off_by_default_then_on(simcord_env, table):
    await table.alice.send(table.channel, "what is [[Cycle]]?")
    assert table.channel.last_message.author.id == table.alice.id  # no answer: off by default
    turned_on = await table.admin.slash(table.channel, "config inline-lookups", enabled=True)
    assert "now **on**" in turned_on.response.content
    await table.alice.send(table.channel, "[[Mag Gun]] vs [[cycle]] and [[zzqq]] [[OH]]")
    answer = table.channel.last_message
    assert answer.author.id == simcord_env.bot.user.id
    lines = answer.content.splitlines()
    assert lines[0].startswith("**Mag Gun**") and lines[1].startswith("**Cycle")
    assert "nothing found" not in lines[0] and "zzqq" in lines[2]
    # No caller locale on a message: the server's language (French by default) is used.
    assert lines[3].endswith("; 1 ignorée)") and "Efficace" in lines[0]
    await table.admin.slash(table.channel, "config language", value="en")
    await table.alice.send(table.channel, "[[Mag Gun]]")
    assert "Effective" in table.channel.last_message.content


@pytest.mark.settings(message_content_intent=True)
async def test_inline_lookups_need_manage_server(simcord_env, table):
    allow_config(simcord_env, table, table.alice)  # shown to her: the bot still checks
    refused = await table.alice.slash(table.channel, "config inline-lookups", enabled=True)
    assert refused.ephemeral and "Manage Server" in refused.response.content


async def test_without_intent_the_bot_refuses_to_turn_inline_on(table):
    refused = await table.admin.slash(table.channel, "config inline-lookups", enabled=True)
    assert refused.ephemeral and "MESSAGE_CONTENT_INTENT=true" in refused.response.content
    with french():
        refused = await table.admin.slash(table.channel, "config inline-lookups", enabled=True)
    assert "Rien n'a été modifié" in refused.response.content


# Issue 12, item 9: "Closest:" names are in the caller's language (the interaction locale).
# "armur fase" matches nothing; the closest entries are Phase Armour and Reflex Armour
# (002 "ARMURES À PHASES", 000/003 "ARMURES RÉFLEXES").
async def test_rule_no_match_suggests_english_names_to_an_english_caller(table):
    result = await table.alice.slash(table.channel, "rule", query="armur fase")
    assert result.ephemeral
    assert "Closest: Phase Armour, Reflex Armour" in result.response.content
    assert "Armure" not in result.response.content


async def test_rule_no_match_suggests_french_names_to_a_french_caller(table):
    with french():
        result = await table.alice.slash(table.channel, "rule", query="armur fase")
    assert result.ephemeral
    assert "Le plus proche : Armure à phases, Armure réflexe" in result.response.content
    assert "Phase Armour" not in result.response.content


async def test_rule_card_shows_where_a_non_seed_reading_comes_from(table):
    """000 "WEAPON DRONES" only refers to the heavily armoured rules (page 37); the reading
    of the rules notes is shown as a note marked as such, not as seed text (issue 12, item 8)."""
    result = await table.alice.slash(table.channel, "rule", query="heavily-armoured")
    embed = result.response.embeds[0]
    note = next(f.value for f in embed.fields if f.name == "Note")
    assert "Rules notes, not the seeds" in note and "damage chart" in note
    assert "damage" not in (embed.description or "")


# Issue 12, item 10: inline answers carry the weapon card's figures for every mode. Expected
# figures: 000 table "Mag Light Support" 30"/50"/100", SV 2, TR3; 002 "Plasma Carbine - Tir
# Unique" 20"/30"/50" SV 2 and "- Dispersion" 20"/30"/Aucune SV 0 TR2; 000 "Tractor Maul"
# close combat only, SV 1, 2 attaques.
INLINE_WEAPONS = "[[Mag Light Support]] [[Plasma Carbine]] [[Tractor Maul]]"


@pytest.mark.settings(message_content_intent=True)
async def test_inline_weapon_figures_in_french(simcord_env, table):
    await table.admin.slash(table.channel, "config inline-lookups", enabled=True)
    await table.alice.send(table.channel, INLINE_WEAPONS + " [[armur fase]]")
    answer = table.channel.last_message
    assert answer.author.id == simcord_env.bot.user.id
    assert answer.content.splitlines() == [
        '**Mag Light Support** — Efficace 30" · Longue 50" · Extrême 100" · VI 2 · TR3',
        '**Plasma Carbine** — Tir Unique: Efficace 20" · Longue 30" · Extrême 50" · VI 2'
        ' | Dispersion: Efficace 20" · Longue 30" · Extrême aucune · VI 0 · TR2',
        "**Tractor Maul** — corps-à-corps uniquement · VI 1 · Attaques : 2",
        "(seules les 3 premières recherches d'un message sont traitées ; 1 ignorée)",
    ]


@pytest.mark.settings(message_content_intent=True)
async def test_inline_weapon_figures_in_english(simcord_env, table):
    await table.admin.slash(table.channel, "config inline-lookups", enabled=True)
    await table.admin.slash(table.channel, "config language", value="en")
    await table.alice.send(table.channel, INLINE_WEAPONS)
    assert table.channel.last_message.content.splitlines() == [
        '**Mag Light Support** — Effective 30" · Long 50" · Extreme 100" · SV 2 · RF3',
        '**Plasma Carbine** — Single Shot: Effective 20" · Long 30" · Extreme 50" · SV 2'
        ' | Scatter: Effective 20" · Long 30" · Extreme none · SV 0 · RF2',
        "**Tractor Maul** — close combat only · SV 1 · Attacks: 2",
    ]


@pytest.mark.settings(message_content_intent=True)
async def test_inline_suggestions_use_the_server_language(simcord_env, table):
    await table.admin.slash(table.channel, "config inline-lookups", enabled=True)
    await table.alice.send(table.channel, "[[armur fase]]")
    assert "(le plus proche : Armure à phases, Armure réflexe" in (
        table.channel.last_message.content
    )
    await table.admin.slash(table.channel, "config language", value="en")
    await table.alice.send(table.channel, "[[armur fase]]")
    assert "(closest: Phase Armour, Reflex Armour" in table.channel.last_message.content


async def test_french_cards_show_french_notes_and_name_the_bots_definitions(table):
    """Issue 29: a French card's note is French (the glossary's "Stress" from 002 "NET
    (Filet)", the D-Spinner of 003's table, 002 "MEDI PROBE (MÉDI-SONDE)"), and a glossary
    definition is labelled as the bot's words, never as the armoury's French text."""
    with french():
        pins = await table.alice.slash(table.channel, "rule", query="pins")
        spinner = await table.alice.slash(table.channel, "weapon", name="d-spinner")
        probe = await table.alice.slash(table.channel, "rule", query="medi-probe")
    embed = pins.response.embeds[0]
    note = next(f.value for f in embed.fields if f.name == "Remarque")
    assert note.startswith("Entrée de vocabulaire")
    assert "Notes de règles, pas les armureries" in note and "Vocabulary" not in note
    assert "__Définition, dans les mots du bot (pas le texte des armureries)__" in (
        embed.description or ""
    )
    assert "Texte de l'armurerie" not in (embed.description or "")
    spinner_note = next(f.value for f in spinner.response.embeds[0].fields if f.name == "Remarque")
    assert spinner_note.startswith("VI variable : à chaque round de combat")
    probe_note = next(f.value for f in probe.response.embeds[0].fields if f.name == "Remarque")
    assert probe_note.startswith("Lecture de « ne peuvent soigner que des victimes humaines »")
    assert "Reading" not in probe_note
    english = await table.alice.slash(table.channel, "rule", query="pins")
    description = english.response.embeds[0].description or ""
    assert "__Definition, in the bot's words (not the armouries' text)__" in description
    assert "French text of the armoury" not in description


def test_every_note_has_its_french(simcord_env):
    """French cards show note_fr: an entry with an English note has the French one too."""
    entries = simcord_env.bot.services.rules.db.entries
    assert [e.id for e in entries if (e.note_en is None) != (e.note_fr is None)] == []
