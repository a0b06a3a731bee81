"""A scripted game for the web board's tests: set-up, pins, a draw and a Fire order, a shot
with casualties, Bob's die and a Down order undone, an Advance instead, the turn's end, the
game's end. `after` is called after each command (the stored state, the log's length)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from tests.discord.game_kit import record_of, state_of
from tests.discord.test_shoot_kit import armies, shoot

After = Callable[[str], Awaitable[None]]
RED, BLUE = 1, 1  # the d3 of the full bag gives red; then the d2 of the blue dice gives blue
HITS = (2, 3, 9, 8)  # 2 Mag Guns: two hits (Acc 5 + Fire 1), two failed Res tests: 2 down


async def scripted_game(table, dice, after: After, **game_options) -> None:
    channel, alice, bob = table.channel, table.alice, table.bob

    async def step(name: str, member, command: str, *rolls: int, **options) -> None:
        if rolls:
            dice.script(*rolls)
        result = await member.slash(channel, command, **options)
        assert not result.ephemeral, (name, result.response.content)
        await after(name)

    await armies(table, activations="strict", **game_options)  # Troopers, Gangers (MOD2)
    await after("set up")
    await step("pins", bob, "pins add", unit="Gangers", count=1)
    await step("draw red", alice, "bag draw", RED)
    await step("fire", alice, "order", unit="Troopers", order="fire")
    dice.script(*HITS)
    shot = await shoot(
        alice, channel, weapon="mag-gun", models=2, shooter="Troopers", target="Gangers",
        distance=10,
    )  # fmt: skip
    assert not shot.ephemeral, shot.response.content
    await after("shot")
    await step("draw blue", alice, "bag draw", BLUE)
    await step("down", bob, "order", unit="Gangers", order="down")
    await step("undo", bob, "game undo")
    await step("advance", bob, "order", unit="Gangers", order="advance")
    await step("turn end", alice, "turn end", confirm=True)
    await step("end", alice, "game end", vp="7-3")


class Recorded:
    """The state after each command and the number of events it left in the log."""

    def __init__(self, env, channel) -> None:
        self.env, self.channel = env, channel
        self.points: list[tuple[str, int, object]] = []

    async def __call__(self, name: str) -> None:
        record = await record_of(self.env, self.channel)
        assert record is not None
        async with self.env.bot.services.store.read() as tx:
            events = await tx.events(record.id, snapshots=False)
        self.points.append((name, len(events), await state_of(self.env, self.channel)))
