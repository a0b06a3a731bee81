"""A tracked shot that waits for its target's reaction (issue 31 §1; ``core.antares.reactions``).

* **Asking** (``ask_for``, inside the shot's own transaction): a shot of a tracked shooter at a
  tracked enemy unit that may react, in a game whose reaction window is on
  (``Ruleset.reaction_seconds``), is not resolved: the game keeps it in ``GameState.reaction``
  (the weapons to fire, the target) and the event ``react_offer`` records the ask; a timer of
  kind ``reaction`` (``services.pace``), written in the same transaction, closes the window.
  Asking is skipped for a forced or hidden shot (the host's, or one whose dice are secret).
* **Answering** (``answer``): the target's player (the host, a GM) picks a reaction or none, in
  one transaction (``react`` or ``react_none``) that closes the offer and cancels its timer;
  then the shots go ahead, each its own transaction as a volley's (``ShootingService.volley``),
  in the name of the player who fired them, against the state the reaction left: a Down
  target takes the Down protections, a Camo Drone unit Down against fire from beyond 10" is
  not hit (the shot is refused by the core, and the reply says it missed).
* **An Ambush sprung** (``kind="ambush"``): the shot stays held while the ambusher shoots first;
  the ask's timer is replaced by the spring's own window, ``Ruleset.ambush_seconds``
  (``ambush_window``; by default 3 reaction windows, as aiming and shooting takes longer than
  picking a reaction; 0: no timer, its player lets the shot go ahead).
* **An assault** (``ask_assault``, in the `/assault`'s transaction) at a tracked enemy unit
  asks the same way (rules-notes "Reactions": "shot at or assaulted"), with the reactions
  ``Ruleset.reaction_assault`` allows; once answered, the round is fought in its own
  transaction as the attacker's player's (``ShootingService._assault``), and the answer's
  ``combat`` holds it. A Down die gives no protection in close combat: only the die changes.
* **The window passing** (``expire``): the timer fires once, in whichever process claims it
  (restarts and several processes alike, ``cogs.pace.loop``), and the shot goes ahead with no
  reaction. An answer after that is refused: the offer is over.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from core.antares.game import Against, GameState, ReactionOffer, Unit
from core.antares.reactions import ReactionResult, close_offer, offer, react, reactions_for
from core.antares.shooting.from_units import living
from core.common.errors import AntaresError, Conflict, NotAllowed
from locales import Lang
from services.common import Actor, Call, Standing, runs_game, shown_events
from services.game import GameAccess, unit_ref
from services.pace import TimerRecord, Timers, replace_timer
from services.shooting.activation import in_activation
from services.shooting.markers import Where, plain_where
from services.shooting.options import CombatOptions, ShotOptions, StrikeOptions
from services.shooting.reaction_records import (
    REACTION_TIMER,
    CamoMissed,
    ReactionAsked,
    ReactionSkipped,
    reaction_subject,
)
from services.shooting.records import CombatRecord, ShotRecord, UnitLabel, WeaponLabel
from services.shooting.shot import ShotPlan
from services.shooting.volley import Volley

# core.antares.shooting.context.check_camo: the target, Down with its Camo Drone, is beyond 10"
CAMO_MISSES = frozenset({"shoot.camo_beyond_ten", "shoot.camo_band_beyond_ten"})


CAMO_MISS_EVENT = "camo_miss"


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class SprungWindow:
    """The window a sprung Ambush opens for its shot (``Ruleset.ambush_seconds``): the held
    shot goes ahead by itself at ``deadline`` (None: no window, its player lets it go)."""

    seconds: int
    deadline: str | None


@dataclass(frozen=True, slots=True)
class Answered:
    """A reaction answered: the reaction taken (or none) and the shots that then went ahead."""

    game_id: int
    reaction: ReactionResult | None
    skipped: ReactionSkipped | None
    volley: Volley
    camo_missed: bool = False  # a Camo Drone unit went Down against fire from beyond 10"
    combat: CombatRecord | None = None  # an assault held back: its round, once resolved
    against: Against = "shot"
    window: SprungWindow | None = None  # an Ambush sprung: how long the held shot waits


@dataclass(frozen=True, slots=True)
class Expired:
    """A reaction window that passed: where to show the shots that went ahead."""

    channel_id: int
    lang: Lang
    answered: Answered


def reaction_kind(result: object) -> str:
    """The event of an answer: a reaction taken, or none."""
    return "react" if isinstance(result, ReactionResult) else "react_none"


def shot_kind(result: object) -> str:
    """The event of a shot: the shot, or the ask that holds it back."""
    return "react_offer" if isinstance(result, ReactionAsked) else "shoot"


def assault_kind(result: object) -> str:
    """The event of an assault: its round, or the ask that holds it back."""
    return "react_offer" if isinstance(result, ReactionAsked) else "assault"


class Reacting(GameAccess):
    """The reaction offer of a tracked shot, part of ``ShootingService`` (its ``_shoot``,
    ``plan_shot``, ``tracked``, ``_assault``)."""

    timers: Timers | None = None  # set by the app: the window's timer wakes the poller
    clock: Callable[[], datetime] = staticmethod(utcnow)

    if TYPE_CHECKING:  # ShootingService's

        async def _shoot(
            self,
            call: Call,
            options: ShotOptions,
            where: Where,
            ask: list[ShotOptions] | None = None,
            asked_by: int | None = None,
        ) -> tuple[ShotRecord | ReactionAsked, int | None]: ...

        def plan_shot(
            self, options: ShotOptions, shooter: Unit | None = None
        ) -> tuple[ShotPlan, WeaponLabel]: ...

        async def tracked(self, call: Call, kind, apply, refs, then=None) -> Any: ...

        async def _assault(
            self, call: Call, options: CombatOptions, ask: bool = False
        ) -> tuple[CombatRecord | ReactionAsked, int | None]: ...

    def ask_for(
        self,
        state: GameState,
        who: Standing,
        shooter: Unit,
        target: Unit,
        shots: list[ShotOptions],
    ) -> tuple[GameState, ReactionAsked] | None:
        """The shots held back for ``target``'s reaction, or None: resolve them now."""
        first = shots[0]
        if first.force or first.hidden:
            return None
        kept = {"shots": [_dumped(s) for s in shots]}
        weapons = [s.weapon or "" for s in shots]
        return self._held(state, who, shooter, target, kept, weapons, "shot")

    def ask_assault(
        self, state: GameState, who: Standing, attacker: Unit, defender: Unit, options
    ) -> tuple[GameState, ReactionAsked] | None:
        """The assault held back for ``defender``'s reaction (rules-notes "Reactions": "shot
        at or assaulted"), or None: resolve it now. ``options``: its ``CombatOptions``."""
        kept = {"assault": asdict(options)}
        return self._held(state, who, attacker, defender, kept, [], "assault")

    def _held(
        self,
        state: GameState,
        who: Standing,
        shooter: Unit,
        target: Unit,
        kept: dict[str, Any],
        weapons: list[str],
        against: Against,
    ) -> tuple[GameState, ReactionAsked] | None:
        """The offer, when the window is on and the target may react (None: it is not); its
        game is known once its event is written (``asked``)."""
        seconds = state.ruleset().reaction_seconds
        if seconds <= 0:
            return None
        kinds = reactions_for(state, target, shooter, against)
        if not kinds:
            return None
        deadline = (self.clock() + timedelta(seconds=seconds)).isoformat()
        new = offer(state, target, shooter, who.user_id, kept, deadline, against)
        return new, ReactionAsked(
            target=UnitLabel.of(target),
            shooter=UnitLabel.of(shooter),
            owner_id=target.owner_id,
            asked_by=who.user_id,
            kinds=kinds,
            weapons=weapons,
            deadline=deadline,
            seconds=seconds,
            against=against,
        )

    async def window(self, tx, record, new_state: GameState, result: object) -> None:
        """In the ask's transaction: the timer that closes its window."""
        if not isinstance(result, ReactionAsked):
            return
        await self._window_until(
            tx, record, result.target.id, datetime.fromisoformat(result.deadline)
        )

    async def _window_until(self, tx, record, target_id: str, due: datetime) -> None:
        await replace_timer(
            tx,
            reaction_subject(record.id),
            kind=REACTION_TIMER,
            due_at=due,
            payload=json.dumps({"target": target_id}),
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            game_id=record.id,
        )

    def ask_committed(self, asked: ReactionAsked, game_id: int) -> ReactionAsked:
        """Committed (a shot's or an assault's ask): the poller wakes for the window's end,
        and the ask names its game."""
        self._wake(asked.deadline)
        return asked.model_copy(update={"game_id": game_id})

    def _wake(self, deadline: str | None) -> None:
        """Committed: the poller wakes at a window's end (None: no window)."""
        if self.timers is not None and deadline is not None:
            self.timers.scheduled(datetime.fromisoformat(deadline))

    async def answer(
        self,
        call: Call,
        game_id: int,
        target_id: str,
        kind: str | None,
        where: Where,
        *,
        timed_out: bool = False,
    ) -> Answered:
        """The target's player (the host, a GM) reacts with ``kind`` (None: no reaction);
        then the shots held back go ahead."""
        held: dict[str, ReactionOffer] = {}

        def apply(state: GameState, who: Standing):
            waiting = state.reaction
            target = state.units.get(target_id)
            if waiting is None or waiting.target_id != target_id or target is None:
                raise Conflict("react.offer_stale")
            if not timed_out and target.owner_id != who.user_id and not runs_game(state, who):
                raise NotAllowed("react.not_yours", owner=target.owner_id)
            if kind == "ambush":  # the shot stays held: the ambusher shoots first
                held["asked"] = waiting
                new, sprung = react(state, target_id, kind, self.dice, waiting.shooter_id)
                if new.reaction is not None:  # a new window for the ambusher's shot
                    new.reaction.deadline = self._sprung_deadline(new)
                return new, sprung
            new, asked = close_offer(state)
            held["asked"] = asked
            if kind is None:
                skipped = ReactionSkipped(
                    unit_id=target.id,
                    unit_name=target.name,
                    owner_id=target.owner_id,
                    timed_out=timed_out,
                    sprung=waiting.sprung,
                    against=waiting.against,
                )
                return new, skipped
            return react(
                new, target_id, kind, self.dice, shooter_ref=asked.shooter_id, against=asked.against
            )

        async def cancel(tx, record, new_state: GameState, result) -> None:
            waiting = new_state.reaction
            if waiting is not None and waiting.deadline is not None:  # sprung: its window
                due = datetime.fromisoformat(waiting.deadline)
                await self._window_until(tx, record, target_id, due)
                return
            await tx.cancel_timer(reaction_subject(record.id))

        done = await self.change(call, reaction_kind, apply, game_id=game_id, then=cancel)
        asked = held["asked"]
        shooter_id = asked.shooter_id
        if isinstance(done.result, ReactionResult) and done.result.kind == "ambush":
            waiting = done.state.reaction
            deadline = waiting.deadline if waiting is not None else None
            self._wake(deadline)  # the shot waits for the ambusher's
            window = SprungWindow(done.state.ruleset().ambush_seconds, deadline)
            volley = Volley(game_id, target_id, [])
            return Answered(game_id, done.result, None, volley, window=window)
        by = Call(call.guild_id, call.channel_id, Actor(asked.asked_by), None)
        result = done.result
        reaction = result if isinstance(result, ReactionResult) else None
        skipped = result if isinstance(result, ReactionSkipped) else None
        if asked.against == "assault":
            volley, combat = await self._assault_ahead(call, by, game_id, shooter_id or "", asked)
            return Answered(game_id, reaction, skipped, volley, combat=combat, against="assault")
        shots = [ShotOptions(**s) for s in asked.shot.get("shots", [])]
        volley, camo = await self._go_ahead(
            call, by, game_id, shooter_id or "", shots, where, reaction
        )
        return Answered(game_id, reaction, skipped, volley, camo)

    def _sprung_deadline(self, state: GameState) -> str | None:
        """When the held shot goes ahead by itself once an Ambush is sprung: ``ambush_window``
        seconds from now (None: no window)."""
        seconds = state.ruleset().ambush_seconds
        if seconds <= 0:
            return None
        return (self.clock() + timedelta(seconds=seconds)).isoformat()

    async def _assault_ahead(
        self, call: Call, by: Call, game_id: int, attacker_id: str, asked: ReactionOffer
    ) -> tuple[Volley, CombatRecord | None]:
        """The assault held back, its own transaction, as the attacker's player's, against
        the state the reaction left (a Down die changes nothing in close combat)."""
        options = combat_options(asked.shot.get("assault", {}))
        try:
            record, event_id = await self._assault(by, options)
        except AntaresError as error:
            return Volley(game_id, attacker_id, [], error), None
        assert isinstance(record, CombatRecord)  # an answered assault is never asked again
        if event_id is not None:  # the card shows it: undo strikes it
            shown_events(self.store).wrote(call.interaction_id, event_id)
        return Volley(game_id, attacker_id, []), record

    async def _go_ahead(
        self,
        call: Call,
        by: Call,
        game_id: int,
        shooter_id: str,
        shots: list[ShotOptions],
        where: Where,
        reaction: ReactionResult | None,
    ) -> tuple[Volley, bool]:
        """The shots held back, each its own transaction, as the shooter's player's."""
        records: list[ShotRecord] = []
        for number, options in enumerate(shots):
            try:
                record, event_id = await self._shoot(by, options, where, asked_by=by.actor.user_id)
            except AntaresError as error:
                unfired = [o.weapon or "" for o in shots[number:]]
                down = reaction is not None and reaction.kind == "down" and reaction.passed
                if down and error.key in CAMO_MISSES:  # "le tir ennemi rate automatiquement"
                    try:
                        event_id = await self._camo_missed(by, shooter_id, shots[number:])
                    except AntaresError as failed:
                        return Volley(game_id, shooter_id, records, failed, unfired), False
                    # the card shows it: undo strikes it
                    shown_events(self.store).wrote(call.interaction_id, event_id)
                    return Volley(game_id, shooter_id, records), True
                return Volley(game_id, shooter_id, records, error, unfired), False
            assert isinstance(record, ShotRecord)  # an answered shot is never asked again
            records.append(record)
            if event_id is not None:
                shown_events(self.store).wrote(call.interaction_id, event_id)
        return Volley(game_id, shooter_id, records), False

    async def _camo_missed(self, by: Call, shooter_id: str, shots: list[ShotOptions]) -> int:
        """The shots a Camo Drone made miss: each still its weapon's shot in the shooter's
        activation (``core.antares.activations``), so its 🎯 goes; one event, logged."""

        def apply(state: GameState, who: Standing) -> tuple[GameState, CamoMissed]:
            shooter = state.units[shooter_id]
            target = living(state, unit_ref(shots[0].target or "").ref)
            labels: list[WeaponLabel] = []
            for options in shots:
                plan, label = self.plan_shot(options, shooter)
                state, _, _ = in_activation(state, who, shooter, plan, label)
                shooter = state.units[shooter_id]
                labels.append(label)
            missed = CamoMissed(
                shooter=UnitLabel.of(shooter), target=UnitLabel.of(target), weapons=labels
            )
            return state, missed

        refs = [unit_ref(shots[0].shooter or ""), unit_ref(shots[0].target or "")]
        _, event = await self.tracked(by, CAMO_MISS_EVENT, apply, refs)
        return event.id

    async def expire(self, timer: TimerRecord) -> Expired | None:
        """The window passed: the shot goes ahead with no reaction (None: it was answered)."""
        if timer.game_id is None or timer.channel_id is None:
            return None
        target = json.loads(timer.payload or "{}").get("target", "")
        call = Call(timer.guild_id, timer.channel_id, Actor(0), None)
        lang = await self.servers.language(timer.guild_id)
        try:
            answered = await self.answer(
                call, timer.game_id, target, None, plain_where, timed_out=True
            )
        except AntaresError:  # answered meanwhile, or the game is over
            return None
        return Expired(timer.channel_id, lang, answered)


def combat_options(kept: dict[str, Any]) -> CombatOptions:
    """An assault's options as the game kept them (``dataclasses.asdict``)."""
    attack = StrikeOptions(**kept.get("attack", {}))
    defence = StrikeOptions(**kept.get("defence", {}))
    rest = {k: v for k, v in kept.items() if k not in ("attack", "defence")}
    return CombatOptions(**rest, attack=attack, defence=defence)


def _dumped(options: ShotOptions) -> dict[str, object]:
    """The options as the game keeps them (JSON), only those given."""
    defaults = ShotOptions()
    return {
        name: getattr(options, name)
        for name in ShotOptions.__dataclass_fields__
        if getattr(options, name) != getattr(defaults, name)
    }
