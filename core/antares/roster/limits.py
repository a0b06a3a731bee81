"""What one roster upload may cost, each limit a number a member is told when it is passed.

Bytes alone do not bound the work (issue 28): 20 KB of zipped XML can hold millions of empty
elements. So the file is read as a stream and stopped at the first limit passed, never built
whole and then refused:
- the file as uploaded (2 MB) and the XML once unzipped (20 MB, counted while reading: a
  zip's header may lie about its size);
- the XML's elements, attributes and depth, and the longest stretch between two tags (one tag
  with a million attributes, or one name of 20 MB, is built in memory by the XML parser
  before anything can look at it);
- the units (500), the weapons and options of one unit, every number's digits;
- what is kept: the warnings (the first ones, the others counted) and the saved army's size.

A real 100-unit roster is far below each of them (`tests/core/antares/test_roster_limits.py`).
"""

from __future__ import annotations

from core.common.errors import BadInput

COMPRESSED_MAX = 2 * 1024 * 1024
UNCOMPRESSED_MAX = 20 * 1024 * 1024
ELEMENTS_MAX = 60_000  # a real 100-unit roster has about 3,000 (500 units: 16,000)
ATTRIBUTES_MAX = 200_000  # about 7,000 for 100 units
DEPTH_MAX = 40  # BattleScribe nests about 13 deep
SPAN_MAX = 256 * 1024  # bytes between two tags: a tag, a name, a rule's text
UNITS_MAX = 500
OPTIONS_PER_UNIT = 60  # distinct weapons and upgrades of one unit
MODES_PER_WEAPON = 8  # firing modes (profiles) of one weapon
DIGITS_MAX = 6  # a count, a stat or a cost: 999,999 at most
WARNINGS_KEPT = 50  # the import's warnings kept with the army; the others are counted
ARMY_BYTES_MAX = 1024 * 1024  # the army as saved (JSON)
ARMIES_PER_MEMBER = 20  # saved armies per member and server: a bounded disk (issue 23)
MB = 1024 * 1024
KB = 1024
ZIP_MAGIC = b"PK\x03\x04"
ROSTER_ENDINGS = (".ros", ".rosz", ".xml")


def mb(size: int) -> float:
    return round(size / MB, 1)


def check_upload(size: int) -> None:
    """Refuses a file over `COMPRESSED_MAX` bytes: before downloading it (the size Discord
    gives), and once read."""
    if size > COMPRESSED_MAX:
        raise BadInput("army.file_too_big", size=mb(size), limit=mb(COMPRESSED_MAX))


def xml_too_big(size: int) -> BadInput:
    return BadInput("army.xml_too_big", size=mb(size), limit=mb(UNCOMPRESSED_MAX))


def over_limit(what: str, limit: int) -> BadInput:
    """`what` is a key of `army.limit.*`: elements, attributes, depth, span."""
    return BadInput(f"army.limit.{what}", limit=limit)


def check_army_size(size: int) -> None:
    if size > ARMY_BYTES_MAX:
        raise BadInput("army.army_too_big", size=round(size / KB), limit=ARMY_BYTES_MAX // KB)
