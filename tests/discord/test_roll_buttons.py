"""/roll's 🎲 Roll again and hidden rolls with 🔓 Reveal, EN and FR (issue 16)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
from simcord.backend.errors import SetupError

from tests.discord.game_kit import labels
from tests.support.bots import restart
from tests.support.locale import discord_locale, french

WORDS = {
    "en": {
        "again": "Roll again",
        "reveal": "Reveal",
        "header": "🎲 **alice** rolls `2d10`",
        "total": "Total: **9**",
        "not_yours": "This button rolls again for <@{id}> only",
        "reveal_not_yours": "Only <@{id}> can reveal this roll",
        "revealed": "🔓 **alice** reveals a hidden roll:",
    },
    "fr": {
        "again": "Relancer",
        "reveal": "Révéler",
        "header": "🎲 **alice** lance `2d10`",
        "total": "Total : **9**",
        "not_yours": "Ce bouton relance pour <@{id}> seulement",
        "reveal_not_yours": "Seul <@{id}> peut révéler ce jet",
        "revealed": "🔓 **alice** révèle un jet caché :",
    },
}
LANGS = ["en", "fr"]


def speaking(lang: str):
    return french() if lang == "fr" else nullcontext()


@pytest.mark.parametrize("lang", LANGS)
async def test_roll_again_rolls_the_same_dice_for_the_same_member(
    simcord_env, table, dice, make_bot, lang
):
    words = WORDS[lang]
    dice.script(4, 5)
    with speaking(lang):
        first = await table.alice.slash(table.channel, "roll", dice="2d10")
    assert labels(first.response) == [words["again"]]
    await restart(simcord_env, make_bot)  # the button outlives the process
    dice.script(3, 6)
    with speaking(lang):
        again = await table.alice.click(first.response, label=words["again"])
    assert not again.ephemeral
    text = again.response.content
    assert words["header"] in text and "2d10 [3, 6]" in text and words["total"] in text
    assert labels(again.response) == [words["again"]]  # and again
    dice.assert_used()


@pytest.mark.parametrize("lang", LANGS)
async def test_roll_again_refuses_anyone_else_in_their_language(simcord_env, table, dice, lang):
    first = await table.alice.slash(table.channel, "roll", dice="2d10")
    rolled = len(dice.rolled)
    with speaking(lang):
        refused = await table.bob.click(first.response, label=WORDS["en"]["again"])
    assert refused.ephemeral
    assert WORDS[lang]["not_yours"].format(id=table.alice.id) in refused.response.content
    assert "</roll:" in refused.response.content  # a clickable mention of /roll
    assert len(dice.rolled) == rolled  # nothing rolled


@pytest.mark.parametrize("lang", LANGS)
async def test_a_hidden_roll_goes_to_its_roller_until_revealed(
    simcord_env, table, dice, make_bot, lang
):
    words = WORDS[lang]
    dice.script(4, 5)
    with speaking(lang):
        hidden = await table.alice.slash(table.channel, "roll", dice="2d10", hidden=True)
    assert hidden.ephemeral  # only Alice sees it, every die
    assert "2d10 [4, 5]" in hidden.response.content and words["total"] in hidden.response.content
    assert labels(hidden.response) == [words["reveal"]]
    public = [m for m in table.channel.history() if not m.flags.ephemeral]
    assert [m for m in public if "2d10" in (m.content or "")] == []
    await restart(simcord_env, make_bot)
    with speaking(lang):
        shown = await table.alice.click(hidden.response, label=words["reveal"])
    revealed = shown.followups[-1]
    assert not revealed.ephemeral
    assert revealed.content.startswith(words["revealed"])
    assert "2d10 [4, 5]" in revealed.content and words["total"] in revealed.content
    assert labels(hidden.response) == []  # revealed once: the button is gone
    dice.assert_used()


# ---------------------------------------------------------------- in a game's log

LOG = {
    "en": {
        "hidden": "🙈 hidden roll",
        "revealed": "🔓 revealed #{seq}: rolled `2d10`: [4, 5] → **9**",
    },
    "fr": {
        "hidden": "🙈 jet caché",
        "revealed": "🔓 a révélé #{seq} : a lancé `2d10` : [4, 5] → **9**",
    },
}


async def game_log(table, member, lang: str) -> str:
    with speaking(lang):
        shown = await member.slash(table.channel, "game log", last=50)
    return "\n".join(e.description or "" for e in shown.response.embeds)


@pytest.mark.parametrize("lang", LANGS)
async def test_a_hidden_roll_in_a_game_is_logged_without_its_dice_until_revealed(
    simcord_env, table, dice, make_bot, lang
):
    await table.alice.slash(table.channel, "game start", name="Vorl")
    dice.script(4, 5)
    hidden = await table.alice.slash(table.channel, "roll", dice="2d10", hidden=True)
    log = await game_log(table, table.bob, lang)
    assert LOG[lang]["hidden"] in log and "[4, 5]" not in log  # Bob sees that she rolled
    await restart(simcord_env, make_bot)
    with speaking(lang):
        shown = await table.alice.click(hidden.response, label=WORDS["en"]["reveal"])
    assert "2d10 [4, 5]" in shown.followups[-1].content
    log = await game_log(table, table.bob, lang)
    assert LOG[lang]["revealed"].format(seq=2) in log
    dice.assert_used()


@pytest.mark.parametrize("lang", LANGS)
async def test_only_the_roller_reveals_and_an_undone_roll_cannot_be(simcord_env, table, dice, lang):
    await table.alice.slash(table.channel, "game start", name="Vorl")
    hidden = await table.alice.slash(table.channel, "roll", dice="2d10", hidden=True)
    with pytest.raises(SetupError, match="not visible"):  # Bob never sees her hidden roll
        await table.bob.click(hidden.response, label=WORDS["en"]["reveal"])
    await table.alice.slash(table.channel, "game undo")  # the hidden roll, taken back
    with speaking(lang):
        gone = await table.alice.click(hidden.response, label=WORDS["en"]["reveal"])
    gone_text = "n'est plus dans le journal" if lang == "fr" else "no longer in the game's log"
    assert gone.ephemeral and gone_text in gone.response.content


@pytest.mark.parametrize("lang", LANGS)
async def test_a_hidden_roll_of_an_ended_game_is_still_revealed(simcord_env, table, dice, lang):
    await table.alice.slash(table.channel, "game start", name="Vorl")
    dice.script(4, 5)
    hidden = await table.alice.slash(table.channel, "roll", dice="2d10", hidden=True)
    await table.alice.slash(table.channel, "game end")
    with speaking(lang):
        shown = await table.alice.click(hidden.response, label=WORDS["en"]["reveal"])
    assert "2d10 [4, 5]" in shown.followups[-1].content and not shown.followups[-1].ephemeral


@pytest.mark.parametrize("lang", LANGS)
async def test_a_hidden_roll_of_an_earlier_game_is_revealed_though_another_runs(
    simcord_env, table, dice, lang
):
    """The roll's game ended and the channel started another: its log is closed all the same,
    so the roll is shown, and the new game's log is left alone."""
    await table.alice.slash(table.channel, "game start", name="Vorl")
    dice.script(4, 5)
    hidden = await table.alice.slash(table.channel, "roll", dice="2d10", hidden=True)
    await table.alice.slash(table.channel, "game end")
    await table.alice.slash(table.channel, "game start", name="Ridge")
    with speaking(lang):
        shown = await table.alice.click(hidden.response, label=WORDS["en"]["reveal"])
    assert "2d10 [4, 5]" in shown.followups[-1].content and not shown.followups[-1].ephemeral


async def test_roll_again_with_the_database_down_is_answered_not_failed(
    simcord_env, table, dice, monkeypatch
):
    """A clicker whose Discord language the bot does not know gets the server's, read from
    the database: with it out of reach, the usual ephemeral "database unavailable", not
    Discord's "interaction failed". (A known language is not read: nothing to fail.)"""
    from storage.base import DatabaseUnavailable

    dice.script(4, 5)
    first = await table.alice.slash(table.channel, "roll", dice="2d10")

    async def down(guild_id):
        raise DatabaseUnavailable("stopped")

    monkeypatch.setattr(simcord_env.bot.services.servers, "chosen_language", down)
    with discord_locale("xx-YY"):
        refused = await table.alice.click(first.response, label=WORDS["en"]["again"])
    assert refused.ephemeral
    assert "The database is unavailable right now" in refused.response.content
