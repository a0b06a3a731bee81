"""Command permissions a server admin sets in Server Settings → Integrations (issue 16)."""

from __future__ import annotations


def allow_config(env, table, member) -> None:
    """/config shown to `member` although they lack Manage Server (its default permission)."""
    table.guild.set_command_permissions(env.bot.tree.command_ids["config"], {member: True})
