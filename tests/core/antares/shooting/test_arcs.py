"""Arc markers on a shot (seed 000 "ARC (TIR EN ARC)"): "Lancez un D10 pour tout tir
traversant chaque Arc avant d'effectuer le test de Préc : 1-5 le tir passe [...] 6-10 [...]
rate automatiquement"; "Les armes SP sont affectées si le point visé [...] à moins de 3"."""

from __future__ import annotations

import pytest

from core.antares.shooting import resolve_shot
from core.common.dice import ScriptedDice
from core.common.errors import BadInput
from tests.core.antares.shooting.kit import fire, shot, steps


def test_each_shot_rolls_a_d10_per_arc_before_its_acc_test():
    # 3 models, 2 Arcs: shot 1 through (2, 5); shot 2 stopped at once (6); shot 3 by the
    # second Arc (4, 10); only shot 1 tests Acc (Acc 5 + 1 = 6: a hit; Res 5: 3 resists)
    result = fire("mag-gun", [2, 5, 6, 4, 10, 3, 3], models=3, arcs=2)
    assert [s for s, _, _ in steps(result)] == ["arc"] * 5 + ["acc", "res"]
    assert [(r.index, r.success) for r in result.rolls if r.step == "arc"] == [
        (1, True),
        (1, True),
        (2, False),
        (3, True),
        (3, False),
    ]
    assert result.intercepted == [2, 3] and result.arcs == 2
    assert [r.index for r in result.rolls if r.step == "acc"] == [1]
    assert result.hits == 1 and result.shots == 3


def test_an_arc_ten_is_not_an_acc_ten():
    """A 10 on the Arc die stops the shot; it is not the Acc 10 of Plasma Fade."""
    result = fire("plasma-cannon", [10], distance=20, arcs=1)
    assert result.intercepted == [1] and result.effects.order_down is None


def test_an_intercepted_overhead_template_lands_nothing():
    # X-Launcher with Blur ammo, 2 templates: the first stopped (7), the second through (1)
    # and on target (Acc 5 − 2 = 3: 2 hits); one marker lands
    result = fire("x-launcher", [7, 1, 2], ammo="blur", models=2, distance=20, arcs=1)
    assert [t.index for t in result.templates] == [2]
    assert [(m.template, m.on_target) for m in result.markers] == [(2, True)]


@pytest.mark.parametrize(
    ("count", "rolls", "faces", "intercepted"),
    [
        (1, [5], [5], False),  # 1-5: through
        (1, [6], [6], True),  # 6-10: automatic miss
        (2, [3, 10], [3, 10], True),
        (3, [7], [7], True),  # intercepted by the first Arc: the others are not rolled
        (3, [1, 2, 5], [1, 2, 5], False),
        (0, [], [], False),
    ],
)
def test_arc_dice_one_shot(count, rolls, faces, intercepted):
    # a shot that gets through then misses its Acc test (10): no Res test follows
    result = fire("mag-gun", rolls if intercepted else [*rolls, 10], arcs=count)
    assert [r.value for r in result.rolls if r.step == "arc"] == faces
    assert result.intercepted == ([1] if intercepted else [])


def test_no_arc_no_arc_die():
    assert [s for s, _, _ in steps(fire("mag-gun", [3, 9, 2], models=2))] == ["acc", "acc", "res"]


def test_more_than_ten_arcs_is_refused_before_any_die():
    with pytest.raises(BadInput) as caught:
        resolve_shot(shot("mag-gun", arcs=11), ScriptedDice([]))
    assert caught.value.key == "shoot.count_range"
