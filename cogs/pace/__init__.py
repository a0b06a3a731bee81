"""Games over several days (issue 33): the timer poller, whom a game waits for and its
reminders, `/me`, clocks, threads, club nights.

The package's top level imports nothing of its commands: its render module is imported by
the game's status and a campaign's report; ``setup`` imports the cogs and the timers'
handlers (``asks``, ``clocks``), which register with the poller when imported.
"""

from __future__ import annotations

from cogs.common.bot import ServicedBot


async def setup(bot: ServicedBot) -> None:
    from cogs.pace import asks, clocks  # noqa: F401  (their timers' handlers)
    from cogs.pace.club import ClubCog
    from cogs.pace.loop import TimerLoop
    from cogs.pace.me import MeCog
    from cogs.pace.tracker import PaceTracker

    for cog in (TimerLoop, PaceTracker, MeCog, ClubCog):
        await bot.add_cog(cog(bot))
