"""`/shoot`, `/assault` and `/damage`: resolve with the rules core, write into tracked units.

With no unit named, a shot, a round or a chart is only rolled (the game's ruleset when a
game runs here, else the server's). With units of the channel's game, the resolution and
its application happen in the pure function given to ``GameAccess.change``: the dice, the
casualties, pins, break tests and the shooter's Down land in one transaction, as one event
that `/game undo` reverts. A tracked shot also reads the table's markers (Blur, Scrambler,
Arc) and places the marker its marker ammo lands, in the same event
(``services.shooting.markers``). Who may: the shooter's (attacker's) owner, the host or a
game master; with an untracked shooter, any player. The target's owner need not agree:
taking the hits is part of the shot. A tracked shooter's last target and distance are the
defaults of its next shot (``services.shooting.remembered``); ``aim`` gives the 🎯 Shoot
button its questions (``services.shooting.aim``), whose answers come back through ``shoot``.
"""

from __future__ import annotations

import json
from dataclasses import replace

from core.antares.game import GameState, Unit, ruleset_of
from core.antares.ruleset import Ruleset
from core.antares.seats import mark_begun
from core.antares.shooting import (
    ChartRequest,
    CombatResult,
    Shot,
    ShotResult,
    apply_chart,
    apply_combat,
    apply_shot,
    resolve_chart,
    resolve_round,
    resolve_shot,
)
from core.antares.shooting.from_units import living
from core.antares.shooting.kept import check_stave
from core.antares.shooting.profile import Use, is_overhead, weapon_mode
from core.antares.table_markers.mines import mines_against
from core.antares.turn_flow import check_no_offer, check_offer_lets_shoot
from core.common.dice import DiceSource
from core.common.errors import AntaresError, BadInput, Conflict, NotFound
from services.common import (
    NO_GAME,
    Call,
    ServerSettings,
    Standing,
    Step,
    Workers,
    require_player,
    require_unit_owner,
    shown_events,
)
from services.game import WRONG_GAME, GameSettings, UnitRef, next_step_of, same_game, unit_ref
from services.rules import RulesLookup
from services.shooting.activation import in_activation
from services.shooting.aim import Aim, aim_at, offered
from services.shooting.assault import EXAMPLE, CombatPlan, plan_combat
from services.shooting.drift import DriftResolving, landing_units
from services.shooting.luck import RememberedOdds, luck_of
from services.shooting.markers import Where, drop_markers, markers_applied, plain_where
from services.shooting.odds import OddsReading
from services.shooting.options import (
    ChartOptions,
    CombatOptions,
    ShotOptions,
    parse_extras,
    parse_rerolls,
)
from services.shooting.reaction import Reacting, assault_kind, shot_kind
from services.shooting.reaction_records import ReactionAsked
from services.shooting.records import ChartRecord, CombatRecord, ShotRecord, UnitLabel, WeaponLabel
from services.shooting.remembered import remembered
from services.shooting.shot import (
    ShotPlan,
    build_shot,
    models_default,
    set_up,
    weapon_default,
)
from services.shooting.volley import CardOffer, Volley
from services.shooting.weapons import find_mode, find_weapon
from storage.base import Store


def unit_in(state: GameState, ref: UnitRef | None) -> Unit | None:
    if ref is not None and ref.game_id is not None and ref.ref not in state.units:
        raise NotFound("unit.gone")  # a button's or a list's unit, removed since
    return None if ref is None else living(state, ref.ref)


def target_in(state: GameState, ref: UnitRef | None) -> Unit | None:
    """The target: a destroyed one is refused with what to do instead."""
    try:
        return unit_in(state, ref)
    except Conflict as error:
        if error.key == "unit.destroyed":
            raise Conflict("shoot.target_destroyed", **error.values) from None
        raise


def sensor_unused(shot: Shot, result: ShotResult) -> bool:
    """The target's Sensor Module mark gave no +1 to an Acc test: targeters gave theirs."""
    sources = {m.source for m in result.acc_modifiers}
    return (
        shot.target.sensor_marked
        and result.acc_target is not None
        and "targeters" in sources
        and "sensor_module" not in sources
    )


def allow(state: GameState, who: Standing, acting: Unit | None) -> None:
    """The acting unit's owner (or host/GM); with no acting unit, any player."""
    if acting is not None:
        require_unit_owner(state, acting, who)
    else:
        require_player(state, who)


class ShootingService(Reacting, DriftResolving, OddsReading):
    def __init__(
        self,
        store: Store,
        servers: ServerSettings,
        dice: DiceSource,
        settings: GameSettings,
        lookup: RulesLookup,
        *,
        workers: Workers,
    ) -> None:
        super().__init__(store, servers, dice)
        self.settings = settings
        self.lookup = lookup
        self.remembered_odds = RememberedOdds()  # the luck line's odds, this bot's own
        self.workers = workers  # `/odds` computes its table in the bot's pool

    async def ruleset_here(self, call: Call) -> Ruleset:
        """The running game's ruleset, else the server's (for untracked rolls), in one read
        that also notes the reply's next step (`NO_GAME` when there is no game), unless the
        game changed elsewhere since this process's last change of it."""
        async with self.store.read() as tx:
            record = await tx.running_game(call.channel_id)
        if record is None:  # the reply is told: it reads the channel no more
            shown_events(self.store).offers(call.interaction_id, NO_GAME)
            return await self.settings.ruleset(call.guild_id)
        shown = shown_events(self.store)
        kept = shown.state_at(call.channel_id, record.id, record.version)
        if isinstance(kept, GameState):  # as this process's last change left it: no parse
            step = next_step_of(record.id, kept)  # and the reply's next step, read with it
            shown.offers(call.interaction_id, Step(record.id, step.draw, step.done))
            return kept.ruleset()
        # only the overrides: the whole state is not needed
        return ruleset_of(json.loads(record.state).get("ruleset_overrides", {}))

    async def tracked(self, call: Call, kind, apply, refs: list[UnitRef | None], then=None):
        """One change of the channel's game (its result, and its event); a unit of another
        game is refused. A shot, an assault or damage ends the game's set-up (`core.antares.seats`):
        from then on, new players are seated by the host."""
        game_id = same_game(*refs)

        def begun(state: GameState, who: Standing):  # a tracked shot ends the set-up
            new, result = apply(state, who)
            return mark_begun(new), result

        try:
            done = await self.change(
                call, kind, begun, game_id=game_id, wrong_game=WRONG_GAME, then=then
            )
        except NotFound as error:
            if error.key == "game.none_here" and game_id is not None:
                raise Conflict(WRONG_GAME) from None
            raise
        return done.result, done.event

    # --- /shoot --------------------------------------------------------------------------

    def plan_shot(
        self, options: ShotOptions, shooter: Unit | None = None
    ) -> tuple[ShotPlan, WeaponLabel]:
        """``shooter``: a tracked shooter, whose weapons give the defaults (issue 22)."""
        options.check()
        options = weapon_default(options, shooter)
        weapon = find_weapon(self.lookup, options.weapon or "", "shoot")
        options = models_default(options, shooter, weapon.id)
        mode = find_mode(weapon, options.mode)
        chosen = next((m for m in weapon.modes if m.id == mode), None)
        plan = ShotPlan(
            options,
            weapon.id,
            mode,
            parse_rerolls("shoot", options.rerolls),
            parse_extras(options.extras),
            overhead=is_overhead(chosen or weapon.modes[0]),
        )
        return plan, WeaponLabel.of(weapon, chosen or weapon.modes[0])

    async def shoot(
        self, call: Call, options: ShotOptions, where: Where = plain_where
    ) -> ShotRecord:
        """``where`` words the location of a marker the shot places (caller's language)."""
        record, _ = await self._shoot(call, options, where)
        assert isinstance(record, ShotRecord)  # nothing asked: it was resolved
        return record

    async def shoot_or_ask(
        self, call: Call, options: ShotOptions, where: Where = plain_where
    ) -> ShotRecord | ReactionAsked:
        """The shot, or the ask of its target's reaction (``services.shooting.reaction``)."""
        record, _ = await self._shoot(call, options, where, ask=[options])
        return record

    async def _shoot(
        self,
        call: Call,
        options: ShotOptions,
        where: Where,
        ask: list[ShotOptions] | None = None,
        asked_by: int | None = None,
    ) -> tuple[ShotRecord | ReactionAsked, int | None]:
        """The shot, and the id of its event (None: untracked, no event). ``ask``: the
        shots to hold back should the target be asked to react (this one first);
        ``asked_by``: a shot held back and now going ahead, fired by that player (whose
        right to fire it was checked when it was asked)."""
        shooter_ref = unit_ref(options.shooter) if options.shooter else None
        target_ref = unit_ref(options.target) if options.target else None
        if shooter_ref is None and target_ref is None:
            return await self._untracked(call, options), None
        if shooter_ref is None:
            self.plan_shot(options)  # refused before any read

        def apply(state: GameState, who: Standing):
            shooter, target = unit_in(state, shooter_ref), target_in(state, target_ref)
            if shooter is not None and target is not None and shooter.id == target.id:
                raise Conflict("shoot.same_unit", unit=shooter.name)
            if asked_by is None:
                allow(state, who, shooter)
            # a shot waits for its target's reaction: only an ambusher that sprang shoots
            check_offer_lets_shoot(state, shooter)
            held_back = state.reaction is not None  # its shot is asked of no one
            aimed = remembered(state, shooter, target, options)
            target = aimed.target
            plan, label = self.plan_shot(aimed.options, shooter)
            activation = None
            before = state
            if shooter is not None:
                self._check_stave(state, shooter, plan.weapon, plan.mode, "shoot")
                state, activation, plan = in_activation(state, who, shooter, plan, label)
                shooter = state.units[shooter.id]
            if ask and not held_back and shooter is not None and target is not None:
                held = self.ask_for(before, who, shooter, target, ask)
                if held is not None:  # resolved once its target's player answers
                    return held
            ids = (shooter.id if shooter else None, target.id if target else None)
            markers = markers_applied(state, plan, *ids)
            # the one setup /odds and the luck line read too: roster figures (issue 18)
            setup = set_up(plan, shooter, target, state.ruleset(), self.lookup.db, state, markers)
            shot = setup.shot
            result = resolve_shot(shot, self.dice, setup.rules, setup.db)
            new, applied = apply_shot(state, *ids, result, self.dice)
            owner = shooter.owner_id if shooter is not None else who.user_id
            name = target.name if target is not None else None
            new, drops = drop_markers(
                new,
                result,
                owner,
                plan.weapon,
                lambda inches: where(name, inches),
                self.lookup.db,
                self.limits.markers,
            )
            return new, ShotRecord(
                weapon=label,
                shooter=UnitLabel.of(shooter),
                target=UnitLabel.of(target),
                result=result,
                applied=applied,
                markers=markers,
                drops=drops,
                sensor_unused=sensor_unused(shot, result),
                activation=activation,
                forced_by=who.user_id if options.force else None,
                last_target=aimed.last_target,
                last_distance=aimed.last_distance,
                hidden=options.hidden,
                luck=luck_of(setup, result, self.remembered_odds),
                # for its reply's menu only (the field is never stored)
                drift_units=landing_units(new, result, ids[1]) if shooter else None,
            )

        refs = [shooter_ref, target_ref]
        record, event = await self.tracked(call, shot_kind, apply, refs, then=self.window)
        if isinstance(record, ReactionAsked):
            return self.ask_committed(record, event.game_id), event.id
        ids = {"game_id": event.game_id, "event_seq": event.seq}
        return record.model_copy(update=ids), event.id

    async def _untracked(self, call: Call, options: ShotOptions) -> ShotRecord:
        """A shot with no tracked unit: rolled with the channel's ruleset, nothing stored."""
        plan, label = self.plan_shot(options)
        build_shot(plan, None, None)  # refused before any read
        rules = await self.ruleset_here(call)
        setup = set_up(plan, None, None, rules, self.lookup.db)
        result = resolve_shot(setup.shot, self.dice, setup.rules, setup.db)
        luck = luck_of(setup, result, self.remembered_odds)
        return ShotRecord(weapon=label, result=result, hidden=options.hidden, luck=luck)

    async def volley(
        self, call: Call, game_id: int, unit_id: str, shots: list[ShotOptions], where: Where
    ) -> Volley:
        """The weapons of one unit at one target, each its own shot, in order (the card's
        form, its 🔁). The first shot claims the interaction; a refusal of a later one ends
        the volley, the shots before it standing, each noted under the interaction (the card
        that shows them is struck by their undo)."""
        records: list[ShotRecord] = []
        for number, options in enumerate(shots):
            try:
                if number == 0:
                    first, _ = await self._shoot(call, options, where, ask=shots)
                    if isinstance(first, ReactionAsked):  # all of them wait for it
                        return Volley(game_id, unit_id, [], asked=first)
                    records.append(first)
                    continue
                following = replace(call, interaction_id=None)  # the first one claimed it
                record, event_id = await self._shoot(following, options, where)
                assert isinstance(record, ShotRecord)  # only the first shot asks
            except AntaresError as error:
                if number == 0:
                    raise
                unfired = [o.weapon or "" for o in shots[number:]]
                return Volley(game_id, unit_id, records, error, unfired)
            records.append(record)
            if event_id is not None:  # its reply (the card) shows it: undo strikes it
                shown_events(self.store).wrote(call.interaction_id, event_id)
        return Volley(game_id, unit_id, records)

    async def offer(
        self, channel_id: int, unit_id: str | None, acting: str | None = None
    ) -> CardOffer:
        """What the card offers now: the game's next step; for ``unit_id``, its weapons left
        and targets while it may still shoot; for ``acting`` (the unit that acts or reacts),
        whether an enemy's mine may go off. From the game as the move just made left it in
        this process (issue 31 §3: the card neither reads nor parses it again), else read."""
        left = shown_events(self.store).latest(channel_id)
        found = await self.running_or_none(channel_id) if left is None else (left[0], left[2])
        if found is None or not isinstance(found[1], GameState) or found[1].status != "running":
            return CardOffer(None, None)
        game_id, state = found
        aim = offered(self.lookup.db, state, game_id, unit_id) if unit_id else None
        mines = acting is not None and acting in state.units and bool(mines_against(state, acting))
        return CardOffer(next_step_of(game_id, state), aim, mines)

    async def aim(self, call: Call, game_id: int, unit_id: str) -> Aim:
        """What the 🎯 Shoot button of ``unit_id`` offers (its owner, the host or a GM)."""
        who = await self.standing(call)
        record, state = await self.running(call.channel_id)
        if record.id != game_id:
            raise Conflict("game.stale_message")
        return aim_at(self.lookup.db, state, game_id, unit_id, who)

    # --- /assault ------------------------------------------------------------------------

    async def assault(self, call: Call, options: CombatOptions) -> CombatRecord:
        record, _ = await self._assault(call, options)
        assert isinstance(record, CombatRecord)  # nothing asked: it was fought
        return record

    async def assault_or_ask(
        self, call: Call, options: CombatOptions
    ) -> CombatRecord | ReactionAsked:
        """The round, or the ask of the defender's reaction (``services.shooting.reaction``)."""
        record, _ = await self._assault(call, options, ask=True)
        return record

    async def _assault(
        self, call: Call, options: CombatOptions, ask: bool = False
    ) -> tuple[CombatRecord | ReactionAsked, int | None]:
        """The round and the id of its event (None: untracked); ``ask``: a tracked enemy
        defender that may react is asked first, and the round waits for its answer."""
        plan = plan_combat(self.lookup, options)
        if plan.attacker.unit is None and plan.defender.unit is None:
            rules = await self.ruleset_here(call)
            result = self._round(plan, None, None, rules)
            return plan.record(result, None, None, None), None

        def apply(state: GameState, who: Standing):
            attacker = unit_in(state, plan.attacker.unit)
            defender = unit_in(state, plan.defender.unit)
            if attacker is not None and defender is not None and attacker.id == defender.id:
                raise Conflict("h2h.same_unit", unit=attacker.name)
            allow(state, who, attacker)
            check_no_offer(state)  # a shot (an assault) waits for its reaction
            for unit, fighter in ((attacker, plan.attacker), (defender, plan.defender)):
                weapon, mode = fighter.armed
                if unit is not None and weapon is not None:
                    self._check_stave(state, unit, weapon, mode, "h2h")
            a_side, d_side = plan.sides(attacker, defender, state)  # refused before any ask
            if ask and attacker is not None and defender is not None:
                held = self.ask_assault(state, who, attacker, defender, options)
                if held is not None:  # fought once the defender's player answers
                    return held
            result = self._fight(plan, a_side, d_side, state.ruleset())
            ids = (attacker.id if attacker else None, defender.id if defender else None)
            new, applied = apply_combat(state, *ids, result, self.dice)
            return new, plan.record(result, applied, attacker, defender)

        refs = [plan.attacker.unit, plan.defender.unit]
        try:
            record, event = await self.tracked(call, assault_kind, apply, refs, then=self.window)
        except NotFound as error:
            if error.key == "game.none_here":  # no game: a side was meant as stats
                named = plan.attacker if plan.attacker.unit is not None else plan.defender
                raise BadInput(
                    "h2h.side_needs",
                    side=named.spec.label,
                    text=named.unit.ref[:60],
                    example=EXAMPLE,
                ) from None
            raise
        if isinstance(record, ReactionAsked):
            return self.ask_committed(record, event.game_id), event.id
        return record, event.id

    def _check_stave(
        self, state: GameState, unit: Unit, weapon: str, mode: str | None, use: Use
    ) -> None:
        """An exhausted IMTel Stave's boosted mode is refused (``core.antares.shooting.kept``); a
        weapon or mode the core refuses anyway is left to the resolver's message."""
        try:
            _, chosen = weapon_mode(self.lookup.db, weapon, mode, use)
        except (BadInput, NotFound):
            return
        check_stave(state, unit, chosen)

    def _round(
        self,
        plan: CombatPlan,
        attacker: Unit | None,
        defender: Unit | None,
        rules: Ruleset,
        state: GameState | None = None,
    ) -> CombatResult:
        a_side, d_side = plan.sides(attacker, defender, state)
        return self._fight(plan, a_side, d_side, rules)

    def _fight(self, plan: CombatPlan, a_side, d_side, rules: Ruleset) -> CombatResult:
        return resolve_round(
            a_side, d_side, self.dice, plan.round, rules, self.lookup.db, plan.special_rule
        )

    # --- /damage -------------------------------------------------------------------------

    async def damage(self, call: Call, options: ChartOptions) -> ChartRecord:
        options.check()
        request = ChartRequest(chart=options.table, massive_damage=options.massive)
        if not options.unit:
            rules = await self.ruleset_here(call)
            result = resolve_chart(request, self.dice, rules, self.lookup.db)
            return ChartRecord(result=result)
        ref = unit_ref(options.unit)

        def apply(state: GameState, who: Standing) -> tuple[GameState, ChartRecord]:
            unit = living(state, ref.ref)
            require_player(state, who)
            result = resolve_chart(request, self.dice, state.ruleset(), self.lookup.db)
            new, applied = apply_chart(state, unit.id, result, self.dice)
            return new, ChartRecord(unit=UnitLabel.of(unit), result=result, applied=applied)

        record, _ = await self.tracked(call, "damage", apply, [ref])
        return record
