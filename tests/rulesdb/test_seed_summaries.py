"""Which entries copy their seed text and which summarise it, and the summaries fixed in
issue 12 (item 8) against the seed headings they come from.

An entry's ``text_fr`` is *verbatim* when it is the whole text printed under its first
source heading, as the data copies seed text (``seed_text.as_copied``: markup dropped, known
misspellings fixed, spaces collapsed). Anything else is a summary and must be listed below
with the reason, so a shortened or reworded copy of a seed section cannot slip in unnoticed.
"""

from __future__ import annotations

import pytest

from rulesdb.models import RulesDB, TextEntry
from tests.rulesdb.seed_text import (
    ALGORYN,
    BOROMITE,
    HEX,
    ISORIAN,
    as_copied,
    section,
)

VOCABULARY = "vocabulary entry: a definition of a term the seeds use but do not define"
SUMMARIES = {
    "pins": VOCABULARY + " (what 002 NET and 000 WEAPON DRONES say of Stress)",
    "lucky-hit": VOCABULARY + " (000 OH fire, 002 Tir Concentré)",
    "dud": VOCABULARY + " (000 OH fire: a 10, a blind shot of 2-10)",
    "accuracy": VOCABULARY + " (Préc, tested to hit when shooting)",
    "resist": VOCABULARY + " (Rés, raised by armour and cover)",
    "strike-value": VOCABULARY + " (VI, varies with range for compression weapons)",
    "strength": VOCABULARY + " (For, tested to hit in H2H)",
    "command-stat": VOCABULARY + " (Co: Subverter Matrix, Command, pins reaching Co)",
    "initiative": VOCABULARY + " (Init, lent by Hero)",
    "agility": VOCABULARY + " (Agi, tested near a Grip marker)",
    "hand-to-hand": VOCABULARY + " (CàC: Str tests to hit)",
    "multiple-order-dice": VOCABULARY + " (DOM, several order dice)",
    "line-of-sight": VOCABULARY + " (LdV, a translation only)",
    "dice-bag": VOCABULARY + " (bourse à dés)",
    "scramble-proof": VOCABULARY + " (immune to Scramblers and the Subverter Matrix)",
    "heavily-armoured": VOCABULARY
    + " (quotes the two sentences of 000 that name it, from two headings)",
}
NO_TEXT = {  # the seed prints a heading (or a table cell) and nothing under it
    "massive-damage": "a weapon table cell of 000 and 003, described in no seed",
    "epic-extra-templates": "004 prints the heading only",
    "epic-template": "004 prints the heading only",
    "epic-special-rules": "004 prints the heading only",
}


def is_verbatim(entry: TextEntry) -> bool:
    first = entry.source[0]
    printed = section(first.file, first.heading, first.occurrence)
    return as_copied(entry.text_fr) == as_copied(printed)


def with_text(db: RulesDB) -> list[TextEntry]:
    return [e for e in db.entries if isinstance(e, TextEntry)]


def test_every_summary_is_listed_with_its_reason(db: RulesDB) -> None:
    summaries = {e.id for e in with_text(db) if e.text_fr.strip() and not is_verbatim(e)}
    assert sorted(summaries - set(SUMMARIES)) == []  # a summary nobody listed
    assert sorted(set(SUMMARIES) - summaries) == []  # listed, but verbatim now (or gone)
    for entry_id in SUMMARIES:
        assert db.get(entry_id).note_en, entry_id  # the card says it is not seed text


def test_entries_without_text_are_the_known_ones(db: RulesDB) -> None:
    empty = {e.id for e in with_text(db) if not e.text_fr.strip()}
    assert empty == set(NO_TEXT)


def test_a_copy_missing_a_clause_is_not_verbatim(db: RulesDB) -> None:
    """The check compares whole sections: dropping one line of 001 "Empilement" is caught."""
    stacking = db.get("hex-stacking")
    assert isinstance(stacking, TextEntry) and is_verbatim(stacking)
    shortened = "\n".join(
        line for line in stacking.text_fr.split("\n") if "Au-delà de 10" not in line
    )
    assert not is_verbatim(stacking.model_copy(update={"text_fr": shortened}))


def test_stacking_10_points_limit_crossing_not_stacking(db: RulesDB) -> None:
    """001 "Empilement": "Au-delà de 10 Points d'Empilement par Position, la Position ne peut
    pas être Traversée" — 10 points is the limit for crossing a position, not for stacking."""
    printed = as_copied(section(HEX, "Empilement"))
    assert "Au-delà de 10 **Points d'Empilement** par **Position**" in printed
    assert "ne peut pas être **Traversée**" in printed
    stacking = db.get("hex-stacking")
    assert isinstance(stacking, TextEntry)
    assert "more than 10 points cannot be crossed" in stacking.summary_en
    assert "au-delà de 10 points, la position ne peut pas être traversée" in stacking.summary_fr
    assert "at most 10" not in stacking.summary_en and "max par position" not in (
        stacking.summary_fr
    )


@pytest.mark.parametrize(
    ("seed", "heading"),
    [
        (BOROMITE, "TIR EN SURPLOMB (SP)"),
        (ISORIAN, "TIR EN SURPLOMB - SP"),
        (ALGORYN, "TIR EN SURPLOMB - SP"),
    ],
)
def test_blind_fire_lands_near_the_point_then_drifts(db: RulesDB, seed: str, heading: str) -> None:
    """000 "TIR EN SURPLOMB (SP)", 002/003 "TIR EN SURPLOMB - SP", "Tir en Aveugle": "Seul un
    résultat de 1 atterrit à proximité du point ciblé (tout résultat de 2 -10 est considéré
    comme un tir à vide)" and "Un tir en aveugle réussit partent hors cible de D10" +1" par pion
    Stress": a 1 does not hit, it lands near the point aimed at and still drifts."""
    printed = as_copied(section(seed, heading))
    assert "Seul un résultat de 1 atterrit à proximité du point ciblé" in printed
    assert 'hors cible de D10" +1" par pion **Stress**' in printed
    oh = db.get("overhead-fire")
    assert isinstance(oh, TextEntry)
    assert "hits only on a 1" not in oh.summary_en and "touche sur 1" not in oh.summary_fr
    assert 'only a 1 lands near the point aimed at, and it still drifts D10" +1" per pin' in (
        oh.summary_en
    )
    assert "(2-10 are duds)" in oh.summary_en
    assert 'seul un 1 atterrit près du point visé, et il dévie encore de D10" +1" par pion' in (
        oh.summary_fr
    )


def test_heavily_armoured_says_only_what_the_seeds_say(db: RulesDB) -> None:
    """000 "WEAPON DRONES (DRONES ARMÉS)": "Si la Res du drone armé est amené à plus de 10,
    utilisez les règles des cibles lourdement blindées. Voir page 37."; 000 "BUDDY DRONES
    (DRONES COMPAGNONS)": hits on the buddy drones of heavily armoured units give no pins.
    The damage-chart reading is the rules notes' (../shared/rules-notes.md "Shooting"), so it
    is in note_en, marked as such, and not in the text or the summaries."""
    entry = db.get("heavily-armoured")
    assert isinstance(entry, TextEntry)
    printed = [as_copied(section(s.file, s.heading)) for s in entry.source]
    for line in filter(None, (as_copied(x) for x in entry.text_fr.split("\n"))):
        assert any(line in text for text in printed), line
    for said in (entry.text_fr, entry.summary_en, entry.summary_fr):
        assert "dégâts" not in said and "damage" not in said
    assert entry.note_en and "Rules notes, not the seeds" in entry.note_en
    assert "damage chart" in entry.note_en
