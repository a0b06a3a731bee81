"""The scripted game of test_scripted_game.py, played the shortest way the bot offers, every
interaction counted (issues 22 and 31, "Measure it").

What counts: an **interaction** is what a member sends Discord: a slash command, an
autocomplete pick (a value chosen among the choices the bot offered while typing), a button
clicked, a menu pick, a form submitted. Each is tallied by kind, and each activation's own
(from the click, or command, that drew its die to its last shot) on its own line.

The set-up is what a club does: `/game start`, then each player `/army import` with their
roster file, ✅ Confirm on the preview, and `/army deploy` (the army's name picked in the
autocomplete). The table plays a `strict` game (the bot runs the bag): 🎲 Draw next on the
newest card (`/bag draw` once, when no card offers it yet); the drawn die's owner picks the
unit and Fire in the card's one menu (or clicks Fire when one unit only can take the die);
then, while the unit may still fire, 🔁 when the card offers it (the last target, still
standing, at the same distance: units under Fire do not move), else 🎯 and the form (the
target the form chose, else the first offered; the distance written in, else typed; every
weapon left, as the form chooses them). A drifted template is resolved in its menu on the
card (one pick, issue 31 §2) on the first enemy unit offered after the shot's target.
`/turn end` once the bag is empty.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tests.discord.army_kit import rosz
from tests.discord.game_kit import (
    card_text,
    components,
    custom_id_of,
    labels,
    menus,
    select_values,
    state_of,
)

DRAW, SHOOT, FIRE = "Draw next", "Shoot", "Fire"
REPEAT = "antares:repeat:"
DISTANCE = "25"  # inches: every shooter stands 25" from every target (in range of each weapon)
KINDS = ("slash commands", "autocomplete picks", "clicks", "menu picks", "forms submitted")


@dataclass
class Activation:
    unit: str
    # "🔁" (the last target and distance again: 🔁, or the form sent as it opened), "🎯" (a
    # target or distance given in the form), "—" (no shot: Down)
    way: str
    interactions: int = 0
    drifts: int = 0  # drifted templates resolved in it (one menu pick each)
    shots: int = 0  # weapons fired


@dataclass
class Tally:
    kinds: Counter[str] = field(default_factory=Counter)
    commands: Counter[str] = field(default_factory=Counter)
    activations: list[Activation] = field(default_factory=list)
    set_up: int = 0  # the interactions of the set-up (start, import, deploy)
    typed: list[str] = field(default_factory=list)  # what was typed in forms: distances
    current: Activation | None = None  # the activation being played, if any

    @property
    def total(self) -> int:
        return sum(self.kinds.values())

    def count(self, kind: str) -> None:
        self.kinds[kind] += 1
        if self.current is not None:
            self.current.interactions += 1

    def average(self) -> float:
        return sum(a.interactions for a in self.activations) / len(self.activations)

    def table(self, before: dict[str, float]) -> str:
        """The figures, before (the same game before the cards) and now, as printed."""
        ways = Counter(a.way for a in self.activations)
        shots = sum(a.shots for a in self.activations)
        drifts = sum(a.drifts for a in self.activations)
        lines = [
            f"Scripted game: {len(self.activations)} activations ({ways['🎯']} by 🎯 and its "
            f"form, {ways['🔁']} by 🔁, {ways['—']} without a shot), {shots} weapons fired, "
            f"{drifts} drifted templates resolved",
            f"{'interactions':34}{'before':>8}{'after':>8}",
        ]
        rows = [(kind, self.kinds[kind]) for kind in KINDS]
        rows += [
            ("total", self.total),
            ("  of them the set-up", self.set_up),
            ("per activation, on average", round(self.average(), 2)),
            ("  with a 🔁 shot (most)", _most(self.activations, "🔁")),
            ("  with a 🎯 shot (most)", _most(self.activations, "🎯")),
        ]
        for name, now in rows:
            then = before.get(name, "—")
            lines.append(f"{name:34}{then!s:>8}{now!s:>8}")
        lines.append(
            "per activation: " + " ".join(f"{a.way}{a.interactions}" for a in self.activations)
        )
        return "\n".join(lines)


def _most(activations: list[Activation], way: str) -> int:
    return max((a.interactions - a.drifts for a in activations if a.way == way), default=0)


DRIFT_MENU = "antares:driftl:"  # a drifted template's menu on the card


class Play:
    def __init__(self, env, table) -> None:
        self.env, self.table, self.tally = env, table, Tally()
        self.card = None  # the newest card that offers 🎲 Draw next

    def member(self, user_id: int):
        return next(m for m in (self.table.alice, self.table.bob) if m.id == user_id)

    def note(self, *messages) -> None:
        for message in messages:
            if DRAW in labels(message):
                self.card = message

    # ------------------------------------------------------------------ interactions

    async def slash(self, member, command: str, **options):
        self.tally.count("slash commands")
        self.tally.commands[command] += 1
        done = await member.slash(self.table.channel, command, **options)
        assert not done.ephemeral or command == "army import", (command, done.response.content)
        self.note(done.response)
        return done

    async def pick(self, member, command: str, option: str, typed: str, **filled) -> str:
        """An autocomplete pick: the first choice the bot offers for what was typed."""
        self.tally.count("autocomplete picks")
        choices = await member.autocomplete(self.table.channel, command, option, typed, **filled)
        assert choices, (command, option, typed)
        return choices[0]["value"]

    async def click(self, member, message, *, label: str | None = None, custom_id=None):
        self.tally.count("clicks")
        done = await member.click(message, label=label, custom_id=custom_id)
        if done.ephemeral and not select_values(done.response):
            raise AssertionError(f"{label or custom_id}: {done.response.content}")
        if not done.modal:
            self.note(message, done.response)
        return done

    async def select(self, member, message, value: str, custom_id: str | None = None):
        self.tally.count("menu picks")
        done = await member.select(message, [value], custom_id=custom_id)
        if done.modal:
            return done
        if done.ephemeral and done.response.id != message.id:
            raise AssertionError(f"{value}: {done.response.content}")
        self.note(message, done.response)
        return done

    async def submit(self, member, form, values: dict):
        self.tally.count("forms submitted")
        done = await member.submit_modal(form, values)
        assert not done.ephemeral, done.response.content
        self.note(done.response)
        return done

    async def state(self):
        return await state_of(self.env, self.table.channel)

    # ------------------------------------------------------------------ the set-up

    async def set_up(self, name: str, rosters: dict[str, str]) -> None:
        """`/game start`, then each player imports their roster and deploys it."""
        await self.slash(self.table.alice, "game start", name=name)
        # the table plays reactions at the table, not through the bot's offer (issue 31 §1):
        # the offer's click per shot would count against the game's interactions
        await self.slash(self.table.alice, "game rules", setting="reaction_window", value="0")
        for member in (self.table.alice, self.table.bob):
            roster = rosters[member.name]
            shown = await self.slash(member, "army import", file=(f"{roster}.rosz", rosz(roster)))
            assert shown.ephemeral
            await self.click(member, shown.response, label="Confirm")
            army = await self.pick(member, "army deploy", "name", "Ri")
            await self.slash(member, "army deploy", name=army)
        self.tally.set_up = self.tally.total

    # ------------------------------------------------------------------ a turn

    async def turn(self) -> None:
        while True:
            state = await self.state()
            if not sum(state.bag.values()):
                break
            self.tally.current = Activation("?", "—")
            self.tally.activations.append(self.tally.current)
            if self.card is None:
                drawn = await self.slash(self.table.alice, "bag draw")
            else:
                drawn = await self.click(self.table.alice, self.card, label=DRAW)
            await self.activate(drawn.response)
            self.tally.current = None
        await self.slash(self.table.alice, "turn end")

    async def activate(self, card) -> None:
        state = await self.state()
        (die,) = state.pending
        member = self.member(die.owner_id)
        now = self.tally.activations[-1]
        if menus(card):  # several units can take the die: the unit and Fire in one pick
            value = next(v for v in select_values(card) if v.endswith(":fire"))
            ordered = await self.select(member, card, value)
            now.unit = value.split(":")[0]
        else:
            now.unit = str(custom_id_of(card, "antares:order:")).split(":")[3]
            ordered = await self.click(member, card, label=FIRE)
        if ordered.modal:  # Fire: the shot's form opened at once
            await self.answer(member, card, ordered, now)
        while SHOOT in labels(card):  # a failed order test: Down, no shot
            if not any(u.owner_id != member.id for u in (await self.state()).living()):
                break  # nothing left to shoot at
            await self.fire(member, card, now)
        now.shots = len(_fired((await self.state()).units[now.unit]))

    async def fire(self, member, card, now: Activation) -> None:
        repeat = custom_id_of(card, REPEAT)
        if repeat is None:
            await self.answer(member, card, await self.click(member, card, label=SHOOT), now)
            return
        await self.click(member, card, custom_id=repeat)
        now.way = "🔁" if now.way == "—" else now.way
        await self.drifts(member, card, now, repeat.split(":")[4])

    async def answer(self, member, card, form, now: Activation) -> str:
        """The shot's form sent: the target it chose (else the first offered), the distance
        written in (else typed), the weapons it chose. The target shot at."""
        target = self.chosen(form.modal)
        values = {"target": [target], "distance": DISTANCE}
        distance = _control(form.modal, "distance")
        typed = distance.get("value") != DISTANCE
        if typed:
            self.tally.typed.append(DISTANCE)
        weapons = _control(form.modal, "weapons")
        if weapons:
            values["weapons"] = [o["value"] for o in weapons["options"] if o.get("default")]
        await self.submit(member, form, values)
        if now.way == "—":
            now.way = "🎯" if typed else "🔁"
        await self.drifts(member, card, now, target)
        return target

    async def drifts(self, member, card, now: Activation, target: str) -> None:
        while menus := [
            c for c in components(card) if str(c.get("custom_id", "")).startswith(DRIFT_MENU)
        ]:  # each pick edits the card: the menu leaves, the others offer who is left
            await self.drift(member, card, menus[0], target)
            now.drifts += 1

    def chosen(self, modal) -> str:
        target = _control(modal, "target")
        chosen = [o["value"] for o in target["options"] if o.get("default")]
        return chosen[0] if chosen else target["options"][0]["value"]

    async def drift(self, member, card, menu: dict, target: str) -> None:
        units = (await self.state()).units
        offered = [o["value"] for o in menu["options"] if o["value"] in units]
        offered = [v for v in offered if v != target]
        enemies = [v for v in offered if units[v].owner_id != member.id]
        covered = (enemies or offered)[0]  # the next enemy unit, as it happens
        await self.select(member, card, covered, custom_id=menu["custom_id"])


def _control(modal, custom_id: str) -> dict:
    for label in modal["components"]:
        control = label.get("component") or {}
        if control.get("custom_id") == custom_id:
            return control
    return {}


def _fired(unit) -> list[str]:
    live = [o for o in unit.orders if not o.disputed]
    return list(live[-1].fired) if live else []


__all__ = ["DISTANCE", "Play", "Tally", "card_text"]
