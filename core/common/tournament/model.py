"""The record of a club event: its settings, entries, rounds and tables, as JSON.

One document per event (`storage.tournament_queries`), changed only by the pure functions of
this package, saved with `version + 1` like a game's state. The submitted army lists are not
in it (their bytes are stored beside it); an entry holds only what the lists' check found.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from core.common.errors import Conflict

TIE_BREAKERS = ("wins", "vp", "dice", "sos")  # wins, victory points, order dice, schedule
ROUNDS_MAX = 10
ENTRIES_MAX = 128
SCENARIO_LIMIT = 64
Status = Literal["open", "running", "finished"]
Source = Literal["game", "organiser"]


class Settings(BaseModel):
    name: str
    date: str = ""  # as the organiser wrote it (shown, never computed with)
    rounds: int = Field(3, ge=1, le=ROUNDS_MAX)
    points_limit: int = Field(1000, ge=1)
    list_deadline: str = ""  # ISO time in UTC, "" for none
    scenarios: list[str] = []  # per round; a round without one draws it from these
    tie_breakers: list[str] = list(TIE_BREAKERS)
    dice_cap: int | None = None  # the most order dice a list may hold
    round_minutes: int | None = None  # the round timer: dice down this long after pairing
    win: int = 3
    draw: int = 1
    loss: int = 0
    bye_points: int = 3  # a bye scores as a win unless the organiser says otherwise
    bye_vp: int = 0
    first_round: Literal["random", "seeded"] = "random"
    seed: int = 0  # the random first round and drawn scenarios follow it: reproducible


class Entry(BaseModel):
    user_id: int
    name: str
    seed: int  # registration order (the seeded first round)
    checked_in: bool = False
    dropped: bool = False
    faction: str = ""
    army: str = ""  # the list's army name
    points: int = 0
    dice: int = 0
    list_state: Literal["none", "locked", "unlocked"] = "none"
    digest: str = ""  # sha256 of the bytes submitted


class Result(BaseModel):
    winner: int | None  # None: a draw
    vp: dict[int, int] = {}
    dice: dict[int, int] = {}  # order dice each player destroyed
    source: Source = "organiser"
    battle: int | None = None  # the campaign battle it came from


class Table(BaseModel):
    number: int
    players: tuple[int, int]
    thread_id: int | None = None
    result: Result | None = None


class Round(BaseModel):
    number: int
    scenario: str = ""
    tables: list[Table] = []
    bye: int | None = None
    paired_at: str = ""  # ISO time in UTC (the round timer counts from it)


def table_name(event: str, round_number: int, table: int) -> str:
    """A table's thread, and the game played in it: "Antares Day · R1 T2"."""
    return f"{event} · R{round_number} T{table}"


class LogLine(BaseModel):
    what: str  # "unlock", "drop", "replace", "add", "result"
    by: int
    user_id: int
    other: int | None = None
    round: int | None = None


class Tournament(BaseModel):
    settings: Settings
    organiser_id: int
    status: Status = "open"
    entries: list[Entry] = []
    rounds: list[Round] = []
    revealed: bool = False
    campaign_id: int | None = None  # where the tables' games are recorded (and counted)
    campaign_name: str = ""
    log: list[LogLine] = []

    def entry(self, user_id: int) -> Entry | None:
        return next((e for e in self.entries if e.user_id == user_id), None)

    def entries_with(self, changed: Entry) -> list[Entry]:
        """The entries, `changed` in place of its player's."""
        return [changed if e.user_id == changed.user_id else e for e in self.entries]

    @property
    def active(self) -> list[Entry]:
        return [e for e in self.entries if not e.dropped]

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None


def changeable(t: Tournament) -> None:
    """Refuse any change to a finished event: its standings are final (every change of an
    event, `services.tournament.access.TournamentAccess.changing`, asks this first)."""
    if t.status == "finished":
        raise Conflict("tournament.finished", event=t.settings.name)
