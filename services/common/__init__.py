"""What the features share: a change applied once, channel state, who may act, server settings."""

from services.common.applied_once import (
    Call,
    Listener,
    TransactionObserver,
    guild_of,
    listen,
    observe_transactions,
    once,
)
from services.common.asks import ASK, battle_ask, undo_ask
from services.common.channel_state import (
    MAX_ATTEMPTS,
    Change,
    ChannelStateRunner,
    Read,
    Then,
    pack_state,
    retried,
    unpack_state,
)
from services.common.housekeeping import SWEEP_EVERY_S, Housekeeping
from services.common.metrics import Metrics
from services.common.options import checked, choice
from services.common.permissions import (
    GM_ROLE_KEY,
    Actor,
    Standing,
    gm_role_id,
    is_gm,
    require_host,
    require_player,
    require_seat,
    require_self_or_host,
    require_unit_owner,
    runs_game,
)
from services.common.rate_limits import Limited, RateLimiter, RateRules
from services.common.servers import ServerSettings
from services.common.shown import NO_GAME, ShownEvents, Step, note, shown_events
from services.common.state_patch import PATCH_KEY, patch_between, patch_of, with_patch
from services.common.state_patch import apply as apply_patch
from services.common.uploads import UPLOAD_LIMIT, fit_files
from services.common.workers import Lanes, Workers

__all__ = [
    # the reminders of a question a player must answer (issue 33)
    "ASK",
    "battle_ask",
    "undo_ask",
    "checked",
    "choice",
    # applied once: the one way a change is written
    "Call",
    "guild_of",
    "once",
    # hearing of committed changes (the live game board)
    "Listener",
    "listen",
    # timing every write transaction, and the bot's metrics (METRICS_PORT)
    "TransactionObserver",
    "observe_transactions",
    "Metrics",
    # a channel's state: one transaction, one event, a version check
    "MAX_ATTEMPTS",
    "retried",
    "Change",
    "ChannelStateRunner",
    "Read",
    "Then",
    "pack_state",
    "unpack_state",
    # what each change did to the state, kept in its event for the replay (issue 34)
    "PATCH_KEY",
    "apply_patch",
    "patch_of",
    "patch_between",
    "with_patch",
    # who may change a game
    "GM_ROLE_KEY",
    "Actor",
    "Standing",
    "gm_role_id",
    "is_gm",
    "require_host",
    "require_player",
    "require_seat",
    "require_self_or_host",
    "require_unit_owner",
    "runs_game",
    # how often a member or a channel may ask (rate limits)
    "Limited",
    "RateLimiter",
    "RateRules",
    # per-server settings
    "ServerSettings",
    # forgetting what is no longer needed (processed interactions after a day)
    "Housekeeping",
    "SWEEP_EVERY_S",
    # which message showed each event (undo edits it)
    "ShownEvents",
    "NO_GAME",
    "Step",
    "shown_events",
    "note",  # a bounded per-key memory, newest last (the pace's too)
    # exports within Discord's upload limit
    "UPLOAD_LIMIT",
    "fit_files",
    # the bot's own pool for CPU work, and one lane per member in it
    "Lanes",
    "Workers",
]
