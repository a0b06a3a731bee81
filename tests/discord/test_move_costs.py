"""Issue 31, "each move one transaction, one reply": what a move costs, counted through the
real bot. A tracked `/shoot` is one write transaction (its claim, its read, its event, its
save), plus one short bookkeeping write once Discord has said the reply's message id (the
id exists only then: it goes on the shot's event for undo, with where 🎲 Draw next sits now
and the components of the message that carries it), which writes no game row and parses
nothing; the game's state is parsed once; the reply and one edit (Draw next off the previous
message, an activation card's layout rebuilt from what was noted, never read) are its only
Discord requests. A draw clicked from the shot costs the same. The pace (issue 33: whom the
game waits for) follows each change in a task of its own, off the reply's path: no read when
this process followed the game one version before (it knows whether the waits changed), and
a write of its pace when they did, parsing no state (the change left it). The rules core's
own copies of the state (`core.antares.game.fork`, each pure function's working copy) are
counted apart."""

from __future__ import annotations

import re
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial

import pytest

from cogs.game.board import BOARD_DELAY
from core.antares.game import GameState
from storage.sqlite_connection import AioConnection
from tests.discord.game_kit import card_text, labels
from tests.discord.test_activation_card import table_of_cards
from tests.discord.test_shoot_kit import armies, shoot
from tests.support.locale import french

DRAW = "Draw next"
GAME_ROW = re.compile(r"^\s*(UPDATE|INSERT INTO) games\b")
PACE_ROW = re.compile(r"^\s*(UPDATE|INSERT INTO) game_pace\b")
BOOKKEEPING = re.compile(
    r"^\s*(BEGIN|COMMIT|UPDATE game_events SET message_id|INSERT INTO game_messages|SELECT m\.draw)"
)


@dataclass
class Costs:
    """What the bot did meanwhile: its write transactions (the statements each sent, and its
    trips to the database's thread), its read-only views, all its trips, its parses of the
    game's state (and the core's copies), its Discord requests."""

    writes: list[list[str]] = field(default_factory=list)
    write_trips: list[int] = field(default_factory=list)
    reads: int = 0
    trips: int = 0
    parses: int = 0
    copies: int = 0
    requests: list[str] = field(default_factory=list)

    def moves(self) -> list[list[str]]:
        """The write transactions that wrote the game's row: the moves."""
        return [w for w in self.writes if any(GAME_ROW.match(sql) for sql in w)]

    def paces(self) -> list[list[str]]:
        """The pace's writes (issue 33), off the reply's path."""
        return [w for w in self.writes if any(PACE_ROW.match(sql) for sql in w)]

    def bookkeeping(self) -> list[list[str]]:
        """The others: each must only record a message id and where Draw next sits."""
        return [w for w in self.writes if w not in self.moves() and w not in self.paces()]

    def trips_of(self, write: list[str]) -> int:
        return next(t for w, t in zip(self.writes, self.write_trips, strict=True) if w is write)

    def __str__(self) -> str:
        return (
            f"{len(self.moves())} move + {len(self.bookkeeping())} bookkeeping + "
            f"{len(self.paces())} pace write transaction(s), {self.reads} read(s), {self.trips}"
            f" trip(s) to the database's thread, state parsed {self.parses}x (+{self.copies}"
            f" core copies), {len(self.requests)} Discord request(s): {', '.join(self.requests)}"
        )


# the write transaction the running task is in (a task started inside one copies it: reset)
WRITING: ContextVar[int | None] = ContextVar("writing", default=None)


@contextmanager
def counted(env, monkeypatch) -> Iterator[Costs]:
    costs = Costs()
    store = env.bot.services.store
    real_transaction, real_read = store.transaction, store.read

    def writing() -> int | None:
        costs.writes.append([])
        costs.write_trips.append(0)
        return len(costs.writes) - 1  # its statements are noted under it (`trip`)

    def reading() -> int | None:
        costs.reads += 1
        return None

    class Counted:
        """A write transaction or a read-only view of the store, counted (`opened`) as it
        opens."""

        def __init__(self, real, opened) -> None:
            self.inner, self.opened = real(), opened

        async def __aenter__(self):
            self.token = WRITING.set(self.opened())
            return await self.inner.__aenter__()

        async def __aexit__(self, *exc):
            try:
                return await self.inner.__aexit__(*exc)
            finally:
                WRITING.reset(self.token)

    batch = AioConnection.batch

    async def trip(self, steps):
        costs.trips += 1
        writing = WRITING.get()
        if writing is not None:
            costs.writes[writing].extend(step.sql for step in steps)
            costs.write_trips[writing] += 1
        return await batch(self, steps)

    parse = GameState.model_validate_json

    def parsing(data, *args, **kwargs):
        caller = traceback.extract_stack(limit=2)[0].name
        if caller == "fork":
            costs.copies += 1
        else:
            costs.parses += 1
        return parse(data, *args, **kwargs)

    monkeypatch.setattr(store, "transaction", partial(Counted, real_transaction, writing))
    monkeypatch.setattr(store, "read", partial(Counted, real_read, reading))
    monkeypatch.setattr(AioConnection, "batch", trip)
    monkeypatch.setattr(GameState, "model_validate_json", parsing)
    requests_before = len(env.http_requests)
    try:
        yield costs
    finally:
        costs.requests = [f"{r.method} {r.path.split('/')[1]}" for r in env.http_requests]
        costs.requests = costs.requests[requests_before:]
        monkeypatch.undo()


def assert_one_move(costs: Costs, *, read: bool = False) -> None:
    """One move: the game's state as this process's last change left it (no read, no parse:
    BEGIN, claim, event, save and COMMIT in one trip), or, `read`, as read and parsed once
    (BEGIN, claim and read; event, save and COMMIT); then the bookkeeping, one trip."""
    (move,) = costs.moves()
    (bookkeeping,) = costs.bookkeeping()  # the message id, known once Discord answered
    assert all(BOOKKEEPING.match(sql) for sql in bookkeeping), bookkeeping
    assert (costs.trips_of(move), costs.trips_of(bookkeeping)) == (2 if read else 1, 1)
    # the next step, the board, the pace: the change's own state, never parsed again
    assert costs.parses == (1 if read else 0) and costs.reads == 0
    assert_pace_follows(costs)


def assert_pace_follows(costs: Costs) -> None:
    """The pace's part, off the reply's path: the change left the game in this process and
    the pace followed it one version before, so whether the waits changed is known without a
    read; they did (a die drawn, a unit that acted): its write, in three trips (BEGIN and the
    game's row; its pace; the save with the COMMIT), which writes no game row and parses
    nothing."""
    (pace,) = costs.paces()
    assert not any(GAME_ROW.match(sql) for sql in pace), pace
    assert costs.trips_of(pace) == 3, pace


async def fire_order(table, dice) -> object:
    """A strict game: Alice draws her die, picks her Troopers and gives them Fire."""
    await armies(table, activations="strict")
    dice.script(1)  # d3 → 1: Alice's red die
    drawn = await table.alice.slash(table.channel, "bag draw")
    return drawn  # one unit can take the die: the card shows its order buttons


async def tracked_shot(table):
    return await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=5,
        shooter="Troopers",
        target="Gangers",
        distance=10,
    )


async def test_a_tracked_shot_and_the_next_draw_cost_one_move_each(
    simcord_env, table, dice, monkeypatch
):
    drawn = await fire_order(table, dice)
    await table.alice.click(drawn.response, label="Fire")
    # ✅ Done: the activation is Alice's while her unit can still shoot (issue 31 §1)
    assert labels(drawn.response) == ["Shoot", DRAW, "Done"]

    card = card_text(drawn.response)
    with counted(simcord_env, monkeypatch) as costs:
        shot = await tracked_shot(table)
    assert labels(shot.response) == ["Shoot again", DRAW] and labels(drawn.response) == []
    assert card_text(drawn.response) == card  # its text as it was, only the buttons gone
    assert_one_move(costs)
    # the reply; then Draw next and Done off the order's activation card, its 🎯 too (every
    # weapon fired) in the same edit: the card's layout was noted with where Draw next sits,
    # so it is edited without a read
    assert costs.requests == ["POST interactions", "PATCH channels"]
    print(f"\ntracked /shoot: {costs}")

    dice.script(1)  # d2 → 1: Bob's blue die
    with counted(simcord_env, monkeypatch) as costs:
        second = await table.bob.click(shot.response, label=DRAW)
    assert f"blue** die of <@{table.bob.id}>" in card_text(second.response)
    assert labels(shot.response) == ["Shoot again"]
    assert_one_move(costs)
    assert costs.requests == ["POST interactions", "PATCH channels"]  # the draw; the button off
    print(f"draw: {costs}")


async def test_in_french_a_shot_at_a_live_board_costs_the_same(
    simcord_env, table, dice, monkeypatch
):
    """The board's edit comes later, batched, off the reply's path: it reads the game's row
    but parses no state, since the shot left it in this process."""
    with french():
        drawn = await fire_order(table, dice)
        await table.alice.click(drawn.response, label="Feu")
        board = await table.alice.slash(table.channel, "game board", on=True)
        assert not board.ephemeral, board.response.content
        await simcord_env.advance_time(BOARD_DELAY + 1)

        with counted(simcord_env, monkeypatch) as costs:
            shot = await tracked_shot(table)
        assert labels(shot.response) == ["Tirer encore", "Piocher le suivant"]
        # `/game board on` changed the game's row since the last move: read and parsed
        assert_one_move(costs, read=True)
        # as in English: Draw next and Done leave the order's card, not read
        assert costs.requests == ["POST interactions", "PATCH channels"]

        with counted(simcord_env, monkeypatch) as costs:
            await simcord_env.advance_time(BOARD_DELAY + 1)
        # two reads, no parse: the game's row, and its pace for the clocks (issue 33)
        assert costs.writes == [] and costs.parses == 0 and costs.reads == 2
        assert costs.requests == ["PATCH channels"]  # the board, edited once


async def test_a_shot_from_the_card_and_its_repeat_cost_one_move_and_one_edit(
    simcord_env, table, dice, monkeypatch
):
    """The card's path (issue 31 §3): the form's shot and, next turn, 🔁 are each one move
    from the state this process left (one trip, nothing parsed), the one read of the click's
    check (its stale test, before anything changes), the card edited in place as the reply,
    and what the card offers next taken from the state the move left: not read again."""
    alice, channel = table.alice, table.channel
    await table_of_cards(table)
    await alice.slash(channel, "unit remove", unit="Scouts")
    dice.script(1)  # red: the Troopers'
    card = (await alice.slash(channel, "bag draw")).response
    form = await alice.click(card, label="Fire")
    dice.script(9, 9, 9, 9, 9)  # five misses
    with counted(simcord_env, monkeypatch) as costs:
        await alice.submit_modal(form, {"target": ["u2"], "distance": "18"})
    assert labels(card) == ["Draw next"]
    assert_card_move(costs)

    await alice.slash(channel, "turn end", confirm=True)
    dice.script(1)  # turn 2: red again
    card = (await alice.slash(channel, "bag draw")).response
    await alice.click(card, label="Fire")
    dice.script(9, 9, 9, 9, 9)
    with counted(simcord_env, monkeypatch) as costs:
        await alice.click(card, label='Gangers · 18"')  # 🔁: one tap
    assert '(18")' in card_text(card)
    assert_card_move(costs)


def assert_card_move(costs: Costs) -> None:
    (move,) = costs.moves()
    assert costs.trips_of(move) == 1 and costs.parses == 0, str(costs)
    assert costs.reads == 1 and len(costs.bookkeeping()) == 1, str(costs)
    assert_pace_follows(costs)
    assert costs.requests == ["POST interactions"]  # the card, edited as the reply


async def test_a_roll_with_no_game_reads_the_channel_once(simcord_env, table, monkeypatch):
    """An untracked `/shoot` where no game runs: one read (is there a game, for its ruleset?)
    that also tells its reply there is nothing to offer; nothing written, nothing parsed.
    (The first command of a server also reads its settings and the member's language.)"""
    roll = {"weapon": "mag-gun", "models": 5, "acc": 5, "res": 5, "distance": 10}
    await shoot(table.alice, table.channel, **roll)
    with counted(simcord_env, monkeypatch) as costs:
        shot = await shoot(table.alice, table.channel, **roll)
    assert "Mag Gun" in shot.response.embeds[0].title and labels(shot.response) == []
    assert (costs.reads, costs.trips, costs.writes, costs.parses) == (1, 1, [], 0), str(costs)
    assert costs.requests == ["POST interactions"]


async def test_a_roll_in_a_game_reads_it_once_and_offers_draw_next(
    simcord_env, table, dice, monkeypatch
):
    """An untracked `/shoot` in a game this process last changed: its one read gives the
    ruleset and the next step (🎲 Draw next on the roll), parsing nothing."""
    await armies(table, activations="strict")
    roll = {"weapon": "mag-gun", "models": 5, "acc": 5, "res": 5, "distance": 10}
    with counted(simcord_env, monkeypatch) as costs:
        shot = await shoot(table.alice, table.channel, **roll)
    assert labels(shot.response) == [DRAW]
    assert (costs.reads, costs.parses) == (1, 0), str(costs)
    assert costs.moves() == [] and costs.paces() == []


def test_the_counter_tells_a_parse_from_a_copy():
    from core.antares.game import fork

    state = GameState(name="Vorl", host_id=1)
    with pytest.MonkeyPatch.context() as monkeypatch:
        copies: list[str] = []
        parse = GameState.model_validate_json

        def parsing(data, *args, **kwargs):
            copies.append(traceback.extract_stack(limit=2)[0].name)
            return parse(data, *args, **kwargs)

        monkeypatch.setattr(GameState, "model_validate_json", parsing)
        fork(state)
        GameState.model_validate_json(state.model_dump_json())
    assert copies == ["fork", "test_the_counter_tells_a_parse_from_a_copy"]
