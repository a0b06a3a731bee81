"""What a change to a battle gives back: the campaign, the battle, and its players' names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from storage.campaign_base import BattleRecord, CampaignRecord, MemberRecord


@dataclass(frozen=True, slots=True)
class RecordedBattle:
    campaign: CampaignRecord
    battle: BattleRecord
    names: dict[int, str]


def names_of(members: Sequence[MemberRecord]) -> dict[int, str]:
    return {m.user_id: m.name for m in members}
