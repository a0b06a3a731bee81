"""A tracked unit remembers its weapons (issue 22, "Fewer taps on a phone"): `/unit add|edit
weapons:"Mag Gun x3, X-Launcher"` (French or English names, as `/shoot` finds them), and
`/shoot` then defaults the weapon (the unit's only one) and the models (those carrying it)."""

from __future__ import annotations

from tests.discord.game_kit import state_of
from tests.discord.test_shoot_kit import armies, refused, shoot, shown
from tests.support.locale import french


def weapons_field(message) -> str:
    fields = message.embeds[0].to_dict()["fields"]
    return next(f["value"] for f in fields if f["name"] in ("Weapons", "Armes"))


async def test_weapons_are_kept_and_shown_on_the_card(simcord_env, table):
    await armies(table)
    await table.alice.slash(
        table.channel, "unit edit", unit="Troopers", weapons="Mag Gun x3, X-Launcher"
    )
    troopers = (await state_of(simcord_env, table.channel)).units["u1"]
    assert [(w.weapon, w.count) for w in troopers.weapons] == [("mag-gun", 3), ("x-launcher", None)]
    card = await table.bob.slash(table.channel, "unit show", unit="Troopers")
    assert weapons_field(card.response) == "Mag Gun ×3, X-Launcher"
    with french():  # French names and aliases, a count before the name
        await table.alice.slash(
            table.channel, "unit add", name="Scouts", models=4, weapons="2x fusil mag"
        )
        card = await table.bob.slash(table.channel, "unit show", unit="Scouts")
    assert weapons_field(card.response) == "Mag Gun ×2"
    await table.alice.slash(table.channel, "unit edit", unit="Scouts", weapons="none")
    scouts = (await state_of(simcord_env, table.channel)).units["u3"]
    assert scouts.weapons == []


async def test_unknown_or_wrong_weapons_are_refused(simcord_env, table):
    await armies(table)
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "unit edit",
        "No weapon called “Mag Gnu”",
        unit="Troopers",
        weapons="Mag Gnu x2",
    )
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "unit edit",
            "Aucune arme ne s'appelle « zorglub »",
            unit="Troopers",
            weapons="zorglub",
        )
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "unit edit",
            "est donnée deux fois",
            unit="Troopers",
            weapons="Mag Gun, fusil mag x2",
        )
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "unit edit",
        "carried by 1 to 100 models",
        unit="Troopers",
        weapons="Mag Gun x0",
    )
    before = len((await state_of(simcord_env, table.channel)).units)
    result = await table.alice.slash(table.channel, "unit add", name="Scouts", weapons="Mag Gnu")
    assert result.ephemeral and "No weapon called" in result.response.content
    assert len((await state_of(simcord_env, table.channel)).units) == before


async def test_shoot_defaults_weapon_and_models_from_the_shooter(simcord_env, table, dice):
    await armies(table)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", weapons="Mag Gun x3")
    dice.script(9, 9, 9)  # three models carry it: three Acc dice, all missed
    fired = await shoot(
        table.alice, table.channel, shooter="Troopers", target="Gangers", distance=10
    )
    assert not fired.ephemeral, fired.response.content
    assert "Mag Gun" in shown(fired)
    dice.assert_used()
    dice.script(1)  # the break test at half casualties (Co 8): passed
    await table.alice.slash(table.channel, "unit casualties", unit="Troopers", count=3)
    dice.assert_used()
    dice.script(9, 9)  # never more than the models left
    with french():
        fired = await shoot(
            table.alice, table.channel, shooter="Troopers", target="Gangers", distance=10
        )
    assert not fired.ephemeral, fired.response.content
    dice.assert_used()
    dice.script(9)  # models given win
    await shoot(
        table.alice, table.channel, shooter="Troopers", target="Gangers", models=1, distance=10
    )
    dice.assert_used()


async def test_shoot_with_all_models_when_no_count(simcord_env, table, dice):
    await armies(table)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", weapons="mag gun")
    dice.script(9, 9, 9, 9, 9)
    fired = await shoot(table.bob, table.channel, shooter="Gangers", target="Troopers", distance=10)
    assert not fired.ephemeral, fired.response.content
    dice.assert_used()


async def test_shoot_refuses_when_the_weapon_cannot_be_told(simcord_env, table):
    await armies(table)
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Troopers has no weapons on record",
        shooter="Troopers",
        target="Gangers",
    )
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Without a shooter unit, give the weapon",
        target="Gangers",
        models=1,
        acc=5,
    )
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "give how many models fire",
        weapon="mag-gun",
        target="Gangers",
        acc=5,
    )
    await table.alice.slash(
        table.channel, "unit edit", unit="Troopers", weapons="Mag Gun x3, X-Launcher"
    )
    await refused(
        simcord_env,
        table.channel,
        table.alice,
        "shoot",
        "Troopers carries several weapons: give the weapon, one of Mag Gun, X-Launcher",
        shooter="Troopers",
        target="Gangers",
    )
    with french():
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Troopers porte plusieurs armes : donnez l'arme, parmi Mag Gun, X-Launcher",
            shooter="Troopers",
            target="Gangers",
        )
        await refused(
            simcord_env,
            table.channel,
            table.alice,
            "shoot",
            "Sans unité qui tire, donnez l'arme",
            res=6,
            models=1,
            acc=5,
        )


def test_a_unit_stored_before_weapons_loads_with_none():
    from core.antares.game import Unit

    old = {
        "id": "u1",
        "name": "Old",
        "owner_id": 1,
        "colour": "red",
        "models": 3,
        "starting_models": 3,
    }
    assert Unit.model_validate(old).weapons == []


async def test_the_weapon_list_puts_the_shooters_weapons_first(simcord_env, table):
    await armies(table)
    await table.alice.slash(
        table.channel, "unit edit", unit="Troopers", weapons="X-Launcher, Mag Gun x3"
    )
    found = await table.alice.autocomplete(table.channel, "shoot", "weapon", "", shooter="Troopers")
    assert [c["value"] for c in found[:2]] == ["x-launcher", "mag-gun"]
    assert len({c["value"] for c in found}) == len(found) <= 25
    mag = await table.alice.autocomplete(table.channel, "shoot", "weapon", "mag", shooter="u1")
    assert mag[0]["value"] == "mag-gun"
