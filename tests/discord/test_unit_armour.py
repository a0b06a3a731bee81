"""Units carry their armour (issue 21, part 1): a base Res plus an armour type that every
resolver applies by its rule — 000/003 "ARMURES RÉFLEXES" (reflex +1, mounted reflex +2),
002 "ARMURES À PHASES" (+1 within 10", tirs à bout portant et corps-à-corps inclus; +2
beyond), "SCRAMBLER (Brouilleur)": "Annule tous les bonus d'armure"."""

from __future__ import annotations

import json

from services.common.applied_once import once
from tests.discord.game_kit import forged_options, record_of, state_of
from tests.discord.test_shoot_kit import assault, refused, shoot, shown
from tests.support.locale import french


def stats_field(message) -> str:
    fields = message.embeds[0].to_dict()["fields"]
    return next(f["value"] for f in fields if f["name"] in ("Stats", "Caractéristiques"))


async def phase_and_reflex(table) -> None:
    """Alice's Troopers (Acc 5, Str 5, Res 5, reflex); Bob's Phase Troopers (Res 5, phase)."""
    await table.alice.slash(table.channel, "game start", name="Vorl", activations="free")
    await table.alice.slash(
        table.channel,
        "unit add",
        name="Troopers",
        models=5,
        co=8,
        acc=5,
        str=5,
        res=5,
        armour="reflex",
    )
    await table.bob.slash(
        table.channel,
        "unit add",
        name="Phase Troopers",
        models=5,
        co=8,
        acc=5,
        str=5,
        res=5,
        armour="phase",
    )


async def test_the_unit_card_shows_base_res_and_armour(simcord_env, table):
    await phase_and_reflex(table)
    shown_en = await table.bob.slash(table.channel, "unit show", unit="Troopers")
    assert "Res 5 + reflex 1" in stats_field(shown_en.response)
    with french():
        shown_fr = await table.bob.slash(table.channel, "unit show", unit="Phase Troopers")
    assert 'Rés 5 + à phases 1 à 10" ou moins, 2 au-delà' in stats_field(shown_fr.response)
    edited = await table.alice.slash(
        table.channel, "unit edit", unit="Troopers", armour="mounted_reflex"
    )
    assert "armour" in edited.response.content
    troopers = (await state_of(simcord_env, table.channel)).units["u1"]
    assert (troopers.stats["res"], troopers.armour) == (5, "mounted_reflex")


async def test_phase_armour_depends_on_the_range(simcord_env, table, dice):
    """002 "ARMURES À PHASES": "Portée < 10", +1"; "Portée > 10", +2"."""
    await phase_and_reflex(table)
    dice.script(4, 3)  # Acc 6: a hit; Res 5 + 1 − SV 1 = 5: passed
    near = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=1,
        shooter="Troopers",
        target="Phase Troopers",
        distance=5,
    )
    assert "**Res** 5 · phase armour +1 − SV 1 → passes on **5** or less" in shown(near)
    dice.script(4, 3)
    with french():
        far = await shoot(
            table.alice,
            table.channel,
            weapon="mag-gun",
            models=1,
            shooter="Troopers",
            target="Phase Troopers",
            distance=15,
        )
    assert "**Rés** 5 · armure à phases +2 − VI 1 → réussit sur **6** ou moins" in shown(far)
    dice.assert_used()


async def test_a_typed_armour_replaces_the_units_never_adds(simcord_env, table, dice):
    """`/shoot armour:` on a tracked target stands for that shot: reflex on a reflex unit
    counts once, `none` takes it off."""
    await phase_and_reflex(table)
    dice.script(4, 3, 4, 3)
    once = await shoot(
        table.bob,
        table.channel,
        weapon="mag-gun",
        models=1,
        shooter="Phase Troopers",
        target="Troopers",
        distance=12,
        armour="reflex",
    )
    assert "**Res** 5 · reflex armour +1 − SV 1 → passes on **5** or less" in shown(once)
    bare = await shoot(
        table.bob,
        table.channel,
        weapon="mag-gun",
        models=1,
        shooter="Phase Troopers",
        target="Troopers",
        distance=12,
        armour="none",
    )
    assert "**Res** 5 − SV 1 → passes on **4** or less" in shown(bare)


async def test_a_scrambler_cancels_a_tracked_units_armour(simcord_env, table, dice):
    """ "SCRAMBLER (Brouilleur)": armour bonuses cancelled within 3" of an enemy Scrambler."""
    await phase_and_reflex(table)
    await table.alice.slash(
        table.channel, "marker place", type="scrambler", weapon="x-launcher", location="hill"
    )
    await table.alice.slash(table.channel, "marker affect", marker="1", unit="Phase Troopers")
    dice.script(4, 3)
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=1,
        shooter="Troopers",
        target="Phase Troopers",
        distance=15,
    )
    assert "**Res** 5 − SV 1 → passes on **4** or less" in shown(fired)


async def test_phase_armour_counts_plus_one_in_close_combat(simcord_env, table):
    """002 "ARMURES À PHASES": +1 "(tirs à bout portant et combats à corps-à-corps inclus)"."""
    await phase_and_reflex(table)
    fought = await assault(
        table.alice, table.channel, attacker="Troopers", defender="Phase Troopers"
    )
    assert "**Res** 5 · phase armour +1 − SV 0" in shown(fought)


async def test_a_game_stored_before_armour_was_tracked_keeps_its_res(simcord_env, table, dice):
    """A unit saved without an armour type keeps its Res as its base, armour "none"."""
    await table.alice.slash(table.channel, "game start", name="Vorl", activations="free")
    await table.alice.slash(table.channel, "unit add", name="Troopers", models=5, acc=5)
    await table.bob.slash(table.channel, "unit add", name="Gangers", models=5, res=7)
    record = await record_of(simcord_env, table.channel)
    old = json.loads(record.state)
    for unit in old["units"].values():
        for new_field in ("armour", "gear", "commander_id", "hero_id"):
            unit.pop(new_field, None)
    # through `once`, as every change is: the bot's processes hear of it and read it again
    async with once(simcord_env.bot.services.store, None, table.channel.id) as tx:
        await tx.save_game(
            record.id,
            state=json.dumps(old),
            schema_version=record.schema_version,
            expected_version=record.version,
        )
    gangers = (await state_of(simcord_env, table.channel)).units["u2"]
    assert (gangers.stats["res"], gangers.armour, gangers.gear) == (7, "none", {})
    dice.script(4, 3)
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="mag-gun",
        models=1,
        shooter="Troopers",
        target="Gangers",
        distance=12,
    )
    assert "**Res** 7 − SV 1 → passes on **6** or less" in shown(fired)


async def test_an_unknown_armour_is_refused(simcord_env, table):
    await phase_and_reflex(table)
    with forged_options():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "unit edit",
            "Unknown armour powered",
            unit="Troopers",
            armour="powered",
        )
        with french():
            await refused(
                simcord_env,
                table.channel,
                table.alice,
                "unit add",
                "Armure inconnue",
                name="Scouts",
                armour="powered",
            )
