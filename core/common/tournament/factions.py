"""The faction table of one event: battles, wins, draws, losses and VP per faction.

Per event only (the league's table across a server's events and campaigns lives in
`core.common.league`, written beside this): each played table counts once for each side's
faction, from the faction of the player's locked list ("" when none). Byes are not battles.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.common.tournament.model import Tournament


@dataclass(slots=True)
class FactionLine:
    faction: str
    players: int = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    vp: int = 0


def faction_table(t: Tournament) -> list[FactionLine]:
    """Best first: by wins, then draws, then VP; then by name."""
    faction = {e.user_id: e.faction for e in t.entries}
    table: dict[str, FactionLine] = {}
    for e in t.entries:
        table.setdefault(e.faction, FactionLine(e.faction)).players += 1
    for round_ in t.rounds:
        for played in round_.tables:
            if played.result is None:
                continue
            for me in played.players:
                line = table.setdefault(faction.get(me, ""), FactionLine(faction.get(me, "")))
                line.played += 1
                line.vp += played.result.vp.get(me, 0)
                if played.result.winner is None:
                    line.draws += 1
                elif played.result.winner == me:
                    line.wins += 1
                else:
                    line.losses += 1
    return sorted(table.values(), key=lambda x: (-x.wins, -x.draws, -x.vp, x.faction))
