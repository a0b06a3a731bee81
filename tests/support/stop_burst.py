"""The process tests/test_stopping.py signals: the bot under SimCord, built by `create_bot` on
a SQLite file and stopped by `bot_app.stop_on_signals` exactly as `python bot.py` is, while
members start games in many channels at once, wave after wave.

`python -m tests.support.stop_burst DATABASE_FILE` prints `ready` once commands flow, then
`ack <channel id>` for every game start the bot confirmed (a public reply: the member saw
the change), and exits 0 once the signal's stop has closed the bot and its database.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from simcord import Env

from bot_app import create_bot, stop_on_signals
from settings import Settings

WAVE = 4  # commands in flight at once
CHANNELS = 400


async def start_game(member, channel) -> bool:
    """Whether the bot confirmed the game (a refusal while stopping is ephemeral)."""
    try:
        reply = await member.slash(channel, "game start", name="Vorl")
    except Exception:  # the bot closed under the command: not acknowledged
        return False
    return not reply.ephemeral


async def burst(env: Env, stopped: asyncio.Event) -> None:
    guild = env.create_guild("Burst club")
    members = [guild.add_member(env.create_user(f"member{i}")) for i in range(WAVE)]
    channels = [guild.create_text_channel(f"table-{i}") for i in range(CHANNELS)]
    print("ready", flush=True)
    for first in range(0, CHANNELS, WAVE):
        if stopped.is_set() or env.bot.stopping:
            return
        wave = channels[first : first + WAVE]
        confirmed = await asyncio.gather(*map(start_game, members, wave))
        for channel, ok in zip(wave, confirmed, strict=True):
            if ok:
                print(f"ack {channel.id}", flush=True)


async def main(database: Path) -> int:
    settings = Settings(
        _env_file=None,
        discord_token=None,
        database_url=f"sqlite:///{database}",
        gc_freeze=False,
        rate_limits=False,
        heartbeat_file=None,
    )
    bot = create_bot(settings)
    env = Env(bot)
    await env.start()
    stopped = stop_on_signals(bot.close)
    await burst(env, stopped)
    await stopped.wait()
    await env.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(Path(sys.argv[1]))))
