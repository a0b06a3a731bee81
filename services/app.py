"""What the Discord layer is given: the store and the use-case services, built once per bot."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.dice import DiceSource, SystemDice
from locales import Lang
from services.campaigns import CampaignService
from services.lookups import RulesLookup
from services.servers import ServerSettings
from storage.base import Store


@dataclass
class AppServices:
    store: Store
    default_language: Lang
    dice: DiceSource = field(default_factory=SystemDice)
    rules: RulesLookup = field(default_factory=RulesLookup)
    servers: ServerSettings = field(init=False)
    campaigns: CampaignService = field(init=False)

    def __post_init__(self) -> None:
        self.servers = ServerSettings(self.store, self.default_language)
        self.campaigns = CampaignService(self.store, self.servers)

    async def open(self) -> None:
        await self.store.open()
        self.rules.load()

    async def close(self) -> None:
        await self.store.close()
