"""The state of a game at the table: players, units, the order-dice bag, the turn.

``GameState`` is stored as JSON (``schema_version``) and changed only by the operations in
``core.antares.units``, ``core.antares.casualties``, ``core.antares.pins``, ``core.antares.bag``,
``core.antares.orders``, ``core.antares.turn``,
``core.antares.end_tests`` and ``core.antares.game_end``, each
``op(state, ..., dice) -> (new_state, result)`` on a copy. New features add fields with
defaults (markers, mines, fractal locks...) and bump ``SCHEMA_VERSION`` when old states need
a migration (``load_state``).

Dice accounting (rules-notes, "Orders and the dice bag"): order dice are counted per player
colour. A die is in the bag, pending (drawn, waiting for an order), on a unit (used for an
order this turn, ``GivenOrder``), kept out (``Unit.dice_out``: a Down unit that failed its
recovery test) or disputed (Subverter Matrix). Their sum per colour is the dice of that
player's living units; ``core.antares.bag.census`` checks it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field, model_validator

from core.antares.ruleset import Ruleset
from core.antares.table_markers.models import Mine
from core.common.errors import BadInput, Conflict, NotFound
from core.common.names import name_key
from core.epic.state import EpicPart
from rulesdb.text import normalize

SCHEMA_VERSION = 1
NAME_MAX = 64
NOTES_MAX = 1000
MODELS_MAX = 100
PINS_MAX = 50
PALETTE = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")

OrderKind = Literal["fire", "advance", "run", "ambush", "rally", "down"]
ORDERS: tuple[OrderKind, ...] = ("fire", "advance", "run", "ambush", "rally", "down")
UnitKind = Literal["infantry", "weapon_drone", "vehicle", "heavy_weapon", "probe", "beast", "other"]
StatName = Literal["ag", "acc", "str", "res", "init", "co"]
STATS: tuple[StatName, ...] = ("ag", "acc", "str", "res", "init", "co")
# "homer": withdrawn off the table by its Homer Drone (seeds 003), not a casualty;
# "subverter_matrix": a probe targeted by a Subverter Matrix (seeds 000/002)
# Armour of the armouries: 000/003 "ARMURES RÉFLEXES" (reflex +1, mounted reflex +2), 002
# "ARMURES À PHASES" (+1 within 10", +2 beyond); a unit's Res is its base Res without it.
ArmourKind = Literal["none", "reflex", "mounted_reflex", "phase"]
ARMOURS: tuple[ArmourKind, ...] = ("none", "reflex", "mounted_reflex", "phase")
DestroyedBy = Literal["casualties", "break_test", "pins", "homer", "subverter_matrix"]
# take: a named unit's die (Follow, or by the players' say); sync: a Synchroniser Drone's
# passed test; phase_sync: Phase Synchronisation (seeds 002), Advance or Run only; react:
# taken to react to a shot (core.antares.reactions)
DieSource = Literal["draw", "take", "redraw", "sync", "phase_sync", "react"]
TAKEN: tuple[DieSource, ...] = ("take", "sync", "phase_sync", "react")
# rules-notes "Reactions": Go Down, Return Fire (the die shows Fire), Escape (a Run away)
# "ambush": a unit on Ambush springs it and shoots first (rules-notes "Reactions")
ReactionKind = Literal["down", "fire", "run", "ambush"]
REACTIONS: tuple[ReactionKind, ...] = ("down", "fire", "run", "ambush")
Against = Literal["shot", "assault"]  # what a unit reacts to (rules-notes "Reactions")
SYNCHRONISED: tuple[DieSource, ...] = ("sync", "phase_sync")
Stat = Annotated[int, Field(ge=0, le=20)]


class Player(BaseModel):
    owner_id: int
    colour: str


class GivenOrder(BaseModel):
    """One order die used by a unit this turn (a MOD unit has one per die it used)."""

    seq: int  # activation number in the turn, 1-based, across all units
    order: OrderKind  # the order asked for
    executed: OrderKind  # what the unit did: the order, or "down" after a failed order test
    via: DieSource = "draw"
    disputed: bool = False  # the die was taken from the unit and set aside (Subverter Matrix)
    # Its activation (core.antares.turn_flow): ``GameState.draws`` when the order was given (or
    # its Ambush sprung), open while no die has been drawn since and its owner has not ended it
    # (``done``, the ✅ Done button); the weapons fired in it
    draw: int = 0
    fired: list[str] = []
    done: bool = False
    sprung: bool = False  # an Ambush that was sprung: the die counts as Fire
    # Plasma Fade or Cycle turned the die to Down after a shot (``executed`` is "down"): the
    # order it showed, which the unit's other weapons still fire under in that activation
    faded: OrderKind | None = None


class ModeFigures(BaseModel):
    """A roster's own figures for one mode of a weapon (issue 18, army import with the
    roster's figures chosen): None keeps the seeds' value."""

    mode: str
    effective: int | None = Field(None, ge=1, le=1000)
    long: int | None = Field(None, ge=1, le=1000)
    extreme: int | None = Field(None, ge=1, le=1000)
    sv: int | None = Field(None, ge=0, le=20)
    rf: int | None = Field(None, ge=1, le=20)


class CarriedWeapon(BaseModel):
    """A weapon the unit carries (issue 22): its rulesdb id, its names for the card and the
    refusals, and how many models carry it (None: every model); the roster's figures where
    its owner chose them over the seeds' (`core.antares.roster.figures`)."""

    weapon: str
    name_en: str = ""
    name_fr: str = ""
    count: int | None = Field(None, ge=1, le=MODELS_MAX)
    figures: list[ModeFigures] = []


WEAPONS_MAX = 10


class Unit(BaseModel):
    id: str
    name: str
    owner_id: int
    colour: str
    kind: UnitKind = "infantry"
    models: int = Field(ge=0, le=MODELS_MAX)
    starting_models: int = Field(ge=1, le=MODELS_MAX)
    dice: int = Field(1, ge=1, le=3)  # order dice: 1, or 2/3 for MOD2/MOD3
    stats: dict[StatName, Stat] = {}
    pins: int = Field(0, ge=0, le=PINS_MAX)
    orders: list[GivenOrder] = []
    down: bool = False
    dice_out: int = Field(0, ge=0, le=3)
    destroyed: bool = False
    destroyed_by: DestroyedBy | None = None
    notes: str = ""
    # Its armour, added to the base Res by every resolver (core.antares.shooting.resistance); a unit
    # stored before armour was tracked has "none", its Res as it was given
    armour: ArmourKind = "none"
    # Scramble-proof (seeds "À l'épreuve du brouillage": Rover, Iso-Drone, units it protects):
    # Scramblers do not affect it; a scramble-proof vehicle is affected by Scoot
    jam_proof: bool = False
    # Common rules, buddy drones and equipment the resolvers act on (core.antares.unit_gear)
    gear: dict[str, int] = {}
    # The weapons it carries (`/shoot` defaults its weapon and models from them)
    weapons: list[CarriedWeapon] = []
    # Declared by the players (the bot cannot measure): within 10" of this Commander / Hero
    # until changed (seeds 002/003 "Command", "Hero"; core.antares.command reads them)
    commander_id: str | None = None
    hero_id: str | None = None
    # Follow or Synchroniser Drone: which one the unit used this turn (a unit with both keeps
    # to one per turn; a Synchroniser test, passed or not, is one attempt per turn)
    turn_lead: Literal["follow", "synchroniser"] | None = None
    # Effects the bot announced and keeps (issue 21; core.antares.shooting.kept): a MOD −1 still to
    # lose when its dice come back (every die was in use, seeds 002/003 damage charts), the
    # models that rolled a 10 with Overload ammo (003 "OVERLOAD"), a Sensor Module's mark for
    # the rest of the turn (002 "Détecteur de Cible")
    dice_loss_pending: int = Field(0, ge=0, le=2)
    overload_lost: int = Field(0, ge=0, le=MODELS_MAX)
    sensor_marked: bool = False
    # Its last shot at a tracked unit (issue 22): `/shoot` defaults the target to it, and the
    # distance too when the target is the same (services.shooting.remembered)
    last_target_id: str | None = None
    last_distance: float | None = None

    def has(self, key: str) -> int:
        """How many of a gear ``key`` the unit carries (0: none)."""
        return self.gear.get(key, 0)

    @property
    def co(self) -> int | None:
        return self.stats.get("co")

    @property
    def withdrawn(self) -> bool:
        """Left the table with its Homer Drone: out of the game, but not a casualty."""
        return self.destroyed_by == "homer"

    @property
    def synchronised(self) -> bool:
        """Activated this turn by a synchronised die: it cannot synchronise another."""
        return any(o.via in SYNCHRONISED for o in self.orders)

    @property
    def live_order(self) -> GivenOrder | None:
        """Its latest order die not set aside (disputed), if any: the order it acts on."""
        return next((o for o in reversed(self.orders) if not o.disputed), None)

    @property
    def dice_on_unit(self) -> int:
        """Dice used this turn that still sit by the unit (not disputed)."""
        return sum(1 for o in self.orders if not o.disputed)

    @property
    def dice_free(self) -> int:
        """Dice that can still be drawn for the unit this turn."""
        if self.destroyed:
            return 0
        return max(0, self.dice - len(self.orders) - self.dice_out)


class PendingDie(BaseModel):
    """A die drawn (or taken) from the bag, waiting for its owner to give an order."""

    colour: str
    owner_id: int
    via: DieSource = "draw"
    blockable: bool = True  # Block! may put it back; a redrawn die cannot be blocked
    for_unit: str | None = None  # a taken die (Follow, Synchroniser) goes to this unit
    order_as: OrderKind | None = None  # Follow: the identical order the die must be given


class ReactionOffer(BaseModel):
    """A tracked shot (or assault) that waits for its target's player to react
    (core.antares.reactions): the reactions offered, and the shot as asked (``shot``: the
    services' options, resolved once the player picks, declines or lets ``deadline`` pass)."""

    target_id: str
    owner_id: int  # the target's player: the one the game waits for
    shooter_id: str | None = None
    asked_by: int  # who fired the shot
    kinds: list[ReactionKind]
    shot: dict[str, Any] = {}
    deadline: str | None = None  # ISO time the window closes (None: no window)
    against: Against = "shot"  # an assault waits the same way (``shot``: its options)
    # the target sprang its Ambush: it shoots first; the shot waits for its owner's go-ahead
    sprung: bool = False


class DisputedDie(BaseModel):
    """A die set aside by a Subverter Matrix (seeds 000/002, "Subverter Matrix")."""

    colour: str
    owner_id: int
    by_owner_id: int  # the player who disputes it and rolls against the owner
    since_turn: int


class EndOfTurnTest(BaseModel):
    """A test that a feature registers for the end of each turn (core.antares.end_tests)."""

    id: str
    kind: str
    label: str = ""
    unit_id: str | None = None
    data: dict[str, Any] = {}


M = TypeVar("M", bound=BaseModel)


def fork(model: M) -> M:
    """A deep copy for a pure function to change (it never touches its input). The state is
    plain JSON data; a JSON round trip copies it three times faster than
    ``model_copy(deep=True)``, and shares nothing, not even inside ``Any`` fields."""
    return type(model).model_validate_json(model.model_dump_json())


RULESETS_KEPT = 64


def ruleset_of(overrides: dict[str, Any]) -> Ruleset:
    """The ruleset of these overrides. A move asks for it several times (each rule that
    depends on a setting), and building one checks every setting: each distinct set of
    overrides is built once and shared, which is safe since a `Ruleset` is frozen."""
    return _ruleset_of(json.dumps(overrides, sort_keys=True, default=str))


@lru_cache(maxsize=RULESETS_KEPT)
def _ruleset_of(overrides: str) -> Ruleset:
    return Ruleset().with_overrides(json.loads(overrides))


GameSystem = Literal["antares", "hex", "epic"]
SYSTEMS: tuple[GameSystem, ...] = ("antares", "hex", "epic")


class GameState(BaseModel):
    schema_version: int = SCHEMA_VERSION
    name: str
    host_id: int
    # The game system played (issue 17): a game stored before it was known is Antares
    system: GameSystem = "antares"
    status: Literal["running", "ended"] = "running"
    turn: int = Field(1, ge=1)
    ruleset_overrides: dict[str, Any] = {}
    mention_die_owner: bool = True  # the draw reply pings the drawn die's owner (/game ping)
    players: list[Player] = []
    units: dict[str, Unit] = {}
    next_unit: int = 1
    activations: int = 0  # orders given this turn
    draws: int = (
        0  # dice drawn from the bag so far (a taken die is not drawn): core.antares.turn_flow
    )
    begun: bool = False  # a tracked shot was fired: the set-up is over (core.antares.seats)
    bag: dict[str, int] = {}  # colour -> dice in the bag
    pending: list[PendingDie] = []
    disputed: list[DisputedDie] = []
    end_of_turn_tests: list[EndOfTurnTest] = []
    next_test: int = 1
    # Fractal Lock (seeds 000/002/003 "Verrouillage Fractal"): one dict per lock, read and
    # written by core.antares.shooting.fractal (shooter_id, weapon, target_id, auto_hits, turn)
    fractal_locks: list[dict[str, str | int]] = []
    # Mines (core.antares.table_markers); special-ammo markers live in their end-of-turn tests' data
    mines: list[Mine] = []
    # Log seqs of hidden rolls their roller revealed (services.game.hidden): each once
    revealed: list[int] = []
    next_mine: int = 1
    next_marker: int = 1
    # Victory points scored so far (`/game vp`, core.antares.score), per player; a game with
    # none scored has none (an ended game's are in its "end" event)
    vp: dict[int, int] = {}
    # A shot waiting for its target's reaction (core.antares.reactions; None: none waits)
    reaction: ReactionOffer | None = None
    # (Where the bot keeps Draw next and the live board is not part of the state: see
    # storage.message_queries; the `messages` of older records is read no more.)
    # Each other system's own part of the record (a fourth system adds one field here)
    epic: EpicPart = EpicPart()

    @model_validator(mode="before")
    @classmethod
    def _epic_part_of_older_records(cls, data: Any) -> Any:
        """Records stored before the Epic part kept its fields at the root."""
        if isinstance(data, dict) and ("epic_elite" in data or "epic_rerolled" in data):
            data = dict(data)
            data["epic"] = {
                "elite": data.pop("epic_elite", {}),
                "rerolled": data.pop("epic_rerolled", {}),
            }
        return data

    def ruleset(self) -> Ruleset:
        return ruleset_of(self.ruleset_overrides)

    def player(self, owner_id: int) -> Player | None:
        return next((p for p in self.players if p.owner_id == owner_id), None)

    def owner_of(self, colour: str) -> int:
        return next(p.owner_id for p in self.players if p.colour == colour)

    def living(self) -> list[Unit]:
        return [u for u in self.units.values() if not u.destroyed]

    def die_in_bag(self, unit: Unit) -> bool:
        """A die of the unit's is still in the bag: one free for it, and one of its colour."""
        return unit.dice_free > 0 and self.bag.get(unit.colour, 0) > 0


def new_game(
    name: str,
    host_id: int,
    ruleset_overrides: dict[str, Any] | None = None,
    system: GameSystem = "antares",
) -> GameState:
    """A running game at turn 1. The service merges the server's settings into the overrides."""
    overrides = dict(ruleset_overrides or {})
    rules = Ruleset().with_overrides(overrides)
    if system not in SYSTEMS:
        raise BadInput("game.bad_system", value=str(system)[:30], choices=", ".join(SYSTEMS))
    return GameState(
        name=clean_name(name, "game"),
        host_id=host_id,
        ruleset_overrides=rules.changed(),
        system=system,
    )


def clean_name(name: str, what: str) -> str:
    """Stripped, 1–64 characters (``game.name_*`` / ``unit.name_*``)."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise BadInput(f"{what}.name_empty")
    if len(cleaned) > NAME_MAX:
        raise BadInput(f"{what}.name_too_long", length=len(cleaned), limit=NAME_MAX)
    return cleaned


def require_running(state: GameState) -> None:
    if state.status != "running":
        raise Conflict("game.ended", game=state.name)


AMBIGUOUS_SHOWN = 10


def find_unit(state: GameState, ref: str) -> Unit:
    """A unit by id (``u3``) or by name as the rules search matches it: case-, accent- and
    punctuation-insensitive, the whole name first, then a unique prefix, then a unique part.
    Names are read by their key first (``core.common.names``): a look-alike finds the unit it
    mimics.

    ``NotFound`` when nothing matches; an ambiguous name is refused listing its candidates.
    """
    key = " ".join(str(ref).split())
    if key in state.units:
        return state.units[key]
    wanted = name_key(key)
    same = [unit for unit in state.units.values() if name_key(unit.name) == wanted]
    if len(same) == 1:  # a name in any script, as the uniqueness check reads it
        return same[0]
    folded = normalize(wanted)
    if folded:
        names = [(normalize(name_key(unit.name)), unit) for unit in state.units.values()]
        for matches in (
            lambda name: name == folded,
            lambda name: name.startswith(folded),
            lambda name: folded in name,
        ):
            found = [unit for name, unit in names if matches(name)]
            if len(found) == 1:
                return found[0]
            if found:
                shown = ", ".join(f"“{u.name}” ({u.id})" for u in found[:AMBIGUOUS_SHOWN])
                more = len(found) - AMBIGUOUS_SHOWN
                raise BadInput(
                    "unit.ambiguous",
                    unit=key,
                    count=len(found),
                    candidates=shown + (f", … (+{more})" if more > 0 else ""),
                )
    raise NotFound("unit.not_found", unit=key)


def join_player(state: GameState, owner_id: int) -> tuple[GameState, Player]:
    """The player of ``owner_id``, given the first free colour of the palette on first join
    (a seat freed by a player who left gives its colour to the next one)."""
    found = state.player(owner_id)
    if found is not None:
        return state, found
    require_running(state)
    taken = {p.colour for p in state.players} | {u.colour for u in state.units.values()}
    free = [colour for colour in PALETTE if colour not in taken]
    if not free:
        raise Conflict("game.too_many_players", limit=len(PALETTE))
    new = fork(state)
    player = Player(owner_id=owner_id, colour=free[0])
    new.players.append(player)
    new.bag.setdefault(player.colour, 0)
    return new, player


def free_seat(state: GameState, owner_id: int) -> bool:
    """A player who owns no unit any more leaves their seat (and colour) free; their dice
    left with their units. Mutates ``state``; whether a seat was freed."""
    player = state.player(owner_id)
    if player is None or any(u.owner_id == owner_id for u in state.units.values()):
        return False
    state.players.remove(player)
    state.bag.pop(player.colour, None)
    state.pending = [p for p in state.pending if p.colour != player.colour]
    state.disputed = [d for d in state.disputed if d.colour != player.colour]
    return True


def load_state(text: str | bytes) -> GameState:
    """Parse a stored state; refuse one written by a newer schema."""
    state = GameState.model_validate_json(text)
    if state.schema_version > SCHEMA_VERSION:
        raise Conflict("game.schema_too_new", found=state.schema_version, known=SCHEMA_VERSION)
    return state
