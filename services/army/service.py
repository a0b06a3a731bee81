"""`/army`: import a roster (preview, then Confirm), list, show, delete, deploy (issue 18).

An army belongs to the member who imported it, on that server; a game master (GM role or
Manage Server) may also delete it. The roster is read in the bot's own pool of workers
(`services.common.Workers`), one upload of a member at a time (`Lanes`): ten uploads of one
member take one worker in turn, and nobody else waits behind them (issue 28). A saved army
is read back in the pool too. Nothing is saved before Confirm. Deploying adds its units to the
channel's game as one change (one undo).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.antares.game import GameState
from core.antares.roster import Army, import_roster
from core.antares.roster.deploy import Deployed, chosen_units, deploy_army
from core.antares.roster.limits import ARMIES_PER_MEMBER
from core.antares.roster.model import FIGURES, NAME_MAX
from core.common.dice import DiceSource
from core.common.errors import Conflict, NotAllowed, NotFound
from core.common.names import name_key
from rulesdb.models import RulesDB
from services.army.pending import Pending, PendingImports
from services.common import (
    Call,
    Lanes,
    ServerSettings,
    Standing,
    Workers,
    guild_of,
    once,
    require_seat,
    require_self_or_host,
)
from services.game import GameAccess
from storage.base import Store


@dataclass(frozen=True, slots=True)
class Preview:
    nonce: int
    army: Army
    taken: bool  # Confirm replaces the owner's army of this name


@dataclass(frozen=True, slots=True)
class SavedArmy:
    owner_id: int
    army: Army


@dataclass(frozen=True, slots=True)
class Confirmed:
    name: str
    units: int
    replaced: bool


class ArmyService(GameAccess):
    armies_max = ARMIES_PER_MEMBER

    def __init__(
        self,
        store: Store,
        servers: ServerSettings,
        dice: DiceSource,
        *,
        workers: Workers,
        rules_db: Callable[[], RulesDB],
        pending: PendingImports | None = None,
    ) -> None:
        super().__init__(store, servers, dice)
        self.workers = workers  # the bot's pool: rosters are read there
        self.rules_db = rules_db  # the loaded rules database (loaded once the bot opens)
        self.pending = pending if pending is not None else PendingImports()
        self.lanes = Lanes()  # one lane a member: their uploads wait for each other

    def _db(self) -> RulesDB:
        return self.rules_db()

    async def preview(
        self, call: Call, filename: str, data: bytes, *, name: str = "", figures: str = "seeds"
    ) -> Preview:
        guild_id, owner = guild_of(call), call.actor.user_id
        chosen = figures if figures in FIGURES else "seeds"
        db = self._db()
        async with self.lanes.lane(owner):
            imported = await self.workers.run(
                import_roster,
                filename,
                data,
                db,
                name=name[:NAME_MAX],
                figures=chosen,
            )
        army = imported.army
        async with self.store.read() as tx:
            names = await tx.army_names(guild_id, owner)
        taken = name_key(army.name) in {name_key(n) for n in names}
        if len(names) >= self.armies_max and not taken:  # only replacing one is left
            raise Conflict("army.too_many_armies", limit=self.armies_max)
        nonce = call.interaction_id or 0
        held = Pending(owner, guild_id, army.name, len(army.units), imported.saved, taken,
                       self.pending.clock())  # fmt: skip
        self.pending.put(nonce, held)
        return Preview(nonce, army, taken)

    async def confirm(self, call: Call, nonce: int) -> Confirmed:
        held = self.pending.get(nonce)
        if held is None:
            raise Conflict("army.preview_expired")
        if held.owner_id != call.actor.user_id:
            raise NotAllowed("army.not_your_preview")
        async with once(self.store, call.interaction_id) as tx:
            saved = await tx.army_names(held.guild_id, held.owner_id)
            if not held.taken and len(saved) >= self.armies_max:
                raise Conflict("army.too_many_armies", limit=self.armies_max)
            campaign_id = await tx.current_campaign_id(held.guild_id)
            if campaign_id is not None and await tx.member(campaign_id, held.owner_id) is None:
                campaign_id = None  # linked only to a campaign the member plays in
            record = await tx.save_army(
                held.guild_id, held.owner_id, name=held.name, name_key=name_key(held.name),
                data=held.saved, campaign_id=campaign_id, replace=held.taken,
            )  # fmt: skip
        if record is None:  # taken since the preview: ask again
            raise Conflict("army.name_taken", name=held.name)
        self.pending.drop(nonce)
        return Confirmed(held.name, held.units, replaced=held.taken)

    async def previewed(self, call: Call, nonce: int) -> Army:
        """The army of a preview still waiting for Confirm (its pages are drawn from it)."""
        held = self.pending.get(nonce)
        if held is None:
            raise Conflict("army.preview_expired")
        if held.owner_id != call.actor.user_id:
            raise NotAllowed("army.not_your_preview")
        return await self.workers.run(Army.model_validate_json, held.saved)

    def cancel(self, call: Call, nonce: int) -> None:
        held = self.pending.get(nonce)
        if held is not None and held.owner_id != call.actor.user_id:
            raise NotAllowed("army.not_your_preview")
        self.pending.drop(nonce)

    async def names(self, call: Call, owner_id: int | None = None) -> Sequence[str]:
        """The names of a member's armies on the server (their content is not read)."""
        guild_id = guild_of(call)
        async with self.store.read() as tx:
            return await tx.army_names(guild_id, owner_id or call.actor.user_id)

    async def show(self, call: Call, name: str, owner_id: int | None = None) -> SavedArmy:
        guild_id = guild_of(call)
        owner = owner_id or call.actor.user_id
        async with self.store.read() as tx:
            record = await tx.army(guild_id, owner, name_key(name))
        if record is None:
            raise NotFound("army.not_found", name=name[:NAME_MAX])
        army = await self.workers.run(Army.model_validate_json, record.data)
        return SavedArmy(record.owner_id, army)

    async def delete(self, call: Call, name: str, owner_id: int | None = None) -> str:
        guild_id = guild_of(call)
        owner = owner_id or call.actor.user_id
        if owner != call.actor.user_id and not (await self.standing(call)).gm:
            raise NotAllowed("army.delete_who")
        async with once(self.store, call.interaction_id) as tx:
            record = await tx.army(guild_id, owner, name_key(name))
            if record is None or not await tx.delete_army(guild_id, owner, name_key(name)):
                raise NotFound("army.not_found", name=name[:NAME_MAX])
        return record.name

    async def deploy(self, call: Call, name: str, units: str | None = None) -> Deployed:
        saved = await self.show(call, name)
        chosen = chosen_units(saved.army, units)
        owner = call.actor.user_id

        def apply(state: GameState, who: Standing) -> tuple[GameState, Deployed]:
            if state.system != "antares":  # an Antares army in a hex or Epic game (issue 17)
                raise Conflict("army.other_system", game=state.name)
            require_self_or_host(state, who, owner)
            require_seat(state, who, owner)
            return deploy_army(state, owner, saved.army, chosen, limit=self.limits.units)

        return (await self.change(call, "army_deploy", apply)).result
