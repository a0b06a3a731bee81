"""The demo server the playground starts with: two players, an organiser, a channel with a
game ready to play, and an empty channel to start from scratch.

Alice and Bob play the demo game. Carol holds the *Organisers* role, which has Manage Server:
what `/campaign create` and `/config` ask for, so a newcomer can try campaigns and the
server's settings. Each player has a sample roster of their side in `playground/samples/`
(`SAMPLES`), to try `/army import`; the page's lobby offers them for download.

The simulated server is made before the bot starts, always in the same order: SimCord gives
it the same ids on every start, so the game stored in the playground's database belongs to
the same channel after a restart. The game is seeded through the services, as `/game start`
and `/unit add` would: once, when the demo channel has no running game (a game ended with
`/game end` is followed by a fresh one at the next start; `--fresh` deletes the file).

It plays as the scripted game of the tests does (issue 31): the bot runs the bag (`strict`,
`/game start`'s default), so `/bag draw` posts an activation card, on which the die's owner
picks the unit and its order, shoots through its form, and draws the next die.

The armies are small ones from the seeds' armouries: Boromite Guilds (seeds 000, weapon
table) for Alice, Algoryn Prosperate (seeds 003, weapon table), each unit with reflex armour
(both seeds, "ARMURES RÉFLEXES": +1 Res). The stat lines are typical infantry ones the players
would type; the seeds give weapons, not stat lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord

from core.common.errors import NotFound
from services.app import AppServices
from services.common import Actor, Call

SERVER = "Antares Playground"
GAME_CHANNEL = "demo-game"
OPEN_CHANNEL = "open-table"
GAME_NAME = "Playground skirmish"
# The channels' topics in the members' language (`--lang`), naming the commands as the
# command picker shows them in that language.
TOPICS = {
    "en": {
        GAME_CHANNEL: "A game is ready: /bag draw posts the activation card, played on it",
        OPEN_CHANNEL: "No game yet: start one with /game start",
    },
    "fr": {
        GAME_CHANNEL: "Une partie est prête : /bourse piocher pose la carte d'activation",
        OPEN_CHANNEL: "Pas encore de partie : lancez-en une avec /partie commencer",
    },
}
ORGANISER = "carol"
ORGANISER_ROLE = "Organisers"
SAMPLES_DIR = Path(__file__).resolve().parent / "samples"
# A sample roster per player, of the side they play in the demo game (BattleScribe `.ros`)
SAMPLES = {"alice": "boromite.ros", "bob": "algoryn.ros"}
INFANTRY = {"ag": 5, "acc": 5, "str": 5, "res": 5, "init": 7}


@dataclass(frozen=True, slots=True)
class DemoUnit:
    name: str
    models: int
    co: int
    weapons: str  # as `/unit add weapons:` takes them, names from the seeds' tables


@dataclass(frozen=True, slots=True)
class Army:
    player: str
    faction: str
    units: tuple[DemoUnit, ...]


ARMIES = (
    Army(
        "alice",
        "Boromite Guilds",
        (
            DemoUnit("Boromite Work Gang", 5, 8, "Mag Gun x4, Mag Light Support"),
            DemoUnit("Boromite Rock Crew", 3, 8, "Mag Pistol x3, Implosion Grenades x3"),
        ),
    ),
    Army(
        "bob",
        "Algoryn Prosperate",
        (
            DemoUnit("Algoryn AI Squad", 5, 8, "Mag Gun x4, Micro-X Launcher"),
            DemoUnit("Algoryn Support Team", 3, 8, "Mag Repeater x2, X-Launcher"),
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class DemoWorld:
    """SimCord handles of the demo server."""

    guild: Any
    members: dict[str, Any]  # by user name: the two players, then the organiser
    game_channel: Any
    open_channel: Any

    @property
    def channels(self) -> tuple[Any, Any]:
        return (self.game_channel, self.open_channel)


def build_world(env: Any, lang: str = "en") -> DemoWorld:
    """The simulated server, made before `env.start()` so that its ids never change: the
    organiser comes after the channels, so a database kept from a playground without her
    still finds its game in the same channel."""
    guild = env.create_guild(SERVER)
    members = {army.player: guild.add_member(env.create_user(army.player)) for army in ARMIES}
    topics = TOPICS[lang]
    game = guild.create_text_channel(GAME_CHANNEL, topic=topics[GAME_CHANNEL])
    empty = guild.create_text_channel(OPEN_CHANNEL, topic=topics[OPEN_CHANNEL])
    organisers = guild.create_role(
        ORGANISER_ROLE, permissions=discord.Permissions(manage_guild=True)
    )
    members[ORGANISER] = guild.add_member(env.create_user(ORGANISER), roles=[organisers])
    return DemoWorld(guild, members, game, empty)


def sample_path(name: str) -> Path | None:
    """The sample roster file `name` (as `SAMPLES` names it), or None."""
    return SAMPLES_DIR / name if name in SAMPLES.values() else None


def call_of(world: DemoWorld, player: str) -> Call:
    member = world.members[player]
    return Call(world.guild.id, world.game_channel.id, Actor(member.id, player))


async def seed_game(services: AppServices, world: DemoWorld) -> bool:
    """The demo game, unless the demo channel already has a running one. True if seeded."""
    view = await _current(services, world.game_channel.id)
    if view is not None and view.closed is None:
        return False
    host = ARMIES[0].player
    await services.games.start(call_of(world, host), GAME_NAME)  # strict: activation cards
    for army in ARMIES:
        for unit in army.units:
            await services.units.add(
                call_of(world, army.player),
                unit.name,
                models=unit.models,
                stats={**INFANTRY, "co": unit.co},
                armour="reflex",
                weapons=unit.weapons,
                notes=army.faction,
            )
    return True


async def _current(services: AppServices, channel_id: int):
    try:
        return await services.games.status(channel_id)
    except NotFound:
        return None
