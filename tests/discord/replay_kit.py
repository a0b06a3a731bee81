"""Helpers of the replay tests: what the bot offers members (from its command tree and its
component classes), a prepared club and game, delivering an interaction again, the database.
"""

from __future__ import annotations

import asyncio
import copy
import sqlite3
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from bot_app import create_bot
from settings import Settings
from tests.discord.test_shoot_kit import armies


def _subclasses(root: type) -> list[type]:
    found = []
    for sub in root.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def _ours(cls: type) -> bool:
    return cls.__module__.startswith("cogs.")


def components() -> list[str]:
    """Every button or menu kind the cogs define: item classes (e.g. the bag's dynamic items)
    by name, and the decorated buttons of view classes as `View.callback`."""
    kinds = {cls.__name__ for cls in _subclasses(discord.ui.Item) if _ours(cls)}
    for view in _subclasses(discord.ui.view.BaseView):
        if _ours(view):
            kinds.update(f"{view.__name__}.{name}" for name in view.__view_children_items__)
    return sorted(kinds)


async def _offered() -> tuple[list[str], list[str]]:
    settings = Settings(_env_file=None, discord_token=None, database_url="sqlite:///:memory:")
    bot = create_bot(settings)
    await bot.build_tree()  # loads every cog, so every component class is defined too
    commands = [
        c.qualified_name for c in bot.tree.walk_commands() if not isinstance(c, app_commands.Group)
    ]
    return sorted(commands), components()


def offered() -> tuple[list[str], list[str]]:
    """The slash commands (subcommands by their full name) and the component kinds."""
    return asyncio.run(_offered())


@dataclass
class World:
    """The `table` server with a campaign (Winter league: alice and bob play, battle #1 is
    their draw) and, unless asked otherwise, Alice's game Vorl (`armies`: her Troopers, Bob's
    Gangers)."""

    channel: Any
    alice: Any
    bob: Any
    carol: Any  # a member who plays in nothing
    admin: Any  # Manage Server
    gm_role: Any


Step = tuple[str, str, Mapping[str, Any]]  # who, command, options


@dataclass(frozen=True)
class Of:
    """An option value that is a handle of the world (a member, the role)."""

    name: str


async def run(world: World, step: Step):
    who, command, options = step
    values = {k: getattr(world, v.name) if isinstance(v, Of) else v for k, v in options.items()}
    return await getattr(world, who).slash(world.channel, command, **values)


async def prepare(env, table, *, game: bool) -> World:
    carol = table.guild.add_member(env.create_user("carol"))
    world = World(
        table.channel, table.alice, table.bob, carol, table.admin, table.guild.create_role("GMs")
    )
    steps: list[Step] = [
        ("admin", "campaign create", {"name": "Winter league"}),
        ("alice", "campaign join", {"faction": "algoryn", "army": "Strike force"}),
        ("bob", "campaign join", {"faction": "ghar", "army": "Dig team"}),
        ("admin", "campaign record", {"player-a": "alice", "player-b": "bob", "result": "draw"}),
    ]
    for step in steps:
        done = await run(world, step)
        assert not done.ephemeral, (step, done.response.content)
    if game:  # strict, as `/game start` opens it: the bag's own replays need its rules
        await armies(table, activations="strict")
    return world


async def run_all(world: World, steps: tuple[Step, ...]) -> None:
    for step in steps:
        done = await run(world, step)
        assert not done.ephemeral, (step, done.response.content)


@dataclass(frozen=True)
class Slash:
    """A command's example: the `before` steps arrange the table, then `by` runs it with
    `options`."""

    by: str
    options: Mapping[str, Any] = field(default_factory=dict)
    before: tuple[Step, ...] = ()
    dice: tuple[int, ...] = ()  # scripted before the `before` steps
    game: bool = True

    async def arrange(self, world: World) -> None:
        await run_all(world, self.before)

    async def deliver(self, name: str, world: World, _arranged: None):
        return await run(world, (self.by, name, self.options))


@dataclass(frozen=True)
class Click:
    """A component's example: after the `before` steps, the reply of `source` shows it (`by`
    picks `pick` in the reply's menu first, if given); `by` clicks the button `label`."""

    by: str
    source: Step
    label: str
    pick: str | None = None
    before: tuple[Step, ...] = ()
    dice: tuple[int, ...] = ()
    game: bool = True
    then: tuple[Step, ...] = ()  # after the reply is shown, before the click

    async def arrange(self, world: World):
        await run_all(world, self.before)
        reply = await run(world, self.source)
        if self.pick is not None:
            await getattr(world, self.by).select(reply.response, [self.pick])
        await run_all(world, self.then)
        return reply

    async def deliver(self, name: str, world: World, reply):
        return await getattr(world, self.by).click(reply.response, label=self.label)


@dataclass(frozen=True)
class Choose:
    """A menu's example: after the `before` steps, `by` clicks `label` under the reply of
    `source`, which shows them a menu (a message only they see); `by` chooses `value` in it."""

    by: str
    source: Step
    label: str
    value: str
    before: tuple[Step, ...] = ()
    dice: tuple[int, ...] = ()
    game: bool = True

    async def arrange(self, world: World):
        await run_all(world, self.before)
        reply = await run(world, self.source)
        asked = await getattr(world, self.by).click(reply.response, label=self.label)
        assert asked.ephemeral, asked.response.content
        return asked

    async def deliver(self, name: str, world: World, asked):
        return await getattr(world, self.by).select(asked.response, [self.value])


@dataclass(frozen=True)
class Pick:
    """A menu's example on the reply itself (the activation card's menu of units and orders):
    after the `before` steps, `by` chooses `value` in the menu under the reply of `source`."""

    by: str
    source: Step
    value: str
    before: tuple[Step, ...] = ()
    dice: tuple[int, ...] = ()
    game: bool = True

    async def arrange(self, world: World):
        await run_all(world, self.before)
        return await run(world, self.source)

    async def deliver(self, name: str, world: World, reply):
        return await getattr(world, self.by).select(reply.response, [self.value])


def last_interaction(env) -> dict[str, Any]:
    """The INTERACTION_CREATE payload SimCord sent last (id, token, options, member...)."""
    return next(
        copy.deepcopy(p)
        for source, event, p in reversed(env.backend.transcript)
        if source == "GATEWAY" and event == "INTERACTION_CREATE"
    )


async def deliver_again(env, payload: dict[str, Any]) -> None:
    """Discord delivers an interaction again, as on a gateway replay: the very payload, so the
    same interaction id and token (SimCord has no verb for it)."""
    env.backend.emit("INTERACTION_CREATE", copy.deepcopy(payload))
    await env.settle()


Rows = dict[str, list[tuple]]
CLAIMS = "processed_interactions"


def _path(settings: Settings) -> str:
    return settings.database_url.removeprefix("sqlite:///")


def stored(settings: Settings) -> Rows:
    """Every row of every table of the bot's database (games, events, campaigns, members,
    battles, server settings, claimed interactions...), read beside the bot."""
    with closing(sqlite3.connect(f"file:{_path(settings)}?mode=ro", uri=True)) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: db.execute(f'SELECT * FROM "{t}"').fetchall() for t in tables}


def put_back(settings: Settings, saved: Rows) -> None:
    """Every table as in `saved`, except the claimed interactions: the change is undone as
    other commands could undo it (`/campaign leave` after `/campaign join`)."""
    with closing(sqlite3.connect(_path(settings), timeout=5)) as db, db:
        for table, rows in saved.items():
            if table == CLAIMS:
                continue
            db.execute(f'DELETE FROM "{table}"')
            if rows:
                marks = ", ".join("?" * len(rows[0]))
                db.executemany(f'INSERT INTO "{table}" VALUES ({marks})', rows)


def changes(before: Rows, after: Rows) -> set[str]:
    """The tables whose rows differ."""

    def rows(saved: Rows, table: str) -> list[str]:
        return sorted(map(repr, saved.get(table, [])))

    return {t for t in before.keys() | after.keys() if rows(before, t) != rows(after, t)}
