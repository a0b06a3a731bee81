"""A game's figures per player, read from its event log: shots per weapon and dice luck.

`game_stats` takes the payloads of the game's live events (the caller leaves undone ones
out) and the owner of each unit, and gives per player the figures `core.common.campaign_stats`
keeps: shots fired with each weapon (its id, names in `weapons`) and, per kind of roll, the
D10 tests rolled, passed and expected to pass. A test against target t passes with chance
clamp(t, 1, 9) / 10: a natural 1 always passes, a natural 10 always fails. ``faces`` counts
the faces of those D10s ("1" to "10"), for the fairness check (`/game dice`, issue 19).

Whose dice: a shot's shots and Acc tests are the shooter's owner's, its Res tests the
target's owner's; in close combat each die names its side; order, recovery and break tests
belong to the unit's owner; a mine's Acc tests to the mine's owner. An untracked unit
(typed stats) belongs to nobody: its dice are not counted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from core.common.campaign_stats import LABEL_LIMIT

Payload = Mapping[str, Any]
Whose = Callable[[str, Payload], int | None]  # (kind, die) → the player it counts for
ACC, RES, STR, ORDER, RECOVERY, BREAK = "acc", "res", "str", "order", "recovery", "break"
STEP_KINDS = {
    "acc": ACC,
    "acc_reroll": ACC,
    "spotter": ACC,
    "res": RES,
    "res_reroll": RES,
    "str": STR,
}
UNIT_EVENTS = ("unit_add", "unit_edit", "unit_remove")


def pass_chance(target: int) -> float:
    """The chance that a D10 test against ``target`` passes."""
    return min(max(target, 1), 9) / 10


class Tally:
    """Figures gathered per player, event after event."""

    def __init__(self, owners: Mapping[str, int]) -> None:
        self.owners = owners
        self.players: dict[int, dict[str, Any]] = {}

    def owner(self, unit_id: object) -> int | None:
        return self.owners.get(unit_id) if isinstance(unit_id, str) else None

    def owner_of(self, label: Payload | None) -> int | None:
        """The owner of a unit named by a label (``{"id", "name", "colour"}``) or None."""
        return self.owner(label.get("id")) if label else None

    def _player(self, user_id: int) -> dict[str, Any]:
        return self.players.setdefault(user_id, {"shots": {}, "weapons": {}, "dice": {}})

    def shots(self, user_id: int, weapon: Payload, count: int) -> None:
        key = str(weapon.get("id", ""))[:LABEL_LIMIT]
        if not key or count <= 0:
            return
        figures = self._player(user_id)
        figures["shots"][key] = figures["shots"].get(key, 0) + count
        en = str(weapon.get("name_en") or key)[:LABEL_LIMIT]
        figures["weapons"][key] = {"en": en, "fr": str(weapon.get("name_fr") or en)[:LABEL_LIMIT]}

    def test(
        self, user_id: int | None, kind: str, target: int, passed: bool, face: object = None
    ) -> None:
        if user_id is None:
            return
        if isinstance(face, int) and 1 <= face <= 10:  # the D10's face (issue 19: fairness)
            faces = self._player(user_id).setdefault("faces", {})
            faces[str(face)] = faces.get(str(face), 0) + 1
        dice = self._player(user_id)["dice"]
        luck = dice.setdefault(kind, {"rolls": 0, "successes": 0, "expected": 0.0})
        luck["rolls"] += 1
        luck["successes"] += int(passed)
        luck["expected"] += pass_chance(target)

    def test_roll(self, user_id: int | None, kind: str, roll: Payload | None) -> None:
        """A test as `core.antares.rolls.TestRoll` dumps it (order, recovery, break tests)."""
        if roll and roll.get("target") is not None:
            self.test(
                user_id, kind, int(roll["target"]), bool(roll.get("passed")), roll.get("roll")
            )

    def figures(self) -> dict[int, dict[str, Any]]:
        for figures in self.players.values():
            for luck in figures["dice"].values():
                luck["expected"] = round(luck["expected"], 2)
        return self.players


def _dice(tally: Tally, rolls: Iterable[Payload], whose: Whose) -> None:
    """The D10 tests of a resolution's ``rolls`` (``DieRoll``), each counted for its owner."""
    for roll in rolls:
        kind = STEP_KINDS.get(roll.get("step", ""))
        if kind is not None and roll.get("target") is not None:
            tally.test(
                whose(kind, roll),
                kind,
                int(roll["target"]),
                bool(roll.get("success")),
                roll.get("value"),
            )


def _damage(tally: Tally, applied: Payload | None) -> None:
    """The break test written into a unit (``DamageApplied``), if one was rolled."""
    if not applied:
        return
    owner = tally.owner(applied.get("unit_id"))
    broke = applied.get("break_test") or {}
    tally.test_roll(owner, BREAK, (broke.get("record") or {}).get("test"))
    lost = applied.get("casualties") or {}
    tally.test_roll(owner, BREAK, (lost.get("break_test") or {}).get("test"))


def _shoot(tally: Tally, payload: Payload) -> None:
    shooter = tally.owner_of(payload.get("shooter"))
    target = tally.owner_of(payload.get("target"))
    result = payload.get("result") or {}
    if shooter is not None:
        tally.shots(shooter, payload.get("weapon") or {}, int(result.get("shots") or 0))
    owners = {ACC: shooter, RES: target}
    _dice(tally, result.get("rolls", []), lambda kind, _roll: owners.get(kind))
    _damage(tally, (payload.get("applied") or {}).get("target"))


def _assault(tally: Tally, payload: Payload) -> None:
    sides = ("attacker", "defender")
    owners: dict[str | None, int | None] = {
        side: tally.owner_of(payload.get(side)) for side in sides
    }
    rolls = (payload.get("result") or {}).get("rolls", [])
    _dice(tally, rolls, lambda _kind, roll: owners.get(roll.get("side")))
    applied = payload.get("applied") or {}
    for side in sides:
        _damage(tally, applied.get(side))


def _chart(tally: Tally, payload: Payload) -> None:
    _damage(tally, payload.get("applied"))


def _casualties(tally: Tally, payload: Payload) -> None:
    owner = tally.owner(payload.get("unit_id"))
    tally.test_roll(owner, BREAK, (payload.get("break_test") or {}).get("test"))


def _order(tally: Tally, payload: Payload) -> None:
    owner = tally.owner(payload.get("unit_id"))
    if owner is None:
        owner = payload.get("owner_id")
    tally.test_roll(owner, ORDER, (payload.get("order_test") or {}).get("test"))


def _mine_lay(tally: Tally, payload: Payload) -> None:
    _order(tally, payload.get("order") or {})


def _mine_trigger(tally: Tally, payload: Payload) -> None:
    layer = (payload.get("mine") or {}).get("owner_id")
    for share in payload.get("shares", []):
        owners = {ACC: layer, RES: tally.owner(share.get("unit_id"))}
        rolls = (share.get("shot") or {}).get("rolls", [])

        def whose(kind: str, _roll: Payload, owners: dict[str, Any] = owners) -> int | None:
            return owners.get(kind)

        _dice(tally, rolls, whose)
        _damage(tally, share.get("damage"))


def _turn_end(tally: Tally, payload: Payload) -> None:
    for record in payload.get("recovery", []):
        tally.test_roll(tally.owner(record.get("unit_id")), RECOVERY, record.get("test"))


HANDLERS: dict[str, Callable[[Tally, Payload], None]] = {
    "shoot": _shoot,
    # a drifted template's hits (issue 22): no shot of its own (``shots`` 0), its Res tests
    # are the owner's of the unit it covered (``target``), its losses that unit's
    "drift": _shoot,
    "assault": _assault,
    "damage": _chart,
    "casualties": _casualties,
    "order": _order,
    "mine_lay": _mine_lay,
    "mine_trigger": _mine_trigger,
    "turn_end": _turn_end,
}
READ_KINDS = frozenset(HANDLERS) | frozenset(UNIT_EVENTS)  # the events worth parsing


def owners_in_log(events: Iterable[tuple[str, Payload]]) -> dict[str, int]:
    """Unit id → owner as the log's unit events last gave it (units removed since count)."""
    owners: dict[str, int] = {}
    for kind, payload in events:
        unit = payload.get("unit") if kind in UNIT_EVENTS else None
        if unit and "id" in unit and "owner_id" in unit:
            owners[unit["id"]] = unit["owner_id"]
    return owners


def game_stats(
    events: Iterable[tuple[str, Payload]], owners: Mapping[str, int]
) -> dict[int, dict[str, Any]]:
    """Per player, the figures of the live ``events`` (kind, payload) of one game, in any
    order; ``owners`` (unit id → player, from the final state) wins over the log's."""
    events = list(events)
    tally = Tally({**owners_in_log(events), **owners})
    for kind, payload in events:
        handler = HANDLERS.get(kind)
        if handler is not None:
            handler(tally, payload)
    return tally.figures()
