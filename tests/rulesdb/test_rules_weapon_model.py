"""How a weapon mode answers the engine: bands by distance, strike value by band, labels."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from rulesdb.models import Band, Effect, Mode, RollTable, RulesDB
from rulesdb.weapons import BANDS

ALL_FACTIONS = ("boromite", "isorian", "algoryn")


@pytest.mark.parametrize(
    ("distance", "band"),
    [
        (5, None),
        (9.9, None),
        (10, "effective"),
        (30, "effective"),
        (30.5, "long"),
        (40, "long"),
        (41, "extreme"),
        (50, "extreme"),
        (50.1, None),
    ],
)
def test_mag_mortar_bands(db: RulesDB, distance: float, band: str | None) -> None:
    """000 "Mag Mortar": 10-30" / 40" / 50" (a minimum range of 10")."""
    assert db.weapons["mag-mortar"].mode().band_at(distance) == band


def test_a_mode_without_extreme_band(db: RulesDB) -> None:
    """000 "Plasma Carbine - Dispersion": 20" / 30" / Aucune."""
    scatter = db.weapons["plasma-carbine"].mode("scatter")
    assert (scatter.band_at(0), scatter.band_at(25), scatter.band_at(31)) == (
        "effective",
        "long",
        None,
    )
    assert list(scatter.bands()) == ["effective", "long"]


def test_strike_value_by_band(db: RulesDB) -> None:
    """000 "Compression Bombard": 9/7/5 (Compresseur)."""
    mode = db.weapons["compression-bombard"].mode()
    assert [mode.sv_at(b) for b in BANDS] == [9, 7, 5]
    assert mode.sv.text() == "9/7/5"


@pytest.mark.parametrize(
    ("weapon", "auto_hits", "sv"),
    [
        ("frag-borer", 0, 3),
        ("frag-borer", 1, 4),
        ("frag-borer", 7, 10),
        ("frag-borer", 12, 10),
        ("heavy-frag-borer", 4, 10),
        ("fractal-cannon", 3, 5),
        ("fractal-bombard", 1, 5),
        ("fractal-bombard", 4, 10),
    ],
)
def test_fractal_lock_raises_the_sv_to_ten(
    db: RulesDB, weapon: str, auto_hits: int, sv: int
) -> None:
    """000/002/003 "Verrouillage Fractal": +1 per automatic hit, max 10 (3+2 for the Bombard)."""
    assert db.weapons[weapon].mode().sv_at("effective", auto_hits) == sv


def test_strike_values_that_are_not_numbers(db: RulesDB) -> None:
    assert db.weapons["d-spinner"].mode().sv_at("effective") is None
    assert db.weapons["d-spinner"].mode().sv.text() == "Variable"
    assert db.weapons["sensor-module"].mode().sv.text() == "NA"
    assert db.weapons["mag-cannon"].mode().sv_at("extreme") == 5


def test_labels_in_both_languages(db: RulesDB) -> None:
    mode = db.weapons["mag-mortar"].mode()
    assert [db.rules[r.id].label(r.param, "en") for r in mode.rules] == [
        "OHx2",
        "Blast D10",
        "No Cover",
    ]
    assert [db.rules[r.id].label(r.param, "fr") for r in mode.rules] == [
        "SPx2",
        "Déflagration D10",
        "Pas de Couvert",
    ]
    assert db.rules["rapid-fire-d6"].label(None, "en") == "RF D6 (Fire)"
    assert db.rules["rapid-fire"].summary_en and db.rules["rapid-fire"].summary_fr


def test_modes_by_id(db: RulesDB) -> None:
    lance = db.weapons["plasma-lance"]
    assert [m.id for m in lance.modes] == ["scatter", "single-shot", "lance"]
    assert lance.mode("lance").rule("demolition").param == "m"
    with pytest.raises(ValueError):
        lance.mode()
    with pytest.raises(KeyError):
        lance.mode("burst")


def test_factions_follow_the_tables(db: RulesDB) -> None:
    assert db.weapons["plasma-carbine"].factions == ALL_FACTIONS
    assert db.weapons["mag-pistol"].factions == ("boromite", "algoryn")
    assert db.weapons["imtel-stave"].factions == ("isorian",)


@given(distance=st.floats(min_value=0, max_value=300, allow_nan=False))
def test_band_at_agrees_with_the_bands(db: RulesDB, distance: float) -> None:
    for weapon in db.weapons.values():
        for mode in weapon.modes:
            band = mode.band_at(distance)
            bands = mode.bands()
            if band is None:
                too_close = bands and bands["effective"].min and distance < bands["effective"].min
                assert not bands or too_close or distance > list(bands.values())[-1].max
                continue
            names = list(bands)
            low = bands[names[names.index(band) - 1]].max if names.index(band) else 0
            assert low <= distance <= bands[band].max


@pytest.mark.parametrize(
    ("model", "data"),
    [
        (Band, {"min": 30, "max": 10}),
        (Band, {"max": 10, "extra": 1}),
        (Mode, {"id": "x", "h2h_only": True, "effective": {"max": 10}, "sv": 1}),
        (Mode, {"id": "x", "sv": 1}),
        (Mode, {"id": "x", "effective": {"max": 10}, "long": {"min": 5, "max": 20}, "sv": 1}),
        (Mode, {"id": "x", "name_fr": "Tir", "effective": {"max": 10}, "sv": 1}),
        (Mode, {"id": "x", "effective": {"max": 10}, "sv": "3"}),
        (Effect, {"kind": "pins"}),
        (Effect, {"kind": "down", "dice": "D3"}),
        (Effect, {"kind": "pins", "dice": "D7"}),
    ],
)
def test_invalid_shapes_are_refused(model: type, data: dict) -> None:
    with pytest.raises(ValidationError):
        model.model_validate(data)


def test_a_table_must_cover_its_die(db: RulesDB) -> None:
    data = db.tables["heavy-weapon-damage"].model_dump()
    data["rows"] = data["rows"][:-1]
    with pytest.raises(ValidationError, match="rows end at 5"):
        RollTable.model_validate(data)
