"""The bot can be watched (issue 32): with METRICS_PORT set, its Prometheus endpoint serves
text that parses as Prometheus exposition, and its counters move as commands run through
the simulated Discord. Off by default; each bot has its own registry."""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.request

import discord
import prometheus_client
import pytest
from discord import app_commands
from prometheus_client.parser import text_string_to_metric_families

from bot import JsonFormatter
from cogs.privacy.presence import Presence
from tests.discord.game_kit import skirmish

WATCHED = pytest.mark.settings(metrics_port=0)  # a free port, chosen by the system


def scrape(bot) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """The endpoint's samples, through HTTP as Prometheus gets them: (name, labels) → value."""
    port = bot.metrics.port
    assert port, "the endpoint is not serving"
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        assert answer.status == 200
        text = answer.read().decode()
    return samples(text)


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    found = {}
    for family in text_string_to_metric_families(text):  # raises on a malformed exposition
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(found, name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


async def scraped(bot):
    return await asyncio.to_thread(scrape, bot)  # the endpoint's own thread answers


@WATCHED
async def test_the_endpoint_parses_and_counts_commands(simcord_env, table, dice):
    bot = simcord_env.bot
    dice.script(4, 2)
    await table.alice.slash(table.channel, "roll", dice="2d6")
    await table.alice.slash(table.channel, "roll", dice="1000d10")  # refused: too many
    await skirmish(table)
    found = await scraped(bot)

    assert value(found, "antares_interactions_total", command="roll", outcome="answered") == 1
    assert value(found, "antares_interactions_total", command="roll", outcome="refused") == 1
    assert value(found, "antares_interactions_total", command="unit add", outcome="answered") == 2
    count = value(found, "antares_interaction_first_response_seconds_count", command="roll")
    assert count == 2
    fast = value(
        found, "antares_interaction_first_response_seconds_bucket", command="roll", le="2.0"
    )
    assert fast == 2  # both answered within the 2 s before a deferral
    assert value(found, "antares_db_transaction_seconds_count", result="committed") >= 3
    assert value(found, "antares_guilds") == 1
    assert value(found, "antares_gateway_connected", shard="0") == 1
    assert ("antares_gateway_latency_seconds", (("shard", "0"),)) in found


@WATCHED
async def test_errors_and_rate_limits_are_counted(simcord_env, table):
    @app_commands.command(name="boom", description="fails")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("bug")

    simcord_env.bot.tree.add_command(boom)
    await simcord_env.bot.tree.sync()
    await table.alice.slash(table.channel, "boom")
    simcord_env._errors_acknowledged = len(simcord_env.errors)  # this test wants that bug
    found = await scraped(simcord_env.bot)
    assert value(found, "antares_interactions_total", command="boom", outcome="error") == 1


@pytest.mark.settings(metrics_port=0, rate_limits=True, rate_member_commands=1)
async def test_rate_limit_refusals_are_counted(simcord_env, table, dice):
    dice.script(3)
    await table.alice.slash(table.channel, "roll", dice="d6")
    refused = await table.alice.slash(table.channel, "roll", dice="d6")
    assert refused.ephemeral
    found = await scraped(simcord_env.bot)
    assert value(found, "antares_rate_limited_total", scope="member") == 1
    assert value(found, "antares_interactions_total", command="roll", outcome="refused") == 1


@WATCHED
async def test_the_retention_sweep_is_counted(simcord_env, table):
    presence = next(c for c in simcord_env.bot.cogs.values() if isinstance(c, Presence))
    name, done = "antares_sweeps_total", {"kind": "retention", "result": "done"}
    before = value(await scraped(simcord_env.bot), name, **done)  # the one at start-up
    await presence.sweep.coro(presence)
    assert value(await scraped(simcord_env.bot), name, **done) == before + 1


@WATCHED
async def test_each_bot_has_its_own_registry(simcord_env, table, make_bot, dice):
    dice.script(5)
    await table.alice.slash(table.channel, "roll", dice="d6")
    other = make_bot()  # a second bot in this process, never started
    assert other.metrics.registry is not simcord_env.bot.metrics.registry
    theirs = samples(other.metrics.text())
    assert value(theirs, "antares_interactions_total", command="roll", outcome="answered") == 0
    ours = samples(simcord_env.bot.metrics.text())
    assert value(ours, "antares_interactions_total", command="roll", outcome="answered") == 1
    default = samples(prometheus_client.generate_latest().decode())
    assert not any(name.startswith("antares_") for name, _ in default)


@WATCHED
async def test_the_endpoint_listens_on_the_loopback_by_default(simcord_env):
    assert simcord_env.bot.settings.metrics_host == "127.0.0.1"
    server = simcord_env.bot.metrics._server
    assert server is not None and server.server_address[0] == "127.0.0.1"


async def test_metrics_are_off_by_default(simcord_env):
    assert simcord_env.bot.metrics is None
    assert simcord_env.bot.get_cog("MetricsCog") is None


async def test_one_json_log_line_per_interaction(simcord_env, table, dice):
    """LOG_FORMAT=json: each line an object with the command, guild, latency, outcome."""
    lines: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(self.format(record))

    handler = Collect(level=logging.INFO)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("antares.interactions")
    logger.addHandler(handler)
    previous = logger.level
    logger.setLevel(logging.INFO)
    try:
        dice.script(6)
        await table.alice.slash(table.channel, "roll", dice="d6")
        await table.bob.slash(table.channel, "roll", dice="1000d10")
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)
    parsed = [json.loads(line) for line in lines]
    watched = [entry for entry in parsed if entry.get("event") == "interaction"]
    assert [(e["command"], e["outcome"]) for e in watched] == [
        ("roll", "answered"),
        ("roll", "refused"),
    ]
    for entry in watched:
        assert entry["guild"] == table.guild.id and entry["level"] == "INFO"
        assert isinstance(entry["latency_ms"], int) and entry["reference"] is None
        assert entry["message"].startswith("/roll guild=")
