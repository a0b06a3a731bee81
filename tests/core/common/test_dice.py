"""The dice sources (core/common/dice.py): fair faces, every die in range, reproducible seeds."""

from __future__ import annotations

from collections import Counter

import pytest

from core.common.dice import ScriptedDice, SeededDice, SystemDice


class BytesDice(SystemDice):
    """System dice fed with chosen bytes, to check the rejection by hand."""

    def __init__(self, *blocks: bytes) -> None:
        super().__init__()
        self.blocks = list(blocks)

    def _fresh_block(self) -> bytes:
        return self.blocks.pop(0)


def test_a_byte_above_the_fair_range_is_rejected_not_folded():
    # d6: 256 = 42 * 6 + 4, so bytes 252-255 would favour faces 1-4; they are skipped.
    dice = BytesDice(bytes([255, 252, 7, 251]))
    assert dice.roll(6) == 7 % 6 + 1 == 2
    assert dice.roll(6) == 251 % 6 + 1 == 6


def test_d10_uses_bytes_0_to_249():
    dice = BytesDice(bytes([250, 249, 0, 9]))
    assert [dice.roll(10), dice.roll(10), dice.roll(10)] == [10, 1, 10]


def test_a_d1000_takes_two_bytes_and_a_new_block_when_one_runs_out():
    # 65536 = 65 * 1000 + 536: two-byte values from 65000 up are rejected.
    dice = BytesDice(bytes([0xFF, 0xFF, 0x01]), bytes([0x01, 0xF4, 0x00, 0x00]))
    assert dice.roll(1000) == 0x01F4 % 1000 + 1 == 501  # 0xFFFF rejected, 0x01 left over
    assert dice.roll(1000) == 1


@pytest.mark.parametrize("sides", [2, 3, 5, 6, 10, 100, 256, 257, 1000])
def test_every_face_comes_up_and_nothing_else(sides):
    dice = SystemDice()
    rolls = Counter(dice.roll(sides) for _ in range(sides * 60))
    assert set(rolls) <= set(range(1, sides + 1))
    if sides <= 10:
        assert set(rolls) == set(range(1, sides + 1))


def test_system_d10_is_uniform():
    """60,000 d10: chi-square with 9 degrees of freedom stays below 37.7 (p = 1e-5)."""
    dice, count = SystemDice(), 60_000
    rolls = Counter(dice.roll(10) for _ in range(count))
    expected = count / 10
    chi_square = sum((rolls[face] - expected) ** 2 / expected for face in range(1, 11))
    assert chi_square < 37.7


def test_a_die_without_faces_is_refused():
    with pytest.raises(ValueError):
        SystemDice().roll(0)


def test_huge_dice_still_roll_in_range():
    dice = SystemDice()
    assert all(1 <= dice.roll(10**9) <= 10**9 for _ in range(100))


def test_seeded_dice_repeat_and_cover_every_face():
    again, other, eight = SeededDice(7), SeededDice(7), SeededDice(8)
    assert [again.roll(10) for _ in range(500)] == [other.roll(10) for _ in range(500)]
    assert {eight.roll(10) for _ in range(500)} == set(range(1, 11))


def test_scripted_dice_refuse_a_face_the_die_does_not_have():
    with pytest.raises(AssertionError, match="cannot come from a d6"):
        ScriptedDice([7]).roll(6)
