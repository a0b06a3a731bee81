"""Army import (issue 18): a `.rosz` uploaded through the real slash command, confirmed,
deployed into the channel's game as one undoable step, and a deployed unit shooting with
its weapon's special rules — in English and French.

Rules cited: seed 003 (Algoryn) weapon table, Mag Repeater "TR2" (RF2: two Acc dice per
model); seed 002 (Isorian) weapon table, "Plasma Carbine - Dispersion" (Scatter, TR2);
seeds "PROBES (SONDES)" (probes form units of their own).
"""

from __future__ import annotations

import pytest

from tests.discord.army_kit import import_army
from tests.discord.game_kit import state_of
from tests.discord.test_shoot_kit import faces, shoot, shown
from tests.support.locale import french


async def game_with_a_target(table) -> None:
    started = await table.alice.slash(table.channel, "game start", name="Vorl", activations="free")
    assert not started.ephemeral, started.response.content
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, co=9, res=6)


async def test_an_algoryn_roster_is_imported_deployed_undone_and_shoots(simcord_env, table, dice):
    await game_with_a_target(table)
    text, saved = await import_army(table.alice, table.channel, "algoryn")
    assert "**Vorl Strike Force** — Algoryn Prosperate, 655 pts, 4 units, 15 models" in text
    assert "**AI Command Squad** — 5 models · Ag 5 Acc 5 Str 5 Res 5 Init 8 Co 9" in text
    assert "Micro-X Launcher ×1" in text and "ammo: overload" in text
    assert "Targeter Probe ×2" in text and "reflex armour" in text
    # the roster's figure that differs from seed 003's weapon table (Mag Light Support SV 2)
    assert "AI Support Team: Mag Light Support — sv 3 in the roster, 2 in the armouries." in text
    assert "weapon “Scourer Cannon” is not in the rules database" in text
    assert "“Gravitic Thrusters” is not in the rules database" in text
    assert saved == (
        "✅ **Vorl Strike Force** saved (4 units). Put it in a game with </army deploy>."
    )

    deployed = await table.alice.slash(table.channel, "army deploy", name="Vorl Strike Force")
    assert not deployed.ephemeral, deployed.response.content
    assert "deployed **Vorl Strike Force**" in deployed.response.content
    state = await state_of(simcord_env, table.channel)
    units = {u.name: u for u in state.units.values()}
    command = units["AI Command Squad"]
    assert (command.models, command.armour, command.stats["co"]) == (5, "reflex", 9)
    assert command.gear == {"spotter_drone": 1, "leader": 2, "command": 1, "follow": 1}
    assert [w.weapon for w in command.weapons] == ["mag-gun"]
    probes = units["AI Command Squad Targeter Probe"]
    assert (probes.kind, probes.models) == ("probe", 2)
    strike = units["AI Strike Squad"]
    assert [(w.weapon, w.count) for w in strike.weapons] == [
        ("mag-repeater", None),
        ("micro-x-launcher", 1),
    ]
    assert "Scourer Cannon" in units["Scourer Lancers"].notes  # kept with the roster's figures

    undone = await table.alice.slash(table.channel, "game undo")
    assert not undone.ephemeral, undone.response.content
    after = await state_of(simcord_env, table.channel)
    assert [u.name for u in after.units.values() if not u.destroyed] == ["Gangers"]

    await table.alice.slash(
        table.channel, "army deploy", name="Vorl Strike Force", units="AI Strike Squad"
    )
    dice.script(*[9] * 10)  # RF2: 5 models, two Acc dice each (seed 003, Mag Repeater TR2)
    fired = await shoot(
        table.alice,
        table.channel,
        shooter="AI Strike Squad",
        weapon="mag-repeater",
        target="Gangers",
        distance=10,
    )
    assert not fired.ephemeral, fired.response.content
    dice.assert_used()
    assert faces(shown(fired)).count(9) == 10


async def test_an_isorian_roster_in_french(simcord_env, table, dice):
    await game_with_a_target(table)
    with french():
        text, saved = await import_army(
            table.alice, table.channel, "isorian", confirm="Confirmer", name="Tessera"
        )
        assert "**Tessera** — Shard Isorien, 480 pts, 3 unités, 12 figurines" in text
        assert "armure de phase" in text and "Scout Probe ×3" in text
        assert saved.startswith("✅ **Tessera** enregistrée (3 unités).")
        deployed = await table.alice.slash(table.channel, "army deploy", name="tessera")
        assert "a déployé **Tessera**" in deployed.response.content
        state = await state_of(simcord_env, table.channel)
        units = {u.name: u for u in state.units.values()}
        assert units["Phase Squad"].gear == {"leader": 1, "shield_drone": 2}
        assert units["Phase Squad Scout Probe"].kind == "probe"
        dice.script(*[9] * 8)  # Scatter, TR2: 4 models, two Acc dice each (seed 002)
        fired = await shoot(
            table.alice,
            table.channel,
            shooter="Senatex Phase Troopers",
            weapon="plasma-carbine",
            mode="scatter",
            target="Gangers",
            distance=10,
        )
    assert not fired.ephemeral, fired.response.content
    dice.assert_used()
    assert faces(shown(fired)).count(9) == 8


@pytest.mark.parametrize(
    ("figures", "kept", "res_dice", "left"),
    [("seeds", [], (4, 4, 4), 5), ("roster", [("standard", 3)], (4, 4, 4, 1), 2)],
)
async def test_the_seeds_figures_or_the_rosters(
    simcord_env, table, dice, figures, kept, res_dice, left
):
    """The Mag Light Support: SV 2 in seed 003's weapon table, SV 3 in the roster. Gangers
    Res 6: a hit is saved on 4 or less against SV 2, on 3 or less against SV 3 (then three
    casualties of five: a break test, passed on 1)."""
    await game_with_a_target(table)
    await import_army(table.alice, table.channel, "algoryn", figures=figures)
    await table.alice.slash(
        table.channel, "army deploy", name="Vorl Strike Force", units="AI Support Team"
    )
    (mls,) = (await state_of(simcord_env, table.channel)).units["u2"].weapons
    assert [(f.mode, f.sv) for f in mls.figures] == kept
    dice.script(2, 2, 2, *res_dice)  # RF3 (one model): three hits, three Res dice of 4
    fired = await shoot(
        table.alice, table.channel, shooter="AI Support Team", target="Gangers", distance=10
    )
    assert not fired.ephemeral, fired.response.content
    dice.assert_used()
    assert (await state_of(simcord_env, table.channel)).units["u1"].models == left


async def test_odds_and_the_luck_line_read_the_rosters_figures(simcord_env, table, dice):
    """A unit deployed with `figures:roster` shoots with them, and `/odds` and the luck line
    read the same shot (issue 29): the Mag Light Support's SV 3 (roster; SV 2 in seed 003's
    table). RF3 at Acc 5 + 1 (Fire): 0.6 a hit; Res 6 − SV 3 = 3 or less saves: 0.7 a loss;
    casualties 3 × 0.6 × 0.7 = 1.26 (1.08 with the seeds' SV 2). Three casualties come
    with chance 0.42³: the roll is better than 1 − 0.074 = 93% of outcomes."""
    await game_with_a_target(table)
    await import_army(table.alice, table.channel, "algoryn", figures="roster")
    await table.alice.slash(
        table.channel, "army deploy", name="Vorl Strike Force", units="AI Support Team"
    )
    at_gangers = {"shooter": "AI Support Team", "target": "Gangers", "distance": 10}
    told = shown(await table.alice.slash(table.channel, "odds", **at_gangers))
    assert "hits **1.80** · casualties **1.26**" in told
    dice.script(2, 2, 2, 4, 4, 4, 1)  # three hits, three Res dice of 4; a break test of 1
    fired = shown(await shoot(table.alice, table.channel, **at_gangers))
    assert "passes on **3** or less" in fired
    assert "🍀 This roll is better than **93%** of outcomes" in fired
    dice.assert_used()
