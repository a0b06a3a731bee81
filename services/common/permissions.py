"""Who may change a game at the table.

Everyone can look. A game is changed by its players (members who own a unit), its host, the
server's game-master role (guild setting `gm_role_id`) and members with Manage Server; a unit
by its owner, the host or a game master. Anyone may take a seat while the game is set up;
after that only the host or a game master seats a new player (`require_seat`). The Discord
layer passes an `Actor` (plain values); the checks run inside the transaction, on the state
they are about to change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.antares.game import GameState, Unit
from core.antares.seats import setting_up
from core.common.errors import NotAllowed

GM_ROLE_KEY = "gm_role_id"


@dataclass(frozen=True, slots=True)
class Actor:
    """The member behind an interaction, as plain values (games and campaigns alike)."""

    user_id: int
    name: str = ""
    manage_server: bool = False
    role_ids: frozenset[int] = field(default_factory=frozenset)
    manage_channels: bool = False  # may close a game left idle (`services.game.game`)


@dataclass(frozen=True, slots=True)
class Standing:
    """An actor and whether they are a game master of the server (GM role or Manage Server)."""

    actor: Actor
    gm: bool = False

    @property
    def user_id(self) -> int:
        return self.actor.user_id


def gm_role_id(settings: dict[str, Any]) -> int | None:
    value = settings.get(GM_ROLE_KEY)
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def is_gm(actor: Actor, settings: dict[str, Any]) -> bool:
    role = gm_role_id(settings)
    return actor.manage_server or (role is not None and role in actor.role_ids)


def runs_game(state: GameState, who: Standing) -> bool:
    """The host or a game master."""
    return who.gm or state.host_id == who.user_id


def require_host(state: GameState, who: Standing) -> None:
    if not runs_game(state, who):
        raise NotAllowed("game.host_only", host=state.host_id)


def require_player(state: GameState, who: Standing) -> None:
    """A player of this game (owns or owned a unit), its host or a game master."""
    if not runs_game(state, who) and state.player(who.user_id) is None:
        raise NotAllowed("game.players_only", host=state.host_id)


def require_unit_owner(state: GameState, unit: Unit, who: Standing) -> None:
    if unit.owner_id != who.user_id and not runs_game(state, who):
        raise NotAllowed("unit.not_yours", unit=unit.name, owner=unit.owner_id)


def require_self_or_host(state: GameState, who: Standing, owner_id: int) -> None:
    """Acting for another member (a unit for them, a die they dispute) is for host/GM."""
    if owner_id != who.user_id and not runs_game(state, who):
        raise NotAllowed("game.for_others_host_only", host=state.host_id)


def require_seat(state: GameState, who: Standing, owner_id: int) -> None:
    """Issue 23: anyone joins a game being set up (`core.antares.seats.setting_up`); after that, a
    new player is seated by the host or a game master, who adds a unit for them."""
    if state.player(owner_id) is not None or setting_up(state) or runs_game(state, who):
        return
    raise NotAllowed("game.seats_closed", host=state.host_id)
