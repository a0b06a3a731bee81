"""A running game's own settings: ruleset overrides (`/game rules`) and whether the draw reply
pings the drawn die's owner."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from core.antares.game import GameState, fork, require_running


class RuleChanged(BaseModel):
    key: str
    before: bool | int | str
    after: bool | int | str


def set_rule(state: GameState, key: str, value: Any) -> tuple[GameState, RuleChanged]:
    """Override one ruleset setting for this game (``ruleset.*`` errors on a bad key/value)."""
    require_running(state)
    before = state.ruleset()
    after = before.with_overrides({key: value})
    new = fork(state)
    new.ruleset_overrides = after.changed()
    return new, RuleChanged(key=key, before=getattr(before, key), after=getattr(after, key))


PING_KEY = "mention_die_owner"


def set_mention(state: GameState, on: bool) -> tuple[GameState, RuleChanged]:
    """Whether the draw reply pings the drawn die's owner (a game setting, not a rule)."""
    require_running(state)
    new = fork(state)
    new.mention_die_owner = on
    return new, RuleChanged(key=PING_KEY, before=state.mention_die_owner, after=on)
