"""The scripted game of test_scripted_game.py, played the shortest way the bot offers, every
slash command, typed option and click counted (issue 22, "Fewer taps on a phone").

What counts: a slash command is one command; each option given to it, and each form field
typed, is one typed option (a field the bot prefilled and that is sent as it is, is not
typed); each button clicked, menu choice made and form sent is one click.

The table plays a `strict` game (the bot runs the bag): 🎲 Draw next on the newest reply
(`/bag draw` once, when no reply offers it yet), the drawn die's owner picks the unit in the
menu, clicks Fire, then for each weapon of the unit: 🔁 Shoot again on its last shot with
that weapon when its target still stands (units under Fire do not move), else 🎯 Shoot →
weapon (when the unit has several) → target (the first one offered: the last target first)
→ the distance form. A 💥 drifted template is resolved on the first enemy unit offered
after the shot's target. `/turn end` once the bag is empty.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tests.discord.game_kit import labels, select_values, state_of

DRAW = "Draw next"
SHOOT, AGAIN, FIRE = "Shoot", "Shoot again", "Fire"
DISTANCE = "25"  # inches: every shooter stands 25" from every target (in range of each weapon)


@dataclass
class Shot:
    unit: str
    weapon: str
    way: str  # "🎯" (the button's questions) or "🔁" (Shoot again)
    typed: list[str]  # what was typed for it: only ever the distance


@dataclass
class Tally:
    slash: int = 0
    typed: int = 0
    clicks: int = 0
    commands: Counter[str] = field(default_factory=Counter)
    shots: list[Shot] = field(default_factory=list)
    drifts: int = 0
    typed_to_set_up: int = 0  # the options of /game start and /unit add

    def figures(self) -> dict[str, int]:
        return {"slash commands": self.slash, "typed options": self.typed, "clicks": self.clicks}

    def table(self, before: dict[str, int]) -> str:
        """The figures, before (issue 22) and now, as the test prints them."""
        ways = Counter(shot.way for shot in self.shots)
        lines = [
            f"Scripted game: {len(self.shots)} shots ({ways['🎯']} by 🎯 Shoot, "
            f"{ways['🔁']} by 🔁 Shoot again), {self.drifts} drifted templates resolved",
            f"{'':26}{'before':>8}{'after':>8}",
        ]
        for name, now in self.figures().items():
            then = before.get(name)
            lines.append(f"{name:26}{'—' if then is None else then:>8}{now:>8}")
            if name == "slash commands":
                shoot = ("  of them /shoot", before["shoot"], self.commands["shoot"])
                lines.append(f"{shoot[0]:26}{shoot[1]:>8}{shoot[2]:>8}")
        typed_shots = sum(len(shot.typed) for shot in self.shots)
        lines.append(
            f"typed: {self.typed_to_set_up} to set the game up, {typed_shots} distances "
            f"(the other shots: none)"
        )
        return "\n".join(lines)


@dataclass
class Last:
    """The last shot of a unit with a weapon: its reply (🔁) and its target."""

    message: object
    target: str


class Play:
    def __init__(self, env, table) -> None:
        self.env, self.table, self.tally = env, table, Tally()
        self.carrier = None  # the reply that offers 🎲 Draw next
        self.last: dict[tuple[str, str], Last] = {}

    def member(self, user_id: int):
        return next(m for m in (self.table.alice, self.table.bob) if m.id == user_id)

    def note(self, *messages) -> None:
        for message in messages:
            if DRAW in labels(message):
                self.carrier = message

    async def slash(self, member, command: str, **options):
        self.tally.slash += 1
        self.tally.typed += len(options)
        self.tally.commands[command] += 1
        if command in ("game start", "unit add"):
            self.tally.typed_to_set_up += len(options)
        done = await member.slash(self.table.channel, command, **options)
        assert not done.ephemeral, (command, options, done.response.content)
        self.note(done.response)
        return done

    async def click(self, member, message, label: str):
        self.tally.clicks += 1
        done = await member.click(message, label=label)
        if done.ephemeral and not select_values(done.response):
            raise AssertionError(f"{label}: {done.response.content}")
        self.note(message, done.response)
        return done

    async def select(self, member, message, value: str):
        self.tally.clicks += 1
        done = await member.select(message, [value])
        if done.ephemeral and done.response.id != message.id:
            raise AssertionError(f"{value}: {done.response.content}")
        if not done.modal:
            self.note(message, done.response)
        return done

    async def state(self):
        return await state_of(self.env, self.table.channel)

    # ------------------------------------------------------------------ a turn

    async def turn(self) -> None:
        while True:
            state = await self.state()
            if not sum(state.bag.values()):
                break
            if self.carrier is None:
                drawn = await self.slash(self.table.alice, "bag draw")
            else:
                drawn = await self.click(self.table.alice, self.carrier, DRAW)
            await self.activate(drawn.response)
        await self.slash(self.table.alice, "turn end")

    async def activate(self, drawn) -> None:
        state = await self.state()
        (die,) = state.pending
        member = self.member(die.owner_id)
        unit = select_values(drawn)[0]  # the first of the owner's units that can take it
        await self.select(member, drawn, unit)
        await self.click(member, drawn, FIRE)
        if SHOOT not in labels(drawn):  # a failed order test: Down, no shot
            return
        for carried in (await self.state()).units[unit].weapons:
            state = await self.state()
            if not any(u.owner_id != member.id for u in state.living()):
                return  # nothing left to shoot at
            await self.fire(member, drawn, unit, carried.weapon)

    async def fire(self, member, order, unit: str, weapon: str) -> None:
        state = await self.state()
        last = self.last.get((unit, weapon))
        if last is not None and not state.units[last.target].destroyed:
            shot = await self.click(member, last.message, AGAIN)
            target, typed, way = last.target, [], "🔁"
        else:
            (shot, target, typed), way = await self.aim(member, order, weapon), "🎯"
        self.tally.shots.append(Shot(unit, weapon, way, typed))
        self.last[(unit, weapon)] = Last(shot.response, target)
        for label in labels(shot.response):
            if label.startswith("Template"):
                await self.drift(member, shot.response, label, target)

    async def aim(self, member, order, weapon: str):
        asked = await self.click(member, order, SHOOT)
        values = select_values(asked.response)
        if any(":" in v for v in values):  # the weapon menu (the unit has several)
            chosen = next(v for v in values if v.split(":")[0] == weapon)
            await self.select(member, asked.response, chosen)
        target = select_values(asked.response)[0]  # the last target first
        form = await self.select(member, asked.response, target)
        (row,) = form.modal["components"]
        prefilled = row["component"].get("value")
        typed = [] if prefilled == DISTANCE else [DISTANCE]
        self.tally.typed += len(typed)
        self.tally.clicks += 1  # the form sent
        shot = await member.submit_modal(form, {"distance": DISTANCE})
        assert not shot.ephemeral, shot.response.content
        self.note(shot.response)
        return shot, target, typed

    async def drift(self, member, shot, label: str, target: str) -> None:
        asked = await self.click(member, shot, label)
        units = (await self.state()).units
        offered = [v for v in select_values(asked.response) if v != target]
        enemies = [v for v in offered if units[v].owner_id != member.id]
        covered = (enemies or offered)[0]  # the next enemy unit, as it happens
        await self.select(member, asked.response, covered)
        self.tally.drifts += 1
