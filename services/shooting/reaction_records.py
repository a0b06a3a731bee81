"""What a shot that waits for its target's reaction returns and the game log keeps (issue 31
§1; ``core.antares.reactions``): the offer, and a reaction declined or timed out."""

from __future__ import annotations

from pydantic import BaseModel

from core.antares.game import Against, ReactionKind
from services.shooting.records import UnitLabel, WeaponLabel

REACTION_TIMER = "reaction"  # the timers' kind of a reaction window (`services.pace`)


def reaction_subject(game_id: int) -> str:
    """The one reaction window a game has open (a game waits for one reaction at a time)."""
    return f"reaction:{game_id}"


class ReactionAsked(BaseModel):
    """A tracked shot (or assault) held back: its target's player may react (event
    ``react_offer``)."""

    game_id: int = 0  # set once its event is written (the log keeps 0)
    target: UnitLabel
    shooter: UnitLabel
    owner_id: int  # the target's player, the one asked
    asked_by: int
    kinds: list[ReactionKind]
    weapons: list[str]  # rulesdb ids of the weapons that wait to fire
    deadline: str  # ISO time the window closes (a window off asks no one)
    seconds: int = 0
    against: Against = "shot"  # an assault (its attacker is ``shooter``) waits the same way


class ReactionSkipped(BaseModel):
    """No reaction: declined by its player (or the host, a GM), or the window passed (event
    ``react_none``)."""

    unit_id: str
    unit_name: str
    owner_id: int
    timed_out: bool = False
    sprung: bool = False  # its Ambush was sprung and has shot: the held shot goes ahead
    against: Against = "shot"  # an assault waits the same way


class CamoMissed(BaseModel):
    """Shots held back at a Camo Drone unit that went Down in reaction to them from beyond 10":
    each misses with no effect (seed 002 second "BATTER DRONE" heading, 003 "CAMO DRONE": "le
    tir ennemi rate automatiquement sans effet supplémentaire"), yet each is its weapon's shot
    in the shooter's activation (event ``camo_miss``)."""

    game_id: int = 0
    shooter: UnitLabel
    target: UnitLabel
    weapons: list[WeaponLabel]
