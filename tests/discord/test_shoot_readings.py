"""Rules fidelity, part 2 (issue 21) through the real `/shoot`, with scripted dice, in
English and French: Arcs and overhead fire, the Fire order and heavy weapons, Massive
Damage, and the readings the ruleset settles (Fractal Lock, Sensor Module with Targeter
Probes, phase armour at exactly 10"), each setting played both ways with `/game rules`."""

from __future__ import annotations

from locales import catalog
from tests.discord.game_kit import state_of
from tests.discord.test_shoot_kit import armies, every_page, faces, shoot, shown
from tests.discord.test_shoot_markers import declare
from tests.discord.test_shoot_rules import undo_restores
from tests.support.locale import french


async def set_rule(table, setting: str, value: str) -> None:
    """The host changes one setting of this game (`/game rules`); the reply names it by
    its label."""
    changed = await table.alice.slash(table.channel, "game rules", setting=setting, value=value)
    label = catalog().messages["en"][f"ruleset.label.{setting}"]
    assert f"*{label}*" in changed.response.content, changed.response.content
    assert not changed.ephemeral


# --- Arc and overhead fire --------------------------------------------------------------------

OH_AT_GANGERS = {
    "weapon": "x-launcher",
    "models": 1,
    "shooter": "Troopers",
    "target": "Gangers",
    "distance": 20,
}


async def test_an_arc_around_the_overhead_shooter_does_not_bear(simcord_env, table, dice):
    """Seeds 000/002/003 "ARC (Tir en Arc)": "Les armes SP sont affectées si le point visé du
    tir se trouve à moins de 3\\" du marqueur" — not because the shooter stands in an Arc.
    Bob's Arc declared on Alice's Troopers: her X-Launcher rolls no Arc die."""
    await armies(table)
    await declare(simcord_env, table, table.bob, "arc", "Troopers")
    before = await state_of(simcord_env, table.channel)
    dice.script(7, 5, 4)  # no Arc die: Acc 5 − 2 = 3, the 7 misses, drifts D5 5" toward 4
    text = shown(await shoot(table.alice, table.channel, **OH_AT_GANGERS))
    assert (
        "⚡ **Arc #1** around the shooter only: no effect on overhead fire, which only Arcs "
        'within 3" of its aim point affect.' in text
    )
    assert "Arc d10s" not in text and "Arcs on the line of fire" not in text
    assert faces(text) == [7, 5, 4]
    await undo_restores(simcord_env, table, before)
    dice.script(7, 5, 4)
    with french():
        text = shown(await shoot(table.alice, table.channel, **OH_AT_GANGERS))
    assert (
        "⚡ **Arc (Tir en Arc) #1** autour du tireur seulement : sans effet sur le tir en "
        "surplomb" in text
    )
    assert "d10 d'Arc" not in text
    dice.assert_used()


async def test_an_arc_on_the_overhead_target_bears_by_the_aim_point(simcord_env, table, dice):
    """Same seeds: the aim point of an OH shot is a model of the target ("n'importe quelle
    figurine peut être choisie comme point de visée", "TIR EN SURPLOMB"), so an Arc declared
    on the target is within 3" of it: a D10 before the Acc test, 6-10 an automatic miss."""
    await armies(table)
    await declare(simcord_env, table, table.bob, "arc", "Troopers")
    await declare(simcord_env, table, table.alice, "arc", "Gangers")
    before = await state_of(simcord_env, table.channel)
    dice.script(8)  # Arc #2 intercepts the template: no Acc test, nothing lands
    text = shown(await shoot(table.alice, table.channel, **OH_AT_GANGERS))
    assert '⚡ Arcs within 3" of the aim point (overhead fire): **1** (⚡ **Arc #2**).' in text
    assert "⚡ **Arc #1** around the shooter only" in text
    assert "Shots intercepted by an Arc (an automatic miss, no Acc test): **1** of 1." in text
    assert "Acc tests (1)" not in text and faces(text) == [8]
    await undo_restores(simcord_env, table, before)
    dice.script(8)
    with french():
        text = shown(await shoot(table.alice, table.channel, **OH_AT_GANGERS))
    assert (
        '⚡ Arcs à moins de 3" du point visé (tir en surplomb) : **1** (⚡ **Arc (Tir en Arc) '
        "#2**)." in text
    )
    dice.assert_used()


async def test_a_direct_shot_from_inside_an_arc_crosses_it(simcord_env, table, dice):
    """Seeds "ARC (Tir en Arc)": "Cela affecte tout tireur qui tente de tracer la LdV et de
    tirer à travers l'arc": a line of fire from a unit within the Arc's 3" goes through it,
    so for a direct shot the Arc around the shooter still counts."""
    await armies(table)
    await declare(simcord_env, table, table.bob, "arc", "Troopers")
    direct = {"weapon": "mag-gun", "models": 1, "shooter": "Troopers", "target": "Gangers"}
    dice.script(6)  # the Arc d10: 6, intercepted
    text = shown(await shoot(table.alice, table.channel, distance=10, **direct))
    assert "⚡ Arcs on the line of fire: **1** (⚡ **Arc #1**)." in text
    assert "around the shooter only" not in text
    assert "Shots intercepted by an Arc (an automatic miss, no Acc test): **1** of 1." in text
    dice.assert_used()


# --- the Fire order and heavy weapons ----------------------------------------------------------

HEAVY = {"weapon": "heavy-mag-cannon", "models": 1, "acc": 5, "res": 6, "distance": 20}


async def test_a_heavy_weapon_gets_no_fire_bonus_and_the_reply_says_why(table, dice):
    """Rules-notes "Shooting": "Fire order +1 (not OH, not heavy weapons — setting per
    weapon)"; the Heavy Mag Cannon is a heavy weapon (rulesdb ``heavy``, README). The Mag
    Cannon is not: it keeps its +1."""
    dice.script(9, 9)
    text = shown(await shoot(table.alice, table.channel, **HEAVY))
    assert "**Acc** 5 → hits on **5** or less" in text
    assert (
        "Fire order: no +1 Acc — a heavy weapon does not get it (rules notes; ruleset "
        "*Fire bonus for heavy weapons* off)." in text
    )
    light = shown(await shoot(table.alice, table.channel, **{**HEAVY, "weapon": "mag-cannon"}))
    assert "**Acc** 5 · Fire order +1 → hits on **6** or less" in light
    assert "no +1 Acc" not in light
    dice.script(9)
    with french():
        text = shown(await shoot(table.alice, table.channel, **HEAVY))
    assert "**Préc** 5 → touche sur **5** ou moins" in text
    assert "Ordre Feu : pas de +1 en Préc — une arme lourde ne l'a pas" in text
    dice.assert_used()


async def test_overhead_fire_says_it_gets_no_fire_bonus(table, dice):
    """000 "TIR EN SURPLOMB (SP)": "pas de bonus +1 pour un Ordre Fire"."""
    oh = {"weapon": "x-launcher", "models": 1, "acc": 5, "res": 6, "distance": 20}
    dice.script(10)  # a dud
    text = shown(await shoot(table.alice, table.channel, **oh))
    assert "**Acc** 5 · overhead fire −2 → hits on **3** or less" in text
    assert "Fire order: no +1 Acc — overhead fire never gets it (seeds “TIR EN SURPLOMB”)." in text
    dice.script(10)
    with french():
        text = shown(await shoot(table.alice, table.channel, **oh))
    assert "Ordre Feu : pas de +1 en Préc — jamais pour un tir en surplomb" in text
    dice.script(10)
    advance = shown(await shoot(table.alice, table.channel, order="advance", **oh))
    assert "no +1 Acc" not in advance  # no Fire order, nothing withheld
    dice.assert_used()


async def test_the_heavy_weapon_setting_gives_the_bonus_back(simcord_env, table, dice):
    """ruleset heavy_weapons_fire_bonus on (`/game rules`): the heavy weapon gets +1."""
    await armies(table)
    await set_rule(table, "heavy_weapons_fire_bonus", "on")
    dice.script(9)
    text = shown(await shoot(table.alice, table.channel, **HEAVY))
    assert "**Acc** 5 · Fire order +1 → hits on **6** or less" in text
    assert "no +1 Acc" not in text
    dice.script(9)
    with french():
        text = shown(await shoot(table.alice, table.channel, **HEAVY))
    assert "**Préc** 5 · ordre Feu +1 → touche sur **6** ou moins" in text
    dice.assert_used()


async def test_the_new_settings_are_listed_with_their_defaults(table):
    """`/config ruleset` and `/game rules` show every issue-21 setting, EN and FR."""
    listing = await table.admin.slash(table.channel, "config ruleset")
    text = "\n".join(await every_page(table.admin, listing))
    for line in (
        "*Fire bonus for heavy weapons* = **off** (default off; accepts on/off)",
        "*Massive Damage on any damage chart* = **off** (default off; accepts on/off)",
        "*Fractal Lock step from the weapon table* = **on** (default on; accepts on/off)",
        "*First Fractal Lock hit raised* = **on** (default on; accepts on/off)",
        "*Sensor Module with targeted overhead fire* = **on** (default on; accepts on/off)",
        '*Phase armour at exactly 10"* = **1** (default 1; accepts 1, 2)',
    ):
        assert line in text, line
    assert "Heavy Mag Cannon, Heavy Frag Borer, Mag Mortar, X-Howitzer, the Bombards" in text
    await armies(table)
    with french():
        shown_fr = await table.bob.slash(table.channel, "game rules", setting="phase_armour_at_ten")
    page = shown_fr.response.embeds[0].description
    assert '*Armure à phases à 10" pile* = **1** (défaut 1 ; accepte 1, 2)' in page
    assert "Bonus de Rés de l'armure à phases à 10\" pile" in page


# --- Massive Damage -----------------------------------------------------------------------------

MAG_CANNON = {
    "weapon": "mag-cannon",
    "models": 1,
    "acc": 5,
    "target_kind": "vehicle",
    "distance": 20,
}


async def test_massive_damage_rolls_twice_only_against_heavy_armour(table, dice):
    """Rules-notes "Shooting": a heavily armoured target (Res 16 − SV 5 = 11) that fails
    rolls its chart by the Massive Damage procedure (ruleset massive_damage: twice, the
    worse counts); Res 14 − 5 = 9 is not heavily armoured: one roll, and the reply says why."""
    dice.script(2, 10, 2, 5)  # a hit, the Res 10 fails; chart 2 and 5: the 5 counts
    text = shown(await shoot(table.alice, table.channel, res=16, **MAG_CANNON))
    assert "**Vehicle damage chart** (hit 1) — Massive Damage: rolled twice, the worse counts" in (
        text
    )
    assert "~~D10 `2` → +1 pin.~~ (the other roll counts)" in text
    dice.script(2, 10, 2)
    text = shown(await shoot(table.alice, table.channel, res=14, **MAG_CANNON))
    assert (
        "— no Massive Damage: this Res test was not heavily armoured, rolled once (rules "
        "notes; ruleset *Massive Damage on any damage chart* off)" in text
    )
    assert faces(text) == [2, 10, 2]
    dice.script(2, 10, 2, 5)
    with french():
        text = shown(await shoot(table.alice, table.channel, res=16, **MAG_CANNON))
    assert "— Dégâts Massifs : deux jets, le pire compte" in text
    dice.script(2, 10, 2)
    with french():
        text = shown(await shoot(table.alice, table.channel, res=14, **MAG_CANNON))
    assert "— pas de Dégâts Massifs : ce test de Rés n'était pas lourdement blindé" in text
    dice.assert_used()


async def test_massive_damage_settings_change_the_rolls(simcord_env, table, dice):
    """massive_damage_any_chart on: the Res 14 vehicle takes Massive Damage too;
    massive_damage chart_once: a single roll, said to be the Massive Damage procedure."""
    await armies(table)
    await set_rule(table, "massive_damage_any_chart", "on")
    dice.script(2, 10, 2, 5)
    text = shown(await shoot(table.alice, table.channel, res=14, **MAG_CANNON))
    assert "— Massive Damage: rolled twice, the worse counts" in text
    await set_rule(table, "massive_damage", "chart_once")
    dice.script(2, 10, 2)
    text = shown(await shoot(table.alice, table.channel, res=16, **MAG_CANNON))
    assert "— Massive Damage: rolled once (ruleset *Massive Damage procedure*)" in text
    dice.script(2, 10, 2)
    with french():
        text = shown(await shoot(table.alice, table.channel, res=16, **MAG_CANNON))
    assert "— Dégâts Massifs : un seul jet (réglage *Procédure des Dégâts Massifs*)" in text
    dice.assert_used()


# --- Fractal Lock -----------------------------------------------------------------------------


async def first_automatic_hit(table, dice, lang_fr: bool = False) -> str:
    """Turn 1: the Fractal Bombard hits the Gangers (Acc 5, a heavy weapon: no +1) and locks;
    turn 2, Fire order: the automatic hit. Returns its reply."""
    bombard = {
        "weapon": "fractal-bombard",
        "models": 1,
        "shooter": "Troopers",
        "target": "Gangers",
        "distance": 10,
    }
    dice.script(3, 1)  # a hit; Res 6 − 3: the 1 resists
    first = shown(await shoot(table.alice, table.channel, **bombard))
    assert "🔒 Fractal Lock: the weapon locks on." in first
    await table.alice.slash(table.channel, "turn end", confirm=True)
    dice.script(1)  # the automatic hit's Res test: a 1 resists
    if lang_fr:
        with french():
            return shown(await shoot(table.alice, table.channel, **bombard))
    return shown(await shoot(table.alice, table.channel, **bombard))


async def test_the_fractal_bombard_steps_by_two_from_its_table(simcord_env, table, dice):
    """002/003 tables: Fractal Bombard "3+2 max 10"; "Verrouillage Fractal": "chaque fois
    qu'elle effectue une touche auto contre la même cible, sa VI augmente". By default the
    table's step (+2) counts and the first automatic hit is raised already: SV 5."""
    await armies(table)
    text = await first_automatic_hit(table, dice)
    assert "🔒 Fractal Lock: automatic hits: **1**, no Acc test, SV 5" in text
    assert "**Res** 6 − SV 5 → passes on **1** or less" in text
    dice.assert_used()


async def test_the_fractal_step_setting_follows_the_rule_text(simcord_env, table, dice):
    """fractal_step_from_table off: +1 per automatic hit, as the rule text says: SV 4."""
    await armies(table)
    await set_rule(table, "fractal_step_from_table", "off")
    text = await first_automatic_hit(table, dice, lang_fr=True)
    assert "🔒 Verrouillage Fractal : touches automatiques : **1**, sans test de Préc, VI 4" in text
    dice.assert_used()


async def test_the_first_automatic_hit_may_strike_at_the_base_sv(simcord_env, table, dice):
    """fractal_first_auto_hit_raised off: the first automatic hit is at the base SV, 3."""
    await armies(table)
    await set_rule(table, "fractal_first_auto_hit_raised", "off")
    text = await first_automatic_hit(table, dice)
    assert "🔒 Fractal Lock: automatic hits: **1**, no Acc test, SV 3" in text
    dice.assert_used()


# --- Sensor Module and Targeter Probes --------------------------------------------------------

SENSED = {
    "models": 1,
    "acc": 5,
    "res": 6,
    "distance": 20,
    "targeters": 2,
    "extras": "sensor",
}


async def test_a_sensor_mark_helps_overhead_fire_at_a_targeted_unit_by_default(table, dice):
    """002 "Détecteur de Cible": "Ce bonus ne peut pas être combiné avec des Targeter
    Drones"; Targeter Probes give OH fire no Acc bonus, only less drift ("TARGETER PROBE"):
    by default (sensor_module_oh_with_targeters on) the mark's +1 counts for OH fire; direct
    fire takes the probes' bonus, and the reply says the mark gave nothing."""
    dice.script(10, 10)
    text = shown(await shoot(table.alice, table.channel, weapon="x-launcher", **SENSED))
    assert "**Acc** 5 · overhead fire −2 · Sensor Module +1 → hits on **4** or less" in text
    assert "Sensor Module mark: no +1" not in text
    direct = shown(await shoot(table.alice, table.channel, weapon="mag-gun", **SENSED))
    assert "**Acc** 5 · Fire order +1 · Targeter Probes +2 → hits on **8** or less" in direct
    assert (
        "Sensor Module mark: no +1 Acc — it is not combined with the Targeter Probes on the "
        "target, whose bonus counts instead (002 “Détecteur de Cible”)." in direct
    )
    dice.script(10)
    with french():
        direct = shown(await shoot(table.alice, table.channel, weapon="mag-gun", **SENSED))
    assert "Marquage du Sensor Module : pas de +1 en Préc — il ne se combine pas" in direct
    dice.assert_used()


async def test_the_sensor_setting_off_withholds_it_from_overhead_fire(simcord_env, table, dice):
    """sensor_module_oh_with_targeters off: no +1 for OH fire at a targeted unit either."""
    await armies(table)
    await set_rule(table, "sensor_module_oh_with_targeters", "off")
    dice.script(10)
    text = shown(await shoot(table.alice, table.channel, weapon="x-launcher", **SENSED))
    assert "**Acc** 5 · overhead fire −2 → hits on **3** or less" in text
    assert (
        "Sensor Module mark: no +1 Acc — it is not combined with the Targeter Probes on the "
        "target, even for overhead fire (002 “Détecteur de Cible”; ruleset "
        "*Sensor Module with targeted overhead fire* off)." in text
    )
    dice.script(10)
    with french():
        text = shown(await shoot(table.alice, table.channel, weapon="x-launcher", **SENSED))
    assert "même en surplomb (002 « Détecteur de Cible » ; réglage" in text
    dice.script(10)  # without targeters the mark counts whatever the setting
    alone = shown(
        await shoot(table.alice, table.channel, weapon="x-launcher", **{**SENSED, "targeters": 0})
    )
    assert "overhead fire −2 · Sensor Module +1 → hits on **4** or less" in alone
    dice.assert_used()


# --- phase armour at exactly 10" ----------------------------------------------------------------

PHASE = {"weapon": "mag-gun", "models": 1, "acc": 5, "res": 5, "armour": "phase", "distance": 10}


async def test_phase_armour_at_exactly_ten_inches(simcord_env, table, dice):
    """002 "ARMURES À PHASES": "Portée < 10\\" , +1", "Portée > 10\\" , +2": exactly 10" is
    neither; by default +1 (phase_armour_at_ten 1, as the NuHu envelope of the same armoury
    counts 10" as near); with the setting 2, +2."""
    dice.script(2, 9)
    text = shown(await shoot(table.alice, table.channel, **PHASE))
    assert "**Res** 5 · phase armour +1 − SV 1 → passes on **5** or less" in text
    await armies(table)
    await set_rule(table, "phase_armour_at_ten", "2")
    dice.script(2, 9)
    text = shown(await shoot(table.alice, table.channel, **PHASE))
    assert "**Res** 5 · phase armour +2 − SV 1 → passes on **6** or less" in text
    dice.script(2, 9)
    with french():
        text = shown(await shoot(table.alice, table.channel, **PHASE))
    assert "**Rés** 5 · armure à phases +2 − VI 1 → réussit sur **6** ou moins" in text
    dice.script(2, 9)  # 9.5" is under 10" whatever the setting
    text = shown(await shoot(table.alice, table.channel, **{**PHASE, "distance": 9.5}))
    assert "phase armour +1" in text
    dice.assert_used()
