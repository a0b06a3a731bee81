"""A game at the table through the simulated Discord: start, units, the bag, orders, the
end of the turn, status, log, undo, export, end (issue 4)."""

from __future__ import annotations

import json
from contextlib import nullcontext

import discord
import pytest

from tests.discord.game_kit import (
    card_text,
    components,
    disabled_labels,
    labels,
    ref,
    select_values,
    skirmish,
    snapshot,
    state_of,
    unit_lines,
)
from tests.support.locale import french
from tests.support.mentions import tokens


async def test_a_turn_with_the_draw_menu_and_order_buttons(simcord_env, table, dice):
    await skirmish(table)
    await table.alice.slash(table.channel, "unit add", name="Scouts", models=3, co=8)
    dice.script(1)  # d4 over red 2, blue 2: a red die (Alice's)
    drawn = await table.bob.slash(table.channel, "bag draw")
    card = drawn.response
    assert not drawn.ephemeral
    assert f"red** die of <@{table.alice.id}> (d4 → 1); 3 dice left" in card_text(card)
    assert f"<@{table.alice.id}>, choose the unit and its order." in card_text(card)
    # one menu: the unit and its order together (issue 31 §2); the die waits: no 🎲
    orders = ["fire", "advance", "run", "ambush", "rally", "down"]
    assert select_values(card) == [f"{u}:{o}" for u in ("u1", "u3") for o in orders]
    assert labels(card) == []

    refused = await table.bob.select(card, ["u1:fire"])
    assert refused.ephemeral and "Troopers belongs to" in refused.response.content
    await table.alice.select(card, ["u1:fire"])
    assert "**Troopers** — order **Fire** (die 1/1, drawn)" in card_text(card)
    assert "Order carried out" in card_text(card)
    # a Fire order: 🎯 Shoot; ✅ Done while the Troopers may still shoot (issue 31); the menu
    # is gone, the card edited in place
    assert labels(card) == ["Shoot", "Draw next", "Done"] and select_values(card) == []

    dice.script(3)  # d3 over red 1, blue 2: blue
    # the activation is Alice's: she draws next, which ends it (Bob would be refused)
    second = await table.alice.click(card, label="Draw next")
    assert f"blue** die of <@{table.bob.id}> (d3 → 3); 2 dice left" in card_text(second.response)
    assert labels(card) == []  # the older card loses its buttons
    # one unit can take it: its order buttons at once
    assert labels(second.response) == ["Fire", "Advance", "Run", "Ambush", "Rally", "Down"]
    ordered = await table.bob.slash(table.channel, "order", unit="Gangers", order="run")  # typed
    assert "**Gangers** — order **Run** (die 1/2, drawn)" in card_text(ordered.response)
    assert "1 of its dice can still be drawn" in card_text(ordered.response)
    # a card of its own; the draw's card, whose die has its order, loses its buttons
    assert labels(ordered.response) == ["Draw next"] and labels(second.response) == []
    dice.script(2)
    await table.bob.slash(table.channel, "bag draw")
    await table.bob.slash(table.channel, "order", unit="Gangers", order="advance")
    dice.script(1)
    await table.bob.slash(table.channel, "bag draw")
    await table.alice.slash(table.channel, "order", unit="Scouts", order="down")

    empty = await table.alice.slash(table.channel, "bag draw")
    assert empty.ephemeral
    assert tokens(empty.response.content) == (
        "All dice are out of the bag: end the turn with </turn end>."
    )

    ended = await table.alice.slash(table.channel, "turn end", confirm=True)
    embed = ended.response.embeds[0]
    assert embed.title == "End of turn 1"
    assert "Turn **2** begins: 4 dice in the bag" in embed.description
    state = await state_of(simcord_env, table.channel)
    assert state.turn == 2 and sum(state.bag.values()) == 4 and not state.pending
    dice.assert_used()


async def test_orders_test_pins_rally_and_down(simcord_env, table, dice):
    await skirmish(table)
    await table.alice.slash(table.channel, "pins add", unit="Troopers", count=3)
    dice.script(1, 4, 5)  # red die; order test Co 8 − 3 = 5: 4 passes; rally d6: 5
    await table.alice.slash(table.channel, "bag draw")
    rallied = await table.alice.slash(table.channel, "order", unit="Troopers", order="rally")
    text = card_text(rallied.response)
    assert "Order test: Co 8 − 3 pins = 5: rolled **4** ✅" in text
    assert "Rally: d6 → **5**: 2 pins removed." in text and "Pins 3 → 0." in text

    await table.bob.slash(table.channel, "pins set", unit="Gangers", count=2)
    dice.script(1, 9)  # a blue die; order test Co 9 − 2 = 7: 9 fails
    await table.bob.slash(table.channel, "bag draw")
    down = await table.bob.slash(table.channel, "order", unit="Gangers", order="fire")
    assert "rolled **9** ❌" in card_text(down.response)
    assert "**Gangers** goes **Down** instead" in card_text(down.response)
    dice.script(1, 3)  # the last blue die (d1); order test Co 9 − 1 = 8: 3 passes, −1 pin
    await table.bob.slash(table.channel, "bag draw")
    await table.bob.slash(table.channel, "order", unit="Gangers", order="down")
    state = await state_of(simcord_env, table.channel)
    assert state.units["u2"].down and state.units["u2"].pins == 0

    dice.script(4)  # recovery test of the Down Gangers: Co 9 − 0 = 9: 4 passes
    ended = await table.bob.slash(table.channel, "turn end", confirm=True)
    description = ended.response.embeds[0].description
    assert "**Recovery tests**" in description
    assert "**Gangers**: Co 9 − 0 pins = 9: rolled **4** ✅ — recovers" in description
    state = await state_of(simcord_env, table.channel)
    assert not state.units["u2"].down and state.bag == {"red": 1, "blue": 2}
    dice.assert_used()


async def test_take_putback_and_dispute(simcord_env, table, dice):
    await skirmish(table)
    taken = await table.alice.slash(table.channel, "bag take", unit="Troopers")
    assert "takes a 🟥 **red** die for **Troopers**" in card_text(taken.response)
    await table.alice.click(taken.response, label="Ambush")
    assert "order **Ambush** (die 1/1, taken)" in card_text(taken.response)

    dice.script(1, 2)  # draw blue; Block! redraws over 2 blue dice: 2
    await table.bob.slash(table.channel, "bag draw")
    blocked = await table.alice.slash(table.channel, "bag putback")
    assert "Block! The 🟦 **blue** die goes back" in card_text(blocked.response)
    again = await table.alice.slash(table.channel, "bag putback")
    assert again.ephemeral and "cannot be blocked again" in again.response.content

    # seeds 000 "SUBVERTER MATRIX": a vehicle's Co test; a fail (not a 10) disputes one die
    await table.bob.slash(table.channel, "unit edit", unit="Gangers", kind="vehicle", co=5)
    await table.alice.slash(table.channel, "unit edit", unit="Troopers", gear="subverter")
    dice.script(7)
    disputed = await table.alice.slash(table.channel, "bag dispute", unit="Gangers")
    assert "Co test: Co 5 − 0 pins = 5: rolled **7** ❌" in disputed.response.content
    assert "disputes 1 🟦 **blue** die" in disputed.response.content
    state = await state_of(simcord_env, table.channel)
    assert len(state.disputed) == 1 and state.bag["blue"] == 0 and len(state.pending) == 1
    dice.script(8, 3)  # end of turn: the disputed die, owner 8 vs 3: back to Bob
    ended = await table.bob.slash(table.channel, "turn end", confirm=True)
    assert "8–3 → back to its owner's bag" in ended.response.embeds[0].description
    dice.assert_used()


def hostile_name(n: int) -> str:
    """A long unit name full of markup and mentions (escaped when shown: longer still)."""
    return f"Squad {n:02} **_~~`@here`~~_** <@&1> ||{'*_' * 14}"  # 64 characters, the most


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_status_of_35_units_is_paged_within_discords_limits(simcord_env, table, lang):
    """35 units with long, hostile names: /game status is laid out as the live board (a
    container per player), a page at a time within what Discord allows in a Components V2
    message (40 components, 4,000 characters of text); its ◀ ▶ make each page from the
    database, so they never expire (ARCHITECTURE "Buttons after a restart"), in the language
    they were written in."""
    units, turn = {"en": ("units", "turn"), "fr": ("unités", "tour")}[lang]
    await table.alice.slash(table.channel, "game start", name="Big battle")
    for n in range(35):
        player = table.alice if n % 2 else table.bob
        await player.slash(table.channel, "unit add", name=hostile_name(n), models=10, co=8)
    choices = await table.bob.autocomplete(table.channel, "pins add", "unit", "squad")
    assert len(choices) == 25 and choices[0]["name"].startswith("🟥 Squad 00")
    with french() if lang == "fr" else nullcontext():
        status = await table.bob.slash(table.channel, "game status")
    message = status.response
    seen: list[str] = []
    pages = int(card_text(message).rsplit("Page 1/", 1)[1].split(" ")[0])
    assert pages >= 2
    for page in range(1, pages + 1):
        text = card_text(message)
        assert len(text) <= 4000 and len(components(message)) <= 40
        assert text.endswith(f"-# Page {page}/{pages} · 35 {units}"), text[-40:]
        assert text.startswith(f"### 📋 Big battle — {turn} 1")
        assert "@here" not in text.replace("@\u200bhere", "")
        seen += [name.split(" ")[1] for name in unit_lines(message)]
        if page == 1:  # a container per player, coloured like their dice
            colours = [c.get("accent_color") for c in message.components if c["type"] == 17]
            assert colours[:3] == [None, 0xD83C3E, 0x3B88C3]
            await simcord_env.advance_time(400)  # no pager to time out: the buttons stay
        if page < pages:
            await table.admin.click(message, label="▶")  # anyone may turn the pages
    assert sorted(seen) == [f"{n:02}" for n in range(35)] and len(seen) == 35
    assert disabled_labels(message) == ["▶"]


async def test_log_undo_and_export(simcord_env, table, dice):
    await skirmish(table)
    before = await state_of(simcord_env, table.channel)
    await table.alice.slash(table.channel, "pins add", unit="Troopers", count=2)
    dice.script(1)
    await table.alice.slash(table.channel, "bag draw")
    log = await table.bob.slash(table.channel, "game log", last=3)
    text = log.response.embeds[0].description
    assert "Troopers: pins 0 → 2" in text and "drew a 🟥 red die (d3: 1)" in text

    undone = await table.alice.slash(table.channel, "game undo", steps=2)
    assert "Undone (2)" in undone.response.content
    assert "drew a 🟥 red die" in undone.response.content
    assert await state_of(simcord_env, table.channel) == before

    again = await table.bob.slash(table.channel, "game log", last=10)
    assert "~~" in again.response.embeds[0].description  # undone changes stay, struck out

    exported = await table.bob.slash(table.channel, "game export")
    assert exported.ephemeral
    attachment = exported.response.attachments[0]
    document = json.loads(await attachment.read())
    assert document["state"]["name"] == "Vorl"
    kinds = [e["kind"] for e in document["events"]]
    assert kinds == ["start", "unit_add", "unit_add", "pins_add", "draw", "undo"]
    assert document["events"][4]["undone"] is True
    assert document["events"][4]["payload"]["roll"] == {"sides": 3, "value": 1}


async def test_an_ended_game_is_read_only(simcord_env, table):
    await skirmish(table)
    refused = await table.bob.slash(table.channel, "game end")
    assert refused.ephemeral and "Only the host" in refused.response.content
    ended = await table.alice.slash(table.channel, "game end", winner=table.bob, notes="Close one")
    assert "ended at turn 1" in ended.response.content
    assert f"Winner: <@{table.bob.id}>" in ended.response.content
    frozen = await snapshot(simcord_env, table.channel)
    for command, options in (
        ("unit add", {"name": "Late"}),
        ("bag draw", {}),
        ("game undo", {}),
        ("turn end", {}),
    ):
        result = await table.alice.slash(table.channel, command, **options)
        assert result.ephemeral, command
        assert result.response.content.startswith("The game “Vorl” has ended"), command
    assert await snapshot(simcord_env, table.channel) == frozen
    status = await table.bob.slash(table.channel, "game status")
    assert card_text(status.response).startswith("### 📋 Vorl — ended at turn 1")
    assert "Close one" in card_text(status.response)
    exported = await table.bob.slash(table.channel, "game export")
    assert exported.response.attachments
    restarted = await table.bob.slash(table.channel, "game start", name="Rematch")
    assert not restarted.ephemeral


async def test_a_second_game_in_the_channel_is_refused(simcord_env, table):
    await skirmish(table)
    frozen = await snapshot(simcord_env, table.channel)
    again = await table.bob.slash(table.channel, "game start", name="Another")
    assert again.ephemeral and "already running" in again.response.content
    assert await snapshot(simcord_env, table.channel) == frozen


async def test_unit_list_show_edit_remove_casualties(simcord_env, table, dice):
    await skirmish(table)
    state = await state_of(simcord_env, table.channel)
    troopers = ref(state, 1, "Troopers")
    choices = await table.alice.autocomplete(table.channel, "unit show", "unit", "troo")
    assert choices == [{"name": "🟥 Troopers", "value": troopers}]
    shown = await table.bob.slash(table.channel, "unit show", unit=troopers)
    embed = shown.response.embeds[0]
    assert embed.title == "🟥 Troopers" and "Co 8" in embed.fields[4].value

    edited = await table.alice.slash(table.channel, "unit edit", unit=troopers, dice=2, acc=5)
    assert "**Troopers** updated: order dice, stats." in edited.response.content
    assert "1 die put in the bag." in edited.response.content

    dice.script(7)  # casualties 3 of 5: half reached, break test Co 8: 7 holds
    hit = await table.alice.slash(table.channel, "unit casualties", unit=troopers, count=3)
    assert "**Troopers** loses 3 models: 5 → 2." in hit.response.content
    assert "Break test: Co 8 − 0 pins = 8: rolled **7** ✅" in hit.response.content
    listed = await table.bob.slash(table.channel, "unit list")
    assert "2/5 models" in listed.response.embeds[0].description
    gone = await table.alice.slash(table.channel, "unit casualties", unit=troopers, count=2)
    assert "☠️ **Troopers** is destroyed: its 2 order dice leave the bag." in gone.response.content
    removed = await table.bob.slash(table.channel, "unit remove", unit="Gangers")
    assert "**Gangers** is out of the game record." in removed.response.content
    assert "2 dice left the game." in removed.response.content
    # Bob has no unit left: his seat and its colour are free (issue 23)
    assert f"<@{table.bob.id}> has no unit left in this game: their seat is free." in (
        removed.response.content
    )
    assert (await state_of(simcord_env, table.channel)).bag == {"red": 0}


async def test_pins_reaching_co_break_the_unit(simcord_env, table):
    await skirmish(table)
    broken = await table.alice.slash(table.channel, "pins add", unit="Troopers", count=8)
    assert "Its pins reached its Co: **Troopers** breaks" in broken.response.content
    state = await state_of(simcord_env, table.channel)
    assert state.units["u1"].destroyed and state.bag["red"] == 0


async def test_pins_remove_stops_at_zero_in_both_languages(simcord_env, table):
    await skirmish(table)
    await table.bob.slash(table.channel, "pins add", unit="Gangers", count=3)
    removed = await table.bob.slash(table.channel, "pins remove", unit="Gangers", count=2)
    assert removed.response.content == "**Gangers**: pins 3 → **1**."
    with french():
        floor = await table.bob.slash(table.channel, "pins remove", unit="Gangers", count=5)
    assert floor.response.content == "**Gangers** : Stress 1 → **0**."
    assert (await state_of(simcord_env, table.channel)).units["u2"].pins == 0


async def test_names_never_ping(simcord_env, table):
    await table.alice.slash(table.channel, "game start", name="@everyone party")
    added = await table.alice.slash(table.channel, "unit add", name="@here **boom**")
    content = added.response.content
    assert "@here" not in content and "@\u200bhere" in content and "\\*\\*boom" in content
    status = await table.alice.slash(table.channel, "game status")
    assert "@everyone" not in card_text(status.response)
    again = await table.alice.slash(table.channel, "unit add", name="@here **boom**")
    assert again.ephemeral and "“@\u200bhere \\*\\*boom\\*\\*”" in again.response.content
    assert_never_pings(simcord_env)


def assert_never_pings(env) -> None:
    """Every message the bot sent or edited with text disabled every mention."""
    checked = 0
    for request in env.http_requests:
        body = request.json if isinstance(request.json, dict) else {}
        payload = body.get("data", body) if "type" in body else body
        if isinstance(payload, dict) and (payload.get("content") or payload.get("embeds")):
            assert payload.get("allowed_mentions", {}).get("parse") == [], request.path
            checked += 1
    assert checked


async def test_in_french(simcord_env, table, dice):
    with french():
        none = await table.alice.slash(table.channel, "bag draw")
        assert none.response.content.startswith("Aucune partie en cours dans ce salon")
        await skirmish(table)
        dice.script(1)
        drawn = await table.bob.slash(table.channel, "bag draw")
        assert "Pioché : dé 🟥 **rouge**" in card_text(drawn.response)
        assert "**Troopers** prend le dé" in card_text(drawn.response)
        assert "Piocher le suivant" not in labels(drawn.response)  # the die waits
        assert "Feu" in labels(drawn.response) and "À terre" in labels(drawn.response)
        again = await table.bob.slash(table.channel, "order", unit="Troopers", order="fire")
        assert again.ephemeral and "appartient à" in again.response.content
        status = await table.bob.slash(table.channel, "game status")
        assert card_text(status.response).startswith("### 📋 Vorl — tour 1")
        empty = await table.alice.slash(table.channel, "unit add", name="   ")
        assert empty.response.content == "L'unité a besoin d'un nom d'au moins une lettre."
        ended = await table.alice.slash(table.channel, "turn end", confirm=True)
        assert ended.response.embeds[0].title == "Fin du tour 1"


async def test_french_command_names_are_synced(simcord_env, table):
    synced = {c.name: c for c in await simcord_env.bot.tree.fetch_commands()}
    assert synced["pins"].name_localizations[discord.Locale.french] == "stress"
    assert synced["game"].name_localizations[discord.Locale.french] == "partie"
