"""What the activation card shows of a unit (issue 31 §2): its volley, and what it offers next.

A unit's weapons engage one target (rules-notes "Shooting"; seeds' "Choisir une Cible": only a
weapon with that rule may pick another), so the card's one form fires the weapons chosen at
the target and distance given, each weapon its own shot, as `/shoot` would fire it, one after
the other (``ShootingService.volley``). The first shot claims the interaction (a replayed
form fires nothing); a refusal after it ends the volley, the shots before it standing. The
card then offers what the rules allow (``CardOffer``): 🎲 Draw next and ✅ Done
(``services.game.NextStep``), the unit's 🎯 and 🔁 while a weapon may still fire, and 💣
while an enemy's mine may go off as it acts
(``core.antares.table_markers.mines.mines_against``).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.common.errors import AntaresError
from services.game import NextStep
from services.shooting.aim import Aim
from services.shooting.reaction_records import ReactionAsked
from services.shooting.records import ShotRecord


@dataclass(frozen=True, slots=True)
class CardOffer:
    """What the card offers once a move is shown: the game's next step (None: no game runs),
    the unit's weapons left and targets (None: it cannot shoot now), and whether another
    player has a mine they may set off as the acting unit acts (its 💣)."""

    step: NextStep | None
    aim: Aim | None
    mines: bool = False


@dataclass(frozen=True, slots=True)
class Volley:
    """The shots a card's form (or its 🔁) fired, in order, and the refusal that stopped the
    weapons after them (None: every weapon chosen fired)."""

    game_id: int
    unit_id: str
    records: list[ShotRecord]
    stopped: AntaresError | None = None
    unfired: list[str] | None = None  # the weapons (rulesdb ids) the refusal left unfired
    asked: ReactionAsked | None = None  # held back: its target's player may react first
