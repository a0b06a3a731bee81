"""A crowded table (issue 6): ten markers and four mines in `/game status` within Discord's
limits, the same after a restart, every change one event, and `/game undo` as far back as it
reaches (the last 20 changes, issue 23)."""

from __future__ import annotations

from core.antares.table_markers.lookup import markers_of
from tests.discord.game_kit import card_text, components, snapshot, state_of
from tests.support.bots import restart

TYPES = ("arc", "blur", "grip", "scoot", "scrambler")


def place(n: int) -> str:
    """A location of 100 characters, the longest allowed."""
    return (f"@everyone marker {n:02} " + "by the crater and the ruined tower " * 3)[:100]


async def events(env, channel) -> int:
    return (await snapshot(env, channel))[2]


async def one_event(env, channel, member, command, **options):
    """Run `command`: it must answer publicly and add exactly one event to the log."""
    before = await events(env, channel)
    result = await member.slash(channel, command, **options)
    assert not result.ephemeral, (command, result.response.content)
    assert await events(env, channel) == before + 1, command
    return result


async def status_texts(env, channel, member) -> list[str]:
    """Every page of /game status, each checked against Discord's limits of a Components V2
    message (4,000 characters of text, 40 components)."""
    status = await member.slash(channel, "game status")
    texts = []
    while True:
        text = card_text(status.response)
        assert len(text) <= 4000 and len(components(status.response)) <= 40
        texts.append(text)
        footer = text.rsplit("\n-# ", 1)[1]
        page, pages = footer.split(" · ")[0].removeprefix("Page ").split("/")
        if page == pages:
            return texts
        await member.click(status.response, label="▶")


async def crowded(env, table, dice):
    alice, bob, channel = table.alice, table.bob, table.channel
    await alice.slash(channel, "game start", name="Crowded")
    for n in range(4):
        await alice.slash(channel, "unit add", name=f"Sappers {n}", res=6, models=5, co=8)
    await bob.slash(channel, "unit add", name="Rock Riders", res=7, models=5, co=9)
    start = await state_of(env, channel)
    for n in range(10):
        kind = TYPES[n % 5]
        await one_event(
            env,
            channel,
            alice if n < 5 else bob,
            "marker place",
            type=kind,
            weapon="mag-mortar",
            location=place(n + 1),
        )
        await one_event(
            env,
            channel,
            bob,
            "marker affect",
            marker=str(n + 1),
            unit="Rock Riders",
        )
    for n in range(4):
        await alice.slash(channel, "bag take", unit=f"Sappers {n}")
        await one_event(
            env, channel, alice, "mine lay", unit=f"Sappers {n}", location=place(20 + n)
        )
    return start


async def test_ten_markers_and_four_mines_survive_a_restart_and_undo(
    simcord_env, table, dice, make_bot
):
    env, channel, alice, bob = simcord_env, table.channel, table.alice, table.bob
    start = await crowded(env, table, dice)
    texts = await status_texts(env, channel, bob)
    shown = "\n".join(texts)
    assert "**Markers and mines**" in shown  # the table's container
    assert all(f"**{name} #" in shown for name in ("Arc", "Blur", "Grip", "Scoot", "Scrambler"))
    assert all(f"💣 **Mine #{n}**" in shown for n in range(1, 5))
    assert shown.count("@\u200beveryone marker") == 14 and "@everyone" not in shown

    state = await state_of(env, channel)
    await restart(env, make_bot)
    assert await state_of(env, channel) == state
    assert await status_texts(env, channel, alice) == texts

    actions = [
        (alice, "mine trigger", {"mine": "4", "target": "Rock Riders"}),
        (bob, "marker remove", {"marker": "10"}),
        (alice, "mine remove", {"mine": "3"}),
        (bob, "marker jam-proof", {"unit": "Rock Riders"}),
    ]
    dice.script(2, 9, 9)  # mine 4: d5 2, both attacks miss
    before = []
    for member, command, options in actions:
        before.append(await state_of(env, channel))
        await one_event(env, channel, member, command, **options)
    for expected in reversed(before):
        # a game master who does not play undoes anyone's change (the host plays: she would
        # ask Bob before undoing his, issue 31)
        await table.admin.slash(channel, "game undo")
        assert await state_of(env, channel) == expected
    state = await state_of(env, channel)
    assert len(markers_of(state)) == 10 and len(state.mines) == 4

    # Undo reaches back 20 changes (UNDO_STEPS, issue 23): the 4 undone above leave 16 of the
    # table's 28, the last 4 markers placed and affected and the 4 mines.
    refused = await table.admin.slash(channel, "game undo", steps=20)
    assert refused.ephemeral and "Only 16 changes can be undone" in refused.response.content
    await table.admin.slash(channel, "game undo", steps=16)  # Bob's too: the game master
    state = await state_of(env, channel)
    assert [m.number for m in markers_of(state)] == list(range(1, 7)) and state.mines == []
    assert state.bag == start.bag  # the dice taken for the mines are back
    dice.assert_used()
