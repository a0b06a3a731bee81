"""What the Discord layer is given: the store and the use-case services, built once per bot."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from core.common.dice import DiceSource, SystemDice
from core.common.limits import GameLimits
from locales import Lang
from rulesdb.models import RulesDB
from rulesdb.weapons import Weapon
from services.army import ArmyService
from services.campaign import CampaignGames, CampaignService
from services.common import Housekeeping, ServerSettings, ShownEvents, Workers, shown_events
from services.epic import EpicService
from services.game import (
    BagService,
    GameService,
    GameSettings,
    HiddenRolls,
    LinkRules,
    Reports,
    Systems,
    TableService,
    UnitService,
    WebLinks,
)
from services.hexwar import HexService
from services.league import LeagueService
from services.markers import MarkerService
from services.pace import PaceService, Timers
from services.privacy import Retention, ServerData
from services.rules import RulesLookup
from services.shooting import ShootingService, find_weapon
from services.tournament import TournamentService
from storage.base import Store


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass
class AppServices:
    store: Store
    default_language: Lang
    dice: DiceSource = field(default_factory=SystemDice)
    retention_days: int = 30  # a left server's data is kept this long (LEFT_SERVER_RETENTION_DAYS)
    rules: RulesLookup = field(default_factory=RulesLookup)
    limits: GameLimits = field(default_factory=GameLimits)  # what one game may hold
    game_idle_days: int = 14  # a game idle this long may be closed with Manage Channels
    # the bot's own pool for CPU work (rosters, charts, exports): never the loop's default one
    workers: Workers = field(default_factory=Workers)
    # what time it is for timers, reminders and clocks (issue 33): the bot gives discord.py's
    # (`discord.utils.utcnow`), which a simulated Discord moves in the tests
    clock: Callable[[], datetime] = utcnow
    servers: ServerSettings = field(init=False)
    campaigns: CampaignService = field(init=False)
    league: LeagueService = field(init=False)  # the faction league (issue 35)
    game_settings: GameSettings = field(init=False)
    games: GameService = field(init=False)
    campaign_games: CampaignGames = field(init=False)
    tournaments: TournamentService = field(init=False)
    units: UnitService = field(init=False)
    bag: BagService = field(init=False)
    table: TableService = field(init=False)  # Draw next and the live board of a game
    hidden: HiddenRolls = field(init=False)  # hidden rolls in a game's log, their reveal
    markers: MarkerService = field(init=False)  # special-ammo markers and mines
    shooting: ShootingService = field(init=False)
    systems: Systems = field(init=False)  # the game system of a channel (issue 17)
    hexwar: HexService = field(init=False)  # `/hex`: seed 001
    epic: EpicService = field(init=False)  # `/epic`: seed 004
    shown: ShownEvents = field(init=False)  # which message showed each event (undo edits it)
    retention: Retention = field(init=False)  # servers the bot left: marked, then deleted
    server_data: ServerData = field(init=False)  # /config data: export, delete, forget-me
    housekeeping: Housekeeping = field(init=False)  # the hourly sweep (processed interactions)
    armies: ArmyService = field(init=False)  # armies imported from rosters (issue 18)
    # how `/game web` makes links (the settings WEB_*): None when no process serves pages
    link_rules: LinkRules | None = None
    web_links: WebLinks = field(init=False)  # `/game web`, and the pages' way in (issue 34)
    reports: Reports = field(init=False)  # battle reports: `/game report`, the web page
    timers: Timers = field(init=False)  # stored timers, fired once (issue 33)
    pace: PaceService = field(init=False)  # whom a game waits for, reminders, members' hours

    def __post_init__(self) -> None:
        self.servers = ServerSettings(self.store, self.default_language)
        self.shown = shown_events(self.store)
        self.housekeeping = Housekeeping(self.store)
        self.campaigns = CampaignService(self.store, self.servers, workers=self.workers)
        self.league = LeagueService(self.store, self.workers, self.clock)
        self.game_settings = GameSettings(self.servers)
        self.games = GameService(
            self.store, self.servers, self.dice, self.game_settings, workers=self.workers
        )
        self.games.idle_days = self.game_idle_days
        self.campaign_games = CampaignGames(self.store, self.games)
        self.units = UnitService(self.store, self.servers, self.dice, find_weapon=self._unit_weapon)
        self.bag = BagService(self.store, self.servers, self.dice)
        self.table = TableService(self.store, self.servers, self.dice)
        self.hidden = HiddenRolls(self.store, self.servers, self.dice)
        self.reports = Reports(self.store, self.servers, self.dice, workers=self.workers)
        self.web_links = WebLinks(
            self.store,
            self.servers,
            self.dice,
            self.link_rules,
            workers=self.workers,
            pace_clock=self.clock,
        )
        self.markers = MarkerService(self.store, self.servers, self.dice)
        settings, workers = self.game_settings, self.workers
        self.shooting = ShootingService(
            self.store, self.servers, self.dice, settings, self.rules, workers=workers
        )
        self.armies = ArmyService(
            self.store, self.servers, self.dice, workers=self.workers, rules_db=self._rules_db
        )
        self.tournaments = TournamentService(
            self.store, self.servers, self.clock, workers=self.workers, rules_db=self._rules_db
        )
        self.systems = Systems(self.store)
        self.hexwar = HexService(self.systems, self.dice)
        self.epic = EpicService(self.store, self.servers, self.dice)
        self.epic.systems, self.epic.settings = self.systems, self.game_settings
        for service in (self.units, self.markers, self.shooting, self.armies):
            service.limits = self.limits
        self.retention = Retention(self.store, self.servers, grace_days=self.retention_days)
        self.server_data = ServerData(self.store, self.servers, workers=self.workers)
        self.timers = Timers(self.store, self.clock)
        self.shooting.timers, self.shooting.clock = self.timers, self.clock  # reaction windows
        self.pace = PaceService(self.store, self.servers, self.dice, self.timers, self.clock)

    def _unit_weapon(self, text: str) -> Weapon:
        return find_weapon(self.rules, text, "unit")

    def _rules_db(self) -> RulesDB:
        return self.rules.db

    async def open(self) -> None:
        await self.store.open()
        self.rules.load()

    async def close(self) -> None:
        self.workers.close()
        await self.store.close()
