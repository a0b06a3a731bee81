"""The fairness check of `/game dice` (issue 19): chi-square of D10 faces, in words."""

from __future__ import annotations

import pytest

from core.antares.odds.fairness import check_faces, chi_square_p


def test_p_values_of_nine_degrees():
    """Known values of the chi-square distribution with 9 degrees of freedom."""
    assert chi_square_p(16.919, 9) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_p(21.666, 9) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_p(0.0, 9) == 1.0


def test_a_fair_looking_die_is_nothing_unusual():
    check = check_faces({str(face): 10 for face in range(1, 11)})
    assert check.verdict == "nothing_unusual" and check.chi_square == 0


def test_high_low_and_too_few():
    assert check_faces({"10": 20, "9": 20, "1": 5}).verdict == "unusually_high"
    assert check_faces({"1": 30, "2": 20, "10": 2}).verdict == "unusually_low"
    assert check_faces({"1": 20, "10": 20}).verdict == "uneven"
    assert check_faces({"10": 12}).verdict == "too_few"
