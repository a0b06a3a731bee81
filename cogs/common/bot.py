"""What the cogs see of the bot (issue 30): `bot.AntaresBot` is a `ServicedBot`, so a cog
reaches the services through `app_services(interaction)` or `self.bot.services`, both typed
as `AppServices` and checked by mypy against them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

if TYPE_CHECKING:
    import weakref

    from cogs.common.cards import ActivationCards
    from cogs.common.display_names import DisplayNames
    from cogs.common.live import LiveView
    from cogs.common.mentions import CommandMentions
    from cogs.pace.loop import Handler
    from services.app import AppServices
    from services.common import Metrics, RateLimiter
    from settings import Settings


class ServicedBot(commands.Bot):
    """The bot's attributes the cogs read; `bot.AntaresBot` sets them in its `__init__`."""

    settings: Settings
    services: AppServices
    rate_limiter: RateLimiter | None
    # the bot's Prometheus metrics; None unless METRICS_PORT is set (services.common.metrics)
    metrics: Metrics | None
    # members' display names, for what shows names and never ids (the web board, reports)
    display_names: DisplayNames
    # set by `close`: new interactions are refused from then on (cogs.common.stopping)
    stopping: bool
    # the command ids Discord gave this bot, for the mentions of its replies
    mentions: CommandMentions
    # its views alive in memory, by nonce (cogs.common.live)
    live_views: weakref.WeakValueDictionary[int, LiveView]
    # what each kind of stored timer does once due, by kind: each feature's `setup` adds
    # its own (cogs.pace.loop fires them)
    timer_handlers: dict[str, Handler]
    # the table's activation cards (cogs.table's `setup`; cogs.common.cards)
    activation_cards: ActivationCards | None


def bot_of(client: discord.Client) -> ServicedBot:
    """The bot an interaction reached: every interaction comes from a `ServicedBot`."""
    if not isinstance(client, ServicedBot):
        raise TypeError(f"not the antares bot: {type(client).__name__}")
    return client


def app_services(interaction: discord.Interaction) -> AppServices:
    """The services of the bot an interaction reached."""
    return bot_of(interaction.client).services
