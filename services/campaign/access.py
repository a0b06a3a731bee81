"""Who may do what in a campaign, and finding the campaign or player an option names.

Server managers are members with Manage Server or the server's game-master role (guild
setting `gm_role_id`). They may create campaigns and act as organisers of every campaign of
their server. Organisers manage players, correct and delete battles and archive; players
record their own battles.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime

from core.common.campaign import shown
from core.common.errors import BadInput, Conflict, NotAllowed, NotFound
from core.common.names import name_key
from services.common import Actor, Call, ServerSettings, Workers, guild_of, is_gm, once
from storage.base import Store, Transaction
from storage.campaign_base import CampaignRecord, MemberRecord

_USER_MENTION = re.compile(r"^<@!?(\d+)>$")


# Server managers of campaigns are the game masters of games: one rule, one place.
is_server_manager = is_gm


def require_open(campaign: CampaignRecord) -> None:
    if campaign.status == "archived":
        raise Conflict("campaign.archived", campaign=campaign.name)


def require_organiser(campaign: CampaignRecord, member: MemberRecord | None, manager: bool) -> None:
    if not manager and not (member and member.organiser):
        raise NotAllowed("campaign.organisers_only", campaign=campaign.name)


async def find_campaign(tx: Transaction, guild_id: int, text: str | None) -> CampaignRecord:
    """The campaign an option names (id from autocomplete, or its name), else the current one."""
    if text is None or not text.strip():
        current = await tx.current_campaign_id(guild_id)
        if current is None:
            raise NotFound("campaign.no_current")
        found = await tx.campaign(current)
    else:
        text = text.strip()
        # isdecimal, not isdigit: "³" is a digit that int() cannot read
        found = await tx.campaign(int(text)) if text.isdecimal() and len(text) < 19 else None
        if found is None or found.guild_id != guild_id:
            found = await campaign_named(tx, guild_id, text)
    if found is None or found.guild_id != guild_id:
        raise NotFound("campaign.unknown", value=shown(text or ""))
    return found


async def campaign_named(tx: Transaction, guild_id: int, name: str) -> CampaignRecord | None:
    """The server's campaign called `name` as members compare names (``core.common.names``: a
    look-alike is the same name). The stored name first (one indexed row), else every
    campaign of the server (a few: only managers create them)."""
    found = await tx.campaign_named(guild_id, name)
    if found is not None:
        return found
    key = name_key(name)
    return next((c for c in await tx.campaigns(guild_id) if name_key(c.name) == key), None)


def find_member(members: Sequence[MemberRecord], text: str) -> MemberRecord:
    """A campaign member from an option: a user id (autocomplete), a mention, or a name
    (compared by ``name_key``; two members whose names look alike are refused as ambiguous,
    so that a look-alike display name cannot stand for another player)."""
    text = text.strip()
    mention = _USER_MENTION.match(text)
    wanted = mention.group(1) if mention else text
    # A user id has at most 20 digits (int() would refuse a forged 5,000)
    user_id = int(wanted) if wanted.isdecimal() and len(wanted) <= 20 else None
    for member in members:
        if member.user_id == user_id:
            return member
    key = name_key(text)
    named = [member for member in members if name_key(member.name) == key]
    if len(named) > 1:
        raise BadInput("campaign.ambiguous_player", value=shown(text), count=len(named))
    if named:
        return named[0]
    raise NotFound("campaign.unknown_player", value=shown(text))


def member_name(actor: Actor) -> str:
    """A display name as the campaign keeps it (no mention can ping when it is shown)."""
    return shown(actor.name) or str(actor.user_id)


def utcnow() -> datetime:
    return datetime.now(UTC)


class CampaignAccess:
    """What every campaign use case needs: the store, server settings, the clock, the pool."""

    def __init__(
        self,
        store: Store,
        servers: ServerSettings,
        clock: Callable[[], datetime] = utcnow,
        *,
        workers: Workers,
    ) -> None:
        self.store = store
        self.servers = servers
        self.clock = clock
        self.workers = workers  # standings tables and exports are computed in the bot's pool

    async def is_manager(self, guild_id: int, actor: Actor) -> bool:
        """Read before a transaction opens (settings are read through the same store)."""
        return is_server_manager(actor, await self.servers.get(guild_id))

    @asynccontextmanager
    async def playing(
        self, call: Call, campaign: str | None
    ) -> AsyncIterator[tuple[Transaction, CampaignRecord]]:
        """The named (or current) open campaign, in a transaction applied once."""
        async with once(self.store, call.interaction_id, call.channel_id) as tx:
            found = await find_campaign(tx, guild_of(call), campaign)
            require_open(found)
            yield tx, found

    @asynccontextmanager
    async def organising(
        self, call: Call, campaign: str | None
    ) -> AsyncIterator[tuple[Transaction, CampaignRecord]]:
        """As `playing`, if the caller organises the campaign (or manages the server)."""
        guild_id = guild_of(call)
        manager = await self.is_manager(guild_id, call.actor)
        async with once(self.store, call.interaction_id, call.channel_id) as tx:
            yield tx, await organiser_campaign(tx, guild_id, call.actor, campaign, manager=manager)


async def organiser_campaign(
    tx: Transaction, guild_id: int, actor: Actor, campaign: str | None, *, manager: bool
) -> CampaignRecord:
    """The named (or current) open campaign, if `actor` organises it."""
    found = await find_campaign(tx, guild_id, campaign)
    require_open(found)
    require_organiser(found, await tx.member(found.id, actor.user_id), manager)
    return found
