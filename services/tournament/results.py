"""A table's result from its game: the campaign battle its game recorded (`/game end` in the
table's thread), once both players confirmed it (`services.campaign.consent`, the campaign
battle consent: the event's games are recorded in its campaign). A battle still waiting for a
player, or refused, gives no result; the organiser may enter one instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.antares.game import load_state
from core.antares.game_end import losses_per_player
from core.common.errors import AntaresError
from core.common.tournament.model import Result, Table, Tournament
from core.common.tournament.rounds import with_table
from storage.base import Transaction
from storage.campaign_base import BattleRecord


def battle_of(table: Table, battles: Sequence[BattleRecord]) -> BattleRecord | None:
    """The confirmed battle played at `table`: in its thread, by its two players."""
    if table.thread_id is None:
        return None
    for battle in battles:
        where = battle.channel_link or ""
        if (
            battle.status != "deleted"
            and not battle.pending
            and where.endswith(f"/{table.thread_id}")
            and {s.user_id for s in battle.sides} == set(table.players)
        ):
            return battle
    return None


async def dice_destroyed(tx: Transaction, battle: BattleRecord) -> dict[int, int]:
    """Per player, the enemy order dice of the units they destroyed (the game's end state)."""
    game = await tx.game(battle.game_id) if battle.game_id is not None else None
    if game is None:
        return {}
    try:
        state = load_state(game.state)
    except (ValueError, AntaresError):  # unreadable, or written by a newer bot: no figure
        return {}
    players = [s.user_id for s in battle.sides]
    lost = {losses.owner_id: losses.dice for losses in losses_per_player(state)}
    return {me: lost.get(other, 0) for me, other in zip(players, reversed(players), strict=True)}


async def with_game_results(tx: Transaction, event: Tournament) -> Tournament:
    """The event with every table that has a confirmed game given its result."""
    if event.campaign_id is None:
        return event
    waiting = [
        (r.number, x)
        for r in event.rounds
        for x in r.tables
        if x.result is None and x.thread_id is not None
    ]
    if not waiting:
        return event
    battles = await tx.battles(event.campaign_id)
    for number, table in waiting:
        battle = battle_of(table, battles)
        if battle is None:
            continue
        result = Result(
            winner=battle.winner_id,
            vp={s.user_id: s.vp or 0 for s in battle.sides},
            dice=await dice_destroyed(tx, battle),
            source="game",
            battle=battle.seq,
        )
        event = with_table(event, number, table.model_copy(update={"result": result}))
    return event
