"""Games over several days (issue 33): the timer poller, whom a game waits for and its
reminders, `/me`, clocks, threads, club nights.

The package's top level imports nothing of its commands: its render module is imported by
the game's status and a campaign's report; ``setup`` imports the cogs and gives the bot
what each kind of timer does (``bot.timer_handlers``, fired by ``loop.TimerLoop``).
"""

from __future__ import annotations

from cogs.common.bot import ServicedBot


async def setup(bot: ServicedBot) -> None:
    from cogs.pace import asks, clocks, club, tracker
    from cogs.pace.club import ClubCog
    from cogs.pace.loop import TimerLoop
    from cogs.pace.me import MeCog
    from cogs.pace.tracker import PaceTracker
    from services.pace import ASK, CLOCK, CLUB_NIGHT, DICE_DOWN, NUDGE

    bot.timer_handlers.update(
        {
            ASK: asks.deliver_ask,
            CLUB_NIGHT: club.next_night,
            NUDGE: tracker.deliver_nudge,
            CLOCK: clocks.deliver_clock_out,
            DICE_DOWN: clocks.deliver_dice_down,
        }
    )
    for cog in (TimerLoop, PaceTracker, MeCog, ClubCog):
        await bot.add_cog(cog(bot))
