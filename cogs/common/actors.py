"""The member behind an interaction, as the plain `Actor` value services check permissions on."""

from __future__ import annotations

import discord

from services.permissions import Actor


def actor_of(interaction: discord.Interaction) -> Actor:
    """The caller, with what makes them a game master (Manage Server, their roles)."""
    user = interaction.user
    return Actor(
        user.id,
        user.display_name,
        manage_server=bool(interaction.permissions.manage_guild),
        role_ids=frozenset(role.id for role in getattr(user, "roles", [])),
    )


def member_actor(member: discord.Member | discord.User) -> Actor:
    """Another member named in an option (no permissions of their own here)."""
    return Actor(member.id, member.display_name)
