"""The PostgreSQL server goes away while the bot runs (issue 15): the command gets an
ephemeral "database unavailable, try again" in the member's language, nothing is written,
and once the server is back the bot carries on by itself (no restart)."""

from __future__ import annotations

import pytest

from tests.discord.game_kit import card_text, skirmish, snapshot, state_of
from tests.support.locale import french
from tests.support.postgres import find_binaries, must_have_server, start_server

UNAVAILABLE_EN = (
    "The database is unavailable right now; nothing was changed. Try again in a moment."
)
UNAVAILABLE_FR = (
    "La base de données est indisponible pour le moment ; rien n'a été modifié. "
    "Réessayez dans un instant."
)


@pytest.fixture
def own_server():
    """A server of this test's own: stopping it disturbs no other test."""
    if find_binaries() is None and not must_have_server():
        pytest.skip("no PostgreSQL server binaries")
    server = start_server()
    assert server is not None
    yield server
    server.destroy()


@pytest.fixture
def database_url(own_server) -> str:
    return own_server.new_database()


async def test_a_stopped_server_is_answered_and_the_bot_recovers(
    simcord_env, table, dice, own_server
):
    await skirmish(table)
    before = await snapshot(simcord_env, table.channel)

    own_server.stop()
    refused = await table.bob.slash(table.channel, "bag draw")
    assert refused.ephemeral and card_text(refused.response) == UNAVAILABLE_EN
    with french():
        refusé = await table.alice.slash(table.channel, "pins add", unit="Troopers", count=1)
    assert refusé.ephemeral and card_text(refusé.response) == UNAVAILABLE_FR

    own_server.start()
    assert await snapshot(simcord_env, table.channel) == before  # nothing half-written
    dice.script(1)
    drawn = await table.bob.slash(table.channel, "bag draw")
    assert not drawn.ephemeral
    assert f"red** die of <@{table.alice.id}> (d3 → 1); 2 dice left" in card_text(drawn.response)
    assert len((await state_of(simcord_env, table.channel)).pending) == 1
    dice.assert_used()
