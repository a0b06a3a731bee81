"""Helpers of the game tests: a game with units, the stored state, forged option values."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

from simcord import interactions as simcord_interactions

from core.antares.game import GameState
from storage.base import GameRecord, MessagesRecord
from tests.support.mentions import tokens

CLIENT_CHECKS = ("min_value", "max_value", "min_length", "max_length", "choices")


@contextmanager
def forged_options() -> Iterator[None]:
    """Option values as a modified client could send them: out of range, not a choice.

    Discord checks ranges and choices in its client only; discord.py does not check them on
    incoming interactions, so the bot must refuse them itself."""
    original = simcord_interactions.validate_option_value

    def lenient(command_name: str, option: dict[str, Any], value: Any) -> Any:
        loose = {k: v for k, v in option.items() if k not in CLIENT_CHECKS}
        return original(command_name, loose, value)

    with patch.object(simcord_interactions, "validate_option_value", lenient):
        yield


async def record_of(env, channel) -> GameRecord | None:
    async with env.bot.services.store.read() as tx:
        return await tx.latest_game(channel.id)


async def state_of(env, channel) -> GameState:
    """The game as played (the bot's bookkeeping of its messages, where 🎲 Draw next and the
    board sit, is kept beside it: `messages_of`)."""
    return await stored_state(env, channel)


async def stored_state(env, channel) -> GameState:
    """The stored state."""
    record = await record_of(env, channel)
    assert record is not None
    return GameState.model_validate_json(record.state)


async def messages_of(env, channel) -> MessagesRecord:
    """Where the bot's messages of the channel's latest game sit (`game_messages`)."""
    record = await record_of(env, channel)
    assert record is not None
    return record.messages


async def snapshot(env, channel) -> tuple[str, int, int]:
    """The stored state, its version and the number of events: equal means nothing changed."""
    record = await record_of(env, channel)
    if record is None:
        return ("", 0, 0)
    async with env.bot.services.store.read() as tx:
        events = await tx.events(record.id)
    return record.state, record.version, len(events)


def ref(state: GameState, game_id: int, name: str) -> str:
    """What autocomplete sends for a unit: `<game id>:<unit id>`."""
    unit = next(u for u in state.units.values() if u.name == name)
    return f"{game_id}:{unit.id}"


async def skirmish(table, **game_options) -> None:
    """Alice hosts; Alice's Troopers (5 models, Co 8), Bob's Gangers (5 models, Co 9, MOD2)."""
    started = await table.alice.slash(table.channel, "game start", name="Vorl", **game_options)
    assert not started.ephemeral, started.response.content
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, co=9, dice=2)


def components(message) -> list[dict[str, Any]]:
    """Every component of a message, nested ones included (the rows of a message, and the
    container, texts and rows of an activation card laid out with Components V2), in order."""
    found: list[dict[str, Any]] = []

    def walk(items) -> None:
        for item in items:
            found.append(item)
            walk(item.get("components", []))
            if item.get("accessory"):
                walk([item["accessory"]])

    walk(message.components)
    return found


def labels(message) -> list[str]:
    """Labels of the buttons of a message (rows flattened, a card's included)."""
    return [c.get("label") for c in components(message) if c.get("type") == 2]


def select_values(message) -> list[str]:
    """The values of the message's first menu."""
    for component in components(message):
        if component.get("type") == 3:
            return [o["value"] for o in component.get("options", [])]
    return []


def menus(message) -> list[dict[str, Any]]:
    """The menus of a message (a card may hold several)."""
    return [c for c in components(message) if c.get("type") == 3]


def card_text(message) -> str:
    """What a message says: its content, or the text displays of an activation card."""
    texts = [c.get("content", "") for c in components(message) if c.get("type") == 10]
    return "\n".join([message.content or "", *texts]).strip("\n")


def unit_lines(message) -> dict[str, str]:
    """Each unit's line on the live board or `/game status` (laid out alike), by its name:
    what follows the name (`<@1> · 5/5 models · 0 pins · no order`)."""
    found = {}
    for line in card_text(message).split("\n"):
        if " — " in line and line.split(" ", 1)[1].startswith("**"):
            name, _, rest = line.partition(" — ")
            found[name.split(" ", 1)[1].replace("**", "")] = rest
    return found


def page_line(message) -> str:
    """The line at the foot of a `/game status` page (`Page 1/2 · 30 units`)."""
    return card_text(message).rsplit("\n-# ", 1)[1]


def long_name(n: int) -> str:
    """A unit name of 64 characters, the most a name may have: some 33 such units fill a
    page of `/game status` (4,000 characters of text in a Components V2 message)."""
    return f"Squad {n:02} of the Third Cohort, Isorian Senatex Phase Army".ljust(64, ".")


def custom_id_of(message, prefix: str) -> str | None:
    """The custom id of the first button or menu whose id starts with `prefix`."""
    return next(
        (
            c["custom_id"]
            for c in components(message)
            if str(c.get("custom_id", "")).startswith(prefix)
        ),
        None,
    )


async def refused(env, channel, member, command, expected, **options):
    """Run `command`; it must be refused ephemerally with `expected` and change nothing."""
    before = await snapshot(env, channel)
    result = await member.slash(channel, command, **options)
    assert result.ephemeral, (command, options, result.response.content)
    assert expected in tokens(result.response.content), (command, options, result.response.content)
    assert await snapshot(env, channel) == before, (command, options)
    return result


def disabled_labels(message) -> list[str]:
    """Labels of the disabled buttons of a message (a card's included)."""
    return [c["label"] for c in components(message) if c.get("type") == 2 and c.get("disabled")]
