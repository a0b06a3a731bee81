from __future__ import annotations

import asyncio
import functools
import shutil
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import discord
import pytest
import pytest_asyncio
from hypothesis.configuration import set_hypothesis_home_dir
from simcord import Env

from bot_app import create_bot
from cogs.common.errors import is_expected
from cogs.common.tree import SyncCache
from locales import catalog
from services.common.workers import Workers
from services.rules import RulesLookup
from settings import Settings
from storage.sqlite import SqliteStore
from tests.support import examples  # noqa: F401  (loads the Hypothesis profile)
from tests.support.bots import freeze_what_lasts
from tests.support.compiled import compile_once
from tests.support.dice import TableDice
from tests.support.postgres import INSTALL_HINT, must_have_server, start_server

pytest_plugins = ["tests.support.no_skips"]  # CI=true: a skipped test fails the run
compile_once(Path(__file__).resolve().parent.parent / "cogs")  # tests/support/compiled.py


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis's own files (its cache of the constants in the code, written while the
    tests are collected) go to pytest's temporary folder, not `.hypothesis/` in the working
    folder (tests/support/examples.py)."""
    set_hypothesis_home_dir(config._tmp_path_factory.getbasetemp() / "hypothesis")


def pytest_collection_finish(session: pytest.Session) -> None:
    """What the test process keeps to its end (the modules, the tests collected, the rules
    database and its index, the message catalogue) moved out of the cyclic GC's sight, as
    `gc_freeze` does for a production bot (issue 14): each full collection then walks only
    what the tests make (a tenth of the CPU time of a bot test otherwise). The tests' bots
    themselves freeze nothing (`gc_freeze=False` below): they come and go."""
    RulesLookup().load()
    catalog()
    freeze_what_lasts()


@pytest.fixture(scope="session")
def postgres_server():
    """One PostgreSQL server per test process (each xdist worker has its own), started on
    first use; without binaries the PostgreSQL tests skip, except in CI where they fail."""
    server = start_server()
    if server is None:
        if must_have_server():
            pytest.fail(f"CI=true and {INSTALL_HINT}")
        pytest.skip(INSTALL_HINT)
    yield server
    server.destroy()


@pytest.fixture
def database_url(tmp_path: Path, request):
    """SQLite in the test's folder; `BOTH_BACKENDS` (tests/support/backends.py) runs a test on
    a fresh PostgreSQL database too (migrated, as a first start leaves it; dropped after)."""
    if getattr(request, "param", "sqlite") == "postgres":
        server = request.getfixturevalue("postgres_server")
        url = server.migrated_database()
        yield url
        server.drop_database(url)
        return
    yield f"sqlite:///{tmp_path / 'antares.db'}"


@pytest.fixture
def settings(database_url: str, request) -> Settings:
    """Test settings; `@pytest.mark.settings(message_content_intent=True)` changes some."""
    marker = request.node.get_closest_marker("settings")
    values = {
        "discord_token": None,
        "database_url": database_url,
        "default_language": "fr",
        "gc_freeze": False,  # one bot per test: freezing would pile objects up (issue 14)
        "rate_limits": False,  # tests about the limits turn them on with the marker
        **(marker.kwargs if marker else {}),
    }
    return Settings(_env_file=None, **values)


@pytest.fixture
def workers():
    """The bot's pool for CPU work, for a service built without `AppServices`."""
    made = Workers()
    yield made
    made.close()


@pytest.fixture
def dice() -> TableDice:
    return TableDice()


@pytest.fixture
def bots() -> list:
    """Every bot a test built: SimCord does not close bots, so the fixture closes their stores."""
    return []


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file as the store's first `open()` leaves it (every migration applied), made
    once per test process: a test's bot starts on a copy (`make_bot`) rather than migrating."""
    path = tmp_path_factory.mktemp("migrated") / "antares.db"

    async def migrate() -> None:
        store = SqliteStore(path)
        await store.open()
        await store.close()

    with ThreadPoolExecutor(max_workers=1) as thread:  # whatever loop this thread has
        thread.submit(asyncio.run, migrate()).result()
    return path


def start_from(template: Path, url: str) -> None:
    """The bot's SQLite file, if it does not exist yet, copied from `template` (owner only, as
    the store creates it)."""
    if not url.startswith("sqlite:///") or url == "sqlite:///:memory:":
        return
    path = Path(url.removeprefix("sqlite:///"))
    if not path.exists():
        shutil.copyfile(template, path)
        path.chmod(0o600)


@pytest.fixture(scope="session")
def sync_cache() -> SyncCache:
    """What every bot of this test process builds alike for its command sync (the translated
    payload, the French strings it hashes): built by the first bot, shared by the others."""
    return SyncCache()


@pytest.fixture
def make_bot(
    settings: Settings, dice: TableDice, bots: list, migrated_sqlite: Path, sync_cache: SyncCache
):
    """A fresh bot on the same database and dice (for `restart(env, make_bot)`); the first
    one's SQLite file is a copy of the migrated one (`migrated_sqlite`)."""

    def build():
        start_from(migrated_sqlite, settings.database_url)
        bot = create_bot(settings, dice=dice, sync_cache=sync_cache)
        bots.append(bot)
        return bot

    return build


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


SETTLE_POLL_S = 0.001


def poll_settle_finely(env: Env) -> None:
    """SimCord settles (waits until the bot has nothing left to do) by polling, every 50 ms
    when only loop callbacks are left — once per bot start here, ~40% of a short test. It
    still waits for the same quiet state when polled every millisecond; the interval is not
    a public option, hence the wrapper."""
    settle = env._settle_internal
    env._settle_internal = functools.partial(settle, idle=SETTLE_POLL_S)  # type: ignore[method-assign]


@pytest_asyncio.fixture
async def simcord_env(simcord_bot, bots, request):
    """SimCord's own fixture, except that the errors our tree handler answers as the user's
    problem (bad input, refused checks) do not fail the test: every other error does."""
    marker = request.node.get_closest_marker("simcord")
    env = Env(simcord_bot, **(marker.kwargs if marker else {}))
    poll_settle_finely(env)
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        for bot in bots:
            await bot.services.close()
        unexpected = [e for e in env.errors_since(env._errors_acknowledged) if not is_expected(e)]
        if unexpected:
            raise ExceptionGroup("the bot raised unexpected errors", unexpected)


@dataclass
class Table:
    """A club server: a game channel, two players and an admin."""

    guild: object
    channel: object
    alice: object
    bob: object
    admin: object


@pytest.fixture
def table(simcord_env) -> Table:
    guild = simcord_env.create_guild("Antares Club")
    channel = guild.create_text_channel("table-1")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    return Table(guild, channel, alice, bob, admin)
