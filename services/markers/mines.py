"""Mines of a channel's game: lay (the unit's Fire order), trigger, remove, autocomplete.

A mine is laid by its unit's owner (or the host, or a game master), like an order; only its
owner may trigger it; its owner, the host or a game master may remove it. Every change is
one event (`services.common.channel_state`), so `/game undo` restores it. The activation
card's 💣 reads what its clicker may set off as a unit acts (``set_off``) and triggers it
through ``trigger``, as `/mine trigger` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.antares.game import GameState, Unit
from core.antares.table_markers.lookup import find_mine, living_unit
from core.antares.table_markers.mines import (
    TARGETS_MAX,
    MineLaid,
    MineRemoved,
    MineTriggered,
    lay_mine,
    mines_against,
    remove_mine,
    trigger_mine,
)
from core.antares.table_markers.models import Mine
from core.common.errors import Conflict, NotAllowed, NotFound
from core.common.words import leftovers, words
from services.common import Call, Standing, require_self_or_host, require_unit_owner
from services.game import WRONG_GAME, GameAccess, UnitRef, resolve, unit_ref
from services.markers.refs import ItemRef, item_ref, qualified

CHOICES_MAX = 25
MINE_OTHER_GAME = "mine.other_game"
COVER_WORDS = {
    "none": "none",
    "aucun": "none",
    "aucune": "none",
    "light": "light",
    "léger": "light",
    "légère": "light",
    "dense": "dense",
}


def cover_words(text: str | None) -> list[str] | None:
    """``"dense"`` or ``"light, none"`` (French words too); the core refuses any other word,
    and what is not a word at all (``"??"``) is passed on to be refused too."""
    odd = leftovers(text)
    found = [COVER_WORDS.get(word, word) for word, _ in words(text)]
    return (found + [odd] if odd else found) or None


@dataclass(frozen=True, slots=True)
class MineChoice:
    value: str  # "<game id>:x<n>"
    mine: Mine


@dataclass(frozen=True, slots=True)
class MineAim:
    """What 💣 Set off a mine asks its clicker: the unit acting (or reacting), the clicker's
    mines that may go off as it does, and the other living units (those within 5\")."""

    game_id: int
    unit: Unit
    mines: list[Mine]
    others: list[Unit]


class MineService(GameAccess):
    async def lay(
        self,
        call: Call,
        unit: str,
        *,
        location: str | None = None,
        weapon: str = "plasma-grenades",
        spacing_ok: bool = True,
        confirmed: bool = False,
    ) -> MineLaid:
        """The unit lays a mine with a Fire order (its drawn die; order test if pinned)."""
        ref = unit_ref(unit)

        def apply(state: GameState, who: Standing) -> tuple[GameState, MineLaid]:
            target = resolve(state, ref)
            require_unit_owner(state, target, who)
            return lay_mine(
                state,
                target.id,
                self.dice,
                location=location,
                weapon=weapon,
                spacing_ok=spacing_ok,
                confirmed=confirmed,
                limit=self.limits.mines,
            )

        done = await self.change(
            call, "mine_lay", apply, game_id=ref.game_id, wrong_game=WRONG_GAME
        )
        return done.result

    async def trigger(
        self,
        call: Call,
        mine: str,
        target: str,
        others: list[str] | None = None,
        cover: str | None = None,
    ) -> MineTriggered:
        """The mine's owner detonates it: the acting enemy unit first, then the others;
        ``cover`` gives their cover in that order (one word: all of them)."""
        mine_ref, target_ref, covers = item_ref(mine), unit_ref(target), cover_words(cover)
        other_refs = [unit_ref(o) for o in (others or []) if o.strip()][: TARGETS_MAX + 1]
        refs: tuple[ItemRef | UnitRef, ...] = (mine_ref, target_ref, *other_refs)
        games = {r.game_id for r in refs if r.game_id is not None}
        if len(games) > 1:
            raise Conflict(MINE_OTHER_GAME)

        def apply(state: GameState, who: Standing) -> tuple[GameState, MineTriggered]:
            found = find_mine(state, mine_ref.ref)
            if who.user_id != found.owner_id:
                raise NotAllowed("mine.owner_only", owner=found.owner_id, mine=found.number)
            acting = resolve(state, target_ref).id
            named = [resolve(state, r).id for r in other_refs]
            return trigger_mine(state, found.id, acting, named, self.dice, covers=covers)

        game_id = next(iter(games), None)
        done = await self.change(
            call, "mine_trigger", apply, game_id=game_id, wrong_game=MINE_OTHER_GAME
        )
        return done.result

    async def set_off(self, call: Call, game_id: int, unit_id: str) -> MineAim:
        """The card's 💣 clicked as ``unit_id`` acts: the clicker's mines that may go off
        (``mines_against``). A stale click (another game, the game over, the unit gone or
        destroyed, no enemy mine left) is refused, and so is anyone who owns none of them,
        host and game masters too: only a mine's owner sets it off."""
        record, state = await self.running(call.channel_id)
        if record.id != game_id:
            raise Conflict("game.stale_message")
        if unit_id not in state.units:
            raise NotFound("unit.gone")
        unit = living_unit(state, unit_id)
        mines = mines_against(state, unit.id)
        if not mines:
            raise Conflict("mine.none_against", unit=unit.name)
        own = [m for m in mines if m.owner_id == call.actor.user_id]
        if not own:
            owners = ", ".join(f"<@{owner}>" for owner in dict.fromkeys(m.owner_id for m in mines))
            raise NotAllowed("mine.set_off_owners", owners=owners, unit=unit.name)
        others = [u for u in state.living() if u.id != unit.id]
        return MineAim(game_id, unit, own, others)

    async def remove_mine(self, call: Call, mine: str) -> MineRemoved:
        """Take a mine off the table (its owner, the host or a game master)."""
        ref = item_ref(mine)

        def apply(state: GameState, who: Standing) -> tuple[GameState, MineRemoved]:
            found = find_mine(state, ref.ref)
            require_self_or_host(state, who, found.owner_id)
            return remove_mine(state, found.id)

        done = await self.change(
            call, "mine_remove", apply, game_id=ref.game_id, wrong_game=MINE_OTHER_GAME
        )
        return done.result

    async def mine_choices(self, channel_id: int, typed: str) -> list[MineChoice]:
        """Autocomplete: the running game's mines whose number, unit or place match."""
        running = await self.running_or_none(channel_id)
        if running is None:
            return []
        game_id, state = running
        wanted = " ".join(typed.split()).casefold().lstrip("#")
        found = [
            m for m in state.mines if wanted in f"{m.number} {m.unit_name} {m.location}".casefold()
        ]
        return [MineChoice(qualified(game_id, m.id), m) for m in found][:CHOICES_MAX]
