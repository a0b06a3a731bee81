"""A drifted overhead template's hits on the unit it now covers (issue 22: "overhead drift is
never 'nothing happens'").

A tracked shot's reply carries a button per overhead template that missed and drifted
(``resolvable_drifts``): its custom id holds the game, the shot's event (its seq) and the
template. The shooter's owner, the host or a game master names the unit the template now
covers (any living unit, of either side: a drift may land on friends), and
``resolve_landing`` rolls what landing there does: the D(n) hits of the weapon's mode at
the shot's range (its SV), against that unit's Res, armour, drones, state (Down halves)
and the markers on it; ``apply_shot`` writes them into the unit (no shooter: its shot is
already counted).

As part of the same event: the hits are an event of their own, kind ``drift``, which undo
joins to its shot (``services.game.JOINED``), so one `/game undo` takes both back. Joined
events must follow their shot directly, so the button is refused once anything else
happened in the game since the shot; and once its template is resolved, or its shot undone.
Marker ammo is left out: the markers feature already placed its marker where it drifted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, Field

from core.antares.game import GameState, Unit
from core.antares.shooting import ShotApplied, ShotResult, apply_shot, resolve_landing
from core.antares.shooting.ammo import MARKERS
from core.antares.shooting.from_units import living
from core.antares.shooting.results import TemplateRecord
from core.common.errors import Conflict, NotFound
from services.common import Call, Standing, require_unit_owner
from services.game import JOINED, GameAccess, live_events
from services.rules import RulesLookup
from services.shooting.markers import markers_applied
from services.shooting.options import ShotOptions, parse_extras, parse_rerolls
from services.shooting.records import ShotRecord, UnitLabel, WeaponLabel
from services.shooting.shot import ShotPlan, build_shot
from storage.base import EventRecord

DRIFT = "drift"  # the event kind of a drifted template's hits
assert DRIFT in JOINED  # undo takes it back with its shot


class DriftRecord(BaseModel):
    """The payload of a ``drift`` event: template ``template`` of the shot ``shot_seq``."""

    shot_seq: int
    template: int
    weapon: WeaponLabel
    shooter: UnitLabel
    target: UnitLabel  # the unit the template now covers
    drift_inches: int
    drift_clock: int | None = None
    result: ShotResult
    applied: ShotApplied | None = None
    game_id: int | None = None  # set on the reply, not kept in the log
    # the living units its shot's other drifted templates may cover now (their menus on the
    # reply, issue 31 §2): never kept in the log
    units: list[Unit] | None = Field(default=None, exclude=True)


class DriftAim(BaseModel):
    """What the button asks: which of ``units`` the template now covers."""

    game_id: int
    shot_seq: int
    template: int
    weapon: WeaponLabel
    shooter: UnitLabel
    drift_inches: int
    drift_clock: int | None = None
    units: list[Unit]  # the living units, the shot's target first


@dataclass(frozen=True, slots=True)
class Drifted:
    shot: ShotRecord
    template: TemplateRecord


def resolvable_drifts(result: ShotResult) -> list[int]:
    """The templates of a shot that a button may resolve: drifted, and not marker ammo."""
    if result.ammo in MARKERS:
        return []
    return [tp.index for tp in result.templates if tp.outcome == "drift"]


def drifted(events: Sequence[EventRecord], seq: int, index: int) -> Drifted:
    """The shot ``seq`` and its drifted template ``index``, while the button may resolve it."""
    shot = next((e for e in events if e.seq == seq and e.kind == "shoot"), None)
    if shot is None:
        raise Conflict("game.stale_message")
    if shot.undone:
        raise Conflict("shoot.drift_undone", index=index)
    record = ShotRecord.model_validate_json(shot.payload)
    if record.shooter is None or index not in resolvable_drifts(record.result):
        raise Conflict("game.stale_message")
    since = [e for e in live_events([e for e in events if not e.undone]) if e.seq > seq]
    landed = [DriftRecord.model_validate_json(e.payload) for e in since if e.kind == DRIFT]
    done = next((d for d in landed if d.shot_seq == seq and d.template == index), None)
    if done is not None:
        raise Conflict("shoot.drift_resolved", index=index, unit=done.target.name)
    if len(landed) < len(since) or any(d.shot_seq != seq for d in landed):
        raise Conflict("shoot.drift_moved_on", index=index)
    template = next(tp for tp in record.result.templates if tp.index == index)
    return Drifted(record, template)


def shooter_of(state: GameState, found: Drifted, who: Standing) -> Unit:
    """The shooter (its owner, the host or a GM may resolve its template)."""
    label = found.shot.shooter
    shooter = state.units.get(label.id) if label is not None else None
    if shooter is None:
        raise NotFound("unit.gone")
    require_unit_owner(state, shooter, who)
    return shooter


def landing_units(state: GameState, result: ShotResult, target_id: str | None) -> list[Unit]:
    """The living units a drifted template of ``result`` may now cover, either side, the
    shot's target first (none when no template is left to resolve)."""
    if not resolvable_drifts(result):
        return []
    return sorted(state.living(), key=lambda u: u.id != target_id)


NO_ACC = 1  # no Acc test is rolled for a template that already landed


def landing_plan(found: Drifted) -> ShotPlan:
    """The shot as fired (weapon, mode, ammo, order, range), aimed at whatever it covers.
    The shooter as it is now plays no part: the shot was fired (its models may be gone
    since, its own template among the causes)."""
    result = found.shot.result
    options = ShotOptions(
        weapon=result.weapon,
        mode=result.mode,
        ammo=result.ammo,
        models=result.models,
        acc=NO_ACC,
        order=result.order,
        distance=result.distance,
        band=result.band if result.distance is None else None,
        blind=result.blind,
    )
    return ShotPlan(
        options,
        result.weapon,
        result.mode,
        parse_rerolls("shoot", None),
        parse_extras(None),
        overhead=True,
    )


class DriftResolving(GameAccess):
    """The drift button's use cases, part of ``ShootingService``."""

    lookup: RulesLookup

    async def drift_aim(self, call: Call, game_id: int, seq: int, index: int) -> DriftAim:
        """The units a drifted template may now cover (asked by the shooter's owner, the
        host or a GM)."""
        who = await self.standing(call)
        record, state = await self.running(call.channel_id)
        if record.id != game_id:
            raise Conflict("game.stale_message")
        async with self.store.read() as tx:
            found = drifted(list(await tx.events(record.id)), seq, index)
        shooter = shooter_of(state, found, who)
        target = found.shot.target.id if found.shot.target is not None else None
        units = landing_units(state, found.shot.result, target)
        return DriftAim(
            game_id=game_id,
            shot_seq=seq,
            template=index,
            weapon=found.shot.weapon,
            shooter=UnitLabel.of(shooter),
            drift_inches=found.template.drift_inches or 0,
            drift_clock=found.template.drift_clock,
            units=units,
        )

    async def resolve_drift(
        self, call: Call, game_id: int, seq: int, index: int, unit_id: str
    ) -> DriftRecord:
        """The template's hits on ``unit_id``, an event joined to its shot."""
        found: list[Drifted] = []

        async def read(tx, record) -> None:  # the log, in the change's own transaction
            found[:] = [drifted(list(await tx.events(record.id)), seq, index)]

        def apply(state: GameState, who: Standing) -> tuple[GameState, DriftRecord]:
            shot = found[0]
            shooter = shooter_of(state, shot, who)
            if unit_id not in state.units:
                raise NotFound("unit.gone")
            covered = living(state, unit_id)
            plan = landing_plan(shot)
            markers = markers_applied(state, plan, None, covered.id)
            aimed = build_shot(plan, None, covered, state, markers)
            result = resolve_landing(aimed, index, self.dice, state.ruleset(), self.lookup.db)
            new, applied = apply_shot(state, None, covered.id, result, self.dice)
            aimed_at = shot.shot.target.id if shot.shot.target is not None else None
            return new, DriftRecord(
                shot_seq=seq,
                template=index,
                weapon=shot.shot.weapon,
                shooter=UnitLabel.of(shooter),
                target=UnitLabel.of(covered),
                drift_inches=shot.template.drift_inches or 0,
                drift_clock=shot.template.drift_clock,
                result=result,
                applied=applied,
                units=landing_units(new, shot.shot.result, aimed_at),
            )

        done = await self.change(call, DRIFT, apply, game_id=game_id, read=read)
        return done.result.model_copy(update={"game_id": game_id})
