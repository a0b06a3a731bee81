"""Server settings of the game feature: the game-master role and the ruleset overrides.

Both live in the server's settings dict (`services.common.servers`): `gm_role_id` (also read by the
campaigns feature) and `ruleset` (setting -> value, only those that differ from the
defaults). A new game starts with the server's ruleset; `/game rules` overrides it per game.
"""

from __future__ import annotations

from typing import Any

from core.antares.game import ruleset_of
from core.antares.game_settings import RuleChanged
from core.antares.ruleset import Ruleset
from core.common.errors import BadInput
from services.common import GM_ROLE_KEY, Call, ServerSettings, gm_role_id

RULESET_KEY = "ruleset"
RESET_WORDS = frozenset({"default", "défaut", "defaut", "reset"})


def is_reset(value: str) -> bool:
    return value.strip().casefold() in RESET_WORDS


def usable_overrides(raw: Any) -> dict[str, Any]:
    """Stored overrides that the current rules still accept (a stale one is skipped)."""
    if not isinstance(raw, dict):
        return {}
    kept: dict[str, Any] = {}
    for key, value in raw.items():
        try:
            Ruleset().with_overrides({key: value})
        except BadInput:
            continue
        kept[key] = value
    return kept


class GameSettings:
    def __init__(self, servers: ServerSettings) -> None:
        self.servers = servers

    async def gm_role(self, guild_id: int | None) -> int | None:
        return gm_role_id(await self.servers.get(guild_id))

    async def set_gm_role(self, call: Call, role_id: int | None) -> int | None:
        await self.servers.update(call, **{GM_ROLE_KEY: role_id})
        return role_id

    async def overrides(self, guild_id: int | None) -> dict[str, Any]:
        return usable_overrides((await self.servers.get(guild_id)).get(RULESET_KEY))

    async def ruleset(self, guild_id: int | None) -> Ruleset:
        return ruleset_of(await self.overrides(guild_id))

    async def set_rule(self, call: Call, key: str, value: str) -> RuleChanged:
        """Override one setting for the server's new games ("default" removes the override)."""
        current = await self.overrides(call.guild_id)
        before = Ruleset().with_overrides(current)
        fields = Ruleset.model_fields
        if key not in fields:
            raise BadInput("ruleset.unknown_key", setting=key[:64], known=", ".join(fields))
        wanted = dict(current)
        if is_reset(value):
            wanted.pop(key, None)
        else:
            wanted[key] = value.strip()[:32]
        after = Ruleset().with_overrides(wanted)
        await self.servers.update(call, **{RULESET_KEY: after.changed()})
        return RuleChanged(key=key, before=getattr(before, key), after=getattr(after, key))
