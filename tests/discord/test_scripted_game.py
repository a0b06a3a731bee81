"""Issue 22, "Measure it": the same 3-turn game for two players, 8 units (Boromites against
Algoryn), played the shortest way the bot offers (scripted_game_kit), its slash commands,
typed options and clicks counted, printed (`pytest -s`) and bounded.

The armies: profiles of rules-notes "Example unit profiles" (AI Trooper, Ganger, Rock Rider,
Brood Mother), weapons from the armouries of seeds 003 (Algoryn: Mag Repeater, Mag Mortar)
and 000 (Boromite: Mag Light Support, Mag Cannon, Plasma Carbine), Mag Guns on both sides.
The dice come from the tests' seeded generator: the same game every run.
"""

from __future__ import annotations

from tests.discord.scripted_game_kit import DISTANCE, Play
from tests.discord.test_shoot_kit import hyphenated

TURNS = 3
# The same game as issue 22 counted it before the buttons: 53 slash commands (15 of them
# `/shoot`, 5 to 7 options each) and 71 clicks.
BEFORE = {"slash commands": 53, "clicks": 71, "shoot": 15}
# What this game takes now (measured): a regression bound, the totals may only go down.
AFTER = {"slash commands": 13, "typed options": 67, "clicks": 96}
ALGORYN = [  # Alice's
    {
        "name": "AI Squad",
        "models": 5,
        "acc": 5,
        "res": 6,
        "co": 8,
        "armour": "reflex",
        "weapons": "Mag Gun x4, Mag Repeater x1",
    },
    {
        "name": "AI Command",
        "models": 3,
        "acc": 5,
        "res": 6,
        "co": 9,
        "armour": "reflex",
        "weapons": "Mag Gun",
    },
    {
        "name": "AI Mortar Team",
        "models": 2,
        "acc": 5,
        "res": 6,
        "co": 8,
        "armour": "reflex",
        "weapons": "Mag Mortar x1",
    },
    {
        "name": "Intruders",
        "models": 3,
        "dice": 2,
        "acc": 5,
        "res": 6,
        "co": 8,
        "armour": "reflex",
        "weapons": "Mag Repeater",
    },
]
BOROMITES = [  # Bob's
    {
        "name": "Work Gang",
        "models": 6,
        "acc": 5,
        "res": 6,
        "co": 9,
        "armour": "reflex",
        "weapons": "Mag Gun x5, Mag Light Support x1",
    },
    {
        "name": "Rock Riders",
        "models": 3,
        "acc": 5,
        "res": 7,
        "co": 9,
        "armour": "reflex",
        "weapons": "Mag Gun",
    },
    {
        "name": "Heavy Team",
        "models": 2,
        "acc": 5,
        "res": 6,
        "co": 9,
        "armour": "reflex",
        "weapons": "Mag Cannon x1",
    },
    {
        "name": "Brood Mother",
        "models": 1,
        "acc": 5,
        "res": 15,
        "co": 9,
        "weapons": "Plasma Carbine",
    },
]


async def test_the_scripted_game_counts_its_taps(simcord_env, table, dice):
    play = Play(simcord_env, table)
    await play.slash(table.alice, "game start", name="Ridge")
    for member, army in ((table.alice, ALGORYN), (table.bob, BOROMITES)):
        for unit in army:
            await play.slash(member, "unit add", **hyphenated(unit))
    for _ in range(TURNS):
        await play.turn()
    tally = play.tally
    figures = tally.table(BEFORE)
    print("\n" + figures)
    assert (await play.state()).turn == TURNS + 1, figures
    # every shot of a tracked unit: nothing typed but its distance (🔁: nothing at all)
    assert tally.commands["shoot"] == 0, figures
    assert all(shot.typed in ([], [DISTANCE]) for shot in tally.shots), figures
    assert all(shot.typed == [] for shot in tally.shots if shot.way == "🔁"), figures
    over = {k: (v, AFTER[k]) for k, v in tally.figures().items() if v > AFTER[k]}
    assert not over, f"more than measured (now, bound): {over}\n{figures}"
