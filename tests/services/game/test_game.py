"""The game services on a real SQLite store: concurrency, replays, undo, bad input (issue 4)."""

from __future__ import annotations

import asyncio
import itertools
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.antares.bag import census, eligible_units
from core.antares.game import GameState
from core.common.dice import SeededDice
from core.common.errors import AntaresError, BadInput, Conflict, NotAllowed, NotFound
from locales import LANGUAGES, catalog
from services.common.permissions import Actor
from services.common.servers import ServerSettings
from services.common.workers import Workers
from services.game.access import Call
from services.game.bag import BagService
from services.game.game import GameService
from services.game.settings import GameSettings
from services.game.units import UnitService
from storage.config import UNDO_STEPS
from storage.sqlite import SqliteStore
from tests.support.examples import examples

GUILD, CHANNEL = 77, 4242
HOST, BOB, CAROL = 1001, 2002, 3003
ids = itertools.count(10_000)


class Table:
    """The three game services on one store, as one bot process has them."""

    def __init__(self, store: SqliteStore, dice) -> None:
        servers = ServerSettings(store, "en")
        self.store = store
        self.workers = Workers()  # made on first use, closed with the store
        self.games = GameService(store, servers, dice, GameSettings(servers), workers=self.workers)
        self.units = UnitService(store, servers, dice)
        self.bag = BagService(store, servers, dice)


def call(user: int = HOST, channel: int = CHANNEL, interaction: int | None = None) -> Call:
    return Call(GUILD, channel, Actor(user), next(ids) if interaction is None else interaction)


async def open_table(path: Path, seed: int = 7) -> Table:
    store = SqliteStore(path)
    await store.open()
    return Table(store, SeededDice(seed))


async def stored(table: Table, channel: int = CHANNEL) -> tuple[str, int, int]:
    async with table.store.read() as tx:
        record = await tx.latest_game(channel)
        events = await tx.events(record.id)
    return record.state, record.version, len(events)


@pytest.fixture
async def table(tmp_path):
    opened = await open_table(tmp_path / "games.db")
    yield opened
    opened.workers.close()
    await opened.store.close()


async def test_fifty_simultaneous_draws_draw_one_die_and_refuse_the_rest(tmp_path):
    """Two stores on one file (as two processes), 25 draws each, all at once: one drawn die
    at a time, so exactly one draws and every other one sees its die waiting."""
    first, second = await open_table(tmp_path / "g.db", 1), await open_table(tmp_path / "g.db", 2)
    try:
        await first.games.start(call(), "Big")
        players = [HOST, BOB, CAROL, 4004, 5005]
        for n in range(50):
            owner = players[n % 5]
            await first.units.add(call(), f"Squad {n}", owner_id=owner, models=5)
        results = await asyncio.gather(
            *((first if n % 2 else second).bag.draw(call()) for n in range(50)),
            return_exceptions=True,
        )
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(refused) == 49
        assert {r.key for r in refused if isinstance(r, Conflict)} == {"bag.die_waiting"}
        async with first.store.read() as tx:
            record = await tx.running_game(CHANNEL)
            draws = [e for e in await tx.events(record.id) if e.kind == "draw"]
        state = GameState.model_validate_json(record.state)
        assert len(draws) == 1 and len(state.pending) == 1 and sum(state.bag.values()) == 49
        for line in census(state):
            assert line.total == line.expected == 10
        await first.bag.skip(call())  # the host puts it back: the bag is whole again
        state = GameState.model_validate_json((await stored(first))[0])
        assert state.pending == [] and sum(state.bag.values()) == 50
    finally:
        await first.store.close()
        await second.store.close()


async def test_two_clicks_on_draw_next_draw_one_die(table):
    game_id, _ = await table.games.start(call(), "Vorl")
    await table.units.add(call(), "Troopers", models=5, dice=3)
    await table.units.add(call(BOB), "Gangers", models=5, dice=3)
    results = await asyncio.gather(
        table.bag.draw(call(BOB), game_id),
        table.bag.draw(call(HOST), game_id),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, BaseException)]
    assert [r.key for r in refused if isinstance(r, Conflict)] == ["bag.die_waiting"]
    state = GameState.model_validate_json((await stored(table))[0])
    assert len(state.pending) == 1 and sum(state.bag.values()) == 5


async def test_a_replayed_interaction_changes_nothing(table):
    await table.games.start(call(interaction=1), "Vorl")
    with pytest.raises(Conflict) as again:
        await table.games.start(call(interaction=1, channel=CHANNEL + 1), "Other")
    assert again.value.key == "errors.replayed"
    await table.units.add(call(interaction=2), "Troopers", models=5)
    await table.units.add(call(BOB, interaction=3), "Gangers", models=5)
    await table.bag.draw(call(interaction=4))
    before = await stored(table)
    for replay in (
        table.bag.draw(call(interaction=4)),
        table.units.add(call(interaction=2), "Troopers 2"),
        table.units.pins(call(interaction=3), "add", "Troopers", 1),
        table.games.undo(call(interaction=4), 1),
        table.bag.end_turn(call(interaction=2)),
    ):
        with pytest.raises(Conflict) as replayed:
            await replay
        assert replayed.value.key == "errors.replayed"
    assert await stored(table) == before


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"name": "x" * 200}, "unit.name_too_long"),
        ({"name": ""}, "unit.name_empty"),
        ({"name": "troopers"}, "unit.name_taken"),
        ({"name": "New", "dice": 4}, "unit.dice_range"),
        ({"name": "New", "models": 101}, "unit.models_range"),
        ({"name": "New", "stats": {"acc": 21}}, "errors.stat_range"),
        ({"name": "New", "stats": {"res": -1}}, "errors.stat_range"),
        ({"name": "New", "kind": "dragon"}, "unit.unknown_kind"),
        ({"name": "New", "owner_id": BOB, "user": CAROL}, "game.for_others_host_only"),
    ],
)
async def test_bad_units_change_nothing(table, options, key):
    await table.games.start(call(), "Vorl")
    await table.units.add(call(), "Troopers", models=5)
    before = await stored(table)
    user = options.pop("user", HOST)
    with pytest.raises(AntaresError) as bad:
        await table.units.add(call(user), **options)
    assert bad.value.key == key
    assert await stored(table) == before


async def test_counts_and_permissions_change_nothing(table):
    await table.games.start(call(), "Vorl")
    await table.units.add(call(), "Troopers", models=5, stats={"co": 8})
    await table.units.add(call(BOB), "Gangers", models=5)
    before = await stored(table)
    attempts = [
        (table.units.casualties(call(), "Troopers", 0), "unit.casualties_range"),
        (table.units.casualties(call(), "Troopers", -3), "unit.casualties_range"),
        (table.units.casualties(call(), "Troopers", 6), "unit.casualties_range"),
        (table.units.pins(call(), "add", "Troopers", 0), "pins.count_range"),
        (table.units.pins(call(), "set", "Troopers", 51), "pins.range"),
        (table.units.pins(call(BOB), "add", "Troopers", 1), "unit.not_yours"),
        (table.units.pins(call(CAROL), "add", "Gangers", 1), "unit.not_yours"),
        (table.bag.draw(call(CAROL)), "game.players_only"),
        (table.bag.dispute(call(), "Gangers"), "bag.subvert_kind"),
        (table.bag.order(call(), "Troopers", "dance"), "order.unknown"),
        (table.bag.order(call(), "Troopers", "fire"), "order.no_pending_die"),
        (table.bag.order(call(), "99:u1", "fire"), "unit.other_game"),
        (table.games.undo(call(), 21), "game.undo_steps"),
        (table.games.undo(call(), 4), "game.undo_too_many"),
        (table.games.undo(call(CAROL), 1), "game.players_only"),
        (table.games.end(call(BOB), None, None), "game.host_only"),
        (table.games.set_rule(call(), "rally_pins_die", "7"), "ruleset.bad_value"),
        (table.games.set_rule(call(), "no_such_rule", "1"), "ruleset.unknown_key"),
        (table.bag.draw(call(), game_id=999), "game.stale_message"),
    ]
    for attempt, key in attempts:
        with pytest.raises(AntaresError) as refused:
            await attempt
        assert refused.value.key == key
    assert await stored(table) == before


async def test_no_game_and_an_ended_game(table):
    with pytest.raises(NotFound) as none:
        await table.bag.draw(call())
    assert none.value.key == "game.none_here"
    await table.games.start(call(), "Vorl")
    with pytest.raises(Conflict) as twice:
        await table.games.start(call(), "Again")
    assert twice.value.key == "game.already_running"
    closed = await table.games.end(call(), BOB, "  well   played ")
    assert closed.winner_id == BOB and closed.notes == "well played"
    before = await stored(table)
    for attempt in (
        table.units.add(call(), "Late"),
        table.bag.draw(call()),
        table.games.undo(call(), 1),
        table.games.end(call(), None, None),
    ):
        with pytest.raises(Conflict) as ended:
            await attempt
        assert ended.value.key == "game.ended"
    assert await stored(table) == before
    view = await table.games.status(CHANNEL)
    assert view.state.status == "ended" and view.closed == closed
    filename, blob = await table.games.export(CHANNEL)
    assert filename.endswith(".json") and json.loads(blob)["game"]["status"] == "ended"


async def test_undo_shows_and_reverts_exactly(table):
    await table.games.start(call(), "Vorl")
    await table.units.add(call(), "Troopers", models=5, stats={"co": 8})
    start = await table.games.status(CHANNEL)
    await table.units.pins(call(), "add", "Troopers", 2)
    await table.bag.draw(call())
    done = await table.games.undo(call(BOB if False else HOST), 2)
    assert [e.kind for e in done.entries] == ["draw", "pins_add"]
    assert done.state == start.state
    with pytest.raises(NotAllowed):
        await table.games.undo(call(CAROL), 1)
    await table.games.undo(call(), 1)  # the unit added
    with pytest.raises(Conflict) as nothing:
        await table.games.undo(call(), 1)
    assert nothing.value.key == "game.nothing_to_undo"
    log = await table.games.log(CHANNEL, 50)
    assert [(e.kind, e.undone) for e in log.entries] == [
        ("start", False),
        ("unit_add", True),
        ("pins_add", True),
        ("draw", True),
        ("undo", False),
        ("undo", False),
    ]


OPS = st.one_of(
    st.tuples(st.just("add"), st.integers(0, 2), st.integers(1, 6), st.integers(1, 3)),
    st.tuples(
        st.just("pins"),
        st.sampled_from(["add", "remove", "set"]),
        st.integers(0, 5),
        st.integers(0, 9),
    ),
    st.tuples(st.just("casualties"), st.integers(0, 5), st.integers(1, 4)),
    st.tuples(st.just("draw")),
    st.tuples(st.just("draw_order"), st.sampled_from(["fire", "run", "rally", "down"])),
    st.tuples(
        st.just("order"), st.integers(0, 5), st.sampled_from(["fire", "run", "rally", "down"])
    ),
    st.tuples(st.just("take"), st.integers(0, 5)),
    st.tuples(st.just("putback")),
    st.tuples(st.just("dispute"), st.integers(0, 5), st.integers(1, 2), st.integers(0, 2)),
    st.tuples(st.just("edit"), st.integers(0, 5), st.integers(1, 6), st.integers(1, 3)),
    st.tuples(st.just("remove"), st.integers(0, 5)),
    st.tuples(st.just("rule"), st.sampled_from(["rally_pins_die", "recovery_fail_removes_pin"])),
    st.tuples(st.just("turn_end")),
)
PLAYERS = (HOST, BOB, CAROL)


async def _apply(table: Table, op: tuple, state: GameState) -> None:
    units = list(state.units)
    name = (lambda i: units[i % len(units)]) if units else (lambda i: "nobody")
    kind = op[0]
    if kind == "add":
        await table.units.add(
            call(),
            f"U{state.next_unit}",
            owner_id=PLAYERS[op[1]],
            models=op[2],
            dice=op[3],
            stats={"co": 7},
            kind="vehicle" if op[2] % 2 else "infantry",  # a Subverter Matrix target or not
            gear=None if op[2] % 2 else "subverter-matrix",  # infantry carry one (000)
        )
    elif kind == "pins":
        await table.units.pins(call(), op[1], name(op[2]), op[3])
    elif kind == "casualties":
        await table.units.casualties(call(), name(op[1]), op[2])
    elif kind == "draw":
        await table.bag.draw(call())
    elif kind == "order_drawn":  # the second half of a draw_order
        die = state.pending[-1] if state.pending else None
        units = eligible_units(state, die.owner_id, die) if die else []
        await table.bag.order(call(), units[0].id if units else "nobody", op[1])
    elif kind == "order":
        await table.bag.order(call(), name(op[1]), op[2])
    elif kind == "take":
        await table.bag.take(call(), name(op[1]))
    elif kind == "putback":
        await table.bag.putback(call())
    elif kind == "dispute":
        in_play = [name(op[1])] if op[2] == 2 else None
        await table.bag.dispute(call(), name(op[1]), PLAYERS[op[3]], in_play)
    elif kind == "edit":
        await table.units.edit(call(), name(op[1]), models=op[2], dice=op[3])
    elif kind == "remove":
        await table.units.remove(call(), name(op[1]))
    elif kind == "rule":
        await table.games.set_rule(call(), op[1], "3" if op[1] == "rally_pins_die" else "on")
    elif kind == "turn_end":
        await table.bag.end_turn(call())


def _expanded(ops: list[tuple]) -> list[tuple]:
    """A draw_order is a draw, then an order to the first unit that can take the die."""
    steps = []
    for op in ops:
        steps += [("draw",), ("order_drawn", op[1])] if op[0] == "draw_order" else [op]
    return steps


async def _undo_everything(ops: list[tuple], seed: int, chunks: list[int]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        table = await open_table(Path(folder) / "undo.db", seed)
        try:
            await table.games.start(call(), "Property")
            history = [(await stored(table))[0]]
            for owner, models in zip(PLAYERS, (3, 5, 2), strict=True):
                await table.units.add(call(), f"First {owner}", owner_id=owner, models=models)
                history.append((await stored(table))[0])
            for op in _expanded(ops):
                state = GameState.model_validate_json(history[-1])
                try:
                    await _apply(table, op, state)
                except AntaresError:
                    continue
                history.append((await stored(table))[0])
                for line in census(GameState.model_validate_json(history[-1])):
                    assert line.total == line.expected and line.bag >= 0
            steps = itertools.cycle(chunks)
            # the store keeps the state before each of the last UNDO_STEPS changes only
            oldest = max(0, len(history) - 1 - UNDO_STEPS)
            while len(history) - 1 > oldest:
                count = min(next(steps), len(history) - 1 - oldest)
                await table.games.undo(call(), count)
                del history[-count:]
                assert GameState.model_validate_json((await stored(table))[0]) == (
                    GameState.model_validate_json(history[-1])
                )
                assert (await stored(table))[0] == history[-1]  # exactly, to the byte
            with pytest.raises(Conflict):  # the start, or a change beyond the undo history
                await table.games.undo(call(), 1)
        finally:
            await table.store.close()


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    ops=st.lists(OPS, min_size=1, max_size=30),
    seed=st.integers(0, 10_000),
    chunks=st.lists(st.integers(1, 20), min_size=1, max_size=5),
)
def test_undoing_every_change_gives_the_start_back(ops, seed, chunks):
    asyncio.run(_undo_everything(ops, seed, chunks))


def test_every_core_error_key_has_a_message():
    """Every key the game core can raise is in both catalogues (and says what to do)."""
    import re

    root = Path(__file__).resolve().parents[3] / "core" / "antares"
    keys = set()
    for module in ("game", "units", "bag", "orders", "turn", "end_tests", "ruleset", "tests"):
        text = (root / f"{module}.py").read_text()
        keys |= set(re.findall(r'(?:BadInput|NotFound|NotAllowed|Conflict)\(\s*"([\w.]+)"', text))
        keys |= set(re.findall(r'"(end_test\.[a-z_]+)"', text))
    keys |= {"game.name_empty", "game.name_too_long", "unit.name_empty", "unit.name_too_long"}
    messages = catalog().messages
    assert len(keys) > 40
    assert sorted(k for k in keys for lang in LANGUAGES if k not in messages[lang]) == []


async def test_bad_input_is_refused_before_any_write(table):
    await table.games.start(call(), "Vorl")
    with pytest.raises(BadInput):
        await table.games.log(CHANNEL, 51)
    with pytest.raises(BadInput):
        await table.games.end(call(), None, "x" * 600)
