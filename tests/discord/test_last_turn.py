"""Issue 22, "Last turn and victory points": a game runs its end phase without opening another
turn (`/turn end last:true`), then closes with `/game end vp:`."""

from __future__ import annotations

from tests.discord.game_kit import labels, skirmish, state_of
from tests.support.locale import french


def text_of(result) -> str:
    message = result.response
    return message.content + "".join((e.description or "") for e in message.embeds)


async def test_the_last_turn_ends_without_opening_another(simcord_env, table, dice):
    await skirmish(table)
    ended = await table.alice.slash(table.channel, "turn end", confirm=True, last=True)
    assert not ended.ephemeral
    assert "That was the last turn (**1**): no turn follows" in text_of(ended)
    assert labels(ended.response) == []  # nothing to draw: no 🎲 Draw next
    state = await state_of(simcord_env, table.channel)
    assert state.turn == 1 and sum(state.bag.values()) == 0
    refused = await table.bob.slash(table.channel, "bag draw")
    assert refused.ephemeral and await state_of(simcord_env, table.channel) == state
    closed = await table.alice.slash(table.channel, "game end", vp="7-3")
    assert not closed.ephemeral


async def test_in_french_through_the_question_and_undone(simcord_env, table, dice):
    await skirmish(table)
    before = await state_of(simcord_env, table.channel)
    with french():
        asked = await table.bob.slash(table.channel, "turn end", last=True)  # dice left
        done = await table.bob.click(asked.response, label="Terminer le tour")
        (summary,) = done.followups
        assert "C'était le dernier tour (**1**) : aucun tour ne suit" in (
            summary.embeds[0].description or ""
        )
        assert sum((await state_of(simcord_env, table.channel)).bag.values()) == 0
        undone = await table.bob.slash(table.channel, "game undo")  # his own change
    assert not undone.ephemeral
    assert await state_of(simcord_env, table.channel) == before
