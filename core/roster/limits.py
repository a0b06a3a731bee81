"""A roster file, bounded before it is read: `.ros` (XML) or `.rosz` (the same XML, zipped).

Fixed limits keep a hostile upload from costing memory or time (issue 18, "Bad input"): the
file as uploaded (2 MB), the XML once unzipped (20 MB, read in a bounded way since a zip's
header may lie about its size), the units (500, `parse`). A zip holds exactly one `.ros`.
"""

from __future__ import annotations

import io
import zipfile
import zlib

from core.errors import BadInput

COMPRESSED_MAX = 2 * 1024 * 1024
UNCOMPRESSED_MAX = 20 * 1024 * 1024
UNITS_MAX = 500
ARMIES_PER_MEMBER = 20  # saved armies per member and server: a bounded disk (issue 23)
MB = 1024 * 1024
ZIP_MAGIC = b"PK\x03\x04"
ROSTER_ENDINGS = (".ros", ".rosz", ".xml")


def mb(size: int) -> float:
    return round(size / MB, 1)


def check_upload(size: int) -> None:
    """Refuses a file over `COMPRESSED_MAX` bytes: before downloading it (the size Discord
    gives), and once read."""
    if size > COMPRESSED_MAX:
        raise BadInput("army.file_too_big", size=mb(size), limit=mb(COMPRESSED_MAX))


def roster_xml(filename: str, data: bytes) -> bytes:
    """The roster's XML bytes, or a refusal saying what to upload instead."""
    name = filename.lower()
    check_upload(len(data))
    if data.startswith(ZIP_MAGIC) or name.endswith(".rosz"):
        return _unzipped(data)
    if name.endswith(ROSTER_ENDINGS) and data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return data
    raise BadInput("army.not_a_roster", file=filename[:60])


def _unzipped(data: bytes) -> bytes:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        rosters = [
            i for i in archive.infolist()
            if not i.is_dir() and i.filename.lower().endswith((".ros", ".xml"))
        ]
        if len(rosters) != 1:
            raise BadInput("army.zip_rosters", count=len(rosters))
        (info,) = rosters
        if info.file_size > UNCOMPRESSED_MAX:
            raise _too_big(info.file_size)
        with archive.open(info) as inside:
            xml = inside.read(UNCOMPRESSED_MAX + 1)
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError,
            ValueError, OSError) as error:
        raise BadInput("army.bad_zip") from error
    if len(xml) > UNCOMPRESSED_MAX:
        raise _too_big(len(xml))
    return xml


def _too_big(size: int) -> BadInput:
    return BadInput("army.xml_too_big", size=mb(size), limit=mb(UNCOMPRESSED_MAX))
