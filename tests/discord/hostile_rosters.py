"""Rosters built to cost as much as possible (issue 28), for the tests and `bench/`.

Each is small as uploaded and hostile inside: millions of empty elements, units full of
options the bot does not know, a tag of megabytes, numbers no parser should be asked to read.
"""

from __future__ import annotations

import io
import zipfile

from tests.discord.army_kit import many_units, roster

HEAD = (
    b'<?xml version="1.0" encoding="UTF-8"?><roster name="Hostile" gameSystemName="Beyond the'
    b' Gates of Antares"><forces><force catalogueName="Algoryn Prosperate"><selections>'
)
TAIL = b"</selections></force></forces></roster>"
UNIT_END = b"</selections>\n          <costs>"  # where a unit's own selections end


def zipped(xml: bytes, name: str = "hostile.ros") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr(name, xml)
    return buffer.getvalue()


def empty_elements(count: int) -> bytes:
    """A roster of `count` empty elements: 4.8 million fit in 20 MB, and zip to 20 KB."""
    return HEAD + b"<a/>" * count + TAIL


def nested(depth: int) -> bytes:
    return HEAD + b"<selection>" * depth + b"</selection>" * depth + TAIL


def long_tag(size: int) -> bytes:
    """One start tag of `size` bytes (its attributes are built before anyone may look)."""
    attributes = b"".join(b' a%d="x"' % n for n in range(size // 9))
    return HEAD + b"<selection" + attributes + b"/>" + TAIL


def long_tags(count: int, size: int) -> bytes:
    """`count` start tags of `size` bytes each, one after the other."""
    attributes = b"".join(b' a%d="x"' % n for n in range(size // 9))
    return HEAD + (b"<selection" + attributes + b"/>") * count + TAIL


def many_attributes(elements: int, per_element: int) -> bytes:
    one = b"<i" + b"".join(b' a%d="1"' % n for n in range(per_element)) + b"/>"
    return HEAD + one * elements + TAIL


def unknown_options(units: int, options: int, name_length: int = 60) -> bytes:
    """`units` units of the Algoryn roster, each with `options` upgrades nobody knows."""
    xml = many_units(units)
    filler = b"x" * max(0, name_length - 20)
    extra = b"".join(
        b'<selection name="Unknown Option %04d %s" number="1" type="upgrade"/>' % (n, filler)
        for n in range(options)
    )
    return xml.replace(UNIT_END, extra + UNIT_END)


def with_cost(value: bytes) -> bytes:
    return roster("algoryn").replace(b'value="150.0"', b'value="' + value + b'"', 1)


def with_number(value: bytes) -> bytes:
    return roster("algoryn").replace(
        b'number="5" type="model"', b'number="' + value + b'" type="model"', 1
    )
