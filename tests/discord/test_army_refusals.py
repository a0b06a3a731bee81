"""Bad rosters (issue 18, "Bad input"): each refused through the real `/army import`, with an
ephemeral answer in the caller's language saying what to do instead, and nothing saved."""

from __future__ import annotations

import pytest

from tests.discord.army_kit import many_units, preview_of, roster, rosz
from tests.support.locale import french

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE roster [
 <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
 <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
]>
<roster name="&c;" gameSystemName="Beyond the Gates of Antares"/>"""
EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE roster [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<roster name="&secret;" gameSystemName="Beyond the Gates of Antares"/>"""
NO_UNITS = (
    b'<?xml version="1.0" encoding="UTF-8"?><roster name="Empty" gameSystemName="Beyond the'
    b' Gates of Antares"><forces><force catalogueName="Algoryn Prosperate"><selections/>'
    b"</force></forces></roster>"
)
TWENTY_ONE_MB = b"<roster>" + b" " * (21 * 1024 * 1024) + b"</roster>"

REFUSED = {  # file name, bytes, what the English answer says
    "an image": ("army.png", PNG, "“army.png” is not a roster"),
    "a text file": ("army.txt", b"AI Command Squad x5\n", "“army.txt” is not a roster"),
    "a truncated zip": ("army.rosz", rosz("algoryn")[:300], "cannot be unzipped"),
    "a zip with two rosters": (
        "army.rosz",
        rosz("", inside={"a.ros": roster("algoryn"), "b.ros": roster("isorian")}),
        "holds 2 roster files",
    ),
    "a zip with no roster": ("army.rosz", rosz("", inside={"readme.txt": b"hi"}), "holds 0"),
    "an entity bomb": ("army.ros", BOMB, "declares entities or a DTD"),
    "an external entity": ("army.ros", EXTERNAL, "declares entities or a DTD"),
    "a zip bomb": ("army.rosz", rosz("", inside={"a.ros": TWENTY_ONE_MB}), "unpacks to 21 MB"),
    "a file over 2 MB": ("army.ros", b"<" + b"x" * (2 * 1024 * 1024), "a roster is at most 2 MB"),
    "invalid UTF-8": (
        "army.ros",
        roster("algoryn").replace(b"Vorl", b"V\xffrl"),
        "not valid UTF-8",
    ),
    "a roster with no units": ("army.ros", NO_UNITS, "This roster has no units"),
    "501 units": ("army.ros", many_units(501), "more than 500 units"),
    "another game": (
        "army.ros",
        many_units(2, system="Warhammer 40,000"),
        "This roster is for “Warhammer 40,000”, a game the bot does not play",
    ),
}


async def saved_armies(env, table) -> int:
    async with env.bot.services.store.read() as tx:
        return len(await tx.guild_armies(table.guild.id))


@pytest.mark.parametrize("case", sorted(REFUSED))
async def test_a_bad_roster_is_refused_and_nothing_is_saved(simcord_env, table, case):
    filename, data, expected = REFUSED[case]
    result = await table.alice.slash(table.channel, "army import", file=(filename, data))
    assert result.ephemeral, case
    assert expected in preview_of(result), (case, preview_of(result))
    assert not result.response.components  # no button to confirm anything
    assert await saved_armies(simcord_env, table) == 0
    assert not simcord_env.bot.services.armies.pending._held


async def test_refusals_in_french(simcord_env, table):
    with french():
        result = await table.alice.slash(table.channel, "army import", file=("a.png", PNG))
        assert "« a.png » n'est pas une liste d'armée" in preview_of(result)
        result = await table.alice.slash(
            table.channel, "army import", file=("a.ros", many_units(1, system="Necromunda"))
        )
        assert "pour « Necromunda », un jeu que le bot ne connaît pas" in preview_of(result)
    assert result.ephemeral and await saved_armies(simcord_env, table) == 0


async def test_a_file_discord_no_longer_serves_is_refused_in_the_callers_language(
    simcord_env, table, monkeypatch
):
    """The attachment cannot be downloaded (deleted, its link expired: the CDN answers 404):
    an ephemeral refusal saying to upload it again, no apology for a bug, nothing saved."""
    monkeypatch.setattr(simcord_env.backend.cdn, "get", lambda url: None)
    result = await table.alice.slash(
        table.channel, "army import", file=("army.rosz", rosz("algoryn"))
    )
    assert result.ephemeral
    assert "could not be downloaded from Discord" in preview_of(result), preview_of(result)
    assert not result.response.components
    with french():
        result = await table.bob.slash(
            table.channel, "army import", file=("army.rosz", rosz("algoryn"))
        )
        assert result.ephemeral
        assert "n'a pas pu être téléchargé depuis Discord" in preview_of(result)
    assert await saved_armies(simcord_env, table) == 0
    assert not simcord_env.bot.services.armies.pending._held
