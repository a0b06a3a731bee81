"""Mine attacks "comme si les mines étaient une unité qui tire" (000/002/003 "POSER DES
GRENADES EN TANT QUE MINES"; issue 21, items 3 and 5d) through the real `/mine` commands in
English and French: the units' cover, own Res rerolls and Shield Drones, and Solar Charges
laid as mines (ruleset solar_charge_mines)."""

from __future__ import annotations

from tests.discord.game_kit import state_of
from tests.discord.test_markers import refused
from tests.discord.test_mines import mined
from tests.support.locale import french

# d5 2; Acc 5: 2, 3; Shield Drone 5: blocked, drone lost; Res 6 + 2 − 1 = 7: 9, Medic's 4
PROTECTED = (2, 2, 3, 5, 9, 4)


async def test_cover_shield_drones_and_medics_protect_from_a_mine(simcord_env, table, dice):
    """As for a shot: dense cover +2 Res (rules-notes "Shooting"), the unit's Shield Drone
    rolls its D10 (000/002/003 "SHIELD DRONE"), its Medic rerolls a failed Res test (003
    "MEDIC": "ou qu'elle subit des dégâts de toute autre façon que ce soit")."""
    await mined(table, dice)
    channel = table.channel
    await table.bob.slash(channel, "unit edit", unit="Gangers", gear="medic, shield-drone")
    dice.script(*PROTECTED)
    boom = await table.alice.slash(
        channel, "mine trigger", mine="1", target="Gangers", cover="dense"
    )
    assert (
        "**Gangers** (2 attacks): dense cover +2 · Acc 5: 2✅ 3✅ · Shield Drone: 5 · Res 7: "
        "9❌ · Res reroll 7: 4✅ (Medic) · hits: 2 · 🛡️ blocked: 1, Shield Drones lost: 1 · "
        "no casualty · pins 0 → 1"
    ) in boom.response.embeds[0].description
    assert (await state_of(simcord_env, channel)).units["u2"].models == 5
    await table.alice.slash(channel, "game undo")
    dice.script(*PROTECTED)
    with french():
        boom = await table.alice.slash(
            channel, "mine trigger", mine="1", target="Gangers", cover="dense"
        )
    text = boom.response.embeds[0].description
    assert "couvert dense +2" in text and "(Médecin)" in text
    assert "🛡️ bloquées : 1, Drones Bouclier perdus : 1" in text
    dice.assert_used()


async def test_each_unit_has_its_own_cover(simcord_env, table, dice):
    """One word per unit, in the order named (the target, then the others); French words
    too. No cover given: none."""
    await mined(table, dice)
    await table.bob.slash(table.channel, "unit add", name="Riders", models=3, res=7)
    # d5 2: Gangers 1 (hit; Res 6 + 1 − 1 = 6: 6 holds), Riders 1 (hit; Res 7 − 1 = 6: 7)
    dice.script(2, 2, 6, 3, 7)
    with french():
        boom = await table.alice.slash(
            table.channel,
            "mine trigger",
            mine="1",
            target="Gangers",
            others="Riders",
            cover="léger, aucun",
        )
    text = boom.response.embeds[0].description
    assert "**Gangers** (1 attaque) : couvert léger +1 · Préc 5: 2✅ · Rés 6: 6✅" in text
    assert "**Riders** (1 attaque) : Préc 5: 3✅ · Rés 6: 7❌" in text
    dice.assert_used()


async def test_bad_covers_are_refused(simcord_env, table, dice):
    await mined(table, dice)
    env, channel, alice = simcord_env, table.channel, table.alice
    await refused(
        env,
        channel,
        alice,
        "mine trigger",
        "Unknown cover “thick”: write none, light or dense",
        mine="1",
        target="Gangers",
        cover="thick",
    )
    await refused(
        env,
        channel,
        alice,
        "mine trigger",
        "2 covers for 1 unit: give one word for all, or one per unit in the order named",
        mine="1",
        target="Gangers",
        cover="light, dense",
    )
    with french():
        await refused(
            env,
            channel,
            alice,
            "mine trigger",
            "Couvert inconnu « épais »",
            mine="1",
            target="Gangers",
            cover="épais",
        )
    assert [sides for sides, _ in dice.rolled] == [3]  # the bag draw only (3 dice in it)


async def test_solar_charges_laid_as_mines_score_blast_hits(simcord_env, table, dice):
    """003 weapon table: Solar Charges, SV 1, "Déflagration D3", a grenade ("Dangereux CàC":
    "l'unité qui utilise les grenades"), so they may be laid as mines; each attack, as a unit
    firing them, scores D3 hits when it hits (ruleset solar_charge_mines blast)."""
    laid = await mined(table, dice, grenades="solar-charges")
    assert "Solar Charges: its **Fire** order" in laid.response.content
    dice.script(1, 2, 3, 9, 2, 3)  # d5 1; Acc 5: 2; Blast D3 3; Res 5: 9, 2, 3
    boom = await table.alice.slash(table.channel, "mine trigger", mine="1", target="Gangers")
    text = boom.response.embeds[0].description
    assert "Solar Charges (SV 1)" in text
    assert "**Gangers** (1 attack): Acc 5: 2✅ · Blast: 3 · Res 5: 9❌ 2✅ 3✅ · hits: 3" in text
    dice.assert_used()


async def test_solar_charge_mines_single_hit_or_off(simcord_env, table, dice):
    """The other readings of solar_charge_mines: single (one SV 1 hit per attack that hits)
    and off (not laid; a mine laid before cannot go off), refused in the caller's language."""
    await mined(table, dice, grenades="solar-charges")
    channel, alice = table.channel, table.alice
    await alice.slash(channel, "game rules", setting="solar_charge_mines", value="single")
    dice.script(1, 2, 9)  # d5 1; Acc 5: 2, one hit, no Blast die; Res 5: 9
    boom = await alice.slash(channel, "mine trigger", mine="1", target="Gangers")
    assert "**Gangers** (1 attack): Acc 5: 2✅ · Res 5: 9❌ · hits: 1" in (
        boom.response.embeds[0].description
    )
    await alice.slash(channel, "game undo")
    await alice.slash(channel, "game rules", setting="solar_charge_mines", value="off")
    await refused(
        simcord_env,
        channel,
        alice,
        "mine trigger",
        "Mine #1 is of Solar Charges, which this game no longer lets go off as mines",
        mine="1",
        target="Gangers",
    )
    await alice.slash(channel, "unit add", name="Scouts", res=5)
    dice.script(1)
    await alice.slash(channel, "bag draw")
    await refused(
        simcord_env,
        channel,
        alice,
        "mine lay",
        "Solar Charges cannot be laid as mines in this game (ruleset *Solar Charges as mines* off)",
        unit="Scouts",
        grenades="solar-charges",
    )
    with french():
        await refused(
            simcord_env,
            channel,
            alice,
            "mine lay",
            "Les Solar Charges ne peuvent pas être posées en mines dans cette partie",
            unit="Scouts",
            grenades="solar-charges",
        )
        listed = await alice.slash(channel, "game rules", setting="solar_charge_mines")
    description = listed.response.embeds[0].description
    assert "*Solar Charges en mines* = **non** (défaut touches Blast D3" in description
    dice.assert_used()
