"""Consent to a battle (issue 23): a battle counts once both its players agree to it.

Whoever records a battle (`/campaign record`, or `/game end` of a campaign game) consents
to it if they played it; an organiser of the campaign (or a server manager) records it for
both. Every other side waits for its player, who confirms or refuses (`CampaignConsent`);
an organiser may answer for them. Until then the battle is pending: listed in the history,
not in the standings. A refusal deletes it (it stays in the history, marked). A member may
have at most `PENDING_LIMIT` battles of theirs waiting on others in a campaign, so nobody
can bury a player under results to refuse.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from core.common.errors import Conflict, NotAllowed, NotFound
from services.campaign.access import CampaignAccess, guild_of, require_open
from services.campaign.recorded import RecordedBattle, names_of
from services.common import Call, battle_ask, once
from storage.base import Transaction
from storage.campaign_base import BattleRecord, CampaignRecord, SideRecord

PENDING_LIMIT = 10


async def organises(tx: Transaction, campaign: CampaignRecord, user_id: int, manager: bool) -> bool:
    """An organiser of the campaign, or a server manager (Manage Server, game-master role)."""
    if manager:
        return True
    member = await tx.member(campaign.id, user_id)
    return bool(member and member.organiser)


def consented(
    sides: tuple[SideRecord, SideRecord], recorder_id: int, organiser: bool
) -> tuple[SideRecord, SideRecord]:
    """The sides as recorded: confirmed by an organiser's record, or by their own player."""
    first, second = (
        dataclasses.replace(side, confirmed=organiser or side.user_id == recorder_id)
        for side in sides
    )
    return first, second


async def require_room(
    tx: Transaction, campaign: CampaignRecord, recorder_id: int, organiser: bool
) -> None:
    """Refuse a new record from a member who already has `PENDING_LIMIT` battles waiting."""
    if organiser:
        return
    waiting = [
        b for b in await tx.battles(campaign.id) if b.pending and b.recorded_by == recorder_id
    ]
    if len(waiting) >= PENDING_LIMIT:
        raise Conflict("campaign.too_many_pending", limit=PENDING_LIMIT, campaign=campaign.name)


@dataclass(frozen=True, slots=True)
class ConsentAnswer:
    """A battle confirmed (by one player, or for all by an organiser) or refused."""

    recorded: RecordedBattle
    by: int
    refused: bool = False


def _not_yours(battle: BattleRecord, campaign: CampaignRecord) -> NotAllowed:
    """Names the one or two players who may answer (each a bare mention: shown as a name)."""
    mentions = [f"<@{user_id}>" for user_id in battle.awaiting]
    if len(mentions) == 1:
        return NotAllowed("campaign.consent_who", player=mentions[0], campaign=campaign.name)
    first, second = mentions
    return NotAllowed(
        "campaign.consent_who_both", player=first, other=second, campaign=campaign.name
    )


class CampaignConsent(CampaignAccess):
    async def confirm(self, call: Call, campaign_id: int, number: int) -> ConsentAnswer:
        """The caller's side agrees; an organiser agrees for every side still waiting."""
        async with self._answering(call, campaign_id, number) as (tx, found, battle, organiser):
            answering = battle.awaiting if organiser else (call.actor.user_id,)
            for user_id in answering:
                battle = await tx.confirm_side(battle.id, user_id)
            if not battle.pending:  # nobody left to remind (issue 33)
                await tx.cancel_timer(battle_ask(found.id, battle.seq))
            members = await tx.members(found.id)
        return ConsentAnswer(RecordedBattle(found, battle, names_of(members)), call.actor.user_id)

    async def refuse(self, call: Call, campaign_id: int, number: int) -> ConsentAnswer:
        """A waiting player (or an organiser) refuses: the battle is deleted, never counts."""
        async with self._answering(call, campaign_id, number) as (tx, found, battle, _):
            deleted = await tx.delete_battle(battle.id, actor_id=call.actor.user_id)
            await tx.cancel_timer(battle_ask(found.id, battle.seq))
            members = await tx.members(found.id)
        recorded = RecordedBattle(found, deleted, names_of(members))
        return ConsentAnswer(recorded, call.actor.user_id, refused=True)

    @asynccontextmanager
    async def _answering(
        self, call: Call, campaign_id: int, number: int
    ) -> AsyncIterator[tuple[Transaction, CampaignRecord, BattleRecord, bool]]:
        """The transaction of an answer, with the pending battle, if the caller may answer."""
        guild_id = guild_of(call)
        manager = await self.is_manager(guild_id, call.actor)
        async with once(self.store, call.interaction_id, call.channel_id) as tx:
            found = await tx.campaign(campaign_id)
            if found is None or found.guild_id != guild_id:
                raise NotFound("campaign.unknown", value=str(campaign_id))
            require_open(found)
            battle = await _pending(tx, found, number)
            organiser = await organises(tx, found, call.actor.user_id, manager)
            if not organiser and call.actor.user_id not in battle.awaiting:
                raise _not_yours(battle, found)
            yield tx, found, battle, organiser


async def _pending(tx: Transaction, campaign: CampaignRecord, number: int) -> BattleRecord:
    battle = await tx.battle(campaign.id, number)
    if battle is None:
        raise NotFound("campaign.unknown_battle", number=number, campaign=campaign.name)
    if battle.status == "deleted":
        raise Conflict("campaign.consent_deleted", number=battle.seq)
    if not battle.pending:
        raise Conflict("campaign.consent_done", number=battle.seq)
    return battle
