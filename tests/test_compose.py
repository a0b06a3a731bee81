"""docker-compose.yml (issue 15): PostgreSQL and two bot processes that between them run
every shard once, each with settings the bot accepts (Docker itself cannot run here)."""

from __future__ import annotations

import re
from pathlib import Path

from settings import Settings

ROOT = Path(__file__).resolve().parent.parent


def bot_environments() -> dict[str, dict[str, str]]:
    """`bot-N:` services and their `environment:` entries (the file's own simple layout)."""
    text = (ROOT / "docker-compose.yml").read_text()
    found: dict[str, dict[str, str]] = {}
    for name, body in re.findall(r"\n  (bot-\d+):\n((?:    .*\n)+)", text):
        pairs = re.findall(r"\n      ([A-Z_]+): \"?([^\"\n]+)\"?", body)
        found[name] = {
            key: value.replace("${POSTGRES_PASSWORD:-change-me}", "x") for key, value in pairs
        }
    return found


def test_the_bot_processes_share_postgresql_and_split_the_shards():
    bots = bot_environments()
    assert len(bots) == 2
    shards = []
    for environment in bots.values():
        settings = Settings(_env_file=None, **{k.lower(): v for k, v in environment.items()})
        assert settings.database_url.startswith("postgresql://antares:x@postgres:5432/")
        assert settings.processes_problem() is None and settings.shares_the_database()
        shards += settings.shard_ids or []
        count = settings.shard_count
    assert sorted(shards) == list(range(count))


def test_the_image_builds_what_compose_runs():
    compose = (ROOT / "docker-compose.yml").read_text()
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "build: ." in compose and 'CMD ["python", "bot.py"]' in dockerfile
    assert "pgdata:/var/lib/postgresql" in compose and "image: postgres:18" in compose
