"""The saved-armies part of the storage contract (issue 18; `tests/storage/test_army_contract.py`).

An army is a member's, on one server, under a name unique for them there (compared by
`name_key`, which the service computes); its content is JSON the storage never reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


@dataclass(frozen=True, slots=True)
class ArmyRecord:
    id: int
    guild_id: int
    owner_id: int
    name: str
    name_key: str
    campaign_id: int | None
    data: str  # JSON (core.antares.roster.Army)
    created_at: datetime
    updated_at: datetime


class ArmyTransaction(Protocol):
    async def save_army(
        self,
        guild_id: int,
        owner_id: int,
        *,
        name: str,
        name_key: str,
        data: str,
        campaign_id: int | None,
        replace: bool,
    ) -> ArmyRecord | None:
        """Save it; an army of the owner with the same key is replaced when `replace`, else
        left as it is and None is given back."""
        ...

    async def army(self, guild_id: int, owner_id: int, name_key: str) -> ArmyRecord | None: ...

    async def army_names(self, guild_id: int, owner_id: int) -> Sequence[str]:
        """The names of the owner's armies on the server, by name (their data is not read:
        autocomplete, the list and the count)."""
        ...

    async def armies(self, guild_id: int, owner_id: int) -> Sequence[ArmyRecord]:
        """The owner's armies on the server, by name."""
        ...

    async def guild_armies(self, guild_id: int) -> Sequence[ArmyRecord]:
        """Every army of the server (its data export), by owner and name."""
        ...

    async def delete_army(self, guild_id: int, owner_id: int, name_key: str) -> bool: ...
