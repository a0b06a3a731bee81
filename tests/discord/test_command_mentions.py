"""Commands named in replies are Discord command mentions (issue 22): `</bag draw:id>` is
clickable and a French client shows it as `/bourse piocher`, so no French reply spells an
English command name. The ids are those the (simulated) Discord gave when the tree was
synced, or fetched on a start without a sync; without any, replies name the command as the
reader's client shows it."""

from __future__ import annotations

import re
from contextlib import contextmanager, nullcontext

import pytest
from discord import app_commands

from locales import COMMAND_TOKEN, catalog, t
from tests.discord.game_kit import skirmish
from tests.support.bots import restart
from tests.support.locale import french
from tests.support.mentions import mention

# A command name written as plain text: "/bag draw", "/game start"…
PLAIN_COMMAND = re.compile(
    r"(?<![<\w])/(roll|test|help|config|game|unit|pins|bag|order|turn|rule|weapon|campaign"
    r"|mine|marker|shoot|assault|damage)\b"
)


def speaking(lang: str):
    return french() if lang == "fr" else nullcontext()


@contextmanager
def no_ids(env):
    """As if Discord had given no ids (the fetch at start failed)."""
    mentions = env.bot.tree.mentions
    ids = mentions.ids
    mentions.remember({})
    try:
        yield
    finally:
        mentions.remember(ids)


async def replies_naming_commands(table, dice) -> list[str]:
    """A game opened, a unit added, the bag emptied, a turn ended, and refusals: replies
    that each name a command to run next."""
    texts = []
    texts.append((await table.alice.slash(table.channel, "game status")).response.content)
    started = await table.alice.slash(table.channel, "game start", name="Vorl")
    texts.append(started.response.content)
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8)
    dice.script(1)
    await table.alice.slash(table.channel, "bag draw")
    await table.alice.slash(table.channel, "order", unit="Troopers", order="run")
    texts.append((await table.alice.slash(table.channel, "bag draw")).response.content)
    ended = await table.alice.slash(table.channel, "turn end", confirm=True)
    texts.append(ended.response.embeds[0].description)
    texts.append((await table.alice.slash(table.channel, "game undo", steps=20)).response.content)
    return texts


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_replies_mention_commands_with_the_synced_ids(simcord_env, table, dice, lang):
    synced = {c.name: c.id for c in await simcord_env.bot.tree.fetch_commands()}
    assert simcord_env.bot.tree.command_ids == synced
    with speaking(lang):
        texts = await replies_naming_commands(table, dice)
    bag_draw = f"</bag draw:{synced['bag']}>"
    assert f"</game start:{synced['game']}>" in texts[0]  # no game here yet: start one
    assert f"</unit add:{synced['unit']}>" in texts[1] and bag_draw in texts[1]
    assert f"</turn end:{synced['turn']}>" in texts[2]  # the bag is empty: end the turn
    assert bag_draw in texts[3]  # the new turn: draw
    assert f"</game undo:{synced['game']}>" in texts[4]  # too many steps: try fewer
    for text in texts:
        assert not PLAIN_COMMAND.search(text), text


async def test_without_ids_replies_name_commands_as_the_client_shows_them(simcord_env, table, dice):
    with no_ids(simcord_env):
        english = await table.alice.slash(table.channel, "game status")
        with french():
            started = await table.alice.slash(table.channel, "game start", name="Vorl")
    assert english.response.content.endswith("start one with /game start.")
    assert "</" not in started.response.content
    assert "avec /unité ajouter, puis piochez les dés d'ordre avec /bourse piocher." in (
        started.response.content
    )


async def test_a_start_without_a_sync_fetches_the_ids(simcord_env, table, make_bot):
    await skirmish(table)
    before = simcord_env.bot.tree.command_ids
    await restart(simcord_env, make_bot)  # same command set: no sync, one fetch
    assert simcord_env.bot.tree.command_ids == before
    with french():
        waiting = await table.alice.slash(table.channel, "order", unit="Troopers", order="run")
    assert mention(simcord_env, "bag draw") in waiting.response.content  # draw one first


async def test_two_bots_of_one_process_keep_their_own_command_ids(simcord_env, table, make_bot):
    """Issue 30: the ids are the bot's, not the process's. A second bot built and synced with
    other ids leaves the first one's replies as they were, and writes its own."""
    first = simcord_env.bot
    ids = dict(first.tree.command_ids)
    other = make_bot()
    other_ids = {name: command_id + 1 for name, command_id in ids.items()}
    other.tree.keep_ids([{"name": n, "id": i} for n, i in other_ids.items()])  # its sync
    assert first.tree.command_ids == ids and other.tree.command_ids == other_ids
    status = await table.alice.slash(table.channel, "game status")
    assert status.response.content.endswith(f"</game start:{ids['game']}>.")
    with other.mentions.writing():
        assert t("en", "game.none_here").endswith(f"</game start:{other_ids['game']}>.")
    # outside either bot's work, the plain name
    assert t("en", "game.none_here").endswith(" /game start.")


async def test_help_pages_mention_the_commands_to_run(simcord_env, table):
    with french():
        overview = await table.alice.slash(table.channel, "help")
        group = await table.alice.slash(table.channel, "help", command="bag")
        single = await table.alice.slash(table.channel, "help", command="roll")
    embed = overview.response.embeds[0]
    text = "\n".join(f.value for f in embed.fields)
    assert mention(simcord_env, "bag draw") in text and mention(simcord_env, "roll") in text
    assert mention(simcord_env, "help") + " commande:<nom>" in embed.description
    assert "</" not in (embed.footer.text or "")  # a footer shows no mention
    assert mention(simcord_env, "bag draw") + " — " in group.response.embeds[0].fields[0].value
    assert single.response.embeds[0].description.startswith(mention(simcord_env, "roll"))
    assert single.response.embeds[0].title == "/lancer"  # a title shows no mention


async def test_every_command_named_in_the_catalogue_exists(simcord_env):
    """Each `</path>` of a template is a command of the tree, and a French template gives its
    options by their French names (what a French client shows)."""
    commands = {
        c.qualified_name: c
        for c in simcord_env.bot.tree.walk_commands()
        if isinstance(c, app_commands.Command)
    }
    messages = catalog().messages
    named = 0
    for lang in ("en", "fr"):
        for key, template in messages[lang].items():
            for match in COMMAND_TOKEN.finditer(template):
                path = match.group(1)
                assert path in commands, (lang, key, path)
                named += 1
                after = template[match.end() :]
                option = re.match(r" ([\w-]+):", after)
                if lang == "fr" and option:
                    command = commands[path]
                    french = {
                        messages["fr"].get(
                            f"commands.{path.replace(' ', '.')}.options.{p.name}.name",
                            p.display_name,
                        )
                        for p in command.parameters
                    }
                    assert option.group(1) in french, (key, path, option.group(1))
    assert named > 100


def test_no_plain_command_name_is_left_in_the_catalogue():
    for lang in ("en", "fr"):
        for key, template in catalog().messages[lang].items():
            if key.startswith("commands.") or key == "help.group_title":
                continue  # Discord's own fields (no mentions there); the page title
            assert not PLAIN_COMMAND.search(template), (lang, key, template)
