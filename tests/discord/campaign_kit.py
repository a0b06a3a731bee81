"""Helpers of the `/campaign` tests: a club of five players, joining, recording battles."""

from __future__ import annotations

from dataclasses import dataclass

from tests.core.common.test_standings import ANN, BEN, CAT, DAN, EVE


@dataclass
class Club:
    """The `table` server plus three more players: alice, bob, carol, dave, eve, admin."""

    guild: object
    channel: object
    alice: object
    bob: object
    carol: object
    dave: object
    eve: object
    admin: object

    def by_core_id(self) -> dict[int, object]:
        """The five players of the core season (tests/core/common/test_standings.py)."""
        return {ANN: self.alice, BEN: self.bob, CAT: self.carol, DAN: self.dave, EVE: self.eve}


def make_club(env, table) -> Club:
    extra = [table.guild.add_member(env.create_user(name)) for name in ("carol", "dave", "eve")]
    return Club(table.guild, table.channel, table.alice, table.bob, *extra, table.admin)


def pick(member) -> str:
    """What autocomplete sends for a player: their user id."""
    return str(member.id)


async def create(club, name="Winter league", **options):
    return await club.admin.slash(club.channel, "campaign create", name=name, **options)


async def join(club, member, faction="algoryn", army=None, **options):
    army = army or f"{member.name}-army"
    return await member.slash(club.channel, "campaign join", faction=faction, army=army, **options)


async def record(actor, channel, a, b, winner=None, vp=(None, None), **options):
    values = {"player-a": pick(a), "player-b": pick(b), "result": "win" if winner else "draw"}
    if winner is not None:
        values["winner"] = pick(winner)
    if vp[0] is not None:
        values["vp-a"] = vp[0]
    if vp[1] is not None:
        values["vp-b"] = vp[1]
    return await actor.slash(channel, "campaign record", **values, **options)


async def play_season(club, season, **options) -> None:
    """Record every battle of `season` (core `Outcome`s) through the bot, as an organiser."""
    members = club.by_core_id()
    for outcome in season:
        a, b = (members[p] for p in outcome.players)
        winner = members[outcome.winner] if outcome.winner else None
        result = await record(club.admin, club.channel, a, b, winner, outcome.vp, **options)
        assert not result.ephemeral, result.response.content


def table_rows(embed) -> list[list[str]]:
    """The standings table of an embed, one list of cells per player (header left out)."""
    lines = embed.description.split("```")[1].strip("\n").splitlines()
    return [line.split() for line in lines[1:]]
