"""Fixtures for the rules database tests. The seeds are copied verbatim under ``seeds/``."""

from __future__ import annotations

import pytest

from rulesdb import RulesIndex, load_rules
from rulesdb.models import RulesDB


@pytest.fixture(scope="session")
def db() -> RulesDB:
    return load_rules()


@pytest.fixture(scope="session")
def index(db: RulesDB) -> RulesIndex:
    return RulesIndex(db)
