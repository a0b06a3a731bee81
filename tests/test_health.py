"""The health check reflects the running bot (issue 23): it writes a heartbeat while connected,
and `python health.py` / `python bot.py --healthy` say healthy only while it is fresh."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

import health
from cogs.heartbeat import gateway_up
from settings import Settings
from tests.support.bot_main import ROOT, run_main


def test_a_fresh_heartbeat_is_healthy_and_an_old_one_is_not(tmp_path):
    beat = tmp_path / "heartbeat"
    assert health.verdict(beat, 180, now=1000.0) == (
        False,
        f"no heartbeat in {beat}: the bot is starting, or not running",
    )
    health.write_heartbeat(beat, now=1000.0)
    assert oct(beat.stat().st_mode & 0o777) == "0o600"
    assert health.verdict(beat, 180, now=1100.0)[0] is True
    assert health.verdict(beat, 180, now=1181.0) == (
        False,
        "the last heartbeat is 181 s old (more than 180 s)",
    )
    assert health.verdict(None, 180)[0] is False


@pytest.mark.parametrize("command", [["health.py"], ["bot.py", "--healthy"]])
def test_the_health_command_exits_0_only_while_the_bot_beats(tmp_path, command):
    """`python health.py` (the image's health check) in a process of its own: its exit
    status; `bot.py --healthy` as `bot.main` in the test's process (tests/support/bot_main.py)."""
    beat = tmp_path / "heartbeat"
    env = {"HEARTBEAT_FILE": str(beat), "HEARTBEAT_MAX_AGE": "60"}

    def check() -> subprocess.CompletedProcess[str]:
        if command[0] == "bot.py":
            return run_main(tmp_path, *command[1:], **env)
        return subprocess.run(
            [sys.executable, str(ROOT / command[0]), *command[1:]],
            cwd=tmp_path,
            env={**os.environ, **env},
            capture_output=True,
            text=True,
            timeout=60,
        )

    assert check().returncode == 1  # no beat yet
    health.write_heartbeat(beat, now=time.time())
    healthy = check()
    assert healthy.returncode == 0 and healthy.stdout.startswith("healthy"), healthy.stderr
    health.write_heartbeat(beat, now=time.time() - 61)
    stale = check()
    assert stale.returncode == 1 and "more than 60 s" in stale.stderr


def test_without_a_heartbeat_file_the_check_fails_and_says_why(tmp_path):
    done = run_main(tmp_path, "--healthy", HEARTBEAT_FILE="")
    assert done.returncode == 1 and "HEARTBEAT_FILE is not set" in done.stderr


@pytest.fixture
def settings(database_url, tmp_path) -> Settings:
    """The tests' settings, with a heartbeat file (tests/conftest.py has none)."""
    return Settings(
        _env_file=None,
        discord_token=None,
        database_url=database_url,
        default_language="fr",
        gc_freeze=False,
        heartbeat_file=tmp_path / "heartbeat",
    )


async def test_the_connected_bot_beats_and_a_stopped_one_does_not(simcord_env, settings):
    beat = settings.heartbeat_file
    bot = simcord_env.bot
    assert gateway_up(bot)
    age = health.heartbeat_age(beat)
    assert age is not None and 0 <= age < 5  # written once connected, not a period later
    heart = bot.get_cog("Heartbeat")
    health.write_heartbeat(beat, now=0.0)
    assert await heart.beat_once() is True
    assert health.heartbeat_age(beat) < 5
    await bot.close()  # as a stop (SIGTERM) does
    assert not gateway_up(bot)
    assert not beat.exists()  # a clean stop takes the beat away: unhealthy at once
    assert await heart.beat_once() is False and not beat.exists()


HEAVY = ("pydantic", "pydantic_settings", "settings", "core", "storage", "discord", "dotenv")


def test_the_check_imports_neither_the_settings_nor_the_bot(tmp_path):
    """Issue 32: a check every 30 s costs milliseconds. Importing the settings brought in
    pydantic and the game core (0.2 to 0.8 s of CPU, 36 to 43 MB, every 30 s)."""
    beat = tmp_path / "heartbeat"
    health.write_heartbeat(beat)
    probe = (
        "import sys; import health; code = health.main();"
        f" print(sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r})); sys.exit(code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,  # no .env there: python-dotenv is not needed either
        env={**os.environ, "HEARTBEAT_FILE": str(beat), "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize(
    ("environment", "env_file"),
    [
        ({}, ""),
        ({"HEARTBEAT_FILE": "/tmp/beat"}, ""),
        ({"HEARTBEAT_FILE": ""}, "HEARTBEAT_FILE=/run/beat\nHEARTBEAT_MAX_AGE=60\n"),
        ({"heartbeat_file": "/tmp/lower"}, "HEARTBEAT_FILE=/run/beat\n"),
        ({"HEARTBEAT_MAX_AGE": ""}, "HEARTBEAT_FILE=\nHEARTBEAT_MAX_AGE=\n"),
        ({"HEARTBEAT_MAX_AGE": "3600"}, 'HEARTBEAT_FILE="/quoted/beat"  # a comment\n'),
    ],
)
def test_the_check_reads_its_settings_as_the_bot_does(tmp_path, monkeypatch, environment, env_file):
    for key in [k for k in os.environ if k.upper().startswith("HEARTBEAT_")]:
        monkeypatch.delenv(key)
    for key, value in environment.items():
        monkeypatch.setenv(key, value)
    dotenv = tmp_path / ".env"
    dotenv.write_text(env_file)
    monkeypatch.chdir(tmp_path)
    settings = Settings(discord_token=None)
    assert health.heartbeat_settings(dotenv) == (
        settings.heartbeat_file,
        settings.heartbeat_max_age,
    )


@pytest.mark.parametrize("age", ["abc", "10", "9999"])
def test_a_wrong_max_age_is_unhealthy_and_named(tmp_path, age):
    done = subprocess.run(
        [sys.executable, str(ROOT / "health.py")],
        cwd=tmp_path,
        env={**os.environ, "HEARTBEAT_FILE": str(tmp_path / "b"), "HEARTBEAT_MAX_AGE": age},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "HEARTBEAT_MAX_AGE" in done.stderr, done.stderr
