"""Helpers of the `/event` tests (issue 35): a club of nine players, their lists, and a
table's game played in its thread and confirmed by both players."""

from __future__ import annotations

import re

from tests.discord.army_kit import rosz

VALID = ("boromite", "isorian", "ridge_boromite")  # 430, 480, 400 points; 3, 3, 4 dice
PLAYER_NAMES = ("alice", "bob", "carol", "dave", "eve", "fay", "gus", "hal", "ivy")
_PAIR = re.compile(r"<@(\d+)> v(?:s|\.)? <@(\d+)>|<@(\d+)> c\. <@(\d+)>")


def club(env, table) -> list:
    """The table's alice and bob and seven more: nine players."""
    more = [table.guild.add_member(env.create_user(n)) for n in PLAYER_NAMES[2:]]
    return [table.alice, table.bob, *more]


async def send_list(member, channel, roster: str, **options):
    return await member.slash(
        channel, "event list", file=(f"{roster}.rosz", rosz(roster)), **options
    )


def players_of(thread) -> tuple[int, int]:
    """The two players a table's thread opens with."""
    found = _PAIR.search(thread.history()[0].content)
    assert found is not None, thread.history()[0].content
    a, b = (int(x) for x in found.groups() if x is not None)
    return a, b


async def play_at(thread, host, guest, winner, vp: tuple[int, int], campaign: str, *, wipe=False):
    """The table's game in its thread: started for the event's campaign, a unit each, ended
    by `host` with `winner` (None: a draw); `wipe`: the guest's unit destroyed first (one enemy
    order die for the host). The reply carries the guest's Confirm button."""
    await host.slash(thread, "game start", name="Table", campaign=campaign)
    await host.slash(thread, "unit add", name="Host squad", models=5)
    await guest.slash(thread, "unit add", name="Guest squad", models=5)
    if wipe:
        await host.slash(thread, "unit casualties", unit="Guest squad", count=5)
    options = {"vp": f"{vp[0]}-{vp[1]}"}
    if winner is not None:
        options["winner"] = winner
    ended = await host.slash(thread, "game end", **options)
    assert not ended.ephemeral, ended.response.content
    return ended
