"""Issue 34, the replay: the board as it stood after each event of the log, built from the
patches every event now keeps (`services.common.state_patch`). A scripted game's replay steps
through every event and, after each command, shows the very state `/game status` showed; it
opens once the game has ended, or earlier with the host's link."""

from __future__ import annotations

from services.game import ReplayStep
from services.game.replay import replay_step
from tests.web.conftest import token_of, web_links
from tests.web.kit import Recorded, scripted_game

pytestmark = web_links


async def step_of(env, game_id: int, step: int | None) -> ReplayStep:
    links = env.bot.services.web_links
    found = await replay_step(links.store, links.workers, game_id, step)
    assert found is not None
    return found


async def test_every_step_of_the_scripted_game_matches_the_game_as_it_was(simcord_env, table, dice):
    recorded = Recorded(simcord_env, table.channel)
    await scripted_game(table, dice, recorded)
    token = token_of(await table.bob.slash(table.channel, "game web"))
    opened = await simcord_env.bot.services.web_links.open(token)
    game_id = opened.game.game_id
    last = await step_of(simcord_env, game_id, None)
    assert last.total == recorded.points[-1][1] >= 12
    kinds = []
    for number in range(1, last.total + 1):
        step = await step_of(simcord_env, game_id, number)
        assert step.step == number and step.game is not None, number  # every board recorded
        kinds.append(step.game.log[-1].kind)
    assert kinds[:3] == ["start", "unit_add", "unit_add"] and kinds[-1] == "end"
    assert "undo" in kinds and "shoot" in kinds and "turn_end" in kinds
    for name, events, state in recorded.points:
        shown = (await step_of(simcord_env, game_id, events)).game
        assert shown is not None
        assert shown.state == state, name  # the messages are no part of it (issue 31)
    # the shot took two Gangers; the undo took Bob's Down order back
    after_shot = dict((name, events) for name, events, _ in recorded.points)["shot"]
    gangers = (await step_of(simcord_env, game_id, after_shot)).game.state.units["u2"]
    assert gangers.models == 3
    turns = last.turns
    assert turns[0] == (1, 1) and turns[1][0] == 2


async def test_the_replay_page_opens_after_the_end_or_with_the_host_s_link(
    simcord_env, table, dice, served
):
    recorded = Recorded(simcord_env, table.channel)
    await table.alice.slash(table.channel, "game start", name="Vorl")
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5)
    await table.bob.slash(table.channel, "pins add", unit="Gangers", count=2)
    await recorded("pins")
    bobs = token_of(await table.bob.slash(table.channel, "game web"))
    hosts = token_of(await table.alice.slash(table.channel, "game web"))
    page = await (await served.get(f"/g/{bobs}")).text()
    assert "/replay" not in page  # not yet for a player's link
    refused = await served.get(f"/g/{bobs}/replay")
    assert refused.status == 403 and "once the game has ended" in await refused.text()
    host_page = await (await served.get(f"/g/{hosts}")).text()
    assert f'href="{hosts}/replay"' in host_page

    answer = await served.get(f"/g/{hosts}/replay?step=3")
    assert answer.status == 200
    replay = await answer.text()
    assert "<title>Vorl — replay, step 3 of 4</title>" in replay
    assert "Step 3 of 4" in replay and "added Gangers (5 models, 1 die)" in replay
    assert "<dt>Pins</dt><dd>0</dd>" in replay  # the pins come at step 4
    assert 'href="replay?step=2" rel="prev"' in replay
    assert 'href="replay?step=4" rel="next"' in replay
    assert '<script src="../../static/replay.js" defer></script>' in replay
    fourth = await (await served.get(f"/g/{hosts}/replay?step=99")).text()  # past the end
    assert "Step 4 of 4" in fourth and "<dt>Pins</dt><dd>2</dd>" in fourth
    assert '<span aria-current="step">Next ▶</span>' in fourth
    first = await (await served.get(f"/g/{hosts}/replay?step=-5", lang="fr")).text()
    assert "Étape 1 sur 4" in first and '<span aria-current="step">◀ Précédente</span>' in first

    await table.alice.slash(table.channel, "game end")
    assert (await served.get(f"/g/{bobs}/replay?step=x")).status == 200  # ended: everyone's
    assert str(table.alice.id) not in await (await served.get(f"/g/{bobs}/replay")).text()
