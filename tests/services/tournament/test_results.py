"""A table's result comes from its game's campaign battle only once both players confirmed
it (issue 35 "Correctness": results never counted without both confirmations)."""

from __future__ import annotations

from datetime import UTC, datetime

from core.common.tournament.model import Table
from services.tournament.results import battle_of
from storage.campaign_base import BattleRecord, SideRecord

THREAD = 555
WHEN = datetime(2026, 3, 14, tzinfo=UTC)


def battle(*, confirmed=(True, True), status="recorded", thread=THREAD, players=(1, 2)):
    a, b = players
    return BattleRecord(
        id=9,
        campaign_id=3,
        seq=4,
        played_at=WHEN,
        source="game",
        scenario=None,
        notes=None,
        winner_id=a,
        turns=6,
        channel_link=f"https://discord.com/channels/7/{thread}",
        game_id=None,
        sides=(
            SideRecord(a, None, "A", vp=8, confirmed=confirmed[0]),
            SideRecord(b, None, "B", vp=3, confirmed=confirmed[1]),
        ),
        status=status,
        recorded_by=a,
        recorded_at=WHEN,
        changed_by=None,
        changed_at=None,
    )


TABLE = Table(number=1, players=(2, 1), thread_id=THREAD)


def test_only_a_battle_both_players_confirmed_gives_the_table_its_result():
    assert battle_of(TABLE, [battle()]) is not None  # the order of the players does not matter
    assert battle_of(TABLE, [battle(confirmed=(True, False))]) is None  # the guest waits
    assert battle_of(TABLE, [battle(confirmed=(False, True))]) is None
    assert battle_of(TABLE, [battle(status="deleted")]) is None  # refused
    assert battle_of(TABLE, [battle(thread=556)]) is None  # another table's thread
    assert battle_of(TABLE, [battle(players=(1, 3))]) is None  # other players
    no_thread = TABLE.model_copy(update={"thread_id": None})
    assert battle_of(no_thread, [battle()]) is None  # no thread: the organiser enters it
    found = battle_of(TABLE, [battle(confirmed=(True, False)), battle()])
    assert found is not None and not found.pending
