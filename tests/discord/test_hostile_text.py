"""Hostile text in every text option of the tree (issue 13): lone surrogates, NUL and other
control characters, 10,000 characters, right-to-left overrides, and arbitrary text.

The options come from the bot's own tree (`walk_commands`), so a new text option is covered
as soon as it exists, and a command without example arguments fails the test. Each input
runs its command, with valid values for the other options, in a world prepared for it (a
game, a campaign, a marker): the bot must answer, raise nothing unexpected, refuse
ephemerally what cannot be stored, and change nothing when it refuses. A world is reused
until an input changes it, which keeps thousands of inputs within seconds.
"""

from __future__ import annotations

import logging
import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import AppCommandOptionType, app_commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from simcord.actors import _autocomplete_result

from cogs.common.errors import is_expected
from cogs.common.tree import clean, flaw
from tests.discord.army_kit import rosz
from tests.discord.campaign_kit import pick
from tests.discord.game_kit import forged_options, refused, skirmish, snapshot, state_of
from tests.support.examples import examples
from tests.support.locale import french


@dataclass(frozen=True)
class Example:
    """Valid values for a command's other options; `kit`: what its world is prepared with.

    A value may be a function of the world (a member, a member's id)."""

    options: dict[str, Any] = field(default_factory=dict)
    actor: str = "alice"
    kit: str = "game"


DISCORD_MAX = 6000  # Discord's cap on an option's text: more only comes from a forged client
UNIT = {"unit": "Troopers"}


def alice_id(world: World) -> str:
    return pick(world.alice)


def bob_id(world: World) -> str:
    return pick(world.bob)


EXAMPLES: dict[str, Example] = {
    "roll": Example({"dice": "2d10"}, kit="none"),
    "help": Example(kit="none"),
    "config language": Example({"value": "en"}, actor="admin", kit="none"),
    "config rule": Example({"setting": "rally_pins_die", "value": "3"}, actor="admin", kit="none"),
    "game start": Example(kit="campaign"),
    "game end": Example(),
    "game report": Example({"format": "image"}),
    "game rules": Example({"setting": "targeter_drift_capped", "value": "off"}),
    "unit add": Example({"name": "Scouts"}),
    "unit show": Example(UNIT),
    "unit edit": Example(UNIT),
    "unit remove": Example(UNIT),
    "unit casualties": Example(UNIT | {"count": 1}),
    "unit test": Example(UNIT | {"stat": "stat_ag"}),
    "unit react": Example(UNIT | {"kind": "down"}),
    "unit moved": Example(UNIT),
    "unit lock-drop": Example(UNIT),
    "pins add": Example(UNIT),
    "pins remove": Example(UNIT),
    "pins set": Example(UNIT | {"count": 1}),
    "bag take": Example(UNIT),
    "bag dispute": Example({"unit": "Gangers"}),
    "order": Example(UNIT | {"order": "fire"}),
    "rule": Example({"query": "pins"}, kit="none"),
    "weapon": Example({"name": "mag-gun"}, kit="none"),
    "campaign record": Example(
        {"player-a": alice_id, "player-b": bob_id, "result": "win", "winner": alice_id},
        actor="admin",
        kit="campaign",
    ),
    "campaign correct": Example({"battle": 1}, actor="admin", kit="campaign"),
    "campaign delete": Example({"battle": 1}, actor="admin", kit="campaign"),
    "campaign standings": Example(kit="campaign"),
    "campaign history": Example(kit="campaign"),
    "campaign stats": Example(kit="campaign"),
    "campaign export": Example(kit="campaign"),
    "campaign create": Example({"name": "Summer league"}, actor="admin", kit="none"),
    "campaign current": Example(actor="admin", kit="campaign"),
    "campaign join": Example({"faction": "ghar", "army": "G1"}, actor="admin", kit="campaign"),
    "campaign add-player": Example(
        {"member": lambda w: w.admin, "faction": "ghar", "army": "G1"},
        actor="admin",
        kit="campaign",
    ),
    "campaign remove-player": Example({"player": bob_id}, actor="admin", kit="campaign"),
    "campaign leave": Example(actor="bob", kit="campaign"),
    "campaign add-organiser": Example({"member": lambda w: w.bob}, actor="admin", kit="campaign"),
    "campaign archive": Example(actor="admin", kit="campaign"),
    "league factions": Example(kit="campaign"),
    "mine lay": Example(UNIT | {"location": "north ruins"}),
    "mine trigger": Example({"mine": "1", "target": "Gangers"}),
    "mine remove": Example({"mine": "1"}),
    "marker place": Example({"type": "scrambler", "weapon": "x-launcher"}),
    "marker remove": Example({"marker": "1"}, kit="marker"),
    "marker affect": Example({"marker": "1", "unit": "Gangers"}, kit="marker"),
    "marker jam-proof": Example(UNIT, kit="marker"),
    "shoot": Example(
        {"weapon": "mag-gun", "models": 2, "shooter": "Troopers", "target": "Gangers"}
    ),
    "odds": Example(
        {
            "weapon": "mag-gun",
            "models": 2,
            "shooter": "Troopers",
            "target": "Gangers",
            "distance": 10,
        }
    ),
    "assault": Example({"attacker": "Troopers", "defender": "Gangers"}),
    "damage": Example({"table": "vehicle", "unit": "Gangers"}),
    "army import": Example({"file": ("a.rosz", rosz("algoryn"))}),
    "army show": Example(),
    "army delete": Example(),
    "army deploy": Example({"name": "Vorl Strike Force"}),
    "hex errement": Example({"table": 1}, kit="none"),
    "hex advantage": Example({"combat": "fire"}, kit="none"),
    "hex stacking": Example({"unit": "large"}, kit="none"),
    "hex sight": Example({"source": 1, "target": 1}, kit="none"),
    "hex move": Example({"terrain": "clear"}, kit="none"),
    "epic regeneration": Example({"wounds": 1}, kit="none"),
    "epic dr": Example({"shots": 1, "mode": "interception"}, kit="none"),
    "epic shot": Example({"dice": 1, "target": 4}, kit="none"),
    "epic reroll": Example({"roll": "hit", "dice": "3"}, kit="epic"),
    "game remind": Example({"after": "12h"}),
    "game clock set": Example({"minutes": 30}),
    "game dice-down": Example({"at": "90m"}),
    "game vp": Example({"score": "7-3"}),
    "me away": Example({"until": "3d"}, kit="none"),
    "me quiet": Example({"from": 22, "to": 8}, kit="none"),
    "club night": Example({"when": "20:00"}, kit="none"),
    "event create": Example({"name": "Cup 2"}, actor="admin", kit="none"),
    "event show": Example(kit="event"),
    "event join": Example(actor="admin", kit="event"),
    "event leave": Example(kit="event"),
    "event check-in": Example(kit="event"),
    "event list": Example({"file": ("a.rosz", rosz("boromite"))}, kit="event"),
    "event lists": Example(kit="event"),
    "event standings": Example(kit="event"),
    "event missing": Example(kit="event"),
    "event add": Example({"member": lambda w: w.admin}, actor="admin", kit="event"),
    "event drop": Example({"member": lambda w: w.bob}, actor="admin", kit="event"),
    "event replace": Example(
        {"member": lambda w: w.bob, "by": lambda w: w.admin}, actor="admin", kit="event"
    ),
    "event unlock": Example({"member": lambda w: w.alice}, actor="admin", kit="event"),
    "event reveal": Example(actor="admin", kit="event"),
    "event pair": Example(actor="admin", kit="event"),
    "event result": Example({"table": 1}, actor="admin", kit="event"),
    "event finish": Example(actor="admin", kit="event"),
    "event export": Example(kit="event"),
}


@dataclass(frozen=True)
class TextOption:
    command: str
    option: str
    autocomplete: bool

    def __str__(self) -> str:
        return f"/{self.command} {self.option}"


def text_options(tree: app_commands.CommandTree) -> list[TextOption]:
    return [
        TextOption(command.qualified_name, parameter.display_name, bool(parameter.autocomplete))
        for command in tree.walk_commands()
        if isinstance(command, app_commands.Command)
        for parameter in command.parameters
        if parameter.type is AppCommandOptionType.string
    ]


@dataclass
class World:
    """A server of its own: a channel, alice, bob and an admin, prepared with a kit."""

    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    admin: Any

    @classmethod
    async def open(cls, env: Any, kit: str) -> World:
        guild = env.create_guild("Club")
        admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        world = cls(
            env,
            guild,
            guild.create_text_channel("table"),
            guild.add_member(env.create_user("alice")),
            guild.add_member(env.create_user("bob")),
            guild.add_member(env.create_user("admin"), roles=[admins]),
        )
        await KITS[kit](world)
        return world

    async def stored(self) -> tuple[Any, ...]:
        """Everything stored for this server: its channel's game, its settings, campaigns."""
        store = self.env.bot.services.store
        async with store.read() as tx:
            campaigns = [
                (c, await tx.members(c.id), await tx.battles(c.id))
                for c in await tx.campaigns(self.guild.id)
            ]
            settings = await tx.guild_settings(self.guild.id)
            current = await tx.current_campaign_id(self.guild.id)
            events = [(e.data, e.version) for e in await tx.tournaments(self.guild.id)]
        return await snapshot(self.env, self.channel), settings, current, campaigns, events


async def _campaign(world: World) -> None:
    admin, channel = world.admin, world.channel
    await admin.slash(channel, "campaign create", name="Winter league")
    for member, faction in ((world.alice, "algoryn"), (world.bob, "concord")):
        await member.slash(channel, "campaign join", faction=faction, army=f"{faction} army")
    await admin.slash(
        channel,
        "campaign record",
        **{"player-a": pick(world.alice), "player-b": pick(world.bob), "result": "draw"},
    )


async def _event(world: World) -> None:
    await world.admin.slash(world.channel, "event create", name="Cup")
    for member in (world.alice, world.bob):
        await member.slash(world.channel, "event join")


async def _marker(world: World) -> None:
    await skirmish(world)
    await world.alice.slash(world.channel, "marker place", type="scrambler", weapon="x-launcher")


async def _nothing(world: World) -> None:
    return None


async def _epic(world: World) -> None:
    await world.alice.slash(world.channel, "game start", name="Epic", system="epic")
    await world.alice.slash(world.channel, "epic elite", detachments=99)


KITS: dict[str, Callable[[World], Any]] = {
    "none": _nothing,
    "game": skirmish,
    "campaign": _campaign,
    "event": _event,
    "marker": _marker,
    "epic": _epic,
}


def unstorable(text: str) -> bool:
    """Text no command may take: too long, not encodable (a lone surrogate), or holding an
    invisible control character (tab and line breaks are text)."""
    return len(text) > DISCORD_MAX or any(_unstorable(c) for c in text)


def _unstorable(character: str) -> bool:
    code = ord(character)
    surrogate = 0xD800 <= code <= 0xDFFF
    control = (code < 0x20 and character not in "\t\n\r") or 0x7F <= code <= 0x9F
    return surrogate or control


class Prober:
    """Sends hostile text to options, one world per kit, renewed when an input changed it."""

    def __init__(self, env: Any, caplog: pytest.LogCaptureFixture) -> None:
        self.env = env
        self.caplog = caplog
        self.worlds: dict[str, World] = {}
        self.inputs = 0  # inputs sent, over every test that used this prober

    async def world(self, kit: str) -> World:
        if kit not in self.worlds:
            self.worlds[kit] = await World.open(self.env, kit)
        return self.worlds[kit]

    async def probe(self, target: TextOption, text: str) -> None:
        example = EXAMPLES[target.command]  # a new command needs its example arguments here
        world = await self.world(example.kit)
        actor = getattr(world, example.actor)
        options = {k: v(world) if callable(v) else v for k, v in example.options.items()}
        before = await world.stored()
        errors, logged = self.env.error_cursor, len(self.caplog.records)
        with forged_options():  # past the client's own length and choice checks
            result = await actor.slash(
                world.channel, target.command, **(options | {target.option: text})
            )
        await self.check_answer(target, text, result, world, before)
        if target.autocomplete:
            await self.check_autocomplete(target, text, world, actor, options)
        self.check_no_error(target, text, errors, logged)
        self.inputs += 1

    async def check_answer(self, target, text, result, world, before) -> None:
        seen = (str(target), text[:80])
        assert result.acknowledged and result.response is not None, seen
        after = await world.stored()
        if unstorable(text):
            assert result.ephemeral, (seen, result.response.content)
            assert f"`{target.option}`" in result.response.content, seen  # the edge's answer
        if result.ephemeral:
            assert after == before, seen
        if after != before:  # the next input of this kit gets a fresh world
            del self.worlds[EXAMPLES[target.command].kit]

    async def check_autocomplete(self, target, text, world, actor, options) -> None:
        filled = {k: v for k, v in options.items() if k != target.option}
        # simcord's public `autocomplete` hides whether the bot answered at all
        result = await _autocomplete_result(
            actor, world.channel, target.command, target.option, text, filled
        )
        assert result.acknowledged, (str(target), text[:80])
        assert isinstance(result.autocomplete_choices, list), (str(target), text[:80])

    def check_no_error(self, target, text, errors, logged) -> None:
        raised = [e for e in self.env.errors_since(errors) if not is_expected(e)]
        assert not raised, (str(target), text[:80], raised)
        bad = [r for r in self.caplog.records[logged:] if r.levelno >= logging.ERROR]
        assert not bad, (str(target), text[:80], [r.getMessage() for r in bad])


@pytest.fixture
def prober(simcord_env, caplog) -> Prober:
    # tests/conftest.py polls SimCord's settle every millisecond: thousands of inputs stay fast
    return Prober(simcord_env, caplog)


NAMED = {
    "lone surrogate": "Troop\ud83ders",
    "NUL": "Troopers\x00",
    "controls": "\x1b[31mred\x07\x7f\x85",
    "10,000 characters": "Troopers " * 1111 + "x",
    "6,000 digits": "9" * 6000,  # the most Discord sends; int() refuses over 4,300 digits
    "right-to-left override": "\u202esrepoorT",
    "isolates and zero-width": "\u2067Troopers\u2069\u200b\u200d",
}


@pytest.mark.parametrize("text", NAMED.values(), ids=NAMED.keys())
async def test_named_hostile_text_in_every_text_option(simcord_env, prober, text):
    targets = text_options(simcord_env.bot.tree)
    for target in targets:
        await prober.probe(target, text)
    assert prober.inputs == len(targets) > 100


SPECIAL = "\ud83d\udca5\x00\x1b\x7f\x85\u202e\u2066\u200b\t\n"
CHARACTERS = st.characters(codec=None, exclude_categories=()) | st.sampled_from(SPECIAL)
LONG = st.builds(operator.mul, st.text(CHARACTERS, min_size=1, max_size=2), st.integers(2000, 6000))
HOSTILE = st.text(CHARACTERS, max_size=30) | LONG


# each example sends its text to every text option of the bot (over 100 commands): 8 of
# them under HYPOTHESIS_PROFILE=thorough, 2 in the quick default (tests/support/examples.py)
@settings(
    max_examples=examples(8, at_least=2),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
async def test_arbitrary_text_in_every_text_option(simcord_env, prober, data):
    for target in text_options(simcord_env.bot.tree):
        await prober.probe(target, data.draw(HOSTILE, label=str(target)))


async def test_every_command_with_a_text_option_has_example_arguments(simcord_env):
    commands = {target.command for target in text_options(simcord_env.bot.tree)}
    assert commands == set(EXAMPLES), "add example arguments for the new command to EXAMPLES"


async def test_a_refusal_names_the_option_and_what_to_remove(simcord_env, table):
    await skirmish(table)
    channel, alice = table.channel, table.alice
    with french():
        await refused(
            simcord_env, channel, alice, "unit add",
            "L'option `nom` contient un caractère de contrôle invisible (U+0000)",
            name="Scouts\x00",
        )  # fmt: skip
    await refused(
        simcord_env, channel, alice, "unit edit",
        "The option `notes` holds a broken character (half of an emoji or symbol)",
        unit="Troopers", notes="Veterans \ud83d",
    )  # fmt: skip
    with forged_options():
        await refused(
            simcord_env, channel, alice, "game end",
            "The option `notes` is 6001 characters long: at most 6000",
            notes="x" * 6001,
        )  # fmt: skip


async def test_direction_overrides_are_removed_and_joiners_kept(simcord_env, table):
    await skirmish(table)
    added = await table.alice.slash(table.channel, "unit add", name="\u202eScouts\u2066 2\u2069")
    assert not added.ephemeral, added.response.content
    family = "\U0001f468\u200d\U0001f469"  # one emoji: two people and a zero-width joiner
    await table.alice.slash(table.channel, "unit add", name=f"{family} Militia")
    names = [u.name for u in (await state_of(simcord_env, table.channel)).units.values()]
    assert names == ["Troopers", "Gangers", "Scouts 2", f"{family} Militia"]


async def test_hostile_text_typed_in_autocomplete_gets_an_empty_list(simcord_env, table):
    await skirmish(table)
    channel, alice = table.channel, table.alice
    assert await alice.autocomplete(channel, "unit show", "unit", "Troop") != []
    broken = await _autocomplete_result(alice, channel, "unit show", "unit", "Troop\ud83d", {})
    assert broken.acknowledged and broken.autocomplete_choices == []


def test_what_the_edge_refuses_and_what_it_cleans():
    assert flaw("x" * DISCORD_MAX) is None
    assert flaw("x" * (DISCORD_MAX + 1)) == ("text.too_long", {"length": 6001, "limit": 6000})
    assert flaw("line\nnext\ttab\r") is None
    assert flaw("\x85") == ("text.control", {"code": "U+0085"})
    assert flaw("\ud83d\ude00")[0] == "text.surrogate"  # two halves are still not a character
    assert clean("\u202eabc\u2069 \u200d\u200e") == "abc \u200d\u200e"
