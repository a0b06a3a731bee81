"""Look-ups as players type them: French, English, abbreviations, typos, prefixes.

QUERIES holds (query, expected first answer); the comments cite the seed and heading that
the answer comes from.
"""

from __future__ import annotations

import pytest

from rulesdb.search import RulesIndex

QUERIES = [
    # weapons (000/002/003 weapon tables)
    ("Plasma Carbine", "plasma-carbine"),
    ("plasma carbine", "plasma-carbine"),
    ("carabine plasma", "plasma-carbine"),
    ("carabine plasme", "plasma-carbine"),  # typo
    ("plasma carbine scatter", "plasma-carbine"),  # words of a mode
    ("compression bombard", "compression-bombard"),
    ("compresion bombard", "compression-bombard"),  # typo from the brief
    ("compr bomb", "compression-bombard"),  # autocomplete prefixes
    ("mag mortar", "mag-mortar"),
    ("mortier mag", "mag-mortar"),
    ("mortr", "mag-mortar"),  # typo of an unfinished word
    ("x launcher", "x-launcher"),
    ("X-Launcher", "x-launcher"),
    ("xlauncher", "x-launcher"),
    ("micro x", "micro-x-launcher"),
    ("lectro lance", "lectro-lance"),
    ("lectro lanse", "lectro-lance"),
    ("frag borrer", "frag-borer"),
    ("heavy frag borer", "heavy-frag-borer"),
    ("phase rifel", "phase-rifle"),
    ("fusil à phases", "phase-rifle"),
    ("projecteur de déphasage", "phase-shift-projector"),
    ("bâton imtel", "imtel-stave"),
    ("IMTEL STAVE", "imtel-stave"),
    ("d-spinner", "d-spinner"),
    ("sensor module", "sensor-module"),
    ("grenades plasma", "plasma-grenades"),
    ("solar charges", "solar-charges"),
    # special rules (RÈGLES SPÉCIALES of 000/002/003)
    ("RF", "rapid-fire"),
    ("TR", "rapid-fire"),
    ("tr2", "rapid-fire"),
    ("tir rapide", "rapid-fire"),
    ("RF D6", "rapid-fire-d6"),
    ("blast", "blast"),
    ("déflagration", "blast"),
    ("DEFLAGRATION", "blast"),
    ("OH", "overhead"),
    ("SP", "overhead"),
    ("SPx2", "overhead"),
    ("no cover", "no-cover"),
    ("pas de couvert", "no-cover"),
    ("plasma fade", "plasma-fade"),
    ("panne de plasma", "plasma-fade"),
    ("fractal lock", "fractal-lock"),
    ("fractl lock", "fractal-lock"),
    ("verrouillage fractal", "fractal-lock"),
    ("compressor", "compressor"),
    ("hazardous", "hazardous-h2h"),
    ("dangereux cac", "hazardous-h2h"),
    ("massive damage", "massive-damage"),
    ("dégâts massifs", "massive-damage"),
    ("choose target", "choose-target"),
    ("imprécis", "imprecise"),
    ("concentrated fire", "concentrated-fire"),
    ("onde de choc", "shockwave"),
    ("épuisé", "exhausted"),
    ("demolition", "demolition"),
    ("phase synchronization", "phase-synchronisation"),
    ("modes de tir", "firing-modes"),
    ("2 attacks", "attacks"),
    # common rules (002/003 RÈGLES SPÉCIALES COMMUNES)
    ("leader", "leader"),
    ("chef", "leader"),
    ("poursuite", "follow"),
    ("médecin", "medic"),
    ("oh patch sighting", "oh-patch-sighting"),
    ("cibleur", "targeter"),
    # vocabulary (seeds/README.md)
    ("pins", "pins"),
    ("stress", "pins"),
    ("lucky hit", "lucky-hit"),
    ("tir chanceux", "lucky-hit"),
    ("tir à vide", "dud"),
    ("VI", "strike-value"),
    ("CàC", "hand-to-hand"),
    ("MOD", "multiple-order-dice"),
    # equipment, ammo, drones, probes
    ("srambler", "scrambler"),  # 000/002/003 spelling
    ("scramler", "scrambler"),
    ("brouilleur", "scrambler"),
    ("net", "net"),
    ("filet fronde", "slingnet"),
    ("overload", "overload"),
    ("effaceur", "blur"),
    ("grip", "grip"),
    ("grpi", "grip"),
    ("munitions spéciales", "special-ammo-markers"),
    ("reflex armour", "reflex-armour"),
    ("armure reflexe", "reflex-armour"),
    ("phase armor", "phase-armour"),
    ("mines", "grenade-mines"),
    ("tir en surplomb", "overhead-fire"),
    ("blind fire", "overhead-fire"),
    ("subverter", "subverter-matrix"),
    ("disputed dice", "subverter-matrix"),
    ("camo drone", "camo-drone"),
    ("drone de camouflage", "camo-drone"),
    ("batter drone", "batter-drone"),
    ("shield drone", "shield-drone"),
    ("spoter drone", "spotter-drone"),
    ("synchroniser", "synchroniser-drone"),
    ("medi drone", "medi-drone"),
    ("nano drone", "nano-drone"),
    ("homer", "homer-drone"),
    ("compactor", "compactor-drone"),
    ("micromite", "micromite-probe"),
    ("sonde cibleuse", "targeter-probe"),
    ("scout probe", "scout-probe"),
    ("médi-sonde", "medi-probe"),
    ("iso drone", "iso-drone"),
    ("rover", "rover"),
    ("breaching kit", "breaching-kit"),
    ("kit de démolition", "breaching-kit"),
    ("weapon drones", "weapon-drones"),
    # tables
    ("vehicle damage", "vehicle-damage"),
    ("dégâts des véhicules", "vehicle-damage"),
    ("weapon drone damage", "weapon-drone-damage"),
    ("heavy weapon damage", "heavy-weapon-damage"),
    ("shield drone table", "shield-drone-table"),
    # hex wargame (001)
    ("errement", "hex-wandering"),
    ("errement 3", "hex-wandering-3"),
    ("empilement", "hex-stacking"),
    ("stacking", "hex-stacking"),
    ("orientation", "hex-facing"),
    ("hedgehog", "hex-facing"),
    ("ligne de vue", "hex-line-of-sight"),
    ("lave", "hex-lava"),
    ("terrain difficile", "hex-difficult-terrain"),
    ("cote d'hex impassable", "hex-side-impassable"),
    ("vol", "hex-flight"),
    ("leurres", "hex-decoys"),
    ("unités cachées", "hex-hidden-units"),
    # epic (004)
    ("AA", "epic-anti-aircraft"),
    ("anti aérien", "epic-anti-aircraft"),
    ("transport", "epic-transport"),
    ("régénération", "epic-regeneration"),
    ("QG", "epic-hq"),
    ("meneur", "epic-leader"),
    ("personnage lié", "epic-attached-character"),
]


def test_at_least_sixty_queries() -> None:
    assert len(QUERIES) >= 60
    assert len({q for q, _ in QUERIES}) == len(QUERIES)


@pytest.mark.parametrize(("query", "expected"), QUERIES)
def test_first_answer(index: RulesIndex, query: str, expected: str) -> None:
    hits = index.search(query)
    assert hits, query
    assert hits[0].id == expected, [(h.id, h.why, h.score) for h in hits[:5]]


@pytest.mark.parametrize(
    ("query", "why"),
    [
        ("Plasma Carbine", "exact"),
        ("Blast D(n)", "exact"),
        ("carabine plasma", "alias"),
        ("compr bomb", "words"),
        ("plasma carbine scatter", "text"),
        ("srambler", "fuzzy"),
    ],
)
def test_why(index: RulesIndex, query: str, why: str) -> None:
    assert index.search(query)[0].why == why


def test_ranking_exact_alias_words_text_fuzzy(index: RulesIndex) -> None:
    order = ["exact", "alias", "words", "text", "fuzzy"]
    for query in ("drone", "plasma", "spotter", "grenade", "stress", "compresion"):
        hits = index.search(query, limit=100)
        ranks = [order.index(h.why) for h in hits]
        assert ranks == sorted(ranks), query
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_case_and_accents_do_not_matter(index: RulesIndex) -> None:
    assert index.search("DÉFLAGRATION") == index.search("deflagration")
    assert index.search("Médi-Sonde")[0].id == index.search("medi sonde")[0].id


def test_filters(index: RulesIndex) -> None:
    assert {h.system for h in index.search("medecin", system="epic")} == {"epic"}
    assert index.search("leader", system="epic")[0].id == "epic-leader"
    isorian = index.search("plasma", faction="isorian", kind="weapon", limit=50)
    assert {h.id for h in isorian} == {
        "plasma-pistol",
        "plasma-carbine",
        "plasma-lance",
        "plasma-duocarb",
        "plasma-light-support",
        "plasma-cannon",
        "plasma-bombard",
        "plasma-grenades",
    }
    assert all(h.kind == "weapon" for h in isorian)
    assert "mag-repeater" not in {h.id for h in index.search("mag", faction="boromite", limit=50)}


def test_limit_and_empty_query(index: RulesIndex) -> None:
    assert len(index.search("drone", limit=3)) == 3
    listing = index.search("", kind="ammo", lang="en")
    assert [h.name for h in listing] == sorted((h.name for h in listing), key=str.lower)
    assert len(listing) == 9


def test_names_shown_in_the_language_typed(index: RulesIndex) -> None:
    assert index.search("Blast D(n)")[0].name == "Blast D(n)"
    assert index.search("Déflagration D(n)")[0].name == "Déflagration D(n)"
    assert index.search("blast", lang="en")[0].name == "Blast D(n)"
    assert index.search("blast", lang="fr")[0].name == "Déflagration D(n)"


def test_nothing_found(index: RulesIndex) -> None:
    assert index.search("zzkqxw") == []
    assert index.search("   ") != []  # an empty query browses


def test_suggest(index: RulesIndex) -> None:
    """ "Did you mean" reaches further than search: run-together and badly mangled words."""
    assert index.suggest("srambler")[0].id == "scrambler"
    assert index.suggest("compressionbombard")[0].id == "compression-bombard"
    assert index.suggest("synchronizr drone")[0].id == "synchroniser-drone"
    assert all(h.why == "fuzzy" for h in index.suggest("lectro lanse"))
    assert index.suggest("zz") == []


def test_suggest_names_in_the_reader_s_language(index: RulesIndex) -> None:
    """The same closest entries, named in French by default and in English on request."""
    french = index.suggest("armur fase", 2)
    english = index.suggest("armur fase", 2, lang="en")
    assert [h.id for h in french] == [h.id for h in english] == ["phase-armour", "reflex-armour"]
    assert [h.name for h in french] == ["Armure à phases", "Armure réflexe"]
    assert [h.name for h in english] == ["Phase Armour", "Reflex Armour"]
