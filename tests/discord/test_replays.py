"""Every change a member can ask for is applied once (issue 13, "Replays").

The list is made from the bot itself (its command tree, the component classes of its cogs),
so a new command or button is covered without anyone remembering it: it must have an example
in MUTATING or a reason in READ_ONLY. Each example is delivered, then the very same
interaction (same id, same token) is delivered again, as Discord does on a gateway replay:
the second delivery must change nothing stored and log no bug (`services.common.applied_once`,
`cogs.common.errors`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pytest

from cogs.common.errors import is_expected
from tests.discord.army_kit import import_army, rosz
from tests.discord.replay_kit import (
    CLAIMS,
    Choose,
    Click,
    Of,
    Pick,
    Slash,
    changes,
    deliver_again,
    last_interaction,
    offered,
    prepare,
    put_back,
    run,
    stored,
)

COMMANDS, COMPONENTS = offered()

READ_ONLY = {
    "roll": "rolls dice, keeps nothing",
    "test": "rolls a test against a number, keeps nothing",
    "help": "shows help",
    "rule": "looks a rule up",
    "weapon": "looks a weapon up",
    "config ruleset": "shows the server's ruleset",
    "game status": "shows the game",
    "game log": "shows the game's log",
    "game export": "sends the game as a file",
    "game report": "sends the game's battle report as a file",
    "unit list": "shows the units",
    "unit show": "shows a unit",
    "mine list": "shows the mines",
    "marker list": "shows the markers",
    "campaign standings": "shows the standings",
    "campaign history": "shows the battles",
    "campaign stats": "shows a player's figures",
    "campaign export": "sends the campaign as files",
    "league factions": "shows the faction table and its chart",
    "PickUnit": "chooses the unit of a drawn die; its order button changes the game",
    "ConfirmLay.cancel": "closes the mine prompt, lays nothing",
    "ConfirmTurnEnd.cancel": "closes the end-of-turn prompt, ends nothing",
    "Pager.previous": "turns a reply's page",
    "Pager.next": "turns a reply's page",
    "Expired": "answers that a button made before a restart has expired, keeps nothing",
    "PageTurn": "turns a listing's page after a restart, rebuilt from what is stored",
    "ShootButton": "opens the shot's form (a replayed answer: test_shoot_buttons)",
    "MineButton": "opens the mine's form (a replayed answer: test_mine_button)",
    "RollAgain": "rolls the same dice again, keeps nothing",
    "Reveal": "posts a hidden roll's message to the channel, keeps nothing",
    "DriftButton": "asks which unit a drifted template covers (a message only the clicker sees)",
    "DriftPage": "turns the page of the drifted template's unit menu",
    "config data export": "sends the server's data as a file",
    "config data delete": "asks for a confirmation; its button deletes",
    "forget-me": "asks for a confirmation; its button forgets",
    "army import": "shows a preview only its author sees; its Confirm button saves",
    "army list": "shows a member's armies",
    "army show": "shows an army",
    "hex errement": "rolls Errement, keeps nothing",
    "hex advantage": "works the Advantage out, keeps nothing",
    "hex stacking": "checks a stack, keeps nothing",
    "hex sight": "checks a line of sight, keeps nothing",
    "hex move": "gives a movement cost, keeps nothing",
    "epic regeneration": "rolls Regeneration, keeps nothing",
    "epic dr": "rolls close defences, keeps nothing",
    "epic shot": "rolls a shot or an assault, keeps nothing",
    "odds": "tells a shot's exact odds, rolls and keeps nothing (its Roll it button shoots)",
    "game dice": "counts the dice of the game's log",
    "event show": "shows an event",
    "event lists": "shows the lists (or sends one's file)",
    "event standings": "shows the standings",
    "event missing": "shows the tables without a result",
    "event export": "sends the event as files",
}


@dataclass(frozen=True)
class WithArmy(Slash):
    """A command on Alice's army, imported from a roster and confirmed first (issue 18)."""

    async def arrange(self, world) -> None:
        await import_army(world.alice, world.channel, "algoryn")
        await super().arrange(world)


@dataclass(frozen=True)
class Away(Slash):
    """A `/me` command once Bob is away (`/me` answers privately, so not a `before` step)."""

    async def arrange(self, world) -> None:
        away = await world.bob.slash(world.channel, "me away", until="3d")
        assert away.ephemeral and "away until" in away.response.content
        await super().arrange(world)


@dataclass(frozen=True)
class InEvent(Slash):
    """An `/event` command once `steps` ran (their replies may be the member's alone)."""

    steps: tuple = ()

    async def arrange(self, world) -> None:
        for step in self.steps:
            await run(world, step)
        await super().arrange(world)


EVENT = ("admin", "event create", {"name": "Cup", "rounds": 1})
JOINED = (EVENT, ("alice", "event join", {}), ("bob", "event join", {}))
LISTED = (
    *JOINED,
    ("alice", "event list", {"file": ("a.rosz", rosz("boromite"))}),
    ("bob", "event list", {"file": ("b.rosz", rosz("isorian"))}),
)
PAIRED = (*LISTED, ("admin", "event pair", {}))
LISTED_TIMED = (
    ("admin", "event create", {"name": "Cup", "rounds": 1, "round-minutes": 60}),
    *LISTED[1:],
)


@dataclass(frozen=True)
class TableStart(Click):
    """The button is in the table's thread, under its first message, not on the reply."""

    async def arrange(self, world):
        for step in self.before:
            await run(world, step)
        await run(world, self.source)
        return world.channel.threads[0].history()[0]

    async def deliver(self, name: str, world, opening):
        return await getattr(world, self.by).click(opening, label=self.label)


RED_DIE = 1  # the game's bag: d3 → 1 draws Alice's red die, 2 or 3 a blue one of Bob's
DRAWN: tuple = (("alice", "bag draw", {}),)
FIRE = ("alice", "order", {"unit": "Troopers", "order": "fire"})
MINE = ("alice", "mine lay", {"unit": "Troopers"})
MARKER = ("bob", "marker place", {"type": "scrambler"})
VEHICLE = ("bob", "unit edit", {"unit": "Gangers", "kind": "vehicle", "co": 5})
CARRIER = ("alice", "unit edit", {"unit": "Troopers", "gear": "subverter-matrix"})
FRAG = {"weapon": "frag-borer", "models": 1, "shooter": "Troopers", "target": "Gangers"}
SCOUTS = ("alice", "unit add", {"name": "Scouts"})
GUN = ("alice", "unit edit", {"unit": "Troopers", "weapons": "Mag Gun"})
# the Troopers' activation: their die taken (no die rolled) and given Fire
# (core.antares.activations)
ACTIVE = (("alice", "bag take", {"unit": "Troopers"}), FIRE)
# more living units than a drifted template's menu on the reply holds (24)
CROWD = tuple(("bob", "unit add", {"name": f"Squad {n:02}", "models": 3}) for n in range(23))
LOCKED = (*ACTIVE, ("alice", "shoot", {**FRAG, "distance": 10}))  # a hit: the Lock is on
LOCK_DICE = (3, 5)  # Acc 6: 3 hits; Res 3: 5 fails (as in test_effects_kept.py)

CLOCK = ("alice", "game clock set", {"minutes": 30})
EPIC_GAME = (("alice", "game start", {"name": "Armageddon", "system": "epic"}),)

MUTATING = {
    "epic elite": Slash("alice", {"detachments": 2}, EPIC_GAME, game=False),
    "epic reroll": Slash(
        "alice",
        {"roll": "hit", "dice": "3 7"},
        (*EPIC_GAME, ("alice", "epic elite", {"detachments": 2})),
        game=False,
    ),
    "config language": Slash("admin", {"value": "en"}),
    "config gm-role": Slash("admin", {"role": Of("gm_role")}),
    "config rule": Slash("admin", {"setting": "cover_light", "value": "2"}),
    "config inline-lookups": Slash("admin", {"enabled": False}),
    "game start": Slash("alice", {"name": "Vorl"}, game=False),
    "game end": Slash("alice"),
    "game undo": Slash("bob"),  # his Gangers (the host plays: she would ask him, issue 31)
    "game leave": Slash("bob"),
    "game kick": Slash("alice", {"player": Of("bob")}),
    "game rules": Slash("alice", {"setting": "cover_light", "value": "2"}),
    "unit add": Slash("alice", {"name": "Scouts"}),
    "unit edit": Slash("alice", {"unit": "Troopers", "models": 4}),
    "unit remove": Slash("alice", {"unit": "Troopers"}),
    "unit casualties": Slash("bob", {"unit": "Gangers", "count": 1}),
    "unit test": Slash("alice", {"unit": "Troopers", "stat": "stat_co"}),
    "unit react": Slash(
        "bob",
        {"unit": "Gangers", "kind": "down"},
        (("bob", "unit edit", {"unit": "Gangers", "init": 6}),),
        dice=(3,),
    ),
    "unit moved": Slash("bob", {"unit": "Gangers"}, LOCKED, dice=LOCK_DICE),
    "unit lock-drop": Slash("alice", {"unit": "Troopers"}, LOCKED, dice=LOCK_DICE),
    "pins add": Slash("bob", {"unit": "Gangers"}),
    "pins remove": Slash("bob", {"unit": "Gangers"}, (("bob", "pins add", {"unit": "Gangers"}),)),
    "pins set": Slash("bob", {"unit": "Gangers", "count": 2}),
    "bag draw": Slash("alice"),
    "bag take": Slash("alice", {"unit": "Troopers"}),
    "bag putback": Slash("alice", before=(("bob", "bag draw", {}),), dice=(2,)),
    "bag skip": Slash("alice", before=DRAWN, dice=(RED_DIE,)),
    "bag dispute": Slash("alice", {"unit": "Gangers"}, (VEHICLE, CARRIER), dice=(7,)),
    "order": Slash("alice", {"unit": "Troopers", "order": "fire"}, DRAWN, dice=(RED_DIE,)),
    "turn end": Slash("alice", {"confirm": True}),
    "game ping": Slash("alice", {"on": False}),
    "game remind": Slash("alice", {"after": "12h"}),
    "game clock set": Slash("alice", {"minutes": 30}),
    "game clock pause": Slash("alice", before=(CLOCK,)),
    "game clock resume": Slash("alice", before=(CLOCK, ("alice", "game clock pause", {}))),
    "game clock off": Slash("alice", before=(CLOCK,)),
    "game dice-down": Slash("alice", {"at": "90m"}),
    # issue 33: the points kept during a game, one event each (undoable)
    "game vp": Slash("bob", {"score": "7-3"}),
    "me away": Slash("bob", {"until": "3d"}),
    "me back": Away("bob"),
    "me quiet": Slash("bob", {"from": 22, "to": 8}),
    # a weekly night: its next evening's timer is stored (the event itself is Discord's)
    "club night": Slash("admin", {"when": "20:00", "weeks": 2}),
    "game board": Slash("alice", {"on": True}),
    # issue 34: revoking moves the game's link epoch on (the web board's settings: WEB_LINKS)
    "game web": Slash("alice", {"revoke": True}),
    "campaign record": Slash("admin", {"player-a": "alice", "player-b": "bob", "result": "draw"}),
    "campaign correct": Slash("admin", {"battle": 1, "vp-a": 5}),
    "campaign delete": Slash("admin", {"battle": 1}),
    "campaign create": Slash("admin", {"name": "Summer cup"}),
    "campaign current": Slash(
        "admin", {"campaign": "Summer cup"}, (("admin", "campaign create", {"name": "Summer cup"}),)
    ),
    "campaign join": Slash("carol", {"faction": "ghar", "army": "Crawlers"}),
    "campaign leave": Slash("alice"),
    "campaign add-player": Slash(
        "admin", {"member": Of("carol"), "faction": "ghar", "army": "Crawlers"}
    ),
    "campaign remove-player": Slash("admin", {"player": "bob"}),
    "campaign add-organiser": Slash("admin", {"member": Of("carol")}),
    "campaign archive": Slash("admin"),
    "mine lay": Slash("alice", {"unit": "Troopers"}, DRAWN, dice=(RED_DIE,)),
    "mine trigger": Slash(
        "alice", {"mine": "1", "target": "Gangers"}, (*DRAWN, MINE), dice=(RED_DIE,)
    ),
    "mine remove": Slash("alice", {"mine": "1"}, (*DRAWN, MINE), dice=(RED_DIE,)),
    "marker place": Slash("bob", {"type": "scrambler", "location": "ford"}),
    "marker remove": Slash("bob", {"marker": "1"}, (MARKER,)),
    "marker affect": Slash("bob", {"marker": "1", "unit": "Gangers"}, (MARKER,)),
    "marker jam-proof": Slash("bob", {"unit": "Gangers"}),
    "shoot": Slash("alice", {**FRAG, "weapon": "mag-gun", "distance": 10}, ACTIVE),
    "assault": Slash("alice", {"attacker": "Troopers", "defender": "Gangers"}),
    "damage": Slash("alice", {"table": "vehicle", "unit": "Gangers"}),
    "army delete": WithArmy("alice", {"name": "Vorl Strike Force"}),
    "army deploy": WithArmy("alice", {"name": "Vorl Strike Force"}),
    "event create": Slash("admin", {"name": "Cup"}, game=False),
    "event join": InEvent("carol", steps=(EVENT,), game=False),
    "event leave": InEvent("alice", steps=JOINED, game=False),
    "event check-in": InEvent("alice", steps=JOINED, game=False),
    "event list": InEvent(
        "alice", {"file": ("a.rosz", rosz("boromite"))}, steps=JOINED, game=False
    ),  # fmt: skip
    "event add": InEvent("admin", {"member": Of("carol")}, steps=(EVENT,), game=False),
    "event drop": InEvent("admin", {"member": Of("alice")}, steps=JOINED, game=False),
    "event replace": InEvent(
        "admin", {"member": Of("alice"), "by": Of("carol")}, steps=JOINED, game=False
    ),  # fmt: skip
    "event unlock": InEvent("admin", {"member": Of("alice")}, steps=LISTED, game=False),
    "event reveal": InEvent("admin", steps=(EVENT,), game=False),
    "event pair": InEvent("admin", steps=LISTED, game=False),
    "event result": InEvent(
        "admin", {"table": 1, "winner": Of("alice")}, steps=PAIRED, game=False
    ),  # fmt: skip
    "event finish": InEvent(
        "admin", steps=(*PAIRED, ("admin", "event result", {"table": 1})), game=False
    ),  # fmt: skip
    # the Join button under the announcement
    "JoinEvent": Click("carol", EVENT, "Join", game=False),
    # ▶ Start the game in a table's thread: the table's game, with its round timer
    "StartTable": TableStart(
        "admin", ("admin", "event pair", {}), "▶ Start the game", before=LISTED_TIMED, game=False
    ),  # fmt: skip
    # the previewed army saved (Cancel shares the class and saves nothing)
    "ConfirmArmy": Click(
        "alice", ("alice", "army import", {"file": ("a.rosz", rosz("algoryn"))}), "Confirm"
    ),
    # one drawn die at a time: the first is given its order, whose reply offers "Draw next"
    "DrawNext": Click("alice", FIRE, "Draw next", before=DRAWN, dice=(RED_DIE, 2)),
    "OrderButton": Click("alice", DRAWN[0], "Fire", dice=(RED_DIE,)),
    # the activation card's one menu: the unit and its order (two units can take the die)
    "UnitOrderPick": Pick("alice", DRAWN[0], "u1:fire", before=(SCOUTS,), dice=(RED_DIE,)),
    # ✅ Done on the Fire order's reply ends the Troopers' activation (issue 31)
    "DoneButton": Click("alice", FIRE, "Done", before=DRAWN, dice=(RED_DIE,)),
    # the prompt's view stops once answered: discord.py drops a replayed click (and the claim
    # would refuse one that came while the view still listened)
    "ConfirmLay.confirm": Click(
        "alice",
        ("alice", "mine lay", {"unit": "Troopers", "spacing-ok": False}),
        "Lay it anyway",
        before=DRAWN,
        dice=(RED_DIE,),
    ),
    "ConfirmTurnEnd.confirm": Click("alice", ("alice", "turn end", {}), "End the turn"),
    # the server's data deleted once confirmed (forget-me shares the class)
    "ConfirmData": Click("admin", ("admin", "config data delete", {}), "Delete everything"),
    # Bob asks to undo Alice's pin; she allows it (Refuse shares the class and changes nothing)
    "UndoConsent": Click(
        "alice",
        ("bob", "game undo", {}),
        "Allow undo",
        before=(("alice", "pins add", {"unit": "Troopers"}),),
    ),
    # Alice records her win over Bob; Bob confirms it (Refuse shares the class: it deletes)
    "BattleConsent": Click(
        "bob",
        (
            "alice",
            "campaign record",
            {"player-a": "alice", "player-b": "bob", "result": "win", "winner": "alice"},
        ),
        "Confirm",
        game=False,
    ),
    # Shoot again in the Troopers' next activation (the next turn: their die taken again)
    # a shot held back for the Gangers' reaction (a 30 s window); Bob goes Down, the shot
    # goes ahead (Init 3 passes, five misses)
    "ReactButton": Click(
        "bob",
        ("alice", "shoot", {**FRAG, "weapon": "mag-gun", "distance": 10}),
        "Down",
        before=(
            ("alice", "game rules", {"setting": "reaction_window", "value": "30"}),
            ("bob", "unit edit", {"unit": "Gangers", "init": 6}),
            *ACTIVE,
        ),
        dice=(3, 9, 9, 9, 9, 9),
    ),
    "ShootAgain": Click(
        "alice",
        ("alice", "shoot", {**FRAG, "weapon": "mag-gun", "distance": 10}),
        "Shoot again",
        before=ACTIVE,
        then=(("alice", "turn end", {"confirm": True}), *ACTIVE),
    ),
    # 🔁 on the activation card, in the Troopers' next activation: their Mag Gun at the Gangers,
    # 10" away, as their last shot (the next turn: their die taken again, the order typed)
    "Repeat": Click(
        "alice",
        FIRE,
        'Gangers · 10"',
        before=(
            GUN,
            *ACTIVE,
            ("alice", "shoot", {**FRAG, "weapon": "mag-gun", "distance": 10}),
            ("alice", "turn end", {"confirm": True}),
            ("alice", "bag take", {"unit": "Troopers"}),
        ),
    ),
    # 🎲 Roll it under `/odds` fires the shot through `/shoot` (issue 19)
    "RollIt": Click(
        "alice",
        ("alice", "odds", {**FRAG, "weapon": "mag-gun", "distance": 10}),
        "Roll it",
        before=ACTIVE,
    ),
    # an X-Launcher's template drifts (Acc 7 misses, D5 3", D12 4); it covers the Troopers,
    # picked in the reply's own menu (issue 31 §2)
    "DriftLand": Pick(
        "alice",
        ("alice", "shoot", {**FRAG, "weapon": "x-launcher", "distance": 20}),
        "u1",
        before=ACTIVE,
        dice=(7, 3, 4),
    ),
    # the same with more units than the reply's menu holds: 💥, then the menu only Alice sees
    "DriftPick": Choose(
        "alice",
        ("alice", "shoot", {**FRAG, "weapon": "x-launcher", "distance": 20}),
        "Template 1 drifted: resolve its hits",
        "u1",
        before=(*CROWD, *ACTIVE),
        dice=(7, 3, 4),
    ),
}


def test_the_bot_offers_what_the_tables_classify():
    """No stale entry: each classified name is still a command or a component of the bot
    (and the enumeration sees commands, subcommands, dynamic items and view buttons)."""
    offered_names = set(COMMANDS) | set(COMPONENTS)
    assert {"roll", "campaign join", "DrawNext", "Pager.next"} <= offered_names
    assert set(MUTATING) | set(READ_ONLY) <= offered_names
    assert not set(MUTATING) & set(READ_ONLY)


WEB_LINKS = pytest.mark.settings(web_base_url="https://antares.example.org")


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=WEB_LINKS) if n == "game web" else n
        for n in COMMANDS + COMPONENTS
        if n not in READ_ONLY
    ],
)
async def test_a_replayed_change_changes_nothing(name, simcord_env, table, dice, settings, caplog):
    """Delivered twice, applied once: the replay as it comes, then again after the change was
    undone by other means (only the claimed interaction id remembers it; issue 13:
    `/campaign join`, `/campaign leave`, the replayed join)."""
    assert name in MUTATING, f"{name}: add an example to MUTATING, or a reason to READ_ONLY"
    example = MUTATING[name]
    world = await prepare(simcord_env, table, game=example.game)
    dice.script(*example.dice)
    arranged = await example.arrange(world)
    before = stored(settings)
    first = await example.deliver(name, world, arranged)
    payload = last_interaction(simcord_env)
    assert changes(before, stored(settings)) - {CLAIMS}, _shown(first)

    delivered = _count_deliveries(simcord_env)
    await _replay_changes_nothing(simcord_env, settings, caplog, payload)
    put_back(settings, before)
    await _replay_changes_nothing(simcord_env, settings, caplog, payload)
    assert delivered() == 2, "the replays reached the bot"


async def test_a_replayed_join_after_a_leave_joins_nobody(simcord_env, table):
    """Issue 13: `/campaign join`, `/campaign leave`, then Discord delivers the join again."""
    world = await prepare(simcord_env, table, game=False)
    await world.carol.slash(world.channel, "campaign join", faction="ghar", army="Crawlers")
    join = last_interaction(simcord_env)
    left = await world.carol.slash(world.channel, "campaign leave")
    assert not left.ephemeral, left.response.content
    await deliver_again(simcord_env, join)
    snapshot = await simcord_env.bot.services.campaigns.snapshot(table.guild.id, None)
    assert not snapshot.member(world.carol.id).player


async def test_a_replayed_gm_role_undoes_no_later_change(simcord_env, table):
    """Issue 13: `/config gm-role GMs`, `/config gm-role` (none), then the first again."""
    world = await prepare(simcord_env, table, game=False)
    await world.admin.slash(world.channel, "config gm-role", role=world.gm_role)
    chosen = last_interaction(simcord_env)
    cleared = await world.admin.slash(world.channel, "config gm-role")
    assert not cleared.ephemeral, cleared.response.content
    await deliver_again(simcord_env, chosen)
    assert await simcord_env.bot.services.game_settings.gm_role(table.guild.id) is None


async def test_a_replayed_look_up_logs_no_bug(simcord_env, table, settings, caplog):
    """A read-only command answers again on a replay: Discord refuses (40060), not a bug."""
    await prepare(simcord_env, table, game=True)
    shown = await table.alice.slash(table.channel, "game status")
    assert not shown.ephemeral
    errors = simcord_env.error_cursor
    await _replay_changes_nothing(simcord_env, settings, caplog, last_interaction(simcord_env))
    assert simcord_env.errors_since(errors), "the reply to the replay failed (as on Discord)"


async def _replay_changes_nothing(env, settings, caplog, payload) -> None:
    """Deliver `payload` again: nothing stored changes, no error is logged or counted a bug."""
    before, errors = stored(settings), env.error_cursor
    caplog.clear()
    await deliver_again(env, payload)
    assert changes(before, stored(settings)) == set()
    assert [e for e in env.errors_since(errors) if not is_expected(e)] == []
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


def _shown(result) -> str:
    return result.response.content if result.response else "(no reply)"


def _count_deliveries(env):
    """How many interactions the bot receives from now on (discord.py's `on_interaction`)."""
    seen = []

    async def on_interaction(interaction) -> None:
        seen.append(interaction.id)

    env.bot.add_listener(on_interaction)
    return lambda: len(seen)
