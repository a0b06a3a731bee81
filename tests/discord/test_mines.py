"""Mines at the table through the simulated Discord (issue 6): `/mine lay` as the unit's Fire
order, the placement rule and its confirmation buttons, `/mine trigger` with scripted dice,
`list`, `remove`, undo; refusals that change nothing; French."""

from __future__ import annotations

from tests.discord.game_kit import labels, skirmish, snapshot, state_of
from tests.discord.test_markers import refused
from tests.support.locale import french

ROCKS = 'north ruins, 1" from the Rock Riders'


async def mined(table, dice, **options):
    """The skirmish (Gangers Res 6), Alice's red die drawn, then the Troopers lay a mine."""
    await skirmish(table)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", res=6)
    dice.script(1)
    await table.alice.slash(table.channel, "bag draw")
    return await table.alice.slash(
        table.channel, "mine lay", unit="Troopers", location=ROCKS, **options
    )


async def test_lay_trigger_and_undo_a_mine(simcord_env, table, dice):
    alice, bob, channel = table.alice, table.bob, table.channel
    laid = await mined(table, dice)
    text = laid.response.content
    assert not laid.ephemeral
    assert text.startswith(
        f"💣 **Mine #1** laid by **Troopers** (<@{alice.id}>) — {ROCKS}, Plasma Grenades: "
        "its **Fire** order of the turn (die 1/1, drawn); it shoots at no enemy."
    )
    assert '📏 Placement: within 1" of the unit and more than 5" from any other mine' in text
    state = await state_of(simcord_env, channel)
    assert [o.order for o in state.units["u1"].orders] == ["fire"] and len(state.mines) == 1
    choices = await alice.autocomplete(channel, "mine trigger", "mine", "ruins")
    assert choices == [{"name": f"💣 #1 Troopers {ROCKS}", "value": "1:x1"}]
    listed = await bob.slash(channel, "mine list")
    assert f"💣 **Mine #1** · <@{alice.id}> · laid by Troopers, turn 1" in (
        listed.response.embeds[0].description
    )

    await refused(
        simcord_env,
        channel,
        bob,
        "mine trigger",
        f"Only <@{alice.id}>, who laid mine #1",
        mine="1:x1",
        target="Troopers",
    )
    await refused(
        simcord_env,
        channel,
        alice,
        "mine trigger",
        "is on the mine owner's side",
        mine="1",
        target="Troopers",
    )
    before = await state_of(simcord_env, channel)
    dice.script(3, 5, 6, 1, 7, 2)  # d5 3; Acc 5: 5, 6, 1; Res 6 − SV 1 = 5: 7 fails, 2 holds
    boom = await alice.slash(channel, "mine trigger", mine="1:x1", target="Gangers")
    embed = boom.response.embeds[0]
    assert embed.title == "💥 Mine #1 goes off"
    assert "d5 → **3** attacks at Acc 5, Plasma Grenades (SV 1)." in embed.description
    assert (
        "**Gangers** (3 attacks): Acc 5: 5✅ 6❌ 1✅ · Res 5: 7❌ 2✅ · hits: 2 · "
        "casualties: 1 (5 → 4 models) · pins 0 → 1"
    ) in embed.description
    state = await state_of(simcord_env, channel)
    assert state.mines == [] and state.units["u2"].models == 4 and state.units["u2"].pins == 1
    dice.assert_used()

    undone = await alice.slash(channel, "game undo")  # hers (Bob would need her consent)
    assert "mine #1 went off: 3 attacks; dice D5: 3 · D10: 5, 6, 1, 7, 2" in (
        undone.response.content
    )
    assert await state_of(simcord_env, channel) == before


async def test_attacks_split_over_the_units_within_5_inches(simcord_env, table, dice):
    await mined(table, dice)
    await table.bob.slash(table.channel, "unit add", name="Riders", models=3, res=7)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", res=6)
    dice.script(4, 9, 9, 2, 9, 10)  # d5 4: Gangers 2 (9, 9), Riders 1 (2; Res 6: 9), Troopers 1
    boom = await table.alice.slash(
        table.channel, "mine trigger", mine="1", target="Gangers", others="Riders, Troopers"
    )
    description = boom.response.embeds[0].description
    assert "**Gangers** (2 attacks): Acc 5: 9❌ 9❌ · hits: 0" in description
    assert "**Riders** (1 attack): Acc 5: 2✅ · Res 6: 9❌ · hits: 1" in description
    assert "**Troopers** (1 attack): Acc 5: 10❌ · hits: 0" in description
    assert description.endswith("The mine marker is removed.")
    dice.assert_used()


async def test_a_scrambled_weapon_drone_loses_2_res_against_the_mine(simcord_env, table, dice):
    await mined(table, dice)
    channel, alice = table.channel, table.alice
    await table.bob.slash(channel, "unit add", name="Drone", kind="weapon_drone", res=9, co=8)
    await alice.slash(channel, "marker place", type="scrambler", weapon="x-launcher")
    await alice.slash(channel, "marker affect", marker="1", unit="Drone")
    # d5 1; Acc 5: 2; Res 9 − 2 (Scrambler) − SV 1 = 6: 7 fails; chart d10 5: +D6 (4) pins,
    # break test, Down; break test Co 8 − 5 pins = 3: 2 holds
    dice.script(1, 2, 7, 5, 4, 2)
    boom = await alice.slash(channel, "mine trigger", mine="1", target="Drone")
    description = boom.response.embeds[0].description
    assert "**Drone** (1 attack): 📡 within an enemy Scrambler · Acc 5: 2✅ · Res 6: 7❌" in (
        description
    )
    assert "Weapon Drone Damage Table d10 → **5**: +D6 pins, Break test, Down" in description
    assert "pins 0 → 5 · ⬇️ Down · break test: Co 8 − 5 pins = 3: rolled **2** ✅" in description
    dice.assert_used()


async def test_laying_against_the_placement_rule_asks_first(simcord_env, table, dice):
    alice, channel = table.alice, table.channel
    await skirmish(table)
    await alice.slash(channel, "unit add", name="Scouts")
    dice.script(1)
    await alice.slash(channel, "bag draw")
    before = await snapshot(simcord_env, channel)
    asked = await alice.slash(channel, "mine lay", unit="Troopers", **{"spacing-ok": False})
    assert asked.ephemeral and "Lay it anyway?" in asked.response.content
    assert '📏 Placement: within 1" of the unit' in asked.response.content
    assert labels(asked.response) == ["Lay it anyway", "Cancel"]
    assert await snapshot(simcord_env, channel) == before
    # the prompt is ephemeral: nobody but Alice sees it, let alone clicks it
    await alice.click(asked.response, label="Cancel")
    assert asked.response.content == "Cancelled: no mine laid." and asked.response.components == []
    assert await snapshot(simcord_env, channel) == before

    again = await alice.slash(channel, "mine lay", unit="Troopers", **{"spacing-ok": False})
    confirmed = await alice.click(again.response, label="Lay it anyway")
    assert not confirmed.ephemeral
    assert "💣 **Mine #1** laid by **Troopers**" in confirmed.response.content
    assert "⚠️ Laid although the placement rule is not met" in confirmed.response.content
    assert again.response.components == []

    dice.script(1)
    await alice.slash(channel, "bag draw")
    late = await alice.slash(channel, "mine lay", unit="Scouts", **{"spacing-ok": False})
    await simcord_env.advance_time(150)
    assert late.response.components == [] and late.response.content == "No answer: no mine laid."
    direct = await alice.slash(
        channel, "mine lay", unit="Scouts", confirm=True, **{"spacing-ok": False}
    )
    assert "💣 **Mine #2** laid by **Scouts**" in direct.response.content
    assert len((await state_of(simcord_env, channel)).mines) == 2


async def test_bad_mines_change_nothing(simcord_env, table, dice):
    alice, bob, channel, env = table.alice, table.bob, table.channel, simcord_env
    await skirmish(table)
    await refused(env, channel, alice, "mine lay", "No drawn die of its owner", unit="Troopers")
    dice.script(1)
    await alice.slash(channel, "bag draw")
    await refused(env, channel, bob, "mine lay", "Troopers belongs to", unit="Troopers")
    await refused(
        env,
        channel,
        alice,
        "mine lay",
        "The location has 120 characters",
        unit="Troopers",
        location="y" * 120,
    )
    await alice.slash(channel, "mine lay", unit="Troopers")
    await refused(env, channel, alice, "mine lay", "already has its order", unit="Troopers")
    await refused(env, channel, alice, "mine trigger", "No mine 5", mine="5", target="Gangers")
    await refused(
        env, channel, alice, "mine trigger", "Gangers has no Res", mine="1", target="Gangers"
    )
    await refused(
        env,
        channel,
        alice,
        "mine trigger",
        "is named twice",
        mine="1",
        target="Gangers",
        others="gangers",
    )
    await refused(env, channel, bob, "mine remove", "Acting for another member", mine="1")
    removed = await alice.slash(channel, "mine remove", mine="1")
    assert removed.response.content == "💣 **Mine #1** is off the table."

    await alice.slash(channel, "game end")
    await alice.slash(channel, "game start", name="Rematch")
    await alice.slash(channel, "unit add", name="Scouts", res=5)
    await bob.slash(channel, "unit add", name="Rock Riders", res=7)
    await refused(
        env,
        channel,
        alice,
        "mine trigger",
        "belongs to another game",
        mine="1:x1",
        target="Rock Riders",
    )
    await refused(env, channel, alice, "mine remove", "belongs to another game", mine="1:x1")


async def test_mines_in_french(simcord_env, table, dice):
    with french():
        laid = await mined(table, dice)
        text = laid.response.content
        assert "💣 **Mine #1** posée par **Troopers**" in text
        assert "son ordre **Feu** du tour (dé 1/1, pioché)" in text
        assert "📏 Placement : à moins d'1\" de l'unité" in text
        other = await table.bob.slash(table.channel, "mine trigger", mine="1", target="Troopers")
        assert other.ephemeral
        assert other.response.content.startswith(f"Seul <@{table.alice.id}>, qui a posé la mine #1")
        dice.script(2, 4, 9, 3)  # d5 2; Préc 5: 4, 9; Rés 6 − VI 1 = 5: 3 tient
        boom = await table.alice.slash(table.channel, "mine trigger", mine="1", target="Gangers")
        embed = boom.response.embeds[0]
        assert embed.title == "💥 La mine #1 explose"
        assert "d5 → **2** attaques à Préc 5, Plasma Grenades (VI 1)." in embed.description
        assert "**Gangers** (2 attaques) : Préc 5: 4✅ 9❌ · Rés 5: 3✅ · touches : 1" in (
            embed.description
        )
        assert "aucune perte · Stress 0 → 1" in embed.description
        asked = await table.alice.slash(
            table.channel, "mine lay", unit="Troopers", **{"spacing-ok": False}
        )
        assert asked.ephemeral and "a déjà son ordre ce tour" in asked.response.content


async def test_one_attack_and_one_model_read_singular_in_both_languages(simcord_env, table, dice):
    await mined(table, dice)
    channel = table.channel
    await table.bob.slash(channel, "unit edit", unit="Gangers", models=2)
    dice.script(1, 2, 7)  # d5 1; Acc 5: 2; Res 6 − SV 1 = 5: 7 fails: 2 → 1 model
    boom = await table.alice.slash(channel, "mine trigger", mine="1", target="Gangers")
    description = boom.response.embeds[0].description
    assert "d5 → **1** attack at Acc 5, Plasma Grenades (SV 1)." in description
    assert "**Gangers** (1 attack): Acc 5: 2✅ · Res 5: 7❌ · hits: 1 · " in description
    assert "casualties: 1 (2 → 1 model) · pins 0 → 1" in description
    undone = await table.alice.slash(channel, "game undo")  # hers: no consent to ask
    assert "mine #1 went off: 1 attack; dice D5: 1 · D10: 2, 7" in undone.response.content
    dice.script(1, 2, 7)
    with french():
        boom = await table.alice.slash(channel, "mine trigger", mine="1", target="Gangers")
        description = boom.response.embeds[0].description
        assert "d5 → **1** attaque à Préc 5, Plasma Grenades (VI 1)." in description
        assert "**Gangers** (1 attaque) : Préc 5: 2✅ · Rés 5: 7❌ · touches : 1 · " in description
        assert "pertes : 1 (2 → 1 figurine) · Stress 0 → 1" in description
        undone = await table.alice.slash(channel, "game undo")
    assert "la mine #1 a explosé : 1 attaque ; dés D5 : 1" in undone.response.content
    dice.assert_used()
