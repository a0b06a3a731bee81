"""Campaign figures read from a game's log (issue 7: "favourite weapons by shots fired",
"luckiest and unluckiest dice (rolls vs expectation, from the game logs)")."""

from __future__ import annotations

import json

import pytest

from core.antares.bag import take
from core.antares.casualties import casualties
from core.antares.game_stats import BREAK, ORDER, RECOVERY, STEP_KINDS, game_stats, pass_chance
from core.antares.orders import give_order
from core.antares.pins import add_pins
from core.antares.shooting import CombatSide, resolve_round
from core.antares.turn import end_turn
from core.antares.units import remove_unit
from core.common.campaign_stats import ROLL_KINDS, parse_game_stats
from core.common.dice import ScriptedDice
from tests.core.antares.gamekit import ALICE, BOB, skirmish

OWNERS = {"u1": ALICE, "u2": BOB}
MAG_GUN = {"id": "mag-gun", "name_en": "Mag Gun", "name_fr": "Fusil Mag"}
CARBINE = {"id": "plasma-carbine", "name_en": "Plasma Carbine", "name_fr": "Carabine Plasma"}


def unit(unit_id: str) -> dict:
    return {"id": unit_id, "name": unit_id, "colour": "red"}


def d10(step: str, value: int, target: int, success: bool, side: str | None = None) -> dict:
    return {
        "step": step,
        "sides": 10,
        "value": value,
        "target": target,
        "success": success,
        "index": 1,
        "note": None,
        "side": side,
    }


def roll_test(roll: int, target: int) -> dict:
    return {
        "roll": roll,
        "stat": target,
        "modifier": 0,
        "pins": 0,
        "target": target,
        "passed": roll == 1 or (roll != 10 and roll <= target),
        "natural_one": roll == 1,
        "natural_ten": roll == 10,
    }


@pytest.mark.parametrize(
    ("target", "chance"), [(-2, 0.1), (0, 0.1), (1, 0.1), (5, 0.5), (9, 0.9), (10, 0.9), (14, 0.9)]
)
def test_a_natural_one_passes_and_a_natural_ten_fails(target, chance):
    assert pass_chance(target) == chance


def test_every_kind_counted_is_one_the_campaign_shows():
    assert {*STEP_KINDS.values(), ORDER, RECOVERY, BREAK} == set(ROLL_KINDS)


SCRIPTED_LOG = [
    ("unit_add", {"unit": {"id": "u3", "owner_id": BOB}, "dice_added": 1}),  # removed later
    # Alice's Troopers fire 3 shots at Acc 6: 3, 7, 1 (2 hits); Bob's Res 4: 5, 2; break 4/8
    (
        "shoot",
        {
            "weapon": MAG_GUN,
            "shooter": unit("u1"),
            "target": unit("u2"),
            "result": {
                "shots": 3,
                "rolls": [
                    d10("acc", 3, 6, True),
                    d10("acc", 7, 6, False),
                    d10("acc", 1, 6, True),
                    d10("res", 5, 4, False),
                    d10("res", 2, 4, True),
                ],
            },
            "applied": {
                "target": {
                    "unit_id": "u2",
                    "break_test": {
                        "unit_id": "u2",
                        "unit_name": "Gangers",
                        "record": {"test": roll_test(4, 8)},
                    },
                }
            },
        },
    ),
    # Bob's Gangers: 2 shots at Acc 5 (the D6 is no test): 2, 8, then the Spotter's 4;
    # Alice's heavily armoured Res 12 fails on a 10
    (
        "shoot",
        {
            "weapon": CARBINE,
            "shooter": unit("u2"),
            "target": unit("u1"),
            "result": {
                "shots": 2,
                "rolls": [
                    {"step": "shots", "sides": 6, "value": 2, "target": None, "success": None},
                    d10("acc", 2, 5, True),
                    d10("acc", 8, 5, False),
                    d10("spotter", 4, 5, True),
                    d10("res", 10, 12, False),
                ],
            },
        },
    ),
    # typed stats fire at Alice's Troopers: no shooter's figures, Alice's Res 4 passes on 3
    (
        "shoot",
        {
            "weapon": MAG_GUN,
            "shooter": None,
            "target": unit("u1"),
            "result": {"shots": 5, "rolls": [d10("acc", 1, 7, True), d10("res", 3, 4, True)]},
        },
    ),
    ("order", {"unit_id": "u1", "owner_id": ALICE, "order_test": {"test": roll_test(4, 5)}}),
    (
        "turn_end",
        {
            "recovery": [
                {"unit_id": "u2", "test": roll_test(9, 7)},
                {"unit_id": "u1", "test": None},
            ]
        },
    ),
    ("casualties", {"unit_id": "u3", "break_test": {"test": roll_test(1, 2)}}),
    # close combat: each die says whose it is
    (
        "assault",
        {
            "attacker": unit("u1"),
            "defender": unit("u2"),
            "result": {
                "rolls": [
                    d10("str", 3, 5, True, "attacker"),
                    d10("str", 7, 6, False, "defender"),
                    d10("res", 4, 4, True, "defender"),
                    d10("res_reroll", 6, 3, False, "attacker"),
                ]
            },
            "applied": {"attacker": None, "defender": {"unit_id": "u2", "break_test": None}},
        },
    ),
    ("pins_add", {"unit_id": "u1"}),
    ("undo", {"events": []}),
]


def test_a_scripted_log_gives_shots_and_luck_per_player():
    figures = game_stats(SCRIPTED_LOG, OWNERS)
    assert figures[ALICE]["shots"] == {"mag-gun": 3}
    assert figures[ALICE]["weapons"] == {"mag-gun": {"en": "Mag Gun", "fr": "Fusil Mag"}}
    assert figures[ALICE]["dice"] == {
        "acc": {"rolls": 3, "successes": 2, "expected": 1.8},
        "res": {"rolls": 3, "successes": 1, "expected": 1.6},  # .9 + .4 + reroll on 3: .3
        "order": {"rolls": 1, "successes": 1, "expected": 0.5},
        "str": {"rolls": 1, "successes": 1, "expected": 0.5},
    }
    assert figures[BOB]["shots"] == {"plasma-carbine": 2}
    assert figures[BOB]["dice"] == {
        "res": {"rolls": 3, "successes": 2, "expected": 1.2},  # .4 + .4, then .4 in combat
        "break": {"rolls": 2, "successes": 2, "expected": 1.0},  # Co 8 and the removed u3
        "acc": {"rolls": 3, "successes": 2, "expected": 1.5},
        "recovery": {"rolls": 1, "successes": 0, "expected": 0.7},
        "str": {"rolls": 1, "successes": 0, "expected": 0.6},
    }
    for player in (ALICE, BOB):  # what the campaign keeps
        assert not parse_game_stats(figures[player]).is_empty()


def test_the_final_owner_wins_and_unknown_units_count_for_nobody():
    log = [
        ("unit_add", {"unit": {"id": "u1", "owner_id": BOB}}),
        ("order", {"unit_id": "u1", "owner_id": BOB, "order_test": {"test": roll_test(2, 6)}}),
        (
            "shoot",
            {
                "weapon": MAG_GUN,
                "shooter": unit("u9"),
                "target": unit("u8"),
                "result": {"shots": 2, "rolls": [d10("acc", 2, 5, True)]},
            },
        ),
    ]
    assert game_stats(log, {"u1": ALICE}) == {
        ALICE: {
            "shots": {},
            "weapons": {},
            "dice": {"order": {"rolls": 1, "successes": 1, "expected": 0.6}},
            "faces": {"2": 1},  # the D10 faces of the tests (issue 19)
        },
    }
    assert game_stats([], OWNERS) == {}


def test_a_drifted_templates_hits_count_for_the_unit_it_covered():
    """Issue 22: the hits of a drifted template are no shot of their own; the Res tests and
    the break test are the covered unit's owner's (here Alice's own unit)."""
    broke = {"test": roll_test(4, 8)}
    drift = {
        "shot_seq": 5,
        "template": 1,
        "weapon": MAG_GUN,
        "shooter": unit("u1"),
        "target": unit("u1"),
        "result": {"shots": 0, "rolls": [d10("res", 9, 3, False)]},
        "applied": {"target": {"unit_id": "u1", "casualties": {"break_test": broke}}},
    }
    figures = game_stats([("drift", drift)], OWNERS)
    assert figures == {
        ALICE: {
            "shots": {},
            "weapons": {},
            "dice": {
                "res": {"rolls": 1, "successes": 0, "expected": 0.3},
                "break": {"rolls": 1, "successes": 1, "expected": 0.8},
            },
            "faces": {"9": 1, "4": 1},
        },
    }


def test_mines_count_for_the_mine_layer_and_the_units_caught():
    order = {"unit_id": "u1", "owner_id": ALICE, "order_test": {"test": roll_test(3, 6)}}
    share = {
        "unit_id": "u2",
        "shot": {
            "shots": 2,
            "rolls": [d10("acc", 4, 5, True), d10("acc", 6, 5, False), d10("res", 2, 4, True)],
        },
        "damage": {"unit_id": "u2", "casualties": {"break_test": {"test": roll_test(10, 9)}}},
    }
    log = [
        ("mine_lay", {"mine": None, "order": order}),
        ("mine_trigger", {"mine": {"owner_id": ALICE}, "shares": [share]}),
    ]
    figures = game_stats(log, OWNERS)
    assert figures[ALICE]["shots"] == {}  # a mine is no shot of a weapon
    assert figures[ALICE]["dice"] == {
        "order": {"rolls": 1, "successes": 1, "expected": 0.6},
        "acc": {"rolls": 2, "successes": 1, "expected": 1.0},
    }
    assert figures[BOB]["dice"] == {
        "res": {"rolls": 1, "successes": 1, "expected": 0.4},
        "break": {"rolls": 1, "successes": 0, "expected": 0.9},
    }


def dumped(result) -> dict:
    return json.loads(result.model_dump_json())


def test_the_rules_payloads_read_as_they_are_logged():
    """Order, casualties (break test), end of turn (recovery) and close combat, as the rules
    return them: what the log keeps is what `game_stats` reads."""
    state = skirmish()
    state, _ = add_pins(state, "u1", 2)
    state, _ = take(state, "u1")  # Alice's die for the Troopers
    log = []
    # Co 8 − 2 pins = 6: a 7 fails, the Troopers go Down with one pin less
    state, ordered = give_order(state, "u1", "fire", ScriptedDice([7]))
    log.append(("order", dumped(ordered)))
    state, lost = casualties(state, "u2", 3, ScriptedDice([3]))  # break test: Co 9: passes
    log.append(("casualties", dumped(lost)))
    state, ended = end_turn(state, ScriptedDice([5]))  # Down, 1 pin left: Co 8 − 1 = 7
    log.append(("turn_end", dumped(ended)))
    combat = resolve_round(
        CombatSide(str=5, res=6, models=1),
        CombatSide(str=6, res=5, models=1),
        ScriptedDice([4, 9, 2]),  # Str 5: 4 hits; Str 6: 9 misses; Res 5 − SV 0: 2 saves
    )
    log.append(
        ("assault", {"attacker": unit("u1"), "defender": unit("u2"), "result": dumped(combat)})
    )
    state, removed = remove_unit(state, "u2")
    log.append(("unit_remove", dumped(removed)))
    figures = game_stats(log, {u.id: u.owner_id for u in state.units.values()})
    assert figures[ALICE]["dice"] == {
        "order": {"rolls": 1, "successes": 0, "expected": 0.6},
        "recovery": {"rolls": 1, "successes": 1, "expected": 0.7},
        "str": {"rolls": 1, "successes": 1, "expected": 0.5},
    }
    assert figures[BOB]["dice"] == {
        "break": {"rolls": 1, "successes": 1, "expected": 0.9},
        "str": {"rolls": 1, "successes": 0, "expected": 0.6},
        "res": {"rolls": 1, "successes": 1, "expected": 0.5},
    }
