"""Members' display names for the web board (issue 34), which shows names, never ids.

Without the Members intent the bot caches few members, so it also remembers the display name
of each member whose interaction it handles (in memory only, the newest `KEPT`): the players
of a game have all used its commands. A member it has never seen is shown by their colour.
"""

from __future__ import annotations

from collections import OrderedDict

import discord

KEPT = 50_000


class DisplayNames:
    def __init__(self, client: discord.Client, kept: int = KEPT) -> None:
        self.client = client
        self.kept = kept
        self._heard: OrderedDict[tuple[int | None, int], str] = OrderedDict()

    async def heard(self, interaction: discord.Interaction) -> None:
        """Every interaction (a listener of `on_interaction`): remember who sent it."""
        user = interaction.user
        key = (interaction.guild_id, user.id)
        self._heard.pop(key, None)
        self._heard[key] = user.display_name
        while len(self._heard) > self.kept:
            self._heard.popitem(last=False)

    def __call__(self, guild_id: int | None, user_id: int) -> str | None:
        guild = self.client.get_guild(guild_id) if guild_id is not None else None
        member = guild.get_member(user_id) if guild is not None else None
        if member is not None:
            return member.display_name
        return self._heard.get((guild_id, user_id)) or self._heard.get((None, user_id))
