"""A roster's XML as a stream of checked chunks: unzipped as it is read, never held whole.

`xml_chunks` yields the XML of a `.ros` (as uploaded) or a `.rosz` (one `.ros` inside a zip),
64 KB at a time. `ByteChecks` checks each chunk before the XML parser sees it: the bytes read
so far (20 MB at most, whatever the zip's header says), UTF-8 (the byte where it breaks), and
the longest stretch between two `<`: expat builds a whole start tag (every attribute) or
comment before handing it over, so that stretch bounds the memory one tag can take.
"""

from __future__ import annotations

import codecs
import io
import zipfile
import zlib
from collections.abc import Iterator

from core.antares.roster.limits import (
    ROSTER_ENDINGS,
    SPAN_MAX,
    UNCOMPRESSED_MAX,
    ZIP_MAGIC,
    check_upload,
    over_limit,
    xml_too_big,
)
from core.common.errors import BadInput

CHUNK = 64 * 1024
ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError,
              ValueError, OSError)  # fmt: skip


def xml_chunks(filename: str, data: bytes) -> Iterator[bytes]:
    """The roster's XML, chunk by chunk, or a refusal saying what to upload instead."""
    name = filename.lower()
    check_upload(len(data))
    if data.startswith(ZIP_MAGIC) or name.endswith(".rosz"):
        return _unzipped(data)
    if name.endswith(ROSTER_ENDINGS) and data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return chunked(data)
    raise BadInput("army.not_a_roster", file=filename[:60])


def chunked(data: bytes) -> Iterator[bytes]:
    return (data[at : at + CHUNK] for at in range(0, len(data), CHUNK))


def _unzipped(data: bytes) -> Iterator[bytes]:
    archive, info = _the_roster(data)
    if info.file_size > UNCOMPRESSED_MAX:
        raise xml_too_big(info.file_size)
    return _inflated(archive, info)


def _the_roster(data: bytes) -> tuple[zipfile.ZipFile, zipfile.ZipInfo]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except ZIP_ERRORS as error:
        raise BadInput("army.bad_zip") from error
    rosters = [
        i for i in archive.infolist()
        if not i.is_dir() and i.filename.lower().endswith((".ros", ".xml"))
    ]  # fmt: skip
    if len(rosters) != 1:
        raise BadInput("army.zip_rosters", count=len(rosters))
    return archive, rosters[0]


def _inflated(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> Iterator[bytes]:
    try:
        with archive.open(info) as inside:
            while chunk := inside.read(CHUNK):
                yield chunk
    except ZIP_ERRORS as error:
        raise BadInput("army.bad_zip") from error


class ByteChecks:
    """Checks the chunks in order; raises the refusal of the first limit passed."""

    def __init__(self) -> None:
        self.read = 0
        self._since_tag = 0  # bytes since the last `<`
        self._utf8 = codecs.getincrementaldecoder("utf-8")()

    def check(self, chunk: bytes) -> None:
        self._size(chunk)
        self._span(chunk)
        try:
            self._utf8.decode(chunk)
        except UnicodeDecodeError as error:
            raise BadInput(
                "army.not_utf8", position=self.read - len(chunk) + error.start
            ) from error

    def finish(self) -> None:
        try:
            self._utf8.decode(b"", final=True)
        except UnicodeDecodeError as error:
            raise BadInput("army.not_utf8", position=self.read) from error

    def _size(self, chunk: bytes) -> None:
        self.read += len(chunk)
        if self.read > UNCOMPRESSED_MAX:
            raise xml_too_big(self.read)

    def _span(self, chunk: bytes) -> None:
        # Inside a chunk a stretch is at most CHUNK long: only the ends need adding up.
        first = chunk.find(b"<")
        if first < 0:
            self._since_tag += len(chunk)
        else:
            self._since_tag += first
            if self._since_tag <= SPAN_MAX:
                self._since_tag = len(chunk) - chunk.rfind(b"<") - 1
        if self._since_tag > SPAN_MAX:
            raise over_limit("span", SPAN_MAX // 1024)
