"""docker-compose.yml (issues 15 and 32): PostgreSQL and two bot processes that between them
run every shard once, each with settings the bot accepts; no default password, the bots'
password given as a Docker secret (not in a URL); one image, built once (Docker itself cannot
run here: these read the file)."""

from __future__ import annotations

import re
from pathlib import Path

from settings import Settings

ROOT = Path(__file__).resolve().parent.parent
SECRETS = "/run/secrets/"


def compose() -> str:
    return (ROOT / "docker-compose.yml").read_text()


def bot_environments() -> dict[str, dict[str, str]]:
    """`bot-N:` services and their `environment:` entries (the file's own simple layout)."""
    found: dict[str, dict[str, str]] = {}
    for name, body in re.findall(r"\n  (bot-\d+):\n((?:    .*\n)+)", compose()):
        found[name] = dict(re.findall(r"\n      ([A-Z_]+): \"?([^\"\n]+)\"?", body))
    return found


def test_the_bot_processes_share_postgresql_and_split_the_shards(tmp_path):
    bots = bot_environments()
    assert len(bots) == 2
    secret = tmp_path / "postgres_password"
    secret.write_text("any: character / will do @#?\n")
    shards = []
    for environment in bots.values():
        values = {k.lower(): v.replace(SECRETS, f"{tmp_path}/") for k, v in environment.items()}
        settings = Settings(_env_file=None, **values)
        assert settings.database_url == "postgresql://antares@postgres:5432/antares"
        assert settings.pool_options().password == "any: character / will do @#?"
        assert settings.processes_problem() is None and settings.shares_the_database()
        shards += settings.shard_ids or []
        count = settings.shard_count
    assert sorted(shards) == list(range(count))


def test_the_password_has_no_default_and_reaches_the_bots_as_a_secret():
    text = compose()
    assert ":-" not in text  # no `${POSTGRES_PASSWORD:-change-me}` anywhere
    (required,) = re.findall(r"POSTGRES_PASSWORD: \"\$\{POSTGRES_PASSWORD:\?([^}]+)\}\"", text)
    assert ".env" in required  # compose's refusal says where to put it
    assert re.search(r"\n  postgres_password:\n    environment: POSTGRES_PASSWORD\n", text)
    bot = text[text.index("x-bot: &bot") : text.index("\nservices:")]
    assert re.search(r"\n  secrets:\n    - postgres_password\n", bot)
    for environment in bot_environments().values():
        assert environment["DATABASE_PASSWORD_FILE"] == SECRETS + "postgres_password"


def test_one_image_is_built_once_for_both_bots():
    text = compose()
    assert text.count("build:") == 1 and text.count("image: antares-bot") == 1
    bot = text[text.index("x-bot: &bot") : text.index("\nservices:")]
    assert "  image: antares-bot\n  build: .\n" in bot
    assert text.count("<<: *bot") == len(bot_environments())
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert 'CMD ["python", "bot.py"]' in dockerfile
    assert "pgdata:/var/lib/postgresql" in text and "image: postgres:18" in text
