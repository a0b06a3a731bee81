"""`/epic` through the simulated Discord, FR and EN (issue 17; seed 004_2f169385c40c7e0a.txt).
The Epic die is the ruleset's `epic_die`: a d10 unless the table sets it."""

from __future__ import annotations

import pytest

from tests.discord.game_kit import card_text, forged_options, snapshot, state_of
from tests.support.locale import french
from tests.support.mentions import tokens


async def epic_game(table) -> None:
    started = await table.alice.slash(table.channel, "game start", name="Armageddon", system="epic")
    assert not started.ephemeral, started.response.content
    assert "Epic (seed 004)" in started.response.content


async def test_regeneration_with_a_medic(table, dice):
    # "Médecin": "reçoit la capacité Régénération (5+)"; "Régénération (XX)": one die per wound
    dice.script(5, 4, 9)
    result = await table.alice.slash(
        table.channel, "epic regeneration", wounds=3, base_class="infantry", medic=True
    )
    text = result.response.content
    assert "A Medic within 12 cm grants Regeneration (5+)." in text
    assert "3d10 at 5+: [5 ✅, 4 ❌, 9 ✅]" in text
    assert "**2** wound(s) saved, **1** lost." in text
    assert "Seed 004, “Régénération (XX), Médecin”" in text
    dice.assert_used()


async def test_regeneration_in_french_improved_by_a_mechanic_and_reality_weapons(table, dice):
    dice.script(4)
    with french():
        result = await table.alice.slash(
            table.channel,
            "epic regeneration",
            wounds=1,
            regeneration=5,
            base_class="walker",
            mechanic=True,
        )
        warp = await table.alice.slash(
            table.channel, "epic regeneration", wounds=2, regeneration=4, reality=True
        )
    assert "améliore sa Régénération : 5+ → 4+" in result.response.content
    assert "1d10 à 4+ : [4 ✅]" in result.response.content
    assert "supprime le socle de la réalité : aucune régénération, 2 PdV perdu(s)" in (
        warp.response.content
    )
    dice.assert_used()


async def test_close_defences(table, dice):
    # "DR (XX)": "un tir sur du 7+ ... PA 0 en tir d'interception"
    dice.script(7, 3)
    result = await table.alice.slash(table.channel, "epic dr", shots=2, mode="interception")
    assert "2 shot(s) at 7+, AP 0 (interception fire)" in result.response.content
    assert "2d10 at 7+: [7 ✅, 3 ❌]" in result.response.content
    with french():
        big = await table.alice.slash(
            table.channel, "epic dr", shots=2, mode="counter_charge", target_class=3
        )
    assert "Inefficaces contre un socle de classe 3" in big.response.content
    dice.assert_used()


async def test_shot_with_aa_cover_templates_and_a_building(table, dice):
    # AA −2 (target on the ground), cover −1 ignored; +1D3 templates; Damages Buildings (1)
    dice.script(2, 7, 9, 3, 6, 2)
    result = await table.alice.slash(
        table.channel,
        "epic shot",
        dice=3,
        target=5,
        aa=True,
        cover=1,
        ignores_cover=True,
        templates=1,
        extra_templates=True,
        damages_buildings=1,
        building_save=5,
    )
    text = result.response.content
    assert "Anti-Aircraft: -2" in text
    assert "Cover (1) ignored: the weapon Ignores Cover" in text
    assert "3d10 at 7+: [7 ✅, 9 ✅, 3 ❌]" in text
    assert "Templates: 1 + 1D3 [2] = **3**." in text
    assert "so on 6+, for each hit" in text
    assert "2d10 at 6+: [6 ✅, 2 ❌]" in text
    assert "The building loses **1** Structure Point(s)." in text
    dice.assert_used()


async def test_assault_with_a_leader_in_french(table, dice):
    dice.script(4, 3)
    with french():
        result = await table.alice.slash(
            table.channel, "epic shot", dice=2, target=5, kind="assault", leader=True
        )
    text = result.response.content
    assert "assaut : 2 dés sur du 5+" in text
    assert "Meneur : +1 à la FA" in text
    assert "2d10 à 4+ : [4 ✅, 3 ❌]" in text


async def test_the_epic_die_follows_the_game_rules(simcord_env, table, dice):
    await epic_game(table)
    await table.alice.slash(table.channel, "game rules", setting="epic_die", value="6")
    result = await table.alice.slash(table.channel, "epic dr", shots=2, mode="interception")
    assert "A roll of 7+ cannot succeed on a d6" in result.response.content
    assert dice.rolled == []


async def test_elite_pool_reroll_and_undo(simcord_env, table, dice):
    await epic_game(table)
    pool = await table.alice.slash(table.channel, "epic elite", detachments=2, characters=1)
    assert "Elite pool of" in pool.response.content and "0 → **3**" in pool.response.content
    dice.script(8)
    result = await table.alice.slash(
        table.channel, "epic reroll", roll="hit", dice="6 2 9", needed=6
    )
    text = result.response.content
    assert "spends an Elite reroll on a to-hit roll" in text
    assert "Die 2: 2 → 1d10 [**8**]. Before: 6, **2**, 9; now: 6, **8**, 9." in text
    assert "At 6+: **3** of 3." in text
    assert "Elite rerolls left: **2**" in text
    assert (await state_of(simcord_env, table.channel)).epic.elite == {str(table.alice.id): 2}
    await table.alice.slash(table.channel, "game undo")
    assert (await state_of(simcord_env, table.channel)).epic.elite == {str(table.alice.id): 3}
    log = await table.alice.slash(table.channel, "game log")
    shown = tokens(
        str(log.response.embeds[0].to_dict()) if log.response.embeds else log.response.content
    )
    assert "Elite reroll of" in shown and "[8]" in shown


async def test_one_elite_reroll_per_roll_seeds_004_elite(simcord_env, table, dice):
    """004 "Elite (XX)": "Dans le cas d'un jet où le socle jette plusieurs dés vous ne pouvez
    relancer qu'un seul dé sur l'ensemble": the same roll, as rolled or as rerolled, is not
    rerolled again (refused, nothing spent); a new roll with the same dice is, when said."""
    await epic_game(table)
    await table.alice.slash(table.channel, "epic elite", detachments=3)
    dice.script(2)
    await table.alice.slash(table.channel, "epic reroll", roll="hit", dice="6 1 9")
    before = await snapshot(simcord_env, table.channel)
    for typed in ("6 1 9", "6 2 9", "9 2 6"):
        again = await table.alice.slash(table.channel, "epic reroll", roll="hit", dice=typed)
        assert again.ephemeral
        assert "You already rerolled this roll (6, 1, 9 → 6, 2, 9): a roll takes one Elite " in (
            tokens(again.response.content)
        )
        assert "say so with new:True" in again.response.content
    with french():
        again = await table.alice.slash(table.channel, "epic reroll", roll="hit", dice="6 2 9")
    assert again.ephemeral and "Vous avez déjà relancé ce jet (6, 1, 9 → 6, 2, 9)" in (
        again.response.content
    )
    assert await snapshot(simcord_env, table.channel) == before
    dice.script(7, 4)
    save = await table.alice.slash(table.channel, "epic reroll", roll="save", dice="6 2 9")
    assert "Elite rerolls left: **1**" in save.response.content  # another kind of roll
    new = await table.alice.slash(table.channel, "epic reroll", roll="save", dice="6 2 7", new=True)
    assert "Elite rerolls left: **0**" in new.response.content
    dice.assert_used()


async def test_undo_in_an_epic_game_says_nothing_of_the_bag(simcord_env, table, dice):
    """An Epic game keeps no order dice (seed 004): the undo says what it undid, and no
    "draw the next die" nor "no die is left in the bag: end the turn"."""
    await epic_game(table)
    await table.alice.slash(table.channel, "epic elite", detachments=2)
    for lang in ("en", "fr"):
        dice.script(5)
        await table.alice.slash(table.channel, "epic reroll", roll="hit", dice="3", new=True)
        if lang == "fr":
            with french():
                undone = await table.alice.slash(table.channel, "game undo")
        else:
            undone = await table.alice.slash(table.channel, "game undo")
        title, entry = undone.response.content.split("\n")  # nothing after the entry
        assert ("Elite reroll of" if lang == "en" else "Relance Elite de") in entry
        assert "bag" not in title + entry and "bourse" not in title + entry
        assert not undone.response.components  # no 🎲 Draw next
    dice.assert_used()


async def test_elite_in_french_and_its_refusals(simcord_env, table, dice):
    with french():
        none = await table.alice.slash(table.channel, "epic elite", detachments=1)
    assert none.ephemeral and "La réserve Elite est tenue dans la partie Epic" in (
        none.response.content
    )
    await epic_game(table)
    before = await snapshot(simcord_env, table.channel)
    with french():
        empty = await table.alice.slash(table.channel, "epic reroll", roll="save", dice="3")
        other = await table.alice.slash(table.channel, "epic reroll", roll="other", dice="3")
        bad = await table.alice.slash(table.channel, "epic reroll", roll="hit", dice="3 11")
        negative = await table.alice.slash(table.channel, "epic elite", detachments=-2)
    assert empty.ephemeral and "Votre camp n'a plus de relance Elite" in empty.response.content
    assert other.ephemeral and "ne peut pas être relancé" in other.response.content
    assert bad.ephemeral and "Je ne lis pas « 11 » comme des dés d'un d10" in bad.response.content
    assert negative.ephemeral and "-2 relances Elite, c'est impossible" in (
        negative.response.content
    )
    assert await snapshot(simcord_env, table.channel) == before
    assert dice.rolled == []


async def test_only_the_host_sets_another_sides_pool(simcord_env, table):
    await epic_game(table)
    result = await table.bob.slash(table.channel, "epic elite", detachments=2, player=table.alice)
    assert result.ephemeral


@pytest.mark.parametrize(
    ("command", "options", "english"),
    [
        ("epic regeneration", {"wounds": -1}, "-1 dice is impossible"),
        ("epic regeneration", {"wounds": 2, "regeneration": 12}, "A roll of 12+ is impossible"),
        ("epic dr", {"shots": 0, "mode": "interception"}, "0 dice is impossible"),
        (
            "epic dr",
            {"shots": 1, "mode": "interception", "distance": -3.0},
            "A distance of -3.0 cm is impossible",
        ),
        ("epic shot", {"dice": 2, "target": 1}, "A roll of 1+ is impossible"),
        ("epic shot", {"dice": 2, "target": 4, "cover": -1}, "A cover malus of -1"),
        ("epic shot", {"dice": 2, "target": 4, "templates": -1}, "-1 templates is impossible"),
        (
            "epic shot",
            {"dice": 2, "target": 4, "damages_buildings": 1},
            "Damages Buildings needs both numbers",
        ),
    ],
)
async def test_bad_input_is_refused_and_rolls_nothing(table, dice, command, options, english):
    result = await table.alice.slash(table.channel, command, **options)
    assert result.ephemeral
    assert english in tokens(result.response.content), result.response.content
    assert dice.rolled == []


async def test_forged_choice_refused(table, dice):
    with forged_options():
        result = await table.alice.slash(table.channel, "epic dr", shots=1, mode="laser")
    assert result.ephemeral and "“laser” is not one of this option's choices" in (
        result.response.content
    )


async def test_epic_refused_in_a_hex_game(simcord_env, table, dice):
    await table.alice.slash(table.channel, "game start", name="Hexes", system="hex")
    result = await table.alice.slash(table.channel, "epic dr", shots=1, mode="interception")
    assert result.ephemeral
    assert "plays the hex wargame: `/epic` is for Epic" in tokens(result.response.content)
    assert dice.rolled == []


async def test_game_status_shows_the_system_and_the_pools(table):
    await epic_game(table)
    await table.alice.slash(table.channel, "epic elite", detachments=3)
    result = await table.alice.slash(table.channel, "game status")
    header = tokens(card_text(result.response))
    assert "System: Epic (seed 004, `/epic`)" in header
    assert f"Elite rerolls left: <@{table.alice.id}> **3**" in header


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("epic regeneration", {"wounds": 2, "base_class": "titan"}),
        ("epic shot", {"dice": 2, "target": 4, "kind": "titan"}),
        ("epic shot", {"dice": 2, "target": 4, "air": "titan"}),
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
    assert "titan" in english.response.content and "titan" in again.response.content
    assert "pick one of" in english.response.content
    assert "choisissez" in again.response.content.lower()
    assert dice.rolled == []


async def test_a_forged_reroll_kind_is_refused_and_spends_nothing(simcord_env, table, dice):
    await epic_game(table)
    await table.alice.slash(table.channel, "epic elite", detachments=2)
    before = await snapshot(simcord_env, table.channel)
    with forged_options():
        result = await table.alice.slash(table.channel, "epic reroll", roll="titan", dice="3 7 1")
    assert result.ephemeral and "“titan” is not one of this option's choices" in (
        result.response.content
    )
    assert await snapshot(simcord_env, table.channel) == before
    assert dice.rolled == []


def test_the_offered_choices_are_the_rules_own_values():
    from typing import get_args

    from cogs.epic import options
    from core.epic import defences, elite, regeneration, shot

    offered = {
        "CLASSES": regeneration.BaseClass,
        "MODES": defences.Mode,
        "KINDS": shot.Kind,
        "AIRS": shot.Air,
        "REROLLS": elite.RollKind,
    }
    for name, literal in offered.items():
        values = tuple(c.value for c in getattr(options, name))
        assert sorted(values) == sorted(get_args(literal)), name
