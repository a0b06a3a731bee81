"""Campaign rules: names, points schemes, battle checks, game-log figures (issue 7)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.common.campaign import (
    PointsScheme,
    check_battle,
    clean_faction,
    clean_text,
    faction_or_other,
    played_on,
    points_scheme,
    shown,
    winner_of,
)
from core.common.campaign_stats import combine, favourite_weapons, luck_extremes, parse_game_stats
from core.common.errors import BadInput

NOW = datetime(2025, 3, 10, 20, 0, tzinfo=UTC)


def key_of(call) -> str:
    with pytest.raises(BadInput) as caught:
        call()
    return caught.value.key


def test_names_are_trimmed_to_one_line():
    assert clean_text("  Winter   of\nAntares ", "name", 64) == "Winter of Antares"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("x" * 200, "campaign.too_long.name"),
        ("   ", "campaign.empty.name"),
        ("@everyone campaign", "campaign.mentions.name"),
        ("hi @here", "campaign.mentions.name"),
        ("<@123> league", "campaign.mentions.name"),
        ("<@!123>", "campaign.mentions.name"),
        ("<@&55> role", "campaign.mentions.name"),
        ("see <#42>", "campaign.mentions.name"),
    ],
)
def test_bad_names_are_refused(text, key):
    assert key_of(lambda: clean_text(text, "name", 64)) == key


def test_too_long_says_the_limit_and_the_length():
    with pytest.raises(BadInput) as caught:
        clean_text("x" * 200, "army", 64)
    assert caught.value.values == {"limit": 64, "length": 200}


def test_optional_text_may_be_empty_and_notes_keep_lines():
    assert clean_text(None, "notes", 500, required=False) is None
    assert clean_text("a\nb", "notes", 500, one_line=False) == "a\nb"
    assert clean_text("mail me @ home", "notes", 500) == "mail me @ home"


def test_shown_text_cannot_ping():
    assert shown("@everyone <@123>") == "@\u200beveryone <@\u200b123>"
    assert len(shown("y" * 300)) == 64


def test_factions_and_aliases():
    assert clean_faction("Algoryn") == "algoryn"
    assert clean_faction("boromite") == "boromites"
    assert key_of(lambda: clean_faction("Orks")) == "campaign.unknown_faction"


def test_a_played_armys_faction_is_one_of_the_factions_or_other():
    """A game's or an event list's faction, as its campaign battle keeps it."""
    assert faction_or_other("Ghar Outcasts") == "ghar-outcasts"
    assert faction_or_other("Orks") == "other"
    assert faction_or_other(None) is None


def test_points_scheme_defaults_and_checks():
    assert points_scheme() == PointsScheme(3, 1, 0)
    assert points_scheme(2, 1, 0).for_result(won=True, drawn=False) == 2
    assert key_of(lambda: points_scheme(1, 3, 0)) == "campaign.points_order"
    assert key_of(lambda: points_scheme(101, 1, 0)) == "campaign.points_range"
    assert key_of(lambda: points_scheme(3, 1, -1)) == "campaign.points_range"


def test_results_and_winners():
    assert winner_of("win", 7) == 7
    assert winner_of("draw", None) is None
    assert key_of(lambda: winner_of("win", None)) == "campaign.winner_needed"
    assert key_of(lambda: winner_of("draw", 7)) == "campaign.draw_with_winner"
    assert key_of(lambda: check_battle((1, 1), None)) == "campaign.self_battle"
    assert key_of(lambda: check_battle((1, 2), 3)) == "campaign.winner_not_playing"
    check_battle((1, 2), 2)


def test_battle_dates():
    assert played_on(None, NOW) == NOW
    assert played_on("2025-03-01", NOW).date().isoformat() == "2025-03-01"
    assert key_of(lambda: played_on("03/01/2025", NOW)) == "campaign.bad_date"
    assert played_on("2025-03-11", NOW).day == 11  # already the 11th east of UTC
    assert key_of(lambda: played_on("2025-03-12", NOW)) == "campaign.future_date"


def test_game_log_figures_add_up_over_battles():
    first = parse_game_stats(
        {
            "shots": {"Mag gun": 12, "Plasma carbine": 20},
            "dice": {"Acc tests": {"rolls": 20, "successes": 14, "expected": 11.0}},
        }
    )
    second = parse_game_stats(
        {
            "shots": {"Mag gun": 10, "Compactor": 2},
            "dice": {
                "Acc tests": {"rolls": 10, "successes": 4, "expected": 5.5},
                "Res tests": {"rolls": 8, "successes": 2, "expected": 4.8},
            },
        }
    )
    total = combine([first, second])
    assert favourite_weapons(total) == [("Mag gun", 22), ("Plasma carbine", 20), ("Compactor", 2)]
    luckiest, unluckiest = luck_extremes(total)
    assert luckiest[0] == "Acc tests" and luckiest[1].luck == pytest.approx(1.5)
    assert unluckiest[0] == "Res tests" and unluckiest[1].luck == pytest.approx(-2.8)


def test_one_kind_of_roll_is_lucky_or_unlucky():
    only = parse_game_stats({"dice": {"Co": {"rolls": 3, "successes": 0, "expected": 2}}})
    assert luck_extremes(only) == (None, ("Co", only.dice["Co"]))
    assert luck_extremes(parse_game_stats({})) == (None, None)


@pytest.mark.parametrize(
    "raw",
    [
        {"shots": {"Mag gun": -1}},
        {"shots": {"": 3}},
        {"dice": {"Acc": {"rolls": 3}}},
        "lots",
    ],
)
def test_bad_game_log_figures_are_refused(raw):
    assert key_of(lambda: parse_game_stats(raw)) == "campaign.bad_game_stats"
