from __future__ import annotations

import gc

from simcord import Env


async def restart(env: Env, make_bot) -> None:
    """Stop the bot as a process exit would (its database connection closed), start a new one
    on the same database."""
    old = env.bot
    await env.restart_bot(make_bot())
    await old.services.close()


def freeze_what_lasts() -> None:
    """Move every object alive now out of the cyclic GC's sight (tests/conftest.py): what
    the test process keeps to its end."""
    gc.collect()
    gc.freeze()
