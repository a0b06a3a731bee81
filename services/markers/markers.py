"""Special-ammo markers and mines of a channel's game (issue 6): the `/marker` and `/mine`
use cases, one service (`AppServices.markers`).

Players place markers (for themselves; for another player: host or GM), remove them and
declare which units are within 3"; a unit's owner (or host/GM) marks it scramble-proof.
Everyone can look. Each change is one event; the end-of-turn D10 of each marker is rolled
by `/turn end` (`core.antares.end_tests`). Mines: `services.markers.mines`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.game import GameState
from core.antares.table_markers.lookup import find_marker, markers_of
from core.antares.table_markers.markers import (
    JamProofSet,
    MarkerAffected,
    MarkerPlaced,
    MarkerRemoved,
    affect,
    marker_launchers,
    place_marker,
    remove_marker,
    set_jam_proof,
)
from core.antares.table_markers.models import AmmoMarker
from core.common.errors import Conflict
from rulesdb.weapons import Weapon
from services.common import (
    Call,
    Standing,
    require_player,
    require_self_or_host,
    require_unit_owner,
)
from services.game import resolve, unit_ref
from services.markers.mines import CHOICES_MAX, MineService
from services.markers.refs import item_ref, qualified

MARKER_OTHER_GAME = "marker.other_game"


@dataclass(frozen=True, slots=True)
class MarkerChoice:
    value: str  # "<game id>:m<n>"
    marker: AmmoMarker


@dataclass(frozen=True, slots=True)
class TableView:
    game_id: int
    state: GameState
    markers: list[AmmoMarker]


class MarkerService(MineService):
    async def place(
        self,
        call: Call,
        marker_type: str,
        *,
        weapon: str | None = None,
        location: str | None = None,
        owner_id: int | None = None,
    ) -> MarkerPlaced:
        """A marker where special ammo landed, tested at each end of turn."""
        owner = call.actor.user_id if owner_id is None else owner_id
        kind = marker_type.strip().casefold()[:20]

        def apply(state: GameState, who: Standing) -> tuple[GameState, MarkerPlaced]:
            require_player(state, who)
            require_self_or_host(state, who, owner)
            return place_marker(state, kind, owner, weapon, location, limit=self.limits.markers)

        return (await self.change(call, "marker_place", apply)).result

    async def remove_marker(self, call: Call, marker: str) -> MarkerRemoved:
        ref = item_ref(marker)

        def apply(state: GameState, who: Standing) -> tuple[GameState, MarkerRemoved]:
            require_player(state, who)
            return remove_marker(state, find_marker(state, ref.ref).id)

        done = await self.change(
            call, "marker_remove", apply, game_id=ref.game_id, wrong_game=MARKER_OTHER_GAME
        )
        return done.result

    async def affect(self, call: Call, marker: str, unit: str, inside: bool) -> MarkerAffected:
        """Declare a unit within 3" of a marker (``inside``), or no longer."""
        ref, target = item_ref(marker), unit_ref(unit)
        games = {r.game_id for r in (ref, target) if r.game_id is not None}
        if len(games) > 1:
            raise Conflict(MARKER_OTHER_GAME)

        def apply(state: GameState, who: Standing) -> tuple[GameState, MarkerAffected]:
            require_player(state, who)
            found = find_marker(state, ref.ref)
            return affect(state, found.id, resolve(state, target).id, inside)

        done = await self.change(
            call,
            "marker_affect",
            apply,
            game_id=next(iter(games), None),
            wrong_game=MARKER_OTHER_GAME,
        )
        return done.result

    async def jam_proof(self, call: Call, unit: str, value: bool) -> JamProofSet:
        """A unit scramble-proof or not (its owner, the host or a game master)."""
        ref = unit_ref(unit)

        def apply(state: GameState, who: Standing) -> tuple[GameState, JamProofSet]:
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            return set_jam_proof(state, target.id, value)

        done = await self.change(
            call, "jam_proof", apply, game_id=ref.game_id, wrong_game="unit.other_game"
        )
        return done.result

    async def table(self, channel_id: int) -> TableView:
        """Markers and mines of the channel's game (running, else the last one)."""
        record, state = await self.latest(channel_id)
        return TableView(record.id, state, markers_of(state))

    async def marker_choices(self, channel_id: int, typed: str) -> list[MarkerChoice]:
        """Autocomplete: the running game's markers whose number, type or place match."""
        running = await self.running_or_none(channel_id)
        if running is None:
            return []
        game_id, state = running
        wanted = " ".join(typed.split()).casefold().lstrip("#")
        found = [
            m for m in markers_of(state) if wanted in f"{m.number} {m.type} {m.location}".casefold()
        ]
        return [MarkerChoice(qualified(game_id, m.id), m) for m in found][:CHOICES_MAX]

    def launchers(self, typed: str) -> list[Weapon]:
        """Weapons that fire marker ammo, whose name contains what is typed."""
        wanted = " ".join(typed.split()).casefold()
        return [w for w in marker_launchers() if wanted in w.name_en.casefold()]
