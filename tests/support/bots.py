from __future__ import annotations

from simcord import Env


async def restart(env: Env, make_bot) -> None:
    """Stop the bot as a process exit would (its database connection closed), start a new one
    on the same database."""
    old = env.bot
    await env.restart_bot(make_bot())
    await old.services.close()
