"""The settings of issue 23's limits: RATE_LIMITS on (default) or off, the member and
channel rates, and what one game may hold; a wrong value is refused at start-up."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from core.common.limits import GameLimits
from services.common import RateRules
from settings import Settings


def settings(**values: str) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[arg-type]


def test_the_defaults():
    defaults = settings()
    assert defaults.rate_rules() == RateRules(
        member_count=10, member_seconds=10, expensive_seconds=30
    )
    assert defaults.game_limits() == GameLimits(units=100, markers=30, mines=30)


@pytest.mark.parametrize(("value", "on"), [("on", True), ("off", False), ("false", False)])
def test_rate_limits_on_or_off(monkeypatch, value, on):
    monkeypatch.setenv("RATE_LIMITS", value)
    assert (settings().rate_rules() is not None) is on


def test_rates_and_caps_from_the_environment(monkeypatch):
    for name, value in {
        "RATE_MEMBER_COMMANDS": "5",
        "RATE_MEMBER_SECONDS": "20",
        "RATE_EXPENSIVE_SECONDS": "0",
        "GAME_MAX_UNITS": "40",
        "GAME_MAX_MARKERS": "10",
        "GAME_MAX_MINES": "12",
    }.items():
        monkeypatch.setenv(name, value)
    loaded = settings()
    assert loaded.rate_rules() == RateRules(member_count=5, member_seconds=20, expensive_seconds=0)
    assert loaded.game_limits() == GameLimits(units=40, markers=10, mines=12)


@pytest.mark.parametrize(
    ("name", "value"),
    [("GAME_MAX_UNITS", "0"), ("RATE_MEMBER_COMMANDS", "0"), ("RATE_LIMITS", "sometimes")],
)
def test_wrong_values_are_refused(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError):
        settings()
