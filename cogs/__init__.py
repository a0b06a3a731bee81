"""The Discord layer: one extension per feature. Cogs parse options, call one service
method, render the result in the caller's language and reply. No rules, SQL or dice here."""

EXTENSIONS = (
    "cogs.dice",
    "cogs.help",
    "cogs.config",
    "cogs.game",
    "cogs.rules",
    "cogs.campaign",
    "cogs.league",
    "cogs.markers",
    "cogs.shooting",
    "cogs.table",
    "cogs.hexwar",
    "cogs.epic",
    "cogs.privacy",
    "cogs.army",
    "cogs.heartbeat",
    "cogs.housekeeping",
    "cogs.metrics",
    "cogs.pace",
    "cogs.tournament",
)
