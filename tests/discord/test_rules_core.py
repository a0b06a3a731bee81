"""Issue 22 section 3: core rules through /rule in English and French; words must match;
cards lead with the meaning, name the armoury, never show maintainers' notes.

Core entries are written from shared/rules-notes.md (not the seeds): they cite no seed
heading and their cards say so."""

from __future__ import annotations

import pytest

from tests.support.locale import french

CORE = [
    "order-fire", "order-advance", "order-run", "order-ambush", "order-rally", "order-down",
    "order-test", "recovery-test", "break-test", "reactions", "core-lucky-hit", "core-pins",
]  # fmt: skip


def test_core_entries_cite_no_seed_and_are_bilingual(simcord_env):
    db = simcord_env.bot.services.rules.db
    for entry_id in CORE:
        entry = db.get(entry_id)
        assert entry.kind == "core" and entry.source == (), entry_id
        assert entry.summary_en and entry.summary_fr and entry.text_en and entry.text_fr
    # seed entries keep citing their seeds
    assert all(e.source for e in db.entries if e.kind != "core")


@pytest.mark.parametrize(
    ("query", "entry_id"),
    [
        ("test d'ordre", "order-test"),
        ("order test", "order-test"),
        ("ordre Feu", "order-fire"),
        ("fire order", "order-fire"),
        ("Down", "order-down"),
        ("test de ralliement", "recovery-test"),
        ("break test", "break-test"),
        ("test de moral", "break-test"),
        ("réaction", "reactions"),
        ("embuscade", "order-ambush"),
        ("tir chanceux", "lucky-hit"),
        ("Stress", "pins"),
    ],
)
def test_core_terms_found_in_both_languages(simcord_env, query, entry_id):
    assert simcord_env.bot.services.rules.find(query).id == entry_id


async def test_core_rule_card_in_english_says_it_is_not_the_armouries(table):
    result = await table.alice.slash(table.channel, "rule", query="order test")
    embed = result.response.embeds[0]
    assert embed.title == "Test d'ordre / Order test"
    assert embed.description.startswith("**In short** — Only for a unit with pins")
    assert "__Core rule, in the bot's words (rules notes, not the armouries)__" in (
        embed.description
    )
    assert "Natural" not in embed.description and "A 10: Down" in embed.description
    assert "Rules notes (core rules), not the armouries" in embed.footer.text


async def test_core_rule_card_in_french(table):
    with french():
        result = await table.alice.slash(table.channel, "rule", query="ordre Feu")
    embed = result.response.embeds[0]
    assert embed.description.startswith("**En bref** — Feu (Fire)")
    assert "Notes de règles (règles de base), pas les armureries" in embed.footer.text


async def test_a_query_only_spelt_like_an_entry_finds_nothing_but_suggests(table):
    """The query "srambler" matches no word of any entry: "nothing found", Scrambler suggested (the
    autocomplete list still offers it)."""
    result = await table.alice.slash(table.channel, "rule", query="srambler")
    assert result.ephemeral
    assert "Nothing found for “srambler”" in result.response.content
    assert "Scrambler" in result.response.content


def test_other_systems_rank_after_antares_for_the_same_score(simcord_env):
    index = simcord_env.bot.services.rules.index
    # "command": Co (command stat, Antares) and Epic "Command Unit" score the same
    ids = [h.id for h in index.search("command", limit=3)]
    assert ids.index("command-stat") < ids.index("epic-command-unit")
    ids = [h.id for h in index.search("command", limit=3, prefer="epic")]
    assert ids.index("epic-command-unit") < ids.index("command-stat")


async def test_card_hides_fix_note_and_names_the_armoury(table):
    """002 prints the Camo Drone under a second "BATTER DRONE" heading: the fix_note says so
    for maintainers; players see the meaning, the French text marked, armoury and heading."""
    result = await table.alice.slash(table.channel, "rule", query="camo drone")
    embed = result.response.embeds[0]
    text = "\n".join([embed.description] + [f"{f.name}\n{f.value}" for f in embed.fields])
    assert "occurrence" not in text and "Correction" not in text
    assert embed.description.startswith("**In short** — A Down unit with a camo drone")
    assert "__French text of the armoury__\n- Une unité" in embed.description
    assert embed.footer.text.startswith(
        "Source: Algoryn armoury — CAMO DRONE (Drone de Camouflage) · Isorian armoury — "
    )
    assert ".txt" not in embed.footer.text
    with french():
        fr = await table.alice.slash(table.channel, "rule", query="camo drone")
    assert "__Texte de l'armurerie__" in fr.response.embeds[0].description
    assert "Armurerie algoryn — CAMO DRONE" in fr.response.embeds[0].footer.text
