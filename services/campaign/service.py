"""Campaigns per server: creating them, the current one, players, organisers, archiving.

`CampaignService` is the one service the Discord layer reaches (`services.campaign`): it
adds battles (`services.campaign.battles`), the players' consent to them
(`services.campaign.consent`) and the read-only reports
(`services.campaign.reports`) to the use cases here. Every change is one transaction,
applied once (`services.common.applied_once`: a replayed `/campaign join` after a
`/campaign leave` joins nobody), and checks, before it writes, that the campaign is open and
that the caller may make it.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.common.campaign import (
    DESCRIPTION_LIMIT,
    clean_faction,
    clean_name,
    clean_text,
    points_scheme,
)
from core.common.errors import Conflict, NotAllowed, NotFound
from core.common.names import name_key
from services.campaign.access import (
    Actor,
    campaign_named,
    find_member,
    guild_of,
    member_name,
)
from services.campaign.battles import CampaignBattles
from services.campaign.consent import CampaignConsent
from services.campaign.export import export_files
from services.campaign.reports import CampaignReports
from services.common import UPLOAD_LIMIT, Call, fit_files, once
from storage.base import Transaction
from storage.campaign_base import CampaignRecord, MemberRecord


@dataclass(frozen=True, slots=True)
class Created:
    campaign: CampaignRecord
    current: bool  # it became the server's current campaign


@dataclass(frozen=True, slots=True)
class Membership:
    campaign: CampaignRecord
    member: MemberRecord


class CampaignService(CampaignBattles, CampaignConsent, CampaignReports):
    async def create(
        self,
        call: Call,
        *,
        name: str,
        description: str | None = None,
        points: tuple[int, int, int] = (3, 1, 0),
    ) -> Created:
        clean = clean_name(name, "name")
        about = clean_text(description, "description", DESCRIPTION_LIMIT, required=False)
        scheme = points_scheme(*points)
        guild_id, actor = guild_of(call), call.actor
        if not await self.is_manager(guild_id, actor):
            raise NotAllowed("campaign.create_who")
        async with once(self.store, call.interaction_id, call.channel_id) as tx:
            taken = await campaign_named(tx, guild_id, clean)
            if taken is not None:
                raise Conflict("campaign.name_taken", name=taken.name)
            campaign = await tx.create_campaign(
                guild_id=guild_id,
                name=clean,
                description=about,
                points=(scheme.win, scheme.draw, scheme.loss),
                created_by=actor.user_id,
            )
            await _new_organiser(tx, campaign.id, actor)
            first = await tx.current_campaign_id(guild_id) is None
            if first:
                await tx.set_current_campaign(guild_id, campaign.id)
        return Created(campaign, first)

    async def set_current(self, call: Call, campaign: str) -> CampaignRecord:
        async with self.organising(call, campaign) as (tx, found):
            await tx.set_current_campaign(found.guild_id, found.id)
        return found

    async def archive(self, call: Call, campaign: str | None) -> CampaignRecord:
        async with self.organising(call, campaign) as (tx, found):
            await tx.archive_campaign(found.id, actor_id=call.actor.user_id)
        return found

    async def join(
        self, call: Call, campaign: str | None, *, faction: str, army: str
    ) -> Membership:
        chosen, army_name = clean_faction(faction), clean_name(army, "army")
        async with self.playing(call, campaign) as (tx, found):
            member = await _enlist(
                tx, found, call.actor, chosen, army_name, "campaign.already_joined"
            )
        return Membership(found, member)

    async def add_player(
        self, call: Call, campaign: str | None, *, player: Actor, faction: str, army: str
    ) -> Membership:
        chosen, army_name = clean_faction(faction), clean_name(army, "army")
        async with self.organising(call, campaign) as (tx, found):
            member = await _enlist(tx, found, player, chosen, army_name, "campaign.already_player")
        return Membership(found, member)

    async def leave(self, call: Call, campaign: str | None) -> Membership:
        async with self.playing(call, campaign) as (tx, found):
            member = await tx.member(found.id, call.actor.user_id)
            if member is None or not member.player:
                raise NotFound("campaign.not_joined", campaign=found.name)
            left = await _save(tx, member, player=False)
        return Membership(found, left)

    async def remove_player(self, call: Call, campaign: str | None, *, player: str) -> Membership:
        async with self.organising(call, campaign) as (tx, found):
            players = [m for m in await tx.members(found.id) if m.player]
            left = await _save(tx, find_member(players, player), player=False)
        return Membership(found, left)

    async def add_organiser(
        self, call: Call, campaign: str | None, *, organiser: Actor
    ) -> Membership:
        async with self.organising(call, campaign) as (tx, found):
            member = await tx.member(found.id, organiser.user_id)
            if member is not None and member.organiser:
                raise Conflict("campaign.already_organiser", player=member.name)
            if member is None:
                saved = await _new_organiser(tx, found.id, organiser)
            else:
                saved = await _save(tx, member, organiser=True)
        return Membership(found, saved)

    async def export(
        self, guild_id: int, campaign: str | None, limit: int = UPLOAD_LIMIT
    ) -> tuple[CampaignRecord, list[tuple[str, bytes]]]:
        """The campaign's players, battles and standings as CSV files and one JSON file,
        written in the bot's pool (a big campaign is CPU work) and within `limit` bytes together
        (compressed, or refused: ``services.common.uploads``)."""
        snapshot = await self.snapshot(guild_id, campaign)
        files = await self.workers.run(export_files, snapshot)
        return snapshot.campaign, await fit_files(
            files, limit=limit, too_big="campaign.export_too_big", workers=self.workers
        )


async def _new_organiser(tx, campaign_id: int, actor: Actor):
    """A member who organises the campaign without playing in it (yet)."""
    return await tx.save_member(
        campaign_id,
        actor.user_id,
        name=member_name(actor),
        faction=None,
        army=None,
        player=False,
        organiser=True,
    )


async def _save(
    tx: Transaction,
    member: MemberRecord,
    *,
    player: bool | None = None,
    organiser: bool | None = None,
) -> MemberRecord:
    """Save `member` again with a new playing or organising flag."""
    return await tx.save_member(
        member.campaign_id,
        member.user_id,
        name=member.name,
        faction=member.faction,
        army=member.army,
        player=member.player if player is None else player,
        organiser=member.organiser if organiser is None else organiser,
    )


async def _army_free(tx: Transaction, campaign: CampaignRecord, user_id: int, army: str) -> None:
    """Another player's army of the same name (as names are compared, ``core.common.names``) is
    refused: the standings and the history would show two armies nobody can tell apart."""
    key = name_key(army)
    for other in await tx.members(campaign.id):
        mine = other.user_id == user_id or not other.player
        if not mine and other.army and name_key(other.army) == key:
            raise Conflict(
                "campaign.army_taken", army=other.army, player=other.name, campaign=campaign.name
            )


async def _enlist(
    tx: Transaction,
    campaign: CampaignRecord,
    who: Actor,
    faction: str,
    army: str | None,
    twice_key: str,
) -> MemberRecord:
    """Make `who` a player of `campaign` (again, after leaving) with this faction and army."""
    member = await tx.member(campaign.id, who.user_id)
    if member is not None and member.player:
        raise Conflict(twice_key, campaign=campaign.name, player=member.name)
    if army is not None:
        await _army_free(tx, campaign, who.user_id, army)
    return await tx.save_member(
        campaign.id,
        who.user_id,
        name=member_name(who),
        faction=faction,
        army=army,
        player=True,
        organiser=bool(member and member.organiser),
    )
