"""Issue 29 ("Rules fidelity, part 3"): what a player reads, in English and in French —
refusals that name what the user gave, French words a French club reads without tripping,
and counts that agree with what the bot just did."""

from __future__ import annotations

from tests.discord.army_kit import import_army, preview_of, rosz
from tests.discord.game_kit import labels, skirmish, state_of, unit_lines
from tests.discord.test_assault import brawl
from tests.discord.test_shoot_kit import armies, damage, refused, shoot, shown
from tests.support.locale import french


async def camo_gangers(table) -> None:
    await armies(table)
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", gear="camo", down=True)


async def test_a_camo_refusal_for_a_band_beyond_ten_inches_names_the_band(simcord_env, table, dice):
    """003 "CAMO DRONE" ("elle ne peut pas être ciblée à des portées supérieures à 10"")
    with `band:long` and no distance: the band lies beyond 10" all through; the refusal
    names it, never a distance of 0", and the French one cites the armouries, not "seeds"."""
    await camo_gangers(table)
    shot = {"weapon": "mag-gun", "models": 5, "shooter": "Troopers", "target": "Gangers"}
    english = 'the long range band of Mag Gun lies wholly beyond 10"'
    refusal = await refused(
        simcord_env, table.channel, table.alice, "shoot", english, band="long", **shot
    )
    assert '0" here' not in refusal.response.content
    with french():
        french_text = 'toute la longue portée de Mag Gun est au-delà de 10"'
        refusal = await refused(
            simcord_env, table.channel, table.alice, "shoot", french_text, band="long", **shot
        )
    text = refusal.response.content
    assert '0" ici' not in text and "seeds" not in text
    assert "« CAMO DRONE »" in text
    assert dice.rolled == []


async def test_assaulting_a_probe_is_refused_as_a_probe_before_its_str_is_asked(
    simcord_env, table, dice
):
    """000/002/003 "PROBES (SONDES)": "Les Probes ne peuvent pas effectuer d'assaut et ne
    peuvent pas subir d'assaut". A probe has no Str to give (it never fights): the refusal
    says it cannot be assaulted, not that its Str is missing; typed sides too."""
    await brawl(table)
    await table.bob.slash(
        table.channel, "unit add", name="Motes", kind="probe", models=4, res=5, co=8
    )
    env, channel = simcord_env, table.channel
    refusal = await refused(
        env,
        channel,
        table.alice,
        "assault",
        "The defender is a probe: probes cannot be assaulted",
        attacker="Brawlers",
        defender="Motes",
    )
    assert "Str" not in refusal.response.content.split("(")[0]
    await refused(
        env,
        channel,
        table.bob,
        "assault",
        "The attacker is a probe: probes cannot assault",
        attacker="Motes",
        defender="Brawlers",
    )
    await refused(
        env,
        channel,
        table.alice,
        "assault",
        "probes cannot be assaulted",
        attacker="str 5 res 5",
        defender="res 5 probe",
    )
    with french():
        await refused(
            env,
            channel,
            table.alice,
            "assault",
            "Le défenseur est une sonde : les sondes ne peuvent pas subir d'assaut",
            attacker="Brawlers",
            defender="Motes",
        )
        await refused(
            env,
            channel,
            table.alice,
            "assault",
            "les sondes ne peuvent pas subir d'assaut",
            attacker="for 5 rés 5",
            defender="rés 5 sonde",
        )
    # allowed by a special rule, the missing Str is asked for then
    await refused(
        env,
        channel,
        table.alice,
        "assault",
        "Str",
        attacker="Brawlers",
        defender="Motes",
        exception=True,
    )
    assert dice.rolled == []


AT_GANGERS = {"shooter": "Troopers", "target": "Gangers", "weapon": "mag-gun", "distance": 10}


async def test_a_shot_with_no_hit_to_count_has_no_luck_line_and_a_blind_one_no_clover(
    simcord_env, table, dice
):
    """The luck line ("better than N% of outcomes") is for shots that can remove models:
    002 "NET (Filet)" (pins, no damage), 002 "Détecteur de Cible" (SV NA, a mark) and blind
    fire (000 "TIR EN SURPLOMB (SP)": "Tir en Aveugle", a 1 lands and drifts) have none,
    and the blind 1 is no lucky hit: no 🍀 on it."""
    await armies(table)
    dice.script(2, 2)  # Net: on target; D3 2
    net = shown(
        await shoot(
            table.alice,
            table.channel,
            weapon="x-launcher",
            ammo="net",
            models=1,
            shooter="Troopers",
            target="Gangers",
            distance=20,
        )
    )
    dice.script(9)  # Sensor Module: missed
    sensor = shown(
        await shoot(
            table.alice,
            table.channel,
            weapon="sensor-module",
            models=1,
            shooter="Troopers",
            target="Gangers",
            distance=10,
        )
    )
    dice.script(1, 4, 11)  # blind: the 1 lands, drifts 4" toward 11 o'clock
    blind = shown(
        await shoot(
            table.alice,
            table.channel,
            weapon="x-launcher",
            models=1,
            acc=5,
            res=6,
            distance=25,
            extras="blind",
        )
    )
    for text in (net, sensor, blind):
        assert "better than" not in text and "🍀" not in text, text
    assert "Acc tests (1): `1`✅" in blind
    dice.assert_used()


async def test_the_luck_line_writes_a_french_percentage(simcord_env, table, dice):
    """French puts a space before %: "70 %" (a lucky 1, Res 9 failed: one casualty)."""
    await armies(table)
    dice.script(1, 9)
    with french():
        text = shown(await shoot(table.alice, table.channel, models=1, **AT_GANGERS))
    assert "Ce jet fait mieux que **70 %** des issues possibles" in text
    assert "(1 naturel)" in text or "🍀" in text  # the lucky hit itself keeps its clover
    dice.script(1, 9)
    text = shown(await shoot(table.alice, table.channel, models=1, **AT_GANGERS))
    assert "better than **70%** of outcomes" in text


async def test_a_test_below_one_says_only_a_natural_one_passes(simcord_env, table, dice):
    """Rules-notes "Tests": "A natural 1 always passes, a natural 10 always fails": a Res or
    Acc target below 1 is not "passes on -1 or less" but a roll only a natural 1 passes."""
    dice.script(4, 1)  # Acc 5 + 1 (Fire): a hit; Res 1 − SV 2 = −1: only a 1 passes (it does)
    fired = await shoot(
        table.alice,
        table.channel,
        weapon="plasma-carbine",
        mode="single-shot",
        models=1,
        acc=5,
        res=1,
        distance=10,
    )
    text = shown(fired)
    assert "no roll passes but a natural 1" in text, text
    assert "passes on" not in text
    dice.script(1, 5)  # Acc 1 − 1 (long range): only the 1 hits; Res −1: a 5 fails
    with french():
        fired = await shoot(
            table.alice,
            table.channel,
            weapon="plasma-carbine",
            mode="single-shot",
            models=1,
            acc=1,
            res=1,
            band="long",
            order="advance",
        )
    text = shown(fired)
    assert " : aucun jet ne touche, sauf un 1 naturel" in text, text
    assert " : aucun jet ne réussit, sauf un 1 naturel" in text
    assert "ou moins" not in text
    dice.assert_used()


async def test_the_army_preview_speaks_the_unit_cards_words_and_lists_only_what_differs(
    simcord_env, table
):
    """The preview's stat line uses the names of the unit cards (French: Agi, Préc, For,
    Rés — seeds README vocabulary); "listed below" only when a figure differs from the
    armouries' (the Algoryn roster's Mag Light Support SV 3, seed 003 table: 2); the English
    preview says "the armouries' figures", never the internal word "seeds"."""
    with french():
        shown = await table.alice.slash(
            table.channel, "army import", file=("algoryn.rosz", rosz("algoryn"))
        )
    text = preview_of(shown)
    assert "**AI Command Squad** — 5 figurines · Agi 5 Préc 5 For 5 Rés 5 Init 8 Co 9" in text
    assert "celles de la liste qui diffèrent sont listées ci-dessous" in text
    shown = await table.alice.slash(
        table.channel, "army import", file=("isorian.rosz", rosz("isorian"))
    )
    text = preview_of(shown)
    assert "seeds" not in text and "in the roster," not in text  # no figure differs
    assert "Weapons use the armouries' figures.\n" in text
    assert "listed below" not in text


async def test_the_losses_line_counts_the_models_a_damage_chart_destroyed(simcord_env, table, dice):
    """002/003 "Dégâts des Armes Lourdes (Heavy Weapons)": 6–10 "détruite"; a heavy weapon's
    failed Res test rolls the chart instead of removing a model, so the model the chart
    destroys is the shot's loss: "Casualties: 1" above "models 3 → 2", never 0."""
    await armies(table)
    await table.bob.slash(
        table.channel, "unit add", name="Crew", kind="heavy_weapon", models=3, res=6, co=8
    )
    shot = {"shooter": "Troopers", "target": "Crew", "weapon": "mag-gun", "distance": 10}
    dice.script(1, 10, 8)  # a hit, Res failed, the chart: 8, destroyed
    text = shown(await shoot(table.alice, table.channel, models=1, **shot))
    assert "Casualties: **1**." in text and "**Crew**: models 3 → **2**." in text, text
    dice.script(1, 10, 8)
    with french():
        text = shown(await shoot(table.alice, table.channel, models=1, **shot))
    assert "Pertes : **1**." in text and "**Crew** : figurines 2 → **1**." in text, text
    assert "Pertes : **0**" not in text
    dice.assert_used()


async def test_a_second_deploy_says_how_many_dice_it_added_and_how_many_the_bag_holds(
    simcord_env, table
):
    """Seeds README vocabulary "bourse à dés" (dice bag): after a second `/army deploy` or
    `/unit add`, the reply counts the dice it put in the bag and the dice the bag holds,
    every player's, never the dice just added as if they were the whole bag."""
    channel = table.channel
    await table.alice.slash(channel, "game start", name="Vorl", activations="free")
    for name in ("Troopers", "Scouts"):
        added = await table.alice.slash(channel, "unit add", name=name, models=5, dice=2)
    assert "; 2 order dice put in the bag (4 in it now)." in added.response.content
    with french():
        for name in ("Gangers", "Brutes"):
            added = await table.bob.slash(channel, "unit add", name=name, models=5, dice=2)
    assert "; 2 dés d'ordre mis dans la bourse (elle en contient 8)." in added.response.content
    await import_army(table.alice, channel, "algoryn")
    deployed = await table.alice.slash(channel, "army deploy", name="Vorl Strike Force")
    bag = sum((await state_of(simcord_env, channel)).bag.values())
    put = bag - 8
    assert 0 < put < bag
    text = deployed.response.content
    assert text.endswith(f" — {put} dice put in the bag ({bag} in it now)."), text
    with french():
        await import_army(table.bob, channel, "algoryn", confirm="Confirmer", name="Vorl Deux")
        deployed = await table.bob.slash(channel, "army deploy", name="Vorl Deux")
    text = deployed.response.content
    assert text.endswith(f" — {put} dés mis dans la bourse (elle en contient {bag + put})."), text


async def test_after_the_last_turn_the_status_shows_a_recovered_unit_standing(
    simcord_env, table, dice
):
    """Rules-notes "Turn end": a Down unit that passes its recovery test is no longer Down,
    and its die kept out comes back; on the last turn (`/turn end last:true`) no die goes
    back in the bag, but `/game status` must not show the unit the turn-end message just
    recovered as Down with a die kept out."""
    await skirmish(table)
    taken = await table.bob.slash(table.channel, "bag take", unit="Gangers")
    await table.bob.click(taken.response, label="Down")
    dice.script(10)  # recovery Co 9 − 0: a natural 10 fails, the die stays out
    await table.bob.slash(table.channel, "turn end", confirm=True)
    gangers = (await state_of(simcord_env, table.channel)).units["u2"]
    assert gangers.down and gangers.dice_out == 1
    dice.script(4)  # turn 2, the last: the recovery passes
    ended = await table.alice.slash(table.channel, "turn end", confirm=True, last=True)
    assert "**Gangers**: Co 9 − 0 pins = 9: rolled **4** ✅ — recovers" in (
        ended.response.embeds[0].description
    )
    shown_status = await table.alice.slash(table.channel, "game status")
    line = unit_lines(shown_status.response)["Gangers"]
    assert "Down" not in line and "kept out" not in line, line
    with french():
        shown_status = await table.alice.slash(table.channel, "game status")
    line = unit_lines(shown_status.response)["Gangers"]
    assert "À terre" not in line and "gardé dehors" not in line, line
    state = await state_of(simcord_env, table.channel)
    assert sum(state.bag.values()) == 0  # the last turn: nothing back in the bag
    dice.assert_used()


async def test_an_undo_request_names_the_host_once_when_the_host_made_the_change(
    simcord_env, table
):
    """Issue 22's consent to undo another player's change: when that player is the host, the
    question names them once ("the host (@alice)"), never "@alice, the host (@alice)"."""
    await skirmish(table)
    channel, alice, bob = table.channel, table.alice, table.bob
    await alice.slash(channel, "pins add", unit="Troopers", count=1)
    asked = await bob.slash(channel, "game undo")
    text = asked.response.content
    assert f"The host (<@{alice.id}>) or a game master: allow it?" in text, text
    assert f"<@{alice.id}>, the host" not in text
    carol = table.guild.add_member(simcord_env.create_user("carol"))
    refused = await carol.click(asked.response, label="Allow undo")
    assert refused.response.content == (
        f"Only the host (<@{alice.id}>) or a game master can answer this undo request."
    )
    await bob.click(asked.response, label="Refuse")  # (bob asked: he cannot answer)
    with french():
        asked = await bob.slash(channel, "game undo")
        refused = await carol.click(asked.response, label="Autoriser l'annulation")
    text = asked.response.content
    assert f"L'hôte (<@{alice.id}>) ou un maître de jeu : l'autorisez-vous ?" in text, text
    assert f"<@{alice.id}>, l'hôte" not in text
    assert refused.response.content.startswith(f"Seuls l'hôte (<@{alice.id}>) ou un maître")


async def test_undo_lines_write_the_dice_for_a_reader(simcord_env, table, dice):
    """The dice of a shot in the undo (and log) lines: "D10: 2, 9" (French "D10 : 2, 9"),
    the seeds' way of naming a die ("D10", "D6"), never "d10:2, d10:9"."""
    await armies(table)
    dice.script(2, 9)  # Acc 5 + 1: a hit; Res 6: 9 fails, a casualty
    await shoot(table.alice, table.channel, models=1, **AT_GANGERS)
    undone = await table.alice.slash(table.channel, "game undo")
    text = undone.response.content
    assert "; dice D10: 2, 9" in text, text
    assert "d10:" not in text
    dice.script(2, 9)
    await shoot(table.alice, table.channel, models=1, **AT_GANGERS)
    with french():
        undone = await table.alice.slash(table.channel, "game undo")
    text = undone.response.content
    assert " ; dés D10 : 2, 9" in text, text
    assert "d10:" not in text
    dice.assert_used()


async def test_game_rules_speaks_the_readers_words_for_switches_and_ranges(table):
    """`/game rules`: a switch reads "oui/non" in French ("on/off" in English), a range
    "de −5 à 0" ("−5 to 0"), with a true minus sign; typing "oui" or "non" sets a switch."""
    await skirmish(table)
    channel, alice = table.channel, table.alice
    with french():
        listed = await alice.slash(channel, "game rules", setting="long_range_acc")
    text = listed.response.embeds[0].description
    assert "= **−1** (défaut −1 ; accepte de −5 à 0)" in text, text
    listed = await alice.slash(channel, "game rules", setting="long_range_acc")
    assert "= **−1** (default −1; accepts −5 to 0)" in listed.response.embeds[0].description
    with french():
        listed = await alice.slash(channel, "game rules", setting="massive_damage_any_chart")
        text = listed.response.embeds[0].description
        assert "= **non** (défaut non ; accepte oui/non)" in text, text
        assert "on/off" not in text
        changed = await alice.slash(
            channel, "game rules", setting="massive_damage_any_chart", value="oui"
        )
    assert not changed.ephemeral, changed.response.content
    assert "non → **oui**" in changed.response.content, changed.response.content
    listed = await alice.slash(channel, "game rules", setting="massive_damage_any_chart")
    assert "= **on** (default off; accepts on/off)" in listed.response.embeds[0].description


async def test_french_names_each_order_one_way_in_buttons_reports_and_status(
    simcord_env, table, dice
):
    """Order dice in French (issue 29): one convention, the French names (`order.name.*`,
    seeds README vocabulary: "À terre" for the die the seeds call **Down**, 002/003 "Dégâts
    des Véhicules (Vehicles)" row 4–5 "+1 Stress, Down."). The order buttons, the chart row
    of a report, what the unit did and `/game status` say "À terre", never "Down"."""
    await skirmish(table)
    await table.bob.slash(
        table.channel, "unit add", name="Hauler", kind="vehicle", models=1, res=14, co=8
    )
    with french():
        taken = await table.alice.slash(table.channel, "bag take", unit="Troopers")
    buttons = labels(taken.response)
    assert "Feu" in buttons and "À terre" in buttons and "Down" not in buttons, buttons
    dice.script(4)  # vehicle chart: 4, "+1 Stress, Down."
    with french():
        text = shown(await damage(table.bob, table.channel, table="vehicle", unit="Hauler"))
        status = await table.alice.slash(table.channel, "game status")
    assert "D10 `4` → +1 Stress, À terre." in text, text
    assert "**Hauler** passe **À terre**" in text
    assert "Down" not in text
    line = unit_lines(status.response)["Hauler"]
    assert "À terre" in line and "Down" not in line, line
    dice.assert_used()
