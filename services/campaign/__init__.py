"""Campaigns per server: players, battles, standings and exports, and games played for one."""

from services.campaign.access import campaign_named, find_campaign, member_name
from services.campaign.battles import BattleEntry, Correction, RecordedBattle
from services.campaign.consent import PENDING_LIMIT, ConsentAnswer
from services.campaign.export import csv_bytes
from services.campaign.games import CampaignGames
from services.campaign.reports import PlayerReport, Snapshot, StandingRow
from services.campaign.service import CampaignService, Membership

# The records the Discord layer renders come from here, not from storage.
from storage.campaign_base import BattleRecord, CampaignRecord

__all__ = [
    # the services (`AppServices`)
    "CampaignGames",
    "CampaignService",
    # what the commands give and get
    "BattleEntry",
    "ConsentAnswer",
    "Correction",
    "Membership",
    "RecordedBattle",
    # reports, and the records they hold
    "BattleRecord",
    "CampaignRecord",
    "PlayerReport",
    "Snapshot",
    "StandingRow",
    # a member's battles that may wait for the other players at once
    "PENDING_LIMIT",
    # the campaign an option names (the faction league reads one campaign's battles; an
    # event links one, or makes one with its organiser)
    "campaign_named",
    "find_campaign",
    "member_name",
    # a CSV file whose cells are never formulas (an event's standings are exported so too)
    "csv_bytes",
]
