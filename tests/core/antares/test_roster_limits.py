"""What one roster may cost (issue 28, "Rosters bounded in cost"): each limit stops the read at
the first element past it, with a refusal naming the limit and its value; a real roster is
far below every one of them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from core.antares.roster import import_roster, limits, match_roster, parse_roster, read_roster
from core.antares.roster.model import Army, ArmyUnit
from core.common.errors import BadInput
from rulesdb import load_rules
from tests.discord.army_kit import many_units
from tests.discord.hostile_rosters import (
    empty_elements,
    long_tag,
    many_attributes,
    nested,
    unknown_options,
    with_cost,
    with_number,
    zipped,
)

DB = load_rules()


def refusal(xml: bytes) -> BadInput:
    with pytest.raises(BadInput) as refused:
        parse_roster(xml)
    return refused.value


def test_a_real_hundred_unit_roster_is_far_below_every_limit():
    root = ET.fromstring(many_units(100))
    elements = list(root.iter())
    attributes = sum(len(e.attrib) for e in elements)
    assert len(elements) * 10 < limits.ELEMENTS_MAX  # 3,231 of 60,000
    assert attributes * 10 < limits.ATTRIBUTES_MAX  # 7,240 of 200,000
    assert len(parse_roster(many_units(100)).units) == 100


def test_millions_of_empty_elements_stop_at_the_element_limit():
    """20 KB zipped, 4.8 million elements: the read stops at element 60,001."""
    data = zipped(empty_elements(4_800_000))
    assert len(data) < 20 * 1024
    with pytest.raises(BadInput) as refused:
        read_roster("hostile.rosz", data)
    assert (refused.value.key, refused.value.values) == (
        "army.limit.elements",
        {"limit": limits.ELEMENTS_MAX},
    )


@pytest.mark.parametrize(
    ("xml", "key", "limit"),
    [
        (nested(limits.DEPTH_MAX + 1), "army.limit.depth", limits.DEPTH_MAX),
        (long_tag(300 * 1024), "army.limit.span", limits.SPAN_MAX // 1024),
        (many_attributes(20_000, 11), "army.limit.attributes", limits.ATTRIBUTES_MAX),
        (empty_elements(limits.ELEMENTS_MAX), "army.limit.elements", limits.ELEMENTS_MAX),
    ],
    ids=["depth", "one tag of 300 KB", "220,000 attributes", "60,000 elements and the roster"],
)
def test_each_limit_is_named_with_its_value(xml, key, limit):
    assert (refusal(xml).key, refusal(xml).values) == (key, {"limit": limit})


def test_just_under_the_limits_the_roster_is_read_on():
    """The same shapes one step below: no refusal of a limit (no units is the answer)."""
    for xml in (nested(limits.DEPTH_MAX - 8), long_tag(200 * 1024), empty_elements(50_000)):
        assert refusal(xml).key == "army.no_units"


@pytest.mark.parametrize(
    "xml",
    [with_cost(b"nan"), with_cost(b"1e309"), with_cost(b"9" * 400), with_cost(b"inf"),
     with_number(b"9" * 5000), with_number(b"1234567")],
    ids=["cost nan", "cost 1e309", "cost of 400 digits", "cost inf", "5,000-digit number",
         "7-digit number"],
)  # fmt: skip
def test_a_hostile_number_is_refused_saying_which(xml):
    refused = refusal(xml)
    assert refused.key == "army.bad_number" and refused.values["limit"] == limits.DIGITS_MAX
    assert refused.values["value"][:3] in ("nan", "1e3", "999", "inf", "123")


def test_a_cost_as_battlescribe_writes_it_is_read():
    assert parse_roster(with_cost(b"150.5")).points == 655  # the roster's own total
    assert parse_roster(with_cost(b"-12.25")).units[0].points == int(-12.25 + 10 + 10)


def test_a_unit_with_too_many_options_is_refused_naming_it():
    refused = refusal(unknown_options(2, limits.OPTIONS_PER_UNIT + 1))
    assert (refused.key, refused.values) == (
        "army.too_many_options",
        {"unit": "AI Command Squad", "limit": limits.OPTIONS_PER_UNIT},
    )
    assert len(parse_roster(unknown_options(2, limits.OPTIONS_PER_UNIT - 6)).units) == 2


def test_warnings_past_the_kept_ones_are_counted():
    """40 units with 20 unknown options each: 800 warnings, 50 kept, 750 counted."""
    army = match_roster(parse_roster(unknown_options(40, 20)), DB)
    unknown = [w for w in army.warnings if w.key == "army.warn.unknown_upgrade"]
    assert len(army.warnings) == limits.WARNINGS_KEPT
    assert len(army.warnings) + army.warnings_more >= 40 * 20
    assert unknown[0].values["upgrade"].startswith("Unknown Option 0000")
    assert all(len(u.unknown) >= 20 for u in army.units)  # every unit keeps its own notes


def test_an_army_too_big_to_keep_is_refused_with_its_size():
    """500 units, each with 50 options of 100 characters the bot does not know: 2.7 MB."""
    data = zipped(unknown_options(500, 50, name_length=100))
    with pytest.raises(BadInput) as refused:
        import_roster("big.rosz", data, DB)
    assert refused.value.key == "army.army_too_big"
    assert refused.value.values["size"] > refused.value.values["limit"] == 1024


def test_an_import_gives_the_army_as_it_is_saved():
    imported = import_roster("army.rosz", zipped(many_units(100)), DB)
    assert Army.model_validate_json(imported.saved) == imported.army
    assert len(imported.saved) < limits.ARMY_BYTES_MAX // 4
    assert isinstance(imported.army.units[0], ArmyUnit)
