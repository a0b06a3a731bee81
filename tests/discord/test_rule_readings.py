"""`/rule` and `/weapon` cards of issue 21 through the real commands, EN and FR: the bot's
readings (ruleset settings, the default marked), Massive Damage as the rules notes read it,
the heavy weapons, and the Grip, Net and Subverter Matrix summaries checked against the
seeds (000/002/003 "GRIP (Prise)", "NET (Filet)", 000 "SUBVERTER MATRIX")."""

from __future__ import annotations

from tests.discord.test_rules_commands import _card_text
from tests.support.locale import french
from tests.support.mentions import tokens


async def card(table, query: str, fr: bool = False) -> str:
    if fr:
        with french():
            result = await table.alice.slash(table.channel, "rule", query=query)
    else:
        result = await table.alice.slash(table.channel, "rule", query=query)
    embed = result.response.embeds[0]
    assert len(embed) <= 6000 and all(len(f.value) <= 1024 for f in embed.fields)
    return _card_text(embed)


async def test_the_massive_damage_card_states_the_bots_procedure(table):
    """No seed describes Massive Damage (a cell of the 000/003 tables): the card says it is
    the rules notes' reading and lists each value of the settings, the default marked."""
    text = await card(table, "massive-damage")
    assert "Rules notes, not the seeds: Massive Damage applies against heavily armoured" in text
    assert "The bot's reading (ruleset settings, not the seeds)" in text
    assert (
        "*Massive Damage procedure* = **twice, the worse applies** (default): the damage chart "
        "is rolled twice and the worse (higher) roll applies." in text
    )
    assert "*Massive Damage procedure* = **once**: the damage chart is rolled once" in text
    assert (
        "*Massive Damage on any damage chart* = **off** (default): only when the failed Res "
        "test was a heavily armoured one (Res after modifiers, SV included, above *Heavy armour "
        "above Res*, 10" in text
    )
    assert "</config ruleset> and </game rules> show the value in force." in tokens(text)
    text = await card(table, "dégâts massifs", fr=True)
    assert "Lecture du bot (réglages, pas les armureries)" in text
    assert (
        "*Procédure des Dégâts Massifs* = **deux jets, le pire s'applique** (par défaut) : "
        "on lance deux fois sur la table de dégâts et le pire (le plus haut) des deux jets "
        "s'applique." in text
    )
    assert "Lecture du bot (notes de règles) : une cible lourdement blindée" in text


async def test_the_readings_of_fractal_lock_sensor_targeter_and_phase_armour(table):
    """Each card whose rule a setting settles lists the bot's readings in the reader's
    language: 002 "Verrouillage Fractal", "Détecteur de Cible", "Targeter", "ARMURES À
    PHASES"."""
    text = await card(table, "fractal-lock")
    assert (
        "*Fractal Lock step from the weapon table* = **on** (default): the SV rises by the step"
        in text
    )
    assert "*First Fractal Lock hit raised* = **off**: the first automatic hit strikes" in text
    text = await card(table, "target-sensor", fr=True)
    assert (
        "*Module Senseur avec un tir en surplomb désigné* = **oui** (par défaut) : "
        "un tir en surplomb" in text
    )
    text = await card(table, "targeter-probe")
    assert (
        '*Targeter drift reduction capped* = **off**: overhead fire: 1" off the drift per probe'
        in text
    )
    text = await card(table, "phase-armour", fr=True)
    assert (
        '*Armure à phases à 10" pile* = **1** (par défaut) : à 10" pile, l\'armure à phases' in text
    )
    assert '+1 Rés sous 10", +2 Rés au-delà de 10" (à 10" pile : un réglage)' in text
    text = await card(table, "cycle")
    assert "The bot's reading" not in text  # a rule the seeds settle has none


async def test_heavy_weapon_cards_say_a_fire_order_gives_no_bonus(table):
    """Rules-notes "Shooting": no Fire +1 for heavy weapons; the weapon card says which."""
    heavy = await table.alice.slash(table.channel, "weapon", name="heavy-mag-cannon")
    assert (
        "Heavy weapon: a Fire order gives it no +1 Acc (rules notes), unless the ruleset's "
        "*Fire bonus for heavy weapons* is on." in heavy.response.embeds[0].description
    )
    light = await table.alice.slash(table.channel, "weapon", name="mag-cannon")
    assert "Heavy weapon" not in light.response.embeds[0].description
    with french():
        heavy = await table.alice.slash(table.channel, "weapon", name="fractal-bombard")
    assert "Arme lourde : un ordre Feu ne lui donne pas +1 en Préc" in (
        heavy.response.embeds[0].description
    )


async def test_grip_net_and_subverter_cards_keep_the_seed_clauses(table):
    """Grip: "sauf si un 1 a été obtenu"; Net: halved against the targets whose hits are
    rerolled (Down, fast units that Run, sprinting — not a plain Run); Subverter Matrix:
    probes destroyed, no effect on scramble-proof units."""
    assert "pass, half move (none on a 1)" in await card(table, "grip")
    assert "réussite, mouvement divisé par deux (sauf sur un 1)" in await card(
        table, "grip", fr=True
    )
    net = await card(table, "net")
    assert "halved, rounded down, against targets whose hits must be rerolled (Down, fast " in net
    assert "Down/Run" not in net
    net = await card(table, "net", fr=True)
    assert "(à terre, unité rapide en Course, en sprint)" in net
    subverter = await card(table, "subverter-matrix")
    assert "(not scramble-proof): probes are destroyed, the others test Co" in subverter
    subverter = await card(table, "subverter-matrix", fr=True)
    assert "(sauf à l'épreuve du brouillage) : les sondes sont détruites" in subverter
