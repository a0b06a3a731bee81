"""Elite (X) rerolls (seed 004, "Elite (XX)", "Personnage Lié"): a pool per side for the game.

"Au cours de la partie, vous pouvez utiliser vos relances Elite"; "Dans le cas d'un jet où
le socle jette plusieurs dés vous ne pouvez relancer qu'un seul dé sur l'ensemble"; "Vous ne
pouvez relancer que des jets associés aux jets pour toucher, les jets de sauvegarde ou les
jets d'Assaut"; "Si un Personnage Lié a la capacité Elite (X), il rapporte X relances Elite
en plus de celle du détachement". The pool lives in the game state (``EpicPart.elite``,
per player: a player is a side), so `/game undo` gives a spent reroll back. "vous ne
pouvez relancer qu'un seul dé sur l'ensemble": a roll takes one reroll. The bot sees the
dice as typed, not the roll they came from: the player's last rerolled roll is kept
(``EpicPart.rerolled``) and the same dice of the same kind, as rolled or as
rerolled, are refused unless the player says it is a new roll (``new_roll``).
"""

from __future__ import annotations

import re
from typing import Literal, get_args

from pydantic import BaseModel

from core.common.dice import DiceSource
from core.common.errors import BadInput, Conflict
from core.epic.state import EpicPart

RollKind = Literal["hit", "save", "assault", "other"]
ROLL_KINDS: tuple[RollKind, ...] = get_args(RollKind)
REROLLABLE = ("hit", "save", "assault")
POOL_MAX = 99
DICE_MAX = 30


class ElitePool(BaseModel):
    owner_id: int
    before: int
    after: int
    detachments: int
    characters: int


class EliteReroll(BaseModel):
    owner_id: int
    kind: RollKind
    faces: int
    dice: list[int]  # as rolled before
    index: int  # 0-based, the die rerolled
    new: int
    needed: int | None = None
    left: int  # rerolls left in the pool

    @property
    def after(self) -> list[int]:
        return [self.new if i == self.index else d for i, d in enumerate(self.dice)]


def pool_of(part: EpicPart, owner_id: int) -> int:
    return part.elite.get(str(owner_id), 0)


def set_pool(
    part: EpicPart, owner_id: int, detachments: int, characters: int = 0
) -> tuple[EpicPart, ElitePool]:
    """The caller checks that the game runs (``core.antares.game.require_running``)."""
    for count in (detachments, characters):
        if not 0 <= count <= POOL_MAX:
            raise BadInput("epic.bad_pool", count=count, high=POOL_MAX)
    total = min(POOL_MAX, detachments + characters)
    new = part.model_copy(deep=True)
    new.elite[str(owner_id)] = total
    return new, ElitePool(
        owner_id=owner_id,
        before=pool_of(part, owner_id),
        after=total,
        detachments=detachments,
        characters=characters,
    )


def parse_dice(text: str, faces: int) -> list[int]:
    """The dice as rolled: "3 5 1" (spaces or commas), each a face of the Epic die."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()[:200]) if t]
    if not tokens or len(tokens) > DICE_MAX:
        raise BadInput("epic.bad_dice", dice=text[:30], faces=faces, limit=DICE_MAX)
    values = []
    for token in tokens:
        if not re.fullmatch(r"\d{1,3}", token) or not 1 <= int(token) <= faces:
            raise BadInput("epic.bad_dice", dice=token[:10], faces=faces, limit=DICE_MAX)
        values.append(int(token))
    return values


def reroll(
    part: EpicPart,
    dice: DiceSource,
    owner_id: int,
    kind: RollKind,
    rolled: list[int],
    faces: int,
    position: int | None = None,
    needed: int | None = None,
    new_roll: bool = False,
) -> tuple[EpicPart, EliteReroll]:
    """One die of ``rolled`` again (``position`` 1-based; default the lowest), one reroll
    spent from the player's pool; the roll rerolled last is refused unless ``new_roll``.
    The caller checks that the game runs."""
    if kind not in REROLLABLE:
        raise BadInput("epic.elite_kind")
    if position is not None and not 1 <= position <= len(rolled):
        raise BadInput("epic.bad_position", position=position, count=len(rolled))
    left = pool_of(part, owner_id)
    if left < 1:
        raise Conflict("epic.elite_empty")
    if not new_roll:
        _check_once(part, owner_id, kind, rolled)
    index = rolled.index(min(rolled)) if position is None else position - 1
    new = part.model_copy(deep=True)
    new.elite[str(owner_id)] = left - 1
    result = EliteReroll(
        owner_id=owner_id,
        kind=kind,
        faces=faces,
        dice=rolled,
        index=index,
        new=dice.roll(faces),
        needed=needed,
        left=left - 1,
    )
    new.rerolled[str(owner_id)] = {"kind": kind, "before": rolled, "after": result.after}
    return new, result


def _check_once(part: EpicPart, owner_id: int, kind: str, rolled: list[int]) -> None:
    """ "vous ne pouvez relancer qu'un seul dé sur l'ensemble": the roll the player rerolled
    last, typed again (as it was or as it is now), is not rerolled twice."""
    last = part.rerolled.get(str(owner_id))
    if not last or last.get("kind") != kind:
        return
    before, after = last["before"], last["after"]
    assert isinstance(before, list) and isinstance(after, list)  # as `reroll` keeps them
    if sorted(rolled) in (sorted(before), sorted(after)):
        raise Conflict(
            "epic.elite_once",
            before=", ".join(map(str, before)),
            after=", ".join(map(str, after)),
        )
