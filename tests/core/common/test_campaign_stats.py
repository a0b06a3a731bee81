"""The game-log figures a campaign keeps: weapon names, kinds of roll in a fixed order."""

from __future__ import annotations

import pytest

from core.common.campaign_stats import by_kind, combine, favourite_weapons, parse_game_stats
from core.common.errors import BadInput

MAG_GUN = {"en": "Mag Gun", "fr": "Fusil Mag"}


def luck(rolls: int, successes: int, expected: float) -> dict:
    return {"rolls": rolls, "successes": successes, "expected": expected}


def test_weapon_names_travel_with_their_shots_over_battles():
    first = parse_game_stats({"shots": {"mag-gun": 4}, "weapons": {"mag-gun": MAG_GUN}})
    second = parse_game_stats({"shots": {"mag-gun": 2, "Lance": 5}})  # a label, no names
    total = combine([first, second])
    assert favourite_weapons(total) == [("mag-gun", 6), ("Lance", 5)]
    assert total.weapons["mag-gun"].fr == "Fusil Mag" and "Lance" not in total.weapons


def test_kinds_of_roll_come_in_the_bots_order_then_the_others():
    stats = parse_game_stats(
        {
            "dice": {
                "break": luck(1, 1, 0.8),
                "Ag tests": luck(2, 1, 1.0),
                "acc": luck(6, 3, 2.4),
                "order": luck(1, 1, 0.6),
                "recovery": luck(0, 0, 0),  # no die rolled: left out
            }
        }
    )
    assert [label for label, _ in by_kind(stats)] == ["acc", "order", "break", "Ag tests"]


def test_a_weapon_name_too_long_is_refused():
    raw = {"shots": {"gun": 1}, "weapons": {"gun": {"en": "x" * 65, "fr": "x"}}}
    with pytest.raises(BadInput) as refused:
        parse_game_stats(raw)
    assert refused.value.key == "campaign.bad_game_stats"
