"""A hidden `/shoot` (issue 16): `extras: hidden` (`/shoot` has Discord's 25 options) answers
the shooter only; the game's log says "hidden roll" without the dice until the shooter's
🔓 Reveal posts the shot, every die, and logs it; an undo still takes the shot back.

Mag Gun x3 at 10" (rules-notes "Shooting", Acc and Res tests): Acc 2 and 3 hit, 9 misses;
the Res tests 3 (passes) and 9 (fails): one Ganger lost."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
from simcord.backend.errors import SetupError

from tests.discord.game_kit import labels, state_of
from tests.discord.shoot_buttons_kit import HITS
from tests.discord.test_shoot_kit import armies, faces, shoot
from tests.support.bots import restart
from tests.support.locale import french

LANGS = ["en", "fr"]
WORDS = {
    "en": {"reveal": "Reveal", "hidden": "🙈 hidden roll", "revealed": "🔓 revealed #"},
    "fr": {"reveal": "Révéler", "hidden": "🙈 jet caché", "revealed": "🔓 a révélé #"},
}


def speaking(lang: str):
    return french() if lang == "fr" else nullcontext()


async def hidden_shot(table, lang: str, word: str = "hidden"):
    with speaking(lang):
        return await shoot(
            table.alice,
            table.channel,
            shooter="Troopers",
            target="Gangers",
            weapon="mag-gun",
            models=3,
            distance=10,
            extras=word,
        )


async def log_text(table, member, lang: str) -> str:
    with speaking(lang):
        shown = await member.slash(table.channel, "game log", last=50)
    return "\n".join(e.description or "" for e in shown.response.embeds)


def story(message) -> str:
    return "\n".join(f"{e.title}\n{e.description}" for e in message.embeds)


@pytest.mark.parametrize(("lang", "word"), [("en", "hidden"), ("fr", "caché")])
async def test_a_hidden_shot_answers_the_shooter_and_logs_no_dice(
    simcord_env, table, dice, lang, word
):
    await armies(table)
    dice.script(*HITS)
    fired = await hidden_shot(table, lang, word)
    assert fired.ephemeral, fired.response.content
    assert labels(fired.response) == [WORDS[lang]["reveal"]]  # no Shoot again, no Draw next
    assert faces(story(fired.response)) == list(HITS)  # every die, to the shooter
    state = await state_of(simcord_env, table.channel)
    assert state.units["u2"].models == 5 - 1  # the shot is applied, hidden or not
    log = await log_text(table, table.bob, lang)
    assert WORDS[lang]["hidden"] in log and "Mag Gun" not in log
    with pytest.raises(SetupError, match="not visible"):  # Bob never sees the dice
        await table.bob.click(fired.response, label=WORDS[lang]["reveal"])
    dice.assert_used()


@pytest.mark.parametrize("lang", LANGS)
async def test_reveal_posts_the_shot_and_logs_it_after_a_restart(
    simcord_env, table, dice, make_bot, lang
):
    await armies(table)
    dice.script(*HITS)
    fired = await hidden_shot(table, lang)
    seq = len((await log_text(table, table.bob, "en")).splitlines())
    await restart(simcord_env, make_bot)
    with speaking(lang):
        revealed = await table.alice.click(fired.response, label=WORDS[lang]["reveal"])
    public = revealed.followups[-1]
    assert not public.ephemeral
    assert story(public) == story(fired.response)  # every die, as the shooter saw them
    assert labels(fired.response) == []
    log = await log_text(table, table.bob, lang)
    assert f"{WORDS[lang]['revealed']}{seq}" in log and "Mag Gun" in log


@pytest.mark.parametrize("lang", LANGS)
async def test_undo_takes_a_hidden_shot_back(simcord_env, table, dice, lang):
    await armies(table)
    before = await state_of(simcord_env, table.channel)
    dice.script(*HITS)
    fired = await hidden_shot(table, lang)
    with speaking(lang):
        undone = await table.alice.slash(table.channel, "game undo")
    assert not undone.ephemeral, undone.response.content
    assert "Mag Gun" not in (undone.response.content or "")  # the undo keeps the secret
    assert await state_of(simcord_env, table.channel) == before
    with speaking(lang):
        gone = await table.alice.click(fired.response, label=WORDS[lang]["reveal"])
    assert gone.ephemeral
    assert ("n'est plus dans le journal" if lang == "fr" else "no longer in the game's log") in (
        gone.response.content
    )
