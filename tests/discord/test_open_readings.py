"""Rules fidelity, part 3 (issue 29): the readings the seeds leave open, each a ruleset
setting played both ways through the real commands (`/game rules` to change it), with
scripted dice: the number the rule gives under each value, the setting listed by
`/config ruleset` and its readings on the `/rule` card, in English and French."""

from __future__ import annotations

from tests.discord.game_kit import state_of
from tests.discord.test_assault import brawl
from tests.discord.test_rule_readings import card
from tests.discord.test_shoot_kit import armies, assault, every_page, faces, shoot, shown
from tests.discord.test_shoot_readings import MAG_CANNON, OH_AT_GANGERS, set_rule
from tests.support.locale import french

# --- listing ---------------------------------------------------------------------------------

LISTED = {
    "en": (
        "*Break test at each loss past half* = **off** (default off; accepts on/off)",
        "*Close-combat loser takes* = **nothing** (default nothing; accepts nothing · a pin · "
        "a break test)",
        "*Massive Damage counts the SV* = **on** (default on; accepts on/off)",
        "*Arc die for Fractal Lock hits* = **off** (default off; accepts on/off)",
        "*Overhead shot stopped by an Arc drifts* = **off** (default off; accepts on/off)",
        "*Weapon drone self-destructs at its own Co* = **off** (default off; accepts on/off)",
        "*Acc test per attack when shooting* = **off** (default off; accepts on/off)",
    ),
    "fr": (
        "*Test de moral à chaque perte passé la moitié* = **non** (défaut non ; accepte oui/non)",
        "*Le perdant du corps-à-corps subit* = **rien** (défaut rien ; accepte rien · un Stress "
        "· un test de moral)",
        "*Les Dégâts Massifs comptent la VI* = **oui** (défaut oui ; accepte oui/non)",
        "*Dé d'Arc pour les touches du Verrouillage Fractal* = **non** (défaut non ; accepte "
        "oui/non)",
        "*Tir en surplomb arrêté par un Arc : déviation* = **non** (défaut non ; accepte oui/non)",
        "*Weapon Drone autodétruit à sa propre Co* = **non** (défaut non ; accepte oui/non)",
        "*Un test de Préc par attaque au tir* = **non** (défaut non ; accepte oui/non)",
    ),
}


async def test_the_issue_29_settings_are_listed_with_their_defaults(table):
    """`/config ruleset` lists every setting of issue 29 with its default, EN and FR."""
    listing = await table.admin.slash(table.channel, "config ruleset")
    text = "\n".join(await every_page(table.admin, listing))
    for line in LISTED["en"]:
        assert line in text, line
    with french():
        listing = await table.admin.slash(table.channel, "config ruleset")
        text = "\n".join(await every_page(table.admin, listing))
    for line in LISTED["fr"]:
        assert line in text, line


# --- break test past half ----------------------------------------------------------------------


async def test_a_break_test_once_at_half_or_at_each_loss_past_half(table, dice):
    """rules-notes "Shooting": "when a shooting attack leaves the unit with casualties
    reaching half its starting models": once when they first reach half (default), or at
    each new loss past half (break_test_each_loss_past_half on)."""
    await armies(table)
    await table.alice.slash(table.channel, "unit add", name="Squad", models=10, co=8)
    dice.script(7)  # 5 of 10 lost: half reached, Co 8: 7 holds
    first = await table.alice.slash(table.channel, "unit casualties", unit="Squad", count=5)
    assert "Break test: Co 8 − 0 pins = 8: rolled **7** ✅" in first.response.content
    again = await table.alice.slash(table.channel, "unit casualties", unit="Squad", count=1)
    assert "Break test" not in again.response.content  # once (default)
    await set_rule(table, "break_test_each_loss_past_half", "on")
    dice.script(9)  # a new loss past half, Co 8: 9 breaks
    with french():
        broken = await table.alice.slash(table.channel, "unit casualties", unit="Squad", count=1)
    assert "Test de moral : Co 8 − 0 Stress = 8 : **9** ❌\n☠️ **Squad** est détruite" in (
        broken.response.content
    )
    dice.assert_used()


async def test_the_break_test_card_lists_both_readings(table):
    text = await card(table, "break-test")
    assert (
        "*Break test at each loss past half* = **off** (default): once: when the casualties "
        "of a shooting attack first reach half the starting models" in text
    )
    text = await card(table, "test de moral", fr=True)
    assert "*Test de moral à chaque perte passé la moitié* = **oui** : à chaque tir qui tue" in text


# --- the loser of a close combat ------------------------------------------------------------


async def brawl_round(table, dice, *, res: int | None = None):
    """Brawlers (attacker, 2 bare attacks: 1 hits, 10 misses) against Guards (2 misses);
    the Guards' Res 7 fails on a 9: one loss, the attacker wins the round."""
    dice.script(1, 10, 9, 9, 9)
    if res is not None:
        dice.script(res)
    return await assault(table.alice, table.channel, attacker="Brawlers", defender="Guards")


async def test_the_loser_of_a_close_combat_takes_nothing_a_pin_or_a_break_test(
    simcord_env, table, dice
):
    """The seeds and rules-notes "Close combat" give the winner ("the side with fewer
    losses") and nothing for the loser: ruleset h2h_loser none (default), pin, break_test."""
    await brawl(table)
    text = shown(await brawl_round(table, dice))
    assert "🏆 The attacker **Brawlers** wins the round (fewer losses)." in text
    assert "**Guards**: models 2 → **1**." in text
    assert "pins" not in text and "Break test" not in text
    guards = (await state_of(simcord_env, table.channel)).units["u4"]
    assert guards.pins == 0

    await set_rule(table, "h2h_loser", "pin")
    await table.bob.slash(table.channel, "unit edit", unit="Guards", models=2)
    text = shown(await brawl_round(table, dice))
    assert "**Guards**: pins 0 → **1**." in text
    assert (await state_of(simcord_env, table.channel)).units["u4"].pins == 1

    await set_rule(table, "h2h_loser", "break_test")
    await table.bob.slash(table.channel, "unit edit", unit="Guards", models=2)
    await table.bob.slash(table.channel, "pins set", unit="Guards", count=0)
    with french():
        text = shown(await brawl_round(table, dice, res=9))  # Co 8 − 0: 9 breaks
    assert "a perdu le corps-à-corps" in text
    assert "(a perdu le corps-à-corps) : Co 8 − 0 Stress = 8 : jet `9` ❌" in text
    assert (await state_of(simcord_env, table.channel)).units["u4"].destroyed
    dice.assert_used()


async def test_the_close_combat_card_lists_the_three_readings(table):
    text = await card(table, "close-combat")
    assert (
        "*Close-combat loser takes* = **nothing** (default): the loser takes its losses and "
        "nothing more" in text
    )
    assert "*Close-combat loser takes* = **a pin**: the loser takes a pin" in text
    text = await card(table, "corps-à-corps", fr=True)
    assert "*Le perdant du corps-à-corps subit* = **un test de moral** : le perdant fait" in text


# --- Massive Damage and the SV ---------------------------------------------------------------


async def test_massive_damage_counts_the_sv_or_not(table, dice):
    """rules-notes "Shooting": "Heavily armoured targets (Res above 10 after modifiers)";
    "Massive Damage weapons use the Massive Damage procedure". A Mag Cannon (SV 5) on a
    Res 14 vehicle: 14 − 5 = 9 with the SV counted (default): one chart roll; 14 before
    the SV (massive_damage_sv_counted off): above 10, the chart is rolled twice."""
    await armies(table)
    dice.script(2, 10, 2)  # a hit, the Res test fails on a 10, one chart roll
    text = shown(await shoot(table.alice, table.channel, res=14, **MAG_CANNON))
    assert "— no Massive Damage: this Res test was not heavily armoured" in text
    assert faces(text) == [2, 10, 2]
    await set_rule(table, "massive_damage_sv_counted", "off")
    dice.script(2, 10, 2, 5)
    text = shown(await shoot(table.alice, table.channel, res=14, **MAG_CANNON))
    assert "Massive Damage: rolled twice, the worse counts" in text
    assert faces(text) == [2, 10, 2, 5]
    dice.script(2, 10, 2, 5)
    with french():
        text = shown(await shoot(table.alice, table.channel, res=14, **MAG_CANNON))
    assert "— Dégâts Massifs : deux jets, le pire compte" in text
    dice.assert_used()


async def test_the_massive_damage_card_reads_the_sv_both_ways(table):
    text = await card(table, "massive-damage")
    assert (
        "*Massive Damage counts the SV* = **on** (default): a target is heavily armoured for "
        "Massive Damage when its Res after modifiers, the weapon's SV included, is above 10" in text
    )
    text = await card(table, "dégâts massifs", fr=True)
    assert "*Les Dégâts Massifs comptent la VI* = **non** : une cible est lourdement" in text


# --- a Fractal Lock through an Arc -----------------------------------------------------------

FRAG = {
    "weapon": "frag-borer",
    "models": 1,
    "shooter": "Troopers",
    "target": "Gangers",
    "distance": 10,
}


async def test_a_fractal_lock_through_an_arc_rolls_no_arc_die_or_one(table, dice):
    """Seed 000 "ARC (TIR EN ARC)": "Lancez un D10 pour tout tir traversant chaque Arc avant
    d'effectuer le test de Préc"; "Verrouillage Fractal": "aucun test de Préc ne sera
    nécessaire". Default (fractal_lock_arc_die off): the locked Frag Borer rolls no Arc die;
    on: an 8 stops its automatic hit (no hit, the SV stays), then a 3 lets it through."""
    await armies(table)
    dice.script(3, 5)  # turn 1: Acc 6 hits; Res 6 − 3 = 3: a casualty; the weapon locks on
    shown(await shoot(table.alice, table.channel, **FRAG))
    await table.alice.slash(table.channel, "turn end", confirm=True)
    dice.script(7)  # turn 2, one Arc on the line: no Arc die; Res 6 − 4 = 2: a casualty
    text = shown(await shoot(table.alice, table.channel, arcs=1, **FRAG))
    assert "🔒 Fractal Lock: automatic hits: **1**, no Acc test, SV 4" in text
    assert "Arc d10s" not in text and faces(text) == [7]
    await table.alice.slash(table.channel, "turn end", confirm=True)

    await set_rule(table, "fractal_lock_arc_die", "on")
    dice.script(8)  # turn 3: the Arc's 8 stops the automatic hit
    text = shown(await shoot(table.alice, table.channel, arcs=1, **FRAG))
    assert "Shots intercepted by an Arc (an automatic miss, no Acc test): **1** of 1." in text
    assert "🔒 Fractal Lock: automatic hits: **0**" in text and faces(text) == [8]
    await table.alice.slash(table.channel, "turn end", confirm=True)
    dice.script(3, 9)  # turn 4: the Arc's 3 lets it through; SV 5 still (Res 6 − 5 = 1)
    dice.script(2)  # 3 of 5 models lost: break test, Co 9 − 3 pins = 6
    with french():
        text = shown(await shoot(table.alice, table.channel, arcs=1, **FRAG))
    assert (
        "🔒 Verrouillage Fractal : touches automatiques : **1**, sans test de Préc, VI 5 "
        "(touche automatique n° 2 sur cette cible)" in text
    )
    assert "Tirs interceptés par un Arc (raté automatique, pas de test de Préc) : **0** sur 1" in (
        text
    )
    assert faces(text) == [3, 9, 2]
    dice.assert_used()


async def test_the_fractal_lock_card_reads_the_arc_die_both_ways(table):
    text = await card(table, "fractal-lock")
    assert (
        "*Arc die for Fractal Lock hits* = **off** (default): an automatic hit rolls no Arc "
        "die" in text
    )
    text = await card(table, "verrouillage fractal", fr=True)
    assert "*Dé d'Arc pour les touches du Verrouillage Fractal* = **oui** : chaque touche" in text


# --- an overhead shot an Arc stops -----------------------------------------------------------


async def test_an_overhead_shot_an_arc_stops_lands_nothing_or_drifts(table, dice):
    """Seed 000 "ARC (TIR EN ARC)": "le tir est détourné ou intercepté par l'arc et rate
    automatiquement"; "TIR EN SURPLOMB (SP)": "Si le tir est raté (autre que 10), effectuez
    une déviation". Default (overhead_arc_miss_drifts off): the X-Launcher's template the
    Arc stops (8) lands nothing; on: it drifts D5 5" toward 4 o'clock."""
    await armies(table)
    dice.script(8)  # the Arc's 8 stops the template: no Acc test, nothing lands
    text = shown(await shoot(table.alice, table.channel, arcs=1, **OH_AT_GANGERS))
    assert "Shots intercepted by an Arc (an automatic miss, no Acc test): **1** of 1." in text
    assert "No hits: nothing happens to the target." in text
    assert "Template 1" not in text and faces(text) == [8]

    await set_rule(table, "overhead_arc_miss_drifts", "on")
    dice.script(8, 5, 4)  # the Arc's 8 stops it: a miss, it drifts D5 5" toward 4 o'clock
    text = shown(await shoot(table.alice, table.channel, arcs=1, **OH_AT_GANGERS))
    assert "Template 1: misses and drifts D5 `5` → **5\"** toward **4 o'clock** (D12 `4`)" in text
    assert faces(text) == [8, 5, 4]
    dice.script(8, 5, 4)
    with french():
        text = shown(await shoot(table.alice, table.channel, arcs=1, **OH_AT_GANGERS))
    assert 'Gabarit 1 : rate et dévie de D5 `5` → **5"** vers **4 h** (D12 `4`)' in text
    dice.assert_used()


async def test_the_arc_card_reads_the_stopped_overhead_shot_both_ways(table):
    text = await card(table, "arc")
    assert (
        "*Overhead shot stopped by an Arc drifts* = **off** (default): an overhead template "
        "the Arc stops is intercepted: no Acc test, no drift, it lands nothing" in text
    )
    text = await card(table, "tir en arc", fr=True)
    assert (
        "*Tir en surplomb arrêté par un Arc : déviation* = **oui** : un gabarit de tir en "
        "surplomb arrêté par l'Arc est raté et dévie" in text
    )


# --- a weapon drone's self-destruct and Command ----------------------------------------------


async def drone_under_command(table) -> None:
    """Alice's Senatex Commander (Co 9, Command) and her Gun Drone (weapon drone, Co 6)
    within 10" of it (`/unit edit commander:`)."""
    await table.alice.slash(table.channel, "game start", name="Vorl", activations="free")
    await table.alice.slash(
        table.channel, "unit add", name="Senatex Commander", co=9, gear="command"
    )
    await table.alice.slash(
        table.channel, "unit add", name="Gun Drone", kind="weapon_drone", res=7, co=6
    )
    await table.alice.slash(
        table.channel, "unit edit", unit="Gun Drone", commander="Senatex Commander"
    )


async def test_a_weapon_drone_self_destructs_at_the_lent_co_or_its_own(simcord_env, table):
    """000/002/003 "WEAPON DRONES (DRONES ARMÉS)": "s'ils subissent un nombre de suppressions
    égal à leur stat de commandement (Co)"; 002 "Command": "peut utiliser la stat de Co du
    Commandant au lieu de la sienne". Default (weapon_drone_own_co off): 6 and then 8 pins
    on the Co 6 drone under a Co 9 commander leave it standing; on: a 7th pin destroys it."""
    await drone_under_command(table)
    six = await table.alice.slash(table.channel, "pins add", unit="Gun Drone", count=6)
    assert "**Gun Drone**: pins 0 → **6**" in six.response.content, six.response.content
    eight = await table.alice.slash(table.channel, "pins add", unit="Gun Drone", count=2)
    assert "breaks and is destroyed" not in six.response.content + eight.response.content
    assert not (await state_of(simcord_env, table.channel)).units["u2"].destroyed

    await table.alice.slash(table.channel, "pins set", unit="Gun Drone", count=6)
    await set_rule(table, "weapon_drone_own_co", "on")
    with french():
        seven = await table.alice.slash(table.channel, "pins add", unit="Gun Drone", count=1)
    assert (
        "☠️ Son Stress a atteint sa Co : **Gun Drone** rompt et est détruite"
        in seven.response.content
    )
    assert (await state_of(simcord_env, table.channel)).units["u2"].destroyed


async def test_the_weapon_drones_card_reads_the_self_destruct_co_both_ways(table):
    text = await card(table, "weapon-drones")
    assert (
        "*Weapon drone self-destructs at its own Co* = **off** (default): a weapon drone "
        "self-destructs when its pins reach the Co it tests on" in text
    )
    text = await card(table, "drones armés", fr=True)
    assert (
        "*Weapon Drone autodétruit à sa propre Co* = **oui** : un Weapon Drone s'autodétruit "
        "quand son Stress atteint sa propre Co" in text
    )


# --- "N attaques" on a weapon with a range ---------------------------------------------------

MAUL = {
    "weapon": "heavy-tractor-maul",
    "models": 1,
    "shooter": "Troopers",
    "target": "Gangers",
    "distance": 8,
}


async def test_n_attacks_at_range_one_acc_test_per_model_or_per_attack(table, dice):
    """000 weapon table: "Heavy Tractor Maul 10" Aucune Aucune 1 2 attaques"; 003 "2
    Attaques": "a 2 attaques de combat au corps-à-corps". Default (ranged_attacks_each_test
    off): one model shooting rolls one Acc test; on: two, one per attack."""
    await armies(table)
    dice.script(2, 10)  # one Acc test: Acc 6 hits; Res 6 − 1 = 5: the 10 fails
    text = shown(await shoot(table.alice, table.channel, **MAUL))
    assert "Acc tests (1): `2`✅" in text and "Hits: **1**." in text
    assert faces(text) == [2, 10]
    await set_rule(table, "ranged_attacks_each_test", "on")
    dice.script(2, 3, 10, 1)  # two Acc tests: both hit; Res: the 10 fails, the 1 holds
    with french():
        text = shown(await shoot(table.alice, table.channel, **MAUL))
    assert "Tests de Préc (2) : `2`✅ `3`✅" in text and "Touches : **2**." in text
    assert faces(text) == [2, 3, 10, 1]
    dice.assert_used()


async def test_the_attacks_card_reads_the_ranged_attacks_both_ways(table):
    text = await card(table, "attacks")
    assert (
        "*Acc test per attack when shooting* = **off** (default): a weapon with a range and N "
        "attacks (Heavy Tractor Maul, IMTel Stave) makes one Acc test per model" in text
    )
    text = await card(table, "attaques", fr=True)
    assert (
        "*Un test de Préc par attaque au tir* = **oui** : une arme à portée avec N attaques fait "
        "N tests de Préc par figurine" in text
    )
