"""Club events (issue 35, `/event`): registration, locked lists, Swiss rounds, standings."""

from core.common.league import League
from core.common.tournament.model import Entry, Result, Round, Table, Tournament, table_name
from core.common.tournament.rounds import dice_down_at
from core.common.tournament.standings import Line, Ranked
from services.tournament.access import Shown
from services.tournament.lists import Listed
from services.tournament.rounds import Finished, Paired, TableGame
from services.tournament.service import EventOptions, TournamentService

__all__ = [
    "TournamentService",
    "EventOptions",
    "Finished",
    "Listed",
    "Paired",
    "Shown",
    "TableGame",
    # the records the Discord layer renders
    "Entry",
    "League",
    "Line",
    "Ranked",
    "Result",
    "Round",
    "Table",
    "Tournament",
    "dice_down_at",
    "table_name",
]
