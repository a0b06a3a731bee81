"""A channel's game: start, end, undo and log, its units, the order-dice bag, its ruleset."""

from services.game.access import (
    WRONG_GAME,
    GameAccess,
    UnitRef,
    hosted_game,
    same_game,
    unit_ref,
)
from services.game.bag import (
    BagService,
    Blocked,
    Closed,
    DiceLeft,
    Drawn,
    Ordered,
    Picked,
    TurnEnded,
)
from services.game.fairness import DiceReport, PlayerDice
from services.game.game import (
    LOG_MAX,
    GameClosed,
    GameLog,
    GameService,
    GameStarted,
    GameView,
    RulesView,
    Started,
)
from services.game.hidden import HiddenRolls, Revealed, RolledInGame, is_hidden
from services.game.links import (
    AFTER_END,
    LinkClaims,
    LinkRefused,
    LinkRules,
    check_link,
    expiry,
    new_claims,
    read_link,
    sign_link,
)
from services.game.replay import ReplayStep
from services.game.report import BattleReport, NotableRoll, Reports
from services.game.seats import IDLE_DAYS
from services.game.settings import GameSettings
from services.game.systems import Systems, other_system
from services.game.table import (
    Board,
    BoardSwitched,
    Carrier,
    Hearing,
    MessagesRecord,
    NextStep,
    TableService,
    next_step_of,
)
from services.game.undo import JOINED, UNDO_MAX, live_events
from services.game.undo_records import (
    LogEntry,
    ShownUndone,
    UndoAsked,
    UndoDone,
    Undone,
    UndoRequest,
    Waiting,
)
from services.game.units import UnitService, resolve
from services.game.web import LOG_SHOWN, PAGE_PATH, Opened, WebLink, WebLinks
from services.game.web_game import WebGame

__all__ = [
    # the services (`AppServices`)
    "BagService",
    "GameService",
    "Started",
    "GameSettings",
    "HiddenRolls",
    "TableService",
    "Hearing",
    "MessagesRecord",  # where a game's messages sit (`BoardSwitched.before`)
    "UnitService",
    "Systems",
    "other_system",
    # what they return, and the limits the cogs show
    "IDLE_DAYS",
    "LOG_MAX",
    "UNDO_MAX",
    "Blocked",
    "Closed",
    "Board",
    "BoardSwitched",
    "Carrier",
    "DiceLeft",
    "DiceReport",
    "PlayerDice",
    "Drawn",
    "Ordered",
    "Picked",
    "GameClosed",
    "GameLog",
    "GameStarted",
    "GameView",
    "LogEntry",
    "NextStep",
    "next_step_of",
    "RulesView",
    "TurnEnded",
    "ShownUndone",
    "UndoAsked",
    "UndoDone",
    "Undone",
    "UndoRequest",
    "Waiting",
    # hidden rolls (issue 16): a roll kept in the log, its reveal
    "Revealed",
    "RolledInGame",
    "is_hidden",
    # for the features that act on a channel's game (markers, shooting)
    "WRONG_GAME",
    "GameAccess",
    "hosted_game",
    # the game's log as undo sees it (events joined to the one before them: a drift's hits)
    "JOINED",
    "live_events",
    "UnitRef",
    "resolve",
    "same_game",
    "unit_ref",
    # links to a game's web page (issue 34): signed, scoped, revocable, expiring
    "AFTER_END",
    "LinkClaims",
    "LinkRefused",
    "LinkRules",
    "check_link",
    "expiry",
    "new_claims",
    "read_link",
    "sign_link",
    "LOG_SHOWN",
    "Opened",
    "ReplayStep",
    "BattleReport",
    "NotableRoll",
    "Reports",
    "PAGE_PATH",
    "WebGame",
    "WebLink",
    "WebLinks",
]
