"""The member behind an interaction, as the plain values services take: `Actor` (who, what
they may do) and `Call` (where, who, and the interaction id a change is applied once for)."""

from __future__ import annotations

import discord

from core.common.errors import NotAllowed
from services.common import Actor, Call


def actor_of(interaction: discord.Interaction) -> Actor:
    """The caller, with what makes them a game master (Manage Server, their roles) and
    whether they may close an idle game (Manage Channels, here)."""
    user = interaction.user
    return Actor(
        user.id,
        user.display_name,
        manage_server=bool(interaction.permissions.manage_guild),
        role_ids=frozenset(role.id for role in getattr(user, "roles", [])),
        manage_channels=bool(interaction.permissions.manage_channels),
    )


def member_actor(member: discord.Member | discord.User) -> Actor:
    """Another member named in an option (no permissions of their own here)."""
    return Actor(member.id, member.display_name)


def call_of(interaction: discord.Interaction) -> Call:
    """The interaction as a use case is given it: every change claims its id (a replay of the
    same interaction changes nothing: `services.common.applied_once`)."""
    return Call(
        guild_id=interaction.guild_id,
        channel_id=channel_of(interaction),
        actor=actor_of(interaction),
        interaction_id=interaction.id,
    )


def channel_of(interaction: discord.Interaction) -> int:
    """The channel of a command, a click or a form: Discord always sends one for those."""
    if interaction.channel_id is None:
        raise ValueError(f"interaction {interaction.id} came from no channel")
    return interaction.channel_id


def server_of(interaction: discord.Interaction) -> int:
    """The server of a server-only command; in a DM, the refusal `guild_of` gives a call."""
    if interaction.guild_id is None:
        raise NotAllowed("errors.guild_only")
    return interaction.guild_id
