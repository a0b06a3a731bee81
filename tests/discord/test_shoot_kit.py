"""Helpers of the `/shoot`, `/assault` and `/damage` tests (this module holds no tests).

Seeds are cited as 000 (Boromite), 002 (Isorian), 003 (Algoryn), with the heading they print
(tests/rulesdb/seeds/README.md); rules-notes is /work/shared/rules-notes.md.
"""

from __future__ import annotations

import re
from typing import Any

from tests.discord.game_kit import snapshot

FACE = re.compile(r"`(\d+)`")


def hyphenated(options: dict[str, Any]) -> dict[str, Any]:
    """Python names of the options (target_state) as Discord names them (target-state)."""
    return {name.replace("_", "-"): value for name, value in options.items()}


async def shoot(member, channel, **options):
    return await member.slash(channel, "shoot", **hyphenated(options))


async def assault(member, channel, **options):
    return await member.slash(channel, "assault", **hyphenated(options))


async def damage(member, channel, **options):
    return await member.slash(channel, "damage", **hyphenated(options))


async def armies(table, activations: str = "free", **game_options) -> None:
    """Alice hosts. Alice's Troopers: 5 models, Acc 5, Str 5, Res 6, Co 8. Bob's Gangers:
    5 models, Acc 5, Str 6, Res 6, Co 9, MOD2.

    A ``free`` game by default: these tests are about what a shot does, not about when a unit
    may shoot, so their units shoot without drawing dice (tests/discord/test_activations.py
    plays ``strict`` games, the default of `/game start`)."""
    started = await table.alice.slash(
        table.channel, "game start", name="Vorl", activations=activations, **game_options
    )
    assert not started.ephemeral, started.response.content
    stats = {"acc": 5, "str": 5, "res": 6}
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, co=8, **stats)
    stats = {"acc": 5, "str": 6, "res": 6}
    await table.bob.slash(
        table.channel, "unit add", name="Gangers", models=5, co=9, dice=2, **stats
    )


def shown(result) -> str:
    """The reply as the user sees it now: content, embed titles, descriptions, footers."""
    message = result.response
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        if embed.footer and embed.footer.text:
            parts.append(embed.footer.text)
    return "\n".join(parts)


async def every_page(member, result) -> list[str]:
    """Each page's description, turning the pages with ▶ (as the caller)."""
    pages = [result.response.embeds[0].description]
    footer = result.response.embeds[0].footer.text or ""
    total = int(footer.split("/")[-1]) if "/" in footer else 1
    for _ in range(total - 1):
        await member.click(result.response, label="▶")
        pages.append(result.response.embeds[0].description)
    return pages


def faces(text: str) -> list[int]:
    """Every die shown (dice are the only numbers in backticks)."""
    return [int(value) for value in FACE.findall(text)]


async def refused(env, channel, member, command, expected, **options):
    """Run `command`: refused ephemerally with `expected`, the game unchanged."""
    before = await snapshot(env, channel)
    result = await member.slash(channel, command, **hyphenated(options))
    content = result.response.content
    assert result.ephemeral, (command, options, content)
    assert expected in content, (command, options, content)
    assert await snapshot(env, channel) == before, (command, options)
    return result
