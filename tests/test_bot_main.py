"""`python bot.py` start-up contract (issue 2): readable refusals, --check report."""

from __future__ import annotations

import gc
import re
import subprocess
import sys

import pytest

import bot_app as bot_module
from storage.migrations import load_migrations
from tests.support.bot_main import ROOT, run_bot, run_main
from tests.support.bots import freeze_what_lasts


def test_without_token_exits_2_with_one_readable_message(tmp_path):
    """A process of its own: `python bot.py`'s exit status (the other refusals run
    `bot.main` in the test's process, tests/support/bot_main.py)."""
    done = run_bot(tmp_path)
    assert done.returncode == 2
    assert "DISCORD_TOKEN is not set" in done.stderr and ".env.example" in done.stderr
    assert "Traceback" not in done.stderr


def test_invalid_setting_is_named(tmp_path):
    done = run_main(tmp_path, DEFAULT_LANGUAGE="de", DISCORD_TOKEN="x")
    assert done.returncode == 2
    assert "Invalid setting DEFAULT_LANGUAGE" in done.stderr and ".env.example" in done.stderr
    assert "Traceback" not in done.stderr


def test_invalid_guild_id_is_named(tmp_path):
    done = run_main(tmp_path, DEV_GUILD_ID="not-a-number")
    assert done.returncode == 2 and "Invalid setting DEV_GUILD_ID" in done.stderr


def test_check_reports_and_creates_the_database(tmp_path):
    """A process of its own: the time since the interpreter started."""
    done = run_bot(tmp_path, "--check")
    assert done.returncode == 0, done.stderr
    assert "antares-bot check: OK" in done.stdout
    latest = max(m.version for m in load_migrations())
    assert "commands:" in done.stdout and f"schema version {latest})" in done.stdout
    assert (tmp_path / "data" / "antares.db").exists()
    # the real start-up time, interpreter and imports included (issue 14), not the check's own
    took = re.search(r"took: +([0-9.]+) s since the process started", done.stdout)
    assert took is not None and 0.2 < float(took.group(1)) < 30


def test_check_reads_dotenv(tmp_path):
    (tmp_path / ".env").write_text(f"DATABASE_URL=sqlite:///{tmp_path}/elsewhere.db\n")
    done = run_main(tmp_path, "--check")
    assert done.returncode == 0, done.stderr
    assert "elsewhere.db" in done.stdout and (tmp_path / "elsewhere.db").exists()


def test_importing_the_bot_does_nothing(tmp_path):
    code = "import bot, bot_app, logging; assert not logging.getLogger().handlers; print('ok')"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


def test_create_bot_touches_no_disk(tmp_path, settings):
    bot_module.create_bot(settings)
    assert list(tmp_path.iterdir()) == []


def test_gc_freeze_is_on_by_default():
    from settings import Settings

    assert Settings(_env_file=None).gc_freeze is True


@pytest.fixture
def frozen_before() -> int:
    """How many objects were frozen before the bot started (asked for before `simcord_env`:
    the test process freezes what it keeps to its end, tests/conftest.py)."""
    return gc.get_freeze_count()


@pytest.mark.settings(gc_freeze=True)
async def test_a_production_start_freezes_its_long_lived_objects(frozen_before, simcord_env):
    """GC_FREEZE on: once started, the bot's objects are out of the cyclic GC's sight."""
    try:
        assert gc.get_freeze_count() > frozen_before
        assert not collector_sees(simcord_env.bot)
    finally:
        gc.unfreeze()
        freeze_what_lasts()  # the test process's own frozen objects (this bot with them)


async def test_the_tests_bots_freeze_nothing(frozen_before, simcord_env):
    """GC_FREEZE off (tests/conftest.py): frozen objects never pile up over a test run. (Some
    of those frozen before may have been freed meanwhile: the count may only go down.)"""
    assert gc.get_freeze_count() <= frozen_before
    assert collector_sees(simcord_env.bot) and collector_sees(simcord_env.bot.services.store)


def collector_sees(thing: object) -> bool:
    """Whether the cyclic GC still looks at `thing` (frozen objects are not listed)."""
    return any(o is thing for o in gc.get_objects())


async def test_the_cached_sync_payload_is_discord_pys_own(simcord_env):
    """The tests' bots share the translated command set (`SyncCache`, tests/conftest.py): what
    a bot sends must be exactly what discord.py's own sync would build."""
    tree = simcord_env.bot.tree
    assert tree.sync_cache is not None
    digest = bot_module.command_set_hash(tree, None)
    fresh = [
        await command.get_translated_payload(tree, tree.translator)
        for command in tree.get_commands()
    ]
    assert await tree.sync_payload(digest, None) == fresh
    assert any("fr" in (c.get("name_localizations") or {}) for c in fresh)


async def test_a_bot_given_no_cache_builds_everything_itself(settings, simcord_env):
    """`python bot.py` builds one bot, and no `SyncCache`: the same digest and payload."""
    shared = simcord_env.bot.tree
    alone = bot_module.create_bot(settings)
    await alone.build_tree()
    assert alone.tree.sync_cache is None
    digest = bot_module.command_set_hash(alone.tree, None)
    assert digest == bot_module.command_set_hash(shared, None, shared.sync_cache)
    assert await alone.tree.sync_payload(digest, None) == await shared.sync_payload(digest, None)
