"""`/help` keeps within Discord's 6,000 characters as commands are added (issue 33 added
/me, /club and five /game commands): past its room, the groups with the longest lines point
to `/help command:<group>` instead of listing every subcommand."""

from __future__ import annotations

from cogs import help as help_cog
from tests.support.locale import discord_locale
from tests.support.mentions import tokens


async def test_the_longest_groups_are_summed_up_first_when_room_runs_out(simcord_env, table):
    bot = simcord_env.bot
    with bot.mentions.writing():
        full = help_cog.overview_lines(bot.tree, "en", 10**6)
        tight = help_cog.overview_lines(bot.tree, "en", sum(len(x) + 1 for x in full) - 1)
    changed = [tokens(line) for line in tight if line not in full]
    # /game, with its 20 commands since issues 33 and 34, is the longest line
    assert len(changed) == 1 and changed[0].startswith("`/game` — ")
    assert changed[0].endswith("commands: </help> command:game")
    assert len(tight) == len(full)


async def test_help_fits_in_both_languages(table):
    for locale in ("en-US", "fr"):
        with discord_locale(locale):
            shown = await table.alice.slash(table.channel, "help")
        assert len(shown.response.embeds[0]) <= 6000
