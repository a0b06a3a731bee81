"""A server's data: kept while the bot stays, exported, deleted, a member forgotten."""

from services.privacy.export import ServerExport
from services.privacy.retention import SWEEP_FLOOR, SWEEP_SHARE, Retention, Sweep
from services.privacy.server_data import FORGOTTEN_KEY, Forgotten, ServerData

__all__ = [
    # the services (`AppServices`)
    "Retention",
    "ServerData",
    # what they return
    "Forgotten",
    "ServerExport",
    "Sweep",
    # their limits and bookkeeping
    "FORGOTTEN_KEY",
    "SWEEP_FLOOR",
    "SWEEP_SHARE",
]
