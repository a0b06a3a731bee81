"""`/hex` through the simulated Discord, FR and EN (issue 17; seed 001_a44ac8d942876a56.txt)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.discord.game_kit import forged_options, snapshot
from tests.support.locale import french
from tests.support.mentions import tokens


async def test_errement_rolls_the_table_and_shakes_on_a_forbidden_hex(table, dice):
    # "Errement", Table 1: "1 : ... pivotement (gratuit) de 60° sur la gauche"; the hex to
    # the left is forbidden: "le déplacement est annulé ... l'Unité est Ebranlée"
    dice.script(1)
    result = await table.alice.slash(table.channel, "hex errement", table=1, left="forbidden")
    text = result.response.content
    assert not result.ephemeral
    assert "Errement, Wandering Table 1" in text
    assert "1D6: **1**" in text
    assert "pivot to the **left**" in text
    assert "That hex is forbidden to the unit: the move is cancelled." in text
    assert "The 60° pivot is made all the same." in text
    assert "The unit is **Shaken**" in text
    assert "Seed 001, “Errement”" in text
    dice.assert_used()


async def test_errement_in_french(table, dice):
    dice.script(5)
    with french():
        result = await table.alice.slash(
            table.channel, "hex errement", table=4, morale="unshakeable"
        )
    text = result.response.content
    assert "Table d'Errement 4" in text and "1D6 : **5**" in text
    assert "Le déplacement prévu est exécuté." in text
    assert "Le mouvement peut continuer." in text
    assert "Fiche 001, « Errement »" in text


async def test_errement_unshakeable_unit_is_not_shaken(table, dice):
    dice.script(3)
    result = await table.alice.slash(
        table.channel, "hex errement", table=2, ahead="stacking", morale="unshakeable"
    )
    text = result.response.content
    assert "The stacking there is not allowed: the move is cancelled." in text
    assert "It is Unshakeable: not shaken." in text


async def test_advantage_lists_each_term_with_its_heading(table):
    result = await table.alice.slash(
        table.channel,
        "hex advantage",
        combat="shock",
        attacker_terrain="rough",
        side="rough",
        level="higher",
        facing="flank",
    )
    text = result.response.content
    assert "`−1` attack from/to a rough hex (ground) — *Terrain : Difficultés*" in text
    assert "`−1` across a rough hex side — *Terrain : Côté d'Hex*" in text
    assert "`+1` attacker above — *Différence de Niveau*" in text
    assert "`+2` attack on the flank — *Effet de l'Orientation*" in text
    assert "**Total Advantage: +1**" in text


async def test_advantage_in_french_with_a_forbidden_fire(table):
    with french():
        result = await table.alice.slash(
            table.channel,
            "hex advantage",
            combat="fire",
            target_terrain="fortification",
            target_position="close_infiltration",
        )
    text = result.response.content
    assert "Avantage — combat au tir" in text
    assert "⛔ Pas de tir vers ou depuis une position en infiltration. — *Infiltration*" in text


async def test_advantage_fire_at_close_flight_over_difficult_terrain_counts_the_hex(table):
    """001 "Tir En Vol": "considérer la position Vol Rapproché comme équivalente à la
    Position Au Sol": a difficult hex is −4 to the fire, as on the ground."""
    for position in ("target_position", "attacker_position"):
        result = await table.alice.slash(
            table.channel,
            "hex advantage",
            combat="fire",
            target_terrain="difficult",
            **{position: "close_flight"},
        )
        text = result.response.content
        assert "`−4` attack from/to a difficult hex (ground) — *Terrain : Difficultés*" in text
        assert "**Total Advantage: −4**" in text


async def test_advantage_close_infiltration_shock_in_the_same_hex_with_a_contact_marker(table):
    """001 "Infiltration": "Utilise l'Attaque de Flanc si elle a un Marqueur Contact"."""
    options = {
        "combat": "shock",
        "attacker_position": "close_infiltration",
        "same_hex": True,
    }
    flank = await table.alice.slash(table.channel, "hex advantage", contact=True, **options)
    assert "`+2` attack on the flank — *Infiltration*" in flank.response.content
    assert "**Total Advantage: +2**" in flank.response.content
    with french():
        front = await table.alice.slash(table.channel, "hex advantage", **options)
    assert "Aucun terme ne s'applique.\n**Avantage total : +0**" in front.response.content


async def test_advantage_refuses_a_shock_between_the_ground_and_distant_flight(table):
    """001 "Combat Au Choc En Vol" lists no shock between the ground and distant flight."""
    options = {"combat": "shock", "target_position": "distant_flight"}
    refused = await table.alice.slash(table.channel, "hex advantage", **options)
    assert refused.ephemeral
    assert "A ground unit and a unit in distant flight do not fight in shock" in (
        refused.response.content
    )
    assert "give that position" in refused.response.content
    with french():
        refused = await table.alice.slash(table.channel, "hex advantage", **options)
    assert refused.ephemeral
    assert "ne combattent pas au choc" in refused.response.content


async def test_stacking_names_every_rule_and_the_points(table):
    result = await table.alice.slash(
        table.channel,
        "hex stacking",
        unit="large",
        large=1,
        inferior=True,
        enemy=True,
        same_facing=False,
    )
    text = result.response.content
    assert "⛔ **The unit may not stack there.**" in text
    assert "No stacking with an enemy unit." in text
    assert "Inferior command profile" in text
    assert "must have the facing" in text
    assert "Stacking points: 4 there, 8 with the unit" in text


async def test_crossing_limit_in_french(table):
    # "Au-delà de 10 Points d'Empilement par Position, la Position ne peut pas être Traversée"
    with french():
        result = await table.alice.slash(
            table.channel, "hex stacking", unit="small", large=2, small=3, crossing=True
        )
    text = result.response.content
    assert "L'unité ne peut pas traverser la position." in text
    assert "Plus de 10 points d'empilement (11)" in text


async def test_sight_reply_marks_the_blocking_hex_and_attaches_a_png(table):
    result = await table.alice.slash(
        table.channel, "hex sight", source=1, target=1, line="1 2d 1/2 0w"
    )
    text = result.response.content
    assert "2. 2 difficult → effective 2.5 ⛔" in text
    assert "⛔ **Blocked.**" in text
    assert "Hex 2 is higher (effective altitude) than both the source and the target." in text
    (attachment,) = result.response.attachments
    assert attachment.filename == "line-of-sight.png"
    png = await attachment.read()
    assert Image.open(io.BytesIO(png)).format == "PNG"


async def test_sight_in_french_along_a_side(table):
    # "Si la Ligne de Vue passe exactement sur la ligne de côté entre deux Hex, la Ligne de
    # Vue n'est accordée que si elle est possible sur les 2 Hex"
    with french():
        result = await table.alice.slash(
            table.channel, "hex sight", source=1, target=1, line="1/1a"
        )
    text = result.response.content
    assert "1. 1 clair / 1 accidenté → effective 1 / 1,5 ⛔" in text
    assert "⛔ **Bloquée.**" in text


async def test_sight_adjacent_and_source_below(table):
    adjacent = await table.alice.slash(table.channel, "hex sight", source=0, target=3)
    assert "To an adjacent unit: always granted." in adjacent.response.content
    below = await table.alice.slash(table.channel, "hex sight", source=0, target=2, line="0 2 1 1")
    assert "hex 2, nearer the source, is as high as the target's ground" in below.response.content


async def test_move_cost(table):
    result = await table.alice.slash(
        table.channel, "hex move", terrain="fortification", side="rough", climbing=True, cost=2
    )
    text = result.response.content
    assert "Movement Table column: **Rough hex side**." in text
    assert "+½ movement point" in text
    assert "Cost: **2.5** movement point(s)." in text
    with french():
        flight = await table.alice.slash(
            table.channel, "hex move", terrain="difficult", position="close_flight", change="both"
        )
    assert "En vol (colonne accidenté) : **1,5** point(s) de mouvement." in flight.response.content


@pytest.mark.parametrize(
    ("command", "options", "english"),
    [
        ("hex sight", {"source": 1, "target": 1, "line": "1 2q"}, "No terrain is called “q”"),
        ("hex sight", {"source": -1, "target": 1}, "An altitude of -1 is impossible"),
        ("hex sight", {"source": 1, "target": 30}, "An altitude of 30 is impossible"),
        ("hex sight", {"source": 1, "target": 1, "line": "1 -2"}, "An altitude of -2"),
        ("hex stacking", {"unit": "large", "large": -1}, "*large* cannot be -1"),
        ("hex stacking", {"unit": "large", "small": 99}, "*small* cannot be 99"),
        ("hex move", {"terrain": "clear", "cost": -1}, "A movement cost of -1.0 is impossible"),
    ],
)
async def test_bad_input_is_refused_and_rolls_nothing(table, dice, command, options, english):
    result = await table.alice.slash(table.channel, command, **options)
    assert result.ephemeral
    assert english in tokens(result.response.content), result.response.content
    assert dice.rolled == []


async def test_bad_terrain_refused_in_french(table):
    with french():
        result = await table.alice.slash(
            table.channel, "hex sight", source=1, target=1, line="1 2forêt"
        )
    assert result.ephemeral
    assert "Aucun terrain ne s'appelle « forêt »" in result.response.content


async def test_forged_choices_are_refused(table, dice):
    with forged_options():
        errement = await table.alice.slash(table.channel, "hex errement", table=9)
        combat = await table.alice.slash(table.channel, "hex advantage", combat="magic")
    assert errement.ephemeral and "no Errement table 9" in errement.response.content
    assert combat.ephemeral and "*combat* cannot be “magic”" in combat.response.content
    assert dice.rolled == []


async def test_hex_is_refused_in_an_antares_game_and_works_in_a_hex_game(simcord_env, table):
    await table.alice.slash(table.channel, "game start", name="Vorl")
    before = await snapshot(simcord_env, table.channel)
    result = await table.alice.slash(table.channel, "hex advantage", combat="fire")
    assert result.ephemeral
    assert "This channel's game “Vorl” plays Antares" in tokens(result.response.content)
    assert await snapshot(simcord_env, table.channel) == before
    with french():
        again = await table.alice.slash(table.channel, "hex advantage", combat="fire")
    assert "`/hex` sert au wargame sur hex" in again.response.content
    await table.alice.slash(table.channel, "game end")
    started = await table.alice.slash(table.channel, "game start", name="Hexes", system="hex")
    assert "Hex wargame (seed 001)" in started.response.content
    ok = await table.alice.slash(table.channel, "hex advantage", combat="fire")
    assert not ok.ephemeral and "Total Advantage: +0" in ok.response.content


async def test_help_documents_the_line_notation_in_both_languages(table):
    result = await table.alice.slash(table.channel, "help", command="hex")
    notes = result.response.embeds[0].fields[-1]
    assert notes.name == "Notes"
    assert "`1/2d`" in notes.value and "w water" in notes.value
    with french():
        result = await table.alice.slash(table.channel, "help", command="hex")
    assert "e eau" in result.response.embeds[0].fields[-1].value


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("hex errement", {"table": 1, "ahead": "chasm"}),
        ("hex errement", {"table": 1, "morale": "chasm"}),
        ("hex sight", {"source": 1, "target": 1, "target_position": "chasm"}),
        ("hex stacking", {"unit": "chasm"}),
        ("hex move", {"terrain": "chasm"}),
        ("hex move", {"terrain": "clear", "side": "chasm"}),
        ("hex advantage", {"combat": "fire", "facing": "chasm"}),
    ],
)
async def test_every_forged_choice_is_refused_in_the_callers_language(
    table, dice, command, options
):
    with forged_options():
        english = await table.alice.slash(table.channel, command, **options)
        with french():
            again = await table.alice.slash(table.channel, command, **options)
    assert english.ephemeral and again.ephemeral
    assert "chasm" in english.response.content and "chasm" in again.response.content
    assert "pick one of" in english.response.content
    assert "choisissez" in again.response.content.lower()
    assert dice.rolled == []


def test_the_offered_choices_are_the_rules_own_values():
    from typing import get_args

    from cogs.hexwar import options
    from core.hexwar import advantage, errement, movement, stacking, terrain

    offered = {
        "TERRAINS": terrain.Terrain,
        "SIDES": terrain.Side,
        "POSITIONS": terrain.Position,
        "COMBATS": advantage.Combat,
        "LEVELS": advantage.Level,
        "FACINGS": advantage.Facing,
        "DESTINATIONS": errement.Destination,
        "MORALES": errement.Morale,
        "MOVERS": stacking.Mover,
        "CHANGES": movement.Change,
    }
    for name, literal in offered.items():
        values = tuple(c.value for c in getattr(options, name))
        assert sorted(values) == sorted(get_args(literal)), name
    assert [c.value for c in options.TABLES] == sorted(errement.TABLES)
