"""`/odds`: the exact chances of a shot, built exactly as `/shoot` builds it (issue 19).

The same options, the same refusals, the same ``build_shot``: a tracked shooter's Acc,
pins, order and weapons, a tracked target's Res, models, armour, Down and drones, the
table's markers, an active Fractal Lock, the remembered target and distance. Nothing is
written and no die is rolled: a read of the channel's game at most, so `/odds` works in a
DM or a server without a game when no tracked unit is named. Two words of ``extras`` are
the odds' own: ``co:8`` (the Co an untracked target tests on) — the tracked target's
is its own. ``compare`` names a second weapon, mode or ammo: both lines go on one chart.

``roll_spec`` is the `/shoot` that 🎲 Roll it fires: the options as given, the weapon and
mode as their ids.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from core.antares.game import GameState
from core.antares.odds import ShotOdds, Standing, shot_odds
from core.antares.odds.standing import standing_of
from core.antares.ruleset import Ruleset
from core.antares.shooting.from_units import living
from core.antares.shooting.validate import check_range
from core.common.errors import Conflict, NotFound
from services.game import WRONG_GAME, GameAccess, same_game, unit_ref
from services.shooting.compare import compared
from services.shooting.markers import markers_applied
from services.shooting.options import ShotOptions
from services.shooting.records import UnitLabel, WeaponLabel
from services.shooting.remembered import remembered
from services.shooting.shot import set_up

if TYPE_CHECKING:
    from core.antares.game import Unit
    from services.common import Call, Workers
    from services.rules import RulesLookup
    from services.shooting.shot import ShotPlan

CO_WORD = re.compile(r"(?<![\w-])co\s*[:=]?\s*(\d{1,2})(?![\w])", re.IGNORECASE)
CO_RANGE = (1, 20)


@dataclass
class OddsLine:
    weapon: WeaponLabel
    ammo: str | None
    odds: ShotOdds
    spec: dict[str, Any] = field(default_factory=dict)  # the `/shoot` of this line's Roll it


@dataclass
class OddsRecord:
    lines: list[OddsLine]
    shooter: UnitLabel | None = None
    target: UnitLabel | None = None
    co: int | None = None  # the Co the break test is taken on (None: not known)
    models_known: bool = False


def odds_extras(options: ShotOptions) -> tuple[ShotOptions, int | None]:
    """``co:8`` taken out of ``extras`` (the rest is `/shoot`'s)."""
    text = options.extras or ""
    found = CO_WORD.search(text)
    if found is None:
        return options, None
    co = int(found.group(1))
    check_range("shoot", "count", "co", co, *CO_RANGE)
    rest = (text[: found.start()] + " " + text[found.end() :]).strip() or None
    return replace(options, extras=rest), co


def roll_spec(options: ShotOptions, weapon: str, mode: str | None) -> dict[str, Any]:
    """The options that differ from `/shoot`'s defaults, weapon and mode as ids."""
    default = asdict(ShotOptions())
    given = {k: v for k, v in asdict(options).items() if v != default[k]}
    given.update(weapon=weapon)
    if mode is not None:
        given["mode"] = mode
    return given


def untracked(options: ShotOptions, co: int | None) -> Standing:
    """A typed-in target: its models taken as its starting models (at full strength), no
    pins, the Co of ``co:8`` if given."""
    models = options.target_models
    return Standing(models=models, starting=models, co=co, kind=options.kind or "infantry")


class OddsReading(GameAccess):
    """`/odds` for ``ShootingService`` (its ``plan_shot``, ``ruleset_here``, ``running``,
    ``workers``: the odds are CPU work, computed in the bot's pool)."""

    lookup: RulesLookup
    workers: Workers

    if TYPE_CHECKING:  # ShootingService's

        def plan_shot(
            self, options: ShotOptions, shooter: Unit | None = None
        ) -> tuple[ShotPlan, WeaponLabel]: ...

        async def ruleset_here(self, call: Call) -> Ruleset: ...

    async def _line(self, options, shooter, target, state, rules, standing) -> tuple[OddsLine, Any]:
        plan, label = self.plan_shot(options, shooter)
        markers = None
        if state is not None and (shooter is not None or target is not None):
            ids = (shooter.id if shooter else None, target.id if target else None)
            markers = markers_applied(state, plan, *ids)
        db = self.lookup.db
        # the setup `/shoot` resolves: roster figures, the tracked target's standing
        setup = set_up(plan, shooter, target, rules, db, state, markers, standing)
        workers = self.workers
        odds = await workers.run(shot_odds, setup.shot, setup.rules, setup.db, setup.standing)
        return OddsLine(label, setup.shot.ammo, odds), plan

    async def odds(self, call, options: ShotOptions, compare: str | None = None) -> OddsRecord:
        options, co = odds_extras(options)
        refs = [unit_ref(r) if r else None for r in (options.shooter, options.target)]
        if refs == [None, None]:
            rules = await self.ruleset_here(call)
            standing = untracked(options, co)
            return await self._record(options, compare, None, None, None, rules, standing, co)
        state = await self._state_for(call, refs)
        shooter = None if refs[0] is None else living(state, refs[0].ref)
        target = None if refs[1] is None else living(state, refs[1].ref)
        if shooter is not None and target is not None and shooter.id == target.id:
            raise Conflict("shoot.same_unit", unit=shooter.name)
        aimed = remembered(state, shooter, target, options)
        target = aimed.target
        standing = standing_of(state, target) if target is not None else untracked(options, co)
        co = standing.co  # a tracked target's: the Co the resolver tests on
        return await self._record(
            aimed.options, compare, shooter, target, state, state.ruleset(), standing, co
        )

    async def _state_for(self, call, refs) -> GameState:
        game_id = same_game(*refs)
        try:
            record, state = await self.running(call.channel_id)
        except NotFound as error:
            if error.key == "game.none_here" and game_id is not None:
                raise Conflict(WRONG_GAME) from None
            raise
        if game_id is not None and game_id != record.id:
            raise Conflict(WRONG_GAME)
        return state

    async def _record(self, options, compare, shooter, target, state, rules: Ruleset, standing, co):
        main, plan = await self._line(options, shooter, target, state, rules, standing)
        main.spec = roll_spec(options, plan.weapon, plan.mode)
        lines = [main]
        if compare:
            second = compared(self.lookup, plan.options, compare)
            line, plan = await self._line(second, shooter, target, state, rules, standing)
            line.spec = roll_spec(second, plan.weapon, plan.mode)
            lines.append(line)
        return OddsRecord(
            lines=lines,
            shooter=UnitLabel.of(shooter),
            target=UnitLabel.of(target),
            co=co,
            models_known=standing is not None and standing.models is not None,
        )
