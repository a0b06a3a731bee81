"""Line of sight on hexes (seed 001_a44ac8d942876a56.txt, heading "Ligne de Vue") and its
short notation."""

from __future__ import annotations

import pytest

from core.common.errors import BadInput
from core.hexwar.los import line_of_sight
from core.hexwar.notation import parse_line


def sight(source, target, line, **positions):
    return line_of_sight(source, target, parse_line(line), **positions)


@pytest.mark.parametrize(
    ("source", "target", "line", "visible", "rule", "index"),
    [
        # "Vers une Unité Adjacente, elle est toujours accordée"
        (0, 5, "", True, "adjacent", None),
        # effective altitude: + ½ unless Clair, Eau or Lave
        (1, 1, "1 1w 1l", True, "clear", None),
        (1, 1, "1 1d 1", False, "higher_than_both", 2),
        (1, 1, "0 2 0", False, "higher_than_both", 2),
        # a wood on a hex one level below both: 0 + ½ is not above 1
        (1, 1, "0d 0d", True, "clear", None),
        # source below: a hex strictly nearer the source at the target's ground height
        (0, 2, "0 2 1 1", False, "closer_to_source", 2),
        (0, 2, "0 1 1 2", True, "clear", None),  # nearer the target: does not block
        # source below: the first hex higher than the source's ground
        (0, 2, "1 0 0", False, "first_hex", 1),
        (0, 2, "0r 0 0", False, "first_hex", 1),
        # source above: a hex strictly nearer the target at the source's ground height
        (2, 0, "1 1 2 0", False, "closer_to_target", 3),
        (2, 0, "0 0 1", False, "last_hex", 3),
        # a line along a hex side: granted only if possible on both hexes
        (1, 1, "1 1/1d 1", False, "higher_than_both", 2),
        (1, 1, "1 1/1w 1", True, "clear", None),
    ],
)
def test_cases(source, target, line, visible, rule, index):
    found = sight(source, target, line)
    assert (found.visible, found.rule) == (visible, rule)
    assert (found.blocker.index if found.blocker else None) == index


def test_first_line_that_applies_flight_then_infiltration():
    # "Depuis ou vers une Unité En Vol (mais pas en Vol Rapproché), elle est toujours accordée"
    assert sight(0, 0, "5", source_position="distant_flight").visible
    assert not sight(0, 0, "5", source_position="close_flight").visible
    # "Depuis ou vers une Unité En Infiltration Distante ... jamais accordée"
    assert not sight(0, 0, "", target_position="deep_infiltration").visible
    assert sight(0, 0, "", target_position="close_infiltration").visible


def test_effective_altitudes_are_listed():
    assert sight(1, 1, "1 2d 0/1r").effective == [[1.0], [2.5], [0.0, 1.5]]


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("1 2q", "hex.bad_terrain"),
        ("1 -1", "hex.bad_altitude"),
        ("21", "hex.bad_altitude"),
        ("1//2", "hex.bad_token"),
        ("a1", "hex.bad_token"),
        ("1 " * 31, "hex.line_too_long"),
        ("1/2/3", "hex.bad_token"),
    ],
)
def test_bad_notation_is_refused(line, key):
    with pytest.raises(BadInput) as refused:
        parse_line(line)
    assert refused.value.key == key


def test_notation_reads_french_letters_and_commas():
    steps = parse_line("1a, 2e; 0/1d")
    assert [[(h.altitude, h.terrain) for h in s] for s in steps] == [
        [(1, "rough")],
        [(2, "water")],
        [(0, "clear"), (1, "difficult")],
    ]
