"""Helpers of the army-import tests: the roster files (written for these tests, in
BattleScribe's roster format: tests/data/rosters/), zipped as BattleScribe's `.rosz`."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from tests.support.mentions import tokens

ROSTERS = Path(__file__).resolve().parent.parent / "data" / "rosters"


def roster(name: str) -> bytes:
    return (ROSTERS / f"{name}.ros").read_bytes()


def rosz(name: str, *, inside: dict[str, bytes] | None = None) -> bytes:
    """`name`.ros zipped as a `.rosz` (or the files `inside`, for the bad ones); the same
    bytes each time (a fixed date in the archive), so that a test can compare a file sent
    with one made again."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, data in (inside or {f"{name}.ros": roster(name)}).items():
            entry = zipfile.ZipInfo(member, date_time=(2026, 1, 1, 0, 0, 0))
            archive.writestr(entry, data, zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def preview_of(result) -> str:
    """The reply as shown now: content and embed descriptions, command mentions as `</x>`."""
    message = result.response
    return tokens(
        "\n".join([message.content or ""] + [e.description or "" for e in message.embeds])
    )


async def import_army(member, channel, file: str, *, confirm: str = "Confirm", **options):
    """Upload `file`.rosz with /army import, then click `confirm` on the preview: the
    preview's text, and the message once clicked."""
    shown = await member.slash(channel, "army import", file=(f"{file}.rosz", rosz(file)), **options)
    assert shown.ephemeral, preview_of(shown)
    text = preview_of(shown)  # before the click edits it
    clicked = await member.click(shown.response, label=confirm)
    return text, preview_of(clicked)


def many_units(count: int, *, system: str | None = None) -> bytes:
    """The Algoryn roster with its four units repeated until it holds `count` (the bench and
    the unit limit), or with another game system's name."""
    text = roster("algoryn").decode()
    start = text.index('<selection id="t-s1"')
    end = text.index("</selections>\n    </force>")
    units = text[start:end]
    blocks = units.split('\n        <selection id="t-s')
    blocks = [blocks[0]] + ['<selection id="t-s' + b for b in blocks[1:]]
    chosen = [blocks[n % len(blocks)] for n in range(count)]
    body = text[:start] + "\n        ".join(chosen) + text[end:]
    if system is not None:
        body = body.replace("Beyond the Gates of Antares", system)
    return body.encode()
