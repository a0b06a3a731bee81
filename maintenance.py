"""`python bot.py --delete-left-servers`: the retention sweep, run by an operator.

The hourly sweep (`services.privacy.Retention`) deletes at most a tenth of the known servers
(at least 3) at once, and refuses when more than that were left within one hour, since a
Discord outage looks like mass leaves. Once an operator has
checked that the bot really was removed from those servers, this deletes the data of every
server left more than `LEFT_SERVER_RETENTION_DAYS` ago, whatever their number, and prints
what it deleted. The bot itself may keep running meanwhile (SQLite: the writes queue).
"""

from __future__ import annotations

from services.common import ServerSettings
from services.privacy import Retention
from settings import DEFAULT_DATABASE_URL, Settings
from storage.factory import store_from_url
from storage.startup import open_store


async def delete_left_servers(settings: Settings) -> int:
    store = store_from_url(settings.database_url, pool=settings.pool_options())
    await open_store(store, settings.database_url, default_url=DEFAULT_DATABASE_URL)
    try:
        servers = ServerSettings(store, settings.default_language)
        retention = Retention(store, servers, grace_days=settings.left_server_retention_days)
        swept = await retention.sweep(force=True)
    finally:
        await store.close()
    days = settings.left_server_retention_days
    if not swept.expired:
        print(f"No server was left more than {days} days ago: nothing to delete.")
        return 0
    print(
        f"Deleted the data of {len(swept.deleted)} of {swept.known} known servers, left more"
        f" than {days} days ago ({swept.rows} rows):"
    )
    for guild_id in swept.deleted:
        print(f"  {guild_id}")
    return 0
