"""Refusals of `/shoot`: bad weapons, modes, ranges, numbers, choices, units of another
game, someone else's shooter. Each is ephemeral, in the caller's language, and changes
nothing (the stored state, its version and the log are compared before and after).

discord.py does not enforce ranges or choices on incoming interactions (a modified client
can send anything), so those are sent through ``forged_options``.
"""

from __future__ import annotations

import pytest

from tests.discord.game_kit import forged_options, record_of, ref, state_of
from tests.discord.test_shoot_kit import armies, refused
from tests.support.locale import french

AT_GANGERS = {"shooter": "Troopers", "target": "Gangers", "models": 1}

BAD_SHOTS = [
    ({"weapon": "mag gnu", "distance": 10}, "No weapon called “mag gnu”. Did you mean: Mag Gun"),
    (
        {"weapon": "plasma-carbine", "mode": "lance", "distance": 10},
        "Plasma Carbine has no mode “lance”: choose one of Single Shot, Scatter.",
    ),
    (
        {"weapon": "plasma-carbine", "distance": 10},
        "Plasma Carbine has several firing modes: choose one in mode (Single Shot, Scatter).",
    ),
    (
        {"weapon": "mag-gun", "distance": 70},
        '70" is out of range of Mag Gun (bands 20" / 30" / 60"): move closer',
    ),
    ({"weapon": "x-launcher", "distance": 5}, 'its minimum range is 10"'),
    (
        {"weapon": "tractor-maul", "distance": 1},
        "Tractor Maul (Standard) is a close-combat weapon only: use </assault> with it.",
    ),
    ({"weapon": "mag-gun"}, "How far is the target? Give distance (inches) or band for Mag Gun."),
    ({"weapon": "mag-gun", "distance": 10, "extras": "large wings"}, "Unknown extra “wings”"),
    (
        {"weapon": "mag-gun", "distance": 10, "res_rerolls": "medic, priest"},
        "Unknown reroll source “priest”: write them like medic, medi-drone",
    ),
    (
        {"weapon": "mag-gun", "distance": 10, "ammo": "net"},
        "Net cannot be fired by Mag Gun: only by X-Launcher, X-Howitzer, Mag Mortar.",
    ),
]


@pytest.mark.parametrize(("options", "expected"), BAD_SHOTS)
async def test_bad_shots_are_refused(simcord_env, table, options, expected):
    await armies(table)
    await refused(
        simcord_env, table.channel, table.alice, "shoot", expected, **{**AT_GANGERS, **options}
    )


FORGED = [
    ({"models": 0}, "models must be between 1 and 100 (you gave 0)."),
    ({"models": 500}, "models must be between 1 and 100 (you gave 500)."),
    ({"res": 0}, "Res must be between 1 and 20 (you gave 0)."),
    ({"res": 40}, "Res must be between 1 and 20 (you gave 40)."),
    ({"distance": -3}, "The distance must be between 0 and 1000 inches (you gave -3)."),
    ({"cover": "heavy"}, "heavy is not a choice of cover: use one of none, light, dense."),
    ({"target_state": "flying"}, "flying is not a choice of target-state"),
    ({"order": "run"}, "A unit on a Run order cannot shoot: only Fire, Advance orders fire."),
    ({"targeters": 11}, "targeters must be between 0 and 10 (you gave 11)."),
]


@pytest.mark.parametrize(("options", "expected"), FORGED)
async def test_forged_values_are_refused(simcord_env, table, options, expected):
    await armies(table)
    shot = {**AT_GANGERS, "weapon": "mag-gun", "distance": 10, **options}
    with forged_options():
        await refused(simcord_env, table.channel, table.alice, "shoot", expected, **shot)


async def test_forged_values_without_a_game(simcord_env, table):
    with forged_options():
        for options, expected in (
            ({"models": 0}, "models must be between 1 and 100 (you gave 0)."),
            ({"res": 40}, "Res must be between 1 and 20 (you gave 40)."),
            ({"acc": 0}, "Acc must be between 1 and 20 (you gave 0)."),
        ):
            shot = {"weapon": "mag-gun", "models": 1, "acc": 5, "res": 5, "distance": 10}
            await refused(
                simcord_env, table.channel, table.alice, "shoot", expected, **{**shot, **options}
            )
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Without a shooter unit, give the shooter's acc",
        weapon="mag-gun",
        models=1,
        res=5,
        distance=10,
    )


async def test_a_unit_of_another_channels_game(simcord_env, table):
    await armies(table)
    other = table.guild.create_text_channel("table-2")
    await table.bob.slash(other, "game start", name="Elsewhere")
    await table.bob.slash(other, "unit add", name="Raiders", models=4, res=6)
    record = await record_of(simcord_env, other)
    raiders = ref(await state_of(simcord_env, other), record.id, "Raiders")
    expected = "That unit belongs to another game"
    shot = {"weapon": "mag-gun", "models": 1, "distance": 10}
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        expected,
        shooter="Troopers",
        target=raiders,
        **shot,
    )
    empty = table.guild.create_text_channel("table-3")
    await refused(simcord_env, empty, table.alice, "shoot", expected, acc=5, target=raiders, **shot)
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Cette unité appartient à une autre partie",
            shooter="Troopers",
            target=raiders,
            **shot,
        )
    assert (await state_of(simcord_env, other)).units["u1"].models == 4


async def test_only_the_shooters_owner_or_the_host_fires(simcord_env, table, dice):
    await armies(table)
    shot = {"weapon": "mag-gun", "models": 1, "distance": 10}
    await refused(
        simcord_env,
        table.channel,
        table.bob,
        "shoot",
        f"Troopers belongs to <@{table.alice.id}>",
        shooter="Troopers",
        target="Gangers",
        **shot,
    )
    carol = table.guild.add_member(simcord_env.create_user("carol"))
    await refused(
        simcord_env,
        table.channel,
        carol,
        "shoot",
        "Only this game's players",
        acc=5,
        target="Gangers",
        **shot,
    )
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Troopers cannot shoot at itself",
        shooter="Troopers",
        target="Troopers",
        **shot,
    )
    dice.script(9)  # Bob, a player, shoots at Troopers with an untracked shooter: a miss
    fired = await table.bob.slash(table.channel, "shoot", acc=5, target="Troopers", **shot)
    assert not fired.ephemeral
    dice.assert_used()


async def test_refusals_in_french(simcord_env, table):
    await armies(table)
    with french(), forged_options():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Aucune arme ne s'appelle « mag gnu ». Vouliez-vous dire : Mag Gun",
            weapon="mag gnu",
            distance=10,
            **AT_GANGERS,
        )
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            '70" est hors de portée de Mag Gun',
            weapon="mag-gun",
            distance=70,
            **AT_GANGERS,
        )
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Rés doit être entre 1 et 20 (vous avez donné 0).",
            weapon="mag-gun",
            distance=10,
            res=0,
            **AT_GANGERS,
        )
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Tractor Maul (Standard) est une arme de corps-à-corps uniquement : utilisez-la "
            "avec </assault>.",
            weapon="tractor-maul",
            distance=1,
            **AT_GANGERS,
        )
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "models doit être entre 1 et 100 (vous avez donné 500).",
            weapon="mag-gun",
            distance=10,
            **{**AT_GANGERS, "models": 500},
        )
