"""`/epic` use cases. Rolls work in any channel that does not play another system, on the
die of the game's ruleset (or the server's, without a game); the Elite pool needs the
channel's Epic game: setting it and spending a reroll are game events, so `/game undo`
gives them back."""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.game import GameState, GameSystem, fork, require_running
from core.common.errors import BadInput, NotFound
from core.epic import elite
from core.epic.defences import NEEDED, Defences, close_defences
from core.epic.regeneration import CLASSES, Regeneration, regenerate
from core.epic.rolls import check_target
from core.epic.shot import EpicShot, ShotInput, epic_shot
from core.epic.state import EpicPart
from services.common import Call, Standing, checked, choice, require_self_or_host
from services.game import GameAccess, GameSettings, Systems, other_system

SYSTEM: GameSystem = "epic"
CLASS_MAX = 10
DISTANCE_MAX = 1000


@dataclass(frozen=True, slots=True)
class EliteView:
    faces: int
    pools: dict[int, int]  # owner id -> rerolls left


def _epic_game(state: GameState) -> None:
    if state.system != SYSTEM:
        raise other_system(state, SYSTEM)
    require_running(state)


class EpicService(GameAccess):
    systems: Systems
    settings: GameSettings

    async def faces(self, call: Call) -> int:
        state = await self.systems.require(call.channel_id, SYSTEM)
        rules = state.ruleset() if state else await self.settings.ruleset(call.guild_id)
        return rules.epic_die

    async def regeneration(
        self,
        call: Call,
        wounds: int,
        own: int | None,
        base_class: str,
        *,
        medic: bool,
        mechanic: bool,
        in_transport: bool,
        reality: bool,
    ) -> Regeneration:
        faces = await self.faces(call)
        kind = choice(base_class, CLASSES)
        if own is not None:
            check_target(own, faces)
        return regenerate(
            self.dice,
            faces,
            wounds,
            own,
            base_class=kind,
            medic=medic,
            mechanic=mechanic,
            in_transport=in_transport,
            reality=reality,
        )

    async def defences(
        self, call: Call, shots: int, mode: str, target_class: int, distance: float | None
    ) -> Defences:
        faces = await self.faces(call)
        chosen = choice(mode, tuple(NEEDED))
        _class(target_class)
        if distance is not None and not 0 <= distance <= DISTANCE_MAX:
            raise BadInput("epic.bad_distance", distance=distance, high=DISTANCE_MAX)
        return close_defences(self.dice, faces, shots, chosen, target_class, distance)

    async def shot(self, call: Call, **values: object) -> EpicShot:
        faces = await self.faces(call)
        shot = checked(ShotInput, **values)
        check_target(shot.target, faces)
        _class(shot.target_class)
        if shot.cover < 0 or shot.cover > faces:
            raise BadInput("epic.bad_cover", cover=shot.cover, high=faces)
        if (shot.damages_buildings is None) != (shot.building_save is None):
            raise BadInput("epic.building_pair")
        if shot.building_save is not None:
            check_target(shot.building_save, faces)
            if not 0 <= (shot.damages_buildings or 0) <= faces:
                raise BadInput("epic.bad_ap", ap=shot.damages_buildings, high=faces)
        return epic_shot(self.dice, faces, shot)

    # -- Elite (X): the pool of each side, in the channel's Epic game -----------------------

    async def elite_view(self, call: Call) -> EliteView:
        state = await self._epic_state(call)
        pools = {int(k): v for k, v in state.epic.elite.items()}
        return EliteView(state.ruleset().epic_die, pools)

    async def elite_pool(
        self, call: Call, detachments: int, characters: int, owner_id: int | None
    ) -> elite.ElitePool:
        await self._epic_state(call)
        owner = call.actor.user_id if owner_id is None else owner_id

        def apply(state: GameState, who: Standing) -> tuple[GameState, elite.ElitePool]:
            _epic_game(state)
            require_self_or_host(state, who, owner)
            part, pool = elite.set_pool(state.epic, owner, detachments, characters)
            return with_epic(state, part), pool

        return (await self.change(call, "epic_elite_pool", apply)).result

    async def elite_reroll(
        self,
        call: Call,
        kind: str,
        dice: str,
        position: int | None,
        needed: int | None,
        new_roll: bool = False,
    ) -> elite.EliteReroll:
        state = await self._epic_state(call)
        faces = state.ruleset().epic_die
        roll_kind = choice(kind, elite.ROLL_KINDS)
        rolled = elite.parse_dice(dice, faces)
        if needed is not None:
            check_target(needed, faces)

        def apply(state: GameState, who: Standing) -> tuple[GameState, elite.EliteReroll]:
            _epic_game(state)
            part, rerolled = elite.reroll(
                state.epic,
                self.dice,
                who.user_id,
                roll_kind,
                rolled,
                faces,
                position,
                needed,
                new_roll,
            )
            return with_epic(state, part), rerolled

        return (await self.change(call, "epic_elite_reroll", apply)).result

    async def _epic_state(self, call: Call) -> GameState:
        state = await self.systems.require(call.channel_id, SYSTEM)
        if state is None:
            await self._refuse_ended(call.channel_id)
            raise NotFound("epic.elite_needs_game")
        return state


def with_epic(state: GameState, part: EpicPart) -> GameState:
    new = fork(state)
    new.epic = part
    return new


def _class(target_class: int) -> None:
    if not 0 <= target_class <= CLASS_MAX:
        raise BadInput("epic.bad_class", value=target_class, high=CLASS_MAX)
