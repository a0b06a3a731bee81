"""Ruleset settings for the M/L-confidence rules (rules-notes, header and each section)."""

from __future__ import annotations

import pytest

from core.antares.game import load_state, new_game
from core.antares.game_settings import set_rule
from core.antares.ruleset import Ruleset
from core.common.errors import BadInput, Conflict
from tests.core.antares.gamekit import ALICE, skirmish


def test_defaults_are_the_rules_notes_readings():
    rules = Ruleset()
    # "Shooting": Long/Extreme −1/−2, RF extra −1, cover +1/+2, 1 pin per attack with hits
    assert (rules.long_range_acc, rules.extreme_range_acc, rules.rf_extra_penalty) == (-1, -2, -1)
    assert (rules.cover_light, rules.cover_dense, rules.pins_per_hit_attack) == (1, 2, 1)
    assert rules.heavy_armour_above == 10 and rules.max_targeters == 3
    # seeds README "Net ammo for the Mag Mortar is D6 +1 in these files"
    assert rules.mag_mortar_net_die == 6
    # "Orders": Rally removes D6 pins; "End of turn": failed recovery removes no pin
    assert rules.rally_pins_die == 6 and rules.recovery_fail_removes_pin is False
    # "Shooting" break test: pins reaching Co break; break test at half casualties
    assert rules.break_at_pins_equal_co and rules.break_test_at_half_casualties
    assert rules.break_test_natural_one_removes_pin
    assert rules.massive_damage == "chart_twice_worst" and rules.h2h_max_rounds == 2


def test_overrides_accept_slash_option_text():
    rules = Ruleset().with_overrides(
        {
            "rally_pins_die": "D3",
            "recovery_fail_removes_pin": "on",
            "long_range_acc": "-2",
            "mag_mortar_net_die": "10",
            "massive_damage": "chart_once",
        }
    )
    assert rules.rally_pins_die == 3 and rules.recovery_fail_removes_pin is True
    assert rules.long_range_acc == -2 and rules.mag_mortar_net_die == 10
    assert rules.changed() == {
        "rally_pins_die": 3,
        "recovery_fail_removes_pin": True,
        "long_range_acc": -2,
        "mag_mortar_net_die": 10,
        "massive_damage": "chart_once",
    }


def test_unknown_setting():
    with pytest.raises(BadInput) as caught:
        Ruleset().with_overrides({"rally_pins": 6})
    assert caught.value.key == "ruleset.unknown_key"
    assert caught.value.values["setting"] == "rally_pins"
    assert "rally_pins_die" in caught.value.values["known"]


@pytest.mark.parametrize(
    ("setting", "value", "expected"),
    [
        ("rally_pins_die", 7, "3, 4, 5, 6, 10"),
        ("long_range_acc", 1, "-5..0"),
        ("long_range_acc", True, "-5..0"),
        ("long_range_acc", "-1.5", "-5..0"),
        # text int() cannot read: a digit that is no number, two signs, 6,000 digits
        ("long_range_acc", "³", "-5..0"),
        ("long_range_acc", "--1", "-5..0"),
        ("rally_pins_die", "9" * 6000, "3, 4, 5, 6, 10"),
        ("break_at_pins_equal_co", "maybe", "on/off"),
        ("massive_damage", "roll_thrice", "chart_twice_worst, chart_twice_both, chart_once"),
    ],
)
def test_bad_values(setting, value, expected):
    with pytest.raises(BadInput) as caught:
        Ruleset().with_overrides({setting: value})
    assert caught.value.key == "ruleset.bad_value"
    assert caught.value.values == {"setting": setting, "value": value, "expected": expected}


def test_listing_describes_every_setting():
    listing = Ruleset().with_overrides({"cover_dense": 3}).listing()
    assert [s.key for s in listing] == list(Ruleset.model_fields)
    assert all(s.description for s in listing)
    dense = next(s for s in listing if s.key == "cover_dense")
    assert (dense.value, dense.default, dense.expected) == (3, 2, "0..5")


def test_a_game_keeps_only_changed_settings_and_can_change_one():
    state = new_game("Club night", ALICE, {"cover_light": 1, "rally_pins_die": 3})
    assert state.ruleset_overrides == {"rally_pins_die": 3}
    state, changed = set_rule(state, "rally_pins_die", "6")
    assert (changed.before, changed.after) == (3, 6) and state.ruleset_overrides == {}
    with pytest.raises(BadInput):
        set_rule(state, "cover_light", 9)
    assert load_state(state.model_dump_json()).ruleset() == Ruleset()


def test_game_name_is_checked():
    for name, key in (("", "game.name_empty"), ("g" * 65, "game.name_too_long")):
        with pytest.raises(BadInput) as caught:
            new_game(name, ALICE)
        assert caught.value.key == key


def test_state_from_a_newer_schema_is_refused():
    text = skirmish().model_copy(update={"schema_version": 99}).model_dump_json()
    with pytest.raises(Conflict) as caught:
        load_state(text)
    assert caught.value.key == "game.schema_too_new"


def test_a_game_builds_each_ruleset_once_and_refuses_a_bad_override_each_time():
    """Issue 31: a move asks for its ruleset several times; the same overrides give the same
    (frozen) ruleset, built once; a changed setting gives its own; a bad one is refused."""
    from core.antares.game import ruleset_of

    game = new_game("Vorl", ALICE, {"long_range_acc": -2})
    assert game.ruleset() is game.ruleset() is ruleset_of({"long_range_acc": -2})
    assert game.ruleset().long_range_acc == -2
    changed = game.model_copy(update={"ruleset_overrides": {"long_range_acc": -3}})
    assert changed.ruleset().long_range_acc == -3 and game.ruleset().long_range_acc == -2
    for _ in range(2):
        with pytest.raises(BadInput):
            ruleset_of({"no_such_setting": 1})
