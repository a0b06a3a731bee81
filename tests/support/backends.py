"""Running a test on both storage backends."""

from __future__ import annotations

import pytest

# `database_url` (tests/conftest.py) for SQLite, then for a fresh PostgreSQL database.
BOTH_BACKENDS = pytest.mark.parametrize("database_url", ["sqlite", "postgres"], indirect=True)
