"""What the Discord layer is given: the store and the use-case services, built once per bot."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.dice import DiceSource, SystemDice
from locales import Lang
from services.servers import ServerSettings
from storage.base import Store


@dataclass
class AppServices:
    store: Store
    default_language: Lang
    dice: DiceSource = field(default_factory=SystemDice)
    servers: ServerSettings = field(init=False)

    def __post_init__(self) -> None:
        self.servers = ServerSettings(self.store, self.default_language)

    async def open(self) -> None:
        await self.store.open()

    async def close(self) -> None:
        await self.store.close()
