"""A stopped bot is freed (issue 30): nothing module-wide (e.g. the listeners of committed
changes) keeps it, its store or its services alive once its owner lets go of it."""

from __future__ import annotations

import gc
import weakref

from simcord import Env

from bot_app import create_bot


async def test_a_closed_bot_and_its_store_are_collected(settings, dice):
    bot = create_bot(settings, dice=dice)
    env = Env(bot)
    await env.start()
    await env.shutdown()
    await bot.services.close()
    assert bot.services.store.listeners  # the board keeper listened while it ran
    freed_bot, freed_store = weakref.ref(bot), weakref.ref(bot.services.store)
    del bot, env
    gc.collect()
    assert freed_bot() is None
    assert freed_store() is None
